"""REST endpoints of the platform around the table (docs/protocol.md "Accounts"): sign-up (a guest
becomes an account on the same id), sign-in, refresh, sign-out, profiles.

Every handler asks :func:`caller` who is calling; the services in majiang/platform decide what
that caller may see."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from majiang.platform.accounts import AccountError
from majiang.platform.service import Platform
from majiang.server import auth
from majiang.server.rest import (
    PLAYER_RE,
    HTTPError,
    _bearer,
    body,
    client_ip,
    endpoint,
    ok,
    revoke_player,
    revoke_token,
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


async def profile(request: Request) -> Response:
    player_id = request.path_params["player_id"]
    if not PLAYER_RE.fullmatch(player_id):
        raise HTTPError(400, "bad_request", "a player id is 1-32 lowercase letters and digits")
    found = await platform_of(request).accounts.profile(player_id)
    if found is None:
        raise HTTPError(404, "not_found", "no such player")
    return ok(found)


routes = [
    Route("/api/account/register", platform_endpoint(register), methods=["POST"]),
    Route("/api/account/login", platform_endpoint(login), methods=["POST"]),
    Route("/api/account/refresh", platform_endpoint(refresh), methods=["POST"]),
    Route("/api/account/logout", platform_endpoint(logout), methods=["POST"]),
    Route("/api/account", platform_endpoint(my_account)),
    Route("/api/account/profile", platform_endpoint(edit_profile), methods=["POST"]),
    Route("/api/profiles/{player_id}", platform_endpoint(profile)),
]


def openapi_paths() -> dict[str, Any]:
    """These routes for majiang/server/openapi.py."""
    from majiang.server.openapi import PLAYER, _op

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
        "/api/profiles/{player_id}": {"get": _op("a player's profile and per-ruleset statistics",
                                                 params=[PLAYER])},
    }
