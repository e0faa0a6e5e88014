"""Ranked play in Chromium: quick match from the lobby (the wait timer and window shown, cancel, bots after
N seconds take the player to its table) and the leaderboard after a ranked match of four accounts, at four
sizes in both languages, measured in the DOM (test-output/screenshots/ranked-*)."""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.sizes import RAW_KEY, boxes, overlap, settle
from tests.browser.test_play import _page
from tests.browser.test_table_sizes import _inside, _set_lang
from tests.server.test_ratings import accounts, play

pytestmark = pytest.mark.browser
SIZES = [(1920, 1080), (1280, 720), (390, 844), (844, 390)]


def _enter(page: Any, name: str) -> None:
    page.fill("#name", name)
    page.click("[data-testid=enter]")
    page.wait_for_selector("[data-testid=open-create]")


def _in_thread(coro_fn: Any) -> Any:
    """Run an async helper on a loop of its own (Playwright's sync API holds this thread's loop)."""
    out: dict[str, Any] = {}

    def go() -> None:
        try:
            out["v"] = asyncio.run(coro_fn())
        except BaseException as e:
            out["error"] = e

    th = threading.Thread(target=go)
    th.start()
    th.join(300)
    if "error" in out:
        raise out["error"]
    assert "v" in out, "the async helper did not finish within 300 s"
    return out["v"]


def test_quick_match_timer_cancel_and_bots(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 390, 844)
    try:
        _enter(page, "快速玩家")
        page.wait_for_selector("[data-testid=qm-go]")
        page.select_option("[data-testid=qm-ruleset]", "anqing")
        page.click("[data-testid=qm-go]")
        page.wait_for_selector("[data-testid=qm-timer]")
        assert "0:0" in page.inner_text("[data-testid=qm-timer]")
        assert "±" in page.inner_text("[data-testid=qm-window]")
        _inside(page, "[data-testid=quick-match]", 390, 100_000, "quick match waiting, phone")
        page.screenshot(path=str(shots / "ranked-quick-waiting-390x844-zh.png"))
        page.click("[data-testid=qm-cancel]")
        page.wait_for_selector("[data-testid=qm-go]")
        # bots after 2 s: the page is taken to its table (itself and three bots)
        page.check("[data-testid=qm-bots]")
        page.fill("[data-testid=qm-after]", "2")
        page.click("[data-testid=qm-mode] [data-value=B]")  # the mode's chips: 打缺
        page.click("[data-testid=qm-go]")
        page.wait_for_selector("[data-testid=ready]", timeout=15000)
        code = page.evaluate("localStorage.getItem('mj.room')")
        room = httpx.get(f"{server.base}/api/rooms/{code}", timeout=10).json()["room"]
        assert [bool(s["bot"]) for s in room["seats"]].count(True) == 3 and room["settings"]["ranked"] is False
        assert room["options"]["mode"] == "B", room["options"]
        assert not page.errors, page.errors
    finally:
        page.context.close()


def test_the_leaderboard_at_four_sizes(browser: Any, server: Any, shots: Path) -> None:
    async def ranked_match() -> tuple[list[dict[str, Any]], list[int]]:
        from tests.server.harness import ServerProcess  # noqa: F401 - the same server the browser uses

        async with httpx.AsyncClient(base_url=server.base, timeout=20) as http:
            people = await accounts(http, 4)
            _, totals = await play(server, http, people, ranked=True)
            return people, totals

    people, _ = _in_thread(ranked_match)
    me = people[0]
    page = _page(browser, server, 1440, 900)
    try:
        page.evaluate("""(p) => { localStorage.setItem('mj.token', p.token);
            localStorage.setItem('mj.player', p.player_id); localStorage.setItem('mj.name', p.name);
            localStorage.setItem('mj.expires', String(p.expires)); }""", me)
        page.goto(f"{server.base}/#/leaderboard/anqing/A")
        page.wait_for_selector("[data-testid=lb-row-1]")
        assert page.locator(".lb-layout .mine").count() == 1
        # the highlighted row's place is the place the line above it says (ties share a place)
        mine_place = page.get_attribute(".lb-layout .mine", "data-place")
        said = page.inner_text("[data-testid=lb-me]")
        assert re.search(rf"(#|第 ){mine_place}\b", said), (mine_place, said)
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            page.wait_for_selector("[data-testid=lb-row-1]")
            for w, hgt in SIZES:
                where = f"leaderboard {w}x{hgt} {lang}"
                page.set_viewport_size({"width": w, "height": hgt})
                settle(page, w, hgt)
                page.screenshot(path=str(shots / f"ranked-leaderboard-{w}x{hgt}-{lang}.png"), full_page=True)
                _inside(page, "[data-testid=leaderboard] .lb-layout", w, 100_000, where)
                overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                assert overflow <= 1, f"the leaderboard scrolls sideways at {w}x{hgt} ({lang})"
                assert page.locator(".provisional, .chip.warn").count() >= 1  # first matches: provisional
                _podium_and_rows(page, w, hgt, where)
        _set_lang(page, "zh")
        shown = page.inner_text(".lb-layout .mine")
        assert "±" in shown
        assert not RAW_KEY.search(page.inner_text("[data-testid=leaderboard]"))
        assert not page.errors, page.errors
    finally:
        page.context.close()


def _podium_and_rows(page: Any, w: int, hgt: int, where: str) -> None:
    """The podium's three places side by side (second, first, third), the first standing highest; each
    place's avatar, medal, name and rating visible; the rows after it cards that do not overlap; my own
    place highlighted (a gold edge) and my card in sight on the first screen of a phone."""
    places = boxes(page, "[data-testid=lb-podium] > li")
    assert len(places) == 3, (where, places)
    p1, p2, p3 = places  # in the server's order: first, second, third
    assert p2["right"] <= p1["left"] + 1 and p1["right"] <= p3["left"] + 1, (where, "podium order", places)
    steps = boxes(page, "[data-testid=lb-podium] .podium-step")
    ranks = [int(page.get_attribute(f"[data-testid=lb-row-{i}]", "data-place") or 0) for i in (1, 2, 3)]
    assert steps[2]["height"] > 10, (where, steps)
    for (a, ra), (b, rb) in zip(zip(steps, ranks, strict=True), zip(steps[1:], ranks[1:], strict=True), strict=False):
        assert a["height"] > b["height"] if ra < rb else abs(a["height"] - b["height"]) <= 1, (where, steps, ranks)
    for part in (".avatar", ".gm-medal", ".lb-name", ".rating-n"):
        found = boxes(page, f"[data-testid=lb-podium] {part}")
        assert len(found) == 3 and all(b["width"] >= 14 and b["height"] >= 14 for b in found), (where, part, found)
    names = boxes(page, "[data-testid=lb-podium] .lb-name")
    assert all(b["width"] >= 40 for b in names), (where, names)
    medals = page.evaluate("""() => [...document.querySelectorAll('[data-testid=lb-podium] .gm-medal-face')]
        .map((e) => getComputedStyle(e).backgroundImage)""")
    assert len(set(medals)) == len(set(ranks)) and all("gradient" in m for m in medals), (where, medals)
    rows = boxes(page, ".lb-row")
    assert rows, where
    for b in rows:
        assert b["height"] >= 44 and b["width"] >= min(300, w - 40), (where, b)
    for i, a in enumerate(rows):
        for b in rows[i + 1:]:
            assert not overlap(a, b), (where, a, b)
    mine = page.evaluate("""() => { const e = document.querySelector('.lb-layout .mine');
        const inner = e.matches('.podium-place') ? e.querySelector('.podium-who') : e;
        const s = getComputedStyle(inner); return s.boxShadow + ' ' + s.borderColor; }""")
    assert "240, 194, 75" in mine, (where, mine)
    card = boxes(page, "[data-testid=lb-me]")[0]
    if w < 600:  # pinned: in sight on the first screen
        assert card["bottom"] <= hgt + 1 and card["top"] >= 0, (where, card)
