"""``GET /api/openapi.json``: the REST document, assembled above every route module.

openapi.py holds the core paths and the helpers the route modules describe their own paths with; the
assembly lives here, above them all, so none of them imports a module that imports it back.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from majiang.backend.protocol import encoder
from majiang.server import club_routes, friend_routes, openapi, platform_routes, tournament_routes
from majiang.server.rest import endpoint

_document: bytes | None = None


async def openapi_json(request: Request) -> Response:
    global _document
    if _document is None:  # (built once: it depends on nothing but the code)
        _document = encoder.encode(openapi.document(
            platform_routes.openapi_paths(), club_routes.openapi_paths(), friend_routes.openapi_paths(),
            tournament_routes.openapi_paths()))
    return Response(_document, media_type="application/json")


routes = [Route("/api/openapi.json", endpoint(openapi_json))]
