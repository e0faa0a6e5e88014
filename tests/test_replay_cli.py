"""Replay files from simulations: a byte-exact round trip, and `majiang replay` views."""

from __future__ import annotations

from pathlib import Path

import pytest

from majiang.cli import main
from majiang.commands.replay import render
from majiang.core.events import Dealt
from majiang.engine.replay import decode, encode, rebuild, to_replay
from majiang.rules.registry import make_ruleset
from majiang.sim.runner import SimConfig, run
from majiang.tiles import format_tiles


def dealt(path: Path) -> list[str]:
    """Each seat's dealt tiles as the replay prints them (before any opening 杠牌 is laid open)."""
    replay = decode(path.read_bytes())
    hand = rebuild(replay, make_ruleset(replay.ruleset, replay.options), upto=0)
    return [format_tiles(e.tiles) for e in sorted((e for e in hand.events if isinstance(e, Dealt)),
                                                  key=lambda e: e.seat)]


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    d = tmp_path_factory.mktemp("replays")
    run(SimConfig(ruleset="anqing", hands=3, match_hands=3, seed="rp", save_dir=str(d)))
    run(SimConfig(ruleset="hefei", hands=3, match_hands=3, seed="rp", save_dir=str(d / "hefei")))
    return sorted(d.glob("*.json")) + sorted((d / "hefei").glob("*.json"))


def test_round_trip_rebuilds_the_same_hand(saved: list[Path]) -> None:
    for path in saved:
        data = path.read_bytes()
        replay = decode(data)
        hand = rebuild(replay, make_ruleset(replay.ruleset, replay.options))
        assert hand.over and hand.settlement == replay.settlement
        assert encode(to_replay(hand)) == data


def test_a_seat_view_never_shows_other_concealed_tiles(saved: list[Path]) -> None:
    for path in saved:
        deals = dealt(path)
        for seat in range(4):
            lines = render(path.read_bytes(), seat)
            before_end = lines[: next(i for i, ln in enumerate(lines) if ln.startswith(("winners:", "荒庄")))]
            text = "\n".join(before_end)
            assert f"seat {seat} dealt {deals[seat]}" in text
            for other in range(4):
                if other != seat:
                    assert f"seat {other} dealt {deals[other]}" not in text
                    assert f"seat {other} holds" not in text
            for ln in before_end:
                if ln.startswith(tuple(f"seat {o} draws" for o in range(4) if o != seat)):
                    assert "??" in ln, ln


def test_full_view_shows_every_deal_and_the_cli(saved: list[Path], capsys: pytest.CaptureFixture[str]) -> None:
    path = saved[0]
    deals = dealt(path)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    for seat in range(4):
        assert f"seat {seat} dealt {deals[seat]}" in out
    assert "totals:" in out
    assert main(["replay", str(path), "--seat", "1"]) == 0
    assert "seat 1's view" in capsys.readouterr().out


def test_bad_file_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "nope"}')
    assert main(["replay", str(bad)]) == 2
    assert "not a replay file" in capsys.readouterr().err
