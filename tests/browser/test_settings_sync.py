"""Issue 24: an account's settings follow it. Device A signs in, changes the table colour, switches the
animations and the sound off and the language to English from the settings panel on its account page;
device B, a fresh browser, signs in to the same account and opens with all of them. A guest's settings
stay in its own browser (the server is never asked)."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.test_table_sizes import SIZES, _inside

pytestmark = pytest.mark.browser

FELT = "getComputedStyle(document.documentElement).getPropertyValue('--felt').trim()"


def _sent(resp: Any) -> bool:
    return resp.url.endswith("/api/account/settings") and resp.request.method == "POST"  # type: ignore[no-any-return]


def _sign_in(page: Any, base: str, username: str, password: str) -> None:
    page.goto(base + "/#/me")
    page.wait_for_selector("[data-testid=signin]")
    page.fill("#signin-user", username)
    page.fill("#signin-pass", password)
    page.click("[data-testid=signin-submit]")
    page.wait_for_selector("[data-testid=open-create]")


def test_an_accounts_settings_reach_its_second_device(browser: Any, server: Any, shots: Path) -> None:
    username, password = "s" + secrets.token_hex(4), "a long password"
    r = httpx.post(server.base + "/api/account/register", json={"username": username, "password": password})
    assert r.status_code == 201, r.text
    a_ctx = browser.new_context(viewport={"width": 1280, "height": 720}, locale="zh-CN")
    b_ctx = browser.new_context(viewport={"width": 844, "height": 390}, locale="zh-CN")
    try:
        a = a_ctx.new_page()
        _sign_in(a, server.base, username, password)
        a.click("[data-testid=me-link]")
        a.click("[data-testid=open-settings]")
        a.wait_for_selector("[data-testid=settings]")
        for lang in ("zh", "en"):
            for size, (w, h) in SIZES.items():
                a.set_viewport_size({"width": w, "height": h})
                # (upright the groups scroll between the head and 完成, test_settings_panel walks that scroll:
                # here the ends that close it are on the screen)
                every = "[data-testid=settings] input, [data-testid=settings] button"
                ends = "[data-testid=settings-close], [data-testid=settings-done]"
                _inside(a, ends if size == "phone" else every, w, h, f"settings {size}")
                a.screenshot(path=str(shots / f"account-settings-{size}-{lang}.png"))
            if lang == "zh":
                a.click("[data-testid=settings-done]")
                a.click("[data-testid=lang]")
                a.wait_for_function("document.documentElement.lang === 'en'")
                a.click("[data-testid=open-settings]")
                a.wait_for_selector("[data-testid=settings]")
        assert "Kept with your account" in a.inner_text("[data-testid=account]")
        with a.expect_response(_sent):
            a.click("[data-testid=felt-red]")
            a.uncheck("[data-testid=set-motion]")
        a.click("[data-testid=settings-done]")
        assert a.evaluate("document.documentElement.dataset.motion") == "off"
        with a.expect_response(_sent):
            a.evaluate("async () => (await import('/settings.js')).setMuted(true)")

        b = b_ctx.new_page()
        _sign_in(b, server.base, username, password)
        b.wait_for_function("document.documentElement.lang === 'en'")  # the language came with it
        assert b.evaluate(FELT) == "#5e1f25"
        assert b.evaluate("document.documentElement.dataset.motion") == "off"
        assert b.evaluate("localStorage.getItem('mj.mute')") == "1"
        # ... and what B changes, A finds on its next start
        b.goto(server.base + "/#/me")
        b.click("[data-testid=open-settings]")
        # (the response to the request that carries this change, not to an earlier one still landing)
        with b.expect_response(lambda resp: _sent(resp) and "wood" in (resp.request.post_data or "")):
            b.click("[data-testid=felt-wood]")
        a.reload()
        a.wait_for_function(f"{FELT} === '#5a4026'")

        # A guest: the panel says its settings stay here, and nothing is sent
        g = b_ctx.browser.new_context(viewport={"width": 390, "height": 844}, locale="zh-CN").new_page()
        try:
            asked: list[str] = []
            g.on("request", lambda req: asked.append(req.url) if "/api/account/settings" in req.url else None)
            g.goto(server.base + "/")
            g.fill("#name", "游客" + secrets.token_hex(2))
            g.click("[data-testid=enter]")
            g.wait_for_selector("[data-testid=open-create]")
            g.goto(server.base + "/#/me")
            g.click("[data-testid=open-settings]")
            g.click("[data-testid=felt-blue]")
            assert "只存在这个浏览器" in g.inner_text("[data-testid=account]")
            assert g.evaluate(FELT) == "#163f66" and not asked, asked
        finally:
            g.context.close()
    finally:
        a_ctx.close()
        b_ctx.close()
