"""Botzone's Chinese Standard Mahjong bots at our tables (majiang.bots.botzone, docs/bot-protocol.md):
the requests a seat's events become, a stacked hand the example Botzone bot wins with HU, and whole
matches through ``majiang simulate`` in both of Botzone's modes (a run per turn, kept running)."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from majiang.bots import external, make_bot
from majiang.bots.botzone import NAMES, BotzoneBot, Seat
from majiang.bots.external import ExternalBot
from majiang.cli import main
from majiang.core.actions import Discard, Peng
from majiang.core.events import event_to_builtins, redact
from majiang.sim.runner import play_hand
from majiang.tiles import parse_tile
from tests.test_guobiao_flow import DEALER, FILLER, SIMPLES, STRAIGHT, deal

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = f"{sys.executable} -m majiang.bots.botzone {sys.executable} {ROOT / 'examples' / 'botzone_bot.py'}"


@pytest.fixture(autouse=True)
def _stop_programs():
    yield
    external.stop_all()


def test_botzone_names_every_tile() -> None:
    assert NAMES[parse_tile("1m")] == "W1" and NAMES[parse_tile("9p")] == "B9" and NAMES[parse_tile("5s")] == "T5"
    assert [NAMES[parse_tile(t)] for t in ("1z", "4z", "5z", "7z", "f1", "f8")] == ["F1", "F4", "J1", "J3", "H1", "H8"]


def test_a_seats_events_become_botzone_requests() -> None:
    # Seat 1 (Botzone player 1: the dealer is player 0) has a flower in the deal; the dealer throws 7z,
    # seat 3 pengs it and throws 1s; seat 0 draws.
    hand = deal([DEALER, "f5 123m456m789m46p9s", SIMPLES, FILLER], tail="9s", draws="6z")
    hand.apply(0, Discard(tile=parse_tile("7z")))
    hand.apply(3, Peng(tiles=(parse_tile("7z"),) * 2))
    hand.apply(3, Discard(tile=parse_tile("1s")))
    seat = Seat(1, BotzoneBot(["true"]))
    for e in hand.events:
        seat.event(event_to_builtins(redact(e, 1)))  # type: ignore[arg-type]
    assert seat.requests == [
        "0 1 0",
        "1 0 1 0 0 W1 W2 W3 W4 W5 W6 W7 W8 W9 B4 B6 T9 T9 H5",
        "3 0 PLAY J3",
        "3 3 PENG T1",
        "3 0 DRAW",
    ]
    assert seat.responses == ["PASS"] * 4  # nothing asked of seat 1 yet


def test_the_example_botzone_bot_wins_a_stacked_hand_with_hu() -> None:
    bot = make_bot(f"cmd:{ADAPTER}")
    assert isinstance(bot, ExternalBot)
    hand = deal([DEALER, STRAIGHT, SIMPLES, FILLER])
    hand.apply(0, Discard(tile=parse_tile("5p")))  # seat 1's 清龙 waits on it
    play_hand(hand, [make_bot("greedy"), bot, make_bot("greedy", 2), make_bot("greedy", 3)])
    assert bot.errors == []
    s = hand.settlement
    assert s is not None and s.valid and s.winners == [1] and "pure_straight" in {i.key for i in s.items}


# Run afresh each decision (Botzone's default: a Python start per decision, so two hands), or kept running.
@pytest.mark.parametrize(("mode", "hands"), [("", 2), ("--keep-running", 4)])
def test_a_botzone_bot_plays_a_match_through_simulate(tmp_path: Path, mode: str, hands: int) -> None:
    out = tmp_path / "summary.json"
    seat = f"cmd:{ADAPTER} {mode}".strip()
    code = main(["simulate", "--ruleset", "guobiao", "--hands", str(hands), "--match-hands", str(hands), "--bots",
                 f"{seat},greedy,greedy,greedy", "--seed", "bz", "--no-progress", "--json", str(out)])
    assert code == 0
    summary = json.loads(out.read_text())
    assert summary["hands"] == hands and summary["bot_errors"] == []


def test_a_bot_that_names_no_legal_action_is_reported(tmp_path: Path) -> None:
    silly = tmp_path / "silly.py"
    silly.write_text(textwrap.dedent("""\
        import sys
        n = int(sys.stdin.readline())
        print("PLAY Z9")
        """))
    out = tmp_path / "summary.json"
    code = main(["simulate", "--ruleset", "guobiao", "--hands", "1", "--bots",
                 f"cmd:{sys.executable} -m majiang.bots.botzone {sys.executable} {silly},greedy,greedy,greedy",
                 "--seed", "bz", "--no-progress", "--json", str(out)])
    assert code == 0
    errors = json.loads(out.read_text())["bot_errors"]
    assert len(errors) == 1 and "seat 0" in errors[0], errors


def test_a_botzone_command_that_cannot_start_is_reported(tmp_path: Path) -> None:
    out = tmp_path / "summary.json"
    code = main(["simulate", "--ruleset", "guobiao", "--hands", "1", "--bots",
                 f"cmd:{sys.executable} -m majiang.bots.botzone /no/such/bot,greedy,greedy,greedy",
                 "--seed", "bz", "--no-progress", "--json", str(out)])
    assert code == 0
    errors = json.loads(out.read_text())["bot_errors"]
    assert len(errors) == 1 and "cannot start the Botzone bot '/no/such/bot'" in errors[0], errors
