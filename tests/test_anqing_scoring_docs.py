"""docs/rules/anqing.md: its worked examples are rendered from tests/data/anqing by the code.

Run ``.venv/bin/python -m tests.test_anqing_scoring_docs`` to print the examples section after a change.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from majiang.rules.anqing_scoring import parse_situation, score
from tests.test_anqing_scoring_helpers import DATA, check

DOC = Path(__file__).parent.parent / "docs" / "rules" / "anqing.md"
SEATS = "东南西北"


def render(path: Path) -> str:
    """One example as markdown: the hand in notation, the items, the payments."""
    data = json.loads(path.read_text(encoding="utf-8"))
    s = check(score(parse_situation(data)))
    melds = ", ".join(f"{m['type']} {m['tiles']}" for m in data.get("melds", [])) or "none"
    lines = [
        f"### {data['note']}",
        "",
        f"`{path.name}`: indicator {data['indicator']} (wild {s.extra['wild']}), dealer seat {data['dealer']}, "
        f"winner seat {data['winner']}; concealed `{data['concealed']}`, winning tile `{data['winning_tile']}`; "
        f"melds: {melds}" + (f"; 杠牌 exposed `{data['gangpai']}`" if data.get("gangpai") else ""),
        "",
    ]
    if not s.valid:
        return "\n".join([*lines, f"Not a win: {s.reason}", ""])
    items = ", ".join(f"{i.name} {i.value}" for i in s.items)
    lines.append(f"Reading: {' · '.join(s.decomposition)}")
    lines.append(f"Items: {items} = **{s.extra['fan']} 番**")
    pays = "; ".join(
        f"seat {p.payer} pays {p.amount}"
        + f" = ({p.breakdown['di']} + {p.breakdown['fan']} + {p.breakdown['lianzhuang']})"
        + (f" × {p.breakdown['base_silver']}" if p.breakdown["base_silver"] != 1 else "")
        + (f" × {p.breakdown['multiplier']}" if p.breakdown["multiplier"] != 1 else "")
        for p in s.payments
    )
    lines.append(f"Payments: {pays}. Totals {s.totals}.")
    return "\n".join([*lines, ""])


def examples() -> list[Path]:
    return sorted(DATA.glob("*.json"), key=lambda p: (p.stem.startswith("not_win"), p.stem))


@pytest.mark.parametrize("path", examples(), ids=lambda p: p.stem)
def test_doc_shows_the_example_as_the_code_scores_it(path: Path) -> None:
    hint = "re-run python -m tests.test_anqing_scoring_docs and paste its output"
    assert render(path) in DOC.read_text(encoding="utf-8"), hint


if __name__ == "__main__":
    print("\n".join(render(p) for p in examples()))
