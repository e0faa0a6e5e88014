"""Every option of every ruleset has a label and a one-line explanation in Chinese and English (and
names for its choices), and ``GET /api/rulesets`` serves them."""

from __future__ import annotations

import typing

import pytest

from majiang.rules.option_info import OPTION_INFO, option_info
from majiang.rules.registry import RULESETS


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_option_is_described_once_in_both_languages(name: str) -> None:
    fields = RULESETS[name].options_type.__struct_fields__
    infos = OPTION_INFO[name]
    assert sorted(i.key for i in infos) == sorted(fields)
    for info in infos:
        for text in (info.label, info.help):
            assert text.zh.strip() and text.en.strip(), info.key
            assert "\n" not in text.zh + text.en, f"{info.key}: one line each"
    for info in infos:
        hint = typing.get_type_hints(RULESETS[name].options_type)[info.key]
        literal = typing.get_args(hint) if typing.get_origin(hint) is typing.Literal else None
        if literal:
            assert info.choices is not None and list(info.choices) == list(literal), info.key
        else:
            assert info.choices is None, info.key


def test_option_info_is_plain_json() -> None:
    first = option_info("hefei")[0]
    assert first["key"] == "room" and set(first["label"]) == {"zh", "en"}
    assert first["choices"]["baoting"]["zh"] == "报听"
    assert "choices" not in option_info("hefei")[1]
