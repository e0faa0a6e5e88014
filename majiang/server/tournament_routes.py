"""Tournaments' endpoints (docs/tournaments.md): create (a club's owner or admin, or the operator),
list, read (players, rounds with their committed hashes and, once over, their seeds, tables, standings),
register, unregister, check in, start now, cancel, and the verification record."""

from __future__ import annotations

import re
import time
from typing import Any

import msgspec
from sqlalchemy import select
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from majiang.backend import auth
from majiang.backend.platform_schema import club_members, ratings
from majiang.backend.protocol import RoomSettings, check_options
from majiang.platform.clubs import ClubError
from majiang.platform.ratings import MODEL, mode_of
from majiang.platform.swiss import verify_record
from majiang.platform.tournaments import TournamentError
from majiang.rules.base import RulesetError
from majiang.rules.registry import RULESETS, make_ruleset
from majiang.server.rest import HTTPError, _bearer, body, endpoint, is_operator, ok, player_of, refuse_draining

TID_RE = re.compile(r"T[0-9A-Z]{7}")
MAX_ROUNDS, MAX_HANDS, MAX_CAPACITY = 16, 16, 256
CREATE_FIELDS = {"name", "club_id", "ruleset", "options", "rounds", "hands", "capacity", "start_at", "settings"}


def tournament_endpoint(fn: Any) -> Any:
    async def inner(request: Request) -> Response:
        try:
            return await fn(request)  # type: ignore[no-any-return]
        except (TournamentError, ClubError) as e:
            raise HTTPError(e.status, e.code, e.reason) from None
    return endpoint(inner)


def tid_of(request: Request) -> str:
    tid = str(request.path_params["tid"]).upper()
    if not TID_RE.fullmatch(tid):
        raise HTTPError(400, "bad_request", "a tournament id is T and 7 letters or digits")
    return tid


def _whole(data: dict[str, Any], key: str, lo: int, hi: int, default: int | None = None) -> int:
    v = data.get(key, default)
    if isinstance(v, bool) or not isinstance(v, int) or not lo <= v <= hi:
        raise HTTPError(400, "bad_request", f"{key} must be a whole number {lo}..{hi}")
    return v


async def my_clubs(server: Any, player_id: str | None) -> list[str]:
    if player_id is None:
        return []
    async with server.store.engine.connect() as c:
        rows = (await c.execute(select(club_members.c.club_id).where(
            club_members.c.player_id == player_id, club_members.c.status == "member"))).all()
    return [r[0] for r in rows]


async def visible(request: Request, tid: str) -> dict[str, Any]:
    """The event, if the caller may see it: the operator's to everyone, a club's to its members."""
    server = request.app.state.server
    t = await server.tournaments.events.row(tid)
    if t is not None and t["club_id"] is not None and not is_operator(request):
        p = auth.verify(server.settings.secret, _bearer(request), server.guard.revocations)
        if p is None or await server.platform.clubs.member(t["club_id"], p.player_id) is None:
            t = None
    if t is None:
        raise HTTPError(404, "not_found", f"no tournament {tid}")
    return t


async def may_run(request: Request, t: dict[str, Any]) -> None:
    """Starting or cancelling: the operator, or the club's owner or an admin (or whoever created it)."""
    if is_operator(request):
        return
    p = player_of(request)
    if p.player_id == t["created_by"]:
        return
    if t["club_id"] is not None:
        await request.app.state.server.platform.clubs.require(t["club_id"], p.player_id, manage=True)
        return
    raise HTTPError(403, "forbidden", "only the operator or the club's owner or admins run this tournament")


async def create(request: Request) -> Response:
    """``{"name", "club_id"?, "ruleset", "options", "rounds", "hands", "capacity", "start_at"?, "settings"?}``:
    ``start_at`` a Unix time, or null to start when ``capacity`` players have checked in."""
    server = request.app.state.server
    data = await body(request)
    unknown = set(data) - CREATE_FIELDS
    if unknown:
        raise HTTPError(400, "bad_request", f"unknown field {sorted(unknown)[0]!r} (known: "
                                            f"{', '.join(sorted(CREATE_FIELDS))})")
    name = data.get("name")
    if not isinstance(name, str) or not 1 <= len(name.strip()) <= 64:
        raise HTTPError(400, "bad_request", "name must be 1-64 characters")
    club_id = data.get("club_id")
    if is_operator(request):
        by = "operator"
        if club_id is not None:
            raise HTTPError(400, "bad_request", "the operator's tournaments belong to no club (leave out club_id)")
    else:
        p = player_of(request)
        if not isinstance(club_id, str):
            raise HTTPError(403, "forbidden", "a tournament is created by a club's owner or admin (give club_id) "
                                              "or by the operator")
        await server.platform.clubs.require(club_id, p.player_id, manage=True)
        by = p.player_id
    refuse_draining(server)
    ruleset, options = data.get("ruleset"), data.get("options", {})
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
    rounds = _whole(data, "rounds", 1, MAX_ROUNDS)
    hands = _whole(data, "hands", 1, MAX_HANDS)
    capacity = _whole(data, "capacity", 2, MAX_CAPACITY)
    start_at = data.get("start_at")
    if start_at is not None and (isinstance(start_at, bool) or not isinstance(start_at, int | float)
                                 or not time.time() - 60 <= start_at <= time.time() + 365 * 86400):
        raise HTTPError(400, "bad_request", "start_at must be a Unix time within the next year, or null "
                                            "(start when full)")
    settings = data.get("settings", {})
    if not isinstance(settings, dict) or set(settings) & {"hands", "public", "watch", "ranked"}:
        raise HTTPError(400, "bad_request", "settings must be an object of table clocks and levels "
                                            "(hands, public, watch and ranked are the tournament's own)")
    try:
        room = msgspec.convert({**settings, "hands": hands}, RoomSettings)
    except msgspec.ValidationError as e:
        raise HTTPError(400, "bad_request", f"settings: {e}") from None
    problem = room.check()
    if problem:
        raise HTTPError(400, "bad_request", f"settings: {problem}")
    tid = await server.tournaments.events.create(
        name=name.strip(), club_id=club_id, created_by=by, ruleset=ruleset, options=parsed, settings=settings,
        rounds=rounds, hands=hands, capacity=capacity, start_at=float(start_at) if start_at is not None else None)
    return ok(await server.tournaments.events.detail(tid), 201)


async def listing(request: Request) -> Response:
    server = request.app.state.server
    p = auth.verify(server.settings.secret, _bearer(request), server.guard.revocations)
    clubs = await my_clubs(server, p.player_id if p else None)
    return ok({"tournaments": await server.tournaments.events.listing(clubs)})


async def detail(request: Request) -> Response:
    tid = tid_of(request)
    await visible(request, tid)
    server = request.app.state.server
    d = await server.tournaments.events.detail(tid)
    # A round is written (seating, hashes, codes) before its rooms open; a code is given out only once
    # its room exists, so a player following it never meets "no room" in that moment.
    for rnd in d["rounds"]:
        for x in rnd["tables"]:
            if not x["finished"] and not await server.store.room_exists(x["room"]):
                x["room"] = None
    return ok(d)


async def record(request: Request) -> Response:
    """The verification record and the server's own check of it (``majiang verify --tournament``)."""
    tid = tid_of(request)
    await visible(request, tid)
    rec = await request.app.state.server.tournaments.events.record(tid)
    assert rec is not None
    problems = verify_record(rec)
    return ok({**rec, "ok": not problems, "problems": problems})


async def register(request: Request) -> Response:
    p = player_of(request)
    tid = tid_of(request)
    t = await visible(request, tid)
    server = request.app.state.server
    if not await server.platform.accounts.is_account(p.player_id):
        raise HTTPError(403, "account_needed", "tournaments are for accounts: turn your guest into an account "
                                               "(sign up) first")
    mode = mode_of(t["ruleset"], t["options"])
    async with server.store.engine.connect() as c:
        row = (await c.execute(select(ratings.c.mu).where(ratings.c.player_id == p.player_id,
                                                          ratings.c.ruleset == t["ruleset"],
                                                          ratings.c.mode == mode))).first()
    await server.tournaments.events.register(tid, p.player_id, p.name, float(row[0]) if row else MODEL.mu)
    return ok(await server.tournaments.events.detail(tid))


async def unregister(request: Request) -> Response:
    p = player_of(request)
    tid = tid_of(request)
    await visible(request, tid)
    await request.app.state.server.tournaments.events.unregister(tid, p.player_id)
    return ok(await request.app.state.server.tournaments.events.detail(tid))


async def check_in(request: Request) -> Response:
    p = player_of(request)
    tid = tid_of(request)
    await visible(request, tid)
    server = request.app.state.server
    await server.tournaments.events.check_in(tid, p.player_id)
    server.tournaments.wake.set()  # the last check-in of a "when full" event starts it now
    return ok(await server.tournaments.events.detail(tid))


async def start(request: Request) -> Response:
    tid = tid_of(request)
    t = await visible(request, tid)
    await may_run(request, t)
    if t["status"] != "registering":
        raise HTTPError(409, "not_now", f"the tournament is {t['status']}")
    server = request.app.state.server
    refuse_draining(server)
    await server.tournaments.start_now(tid)
    d = await server.tournaments.events.detail(tid)
    if d["status"] == "cancelled":
        raise HTTPError(409, "too_few", "fewer than 2 players had checked in: the tournament is cancelled")
    return ok(d)


async def cancel(request: Request) -> Response:
    tid = tid_of(request)
    t = await visible(request, tid)
    await may_run(request, t)
    if t["status"] != "registering":
        raise HTTPError(409, "not_now", f"the tournament is {t['status']}: only one not started is cancelled")
    if not await request.app.state.server.tournaments.events.set_status(tid, "cancelled", expect="registering",
                                                                        finished_at=time.time()):
        raise HTTPError(409, "not_now", "the tournament started meanwhile: only one not started is cancelled")
    return ok(await request.app.state.server.tournaments.events.detail(tid))


routes = [
    Route("/api/tournaments", tournament_endpoint(listing)),
    Route("/api/tournaments", tournament_endpoint(create), methods=["POST"]),
    Route("/api/tournaments/{tid}", tournament_endpoint(detail)),
    Route("/api/tournaments/{tid}/verify", tournament_endpoint(record)),
    Route("/api/tournaments/{tid}/register", tournament_endpoint(register), methods=["POST"]),
    Route("/api/tournaments/{tid}/unregister", tournament_endpoint(unregister), methods=["POST"]),
    Route("/api/tournaments/{tid}/checkin", tournament_endpoint(check_in), methods=["POST"]),
    Route("/api/tournaments/{tid}/start", tournament_endpoint(start), methods=["POST"]),
    Route("/api/tournaments/{tid}/cancel", tournament_endpoint(cancel), methods=["POST"]),
]


def openapi_paths() -> dict[str, Any]:
    from majiang.server.openapi import _op

    tid = {"name": "tid", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^T[0-9A-Z]{7}$"}}
    body_schema = {"type": "object", "required": ["name", "ruleset", "rounds", "hands", "capacity"], "properties": {
        "name": {"type": "string"}, "club_id": {"type": ["string", "null"]}, "ruleset": {"type": "string"},
        "options": {"type": "object"}, "rounds": {"type": "integer", "minimum": 1, "maximum": MAX_ROUNDS},
        "hands": {"type": "integer", "minimum": 1, "maximum": MAX_HANDS},
        "capacity": {"type": "integer", "minimum": 2, "maximum": MAX_CAPACITY},
        "start_at": {"type": ["number", "null"]}, "settings": {"type": "object"}}}
    own = "registered player"
    return {
        "/api/tournaments": {"get": _op("the operator's tournaments and those of my clubs"),
                             "post": _op("create a tournament (operator, or a club's owner or admin)",
                                         auth="operator or club manager", body=body_schema, ok=201)},
        "/api/tournaments/{tid}": {"get": _op("players, rounds (committed hashes; seeds once over), tables, "
                                              "standings", params=[tid])},
        "/api/tournaments/{tid}/verify": {"get": _op("the verification record and the server's check of it",
                                                     params=[tid])},
        "/api/tournaments/{tid}/register": {"post": _op("register (accounts only)", auth="player", params=[tid])},
        "/api/tournaments/{tid}/unregister": {"post": _op("withdraw before the start", auth=own, params=[tid])},
        "/api/tournaments/{tid}/checkin": {"post": _op("check in before the start", auth=own, params=[tid])},
        "/api/tournaments/{tid}/start": {"post": _op("start now with those checked in", auth="who runs it",
                                                     params=[tid])},
        "/api/tournaments/{tid}/cancel": {"post": _op("cancel one not started", auth="who runs it", params=[tid])},
    }
