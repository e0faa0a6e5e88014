"""An account's client settings (sound, voice, motion, language, tile size, table colour, claim
shortcuts), kept server-side so a second device signed in to the same account gets them. A guest
keeps them in its browser only (the web client's localStorage); the server refuses a guest's.

The settings are a small flat object whose every key is declared in :data:`FIELDS`; a write names
some of them (a patch), each checked, and the stored object is the old one with the patch over it."""

from __future__ import annotations

import json
import time
from typing import Any

from sqlalchemy import insert, select, update

from majiang.backend.platform_schema import player_settings
from majiang.backend.schema import players
from majiang.backend.store import Store
from majiang.platform.accounts import AccountError

# key -> ("bool",) | ("number", low, high) | ("choice", options...)
FIELDS: dict[str, tuple[Any, ...]] = {
    "volume": ("number", 0.0, 1.0),
    "sound": ("bool",),
    "voice": ("bool",),
    "motion": ("bool",),  # animations (off: none, as under prefers-reduced-motion)
    "autoPass": ("bool",),
    "autoWin": ("bool",),
    "tileSize": ("number", 0.85, 1.15),
    "felt": ("choice", "green", "blue", "red", "wood"),
    "lang": ("choice", "zh", "en"),
    "music": ("bool",),  # the generated background loop (off by default)
    "musicVolume": ("number", 0.0, 1.0),
    "voiceLang": ("choice", "ui", "zh", "en"),  # the spoken calls' language; "ui" follows the screen
    "hints": ("bool",),  # the 听 hint line and the counts on the tiles
    "tileBack": ("choice", "green", "blue", "red", "gold"),
    "confirmDiscard": ("bool",),  # 点两下出牌: a first tap lifts the tile, the second throws it
}


def check_patch(patch: object) -> dict[str, Any]:
    """The patch if every key is a known setting with a value it allows; else a 400 naming the first
    one that is wrong (nothing is stored then)."""
    if not isinstance(patch, dict) or not patch:
        raise AccountError(400, "bad_request", "settings must be a non-empty object of "
                                               f"{', '.join(FIELDS)}")
    out: dict[str, Any] = {}
    for key, value in patch.items():
        spec = FIELDS.get(key)
        if spec is None:
            raise AccountError(400, "bad_request", f"unknown setting {key!r}; known: {', '.join(FIELDS)}")
        kind = spec[0]
        if kind == "bool" and not isinstance(value, bool):
            raise AccountError(400, "bad_request", f"{key} must be true or false")
        if kind == "number":
            if isinstance(value, bool) or not isinstance(value, int | float) or not spec[1] <= value <= spec[2]:
                raise AccountError(400, "bad_request", f"{key} must be a number from {spec[1]} to {spec[2]}")
            value = float(value)
        if kind == "choice" and value not in spec[1:]:
            raise AccountError(400, "bad_request", f"{key} must be one of {', '.join(spec[1:])}")
        out[key] = value
    return out


class Prefs:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def _require_account(self, player_id: str) -> None:
        async with self.store.engine.connect() as conn:
            username = (await conn.execute(select(players.c.username)
                                           .where(players.c.player_id == player_id))).scalar()
        if not username:
            raise AccountError(403, "guest", "a guest's settings stay in its browser; make an account "
                                             "to keep them on every device")

    async def get(self, player_id: str) -> dict[str, Any] | None:
        """The account's stored settings, or None when it has stored none yet."""
        await self._require_account(player_id)
        async with self.store.engine.connect() as conn:
            raw = (await conn.execute(select(player_settings.c.settings)
                                      .where(player_settings.c.player_id == player_id))).scalar()
        if raw is None:
            return None
        stored = json.loads(raw)
        # (a setting dropped from FIELDS since it was stored is not handed back)
        return {k: v for k, v in stored.items() if k in FIELDS}

    async def patch(self, player_id: str, patch: object) -> dict[str, Any]:
        """Checks the patch, lays it over what is stored and answers the whole stored object."""
        checked = check_patch(patch)
        await self._require_account(player_id)
        now = time.time()
        async with self.store.engine.begin() as conn:
            raw = (await conn.execute(select(player_settings.c.settings)
                                      .where(player_settings.c.player_id == player_id))).scalar()
            merged = {**(json.loads(raw) if raw else {}), **checked}
            text = json.dumps(merged, sort_keys=True)
            if raw is None:
                await conn.execute(insert(player_settings).values(player_id=player_id, settings=text, updated_at=now))
            else:
                await conn.execute(update(player_settings).where(player_settings.c.player_id == player_id)
                                   .values(settings=text, updated_at=now))
        return {k: v for k, v in merged.items() if k in FIELDS}
