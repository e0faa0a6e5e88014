"""The scoring table of a rules page: one row per scoring item, its name, value and when it applies,
in Chinese and English. Each scoring package keeps its table next to the code that scores the items
(its ``rules_table(mode)``), and ``GET /api/rulesets`` serves it to the browser's rules pages.

The page's worked example is kept there too (``worked_example(mode)``): the situation as the scoring
package reads it (``majiang score``'s JSON) and the story in words, without a number the scoring
decides; the server scores it and the page shows the items and payments the code computes, so no
figure on the page is a copy.
"""

from __future__ import annotations

import msgspec

from majiang.core.options import Text

JSON = dict[str, object]


class TableRow(msgspec.Struct, frozen=True):
    name: Text
    value: Text
    when: Text


def row(name_zh: str, name_en: str, value: str | tuple[str, str], when_zh: str, when_en: str) -> TableRow:
    """One row; ``value`` is one text for both languages (``"3"``) or a (zh, en) pair."""
    zh, en = (value, value) if isinstance(value, str) else value
    return TableRow(name=Text(name_zh, name_en), value=Text(zh, en), when=Text(when_zh, when_en))


class WorkedExample(msgspec.Struct, frozen=True):
    situation: JSON  # the scoring package's input, as `majiang score` reads it
    hand: Text  # the hand as the page writes it ("456m 567p · 吃 123m"), tiles in notation
    win: str  # the winning tile, in notation
    story: Text  # who wins how; the items and payments come from scoring the situation
    dealer: int = 0  # the dealer's seat (the page names the seats by wind from it)
