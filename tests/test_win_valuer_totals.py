"""The win valuer's fast paths (the 番/台/points alone, the payments once per value) give the settlement's totals.

``WinValuer`` scores a candidate win by ``winning_fan`` (Anqing), ``winning_tai`` (百搭) or ``winning_points``
(Hefei) and the payments of that value, not by a full ``settle``. Over the candidate wins of whole hands
(every wait of every discard of seat 0, and random parts, impossible ones included) its value must be what
the full scoring of the same situation gives the seat.
"""

from __future__ import annotations

import random

import pytest

from majiang.bots import make_bot
from majiang.bots.analysis import Reader
from majiang.bots.strong import _without
from majiang.bots.valuation import WinValuer
from majiang.engine import Hand, seat_view
from majiang.rules import baida_scoring, hefei_scoring
from majiang.rules.registry import make_ruleset


def _full(valuer: WinValuer, part: list[int], tile: int, discard: bool) -> int:
    """The seat's total by the full scoring of the situation the valuer builds (0: refused or no win)."""
    melds = valuer.melds
    try:
        if valuer.family == "baida":
            s = baida_scoring.score(valuer._baida(part, tile, discard, melds))
        else:
            s = hefei_scoring.score(_hefei_situation(valuer, part, tile, discard))
    except ValueError:
        return 0
    return s.totals[valuer.seat] if s.valid else 0


def _hefei_situation(valuer: WinValuer, part: list[int], tile: int, discard: bool) -> hefei_scoring.Situation:
    view = valuer.view
    seat = valuer.seat
    from majiang.tiles import format_tiles

    return hefei_scoring.Situation(
        room=view.options.get("room", "baoting"),  # type: ignore[arg-type]
        dealer=view.dealer, lianzhuang=max(1, view.streak), winner=seat,
        hand=format_tiles(sorted([*part, tile])),
        kongs=[format_tiles([ts[0]]) for k, ts, _ in valuer.melds if k == "kong_concealed"],
        winning_tile=format_tiles([tile]), how="discard" if discard else "self_draw",
        from_seat=(seat + 1) % 4 if discard else None, declared=valuer.declared,
        options=hefei_scoring.HefeiOptions(
            kan_from_discard=view.options.get("kan_from_discard", False),  # type: ignore[arg-type]
            ka_single_wait=view.options.get("ka_single_wait", False),  # type: ignore[arg-type]
            queyimen_per_suit=view.options.get("queyimen_per_suit", False),  # type: ignore[arg-type]
        ),
    )


@pytest.mark.parametrize("ruleset,options", [("baida", {}), ("baida", {"seven_baida": True}),
                                             ("hefei", {"room": "baoting"}), ("hefei", {"room": "bubaoting"})])
def test_fast_values_are_the_full_settlements(ruleset: str, options: dict[str, object]) -> None:
    rng = random.Random(28)
    won = 0
    for i in range(8):
        hand = Hand(make_ruleset(ruleset, options), f"totals-{ruleset}-{i}", dealer=i % 4)
        bots = [make_bot("strong", s) for s in range(4)]
        while not hand.over:
            seat = hand.to_act()[0]
            view = seat_view(hand, seat)
            if seat == 0 and len(view.hand) % 3 == 2:
                valuer = WinValuer()
                valuer.bind(view)
                reader = Reader(view)
                cases = [(rest, w) for t in sorted(set(view.hand)) for rest in [_without(view.hand, t)]
                         for w in reader.waits(rest)]
                for _ in range(6):
                    part = rng.sample(view.hand, len(view.hand) - 1)
                    part[rng.randrange(len(part))] = rng.randrange(34)
                    cases.append((part, rng.choice([*view.hand, rng.randrange(34)])))
                for part, tile in cases:
                    # (a 百搭 discard win is derived from the drawn one: valuation's own rule, not scored here)
                    for discard in (False,) if ruleset == "baida" else (False, True):
                        got = valuer.value(part, tile, discard)
                        assert got == _full(valuer, part, tile, discard), (part, tile, discard)
                        won += got > 0
            hand.apply(seat, bots[seat].choose(view))
    assert won > 3  # (real wins among them: the fast paths were exercised)
