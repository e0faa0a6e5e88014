"""Every option of every ruleset has a label and a one-line explanation in Chinese and English (and
names for its choices), declared with the option itself, and ``GET /api/rulesets`` serves them."""

from __future__ import annotations

import typing
from typing import Annotated, Literal

import msgspec
import pytest

from majiang.core.options import described, narrowed, option_infos
from majiang.rules import anqing_scoring
from majiang.rules.option_info import option_info, option_infos_of
from majiang.rules.options import AnqingRules
from majiang.rules.registry import ENTRIES


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_every_option_is_described_once_in_both_languages(name: str) -> None:
    options_type = ENTRIES[name].options_type
    infos = option_infos_of(name)
    assert sorted(i.key for i in infos) == sorted(options_type.__struct_fields__)
    for info in infos:
        for text in (info.label, info.help):
            assert text.zh.strip() and text.en.strip(), info.key
            assert "\n" not in text.zh + text.en, f"{info.key}: one line each"
    for info in infos:
        hint = typing.get_type_hints(options_type)[info.key]
        literal = typing.get_args(hint) if typing.get_origin(hint) is typing.Literal else None
        if literal:
            assert info.choices is not None and list(info.choices) == list(literal), info.key
        else:
            assert info.choices is None, info.key


@pytest.mark.parametrize("name", sorted(ENTRIES))
def test_the_mode_comes_first_and_the_rest_as_declared(name: str) -> None:
    entry = ENTRIES[name]
    keys = [i.key for i in option_infos_of(name)]
    rest = [k for k in entry.options_type.__struct_fields__ if k != entry.mode_option]
    assert keys == ([entry.mode_option] if entry.mode_option else []) + rest


def test_a_ruleset_extends_its_scoring_options_and_hands_them_over() -> None:
    # The options that change a score are declared once, in the scoring package; the table's own
    # options extend them, and the ruleset passes its scoring package exactly those fields.
    assert issubclass(AnqingRules, anqing_scoring.AnqingOptions)
    table = AnqingRules(mode="B", cap=30, base_silver=2, winner_deals=True)
    scoring = narrowed(table, anqing_scoring.AnqingOptions, no_chi=True)
    assert type(scoring) is anqing_scoring.AnqingOptions
    assert (scoring.mode, scoring.cap, scoring.no_chi) == ("B", 30, True)
    assert msgspec.json.decode(msgspec.json.encode(scoring), type=anqing_scoring.AnqingOptions) == scoring


def test_an_undescribed_option_or_unnamed_choice_is_refused_by_name() -> None:
    class Bare(msgspec.Struct, frozen=True):
        plain: int = 0

    with pytest.raises(ValueError, match=r"Bare\.plain has no description"):
        option_infos(Bare)

    class Unnamed(msgspec.Struct, frozen=True):
        pick: Annotated[Literal["x", "y"], described("选", "Pick", "选一个。", "Pick one.",
                                                     choices={"x": ("叉", "X")})] = "x"

    with pytest.raises(ValueError, match=r"Unnamed\.pick: choices \['x'\] do not name its values \['x', 'y'\]"):
        option_infos(Unnamed)


def test_option_info_is_plain_json() -> None:
    first = option_info("hefei")[0]
    assert first["key"] == "room" and set(first["label"]) == {"zh", "en"}
    assert first["choices"]["baoting"]["zh"] == "报听"
    assert "choices" not in option_info("hefei")[1]
