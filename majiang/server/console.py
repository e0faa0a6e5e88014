"""The operator's (网管) endpoints: ``GET /metrics`` and the console's REST API (docs/server.md,
"The operator's console"). Every one of them answers 403 to anyone without the operator token."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route
from starlette.types import ASGIApp, Receive, Scope, Send

from majiang.server.metrics import exposition
from majiang.server.rest import HTTPError, endpoint, is_operator


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


routes = [
    Route("/metrics", endpoint(metrics)),
]
