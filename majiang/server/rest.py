"""REST endpoints (docs/protocol.md): sessions, rooms, history, settlements, records, replays."""

from __future__ import annotations

import json
import logging
from typing import Any

import msgspec
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from majiang.engine.events import redact
from majiang.engine.replay import decode as decode_replay
from majiang.engine.replay import rebuild as rebuild_replay
from majiang.engine.view import seat_view
from majiang.rules.base import RulesetError
from majiang.rules.option_info import option_info
from majiang.rules.registry import RULESETS
from majiang.server import auth
from majiang.server.intents import add_bots, dissolve
from majiang.server.protocol import RoomCreate, RoomSettings, check_options, encoder
from majiang.server.registry import new_code
from majiang.server.state import SEATS, TableState
from majiang.server.table import Table, TableError

log = logging.getLogger("majiang.server")
TABLE_ERROR_STATUS = {"bad_message": 400, "internal": 500}  # other refusals of a table are 409


class HTTPError(Exception):
    def __init__(self, status: int, code: str, reason: str) -> None:
        self.status, self.code, self.reason = status, code, reason


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
    p = auth.verify(request.app.state.server.settings.secret, _bearer(request))
    if p is None:
        raise HTTPError(401, "unauthorized", "a valid player token is needed (Authorization: Bearer …)")
    return p


def is_operator(request: Request) -> bool:
    return auth.operator_ok(request.app.state.server.settings.operator_token, _bearer(request))


async def body(request: Request) -> dict[str, Any]:
    raw = await request.body()
    if len(raw) > 16384:
        raise HTTPError(400, "bad_request", "body too large")
    try:
        data = json.loads(raw or b"{}")
    except ValueError:
        raise HTTPError(400, "bad_request", "the body is not JSON") from None
    if not isinstance(data, dict):
        raise HTTPError(400, "bad_request", "the body must be a JSON object")
    return data


async def table_of(request: Request) -> Table:
    table = await request.app.state.server.registry.get(request.path_params["code"].upper())
    if table is None:
        raise HTTPError(404, "not_found", f"no live room {request.path_params['code']}")
    return table


def endpoint(fn: Any) -> Any:
    async def wrapped(request: Request) -> Response:
        try:
            return await fn(request)  # type: ignore[no-any-return]
        except HTTPError as e:
            return fail(e.status, e.code, e.reason)
        except TableError as e:
            return fail(TABLE_ERROR_STATUS.get(e.code, 409), e.code, e.reason)
        except Exception:  # a bug answers 500 in the API's own format; the traceback goes to the log
            log.exception("%s %s failed", request.method, request.url.path)
            return fail(500, "internal", "the server failed to handle this request")
    return wrapped


# --- handlers ---------------------------------------------------------------------------------
async def session(request: Request) -> Response:
    name = auth.clean_name((await body(request)).get("name"))
    if name is None:
        raise HTTPError(400, "bad_request", "name must be 1-24 printable characters")
    server = request.app.state.server
    token, player = auth.issue(server.settings.secret, name)
    await server.store.add_player(player.player_id, name)
    return ok({"token": token, "player_id": player.player_id, "name": name})


async def me(request: Request) -> Response:
    p = player_of(request)
    return ok({"player_id": p.player_id, "name": p.name})


async def rulesets(request: Request) -> Response:
    out = [{"name": n, "title": cls.title, "options": msgspec.to_builtins(cls.options_type()),
            "option_info": option_info(n)}
           for n, cls in RULESETS.items()]
    return ok({"rulesets": out, "settings": msgspec.to_builtins(RoomSettings())})


async def list_rooms(request: Request) -> Response:
    registry = request.app.state.server.registry
    # ?watch=1: the rooms being played that one may watch, instead of the open ones
    tables = await (registry.watchable_tables() if request.query_params.get("watch") else registry.open_tables())
    return ok({"rooms": [t.room_json() for t in tables]})


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
    code = new_code()
    while await server.registry.get(code) is not None or await server.store.room_exists(code):
        code = new_code()
    try:
        state = TableState(code, spec.ruleset, spec.options, settings)
    except (RulesetError, ValueError, TypeError) as e:  # rulesets refuse some values with ValueError
        raise HTTPError(400, "bad_request", f"options: {e}") from None
    problem = check_options(state.options)
    if problem:
        raise HTTPError(400, "bad_request", problem)
    table = Table(state, server.store, server.settings.bot_name)
    settings_b = msgspec.to_builtins(settings)
    room_row = server.store.add_room(code, spec.ruleset, state.options, settings_b)
    await table.commit(("create", {"ruleset": spec.ruleset, "options": state.options, "settings": settings_b}))
    await room_row
    await server.registry.add(table)
    seat = None
    if spec.join:
        async with table.lock:
            seat = 0
            await table.commit(("seat", {"seat": 0, "player_id": player.player_id, "name": player.name}))
            await table.settle(room=True, hand=False)
    return ok({"room": table.room_json(), "seat": seat}, 201)


async def get_room(request: Request) -> Response:
    table = await request.app.state.server.registry.get(request.path_params["code"].upper())
    if table is not None:
        return ok({"room": table.room_json()})
    room = await stored_room(request.app.state.server.store, request.path_params["code"].upper())
    if room is None:
        raise HTTPError(404, "not_found", f"no room {request.path_params['code']}")
    return ok({"room": room})


async def stored_room(store: Any, code: str) -> dict[str, Any] | None:
    """RoomState of a room that is not in memory (finished or dissolved before a restart, or let go),
    from the store: the seats as its log's seat/leave records left them, totals from its hands."""
    row = await store.room(code)
    if row is None:
        return None
    seats: list[dict[str, Any]] = [{} for _ in range(SEATS)]
    for kind, data in await store.seat_records(code):
        seat = data.get("seat")
        if isinstance(seat, int) and 0 <= seat < SEATS:
            seats[seat] = data if kind == "seat" else {}
    hands = await store.hands(code)
    totals = json.loads(row["totals"])
    cls = RULESETS.get(row["ruleset"])
    return {
        "code": row["code"], "ruleset": row["ruleset"], "title": cls.title if cls else row["ruleset"],
        "options": json.loads(row["options"]), "settings": json.loads(row["settings"]), "status": row["status"],
        "hand_no": len(hands),
        "seats": [{"seat": i, "occupied": bool(s), "player_id": s.get("player_id"), "name": s.get("name"),
                   "bot": s.get("bot"), "ready": False, "connected": False, "tuoguan": False,
                   "total": totals[i] if i < len(totals) else 0} for i, s in enumerate(seats)],
        "totals": totals, "countdown": None, "vote": None, "next_deal": None,
    }


async def join_room(request: Request) -> Response:
    player = player_of(request)
    table = await table_of(request)
    async with table.lock:
        st = table.state
        seat = st.seat_of(player.player_id)
        if seat is None:
            seat = st.free_seat()
            if seat is None or st.status != "waiting":
                raise HTTPError(409, "room_full", "every seat is taken")
            await table.commit(("seat", {"seat": seat, "player_id": player.player_id, "name": player.name}))
            await table.settle(room=True, hand=False)
    return ok({"room": table.room_json(), "seat": seat})


async def room_bots(request: Request) -> Response:
    table = await table_of(request)
    if not is_operator(request):
        player = player_of(request)
        if table.state.seat_of(player.player_id) is None:
            raise HTTPError(403, "forbidden", "only a player seated in the room (or the operator) adds bots")
    seats = (await body(request)).get("seats")
    if seats is not None and not (isinstance(seats, list) and all(isinstance(s, int) for s in seats)):
        raise HTTPError(400, "bad_request", "seats must be a list of seat numbers")
    await add_bots(table, seats)
    return ok({"room": table.room_json()})


async def room_dissolve(request: Request) -> Response:
    if not is_operator(request):
        raise HTTPError(403, "forbidden", "dissolving a table needs the operator token")
    table = await table_of(request)
    await dissolve(table, "operator")
    return ok({"room": table.room_json()})


def _hand_json(row: dict[str, Any]) -> dict[str, Any]:
    return {"hand_no": row["hand_no"], "dealer": row["dealer"], "streak": row["streak"], "seed": row["seed"],
            "seed_hash": row["seed_hash"], "players": json.loads(row["players"]), "totals": json.loads(row["totals"]),
            "draw": row["draw"], "settlement": json.loads(row["settlement"]), "finished_at": row.get("finished_at")}


async def room_hands(request: Request) -> Response:
    code = request.path_params["code"].upper()
    store = request.app.state.server.store
    rows = await store.hands(code)
    if not rows and await store.room(code) is None:
        raise HTTPError(404, "not_found", f"no room {code}")
    hands = [_hand_json(r) for r in rows]
    totals = [sum(h["totals"][i] for h in hands) for i in range(4)]
    return ok({"code": code, "totals": totals, "hands": hands})


async def _hand_row(request: Request) -> dict[str, Any]:
    code = request.path_params["code"].upper()
    row = await request.app.state.server.store.hand(code, request.path_params["n"])
    if row is None:
        raise HTTPError(404, "not_found", f"room {code} has no finished hand {request.path_params['n']}")
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
    row = await _hand_row(request)
    replay = decode_replay(row["replay"])
    steps = len(replay.actions)
    seat_param = request.query_params.get("seat", "0")
    try:
        seat: int | None = None if seat_param == "all" else int(seat_param)
        step = int(request.query_params.get("step", str(steps)))
    except ValueError:
        raise HTTPError(400, "bad_request", "seat is 0-3 or 'all', step a whole number") from None
    if seat is not None and not 0 <= seat <= 3:
        raise HTTPError(400, "bad_request", f"seat {seat} out of range (0-3, or 'all')")
    if not 0 <= step <= steps:
        raise HTTPError(400, "bad_request", f"step {step} out of range (0-{steps})")
    # Rebuilt once, up to the step before, so the events of step K are the ones its action adds.
    hand = rebuild_replay(replay, upto=max(step - 1, 0))
    before = len(hand.events) if step else 0
    if step:
        hand.apply(*replay.actions[step - 1])
    events = hand.events[before:]
    shown = [redact(e, seat) for e in events] if seat is not None else events
    view = seat_view(hand, seat)
    if seat is None:  # the full table: every hand face up
        view.revealed = [st.tiles() for st in hand.seat_state]
    return ok({"view": view, "events": shown, "step": step, "steps": steps,
               "action": replay.actions[step - 1] if step else None})


async def api_not_found(request: Request) -> Response:
    return fail(404, "not_found", f"no API endpoint {request.method} {request.url.path}")


async def player_record(request: Request) -> Response:
    rec = await request.app.state.server.store.player(request.path_params["player_id"])
    if rec is None:
        raise HTTPError(404, "not_found", "no such player")
    return ok(rec)


async def health(request: Request) -> Response:
    return ok({"ok": True})


routes = [
    Route("/api/session", endpoint(session), methods=["POST"]),
    Route("/api/me", endpoint(me)),
    Route("/api/rulesets", endpoint(rulesets)),
    Route("/api/rooms", endpoint(list_rooms)),
    Route("/api/rooms", endpoint(create_room), methods=["POST"]),
    Route("/api/rooms/{code}", endpoint(get_room)),
    Route("/api/rooms/{code}/join", endpoint(join_room), methods=["POST"]),
    Route("/api/rooms/{code}/bots", endpoint(room_bots), methods=["POST"]),
    Route("/api/rooms/{code}/dissolve", endpoint(room_dissolve), methods=["POST"]),
    Route("/api/rooms/{code}/hands", endpoint(room_hands)),
    Route("/api/rooms/{code}/hands/{n:int}", endpoint(room_hand)),
    Route("/api/rooms/{code}/hands/{n:int}/replay", endpoint(room_replay)),
    Route("/api/rooms/{code}/hands/{n:int}/view", endpoint(room_hand_view)),
    Route("/api/players/{player_id}", endpoint(player_record)),
    Route("/api/health", endpoint(health)),
    Route("/api/{rest:path}", api_not_found, methods=["GET", "POST", "PUT", "DELETE", "PATCH"]),
]
