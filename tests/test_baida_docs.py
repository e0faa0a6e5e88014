"""docs/rules/baida.md shows every example of tests/data/baida as the code scores it: a block per file,
rendered here, must appear in the page word for word (so the page cannot drift from the code)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from majiang.rules.baida_scoring import parse_situation, score

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "baida"
DOC = ROOT / "docs" / "rules" / "baida.md"
EXAMPLES = sorted(p for p in DATA.glob("*.json") if not p.stem.startswith("bad_input"))


def render(path: Path) -> str:
    """The doc block for one example file."""
    data = json.loads(path.read_text(encoding="utf-8"))
    s = score(parse_situation(data))
    how = {"self_draw": "by self-draw", "discard": f"on seat {data.get('from_seat')}'s discard",
           "rob_kong": f"robbing seat {data.get('from_seat')}'s 加杠"}[data["how"]]
    melds = " ".join(f"{m['type']} {m['tiles']}" for m in data.get("melds", []))
    flags = [k for k in ("replacement", "last_tile", "opening_hand", "dealer_first_discard") if data.get(k)]
    if data.get("plain_indicator"):
        flags.append(f"plain_indicator {data['plain_indicator']}")
    lines = [
        f"{path.name}: {data['note']}",
        f"indicator {data['indicator']}, round {data.get('round_wind', 'E')}, dealer {data['dealer']}, "
        f"streak {data.get('streak', 0)}" + (f", options {data['options']}" if data.get("options") else ""),
        f"concealed {data['concealed']}" + (f" + {melds}" if melds else "")
        + (f" + flowers {data['flowers']}" if data.get("flowers") else ""),
        f"seat {data['winner']} wins on {data['winning_tile']} {how}" + (f"; {', '.join(flags)}" if flags else ""),
    ]
    if not s.valid:
        lines.append(f"not a win: {s.reason}")
    else:
        lines.append("reading: " + " ".join(s.decomposition))
        lines.append("台: " + ", ".join(f"{i.name} {i.value}" for i in s.items) + f" = {s.extra['tai']}")
        lines.append("payments: " + "; ".join(f"seat {p.payer} pays {p.amount} ({p.note})" for p in s.payments))
    return "```text\n" + "\n".join(lines) + "\n```"


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_doc_shows_the_example_as_scored(path: Path) -> None:
    assert render(path) in DOC.read_text(encoding="utf-8"), f"docs/rules/baida.md is out of date for {path.name}"


if __name__ == "__main__":  # print the blocks, to paste into the doc
    for p in EXAMPLES:
        print(render(p) + "\n")
