"""The alembic migrations: one linear chain with one head, and a database made before the platform's
migrations upgrades in place, keeping its players, rooms and hands (majiang/backend/migrations)."""

from __future__ import annotations

import asyncio
import json
import time
from pathlib import Path

import pytest
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, text

from majiang.backend import auth
from majiang.backend.config import Settings
from majiang.backend.store import MIGRATIONS, Store, make_engine
from majiang.platform import records
from majiang.platform.service import Platform
from tests.server.conftest import database_url, drop_schema

BEFORE_PLATFORM = "0003"  # the head before accounts (what servers ran until issue 22)


def _config() -> Config:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    return cfg


def test_the_revision_chain_is_linear_with_one_head() -> None:
    script = ScriptDirectory.from_config(_config())
    assert len(script.get_heads()) == 1, script.get_heads()
    revisions = list(script.walk_revisions())
    assert all(isinstance(r.down_revision, str | None) for r in revisions)  # no merge points
    assert [r for r in revisions if r.down_revision is None] == [revisions[-1]]  # one root


async def _upgrade_to(url: str, revision: str) -> None:
    engine = make_engine(url)

    def upgrade(conn: Connection) -> None:
        cfg = _config()
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, revision)

    async with engine.begin() as conn:
        await conn.run_sync(upgrade)
    await engine.dispose()


async def _old_rows(url: str) -> None:
    """Rows as the server wrote them before the platform: a guest, a finished room and its hand."""
    engine = make_engine(url)
    now = time.time()
    async with engine.begin() as conn:
        await conn.execute(text("INSERT INTO players (player_id, name, created_at) VALUES ('pold1', '老王', :t)"),
                           {"t": now})
        await conn.execute(text("INSERT INTO rooms (code, ruleset, options, settings, status, totals, created_at, "
                                "updated_at) VALUES ('OLD1', 'anqing', '{}', '{}', 'finished', '[3,-1,-1,-1]', :t, :t)"),  # noqa: E501
                           {"t": now})
        await conn.execute(text(
            "INSERT INTO hands (room_code, hand_no, dealer, streak, seed, seed_hash, players, totals, draw, "
            "settlement, replay, finished_at) VALUES ('OLD1', 1, 0, 0, 's', 'h', :p, '[3,-1,-1,-1]', :f, "
            "'{\"winners\":[0],\"totals\":[3,-1,-1,-1]}', '{}', :t)"),
            {"p": json.dumps(["pold1", "bot:greedy", "bot:greedy", "bot:greedy"]), "t": now, "f": False})
        for seat, pid, total in [(0, "pold1", 3), (1, "bot:greedy", -1), (2, "bot:greedy", -1), (3, "bot:greedy", -1)]:
            await conn.execute(text("INSERT INTO hand_seats (room_code, hand_no, seat, player_id, total, won) "
                                    "VALUES ('OLD1', 1, :s, :p, :t, :w)"),
                               {"s": seat, "p": pid, "t": total, "w": seat == 0})
    await engine.dispose()


@pytest.mark.parametrize("backend", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_database_from_before_upgrades_in_place(backend: str, tmp_path: Path) -> None:
    url, schema = database_url(backend, tmp_path)  # (outside the event loop: it makes the schema with one)
    assert url is not None
    try:
        asyncio.run(_upgrade_and_check(url, tmp_path))
    finally:
        drop_schema(schema)


async def _upgrade_and_check(url: str, tmp_path: Path) -> None:
    await _upgrade_to(url, BEFORE_PLATFORM)
    await _old_rows(url)
    store = Store(url)
    await store.open()  # what a server does at start: upgrade to the head
    try:
        record = await store.player("pold1")
        assert record is not None and record["name"] == "老王" and record["hands"] == 1
        assert [r["code"] for r in record["rooms"]] == ["OLD1"]
        settings = Settings(data_dir=tmp_path, database_url=url).resolve()
        platform = Platform.make(store, settings)
        profile = await platform.accounts.profile("pold1")
        assert profile is not None and profile["account"] is False and profile["avatar"] == 0
        assert profile["stats"][0]["hands"] == 1 and profile["stats"][0]["best"] == 3
        # the old guest can become an account on the same id
        _, guest = auth.issue(settings.secret or "", "老王", 60, "pold1")
        issued = await platform.accounts.register("laowang", "a long password", None, guest)
        assert issued.player_id == "pold1" and issued.name == "老王"
        # 0005 gave the old hand its record and replay code (its replay is not rebuildable: no how)
        async with store.engine.connect() as conn:
            summary = await records.match_summary(conn, "OLD1")
            assert summary is not None and summary["status"] == "finished"
            assert [p["total"] for p in summary["players"]] == [3, -1, -1, -1]
            assert summary["players"][0]["name"] == "老王" and summary["players"][1]["bot"]
            hand = summary["hand_list"][0]
            assert hand["winners"] == [0] and len(hand["replay_code"]) == 8
            target = await records.replay_target(conn, hand["replay_code"])
            assert target is not None and (target["room_code"], target["hand_no"]) == ("OLD1", 1)
            mine = await records.matches_of(conn, "pold1", ruleset=None, club_id=None, period="all",
                                            now=time.time(), limit=10, offset=0)
            assert [m["room_code"] for m in mine["matches"]] == ["OLD1"]
    finally:
        await store.close()
