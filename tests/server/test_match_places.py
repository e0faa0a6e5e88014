"""A match summary's places (majiang/platform/records.py ``_match_json``, behind ``GET /api/matches/{code}``
and ``GET /api/records``): equal totals share a place and the next place skips (2, 2, 4), as the table's
end-of-match ranking (screens/ranking.js) and the ratings (``ratings.places``) count them. The summary
once ranked a tie 3 and 4 by seat order while the ranking said 2 and 2."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from majiang.platform.ratings import places
from majiang.platform.records import _match_json


def _row(totals: list[int]) -> SimpleNamespace:
    seats = [{"player_id": f"p{i}" if i == 0 else f"bot:{i}", "name": f"P{i}"} for i in range(4)]
    return SimpleNamespace(room_code="ROOM", ruleset="anqing", club_id=None, status="finished", hands=2,
                           started_at=0.0, finished_at=1.0, seats=json.dumps(seats), totals=json.dumps(totals))


@pytest.mark.parametrize(("totals", "want"), [
    ([22, -6, -10, -6], [1, 2, 4, 2]),     # the reviewer's case: a tie for second, the next is fourth
    ([-6, -6, 22, -10], [2, 2, 1, 4]),     # the tie first in seat order
    ([10, 10, -10, -10], [1, 1, 3, 3]),    # two ties
    ([0, 0, 0, 0], [1, 1, 1, 1]),          # all level (a match of draws)
    ([30, 10, -15, -25], [1, 2, 3, 4]),    # no tie: one to four
])
def test_equal_totals_share_a_place_and_the_next_skips(totals: list[int], want: list[int]) -> None:
    out = _match_json(_row(totals), me="p0")
    assert [p["place"] for p in out["players"]] == want
    assert want == places(totals)  # the same count the ratings use
    assert out["seat"] == 0 and [p["total"] for p in out["players"]] == totals
