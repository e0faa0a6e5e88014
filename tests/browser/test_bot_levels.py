"""The lobby's bot level: chosen when the room is created, shown on every bot's seat in both languages
(Chromium, real server)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_play import _page

pytestmark = pytest.mark.browser


def test_the_lobby_seats_bots_at_the_chosen_level(browser: Any, server: Any, shots: Any) -> None:
    page = _page(browser, server, 390, 844)
    page.fill("#name", "水平")
    page.click("[data-testid=enter]")
    page.click("[data-testid=open-create]")  # (the create-room form opens in a sheet)
    page.wait_for_selector("#ruleset option[value=hefei]", state="attached")
    names = [n.strip() for n in page.locator("#bot_level [role=radio]").all_text_contents()]
    assert names == ["入门", "普通", "高手"]
    assert page.get_attribute("#bot_level [aria-checked=true]", "data-value") == "normal"
    page.click("[data-testid=create-form] details summary")  # on a phone the bots' level is folded under it
    page.click("#bot_level [data-value=hard]")
    assert page.get_attribute("#tuoguan_level [aria-checked=true]", "data-value") == "normal"
    page.click("#tuoguan_level [data-value=easy]")
    assert page.get_attribute("#tuoguan_level [aria-checked=true]", "data-value") == "easy"
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=level-3]")
    room = page.evaluate("window.__mj.st.room")
    assert room["settings"]["bot_level"] == "hard" and room["settings"]["tuoguan_level"] == "easy"
    assert [s["level"] for s in room["seats"][1:]] == ["hard"] * 3
    for seat in (1, 2, 3):
        assert page.inner_text(f"[data-testid=level-{seat}]").strip() == "机器人 · 高手"
    page.screenshot(path=str(shots / "bot-levels-zh-390.png"))
    page.click("[data-testid=lang]")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.inner_text("[data-testid=level-1]").strip() == "Bot · Hard"
    chip = page.locator("[data-testid=level-1]").bounding_box()
    assert chip is not None and chip["x"] + chip["width"] <= 390  # the longer label stays on screen
    page.screenshot(path=str(shots / "bot-levels-en-390.png"))
    assert not page.errors  # type: ignore[attr-defined]
