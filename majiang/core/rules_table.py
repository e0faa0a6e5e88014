"""The scoring table of a rules page: one row per scoring item, its name, value and when it applies,
in Chinese and English. Each scoring package keeps its table next to the code that scores the items
(its ``rules_table(mode)``), and ``GET /api/rulesets`` serves it to the browser's rules pages.
"""

from __future__ import annotations

import msgspec

from majiang.core.options import Text


class TableRow(msgspec.Struct, frozen=True):
    name: Text
    value: Text
    when: Text


def row(name_zh: str, name_en: str, value: str | tuple[str, str], when_zh: str, when_en: str) -> TableRow:
    """One row; ``value`` is one text for both languages (``"3"``) or a (zh, en) pair."""
    zh, en = (value, value) if isinstance(value, str) else value
    return TableRow(name=Text(name_zh, name_en), value=Text(zh, en), when=Text(when_zh, when_en))
