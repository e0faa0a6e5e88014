"""The bot protocol: real programs over real pipes. The example bot plays whole hands through
``majiang simulate``; crashing, slow and illegal-move programs are replaced by greedy for the rest
of the hand and reported, without stopping the run."""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path

import pytest

from majiang.bots import external, make_bot
from majiang.bots.external import ExternalBot
from majiang.cli import main
from majiang.core.events import event_to_builtins, redact
from majiang.engine.match import Match
from majiang.rules.registry import make_ruleset
from majiang.sim.runner import play_hand

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = f"cmd:{sys.executable} {ROOT / 'examples' / 'bot.py'}"

# Each misbehaving program answers its first few questions properly (so the hand is under way),
# then misbehaves once.
MISBEHAVING = {
    "crash": "sys.stderr.write('boom: out of ideas\\n'); sys.exit(3)",
    "slow": "time.sleep(30)",
    "illegal": "print(json.dumps({'id': m['id'], 'action': {'type': 'discard', 'tile': 99}}), flush=True); continue",
    "garbage": "print('not json at all', flush=True); continue",
}
WHY = {"crash": "exited (exit code 3; stderr: boom: out of ideas)", "slow": "no answer within 0.5 s",
       "illegal": 'illegal action {"type":"discard","tile":99}', "garbage": "not a JSON line"}


def program(tmp_path: Path, kind: str) -> str:
    path = tmp_path / f"{kind}.py"
    path.write_text(textwrap.dedent(f"""\
        import json, sys, time
        asked = 0
        for line in sys.stdin:
            m = json.loads(line)
            if m["type"] != "ask":
                continue
            asked += 1
            if asked == 3:
                {MISBEHAVING[kind]}
            print(json.dumps({{"id": m["id"], "index": len(m["legal"]) - 1}}), flush=True)
        """))
    return f"cmd:{sys.executable} {path}"


def simulate(tmp_path: Path, ruleset: str, bots: str, hands: int) -> dict:
    out = tmp_path / "summary.json"
    code = main(["simulate", "--ruleset", ruleset, "--hands", str(hands), "--match-hands", str(hands),
                 "--bots", bots, "--seed", "proto", "--no-progress", "--json", str(out)])
    assert code == 0
    return json.loads(out.read_text())


@pytest.fixture(autouse=True)
def _stop_programs():
    yield
    external.stop_all()


@pytest.mark.parametrize("ruleset", ["anqing", "hefei"])
def test_the_example_bot_plays_whole_hands_through_simulate(tmp_path: Path, ruleset: str) -> None:
    summary = simulate(tmp_path, ruleset, f"{EXAMPLE},greedy,{EXAMPLE},random", hands=6)
    assert summary["hands"] == 6
    assert summary["bot_errors"] == []
    # two seats ran the program, each kept running across the six hands
    assert len(external._running) == 2
    assert all(p.alive() for p in external._running)


def test_a_program_sees_exactly_its_seats_redacted_events(tmp_path: Path) -> None:
    log = tmp_path / "events.jsonl"
    path = tmp_path / "recorder.py"
    path.write_text(textwrap.dedent(f"""\
        import json, sys
        out = open({str(log)!r}, "a")
        for line in sys.stdin:
            m = json.loads(line)
            out.write(json.dumps(m) + "\\n"); out.flush()
            if m["type"] == "ask":
                print(json.dumps({{"id": m["id"], "action": m["legal"][0]}}), flush=True)
        """))
    bot = make_bot(f"cmd:{sys.executable} {path}")
    assert isinstance(bot, ExternalBot)
    match = Match(make_ruleset("anqing", {"mode": "A"}), hands=1, seed="redact")
    hand = match.hand
    play_hand(hand, [make_bot("greedy"), make_bot("greedy"), bot, make_bot("random", 1)], match.apply)
    external.stop_all()  # the program has read everything once its stdin is closed
    messages = [json.loads(line) for line in log.read_text().splitlines()]
    assert messages[0]["type"] == "start" and messages[0]["seat"] == 2
    events = [m["event"] for m in messages if m["type"] == "event"]
    assert events == [json.loads(json.dumps(event_to_builtins(redact(e, 2)))) for e in hand.events]
    asks = [m for m in messages if m["type"] == "ask"]
    assert asks and all(m["view"]["seat"] == 2 and m["legal"] for m in asks)
    assert bot.errors == []


@pytest.mark.parametrize("kind", sorted(MISBEHAVING))
def test_a_failing_program_is_replaced_by_greedy_and_reported(tmp_path: Path, kind: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    if kind == "slow":  # (the others keep the default limit: a loaded machine may start Python slowly)
        monkeypatch.setenv("MAJIANG_BOT_TIMEOUT", "0.5")
    summary = simulate(tmp_path, "anqing", f"{program(tmp_path, kind)},greedy,random,random", hands=2)
    assert summary["hands"] == 2  # the run went on
    errors = summary["bot_errors"]
    # once per hand: the next hand starts a fresh program, which fails the same way
    assert len(errors) == 2, errors
    assert all(WHY[kind] in e and "seat 0" in e for e in errors), errors


def test_simulate_refuses_an_unknown_bot_but_takes_cmd(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "anqing", "--hands", "1", "--bots", "nobody,greedy,greedy,greedy",
                 "--no-progress"]) == 2
    assert "unknown bot(s) nobody" in capsys.readouterr().err
    with pytest.raises(ValueError, match="needs a command line"):
        make_bot("cmd:   ")


def test_a_program_can_be_an_opponent_in_the_single_agent_env(tmp_path: Path) -> None:
    from majiang.env import single_agent

    env = single_agent("anqing", opponents=[EXAMPLE, "greedy", "random"], seed=1, hands=2)
    obs, _ = env.reset(seed=3)
    done = False
    while not done:
        legal = [i for i, m in enumerate(obs["action_mask"]) if m]
        obs, _, done, _, info = env.step(legal[0])
    program = next(b for b in env.bots.values() if isinstance(b, ExternalBot))
    assert program.errors == [] and program._asked > 0
    assert sum(info["totals"]) == 0
