"""REST endpoints of friends and room invites (docs/protocol.md "Friends"). What changes for another
player is pushed to them on the lobby socket (majiang/server/lobby.py); the database keeps it too, so
a player who was away finds it in ``GET /api/friends`` and ``GET /api/invites``."""

from __future__ import annotations

from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from majiang.backend import journal
from majiang.platform.friends import OPEN
from majiang.server.platform_routes import caller, code_missed, codes_allowed, platform_endpoint, platform_of
from majiang.server.rest import CODE_RE, PLAYER_RE, HTTPError, body, ok

ACTIONS = ("accept", "decline", "remove", "block", "unblock")


def _me(request: Request) -> Any:
    p = caller(request)
    assert p is not None
    return p


def _other(request: Request) -> str:
    pid = request.path_params["player_id"]
    if not PLAYER_RE.fullmatch(pid):
        raise HTTPError(400, "bad_request", "a player id is 1-32 lowercase letters and digits")
    return str(pid)


async def _seated(server: Any, code: str) -> list[str]:
    """Who holds a seat in room ``code`` now (any node's table: read from its log)."""
    seated = journal.seated(await server.store.seat_records(code))
    return [s.player_id for s in seated if s is not None and s.player_id]


async def friends_list(request: Request) -> Response:
    """My code, my friends (online, and the room they sit in when I may see it), requests, blocks."""
    me = _me(request)
    platform = platform_of(request)
    out = await platform.friends.listing(me.player_id)
    out["code"] = await platform.friends.code_of(me.player_id)
    seen = await request.app.state.server.lobby.presence([f["player_id"] for f in out["friends"]])
    for f in out["friends"]:
        there = seen.get(f["player_id"]) or {"online": False, "room": None}
        room = there.get("room")
        # a club's room is shown to that club's members only (as everywhere else)
        if room is not None and not await platform.clubs.may_enter(room["code"], me.player_id):
            room = None
        f["online"], f["room"] = bool(there.get("online")), room
    out["friends"].sort(key=lambda f: (not f["online"], f["room"] is None, f["name"].casefold()))
    return ok(out)


async def new_code(request: Request) -> Response:
    """A new player code; the old one stops finding me."""
    me = _me(request)
    return ok({"code": await platform_of(request).friends.code_of(me.player_id, renew=True)})


async def send_request(request: Request) -> Response:
    """Ask a player to be friends, by their code (``code``) or, seen at a table or in a club, their id
    (``player_id``). Codes that name nobody count against the address like replay codes."""
    me = _me(request)
    data = await body(request)
    platform = platform_of(request)
    code, pid = data.get("code"), data.get("player_id")
    if (code is None) == (pid is None):
        raise HTTPError(400, "bad_request", "give code (their player code) or player_id, one of them")
    if code is not None:
        await codes_allowed(request, "player codes")
        other = await platform.friends.by_code(code)
        if other is None:
            await code_missed(request)
            raise HTTPError(404, "bad_code", "no player has that code (8 characters, e.g. K7QM-3XPD)")
    else:
        if not isinstance(pid, str) or not PLAYER_RE.fullmatch(pid):
            raise HTTPError(400, "bad_request", "player_id is 1-32 lowercase letters and digits")
        other = pid
    sent = await platform.friends.request(me.player_id, other)
    hub = request.app.state.server.lobby
    who = {"player_id": me.player_id, "name": me.name}
    if sent.delivered and sent.state == "friends":
        await hub.push(other, "friend_accepted", player=who)
    elif sent.delivered:
        await hub.push(other, "friend_request", player=who)
    return ok({"state": sent.state, "player": {"player_id": sent.player_id, "name": sent.name}},
              201 if sent.state == "requested" else 200)


async def act(request: Request) -> Response:
    """accept / decline a request from the player; remove (a friend, or my request); block; unblock."""
    me = _me(request)
    other = _other(request)
    action = (await body(request)).get("action")
    if action not in ACTIONS:
        raise HTTPError(400, "bad_request", f"action must be one of {', '.join(ACTIONS)}")
    friends = platform_of(request).friends
    hub = request.app.state.server.lobby
    who = {"player_id": me.player_id, "name": me.name}
    if action in ("accept", "decline"):
        await friends.answer(me.player_id, other, action == "accept")
        if action == "accept":
            await hub.push(other, "friend_accepted", player=who)
    elif action == "remove":
        if not await friends.remove(me.player_id, other):
            raise HTTPError(404, "not_found", "that player is not your friend and has no request of yours")
        await hub.push(other, "friend_removed", player=who)
    elif action == "block":
        if await friends.block(me.player_id, other):  # a friend sees a removal; anyone else, nothing
            await hub.push(other, "friend_removed", player=who)  # (a block is never announced)
    elif not await friends.unblock(me.player_id, other):
        raise HTTPError(404, "not_found", "you have not blocked that player")
    await hub.push(me.player_id, "friends_changed")  # my other tabs and devices
    return ok({"ok": True})


async def invite(request: Request) -> Response:
    """Invite a player into a room I sit in: a friend, or in a club's room a member of that club. The
    invitee sees it at once on every node (pushed) and in ``GET /api/invites`` until the room ends."""
    me = _me(request)
    data = await body(request)
    code, other = data.get("room"), data.get("player_id")
    if not isinstance(code, str) or not CODE_RE.fullmatch(code):
        raise HTTPError(400, "bad_request", "room must be a room code (letters and digits)")
    if not isinstance(other, str) or not PLAYER_RE.fullmatch(other):
        raise HTTPError(400, "bad_request", "player_id is 1-32 lowercase letters and digits")
    code = code.upper()
    server = request.app.state.server
    platform = platform_of(request)
    room = await server.store.room(code)
    if room is None or me.player_id not in await _seated(server, code):
        raise HTTPError(404, "not_found", f"you hold no seat in a room {code}")
    if room["status"] not in OPEN:
        raise HTTPError(409, "room_over", f"room {code} is {room['status']}: nothing to invite to")
    if other == me.player_id:
        raise HTTPError(400, "self", "you are in that room already")
    club = await platform.clubs.club_of_room(code)
    if club is not None:
        if await platform.clubs.member(club, other) is None:
            raise HTTPError(403, "not_member", "a club room's invites are for the club's members")
    elif (await platform.friends.state(me.player_id, other))[0] != "friend":
        raise HTTPError(403, "not_friend", "you can invite your friends (or, to a club room, its members)")
    if await platform.friends.invite(me.player_id, me.name, other, code, club):
        await server.lobby.push(other, "invite", invite={"room": code, "from": me.player_id, "from_name": me.name,
                                                         "club_id": club, "ruleset": room["ruleset"]})
    return ok({"ok": True, "room": code, "player_id": other}, 201)


async def my_invites(request: Request) -> Response:
    me = _me(request)
    return ok({"invites": await platform_of(request).friends.invites_for(me.player_id)})


async def drop_invite(request: Request) -> Response:
    """Decline (or, after joining, clear) the invite to a room."""
    me = _me(request)
    code = request.path_params["code"]
    if not CODE_RE.fullmatch(code):
        raise HTTPError(400, "bad_request", "a room code is 1-16 letters and digits")
    if not await platform_of(request).friends.drop_invite(me.player_id, code.upper()):
        raise HTTPError(404, "not_found", f"no invite to room {code.upper()}")
    await request.app.state.server.lobby.push(me.player_id, "invite_gone", room=code.upper())
    return ok({"ok": True})


routes = [
    Route("/api/friends", platform_endpoint(friends_list)),
    Route("/api/friends/code", platform_endpoint(new_code), methods=["POST"]),
    Route("/api/friends/requests", platform_endpoint(send_request), methods=["POST"]),
    Route("/api/friends/{player_id}", platform_endpoint(act), methods=["POST"]),
    Route("/api/invites", platform_endpoint(my_invites)),
    Route("/api/invites", platform_endpoint(invite), methods=["POST"]),
    Route("/api/invites/{code}/decline", platform_endpoint(drop_invite), methods=["POST"]),
]


def openapi_paths() -> dict[str, Any]:
    from majiang.server.openapi import CODE, PLAYER, _op

    obj = {"type": "object"}
    return {
        "/api/friends": {"get": _op("my player code, friends (online, at which table), requests, blocks",
                                    auth="player")},
        "/api/friends/code": {"post": _op("a new player code (the old one stops working)", auth="player")},
        "/api/friends/requests": {"post": _op("ask a player to be friends, by code or player id", auth="player",
                                              body={**obj, "properties": {"code": {"type": "string"},
                                                                          "player_id": {"type": "string"}}},
                                              ok=201)},
        "/api/friends/{player_id}": {"post": _op("accept, decline, remove, block or unblock", auth="player",
                                                 params=[PLAYER], body={**obj, "required": ["action"], "properties": {
                                                     "action": {"type": "string", "enum": list(ACTIONS)}}})},
        "/api/invites": {"get": _op("my invites to rooms still open", auth="player"),
                         "post": _op("invite a friend (or a club member) into my room", auth="player", body={
                             **obj, "required": ["room", "player_id"], "properties": {
                                 "room": {"type": "string"}, "player_id": {"type": "string"}}}, ok=201)},
        "/api/invites/{code}/decline": {"post": _op("decline or clear an invite", auth="player", params=[CODE])},
    }
