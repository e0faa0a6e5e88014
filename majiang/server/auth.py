"""Player tokens: a display name and a random player id, signed with HMAC-SHA256. No passwords yet."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import secrets
import time
import unicodedata
from dataclasses import dataclass


@dataclass(frozen=True)
class Player:
    player_id: str
    name: str


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def clean_name(name: object) -> str | None:
    if not isinstance(name, str):
        return None
    name = " ".join(name.split())
    # No control, format (zero-width, bidi overrides), surrogate, private-use or unassigned characters:
    # they hide or disguise a name, and a NUL cannot even be stored in PostgreSQL.
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in name):
        return None
    return name if 1 <= len(name) <= 24 else None


def issue(secret: str, name: str) -> tuple[str, Player]:
    player = Player(player_id="p" + secrets.token_hex(6), name=name)
    body = _b64(json.dumps({"p": player.player_id, "n": name, "t": int(time.time())}).encode())
    return f"{body}.{_sign(secret, body)}", player


def verify(secret: str, token: str | None) -> Player | None:
    if not token or not token.isascii() or token.count(".") != 1 or len(token) > 512:
        return None  # a token is ASCII (base64url); compare_digest refuses non-ASCII str
    body, sig = token.split(".")
    if not hmac.compare_digest(sig.encode(), _sign(secret, body).encode()):
        return None
    try:
        data = json.loads(_unb64(body))
        return Player(player_id=str(data["p"]), name=str(data["n"]))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None


def _sign(secret: str, body: str) -> str:
    return _b64(hmac.new(secret.encode(), body.encode(), hashlib.sha256).digest())


def operator_ok(expected: str | None, given: str | None) -> bool:
    return bool(expected) and given is not None and hmac.compare_digest(expected.encode(), given.encode())
