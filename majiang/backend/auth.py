"""Player tokens: a display name and a random player id, signed with HMAC-SHA256. No passwords yet.

A token carries its id (``j``), when it was issued (``t``) and when it expires (``e``). It is refused
after ``e``, when its id is revoked, or when its player logged out everywhere after ``t``
(:class:`Revocations`; the store keeps them so a restart forgets nothing)."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Player:
    player_id: str
    name: str
    token_id: str = ""
    issued: float = 0.0
    expires: float = 0.0
    role: str = ""  # "operator": an account the operator made one (majiang/platform/accounts.py)


@dataclass
class Revocations:
    tokens: dict[str, float] = field(default_factory=dict)  # token id -> when it would expire anyway
    players: dict[str, float] = field(default_factory=dict)  # player id -> tokens issued before this are void

    def revoked(self, player: Player) -> bool:
        return player.token_id in self.tokens or player.issued <= self.players.get(player.player_id, -1.0)

    def prune(self, now: float) -> None:
        """Forget revoked ids of tokens that have expired anyway."""
        for jti in [j for j, until in self.tokens.items() if until < now]:
            del self.tokens[jti]


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


# Characters that draw nothing although Unicode calls them letters or symbols (Hangul fillers, the
# blank braille pattern): a name made only of them (and spaces and marks) looks empty.
BLANK = set("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")
MAX_MARKS = 2  # combining marks on one character ("Zalgo" text smears over its neighbours)


def name_problem(name: object) -> tuple[str | None, str]:
    """(the cleaned name, "") or (None, the reason it is refused)."""
    if not isinstance(name, str):
        return None, "name must be a string"
    # NFKC folds compatibility forms (fullwidth Ｂｏｔ, ligatures) into what they look like.
    name = " ".join(unicodedata.normalize("NFKC", name).split())
    # No control, format (zero-width, bidi overrides), surrogate, private-use or unassigned characters:
    # they hide or disguise a name, and a NUL cannot even be stored in PostgreSQL.
    if any(unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn") for ch in name):
        return None, "name has invisible or control characters"
    if not 1 <= len(name) <= 24:
        return None, "name must be 1-24 characters"
    run = 0
    for ch in name:
        run = run + 1 if unicodedata.category(ch) in ("Mn", "Me", "Mc") else 0
        if run > MAX_MARKS:
            return None, f"name has more than {MAX_MARKS} combining marks on one character"
    if all(ch in BLANK or ch.isspace() or unicodedata.category(ch) in ("Mn", "Me", "Mc") for ch in name):
        return None, "name shows nothing visible"
    if looks_like_bot(name):
        return None, "name looks like a bot's (Bot 1..4)"
    return name, ""


def clean_name(name: object) -> str | None:
    return name_problem(name)[0]


_SPACING = re.compile(r"[\s_.\-:·]+")


def _squeeze(name: str) -> str:
    return _SPACING.sub("", unicodedata.normalize("NFKC", name).casefold())


def looks_like_bot(name: str) -> bool:
    from confusables import is_confusable  # (on first use: its tables cost ~30 ms of every server's start)

    squeezed = _squeeze(name)
    return any(is_confusable(squeezed, "bot" + k) for k in ("", *"0123456789", "10"))


def names_confusable(a: str, b: str) -> bool:
    """Whether two display names would be taken for each other at a table (case, spacing, homoglyphs)."""
    from confusables import is_confusable

    return is_confusable(_squeeze(a), _squeeze(b))


def issue(secret: str, name: str, lifetime: float, player_id: str | None = None,
          role: str = "") -> tuple[str, Player]:
    now = time.time()
    player = Player(player_id=player_id or "p" + secrets.token_hex(6), name=name, token_id=secrets.token_hex(8),
                    issued=now, expires=now + lifetime, role=role)
    claims: dict[str, object] = {"p": player.player_id, "n": name, "t": now, "e": player.expires, "j": player.token_id}
    if role:
        claims["r"] = role
    body = _b64(json.dumps(claims).encode())
    return f"{body}.{_sign(secret, body)}", player


def verify(secret: str, token: str | None, revocations: Revocations | None = None) -> Player | None:
    if not token or not token.isascii() or token.count(".") != 1 or len(token) > 512:
        return None  # a token is ASCII (base64url); compare_digest refuses non-ASCII str
    body, sig = token.split(".")
    if not hmac.compare_digest(sig.encode(), _sign(secret, body).encode()):
        return None
    try:
        data = json.loads(_unb64(body))
        player = Player(player_id=str(data["p"]), name=str(data["n"]), token_id=str(data.get("j", "")),
                        issued=float(data["t"]), expires=float(data.get("e", 0.0)), role=str(data.get("r", "")))
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    if player.expires < time.time():  # tokens without an expiry (older servers) are expired too
        return None
    if revocations is not None and revocations.revoked(player):
        return None
    return player


def _sign(secret: str, body: str) -> str:
    return _b64(hmac.new(secret.encode(), body.encode(), hashlib.sha256).digest())


def operator_ok(expected: str | None, given: str | None) -> bool:
    return (expected is not None and bool(expected) and given is not None and given.isascii()
            and hmac.compare_digest(expected.encode(), given.encode()))
