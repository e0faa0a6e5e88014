"""The tournament's arithmetic (majiang/platform/swiss.py): table sizes and bots, Swiss seating without
repeat meetings, the duplicate walls' rotation, standings with their tie-breaks, the verification."""

from __future__ import annotations

import itertools

from majiang.platform import swiss


def test_tables_of_four_with_one_bot_per_table_where_the_count_is_short() -> None:
    assert swiss.table_sizes(16) == [4, 4, 4, 4]
    assert swiss.table_sizes(14) == [4, 4, 3, 3]
    assert swiss.table_sizes(13) == [4, 3, 3, 3]
    assert swiss.table_sizes(3) == [3] and swiss.table_sizes(2) == [2]


def test_three_rounds_of_sixteen_never_repeat_a_meeting() -> None:
    players = [f"p{i:02d}" for i in range(16)]
    met: dict[str, set[str]] = {}
    tables_played = []
    for rnd in range(3):  # (after these three a fourth may have no clean seating left: then the fewest repeats)
        order = players[rnd:] + players[:rnd]
        tables = swiss.seat_tables(order, met)
        assert sorted(p for t in tables for p in t) == players
        for t in tables:
            for a, b in itertools.combinations(t, 2):
                assert b not in met.get(a, set()), (rnd, a, b)
            tables_played.append({"seats": [{"player_id": p} for p in t]})
        met = swiss.met_of(tables_played)


def test_seating_keeps_the_order_when_it_can_and_repeats_only_when_it_must() -> None:
    order = [f"p{i}" for i in range(8)]
    assert swiss.seat_tables(order, {}) == [order[:4], order[4:]]
    everyone = {p: set(order) - {p} for p in order}  # all have met: the fewest repeats, still two tables
    tables = swiss.seat_tables(order, everyone, budget=100)
    assert sorted(p for t in tables for p in t) == sorted(order) and [len(t) for t in tables] == [4, 4]


def test_each_table_deals_every_wall_rotated_by_its_number() -> None:
    assert [swiss.wall_of(0, n, 4) for n in range(1, 5)] == [0, 1, 2, 3]
    assert [swiss.wall_of(1, n, 4) for n in range(1, 5)] == [1, 2, 3, 0]
    assert [swiss.wall_of(5, n, 2) for n in range(1, 3)] == [1, 0]


def test_standings_points_then_firsts_then_opponents_then_best() -> None:
    names = {p: p.upper() for p in ("a", "b", "c", "d", "e")}
    tables = [{"round": 1, "table": 0, "totals": [10, 10, -5, -15],
               "seats": [{"player_id": "a"}, {"player_id": "b"}, {"player_id": "c"}, {"bot": True}]},
              {"round": 2, "table": 0, "totals": [0, 0, 20, -20], "tuoguan": [0.9, 0, 0, 0],
               "seats": [{"player_id": "d"}, {"player_id": "e"}, {"player_id": "c"}, {"bot": True}]}]
    s = swiss.standings(names, tables)
    assert [(r.player_id, r.points) for r in s] == [("c", 15), ("a", 10), ("b", 10), ("d", 0), ("e", 0)]
    assert s[1].firsts == s[2].firsts == 1  # a and b share first place at their table
    assert s[3].rounds[0]["marked"] is True and s[4].rounds[0]["marked"] is False  # 托管 over half


def test_verify_record_finds_a_seed_that_was_not_committed_or_not_dealt() -> None:
    seeds, match_seed = ["s1", "s2"], "m"
    hands = [{"hand_no": n, "seed": seeds[swiss.wall_of(1, n, 2)],
              "seed_hash": swiss.seed_hash(seeds[swiss.wall_of(1, n, 2)])} for n in (1, 2)]
    record = {"hands": 2, "rounds": [{"round": 1, "hashes": swiss.commitment(seeds, match_seed), "seeds": seeds,
                                      "match_seed": match_seed, "tables": [{"table": 1, "hands": hands}]}]}
    assert swiss.verify_record(record) == []
    record["rounds"][0]["tables"][0]["hands"][0]["seed"] = "s1x"
    assert any("hand 1" in p for p in swiss.verify_record(record))
    record["rounds"][0]["seeds"] = ["s9", "s2"]
    assert swiss.verify_record(record) == ["round 1: the revealed seeds do not hash to the committed hashes"]
