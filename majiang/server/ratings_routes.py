"""Ranked play's endpoints: the leaderboard per ruleset and mode, a player's ratings and rated matches
(majiang/platform/ranked.py), and quick match (majiang/server/quickmatch.py; docs/server.md, "Ratings")."""

from __future__ import annotations

import time

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from majiang.backend import auth
from majiang.backend.protocol import check_options
from majiang.platform.ranked import leaderboard, player_ratings
from majiang.rules.base import RulesetError
from majiang.rules.registry import RULESETS, make_ruleset
from majiang.server.rest import (
    PLAYER_RE,
    HTTPError,
    _bearer,
    body,
    check_seat_quota,
    endpoint,
    ok,
    player_of,
    refuse_draining,
    small_int,
)

MAX_TOP = 200


async def board(request: Request) -> Response:
    """``?ruleset=anqing&mode=A&limit=50``: the top players and, with a token, the caller's own place."""
    q = request.query_params
    ruleset = q.get("ruleset", "")
    if ruleset not in RULESETS:
        raise HTTPError(400, "bad_request", f"ruleset must be one of {', '.join(RULESETS)}")
    mode = q.get("mode", "-")
    if not (1 <= len(mode) <= 32 and mode.isascii() and mode.replace("-", "").replace("_", "").isalnum()):
        raise HTTPError(400, "bad_request", "mode is 1-32 letters, digits, - or _")
    limit = small_int(q.get("limit", "50"), "limit")
    if not 1 <= limit <= MAX_TOP:
        raise HTTPError(400, "bad_request", f"limit must be 1..{MAX_TOP}")
    server = request.app.state.server
    me = auth.verify(server.settings.secret, _bearer(request), server.guard.revocations)
    async with server.store.engine.connect() as conn:
        return ok(await leaderboard(conn, ruleset, mode, limit, me.player_id if me else None))


async def ratings_of(request: Request) -> Response:
    player_id = request.path_params["player_id"]
    if not PLAYER_RE.fullmatch(player_id):
        raise HTTPError(400, "bad_request", "a player id is 1-32 lowercase letters and digits")
    async with request.app.state.server.store.engine.connect() as conn:
        return ok(await player_ratings(conn, player_id))


async def quick_join(request: Request) -> Response:
    """``{"ruleset": "anqing", "options": {"mode": "A"}, "bots_after": 30}``: queue for a table of near
    rating (``bots_after``: seconds, or null for never: then seated with bots, unrated)."""
    player = player_of(request)
    data = await body(request)
    server = request.app.state.server
    refuse_draining(server)
    ruleset, options, after = data.get("ruleset"), data.get("options", {}), data.get("bots_after")
    if not isinstance(ruleset, str) or ruleset not in RULESETS:  # (a list would not even hash)
        raise HTTPError(400, "bad_request", f"ruleset must be one of {', '.join(RULESETS)}")
    if not isinstance(options, dict):
        raise HTTPError(400, "bad_request", "options must be an object")
    try:
        parsed = make_ruleset(ruleset, options).options_dict()
    except (RulesetError, TypeError, ValueError) as e:
        raise HTTPError(400, "bad_request", f"options: {e}") from None
    problem = check_options(parsed)
    if problem:
        raise HTTPError(400, "bad_request", problem)
    if after is not None and (isinstance(after, bool) or not isinstance(after, int | float) or not 1 <= after <= 600):
        raise HTTPError(400, "bad_request", "bots_after must be 1..600 seconds, or null")
    await check_seat_quota(server, player.player_id)
    t = await server.quickmatch.join(player.player_id, player.name, ruleset, parsed,
                                     float(after) if after is not None else None)
    return ok(t.json(time.time()), 201)


async def _ticket(request: Request) -> tuple[auth.Player, str]:
    player = player_of(request)
    ticket = request.path_params["ticket"]
    if not (isinstance(ticket, str) and len(ticket) == 16 and ticket.isalnum()):
        raise HTTPError(400, "bad_request", "a ticket is 16 letters and digits")
    return player, ticket


async def quick_poll(request: Request) -> Response:
    player, ticket = await _ticket(request)
    t = await request.app.state.server.quickmatch.poll(ticket, player.player_id)
    if t is None:
        raise HTTPError(404, "not_found", "no such ticket of yours (cancelled, or dropped after 20 s unasked)")
    return ok(t.json(time.time()))


async def quick_cancel(request: Request) -> Response:
    player, ticket = await _ticket(request)
    if not await request.app.state.server.quickmatch.cancel(ticket, player.player_id):
        raise HTTPError(409, "not_now", "no waiting ticket of yours to cancel (already seated, or gone)")
    return ok({"ok": True})


routes = [
    Route("/api/quickmatch", endpoint(quick_join), methods=["POST"]),
    Route("/api/quickmatch/{ticket}", endpoint(quick_poll)),
    Route("/api/quickmatch/{ticket}/cancel", endpoint(quick_cancel), methods=["POST"]),
    Route("/api/leaderboard", endpoint(board)),
    Route("/api/players/{player_id}/ratings", endpoint(ratings_of)),
]
