"""The 国标麻将 rules page's fan table, read from the fan calculator's own list (so the page and the
scoring can never disagree), after the payment rows."""

from __future__ import annotations

from majiang.core.options import Text
from majiang.core.rules_table import TableRow, WorkedExample, row
from majiang.rules import guobiao_fans as fans

HEAD: tuple[TableRow, ...] = (
    row("起和", "Minimum", ("8 番", "8 fans"), "和牌至少 8 番，花牌不计入（选项可改）",
        "a win needs 8 fans, flowers not counted (an option may change it)"),
    row("点和", "Discard win", ("底分 + 番", "base + fans"), "放炮者付 底分 + 番数，另两家各付底分（底分 8）",
        "the discarder pays base + fans, the other two the base each (base 8)"),
    row("自摸", "Self-draw", ("每家 底分 + 番", "base + fans each"), "三家各付 底分 + 番数",
        "each of the three pays base + fans"),
)


def rules_table(mode: str | None) -> list[TableRow]:
    """The rows of the (one) page: the payment, then every fan by value, highest first, with 明暗杠 (not
    one of the book's 81, but scored, as PyMahjongGB scores it) beside the kong fans of its value."""
    out = list(HEAD)
    for f in sorted(fans.ALL_FANS, key=lambda f: -f.value):  # stable: the book's order within a value
        out.append(row(f.zh, f.en, str(f.value), f.when_zh, f.when_en))
    return out


EXAMPLE = WorkedExample(
    situation={"ruleset": "guobiao", "winner": 1, "seat_wind": "S", "prevalent_wind": "E",
               "concealed": "123m456m789m456p99s", "winning_tile": "5p", "how": "discard", "from_seat": 0,
               "flowers": "f2"},
    hand=Text("123m456m789m 46p 99s · 花 f2", "123m456m789m 46p 99s · flower f2"), win="5p",
    story=Text("南家胡庄家打出的五筒（坎张）。", "South wins on the dealer's 5 Dots (a closed wait)."))


def worked_example(mode: str | None) -> WorkedExample:
    return EXAMPLE
