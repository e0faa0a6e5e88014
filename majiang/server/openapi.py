"""The REST API described as OpenAPI 3.1, served at ``GET /api/openapi.json`` (for schema-driven
clients and fuzzers such as schemathesis). docs/protocol.md stays the prose reference; a test checks
that every /api route is described here."""

from __future__ import annotations

from typing import Any

import msgspec

from majiang.backend.protocol import RoomCreate
from majiang.bots.levels import LEVELS

ERROR = {"$ref": "#/components/schemas/Error"}
CODE = {"name": "code", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[A-Za-z0-9]{1,16}$"}}
HAND = {"name": "n", "in": "path", "required": True, "schema": {"type": "integer", "minimum": 1, "maximum": 10**6}}
SEED = "^[0-9A-Za-z_-]{1,64}$"
TICKET = {"name": "ticket", "in": "path", "required": True, "schema": {"type": "string", "pattern": "^[0-9a-f]{16}$"}}
PLAYER = {"name": "player_id", "in": "path", "required": True,
          "schema": {"type": "string", "pattern": "^[a-z0-9]{1,32}$"}}


def _body(schema: dict[str, Any]) -> dict[str, Any]:
    return {"required": False, "content": {"application/json": {"schema": schema}}}


def _op(summary: str, *, auth: str | None = None, params: list[dict[str, Any]] | None = None,
        body: dict[str, Any] | None = None, ok: int = 200) -> dict[str, Any]:
    op: dict[str, Any] = {"summary": summary, "responses": {
        str(ok): {"description": "success", "content": {"application/json": {"schema": {"type": "object"}}}},
        "4XX": {"description": "refused (nothing changed)", "content": {"application/json": {"schema": ERROR}}}}}
    if auth:
        op["security"] = [{"bearer": []}]
        op["description"] = f"needs the {auth} token"
    if params:
        op["parameters"] = params
    if body is not None:
        op["requestBody"] = _body(body)
    return op


def _query(name: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {"name": name, "in": "query", "required": False, "schema": schema}


def console_paths() -> dict[str, Any]:
    """The operator's console (majiang/server/console.py): every action says why (``reason``)."""
    def why(**props: Any) -> dict[str, Any]:
        return {"type": "object", "required": ["reason"],
                "properties": {"reason": {"type": "string", "minLength": 1, "maxLength": 300}, **props}}
    op = "operator"
    return {
        "/api/admin/overview": {"get": _op("every node's live tables, players online, recent errors, flags, bans "
                                           "and the console's log", auth=op)},
        "/api/admin/actions": {"get": _op("the console's log of actions", auth=op)},
        "/api/admin/ban": {"post": _op("ban a player and/or an address for a time", auth=op, body=why(
            player_id={"type": "string"}, address={"type": "string"}, seconds={"type": "number"}))},
        "/api/admin/unban": {"post": _op("lift a ban", auth=op, body=why(kind={"enum": ["player", "address"]},
                                                                          key={"type": "string"}))},
        "/api/admin/revoke": {"post": _op("revoke a token or a player's tokens", auth=op, body=why(
            token={"type": "string"}, player_id={"type": "string"}))},
        "/api/admin/announcement": {"post": _op("post (or take down) the lobby's announcement", auth=op,
                                                body=why(text={"type": "string", "maxLength": 500}))},
        "/api/admin/drain": {"post": _op("drain: no new rooms, running matches finish", auth=op,
                                         body=why(on={"type": "boolean"}))},
        "/api/admin/operators": {"post": _op("give an account the operator role or take it away (the operator "
                                             "token only)", auth=op, body=why(username={"type": "string"},
                                                                              operator={"type": "boolean"}))},
        "/api/rooms/{code}/admin/view": {"get": _op("the live table with everything visible", auth=op,
                                                    params=[CODE])},
        "/api/rooms/{code}/admin/watch": {"post": _op("start watching a table (logged)", auth=op, params=[CODE],
                                                      body=why())},
        "/api/rooms/{code}/admin/dissolve": {"post": _op("dissolve the hand: a new game, the streak back to 1",
                                                         auth=op, params=[CODE], body=why())},
        "/api/rooms/{code}/admin/close": {"post": _op("close the room", auth=op, params=[CODE], body=why())},
        "/api/rooms/{code}/admin/remove": {"post": _op("remove a seat's player from the room", auth=op,
                                                       params=[CODE], body=why(seat={"type": "integer"}))},
    }


def document(*extra: dict[str, Any]) -> dict[str, Any]:
    """The document, with the ``paths`` each route module adds (``extra``), so this module imports none of them."""
    (room_create,), components = msgspec.json.schema_components([RoomCreate],
                                                                ref_template="#/components/schemas/{name}")
    components["Error"] = {"type": "object", "required": ["error", "reason"],
                           "properties": {"error": {"type": "string"}, "reason": {"type": "string"}}}
    seats = {"type": "object", "properties": {"seats": {"type": "array", "maxItems": 4,
                                                        "items": {"type": "integer", "minimum": 0, "maximum": 3}},
                                              "level": {"type": "string", "enum": list(LEVELS)}}}
    number = {"type": "string", "pattern": "^[0-9]{1,9}$"}
    paths: dict[str, Any] = {
        "/api/session": {"post": _op("a player token for a display name", body={
            "type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}})},
        "/api/session/renew": {"post": _op("a fresh token for the same player", auth="player")},
        "/api/session/logout": {"post": _op("revoke this token, or every token of the player", auth="player",
                                            body={"type": "object",
                                                  "properties": {"everywhere": {"type": "boolean"}}})},
        "/api/tokens/revoke": {"post": _op("revoke a token or a player's tokens", auth="operator", body={
            "type": "object", "properties": {"token": {"type": "string"}, "player_id": {"type": "string"}}})},
        "/api/me": {"get": _op("who the token belongs to", auth="player")},
        "/api/rulesets": {"get": _op("rulesets, their options and the default room settings")},
        "/api/rooms": {
            "get": _op("open public rooms, a page at a time",
                       params=[_query("limit", number), _query("offset", number)]),
            "post": _op("create a room", auth="player", body=room_create, ok=201)},
        "/api/rooms/{code}": {"get": _op("a room's state", params=[CODE])},
        "/api/rooms/{code}/join": {"post": _op("take a seat", auth="player", params=[CODE])},
        "/api/rooms/{code}/bots": {"post": _op("fill seats with bots (at a level; none: the room's bot_level)",
                                               auth="seated player or operator",
                                               params=[CODE], body=seats)},
        "/api/rooms/{code}/dissolve": {"post": _op("dissolve the room", auth="operator", params=[CODE])},
        "/api/rooms/{code}/rematch": {"post": _op("play again with the same seats (a finished room)",
                                                  auth="player seated in the room", params=[CODE])},
        "/api/rooms/{code}/test-deal": {"post": _op(
            "test hooks only (MAJIANG_TEST_HOOKS=1): fix the seeds of the room's next hands and of its bots",
            auth="operator",
            params=[CODE], body={"type": "object", "properties": {
                "seeds": {"type": "array", "maxItems": 64, "items": {"type": "string", "pattern": SEED}},
                "match_seed": {"type": "string", "pattern": SEED},
                "bot_seed": {"type": "integer", "minimum": 0, "maximum": 2**32 - 1}}})},
        "/api/rooms/{code}/hands": {"get": _op("finished hands", params=[CODE])},
        "/api/rooms/{code}/hands/{n}": {"get": _op("one finished hand", params=[CODE, HAND])},
        "/api/rooms/{code}/hands/{n}/replay": {"get": _op("the replay file of a finished hand",
                                                          params=[CODE, HAND])},
        "/api/rooms/{code}/hands/{n}/view": {"get": _op("a seat's view of a finished hand after some steps", params=[
            CODE, HAND, _query("seat", {"type": "string", "pattern": "^([0-3]|all)$"}), _query("step", number)])},
        "/api/players/{player_id}": {"get": _op("a player's record (private rooms only to the player)",
                                                params=[PLAYER])},
        "/api/health": {"get": _op("liveness")},
        "/api/admin/memory": {"get": _op("what the server holds in memory (tables, connections, objects, "
                                         "rate-limit keys, garbage collections)", auth="operator",
                                         params=[_query("objects", {"type": "string", "enum": ["0", "1"]})])},
        "/api/admin/bots": {"get": _op("how late this node's bots answered (from due to saved), since the last "
                                       "reset", auth="operator",
                                       params=[_query("reset", {"type": "string", "enum": ["0", "1"]})])},
        "/api/openapi.json": {"get": _op("this document")},
        "/api/announcement": {"get": _op("the operator's announcement for the lobby, and whether the server drains")},
        **console_paths(),
        "/api/leaderboard": {"get": _op("the top players of a ruleset and mode by rating (and the caller's place)",
                                        params=[_query("ruleset", {"type": "string"}),
                                                _query("mode", {"type": "string"}), _query("limit", number)])},
        "/api/players/{player_id}/ratings": {"get": _op("a player's ratings and last rated matches",
                                                        params=[PLAYER])},
        "/api/quickmatch": {"post": _op("queue for a table of near rating", auth="player", ok=201, body={
            "type": "object", "required": ["ruleset"], "properties": {
                "ruleset": {"type": "string"}, "options": {"type": "object"},
                "bots_after": {"type": ["number", "null"], "minimum": 1, "maximum": 600}}})},
        "/api/quickmatch/{ticket}": {"get": _op("the ticket: waiting, or the room it was seated in",
                                                auth="its player", params=[TICKET])},
        "/api/quickmatch/{ticket}/cancel": {"post": _op("leave the queue", auth="its player", params=[TICKET])},
    }
    for more in extra:
        paths.update(more)
    return {"openapi": "3.1.0",
            "info": {"title": "Majiang table server", "version": "1",
                     "description": "REST part of docs/protocol.md; the table itself is a websocket at /ws/{code}."},
            "paths": paths,
            "components": {"schemas": components,
                           "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer"}}}}
