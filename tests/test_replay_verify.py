"""Every stored replay passes `majiang verify`: a settlement's encoding round-trips exactly.

The server stores a finished hand's replay as ``encode(to_replay(hand))`` (majiang/server/live_table.py);
`majiang verify` decodes it, replays it and compares the settlements. They used to differ for 93 of
211 stored Hefei hands and 4 of 150 百搭 ones: ``settlement.extra`` held seat numbers as keys, which
come back from JSON as strings. Random matches (greedy bots: they win, so settlements have content;
一炮多响 comes up often in Hefei) of every ruleset, each hand checked by the verify command's own code.
"""

from __future__ import annotations

import argparse
import contextlib
import io
from pathlib import Path

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from majiang.bots import make_bot
from majiang.commands import verify
from majiang.core.settlement import Settlement
from majiang.engine import Match, seat_view
from majiang.engine.replay import decode, encode, rebuild, to_replay
from majiang.rules.registry import RULESETS, make_ruleset


def _verify(path: Path) -> tuple[int, str]:
    parser = argparse.ArgumentParser()
    verify.add_arguments(parser)  # the command's own arguments, as `majiang verify FILE` gets them
    args = parser.parse_args([str(path)])
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = verify.run(args)
    return code, out.getvalue()


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                HealthCheck.function_scoped_fixture])
@given(seed=st.text("0123456789abcdef", min_size=4, max_size=16), hands=st.integers(1, 3))
def test_every_stored_replay_of_a_random_match_passes_verify(ruleset: str, seed: str, hands: int,
                                                             tmp_path: Path) -> None:
    match = Match(make_ruleset(ruleset, {}), hands=hands, seed=seed)
    bots = [make_bot("greedy", seed=hash((seed, s)) & 0xFFFF) for s in range(4)]
    while True:
        hand = match.hand
        while not hand.over:
            s = hand.to_act()[0]
            match.apply(s, bots[s].choose(seat_view(hand, s)))
        stored = encode(to_replay(hand))  # byte for byte what the server stores
        back = decode(stored)
        assert msgspec.to_builtins(rebuild(back, match.hand.ruleset).settlement) == msgspec.to_builtins(back.settlement)
        path = tmp_path / f"{ruleset}-{seed}-{hand.hand_no}.json"
        path.write_bytes(stored)
        code, out = _verify(path)
        assert code == 0 and out.rstrip().endswith("OK"), out[-400:]
        if match.finished:
            break
        match.next_hand()


def test_extra_is_held_in_its_json_form() -> None:
    s = Settlement(valid=True, extra={"points": {0: 10, 2: 11}, "form": ("a", "b")})
    assert s.extra == {"points": {"0": 10, "2": 11}, "form": ["a", "b"]}
    again = msgspec.json.decode(msgspec.json.encode(s), type=Settlement)
    assert msgspec.to_builtins(again) == msgspec.to_builtins(s)
