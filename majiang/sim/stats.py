"""Summaries of simulated hands: wins by seat and bot, 荒庄, points, scoring items, hand length."""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

from majiang.sim.runner import HandResult, SimConfig


def summarize(results: list[HandResult], cfg: SimConfig) -> dict[str, Any]:
    n = len(results)
    seats = len(cfg.bots)
    wins = Counter(w for r in results for w in r.winners)
    self_draws = Counter(r.winners[0] for r in results if r.self_draw)
    deal_ins = Counter(r.discarder for r in results if r.discarder is not None)
    points = [[r.totals[s] for r in results] for s in range(seats)]
    seat_rows = [
        {
            "seat": s,
            "bot": cfg.bots[s],
            "wins": wins[s],
            "win_rate": wins[s] / n,
            "self_draw_wins": self_draws[s],
            "deal_ins": deal_ins[s],
            "points_total": sum(points[s]),
            "points_mean": statistics.fmean(points[s]),
            "points_stdev": statistics.pstdev(points[s]),
        }
        for s in range(seats)
    ]
    bot_rows = []
    for name in dict.fromkeys(cfg.bots):  # in seat order, once each
        mine = [s for s in range(seats) if cfg.bots[s] == name]
        pts = [p for s in mine for p in points[s]]
        bot_rows.append(
            {
                "bot": name,
                "seats": mine,
                "wins": sum(wins[s] for s in mine),
                "win_rate": sum(wins[s] for s in mine) / (n * len(mine)),  # per seat-hand
                "points_mean": statistics.fmean(pts),  # per seat-hand
                "points_stdev": statistics.pstdev(pts),
            }
        )
    won_hands = sum(1 for r in results if r.winners)
    wins_total = sum(len(r.winners) for r in results)
    item_counts: Counter[str] = Counter()
    item_names: dict[str, str] = {}
    for r in results:
        for hit in r.items:
            item_counts[hit.key] += 1
            item_names.setdefault(hit.key, hit.name)
    lengths = [r.length for r in results]
    draws = sum(1 for r in results if r.draw)
    return {
        "ruleset": cfg.ruleset,
        "options": cfg.options,
        "seed": cfg.seed,
        "hands": n,
        "matches": cfg.matches,
        "bots": list(cfg.bots),
        "draws": draws,
        "draw_rate": draws / n,
        "won_hands": won_hands,
        "multiple_win_hands": sum(1 for r in results if len(r.winners) > 1),
        "seats": seat_rows,
        "by_bot": bot_rows,
        "items": [
            {"key": k, "name": item_names[k], "count": c, "per_win": c / wins_total if wins_total else 0.0}
            for k, c in sorted(item_counts.items(), key=lambda kv: (-kv[1], kv[0]))
        ],
        "length": {
            "mean": statistics.fmean(lengths),
            "median": statistics.median(lengths),
            "min": min(lengths),
            "max": max(lengths),
        },
        # cmd: bots whose program failed (crash, illegal answer, time-out) and was replaced by greedy
        "bot_errors": [f"match {r.match}: {e}" for r in results for e in r.bot_errors],
    }


def format_summary(summary: dict[str, Any], elapsed: float | None = None) -> str:
    opts = ", ".join(f"{k}={v}" for k, v in summary["options"].items() if k in ("mode", "room"))
    lines = [
        f"{summary['ruleset']} ({opts}) — {summary['hands']} hands in {summary['matches']} matches, "
        f"seed {summary['seed']!r}" + (f", {summary['hands'] / elapsed:.0f} hands/s" if elapsed else ""),
        f"荒庄 (draws): {summary['draws']} ({100 * summary['draw_rate']:.1f}%)   "
        f"hands won: {summary['won_hands']}   一炮多响: {summary['multiple_win_hands']}",
        "",
        "seat  bot       wins   win%   自摸  点炮   points/hand   stdev     total",
    ]
    for r in summary["seats"]:
        lines.append(
            f"{r['seat']:>4}  {r['bot']:<8} {r['wins']:>5} {100 * r['win_rate']:>6.1f} {r['self_draw_wins']:>5} "
            f"{r['deal_ins']:>5} {r['points_mean']:>13.2f} {r['points_stdev']:>8.2f} {r['points_total']:>9}"
        )
    lines += ["", "bot       seats     win%/seat   points/hand/seat   stdev"]
    for r in summary["by_bot"]:
        seats = ",".join(str(s) for s in r["seats"])
        lines.append(
            f"{r['bot']:<9} {seats:<9} {100 * r['win_rate']:>9.1f} {r['points_mean']:>18.2f} {r['points_stdev']:>7.2f}"
        )
    length = summary["length"]
    lines += [
        "",
        f"hand length (actions): mean {length['mean']:.1f}, median {length['median']:g}, "
        f"min {length['min']}, max {length['max']}",
        "",
        "scoring items (count, share of wins):",
    ]
    if not summary["items"]:
        lines.append("  (no wins)")
    for it in summary["items"]:
        lines.append(f"  {it['key']:<14} {it['name']:<8} {it['count']:>7}  {100 * it['per_win']:6.1f}%")
    errors = summary.get("bot_errors", [])
    if errors:
        lines += ["", f"bot program errors ({len(errors)}; each replaced by greedy for the rest of its hand):"]
        lines += [f"  {e}" for e in errors[:20]] + ([f"  … and {len(errors) - 20} more"] if len(errors) > 20 else [])
    return "\n".join(lines)
