"""``--plot``: a PNG with the points-per-hand distribution by bot and the scoring-item frequencies."""

from __future__ import annotations

import textwrap
from typing import Any

from majiang.rules.option_info import options_text
from majiang.sim.runner import HandResult, SimConfig


def _cjk_font() -> str | None:
    """A font with Chinese glyphs if the machine has one (item names are Chinese); else keys only."""
    from matplotlib import font_manager

    for f in font_manager.fontManager.ttflist:
        if "CJK SC" in f.name or f.name in ("WenQuanYi Zen Hei", "SimHei", "Noto Sans SC"):
            return f.name
    return None


def write_plot(path: str, results: list[HandResult], cfg: SimConfig, summary: dict[str, Any]) -> None:
    import matplotlib

    matplotlib.use("Agg")  # files only: no display needed
    import matplotlib.pyplot as plt

    font = _cjk_font()
    if font:
        plt.rcParams["font.sans-serif"] = [font, "DejaVu Sans"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5.5))
    for name in dict.fromkeys(cfg.bots):
        seats = [s for s, b in enumerate(cfg.bots) if b == name]
        pts = [r.totals[s] for r in results for s in seats]
        left.hist(pts, bins=40, alpha=0.55, label=f"{name} (seats {','.join(map(str, seats))})")
    left.set_yscale("log")
    left.set_xlabel("points per hand (one seat)")
    left.set_ylabel("seat-hands (log)")
    left.set_title("points distribution")
    left.legend()

    items = summary["items"][:25]
    labels = [f"{it['name']} {it['key']}" if font else it["key"] for it in items]
    right.barh(range(len(items)), [100 * it["per_win"] for it in items], color="tab:green")
    right.set_yticks(range(len(items)), labels)
    right.invert_yaxis()
    right.set_xlabel("% of wins with the item")
    right.set_title("scoring items")
    # Two lines, wrapped: every option on one line ran off both edges of the figure.
    title = f"{cfg.ruleset} — {len(results)} hands, bots {','.join(cfg.bots)}, seed {cfg.seed}"
    opts = textwrap.fill(options_text(cfg.options), width=150)
    fig.suptitle(f"{title}\n{opts}", fontsize=10)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
