"""The players' avatars the page has asked for are kept (avatars.js playerAvatar, shared by the waiting
room and the table); an avatar chosen on the account page replaces the kept one, so the room drawn after it
shows the new avatar, not the one asked for before."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
import pytest

from tests.browser.guests import guest_page

pytestmark = pytest.mark.browser

MY_AVATAR = "[data-testid=waiting] li[data-pos=me] .wr-avatar"


def test_a_new_avatar_shows_in_the_room_drawn_after_it(browser: Any, server: Any) -> None:
    ctx, page, errors = guest_page(browser, server.base, "换头像" + secrets.token_hex(2))
    try:
        room = page.evaluate("""async () => (await (await import('/api.js')).api.createRoom(
            {ruleset: 'hefei', options: {room: 'bubaoting'}, hands: 4, ready_seconds: 600}))""")
        code = room["room"]["code"]
        # in the room: my avatar asked for and kept (0, a guest's)
        page.evaluate("(c) => { location.hash = '#/room/' + c; }", code)
        page.wait_for_function(f"(document.querySelector('{MY_AVATAR}') || {{}}).textContent === '东'")
        token = page.evaluate("localStorage.getItem('mj.token')")
        r = httpx.post(server.base + "/api/account/register", headers={"authorization": f"Bearer {token}"},
                       json={"username": "av" + secrets.token_hex(4), "password": "correct horse", "name": "换头像"},
                       timeout=10)
        assert r.status_code == 201, r.text
        page.evaluate("() => { location.hash = '#/me'; }")
        page.click("[data-testid=profile] [data-avatar='5']")
        page.click("[data-testid=save-profile]")
        page.wait_for_selector("[data-testid=profile] .card-head .avatar:text('发')")
        page.evaluate("(c) => { location.hash = '#/room/' + c; }", code)
        page.wait_for_selector(MY_AVATAR)
        page.wait_for_function(f"document.querySelector('{MY_AVATAR}').textContent === '发'", timeout=5000)
        assert not errors, errors
    finally:
        ctx.close()
