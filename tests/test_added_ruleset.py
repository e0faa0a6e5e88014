"""A ruleset added through its registry entry alone (tests/quick_hefei.py) is played, simulated,
observed, described and refused like the built-in ones: nothing else in majiang lists rulesets."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from majiang.bots import make_bot
from majiang.cli import main
from majiang.engine import Hand, Match, seat_view
from majiang.env.observation import P, S, planes
from majiang.rules.base import RulesetError
from majiang.rules.option_info import option_info
from majiang.rules.registry import ENTRIES, make_ruleset, register, unregister
from tests.quick_hefei import ENTRY, QuickHefei


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(ENTRY)
    yield
    unregister(ENTRY.name)


def _play(hand: Hand, bots: str = "strong") -> None:
    players = [make_bot(bots, seed=s) for s in range(4)]
    while not hand.over:
        seat = hand.to_act()[0]
        hand.apply(seat, players[seat].choose(seat_view(hand, seat)))


def test_its_flags_come_from_its_options() -> None:
    assert make_ruleset("hefei_quick", {}).flags.haidi_tiles == 0
    assert make_ruleset("hefei_quick", {"haidi_size": 2}).flags.haidi_tiles == 2
    assert make_ruleset("hefei", {}).flags.haidi_tiles == 4  # the variant leaves Hefei as it is


def test_the_last_tiles_are_its_haidi() -> None:
    # Every draw from the last haidi_size tiles of the wall is a 海捞 draw (no discard after it).
    for size in (0, 2, 4):
        for seed in ("q1", "q2", "q3"):
            hand = Hand(QuickHefei({"haidi_size": size, "room": "bubaoting"}), seed)
            haidi_draws = 0
            players = [make_bot("greedy", seed=s) for s in range(4)]
            while not hand.over:
                seat = hand.to_act()[0]
                if hand.phase == "haidi":
                    haidi_draws += 1
                    assert hand.wall_left < size
                hand.apply(seat, players[seat].choose(seat_view(hand, seat)))
            assert haidi_draws <= size


def test_a_match_of_it_plays_to_the_end_with_every_bot() -> None:
    match = Match(make_ruleset("hefei_quick", {"room": "bubaoting"}), hands=2, seed="added")
    while True:
        _play(match.hand)
        assert sum(match.hand.settlement.totals) == 0
        if match.finished:
            break
        match.next_hand()


def test_its_observation_carries_its_entry_code_and_variant() -> None:
    hand = Hand(make_ruleset("hefei_quick", {"room": "baoting"}), "obs")
    obs = planes(seat_view(hand, 0))
    row = obs[P["scalars"]]
    assert row[S["ruleset"]] == 4 and row[S["variant"]] == 1
    in_play = obs[P["in_play"]]
    assert np.array_equal(np.flatnonzero(in_play), np.array(QuickHefei.kinds))


def test_it_is_described_for_the_lobby_with_its_own_option() -> None:
    keys = [i["key"] for i in option_info("hefei_quick")]
    assert keys[0] == "room" and keys[-1] == "haidi_size" and "guoshui" in keys
    client = ENTRY.for_clients()
    assert client["options"]["haidi_size"] == 0 and client["modes"] == ["baoting", "bubaoting"]
    assert set(client["rules_table"]) == {"baoting", "bubaoting"}


def test_a_bad_option_is_a_ruleset_error_naming_it() -> None:
    with pytest.raises(RulesetError, match=r"haidi_size \(海捞张数\) is 0 to 4, got 9"):
        make_ruleset("hefei_quick", {"haidi_size": 9})
    with pytest.raises(RulesetError, match="haidi_size"):
        make_ruleset("hefei_quick", {"haidi_size": "eight"})


def test_the_cli_simulates_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.json"
    code = main(["simulate", "--ruleset", "hefei_quick", "--room", "bubaoting", "--hands", "4", "--seed", "q",
                 "--option", "haidi_size=2", "--json", str(out)])
    assert code == 0, capsys.readouterr().err
    summary = json.loads(out.read_text())
    assert summary["hands"] == 4


def test_unregistered_it_is_unknown_by_name() -> None:
    unregister("hefei_quick")
    assert "hefei_quick" not in ENTRIES
    with pytest.raises(RulesetError, match="unknown ruleset 'hefei_quick'"):
        make_ruleset("hefei_quick")
    register(ENTRY)
