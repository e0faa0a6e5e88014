"""REST endpoints of 亲友圈 clubs (docs/protocol.md "Clubs"). Each asks platform_routes.caller who
calls and majiang/platform/clubs.py whether that player is a member (and with which role)."""

from __future__ import annotations

import csv
import io
import time
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from majiang.backend import journal, replay_codes
from majiang.backend.protocol import RoomCreate
from majiang.platform import records
from majiang.platform.clubs import BOARD_SORTS, ClubError
from majiang.server.platform_routes import caller, code_missed, codes_allowed, platform_of
from majiang.server.quotas import held
from majiang.server.rest import (
    CODE_RE,
    PLAYER_RE,
    HTTPError,
    body,
    endpoint,
    ok,
    open_room,
    small_int,
)

SETTING_KEYS = ("hands", "discard_seconds", "claim_seconds", "ready_seconds", "grace_seconds", "vote_seconds",
                "bot_delay", "watch", "watch_delay", "max_timeouts", "same_address")


def club_endpoint(fn: Any) -> Any:
    async def wrapped(request: Request) -> Response:
        try:
            return await fn(request)  # type: ignore[no-any-return]
        except ClubError as e:
            raise HTTPError(e.status, e.code, e.reason) from None
    return endpoint(wrapped)


def club_id_of(request: Request) -> str:
    club_id = request.path_params["club_id"]
    if not CODE_RE.fullmatch(club_id):
        raise HTTPError(404, "not_found", "no such club (or you are not a member)")
    return str(club_id)


def player_param(request: Request) -> str:
    pid = request.path_params["player_id"]
    if not PLAYER_RE.fullmatch(pid):
        raise HTTPError(400, "bad_request", "a player id is 1-32 lowercase letters and digits")
    return str(pid)


def me(request: Request) -> str:
    p = caller(request)
    assert p is not None
    return p.player_id


def room_spec(data: dict[str, Any]) -> RoomCreate:
    try:
        return msgspec.convert(data, RoomCreate)
    except msgspec.ValidationError as e:
        raise HTTPError(400, "bad_request", str(e)) from None


async def create(request: Request) -> Response:
    """A club: name, description and the preset its rooms are made from (a RoomCreate's ruleset,
    options and settings), ``own_options``: whether members may open rooms with options of their own."""
    player = me(request)
    data = await body(request)
    preset = data.get("preset") or {"ruleset": "anqing"}
    if not isinstance(preset, dict):
        raise HTTPError(400, "bad_request", "preset must be an object (ruleset, options, hands, clocks)")
    spec = room_spec(preset)
    problem = spec.settings().check()
    if problem:
        raise HTTPError(400, "bad_request", f"preset: {problem}")
    own = data.get("own_options", False)
    if not isinstance(own, bool):
        raise HTTPError(400, "bad_request", "own_options must be true or false")
    settings = {k: v for k, v in msgspec.to_builtins(spec).items() if k in SETTING_KEYS}
    club = await platform_of(request).clubs.create(player, data.get("name"), data.get("description"),
                                                   spec.ruleset, spec.options, settings, own)
    return ok(club, 201)


async def mine(request: Request) -> Response:
    return ok(await platform_of(request).clubs.mine(me(request)))


async def info(request: Request) -> Response:
    found = await platform_of(request).clubs.info(club_id_of(request), me(request))
    if found is None:
        raise HTTPError(404, "not_found", "no such club (or you are not a member)")
    return ok(found)


async def _invite(request: Request, text: object) -> str:
    """An invite code from the path or body; codes that name nothing are limited per address like
    replay codes (the same MissThrottle)."""
    await codes_allowed(request, "invite codes")
    code = replay_codes.clean_replay_code(text)  # the same alphabet and length
    if code is None:
        await code_missed(request)
        raise HTTPError(400, "bad_invite", f"an invite code is 8 of the characters {replay_codes.ALPHABET}")
    return code


async def preview(request: Request) -> Response:
    code = await _invite(request, request.path_params["code"])
    found = await platform_of(request).clubs.preview(code)
    if found is None:
        await code_missed(request)
        raise HTTPError(404, "bad_invite", "that invite code is wrong or no longer valid")
    return ok(found)


async def join(request: Request) -> Response:
    player = me(request)
    code = await _invite(request, (await body(request)).get("invite_code"))
    try:
        out = await platform_of(request).clubs.request_join(code, player)
    except ClubError as e:
        if e.code == "bad_invite":
            await code_missed(request)
        raise
    await notify_join_request(request, out, player)
    return ok(out)


async def club_notice(request: Request, club_id: str, to: list[str], what: str, **data: Any) -> None:
    """A club notice on the lobby socket (majiang/server/lobby.py) of each of ``to``."""
    if to:
        name, _ = await platform_of(request).clubs.people(club_id)
        await request.app.state.server.lobby.push(to, "club", club={"club_id": club_id, "name": name}, what=what,
                                                  **data)


async def notify_join_request(request: Request, out: dict[str, Any], player_id: str) -> None:
    """Tell the club's owner and admins someone asked to join (they approve on the club's page)."""
    club_id = str(out["club_id"])
    p = caller(request)
    _, managers = await platform_of(request).clubs.people(club_id, manage=True)
    await club_notice(request, club_id, managers, "join_request",
                      player={"player_id": player_id, "name": p.name if p else ""})


async def members(request: Request) -> Response:
    return ok(await platform_of(request).clubs.members(club_id_of(request), me(request)))


async def answer(request: Request) -> Response:
    club_id, other = club_id_of(request), player_param(request)
    approve = (await body(request)).get("approve")
    await platform_of(request).clubs.answer_request(club_id, me(request), other, approve)
    await club_notice(request, club_id, [other], "approved" if approve else "refused")
    return ok({"ok": True})


async def act(request: Request) -> Response:
    await platform_of(request).clubs.act_on(club_id_of(request), me(request), player_param(request),
                                            (await body(request)).get("action"))
    return ok({"ok": True})


async def leave(request: Request) -> Response:
    await platform_of(request).clubs.leave(club_id_of(request), me(request))
    return ok({"ok": True})


async def transfer(request: Request) -> Response:
    await platform_of(request).clubs.transfer(club_id_of(request), me(request), (await body(request)).get("player_id"))
    return ok({"ok": True})


async def dissolve(request: Request) -> Response:
    await platform_of(request).clubs.dissolve(club_id_of(request), me(request))
    return ok({"ok": True})


async def new_invite(request: Request) -> Response:
    return ok({"invite_code": await platform_of(request).clubs.new_invite(club_id_of(request), me(request))})


async def create_room(request: Request) -> Response:
    """A club room from the preset (or, if the club allows, the member's own options); private (never in
    the public lobby), seen, joined and watched by members only; the creator takes seat 0."""
    clubs = platform_of(request).clubs
    club_id = club_id_of(request)
    caller_p = caller(request)
    assert caller_p is not None
    await clubs.require(club_id, caller_p.player_id)
    ruleset, options, settings, own = await clubs.preset(club_id)
    data = await body(request)
    spec_data: dict[str, Any] = {"ruleset": ruleset, "options": options, **settings}
    if own:
        spec_data.update({k: v for k, v in data.items() if k in ("ruleset", "options", *SETTING_KEYS)})
    elif any(k in data for k in ("ruleset", "options", *SETTING_KEYS)):
        raise HTTPError(403, "forbidden", "this club's rooms use its preset (the owner may allow own options)")
    spec = room_spec({**spec_data, "public": False})
    room_settings = spec.settings()
    problem = room_settings.check()
    if problem:
        raise HTTPError(400, "bad_request", problem)
    server = request.app.state.server
    rooms, seats = await held(server, caller_p.player_id)
    if rooms >= server.settings.limits.rooms_per_token or seats >= server.settings.limits.seats_per_token:
        raise HTTPError(429, "quota", "you hold too many open rooms or seats; finish one first")
    table = await open_room(server, spec.ruleset, spec.options, room_settings, caller_p.player_id)
    await clubs.add_room(club_id, table.code, caller_p.player_id)
    async with table.lock:
        await table.commit(journal.Seat(seat=0, player_id=caller_p.player_id, name=caller_p.name))
        await table.settle(room=True, hand=False)
        table.await_connection(0)
    _, everyone = await clubs.people(club_id)
    await club_notice(request, club_id, [p for p in everyone if p != caller_p.player_id], "room",
                      room=table.code, by={"player_id": caller_p.player_id, "name": caller_p.name})
    return ok({"room": table.room_json(), "seat": 0, "club_id": club_id}, 201)


async def rooms(request: Request) -> Response:
    """The club's open and running rooms (waiting or playing), newest first."""
    clubs = platform_of(request).clubs
    club_id = club_id_of(request)
    await clubs.require(club_id, me(request))
    registry = request.app.state.server.registry
    out = []
    for code in await clubs.room_codes(club_id):
        table = await registry.get(code)
        if table is not None and table.state.status in ("waiting", "playing"):
            out.append(table.room_json())
    return ok({"rooms": out})


def _period(request: Request) -> str:
    period = request.query_params.get("period", "all")
    if period not in records.PERIODS:
        raise HTTPError(400, "bad_request", f"period must be one of {', '.join(records.PERIODS)}")
    return period


async def club_records(request: Request) -> Response:
    clubs = platform_of(request).clubs
    club_id = club_id_of(request)
    await clubs.require(club_id, me(request))
    limit = small_int(request.query_params.get("limit", "20"), "limit")
    offset = small_int(request.query_params.get("offset", "0"), "offset")
    if not 1 <= limit <= 100:
        raise HTTPError(400, "bad_request", "limit must be 1..100")
    return ok(await clubs.records(club_id, _period(request), time.time(), limit, offset))


async def board(request: Request) -> Response:
    """Members' totals over a period, sorted (``?sort=points|hands|wins|self_draws``); ``?format=csv``."""
    clubs = platform_of(request).clubs
    club_id = club_id_of(request)
    await clubs.require(club_id, me(request))
    sort = request.query_params.get("sort", "points")
    if sort not in BOARD_SORTS:
        raise HTTPError(400, "bad_request", f"sort must be one of {', '.join(BOARD_SORTS)}")
    period = _period(request)
    rows = await clubs.board(club_id, period, sort, time.time())
    fmt = request.query_params.get("format", "json")
    if fmt == "csv":
        out = io.StringIO()
        cols = ["player_id", "name", "hands", "wins", "self_draws", "deal_ins", "points", "best"]
        w = csv.DictWriter(out, fieldnames=cols)
        w.writeheader()
        for r in rows:  # a name starting with = + - @ would be a formula to a spreadsheet: quoted as text
            w.writerow({**r, "name": "'" + r["name"] if r["name"] and r["name"][0] in "=+-@" else r["name"]})
        return Response(out.getvalue(), media_type="text/csv; charset=utf-8", headers={
            "content-disposition": f'attachment; filename="club-{club_id}-{period}.csv"'})
    if fmt != "json":
        raise HTTPError(400, "bad_request", "format must be json or csv")
    return ok({"period": period, "sort": sort, "board": rows})


routes = [
    Route("/api/clubs", club_endpoint(mine)),
    Route("/api/clubs", club_endpoint(create), methods=["POST"]),
    Route("/api/clubs/join", club_endpoint(join), methods=["POST"]),
    Route("/api/clubs/invites/{code}", club_endpoint(preview)),
    Route("/api/clubs/{club_id}", club_endpoint(info)),
    Route("/api/clubs/{club_id}/members", club_endpoint(members)),
    Route("/api/clubs/{club_id}/requests/{player_id}", club_endpoint(answer), methods=["POST"]),
    Route("/api/clubs/{club_id}/members/{player_id}", club_endpoint(act), methods=["POST"]),
    Route("/api/clubs/{club_id}/leave", club_endpoint(leave), methods=["POST"]),
    Route("/api/clubs/{club_id}/transfer", club_endpoint(transfer), methods=["POST"]),
    Route("/api/clubs/{club_id}/dissolve", club_endpoint(dissolve), methods=["POST"]),
    Route("/api/clubs/{club_id}/invite", club_endpoint(new_invite), methods=["POST"]),
    Route("/api/clubs/{club_id}/rooms", club_endpoint(rooms)),
    Route("/api/clubs/{club_id}/rooms", club_endpoint(create_room), methods=["POST"]),
    Route("/api/clubs/{club_id}/records", club_endpoint(club_records)),
    Route("/api/clubs/{club_id}/board", club_endpoint(board)),
]


def openapi_paths() -> dict[str, Any]:
    from majiang.server.openapi import _op, _query

    club = {"name": "club_id", "in": "path", "required": True, "schema": {"type": "string"}}
    pid = {"name": "player_id", "in": "path", "required": True, "schema": {"type": "string"}}
    obj = {"type": "object"}
    period = _query("period", {"type": "string", "enum": list(records.PERIODS)})
    m = "club member"
    return {
        "/api/clubs": {"get": _op("my clubs and my pending requests", auth="player"),
                       "post": _op("create a club", auth="player", body=obj, ok=201)},
        "/api/clubs/join": {"post": _op("ask to join by invite code", auth="player", body={
            **obj, "properties": {"invite_code": {"type": "string"}}})},
        "/api/clubs/invites/{code}": {"get": _op("what an invite code shows (name, description, size)", params=[
            {"name": "code", "in": "path", "required": True, "schema": {"type": "string"}}])},
        "/api/clubs/{club_id}": {"get": _op("the club", auth=m, params=[club])},
        "/api/clubs/{club_id}/members": {"get": _op("members (and requests, bans for admins)", auth=m,
                                                    params=[club])},
        "/api/clubs/{club_id}/requests/{player_id}": {"post": _op("approve or refuse a request", auth="club admin",
                                                                  params=[club, pid], body=obj)},
        "/api/clubs/{club_id}/members/{player_id}": {"post": _op("kick, ban, unban, make admin or member",
                                                                 auth="club admin", params=[club, pid], body=obj)},
        "/api/clubs/{club_id}/leave": {"post": _op("leave the club", auth=m, params=[club])},
        "/api/clubs/{club_id}/transfer": {"post": _op("hand the club over", auth="club owner", params=[club],
                                                      body=obj)},
        "/api/clubs/{club_id}/dissolve": {"post": _op("dissolve the club", auth="club owner", params=[club])},
        "/api/clubs/{club_id}/invite": {"post": _op("a new invite code", auth="club admin", params=[club])},
        "/api/clubs/{club_id}/rooms": {"get": _op("the club's open and running rooms", auth=m, params=[club]),
                                       "post": _op("open a club room", auth=m, params=[club], body=obj, ok=201)},
        "/api/clubs/{club_id}/records": {"get": _op("the club's matches", auth=m, params=[club, period])},
        "/api/clubs/{club_id}/board": {"get": _op("members' totals over a period (JSON or CSV)", auth=m, params=[
            club, period, _query("sort", {"type": "string", "enum": list(BOARD_SORTS)}),
            _query("format", {"type": "string", "enum": ["json", "csv"]})])},
    }


