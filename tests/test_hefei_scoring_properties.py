"""Properties over random Hefei winning hands: zero-sum, payer count, 庄分, and the 8-tile rule."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from majiang.core.settlement import ScoreItem, totals_from_payments
from majiang.rules.hefei_scoring import HefeiOptions, Situation, score, validate, winning_points
from majiang.rules.hefei_scoring.payment import kong_payments, payments
from majiang.tiles import format_tiles

HEFEI = [s * 9 + r for s in range(3) for r in range(1, 8)]


@st.composite
def hands(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    """Four sets (some of them kongs) and a pair, within four copies of each tile."""
    counts = dict.fromkeys(HEFEI, 0)
    concealed: list[int] = []
    kongs: list[int] = []
    for _ in range(4):
        kind = draw(st.sampled_from(["chow", "pung", "kong"]))
        if kind == "chow":
            low = draw(st.sampled_from([t for t in HEFEI if t % 9 <= 5]))
            group = [low, low + 1, low + 2]
        else:
            t = draw(st.sampled_from(HEFEI))
            group = [t] * (4 if kind == "kong" else 3)
        if any(counts[t] + group.count(t) > 4 for t in group):
            continue  # fall back to fewer groups; the hand is then filled with a chow below
        for t in group:
            counts[t] += 1
        if kind == "kong":
            kongs.append(group[0])
        else:
            concealed += group
    while len(concealed) + 3 * len(kongs) < 12:
        low = next(t for t in HEFEI if t % 9 <= 5 and all(counts[t + i] < 4 for i in range(3)))
        for i in range(3):
            counts[low + i] += 1
        concealed += [low, low + 1, low + 2]
    pair = draw(st.sampled_from([t for t in HEFEI if counts[t] <= 2]))
    concealed += [pair, pair]
    return concealed, kongs


@settings(max_examples=150, deadline=None)
@given(
    hands(),
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(1, 5),
    st.booleans(),
    st.sampled_from(["baoting", "bubaoting"]),
    st.data(),
)
def test_every_settlement_is_zero_sum_and_consistent(hand, winner, dealer, lianzhuang, self_draw, room, data):
    concealed, kongs = hand
    win = data.draw(st.sampled_from(concealed))
    from_seat = None if self_draw else data.draw(st.sampled_from([s for s in range(4) if s != winner]))
    s = Situation(
        room=room,
        dealer=dealer,
        lianzhuang=lianzhuang,
        winner=winner,
        hand=format_tiles(sorted(concealed)),
        kongs=[format_tiles([k]) for k in kongs],
        winning_tile=format_tiles([win]),
        how="self_draw" if self_draw else "discard",
        from_seat=from_seat,
        declared=room == "baoting",
    )
    settlement = score(s)
    settlement.check_zero_sum()
    suits = [sum(1 for t in concealed if t // 9 == x) + 4 * sum(1 for k in kongs if k // 9 == x) for x in range(3)]
    assert settlement.valid == (max(suits) >= 8), settlement.reason
    if not settlement.valid:
        return
    points = sum(i.value for i in settlement.items)
    assert settlement.items[0].key == "base" and points >= settlement.items[0].value
    assert len(settlement.payments) == (3 if self_draw else 1)
    for p in settlement.payments:
        zhuang = (2 if self_draw else 1) * lianzhuang if dealer in (p.payer, winner) else 0
        assert p.amount == points + zhuang and p.payee == winner


@settings(max_examples=150, deadline=None)
@given(hands(), st.integers(0, 3), st.integers(0, 3), st.integers(1, 5), st.booleans(),
       st.sampled_from(["baoting", "bubaoting"]), st.booleans(), st.data())
def test_winning_points_are_the_settlements(hand, winner, dealer, lianzhuang, self_draw, room, declared, data):
    # The strong bot values candidate wins by winning_points and the payments of those points
    # (majiang.bots.valuation): they must be the settlement's, options and flags included.
    concealed, kongs = hand
    win = data.draw(st.sampled_from(concealed))
    flags = {f: data.draw(st.booleans()) for f in ("kan_from_discard", "ka_single_wait", "queyimen_per_suit",
                                                   "kong_points_all")}
    special = data.draw(st.sampled_from(["", "haidi", "opening_hand", "first_round"]))
    s = Situation(
        room=room, dealer=dealer, lianzhuang=lianzhuang, winner=winner, hand=format_tiles(sorted(concealed)),
        kongs=[format_tiles([k]) for k in kongs], winning_tile=format_tiles([win]),
        how="self_draw" if self_draw else "discard",
        from_seat=None if self_draw else data.draw(st.sampled_from([x for x in range(4) if x != winner])),
        declared=declared and room == "baoting", options=HefeiOptions(**flags),
        other_kongs={x: data.draw(st.integers(0, 1)) for x in range(4) if x != winner},
        **({special: True} if special else {}),
    )
    try:
        hand_ = validate(s)
    except ValueError:
        return  # (a flag this situation cannot carry)
    settlement = score(s)
    points = winning_points(s, hand_)
    if not settlement.valid:
        assert points is None
        return
    assert points == settlement.extra["points"]
    pays = payments(s, [ScoreItem(key="points", name="", value=points)]) + kong_payments(s)
    assert totals_from_payments(pays) == settlement.totals
