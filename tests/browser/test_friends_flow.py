"""Friends in real browsers, three contexts: A and B make accounts; B shares its friend code, A sends a
request and B sees it arrive (pushed on the lobby socket) and accepts; A opens a room and, from the
friend list, invites B; the invite appears in B's lobby at once and B joins the free seat; B's second
device signs in and finds the same open seat. On SQLite and PostgreSQL; the friends screen and the
invite panel are measured and photographed at four sizes in both languages."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx

from tests.browser.test_platform_flow import _context, _enter_as_guest, _shoot_sizes
from tests.server.harness import ServerProcess

PASSWORD = "a long password"


def _account(page: Any, server: ServerProcess, name: str) -> tuple[str, str]:
    """A guest turned into an account from 我的: (username, player id)."""
    _enter_as_guest(page, server, name)
    page.click("[data-testid=me-link]")
    username = "f" + secrets.token_hex(5)
    page.fill("#reg-user", username)
    page.fill("#reg-pass", PASSWORD)
    page.click("[data-testid=register-submit]")
    page.wait_for_selector("[data-testid=username]")
    return username, page.evaluate("localStorage.getItem('mj.player')")


def _no_raw_keys(page: Any) -> None:
    text = page.inner_text("body")
    for key in ("friend_", "invite_", "same_", "at_table", "err_", "my_code", "code_share"):
        assert key not in text, (key, text[:400])


def test_friend_request_invite_join_and_a_second_device(browser: Any, platform_server: ServerProcess,
                                                        shots: Path) -> None:
    server = platform_server
    ctx_a, ctx_b, ctx_b2 = _context(browser), _context(browser), _context(browser)
    try:
        a, b = ctx_a.new_page(), ctx_b.new_page()
        errors: list[str] = []
        for p in (a, b):
            p.on("pageerror", lambda e: errors.append(str(e)))
        _, a_id = _account(a, server, "阿友" + secrets.token_hex(2))
        b_user, b_id = _account(b, server, "贝友" + secrets.token_hex(2))

        # B's code, read off B's friends screen; A sends the request from its own
        b.click("[data-testid=friends-link]")
        code = b.inner_text("[data-testid=my-friend-code]").strip()
        assert len(code.replace("-", "")) == 8
        a.click("[data-testid=friends-link]")
        a.fill("[data-testid=friend-code-input]", code.lower())
        a.click("[data-testid=send-request]")
        # pushed: B's screen shows the request and the badge without reloading
        b.wait_for_selector(f"[data-testid=request-{a_id}]")
        b.wait_for_selector("[data-testid=friends-badge]:not([hidden])")
        assert b.inner_text("[data-testid=friends-badge]") == "1"
        _no_raw_keys(b)
        _shoot_sizes(b, shots, "friends-request")
        b.click(f"[data-testid=accept-{a_id}]")
        b.wait_for_selector(f"[data-testid=friend-{a_id}]")
        a.wait_for_selector(f"[data-testid=friend-{b_id}].is-online")  # A's list updates by itself too
        b.wait_for_selector("[data-testid=friends-badge][hidden]", state="attached")

        # A opens a private room without bots, then invites B from the friend list
        a.click("[data-testid=lobby-link], a[href='#/lobby']")
        a.click("[data-testid=open-create]")  # (the create-room form opens in a sheet)
        a.uncheck("#fill_bots")
        a.uncheck("#public")
        a.click("[data-testid=create]")
        a.wait_for_url("**/#/room/*")
        room = a.url.rsplit("/", 1)[1]
        # the waiting room's invite dialog: A stays seated (its table socket stays open)
        a.wait_for_selector("[data-testid=invite-friends]")
        a.click("[data-testid=invite-friends]")
        a.wait_for_selector(f"[data-testid=invite-dialog] [data-testid=invite-{b_id}]")
        _shoot_sizes(a, shots, "invite-dialog")
        # B (on its friends screen) sees where A sits, with a free seat
        b.reload()
        b.wait_for_function("([id, room]) => (document.querySelector(`[data-testid=where-${id}]`) || {})"
                            ".textContent?.includes(room)", arg=[a_id, room])
        _shoot_sizes(b, shots, "friends")
        b.click("a[href='#/lobby']")
        b.wait_for_selector("[data-testid=open-create]")
        a.click(f"[data-testid=invite-{b_id}]")
        a.wait_for_selector(f"[data-testid=invite-{b_id}]:disabled")
        b.wait_for_selector(f"[data-testid=invite-{room}]")  # pushed into B's lobby
        _no_raw_keys(b)
        _shoot_sizes(b, shots, "invite")
        b.click(f"[data-testid=invite-join-{room}]")
        b.wait_for_url(f"**/#/room/{room}")
        b.wait_for_selector("[data-testid=waiting] .seat-list li.mine")
        seats = httpx.get(f"{server.base}/api/rooms/{room}", timeout=10).json()["room"]["seats"]
        assert [s["player_id"] for s in seats[:2]] == [a_id, b_id]
        assert b.evaluate("document.querySelectorAll('#invites li').length") == 0

        # B's second device: signs in and finds the same open seat
        b2 = ctx_b2.new_page()
        b2.on("pageerror", lambda e: errors.append(str(e)))
        b2.goto(server.base + "/#/me")
        b2.fill("#signin-user", b_user)
        b2.fill("#signin-pass", PASSWORD)
        b2.click("[data-testid=signin-submit]")
        b2.wait_for_selector(f"[data-testid=rejoin]:has-text('{room}')")
        b2.click("[data-testid=rejoin] a")
        b2.wait_for_url(f"**/#/room/{room}")
        mine = b2.wait_for_selector("[data-testid=waiting] .seat-list li.mine")
        assert b2.evaluate("[...document.querySelectorAll('[data-testid=waiting] .seat-list li')]"
                           ".findIndex((li) => li.classList.contains('mine'))") == 1
        assert mine.inner_text()
        assert not errors, errors
    finally:
        ctx_a.close()
        ctx_b.close()
        ctx_b2.close()
