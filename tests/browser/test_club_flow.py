"""A 亲友圈 in real browsers: A makes an account and creates a club; B, a guest, opens A's invite link,
enters a name and asks to join; A approves in the club page; B opens a club table from the house rules,
A sees it in the club's rooms and joins; the hand is played (scripted players over the websocket with
two bots, the browsers having left the table); both find it in the club's records and board; the club
pages are measured at four sizes in both languages and photographed."""

from __future__ import annotations

import asyncio
import secrets
import threading
from pathlib import Path
from typing import Any

import httpx

from tests.browser.test_platform_flow import _enter_as_guest, _shoot_sizes
from tests.server.harness import Client, ServerProcess, auth


def _finish_room(server: ServerProcess, code: str, tokens: list[str]) -> None:
    """Both people play the club table to its end (with bots in the two free seats)."""
    async def play() -> None:
        async with httpx.AsyncClient(base_url=server.base, timeout=20) as http:
            clients = [await Client(server.ws_base, code, tok).connect() for tok in tokens]
            for c in clients:
                c.autoplay = True
            r = await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(tokens[0]))
            assert r.status_code == 200, r.text
            for c in clients:
                await c.wait(lambda cl: cl.room["status"] == "finished", timeout=90)
                await c.close()

    t = threading.Thread(target=lambda: asyncio.run(play()))
    t.start()
    t.join(150)


def test_a_club_from_invite_link_to_its_board(browser: Any, platform_server: ServerProcess, shots: Path) -> None:
    server = platform_server
    ctx_a = browser.new_context(viewport={"width": 1280, "height": 720})
    ctx_b = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        a = ctx_a.new_page()
        errors: list[str] = []
        a.on("pageerror", lambda e: errors.append(str(e)))
        _enter_as_guest(a, server, "圈主" + secrets.token_hex(2))
        a.click("[data-testid=me-link]")
        a.fill("#reg-user", "club" + secrets.token_hex(4))
        a.fill("#reg-pass", "a long password")
        a.click("[data-testid=register-submit]")
        a.wait_for_selector("[data-testid=username]")
        a.click("[data-testid=clubs-link]")
        a.wait_for_selector("[data-testid=create-club]")
        club_name = "周末牌局" + secrets.token_hex(2)
        a.fill("#club-name", club_name)
        a.fill("#club-desc", "每周六晚上")
        a.fill("#club-hands", "1")
        a.click("[data-testid=create-club-go]")
        a.wait_for_selector("[data-testid=invite-code]")
        assert a.inner_text("[data-testid=club-name]") == club_name
        invite = a.inner_text("[data-testid=invite-code]").replace("-", "")
        club_url = a.url

        # B follows the invite link before having a name
        b = ctx_b.new_page()
        b.goto(server.base + f"/#/join/{invite}")
        b.fill("#name", "圈友" + secrets.token_hex(2))
        b.click("[data-testid=enter]")
        b.wait_for_selector("[data-testid=ask-join]")
        assert club_name in b.inner_text("[data-testid=join-screen]")
        b.click("[data-testid=ask-join]")
        b.wait_for_selector("[data-testid=asked]")
        b_id = b.evaluate("localStorage.getItem('mj.player')")

        # A approves in the club page
        a.goto(club_url)
        a.reload()
        try:
            a.wait_for_selector("[data-testid=club-members]", timeout=8000)
        except Exception:
            a.screenshot(path=str(shots / "debug-club.png"))
            raise AssertionError((a.url, a.inner_text("body")[:500], errors)) from None
        a.wait_for_selector(f"[data-testid=approve-{b_id}]")
        a.click(f"[data-testid=approve-{b_id}]")
        a.wait_for_function("document.querySelectorAll('[data-testid=club-members] .member').length === 2")

        # B opens a club table; A finds it in the club's rooms and joins
        b.click("[data-testid=clubs-link]")
        b.wait_for_selector("[data-testid=my-clubs] a")
        b.click("[data-testid=my-clubs] a")
        b.wait_for_selector("[data-testid=open-club-room]")
        b.click("[data-testid=open-club-room]")
        b.wait_for_url("**/#/room/*")
        code = b.url.rsplit("/", 1)[1]
        a.reload()
        a.wait_for_selector(f"[data-testid=club-room-{code}]")
        _shoot_sizes(a, shots, "club")
        a.click(f"[data-testid=club-room-{code}]")
        a.wait_for_url(f"**/#/room/{code}")
        a.wait_for_selector("[data-testid=ready], .table, .waiting", timeout=15000)
        tokens = [p.evaluate("localStorage.getItem('mj.token')") for p in (b, a)]
        # the browsers step away; scripted players play the hand for the same two people
        a.goto(server.base + "/#/clubs")
        b.goto(server.base + "/#/clubs")
        _finish_room(server, code, tokens)

        for page in (a, b):
            page.goto(club_url)
            page.reload()
            page.wait_for_selector(f"[data-testid=club-match-{code}]")
            assert page.locator("[data-testid=club-board] tbody tr").count() == 2
        _shoot_sizes(b, shots, "club-member")
        b.click("[data-testid=records-link]")
        b.wait_for_selector(f"[data-testid=match-{code}]")
        b.click("[data-testid=clubs-link]")
        b.wait_for_selector("[data-testid=my-clubs]")
        _shoot_sizes(b, shots, "clubs")
    finally:
        ctx_a.close()
        ctx_b.close()
