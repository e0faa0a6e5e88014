"""REST endpoints of the platform around the table (docs/protocol.md "Accounts"): sign-up (a guest
becomes an account on the same id), sign-in, refresh, sign-out, profiles.

Every handler asks :func:`caller` who is calling; the services in majiang/platform decide what
that caller may see."""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from majiang.backend import auth, replay_codes
from majiang.platform import records
from majiang.platform.accounts import AccountError
from majiang.platform.service import Platform
from majiang.rules.registry import RULESETS
from majiang.server.rest import (
    CODE_RE,
    PLAYER_RE,
    HTTPError,
    _bearer,
    body,
    client_ip,
    code_of,
    endpoint,
    ok,
    revoke_player,
    revoke_token,
    small_int,
)

Handler = Callable[[Request], Awaitable[Response]]


def platform_of(request: Request) -> Platform:
    return request.app.state.server.platform  # type: ignore[no-any-return]


def caller(request: Request, required: bool = True) -> auth.Player | None:
    """Who is calling: the player of a valid, unrevoked token; None (``required`` False) or 401."""
    server = request.app.state.server
    p = auth.verify(server.settings.secret, _bearer(request), server.guard.revocations)
    if p is None and required:
        raise HTTPError(401, "unauthorized", "a valid player token is needed (Authorization: Bearer …); "
                                             "it may have expired or been revoked")
    return p


def platform_endpoint(fn: Handler) -> Any:
    """rest.endpoint (rate limits, errors in the API's format) and the services' refusals as answers."""
    async def wrapped(request: Request) -> Response:
        try:
            return await fn(request)
        except AccountError as e:
            raise HTTPError(e.status, e.code, e.reason) from None
    return endpoint(wrapped)


async def register(request: Request) -> Response:
    data = await body(request)
    guest = caller(request, required=False)
    issued = await platform_of(request).accounts.register(data.get("username"), data.get("password"),
                                                          data.get("name"), guest)
    return ok(issued.json(), 201)


async def login(request: Request) -> Response:
    data = await body(request)
    issued = await platform_of(request).accounts.login(data.get("username"), data.get("password"),
                                                       client_ip(request))
    return ok(issued.json())


async def refresh(request: Request) -> Response:
    issued = await platform_of(request).accounts.refresh((await body(request)).get("refresh"))
    return ok(issued.json())


async def logout(request: Request) -> Response:
    """Sign out: this access token and the given refresh token; ``everywhere``: every token of the
    player, on every device (access tokens revoked, refresh tokens forgotten)."""
    p = caller(request)
    assert p is not None
    data = await body(request)
    everywhere, given = data.get("everywhere", False), data.get("refresh")
    if not isinstance(everywhere, bool) or not (given is None or isinstance(given, str)):
        raise HTTPError(400, "bad_request", "everywhere must be true or false, refresh a string")
    server = request.app.state.server
    if everywhere:
        await revoke_player(server, p.player_id)  # forgets the refresh tokens too
    else:
        await revoke_token(server, p)
        if given is not None:
            await platform_of(request).accounts.drop_refresh(p.player_id, given)
    return ok({"ok": True})


async def my_account(request: Request) -> Response:
    p = caller(request)
    assert p is not None
    profile = await platform_of(request).accounts.profile(p.player_id, mine=True)
    if profile is None:
        raise HTTPError(404, "not_found", "no such player")
    return ok(profile)


async def edit_profile(request: Request) -> Response:
    p = caller(request)
    assert p is not None
    data = await body(request)
    return ok(await platform_of(request).accounts.update_profile(p, data.get("name"), data.get("avatar")))


async def my_settings(request: Request) -> Response:
    """GET: the account's stored client settings ({"settings": null} before it stored any);
    POST {"settings": {...}}: some of them changed (each checked), answering all of them. A guest: 403."""
    p = caller(request)
    assert p is not None
    prefs = platform_of(request).prefs
    if request.method == "GET":
        return ok({"settings": await prefs.get(p.player_id)})
    return ok({"settings": await prefs.patch(p.player_id, (await body(request)).get("settings"))})


async def profile(request: Request) -> Response:
    player_id = request.path_params["player_id"]
    if not PLAYER_RE.fullmatch(player_id):
        raise HTTPError(400, "bad_request", "a player id is 1-32 lowercase letters and digits")
    found = await platform_of(request).accounts.profile(player_id)
    if found is None:
        raise HTTPError(404, "not_found", "no such player")
    return ok(found)


# --- 战绩 and 回放码 -------------------------------------------------------------------------------
async def may_see_match(request: Request, match: dict[str, Any], who: auth.Player | None) -> bool:
    """A match's record is anyone's who knows its room code, except a club's: its members' (and its own
    players', whose record it is even after they left the club)."""
    club = match.get("club_id")
    if club is None or who is None:
        return club is None
    if await platform_of(request).clubs.member(club, who.player_id) is not None:
        return True
    async with request.app.state.server.store.engine.connect() as conn:
        return await records.played_in(conn, match["room_code"], who.player_id)


async def my_records(request: Request) -> Response:
    """The caller's matches, newest first: ``?ruleset=``, ``?club=``, ``?period=week|month|all``,
    ``?limit=`` (default 20, at most 100) and ``?offset=``."""
    p = caller(request)
    assert p is not None
    q = request.query_params
    ruleset = q.get("ruleset") or None
    if ruleset is not None and ruleset not in RULESETS:
        raise HTTPError(400, "bad_request", f"ruleset must be one of {', '.join(RULESETS)}")
    club = q.get("club") or None
    if club is not None and not CODE_RE.fullmatch(club):
        raise HTTPError(400, "bad_request", "club is a club id (letters and digits)")
    period = q.get("period", "all")
    if period not in records.PERIODS:
        raise HTTPError(400, "bad_request", f"period must be one of {', '.join(records.PERIODS)}")
    limit = small_int(q.get("limit", "20"), "limit")
    offset = small_int(q.get("offset", "0"), "offset")
    if not 1 <= limit <= 100:
        raise HTTPError(400, "bad_request", "limit must be 1..100")
    async with request.app.state.server.store.engine.connect() as conn:
        found = await records.matches_of(conn, p.player_id, ruleset=ruleset, club_id=club, period=period,
                                         now=time.time(), limit=limit, offset=offset)
    return ok(found)


async def match(request: Request) -> Response:
    """A match's summary (places, totals, each hand and its replay code, the best hand)."""
    code = code_of(request)
    async with request.app.state.server.store.engine.connect() as conn:
        found = await records.match_summary(conn, code)
    if found is None or not await may_see_match(request, found, caller(request, required=False)):
        raise HTTPError(404, "not_found", f"no match record for room {code}")
    return ok(found)


async def replay_code(request: Request) -> Response:
    """The hand a 回放码 names. Codes that name nothing are limited per address (every node counts them):
    codes are not for guessing."""
    await codes_allowed(request, "replay codes")
    code = replay_codes.clean_replay_code(request.path_params["code"])
    if code is None:
        await code_missed(request)
        raise HTTPError(400, "bad_request", f"a replay code is {replay_codes.CODE_LEN} of the characters "
                                            f"{replay_codes.ALPHABET} (dashes and spaces are ignored)")
    async with request.app.state.server.store.engine.connect() as conn:
        target = await records.replay_target(conn, code)
    if target is None or not await may_see_match(request, target, caller(request, required=False)):
        await code_missed(request)
        raise HTTPError(404, "not_found", "no hand has that replay code")
    return ok(target)


async def codes_allowed(request: Request, what: str) -> None:
    """429 while the caller's address has used up its misses (replay, invite and player codes alike)."""
    wait = await platform_of(request).code_misses.wait_shared(client_ip(request))
    if wait is not None:
        raise HTTPError(429, "rate_limited", f"too many {what} that named nothing from your address; "
                                             f"try again in {wait:.0f} s")


async def code_missed(request: Request) -> None:
    await platform_of(request).code_misses.miss_shared(client_ip(request))


routes = [
    Route("/api/account/register", platform_endpoint(register), methods=["POST"]),
    Route("/api/account/login", platform_endpoint(login), methods=["POST"]),
    Route("/api/account/refresh", platform_endpoint(refresh), methods=["POST"]),
    Route("/api/account/logout", platform_endpoint(logout), methods=["POST"]),
    Route("/api/account", platform_endpoint(my_account)),
    Route("/api/account/profile", platform_endpoint(edit_profile), methods=["POST"]),
    Route("/api/account/settings", platform_endpoint(my_settings), methods=["GET", "POST"]),
    Route("/api/profiles/{player_id}", platform_endpoint(profile)),
    Route("/api/records", platform_endpoint(my_records)),
    Route("/api/matches/{code}", platform_endpoint(match)),
    Route("/api/replay-codes/{code}", platform_endpoint(replay_code)),
]


def openapi_paths() -> dict[str, Any]:
    """These routes for majiang/server/openapi.py."""
    from majiang.server.openapi import CODE, PLAYER, _op, _query

    obj = {"type": "object"}
    return {
        "/api/account/register": {"post": _op("make an account (with a guest token: that guest, same id)",
                                              body={**obj, "required": ["username", "password"], "properties": {
                                                  "username": {"type": "string", "pattern": "^[A-Za-z0-9_]{3,20}$"},
                                                  "password": {"type": "string", "minLength": 8, "maxLength": 128},
                                                  "name": {"type": "string"}}}, ok=201)},
        "/api/account/login": {"post": _op("sign in: an access and a refresh token", body={
            **obj, "required": ["username", "password"],
            "properties": {"username": {"type": "string"}, "password": {"type": "string"}}})},
        "/api/account/refresh": {"post": _op("a new access and refresh token for a refresh token (used up)",
                                             body={**obj, "required": ["refresh"],
                                                   "properties": {"refresh": {"type": "string"}}})},
        "/api/account/logout": {"post": _op("sign out here, or everywhere", auth="player", body={
            **obj, "properties": {"refresh": {"type": "string"}, "everywhere": {"type": "boolean"}}})},
        "/api/account": {"get": _op("my profile (with username)", auth="player")},
        "/api/account/profile": {"post": _op("change my display name and/or avatar", auth="player", body={
            **obj, "properties": {"name": {"type": "string"}, "avatar": {"type": "integer", "minimum": 0}}})},
        "/api/account/settings": {
            "get": _op("my client settings as stored for my account (null before any)", auth="player"),
            "post": _op("change some of my client settings (an account's; a guest gets 403)", auth="player", body={
                **obj, "required": ["settings"], "properties": {"settings": obj}})},
        "/api/profiles/{player_id}": {"get": _op("a player's profile and per-ruleset statistics",
                                                 params=[PLAYER])},
        "/api/records": {"get": _op("my matches (战绩), newest first", auth="player", params=[
            _query("ruleset", {"type": "string"}), _query("club", {"type": "string"}),
            _query("period", {"type": "string", "enum": list(records.PERIODS)}),
            _query("limit", {"type": "string", "pattern": "^[0-9]{1,9}$"}),
            _query("offset", {"type": "string", "pattern": "^[0-9]{1,9}$"})])},
        "/api/matches/{code}": {"get": _op("a match's summary: places, totals, hands, replay codes", params=[CODE])},
        "/api/replay-codes/{code}": {"get": _op("the hand a replay code (回放码) names", params=[
            {"name": "code", "in": "path", "required": True, "schema": {"type": "string", "maxLength": 32}}])},
    }
