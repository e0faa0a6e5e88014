"""The operator's (网管) endpoints: ``GET /metrics`` and the console's REST API (docs/server.md,
"The operator's console"). Every one of them answers 403 to anyone without the operator token.

Each action names why (``reason``, required) and is written to the console's log with who took it
(:meth:`Oversight.record`). Actions on a room (``/api/rooms/{code}/admin/…``) are relayed to the
table's owner in a cluster like the room's other endpoints; the overview asks every live node."""

from __future__ import annotations

import asyncio
import ipaddress
import time
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from majiang.backend import auth, journal
from majiang.backend.metrics import exposition
from majiang.backend.protocol import message
from majiang.engine import event_to_builtins, seat_view
from majiang.server import addresses, clocks
from majiang.server.live_table import LiveTable
from majiang.server.oversight import ERRORS
from majiang.server.rest import (
    PLAYER_RE,
    HTTPError,
    _bearer,
    body,
    client_ip,
    endpoint,
    is_operator,
    ok,
    revoke_player,
    revoke_token,
    table_of,
)
from majiang.server.services import Server
from majiang.server.table_state import SEATS

MAX_REASON = 300
MAX_ANNOUNCEMENT = 500
MAX_BAN_SECONDS = 3650 * 86400.0


def metrics_port(scope: Scope) -> bool:
    """Whether the request came in on the listen address of its own that --metrics-address opened."""
    port = scope["app"].state.server.settings.metrics_port
    server = scope.get("server")
    return bool(port) and server is not None and server[1] == port


async def metrics(request: Request) -> Response:
    if not (metrics_port(request.scope) or is_operator(request)):
        raise HTTPError(403, "forbidden", "/metrics needs the operator token (or the --metrics-address listener)")
    text, content_type = await exposition(request.app.state.server)
    return Response(text, media_type=content_type)


class MetricsListener:
    """On the metrics listener only ``/metrics`` is served: the scraper's network reaches nothing else."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket") and scope["path"] != "/metrics" and metrics_port(scope):
            if scope["type"] == "http":
                await Response("only /metrics is served here\n", status_code=404)(scope, receive, send)
            else:
                await send({"type": "websocket.close", "code": 1008})
            return
        await self.app(scope, receive, send)


# --- helpers ----------------------------------------------------------------------------------------
def operator(request: Request) -> str:
    """Who is acting (for the log), or 403: the operator token, or an account with the operator role
    (logged by its player id)."""
    if not is_operator(request):
        raise HTTPError(403, "forbidden", "the operator's console needs the operator token (or an operator's account)")
    server = request.app.state.server
    p = auth.verify(server.settings.secret, _bearer(request), server.guard.revocations)
    who = f"{p.name} ({p.player_id})" if p is not None and p.role == "operator" else "operator"
    return f"{who}@{client_ip(request)}"


def reason_of(data: dict[str, Any]) -> str:
    reason = data.get("reason")
    if not isinstance(reason, str) or not reason.strip():
        raise HTTPError(400, "bad_request", "say why: reason (a non-empty string) is required for every action")
    if len(reason) > MAX_REASON:
        raise HTTPError(400, "bad_request", f"reason is at most {MAX_REASON} characters")
    return " ".join(reason.split())


def _seat_of(data: dict[str, Any]) -> int:
    seat = data.get("seat")
    if type(seat) is not int or not 0 <= seat < SEATS:
        raise HTTPError(400, "bad_request", "seat must be a seat number 0-3")
    return seat


def _notify(table: LiveTable, msg: bytes) -> None:
    for c in [*table.conns, *table.watchers]:
        if c is not None:
            c.send(msg)


def table_json(table: LiveTable) -> dict[str, Any]:
    """A live table as the console lists it: the room, the hand's number, dealer and 连庄, every seat's clock."""
    st = table.state
    room = table.room_json()
    hand = st.hand
    seat_clocks = {}
    for s in range(SEATS):
        left = table.timers.remaining(clocks.clock(s))
        if left is not None:
            seat_clocks[str(s)] = {"remaining": round(left[0], 1), "total": left[1]}
    return {"code": st.code, "ruleset": st.ruleset_name, "title": st.ruleset.title, "status": st.status,
            "hand_no": room["hand_no"], "hands": st.settings.hands, "public": st.settings.public,
            "dealer": st.match.dealer if st.match is not None else None,
            # the streak of the hand being played, or of the next one between hands
            "streak": (hand.streak if st.status == "playing" else st.match.streak) if hand is not None
            and st.match is not None else None,
            "phase": hand.phase if hand is not None and st.status == "playing" else None,
            "seats": room["seats"], "totals": room["totals"], "clocks": seat_clocks, "watchers": len(table.watchers),
            "broken": table.broken, "seq": st.seq, "same_address": addresses.groups(table)}


def local_overview(server: Server, tables: list[LiveTable]) -> dict[str, Any]:
    node = server.cluster.node_id if server.cluster is not None else "single"
    online = []
    for t in tables:
        for seat, c in enumerate(t.conns):
            if c is not None:
                online.append({"player_id": c.player_id, "name": t.state.seats[seat].name, "room": t.code,
                               "seat": seat, "address": _address(c)})
        for w in t.watchers:
            online.append({"player_id": w.player_id, "name": w.player.name if w.player else None, "room": t.code,
                           "seat": None, "address": _address(w)})
    live = [t for t in tables if t.broken != "moved"]
    return {"node": node, "tables": [table_json(t) for t in sorted(live, key=lambda t: t.code)],
            "online": online, "errors": list(reversed(ERRORS.items))}


def _address(conn: Any) -> str | None:
    client = getattr(conn.ws, "client", None)
    return client.host if client else None


async def _other_nodes(server: Server, request: Request) -> list[dict[str, Any]]:
    """Every other live node's own part of the overview (asked over the node-to-node hop, 2 s each)."""
    cluster = server.cluster
    if cluster is None:
        return []
    import httpx  # (only with several nodes: it costs a tenth of a second of every server's start)

    from majiang.server.cluster.routing import HOP, hop_value

    others = [url for node, url in (await cluster.leases.nodes()).items() if node != cluster.node_id]
    headers = {HOP: hop_value(server.secret), "x-operator-token": _bearer(request) or ""}
    async with httpx.AsyncClient(timeout=2, trust_env=False) as http:
        answers = await asyncio.gather(*(asyncio.wait_for(http.get(f"{u}/api/admin/overview",
                                                                    params={"local": "1"}, headers=headers), 2.0)
                                         for u in others), return_exceptions=True)
    out = []
    for url, a in zip(others, answers, strict=True):
        if isinstance(a, httpx.Response) and a.status_code == 200:
            out.extend(a.json()["nodes"])
        else:
            out.append({"node": url, "tables": [], "online": [], "errors": [], "unreachable": True})
    return out


# --- reads ------------------------------------------------------------------------------------------
async def overview(request: Request) -> Response:
    """Every node's live tables and the players connected to them, recent errors, the flags, the bans
    and the console's last actions (``?local=1``: this node's part only, as another node asks it)."""
    operator(request)
    server = request.app.state.server
    mine = local_overview(server, await server.registry.all())
    if request.query_params.get("local") == "1":
        return ok({"nodes": [mine]})
    o = server.oversight
    await o.fresh()
    nodes = [mine, *await _other_nodes(server, request)]
    return ok({"nodes": nodes, "drain": o.flags.get("drain", {"on": False}), "announcement": o.announcement,
               "bans": o.bans_json(), "actions": await o.actions(30), "now": time.time()})


async def actions(request: Request) -> Response:
    operator(request)
    return ok({"actions": await request.app.state.server.oversight.actions(200)})


def full_view(table: LiveTable) -> dict[str, Any]:
    """Everything about the live hand: every seat's concealed tiles, the events so far (unredacted)."""
    st = table.state
    hand = st.hand
    out: dict[str, Any] = {"room": table_json(table), "view": None, "events": []}
    if hand is not None:
        view = seat_view(hand, None)
        view.revealed = [s.tiles() for s in hand.seat_state]
        out["view"] = view
        out["events"] = [event_to_builtins(e) for e in hand.events[-12:]]
    return out


async def room_view(request: Request) -> Response:
    """The live table with everything visible (the console polls it while watching; POST …/watch logs)."""
    operator(request)
    return ok(full_view(await table_of(request)))


async def room_watch(request: Request) -> Response:
    who = operator(request)
    reason = reason_of(await body(request))
    table = await table_of(request)
    await request.app.state.server.oversight.record(who, "watch", table.code, reason)
    return ok(full_view(table))


# --- actions on a room --------------------------------------------------------------------------------
async def room_dissolve_hand(request: Request) -> Response:
    """Dissolve the table's hand: it counts as a new 局 (Hefei "网管解散算作新一局开始"): the hand being played
    is dropped unscored and dealt again, the streak (连庄) is 1 again; every seat is told why."""
    who = operator(request)
    reason = reason_of(await body(request))
    table = await table_of(request)
    async with table.lock:
        st = table.state
        if st.match is None or st.status not in ("waiting", "playing"):
            raise HTTPError(409, "not_now", f"no match to dissolve a hand of (the room is {st.status}, "
                                            f"{'before its first hand' if st.match is None else 'over'}); "
                                            "close the room instead")
        playing = st.status == "playing"
        await table.commit(journal.Void(by="operator", reason=reason))
        assert st.match is not None
        _notify(table, message("notice", st.seq, what="hand_dissolved", by="operator", reason=reason,
                               hand_no=st.match.hand_no, streak=st.match.streak, voided=playing))
        await table.settle(room=True, hand=False)
    await request.app.state.server.oversight.record(who, "dissolve_hand", table.code, reason, voided=playing)
    return ok({"room": table.room_json()})


async def room_close(request: Request) -> Response:
    """Close the room for good (status dissolved, by the operator): every seat is told why."""
    who = operator(request)
    reason = reason_of(await body(request))
    table = await table_of(request)
    async with table.lock:
        st = table.state
        if st.status in ("finished", "dissolved"):
            raise HTTPError(409, "not_now", f"the room is {st.status} already")
        # the notice (why) first; the ``dissolved`` message that closes every socket follows it
        _notify(table, message("notice", st.seq, what="room_closed", by="operator", reason=reason))
        await table.commit(journal.Dissolve(by="operator"))
        await table.settle(room=True, hand=False)
    await request.app.state.server.oversight.record(who, "close_room", table.code, reason)
    return ok({"room": table.room_json()})


async def room_remove(request: Request) -> Response:
    """Remove a player from a room: during a hand the hand is dissolved first (a player leaving starts a
    new game), the seat opens, the player is told why and may not sit in this room again."""
    who = operator(request)
    data = await body(request)
    reason, seat = reason_of(data), _seat_of(data)
    table = await table_of(request)
    async with table.lock:
        st = table.state
        s = st.seats[seat]
        if not s.human or s.player_id is None:
            raise HTTPError(409, "not_now", f"seat {seat} holds no player")
        if st.status not in ("waiting", "playing", "finished"):
            raise HTTPError(409, "not_now", f"the room is {st.status}")
        player_id, playing = s.player_id, st.status == "playing"
        records: list[journal.AnyRecord] = []
        if playing:
            records.append(journal.Void(by="operator", reason=reason))
        records.append(journal.Leave(seat=seat, reason="removed"))
        await table.commit(*records)
        conn = table.conns[seat]
        if conn is not None:
            conn.send(message("notice", st.seq, what="removed", by="operator", reason=reason))
            conn.seat = None
            conn.close(4003)
            table.conns[seat] = None
        table.timers.cancel(clocks.grace(seat))
        if playing and st.match is not None:
            _notify(table, message("notice", st.seq, what="hand_dissolved", by="operator", reason=reason,
                                   hand_no=st.match.hand_no, streak=st.match.streak, voided=True))
        await table.settle(room=True, hand=False)
    await request.app.state.server.oversight.record(who, "remove", table.code, reason, seat=seat,
                                                    player_id=player_id, voided=playing)
    return ok({"room": table.room_json()})


# --- actions on players and the server ------------------------------------------------------------------
async def ban(request: Request) -> Response:
    """Ban a player (its tokens are revoked, its sockets close) and/or an address for ``seconds``:
    a banned address may not start a session, write, or open a table's websocket."""
    who = operator(request)
    data = await body(request)
    reason = reason_of(data)
    seconds = data.get("seconds")
    if not isinstance(seconds, int | float) or isinstance(seconds, bool) or not 60 <= seconds <= MAX_BAN_SECONDS:
        raise HTTPError(400, "bad_request", "seconds must be a number from 60 to 3650 days")
    player_id, address = data.get("player_id"), data.get("address")
    if player_id is None and address is None:
        raise HTTPError(400, "bad_request", "give player_id, address, or both")
    if player_id is not None and not (isinstance(player_id, str) and PLAYER_RE.fullmatch(player_id)):
        raise HTTPError(400, "bad_request", "player_id is 1-32 lowercase letters and digits")
    if address is not None:
        try:
            address = str(ipaddress.ip_address(address))
        except ValueError:
            raise HTTPError(400, "bad_request", "address must be an IP address") from None
    server = request.app.state.server
    until = time.time() + float(seconds)
    if player_id is not None:
        await server.oversight.ban("player", player_id, until, reason, who)
        await revoke_player(server, player_id)
    if address is not None:
        await server.oversight.ban("address", address, until, reason, who)
    await server.oversight.record(who, "ban", player_id or address, reason, player_id=player_id, address=address,
                                  until=until)
    return ok({"until": until, "bans": server.oversight.bans_json()})


async def unban(request: Request) -> Response:
    who = operator(request)
    data = await body(request)
    reason = reason_of(data)
    kind, key = data.get("kind"), data.get("key")
    if kind not in ("player", "address") or not isinstance(key, str) or not key:
        raise HTTPError(400, "bad_request", "give kind (player or address) and key")
    server = request.app.state.server
    await server.oversight.lift(kind, key)
    await server.oversight.record(who, "unban", key, reason, kind=kind)
    return ok({"bans": server.oversight.bans_json()})


async def revoke(request: Request) -> Response:
    """Revoke every token of a player (``player_id``) or one token (``token``); their sockets close."""
    who = operator(request)
    data = await body(request)
    reason = reason_of(data)
    server = request.app.state.server
    from majiang.backend import auth

    if isinstance(data.get("player_id"), str) and PLAYER_RE.fullmatch(data["player_id"]):
        target = data["player_id"]
        await revoke_player(server, target)
    elif isinstance(data.get("token"), str):
        p = auth.verify(server.secret, data["token"])
        if p is None:
            raise HTTPError(400, "bad_request", "token is not a valid token (already expired, or forged)")
        target = p.player_id
        await revoke_token(server, p)
    else:
        raise HTTPError(400, "bad_request", "give token (a token) or player_id (a player id)")
    await server.oversight.record(who, "revoke", target, reason, everything="token" not in data)
    return ok({"ok": True})


async def operators(request: Request) -> Response:
    """``{"username", "operator": true|false, "reason"}``: give an account the operator role (its tokens
    from its next sign-in or refresh reach this console) or take it away (every token it holds is revoked
    at once, so the role ends now). The operator token only: a role is not handed on by a role."""
    server = request.app.state.server
    if not auth.operator_ok(server.settings.operator_token, _bearer(request)):
        raise HTTPError(403, "forbidden", "granting the operator role needs the operator token itself")
    who = operator(request)
    data = await body(request)
    reason = reason_of(data)
    username, grant = data.get("username"), data.get("operator")
    if not isinstance(username, str) or not username:
        raise HTTPError(400, "bad_request", "username must name an account")
    if not isinstance(grant, bool):
        raise HTTPError(400, "bad_request", "operator must be true (grant) or false (take away)")
    from majiang.platform.accounts import set_operator

    pid = await set_operator(server.store, username.strip().casefold(), grant, who)
    if pid is None:
        raise HTTPError(404, "not_found", f"no account {username!r}")
    if not grant:
        await revoke_player(server, pid)
    await server.oversight.record(who, "operator_role" if grant else "operator_role_off", pid, reason)
    return ok({"player_id": pid, "operator": grant})


async def announce(request: Request) -> Response:
    """Post the line every lobby shows (an empty text takes it down)."""
    who = operator(request)
    data = await body(request)
    reason = reason_of(data)
    text = data.get("text")
    if not isinstance(text, str) or len(text) > MAX_ANNOUNCEMENT:
        raise HTTPError(400, "bad_request", f"text must be a string of at most {MAX_ANNOUNCEMENT} characters")
    text = " ".join(text.split())
    server = request.app.state.server
    await server.oversight.set_flag("announcement", {"text": text, "at": time.time(), "by": who})
    await server.oversight.record(who, "announce", "", reason, text=text)
    return ok({"announcement": server.oversight.announcement})


async def drain(request: Request) -> Response:
    """Drain (``on``: true) before an upgrade: no new rooms (nor rematches) on any node; the running
    matches play to their end. ``on``: false opens again."""
    who = operator(request)
    data = await body(request)
    reason = reason_of(data)
    on = data.get("on")
    if not isinstance(on, bool):
        raise HTTPError(400, "bad_request", "on must be true or false")
    server = request.app.state.server
    await server.oversight.set_flag("drain", {"on": on, "at": time.time(), "by": who, "reason": reason})
    await server.oversight.record(who, "drain", "", reason, on=on)
    return ok({"drain": server.oversight.flags["drain"]})


async def announcement(request: Request) -> Response:
    """Public: the lobby's announcement (or null) and whether new rooms are paused (drain)."""
    o = request.app.state.server.oversight
    await o.fresh()
    return ok({"announcement": o.announcement, "draining": o.draining})


routes = [
    Route("/metrics", endpoint(metrics)),
    Route("/api/announcement", endpoint(announcement)),
    Route("/api/admin/overview", endpoint(overview)),
    Route("/api/admin/actions", endpoint(actions)),
    Route("/api/admin/ban", endpoint(ban), methods=["POST"]),
    Route("/api/admin/unban", endpoint(unban), methods=["POST"]),
    Route("/api/admin/revoke", endpoint(revoke), methods=["POST"]),
    Route("/api/admin/announcement", endpoint(announce), methods=["POST"]),
    Route("/api/admin/drain", endpoint(drain), methods=["POST"]),
    Route("/api/admin/operators", endpoint(operators), methods=["POST"]),
    Route("/api/rooms/{code}/admin/view", endpoint(room_view)),
    Route("/api/rooms/{code}/admin/watch", endpoint(room_watch), methods=["POST"]),
    Route("/api/rooms/{code}/admin/dissolve", endpoint(room_dissolve_hand), methods=["POST"]),
    Route("/api/rooms/{code}/admin/close", endpoint(room_close), methods=["POST"]),
    Route("/api/rooms/{code}/admin/remove", endpoint(room_remove), methods=["POST"]),
]

# Every console endpoint (the 403 test walks this list): (method, path with {code})
CONSOLE_ENDPOINTS = [(m, r.path) for r in routes if r.path not in ("/metrics", "/api/announcement")
                     for m in sorted(r.methods or ()) if m != "HEAD"]
