"""REST endpoints (docs/protocol.md): sessions, rooms, history, settlements, records, replays."""

from __future__ import annotations

import gc
import json
import logging
import re
import time
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from majiang.backend import auth, journal
from majiang.backend.protocol import RoomCreate, RoomSettings, check_options, encoder
from majiang.bots.levels import LEVELS
from majiang.core.events import redact
from majiang.engine.replay import decode as decode_replay
from majiang.engine.replay import rebuild as rebuild_replay
from majiang.engine.view import seat_view
from majiang.rules.base import RulesetError
from majiang.rules.registry import ENTRIES, make_ruleset
from majiang.server import addresses
from majiang.server.botpace import PACE
from majiang.server.intents import add_bots, dissolve
from majiang.server.live_table import LiveTable, TableError
from majiang.server.logs import TABLE
from majiang.server.memwatch import rss_mb
from majiang.server.quotas import held
from majiang.server.revocation import close_revoked
from majiang.server.room_view import stored_room
from majiang.server.services import Server
from majiang.server.stats import match_stats
from majiang.server.table_registry import new_code
from majiang.server.table_state import TableState

log = logging.getLogger("majiang.server")
TABLE_ERROR_STATUS = {"bad_message": 400, "internal": 500}  # other refusals of a table are 409


class HTTPError(Exception):
    def __init__(self, status: int, code: str, reason: str) -> None:
        self.status, self.code, self.reason = status, code, reason


class NoRoom(HTTPError):
    """The code names no room (or none the caller may see): a miss that slows down code guessing."""

    def __init__(self, reason: str) -> None:
        super().__init__(404, "not_found", reason)


def ok(data: Any, status: int = 200) -> Response:
    return Response(encoder.encode(data), status_code=status, media_type="application/json")


def fail(status: int, code: str, reason: str) -> JSONResponse:
    return JSONResponse({"error": code, "reason": reason}, status_code=status)


def _bearer(request: Request) -> str | None:
    h = request.headers.get("authorization", "")
    if h.lower().startswith("bearer "):
        return h[7:].strip()
    return request.headers.get("x-operator-token")


def player_of(request: Request) -> auth.Player:
    server = request.app.state.server
    p = auth.verify(server.secret, _bearer(request), server.guard.revocations)
    if p is None:
        raise HTTPError(401, "unauthorized", "a valid player token is needed (Authorization: Bearer …); "
                                             "it may have expired or been revoked")
    return p


def client_ip(request: Request) -> str:
    return request.client.host if request.client else "?"


def is_operator(request: Request) -> bool:
    """The operator token, or the token of an account with the operator role (granted with the token:
    ``POST /api/admin/operators``; its tokens are revoked when the role is taken away)."""
    server = request.app.state.server
    token = _bearer(request)
    if auth.operator_ok(server.settings.operator_token, token):
        return True
    p = auth.verify(server.settings.secret, token, server.guard.revocations)
    return p is not None and p.role == "operator"


async def body(request: Request) -> dict[str, Any]:
    """The JSON object in the body. The size is checked while it streams (BodyLimit has already refused
    a declared length over the limit), so a huge body is never held in memory."""
    limit = request.app.state.server.limits.body_bytes
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise HTTPError(413, "too_large", f"the request body is over {limit} bytes")
        chunks.append(chunk)
    try:
        data = _json_decoder.decode(b"".join(chunks) or b"{}")
    except (msgspec.DecodeError, RecursionError):  # msgspec refuses very deep nesting with RecursionError
        raise HTTPError(400, "bad_request", "the body is not JSON (or nests too deeply)") from None
    if not isinstance(data, dict):
        raise HTTPError(400, "bad_request", "the body must be a JSON object")
    return data


_json_decoder = msgspec.json.Decoder()
CODE_RE = re.compile(r"[A-Za-z0-9]{1,16}")
PLAYER_RE = re.compile(r"[a-z0-9]{1,32}")
MAX_HAND_NO = 10**6


def code_of(request: Request) -> str:
    """The room code in the path: letters and digits only (no NUL, no 300-character junk reaching SQL)."""
    code = request.path_params["code"]
    if not CODE_RE.fullmatch(code):
        raise HTTPError(400, "bad_request", "a room code is 1-16 letters and digits")
    return str(code).upper()


def hand_no_of(request: Request) -> int:
    n = request.path_params["n"]
    if not 1 <= n <= MAX_HAND_NO:  # a database integer column overflows long before 2**63
        raise HTTPError(400, "bad_request", f"hand number must be 1..{MAX_HAND_NO}")
    return int(n)


def small_int(text: str, what: str) -> int:
    """A query parameter that must be a plain non-negative whole number (ASCII digits, no sign)."""
    if not (text.isascii() and text.isdigit() and len(text) <= 9):
        raise HTTPError(400, "bad_request", f"{what} must be a whole number")
    return int(text)


async def visible_code(request: Request) -> str:
    """The room code in the path, if the caller may see that room: a club's room only to the club's
    members (majiang/platform/clubs.py decides), or the operator; anyone else is told there is no such room."""
    code = code_of(request)
    server = request.app.state.server
    if not is_operator(request):
        p = auth.verify(server.secret, _bearer(request), server.guard.revocations)
        if not await server.platform.clubs.may_enter(code, p.player_id if p else None):
            raise NoRoom(f"no room {code}")
    return code


async def table_of(request: Request) -> LiveTable:
    code = await visible_code(request)
    server = request.app.state.server
    table = await server.registry.get(code)
    if table is None:
        room = await server.store.room(code) if server.cluster is not None else None
        if room is not None and room["status"] not in ("finished", "dissolved"):
            # another node is taking the table over (its lease expiring or being claimed): try again
            raise HTTPError(503, "unavailable", f"room {code} is moving to another server; try again")
        raise NoRoom(f"no live room {code}")
    return table


def throttle(request: Request) -> None:
    """Rate limits on every write (POST): per client address, and per player when a token is sent."""
    guard = request.app.state.server.guard
    if not guard.write_ip.allow(client_ip(request)):
        raise HTTPError(429, "rate_limited", "too many requests from your address; slow down")
    player = auth.verify(request.app.state.server.settings.secret, _bearer(request))
    if player is not None and not guard.write_token.allow(player.player_id):
        raise HTTPError(429, "rate_limited", "too many requests with this player's token; slow down")


async def refuse_banned(request: Request) -> None:
    """A write from an address the operator banned is refused (the operator's own console is not)."""
    oversight = request.app.state.server.oversight
    if oversight is None or request.url.path.startswith("/api/admin/") or "/admin/" in request.url.path:
        return
    await oversight.fresh()
    ban = oversight.banned("address", client_ip(request))
    if ban is not None:
        until = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(ban["until"]))
        raise HTTPError(403, "banned", f"this address is banned until {until}: {ban['reason']}")


async def check_account(server: Server, player_id: str) -> None:
    """Ranked rooms are for accounts: a rated match is between four accounts (majiang/platform/ranked.py)."""
    if server.platform is None or not await server.platform.accounts.is_account(player_id):
        raise HTTPError(403, "account_needed", "ranked rooms are for accounts: turn your guest into an account "
                                               "(sign up) first")


def refuse_draining(server: Server) -> None:
    if server.oversight is not None and server.oversight.draining:
        raise HTTPError(503, "draining", "the server is draining before an upgrade: no new rooms for now; "
                                         "running matches play on")


def endpoint(fn: Any) -> Any:
    async def wrapped(request: Request) -> Response:
        code = request.path_params.get("code")
        if isinstance(code, str) and CODE_RE.fullmatch(code):
            TABLE.set(code.upper())  # the records this request logs name its room (majiang/server/logs.py)
        guard = request.app.state.server.guard
        try:
            if request.method == "POST":
                throttle(request)
                await refuse_banned(request)
            elif not is_operator(request) and not guard.read_ip.allow(client_ip(request)):
                # every read too (issue 30: GETs had no limit), but the operator's monitoring
                raise HTTPError(429, "rate_limited", "too many requests from your address; slow down")
            if isinstance(code, str):
                wait = guard.room_codes.wait(client_ip(request))
                if wait is not None:
                    raise HTTPError(429, "rate_limited", "too many room codes that named no room from your "
                                                         f"address; try again in {wait:.0f} s")
            return await fn(request)  # type: ignore[no-any-return]
        except HTTPError as e:
            if isinstance(e, NoRoom):
                guard.room_codes.miss(client_ip(request))
            headers = {"retry-after": "1"} if e.status in (429, 503) else None
            return JSONResponse({"error": e.code, "reason": e.reason}, status_code=e.status, headers=headers)
        except TableError as e:
            return fail(TABLE_ERROR_STATUS.get(e.code, 409), e.code, e.reason)
        except Exception:  # a bug answers 500 in the API's own format; the traceback goes to the log
            log.exception("%s %s failed", request.method, request.url.path)
            return fail(500, "internal", "the server failed to handle this request")
    return wrapped


# --- handlers ---------------------------------------------------------------------------------
async def session(request: Request) -> Response:
    name, problem = auth.name_problem((await body(request)).get("name"))
    if name is None:
        raise HTTPError(400, "bad_request", problem)
    server = request.app.state.server
    token, player = auth.issue(server.settings.secret, name, server.limits.token_seconds)
    await server.store.add_player(player.player_id, name)
    return ok({"token": token, "player_id": player.player_id, "name": name, "expires": player.expires})


async def renew(request: Request) -> Response:
    """A fresh token for the same player (the client renews before its token expires)."""
    p = player_of(request)
    server = request.app.state.server
    limits = server.settings.limits  # an account's access token stays short: its refresh token is the long one
    lifetime = limits.access_seconds if await server.platform.accounts.is_account(p.player_id) else limits.token_seconds
    token, player = auth.issue(server.settings.secret, p.name, lifetime, p.player_id, p.role)
    return ok({"token": token, "player_id": player.player_id, "name": player.name, "expires": player.expires})


async def logout(request: Request) -> Response:
    """Revoke this token (``{"everywhere": true}``: every token of this player issued until now)."""
    p = player_of(request)
    everywhere = (await body(request)).get("everywhere", False)
    if not isinstance(everywhere, bool):
        raise HTTPError(400, "bad_request", "everywhere must be true or false")
    server = request.app.state.server
    if everywhere:
        await revoke_player(server, p.player_id)
    else:
        await revoke_token(server, p)
    return ok({"ok": True})


async def revoke(request: Request) -> Response:
    """Operator: revoke one token (``{"token": …}``) or every token of a player (``{"player_id": …}``)."""
    if not is_operator(request):
        raise HTTPError(403, "forbidden", "revoking tokens needs the operator token")
    data = await body(request)
    server = request.app.state.server
    if isinstance(data.get("player_id"), str) and PLAYER_RE.fullmatch(data["player_id"]):
        await revoke_player(server, data["player_id"])
    elif isinstance(data.get("token"), str):
        p = auth.verify(server.secret, data["token"])
        if p is None:
            raise HTTPError(400, "bad_request", "token is not a valid token (already expired, or forged)")
        await revoke_token(server, p)
    else:
        raise HTTPError(400, "bad_request", "give token (a token) or player_id (a player id)")
    return ok({"ok": True})


async def revoke_token(server: Server, p: auth.Player) -> None:
    server.guard.revocations.prune(time.time())
    server.guard.revocations.tokens[p.token_id] = p.expires
    await server.store.revoke("token", p.token_id, p.expires)
    await close_revoked(server.registry, server.guard.revocations)  # its open sockets go too


async def revoke_player(server: Server, player_id: str) -> None:
    now = time.time()
    server.guard.revocations.players[player_id] = now
    await server.store.revoke("player", player_id, now)
    await server.platform.accounts.drop_refresh(player_id)  # an account's refresh tokens go as well
    await close_revoked(server.registry, server.guard.revocations)  # their open sockets go too


async def me(request: Request) -> Response:
    p = player_of(request)
    return ok({"player_id": p.player_id, "name": p.name})


_rulesets: tuple[tuple[str, ...], bytes] | None = None


async def rulesets(request: Request) -> Response:
    """Everything the browser shows of each ruleset, from its registry entry: options with their
    defaults, labels and help, its modes, and each mode's scoring table and scored example for the
    rules page. It depends on nothing but the code and the entries registered, so it is built once
    per set of entries (scoring the examples on every lobby load cost ≈ 4 ms of the loop's time)."""
    global _rulesets
    names = tuple(ENTRIES)
    if _rulesets is None or _rulesets[0] != names:
        out = [e.for_clients() for e in ENTRIES.values()]
        _rulesets = (names, encoder.encode({"rulesets": out, "settings": msgspec.to_builtins(RoomSettings())}))
    return Response(_rulesets[1], media_type="application/json")


async def list_rooms(request: Request) -> Response:
    """Open rooms (``?watch=1``: the rooms being played that one may watch), a page at a time: ``?limit=``
    (default page_size, at most max_page) and ``?offset=``."""
    server = request.app.state.server
    limits = server.limits
    limit = small_int(request.query_params.get("limit", str(limits.page_size)), "limit")
    offset = small_int(request.query_params.get("offset", "0"), "offset")
    if not 1 <= limit <= limits.max_page:
        raise HTTPError(400, "bad_request", f"limit must be 1..{limits.max_page}")
    registry = server.registry
    tables = await (registry.watchable_tables() if request.query_params.get("watch") else registry.open_tables())
    page = tables[offset:offset + limit]
    more = offset + limit < len(tables)
    return ok({"rooms": [t.room_json() for t in page], "total": len(tables),
               "next": offset + limit if more else None})


async def check_seat_quota(server: Server, player_id: str) -> None:
    cap = server.limits.seats_per_token
    if (await held(server, player_id))[1] >= cap:
        raise HTTPError(429, "quota", f"you already hold {cap} seats in open rooms; leave one first")


async def create_room(request: Request) -> Response:
    player = player_of(request)
    try:
        spec = msgspec.convert(await body(request), RoomCreate)
    except msgspec.ValidationError as e:
        raise HTTPError(400, "bad_request", str(e)) from None
    settings = spec.settings()
    problem = settings.check()
    if problem:
        raise HTTPError(400, "bad_request", problem)
    server = request.app.state.server
    refuse_draining(server)
    if settings.ranked:
        await check_account(server, player.player_id)
    rooms, _ = await held(server, player.player_id)
    if rooms >= server.limits.rooms_per_token:
        raise HTTPError(429, "quota", f"you already have {rooms} open rooms (the most allowed); "
                                      "finish or wait for one to close")
    if spec.join:
        await check_seat_quota(server, player.player_id)
    table = await open_room(server, spec.ruleset, spec.options, settings, player.player_id)
    seat = None
    if spec.join:
        async with table.lock:
            seat = 0
            await table.commit(journal.Seat(seat=0, player_id=player.player_id, name=player.name))
            await table.settle(room=True, hand=False)
            table.await_connection(0)  # a creator who never connects does not hold the seat
    return ok({"room": table.room_json(), "seat": seat}, 201)


async def open_room(server: Server, ruleset: str, options: dict[str, Any], settings: RoomSettings,
                    creator: str, code: str | None = None, duplicate: dict[str, Any] | None = None) -> LiveTable:
    """A new waiting room (the caller has checked the quotas): logged, stored and registered.
    ``code``: one chosen (and recorded) beforehand (a tournament's table); ``duplicate``: a tournament
    table's walls (majiang/server/tourney.py), kept in the create record only."""
    if code is None:
        code = new_code()
        while await server.registry.get(code) is not None or await server.store.room_exists(code):
            code = new_code()
    try:
        state = TableState(code, ruleset, options, settings)
    except RulesetError as e:  # a ruleset refuses every bad option with it (majiang.rules.base)
        raise HTTPError(400, "bad_request", f"options: {e}") from None
    problem = check_options(state.options)
    if problem:
        raise HTTPError(400, "bad_request", problem)
    limits = server.limits
    table = LiveTable(state, server.store, server.settings.bot_name, limits.idle_seconds, limits.evict_seconds)
    settings_b = msgspec.to_builtins(settings)
    room_row = server.store.add_room(code, ruleset, state.options, settings_b)
    await table.commit(journal.Create(ruleset=ruleset, options=state.options, settings=settings, by=creator,
                                      duplicate=duplicate))
    await room_row
    await server.registry.add(table)
    return table


async def room_rematch(request: Request) -> Response:
    """Play again with the same seats: the first player of a finished room to ask opens a new room with
    the same ruleset, options and settings, seats every person where they sat (each then has
    grace_seconds to connect, as after a REST join) and bots where bots sat; the others who ask get the
    same room. The old room remembers the new code (``rematch`` in its RoomState) and tells everyone
    still connected."""
    player = player_of(request)
    table = await table_of(request)
    server = request.app.state.server
    old = table.state
    seat = old.seat_of(player.player_id)
    if seat is None:
        raise HTTPError(403, "forbidden", "only a player seated in the finished room can ask for a rematch")
    if old.status != "finished":
        raise HTTPError(409, "not_finished", f"the room is {old.status}: a rematch follows a finished match")
    if old.duplicate is not None:
        raise HTTPError(409, "tournament", "a tournament table has no rematch: the next round is seated by the "
                                           "standings")
    refuse_draining(server)
    async with table.rematch_lock:  # two players asking at once get the same new room
        new = await server.registry.get(table.rematch["code"]) if table.rematch else None
        if new is None or new.state.status == "dissolved":
            new = await _open_rematch(server, table, player)
        elif new.state.seat_of(player.player_id) is None:  # freed after the grace: seat them again if free
            await _seat_again(server, new, player, seat)
    return ok({"room": new.room_json(), "seat": new.state.seat_of(player.player_id)})


async def _open_rematch(server: Server, table: LiveTable, player: auth.Player) -> LiveTable:
    old = table.state
    rooms, _ = await held(server, player.player_id)
    if rooms >= server.limits.rooms_per_token:
        raise HTTPError(429, "quota", f"you already have {rooms} open rooms (the most allowed); "
                                      "finish or wait for one to close")
    await check_seat_quota(server, player.player_id)
    cap = server.limits.seats_per_token
    # A person already holding their quota of seats elsewhere is not seated (they may join). Counted
    # before the new room's lock is taken: in a cluster each count asks the other nodes.
    room_for = {s.player_id: s.player_id == player.player_id or (await held(server, s.player_id))[1] < cap
                for s in old.seats if s.bot is None and s.player_id is not None}
    new = await open_room(server, old.ruleset_name, old.options, old.settings, player.player_id)
    club = await server.platform.clubs.club_of_room(old.code)
    if club is not None:  # a club room's rematch is the club's room too (members only)
        await server.platform.clubs.add_room(club, new.code, player.player_id)
    async with new.lock:
        records: list[journal.AnyRecord] = []
        for i, s in enumerate(old.seats):
            if s.bot is not None:
                records.append(journal.Seat(seat=i, player_id=None, name=s.name or f"Bot {i + 1}", bot=s.bot))
            elif s.player_id is not None and room_for[s.player_id]:
                records.append(journal.Seat(seat=i, player_id=s.player_id, name=s.name or ""))
        await new.commit(*records)
        for i, s in enumerate(new.state.seats):
            if s.human:
                new.await_connection(i)  # a player who does not come within grace_seconds frees the seat
        await new.settle(room=True, hand=False)
    async with table.lock:
        table.rematch = {"code": new.code, "by": old.seat_of(player.player_id)}
        table.broadcast(room=True, hand=False)
    return new


async def _seat_again(server: Server, new: LiveTable, player: auth.Player, seat: int) -> None:
    """A player of the old room whose rematch seat was freed (they came too late) takes it back if it is
    still free; otherwise they get the room to join or watch like anyone else."""
    await check_seat_quota(server, player.player_id)
    async with new.lock:
        st = new.state
        if st.status != "waiting" or st.seats[seat].occupied:
            return
        new.check_name(player.name, player.player_id)
        await new.commit(journal.Seat(seat=seat, player_id=player.player_id, name=player.name))
        await new.settle(room=True, hand=False)
        new.await_connection(seat)


async def get_room(request: Request) -> Response:
    code = await visible_code(request)
    table = await request.app.state.server.registry.get(code)
    if table is not None:
        return ok({"room": table.room_json()})
    room = await stored_room(request.app.state.server.store, code)
    if room is None:
        raise NoRoom(f"no room {code}")
    return ok({"room": room.to_json()})


async def join_room(request: Request) -> Response:
    player = player_of(request)
    table = await table_of(request)
    server = request.app.state.server
    if table.state.seat_of(player.player_id) is None:
        await check_seat_quota(server, player.player_id)
        if table.state.settings.ranked:
            await check_account(server, player.player_id)
    async with table.lock:
        st = table.state
        seat = st.seat_of(player.player_id)
        if seat is None:
            if st.duplicate is not None:  # (between a tournament table's opening and its seating a seat is free)
                raise HTTPError(403, "tournament", "a tournament's table seats only the players the tournament "
                                                   "drew for it")
            if player.player_id in st.removed:
                raise HTTPError(403, "removed", "the operator removed you from this room")
            seat = st.free_seat()
            if seat is None or st.status != "waiting":
                raise HTTPError(409, "room_full", "every seat is taken")
            if st.settings.same_address == "refuse" and addresses.sharing(table, player.player_id, client_ip(request)):
                raise HTTPError(409, "same_address", "another seat at this table connects from your address, "
                                                     "and this room refuses that")
            table.check_name(player.name, player.player_id)
            await table.commit(journal.Seat(seat=seat, player_id=player.player_id, name=player.name))
            await table.settle(room=True, hand=False)
            table.await_connection(seat)  # joined over REST: the seat is freed unless the websocket follows
    return ok({"room": table.room_json(), "seat": seat})


async def room_bots(request: Request) -> Response:
    table = await table_of(request)
    if not is_operator(request):
        player = player_of(request)
        if table.state.seat_of(player.player_id) is None:
            raise HTTPError(403, "forbidden", "only a player seated in the room (or the operator) adds bots")
    data = await body(request)
    seats, level = data.get("seats"), data.get("level")
    # strict: a bool is not a seat number (True would be seat 1)
    if seats is not None and not (isinstance(seats, list) and len(seats) <= 4
                                  and all(type(s) is int for s in seats)):
        raise HTTPError(400, "bad_request", "seats must be a list of at most 4 seat numbers (0-3)")
    if level is not None and not (isinstance(level, str) and level in LEVELS):
        raise HTTPError(400, "bad_request", f"level must be one of {', '.join(LEVELS)} (or left out: the room's "
                                            "bot_level)")
    await add_bots(table, seats, level)
    return ok({"room": table.room_json()})


async def room_dissolve(request: Request) -> Response:
    if not is_operator(request):
        raise HTTPError(403, "forbidden", "dissolving a table needs the operator token")
    table = await table_of(request)
    await dissolve(table, "operator")
    return ok({"room": table.room_json()})


SEED_RE = re.compile(r"[0-9A-Za-z_-]{1,64}")


async def room_test_deal(request: Request) -> Response:
    """Test hooks only (docs/server.md, "Test hooks"): fix the seeds of the room's next hands, so a test
    knows the walls it will be dealt. Off unless the server runs with MAJIANG_TEST_HOOKS=1, which a
    production configuration refuses; even then only the operator may call it."""
    if not request.app.state.server.settings.test_hooks:
        raise HTTPError(403, "test_hooks_off", "test hooks are off: this server was not started with "
                                               "MAJIANG_TEST_HOOKS=1 (a production server never is)")
    if not is_operator(request):
        raise HTTPError(403, "forbidden", "the test hooks need the operator token")
    table = await table_of(request)
    data = await body(request)
    seeds, match_seed, bot_seed = data.get("seeds", []), data.get("match_seed"), data.get("bot_seed")
    unknown = set(data) - {"seeds", "match_seed", "bot_seed"}
    if unknown:
        raise HTTPError(400, "bad_request",
                        f"unknown field {sorted(unknown)[0]!r} (known: seeds, match_seed, bot_seed)")
    if not (isinstance(seeds, list) and len(seeds) <= 64
            and all(isinstance(s, str) and SEED_RE.fullmatch(s) for s in seeds)):
        raise HTTPError(400, "bad_request", "seeds must be a list of at most 64 seeds, each 1-64 letters, "
                                            "digits, - or _")
    if match_seed is not None and not (isinstance(match_seed, str) and SEED_RE.fullmatch(match_seed)):
        raise HTTPError(400, "bad_request", "match_seed must be 1-64 letters, digits, - or _")
    if bot_seed is not None and not (type(bot_seed) is int and 0 <= bot_seed < 2**32):
        raise HTTPError(400, "bad_request", "bot_seed must be a whole number from 0 to 2**32 - 1")
    async with table.lock:
        if match_seed is not None and table.state.match is not None:
            raise HTTPError(409, "bad_state", "match_seed only fixes a match not yet dealt (its first dealer)")
        table.fixed_seeds = list(seeds)
        if match_seed is not None:
            table.fixed_match_seed = match_seed
        if bot_seed is not None:
            table.fixed_bot_seed = bot_seed
            table.forget_bots()  # (the bots made so far rolled from random seeds)
        hand_no = table.state.match.hand_no if table.state.match is not None else 0
    return ok({"room": table.code, "next_hand": hand_no + 1, "seeds": len(seeds),
               "match_seed": table.fixed_match_seed, "bot_seed": table.fixed_bot_seed})


def _hand_json(row: dict[str, Any]) -> dict[str, Any]:
    return {"hand_no": row["hand_no"], "dealer": row["dealer"], "streak": row["streak"], "seed": row["seed"],
            "seed_hash": row["seed_hash"], "players": json.loads(row["players"]), "totals": json.loads(row["totals"]),
            "draw": row["draw"], "settlement": json.loads(row["settlement"]), "finished_at": row.get("finished_at")}


async def sealed(request: Request, code: str) -> bool:
    """A tournament table of a round not over yet (majiang/platform/tournaments.py): the other tables
    deal the same walls, so its seeds, replays and hand views wait for the round's end (not the operator)."""
    server = request.app.state.server
    if is_operator(request) or getattr(server, "tournaments", None) is None:
        return False
    return bool(await server.tournaments.events.sealed(code))


async def room_hands(request: Request) -> Response:
    code = await visible_code(request)
    store = request.app.state.server.store
    rows = await store.hands(code)
    if not rows and await store.room(code) is None:
        raise NoRoom(f"no room {code}")
    hands = [_hand_json(r) for r in rows]
    if hands and await sealed(request, code):
        # the other tables of the round deal these walls later: no seed, and of the settlement only who
        # won and the points (its decomposition is the winner's concealed tiles, its items their fans)
        for h in hands:
            s = h["settlement"]
            h["seed"] = None
            h["settlement"] = {"sealed": True, "winners": s.get("winners", []), "totals": s.get("totals"),
                               "draw": s.get("draw", False)}
    totals = [sum(h["totals"][i] for h in hands) for i in range(4)]
    guard = request.app.state.server.guard
    key = ("stats", code, len(rows))  # a finished hand never changes: each room's figures are made once
    stats = guard.views.get(key)
    if stats is None:
        stats = match_stats(rows)
        guard.views.put(key, stats)
    return ok({"code": code, "totals": totals, "hands": hands, "stats": stats})


async def _hand_row(request: Request) -> dict[str, Any]:
    code = await visible_code(request)
    n = hand_no_of(request)
    row = await request.app.state.server.store.hand(code, n)
    if row is None:
        raise HTTPError(404, "not_found", f"room {code} has no finished hand {n}")
    if await sealed(request, code):
        raise HTTPError(403, "sealed", "a tournament table's hands are shown once its round is over (the other "
                                       "tables deal the same walls)")
    return row


async def room_hand(request: Request) -> Response:
    return ok(_hand_json(await _hand_row(request)))


async def room_replay(request: Request) -> Response:
    row = await _hand_row(request)
    name = f"{row['room_code']}-hand{row['hand_no']}.json"
    return Response(row["replay"], media_type="application/json",
                    headers={"content-disposition": f'attachment; filename="{name}"'})


async def room_hand_view(request: Request) -> Response:
    """One seat's view of a finished hand after ``step`` actions, for the replay viewer.

    Finished hands only: their seed is public by then, but the view is still the seat's own, so
    stepping through shows what that player saw (and ``seat=all`` the full table, as at the end)."""
    guard = request.app.state.server.guard
    if not guard.view_ip.allow(client_ip(request)):
        raise HTTPError(429, "rate_limited", "too many replay views from your address; slow down")
    seat_param = request.query_params.get("seat", "0")
    seat: int | None = None if seat_param == "all" else small_int(seat_param, "seat (0-3 or 'all')")
    step_param = request.query_params.get("step")
    step_asked = None if step_param is None else small_int(step_param, "step")
    if seat is not None and not 0 <= seat <= 3:
        raise HTTPError(400, "bad_request", f"seat {seat} out of range (0-3, or 'all')")
    key = (await visible_code(request), hand_no_of(request), seat, step_asked)
    if await sealed(request, key[0]):  # before the cache: the operator's views are cached too
        raise HTTPError(403, "sealed", "a tournament table's hands are shown once its round is over")
    cached = guard.views.get(key)  # a finished hand never changes: each step is rebuilt once
    if cached is not None:  # the x-cache header lets an operator (and the abuse test) see the cache work
        return Response(cached, media_type="application/json", headers={"x-cache": "hit"})
    row = await _hand_row(request)
    replay = decode_replay(row["replay"])
    steps = len(replay.actions)
    step = steps if step_asked is None else step_asked
    if not 0 <= step <= steps:
        raise HTTPError(400, "bad_request", f"step {step} out of range (0-{steps})")
    # Rebuilt once, up to the step before, so the events of step K are the ones its action adds.
    hand = rebuild_replay(replay, make_ruleset(replay.ruleset, replay.options), upto=max(step - 1, 0))
    before = len(hand.events) if step else 0
    if step:
        hand.apply(*replay.actions[step - 1])
    events = hand.events[before:]
    shown = [redact(e, seat) for e in events] if seat is not None else events
    view = seat_view(hand, seat)
    if seat is None:  # the full table: every hand face up
        view.revealed = [st.tiles() for st in hand.seat_state]
    answer = encoder.encode({"view": view, "events": shown, "step": step, "steps": steps,
                             "action": replay.actions[step - 1] if step else None})
    guard.views.put(key, answer)
    return Response(answer, media_type="application/json", headers={"x-cache": "miss"})


async def api_not_found(request: Request) -> Response:
    return fail(404, "not_found", f"no API endpoint {request.method} {request.url.path}")


async def player_record(request: Request) -> Response:
    player_id = request.path_params["player_id"]
    if not PLAYER_RE.fullmatch(player_id):
        raise HTTPError(400, "bad_request", "a player id is 1-32 lowercase letters and digits")
    rec = await request.app.state.server.store.player(player_id)
    if rec is None:
        raise HTTPError(404, "not_found", "no such player")
    # A private room is shown to its own player only (its code is what keeps others out).
    server = request.app.state.server
    asking = auth.verify(server.secret, _bearer(request), server.guard.revocations)
    mine = asking is not None and asking.player_id == player_id
    rec["rooms"] = [{k: v for k, v in r.items() if k != "public"} for r in rec["rooms"] if mine or r["public"]]
    return ok(rec)


async def admin_memory(request: Request) -> Response:
    """Operator: what the server holds in memory — tables, connections, the rate-limit maps, the
    housekeeping figures, and with ``?objects=1`` the live objects of the kinds each match and each
    connection create (docs/server.md)."""
    if not is_operator(request):
        raise HTTPError(403, "forbidden", "the memory report needs the operator token")
    server = request.app.state.server
    tables = await server.registry.all()
    g = server.guard
    up = server.upkeep.figures
    out = {"rss_mb": round(rss_mb(), 1), "tables": len(tables),
           "connections": sum(c is not None for t in tables for c in [*t.conns, *t.watchers]),
           "buckets": {k: len(b) for k, b in g.buckets().items()},
           "views": len(g.views), "revocations": len(g.revocations.tokens) + len(g.revocations.players),
           "upkeep": {"runs": up.runs, "found": up.found, "last_ms": round(up.last_ms, 1),
                      "max_ms": round(up.max_ms, 1), "cpu_ms": round(up.cpu_ms, 1)}}
    if request.query_params.get("objects") == "1":  # a walk over every object: tens of ms on a busy server
        out["objects"] = live_objects(TRACKED_TYPES)
    return ok(out)


async def admin_bots(request: Request) -> Response:
    """Operator: how late this node's bots answered (majiang/server/botpace.py) since the last
    ``?reset=1`` or the start: answers, p50/p99/max ms from due to saved."""
    if not is_operator(request):
        raise HTTPError(403, "forbidden", "the bots' report needs the operator token")
    return ok(PACE.report(reset=request.query_params.get("reset") == "1"))


# name in the report -> (module, class): per-match and per-connection objects, ours and the libraries'
TRACKED_TYPES = {"LiveTable": ("majiang.server.live_table", "LiveTable"), "Hand": ("majiang.engine.hand", "Hand"),
                 "Conn": ("majiang.server.conn", "Conn"), "WebSocket": ("starlette.websockets", "WebSocket"),
                 "ServerProtocol": ("websockets.server", "ServerProtocol")}


def live_objects(kinds: dict[str, tuple[str, str]]) -> dict[str, int]:
    """How many objects of each kind are alive (tracked by the collector and not frozen at startup)."""
    wanted = {v: k for k, v in kinds.items()}
    counts = dict.fromkeys(kinds, 0)
    for o in gc.get_objects():
        name = wanted.get((type(o).__module__, type(o).__qualname__))
        if name is not None:
            counts[name] += 1
    return counts


async def health(request: Request) -> Response:
    return ok({"ok": True})


routes = [
    Route("/api/session", endpoint(session), methods=["POST"]),
    Route("/api/session/renew", endpoint(renew), methods=["POST"]),
    Route("/api/session/logout", endpoint(logout), methods=["POST"]),
    Route("/api/tokens/revoke", endpoint(revoke), methods=["POST"]),
    Route("/api/me", endpoint(me)),
    Route("/api/rulesets", endpoint(rulesets)),
    Route("/api/rooms", endpoint(list_rooms)),
    Route("/api/rooms", endpoint(create_room), methods=["POST"]),
    Route("/api/rooms/{code}", endpoint(get_room)),
    Route("/api/rooms/{code}/join", endpoint(join_room), methods=["POST"]),
    Route("/api/rooms/{code}/bots", endpoint(room_bots), methods=["POST"]),
    Route("/api/rooms/{code}/dissolve", endpoint(room_dissolve), methods=["POST"]),
    Route("/api/rooms/{code}/rematch", endpoint(room_rematch), methods=["POST"]),
    Route("/api/rooms/{code}/test-deal", endpoint(room_test_deal), methods=["POST"]),
    Route("/api/rooms/{code}/hands", endpoint(room_hands)),
    Route("/api/rooms/{code}/hands/{n:int}", endpoint(room_hand)),
    Route("/api/rooms/{code}/hands/{n:int}/replay", endpoint(room_replay)),
    Route("/api/rooms/{code}/hands/{n:int}/view", endpoint(room_hand_view)),
    Route("/api/players/{player_id}", endpoint(player_record)),
    Route("/api/health", endpoint(health)),
    Route("/api/admin/memory", endpoint(admin_memory)),
    Route("/api/admin/bots", endpoint(admin_bots)),
    Route("/api/{rest:path}", api_not_found, methods=["GET", "POST", "PUT", "DELETE", "PATCH"]),
    Route("/api", api_not_found, methods=["GET", "POST", "PUT", "DELETE", "PATCH"]),
]
