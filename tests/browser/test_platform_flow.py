"""The platform in a real browser: A enters as a guest, makes an account from 我的 (same id), plays a
match (with three bots, through the server's own protocol); the match is in A's 战绩 and its summary
reads places, totals and each hand's 回放码; C, another browser that is only a guest, types a code in
the lobby and watches that hand; D, a third browser, signs in as A and finds the same records and
statistics. Every screen is measured at four sizes in both languages (nothing off-screen, no page-wide
horizontal scroll) and photographed."""

from __future__ import annotations

import asyncio
import secrets
import threading
from pathlib import Path
from typing import Any

import httpx

from tests.browser.test_table_sizes import _set_lang
from tests.server.harness import Client, ServerProcess, auth, create_room

SIZES = [("desktop", 1440, 900), ("laptop", 1280, 720), ("portrait", 390, 844), ("landscape", 844, 390)]


def _context(browser: Any, w: int = 1280, h: int = 720) -> Any:
    return browser.new_context(viewport={"width": w, "height": h})


def _enter_as_guest(page: Any, server: ServerProcess, name: str) -> None:
    page.goto(server.base + "/")
    page.fill("#name", name)
    page.click("[data-testid=enter]")
    page.wait_for_selector("[data-testid=replay-code-card]")


def _play_match(server: ServerProcess, token: str) -> str:
    """One hand with three bots, played over the websocket by a scripted player (in its own thread:
    Playwright's sync API holds this thread's event loop)."""
    out: dict[str, str] = {}

    async def play() -> None:
        async with httpx.AsyncClient(base_url=server.base, timeout=20) as http:
            code = (await create_room(http, token, hands=1))["room"]["code"]
            c = await Client(server.ws_base, code, token).connect()
            c.autoplay = True
            await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(token))
            await c.wait(lambda cl: cl.room["status"] == "finished", timeout=90)
            await c.close()
            out["code"] = code

    t = threading.Thread(target=lambda: asyncio.run(play()))
    t.start()
    t.join(120)
    return out["code"]


def _fits(page: Any, where: str) -> None:
    """Nothing of the screen's content is off the viewport sideways, and the page does not scroll sideways."""
    w = page.viewport_size["width"]
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= w + 1, f"{where}: the page is {scroll}px wide in a {w}px viewport"
    boxes = page.evaluate("""() => [...document.querySelectorAll(
        '.screen .card, .screen h2, .screen button, .screen input, ol.places li, ul.matches a')]
        .filter((e) => !e.closest('.scroll-x')).map((e) => {
        const r = e.getBoundingClientRect(); return {l: r.left, r: r.right, w: r.width, t: e.tagName}; })""")
    for b in boxes:
        if b["w"]:
            assert b["l"] >= -1 and b["r"] <= w + 1, (where, b)


def _shoot_sizes(page: Any, shots: Path, name: str) -> None:
    for lang in ("zh", "en"):
        _set_lang(page, lang)
        for size, w, h in SIZES:
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(150)
            _fits(page, f"{name} {lang} {size}")
            page.screenshot(path=str(shots / f"platform-{name}-{lang}-{size}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 720})
    _set_lang(page, "zh")


def test_account_records_replay_code_and_a_second_device(browser: Any, platform_server: ServerProcess,
                                                         shots: Path) -> None:
    server = platform_server
    username = "a" + secrets.token_hex(4)
    password = "a long password"
    ctx_a, ctx_c, ctx_d = _context(browser), _context(browser), _context(browser)
    try:
        a = ctx_a.new_page()
        _enter_as_guest(a, server, "阿" + secrets.token_hex(2))
        guest_id = a.evaluate("localStorage.getItem('mj.player')")
        # A: 我的 → make an account of this guest
        a.click("[data-testid=me-link]")
        a.wait_for_selector("[data-testid=register]")
        _shoot_sizes(a, shots, "guest-account")
        a.fill("#reg-user", username)
        a.fill("#reg-pass", password)
        a.click("[data-testid=register-submit]")
        a.wait_for_selector("[data-testid=username]")
        assert username in a.inner_text("[data-testid=username]")
        assert a.evaluate("localStorage.getItem('mj.player')") == guest_id  # the same player
        assert a.evaluate("localStorage.getItem('mj.refresh')")

        code = _play_match(server, a.evaluate("localStorage.getItem('mj.token')"))

        # A's 战绩: the match, and its summary
        a.click("[data-testid=records-link]")
        a.wait_for_selector(f"[data-testid=match-{code}]")
        _shoot_sizes(a, shots, "records")
        a.click(f"[data-testid=match-{code}]")
        a.wait_for_selector("[data-testid=match-hands]")
        assert a.locator("[data-testid=places] li").count() == 4
        replay_code = a.inner_text("[data-testid=code-1]")
        assert len(replay_code) == 9 and replay_code[4] == "-"
        _shoot_sizes(a, shots, "match")
        a.goto(server.base + "/#/me")
        a.wait_for_selector("[data-testid=stats]")
        assert a.locator("[data-testid=stats] tbody tr").count() == 1
        _shoot_sizes(a, shots, "profile")

        # C: only a guest, types the code (lower case) in the lobby and watches the hand
        c = ctx_c.new_page()
        _enter_as_guest(c, server, "游客" + secrets.token_hex(2))
        _shoot_sizes(c, shots, "lobby")
        c.fill("#replay-code", replay_code.lower())
        c.click("[data-testid=open-replay]")
        c.wait_for_url(f"**/#/replay/{code}/1")
        c.wait_for_selector(".replay, [data-testid=replay]", timeout=15000)
        # a code that names nothing says so and stays in the lobby
        c.goto(server.base + "/#/lobby")
        c.wait_for_selector("[data-testid=replay-code-card]")
        c.fill("#replay-code", "ZZZZ-ZZZZ")
        c.click("[data-testid=open-replay]")
        c.wait_for_selector("#toast.show")
        assert "找到" in c.inner_text("#toast") or "Not found" in c.inner_text("#toast")
        assert c.url.endswith("#/lobby")

        # D: a fourth browser signs in as A and finds the same records
        d = ctx_d.new_page()
        d.goto(server.base + "/")
        d.click("[data-testid=to-sign-in]")
        d.wait_for_selector("[data-testid=signin]")
        _shoot_sizes(d, shots, "sign-in")
        d.fill("#signin-user", username)
        d.fill("#signin-pass", "not the password")
        d.click("[data-testid=signin-submit]")
        d.wait_for_selector("#toast.show")
        assert "密码" in d.inner_text("#toast")  # the one answer for a wrong password, in Chinese
        assert d.evaluate("localStorage.getItem('mj.token')") is None  # nothing kept from a failed sign-in
        d.fill("#signin-pass", password)
        d.click("[data-testid=signin-submit]")
        d.wait_for_selector("[data-testid=replay-code-card]")
        assert d.evaluate("localStorage.getItem('mj.player')") == guest_id
        d.click("[data-testid=records-link]")
        d.wait_for_selector(f"[data-testid=match-{code}]")
        # signing out everywhere from D also signs A out
        d.goto(server.base + "/#/me")
        d.click("[data-testid=sign-out-all]")
        d.wait_for_selector("#name")
        a.goto(server.base + "/#/records")
        a.wait_for_timeout(300)
        status = a.evaluate("""async () => (await fetch('/api/account',
            {headers: {authorization: 'Bearer ' + localStorage.getItem('mj.token')}})).status""")
        assert status == 401
    finally:
        for ctx in (ctx_a, ctx_c, ctx_d):
            ctx.close()
