"""Same seeds, same games: random play on the bare ``Match`` hashed step by step.

The engine's hot paths (legal lists kept per step, the rulesets' cached answers) are optimised
against this: every event, every legal list of every seat asked to act, every settlement and
the match totals of a few hundred random games per variant go into one SHA-256 that must not
move. A change that alters a game anywhere shows up here; the expected digests were taken on
the engine before those optimisations. Run ``python tests/test_engine_trace.py`` to print them.
"""

from __future__ import annotations

import hashlib
import random
import sys

import msgspec
import pytest

from majiang.engine.match import Match
from majiang.rules.registry import make_ruleset

# (ruleset, options, games): the bench's variants, plus options that take other paths.
VARIANTS: list[tuple[str, dict[str, object], int]] = [
    ("anqing", {"mode": "A"}, 150),
    ("anqing", {"mode": "B"}, 150),
    ("anqing", {"mode": "A", "flowers": True, "end_at_indicator": True}, 50),
    ("hefei", {"room": "baoting"}, 150),
    ("hefei", {"room": "bubaoting"}, 150),
    ("hefei", {"room": "baoting", "guoshui": True, "haidi_forced": True}, 50),
    ("baida", {}, 150),
    ("baida", {"seven_baida": True, "multi_win": False, "min_tai": 2}, 50),
]

_encode = msgspec.json.Encoder().encode


def trace_digest(ruleset: str, options: dict[str, object], games: int) -> str:
    """Play ``games`` two-hand matches with random legal actions; hash everything seen."""
    rules = make_ruleset(ruleset, options)
    rng = random.Random(f"trace:{ruleset}:{sorted(options.items())}")
    h = hashlib.sha256()
    for g in range(games):
        match = Match(rules, hands=2, seed=f"trace:{g}")
        while True:
            hand = match.hand
            h.update(_encode(hand.events))
            seen = len(hand.events)
            while not hand.over:
                acting = hand.to_act()
                legal = {s: hand.legal_actions(s) for s in acting}
                h.update(_encode([acting, [legal[s] for s in acting]]))
                seat = acting[rng.randrange(len(acting))]
                match.apply(seat, legal[seat][rng.randrange(len(legal[seat]))])
                h.update(_encode(hand.events[seen:]))
                seen = len(hand.events)
            h.update(_encode(hand.settlement))
            if match.finished:
                break
            match.next_hand()
        h.update(_encode(match.totals))
    return h.hexdigest()[:24]


EXPECTED: dict[int, str] = {
    0: 'b25aa5b9cca4bcdf249990c7',  # anqing {'mode': 'A'}
    1: '080e9b4a8129e25369b18f97',  # anqing {'mode': 'B'}
    2: '439afa53c0d283b2c358dd15',  # anqing {'mode': 'A', 'flowers': True, 'end_at_indicator': True}
    3: '8c54a73afb6ced7f8c1648c4',  # hefei {'room': 'baoting'}
    4: 'f52b640401ec773442895594',  # hefei {'room': 'bubaoting'}
    5: '93bcc3019c5ad21dba198d4a',  # hefei {'room': 'baoting', 'guoshui': True, 'haidi_forced': True}
    6: '919a1a257c9ab83acad95d4c',  # baida {} (the drawn indicator a plain tile: issue 26)
    7: '27c103a3dee86a5fe1739d55',  # baida {'seven_baida': True, 'multi_win': False, 'min_tai': 2}
}


@pytest.mark.parametrize("index", range(len(VARIANTS)))
def test_same_seeds_same_games(index: int) -> None:
    ruleset, options, games = VARIANTS[index]
    assert trace_digest(ruleset, options, games) == EXPECTED[index], (ruleset, options)


if __name__ == "__main__":
    for i, (name, opts, n) in enumerate(VARIANTS):
        print(f"    {i}: {trace_digest(name, opts, n)!r},  # {name} {opts}", file=sys.stdout)
