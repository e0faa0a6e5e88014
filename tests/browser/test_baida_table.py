"""百搭麻将 in the browser: the lobby offers it with its options explained, a room of one person and three
bots deals a hand, and flower tiles have faces and names (a flower 百搭 is marked as a wild)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.browser


def test_baida_room_deals_and_flowers_render(browser: Any, server: Any, shots: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, locale="zh-CN")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(server.base + "/")
        page.fill("#name", "百搭")
        page.click("[data-testid=enter]")
        page.click("[data-testid=open-create]")  # (the create-room form opens in a sheet)
        page.wait_for_selector("#ruleset option[value=baida]", state="attached")
        page.select_option("#ruleset", "baida")
        page.wait_for_selector("#opt-seven_baida", state="attached")
        page.click("[data-testid=create-form] details summary")  # the options sit under 更多设置
        form = page.inner_text("[data-testid=create-form]")
        assert "七百搭" in form and "一炮多响" in form  # labels from option_info, not raw keys
        page.fill("#hands", "1")
        page.fill("#bot_delay", "0.05")
        page.click("[data-testid=create]")
        page.wait_for_selector("[data-testid=ready]")
        page.click("[data-testid=ready]")
        page.wait_for_selector("[data-testid=my-hand] .tile", timeout=15000)
        ids = page.eval_on_selector_all("[data-testid=my-hand] .tile", "els => els.map(e => e.dataset.tile)")
        assert len(ids) in (13, 14)
        faces = page.evaluate("""async () => {
            const m = await import('/tiles.js');
            const i = await import('/i18n.js');
            const el = m.tileEl(35, {view: {wild: 35, wilds: [35, 36, 37]}});
            return [m.tileFaceSVG(34), m.tileFaceSVG(41), i.tileName(38), el.className];
        }""")
        assert "春" in faces[0] and "菊" in faces[1] and faces[2] == "梅" and "is-wild" in faces[3]
        page.screenshot(path=str(shots / "baida-table.png"))
        assert not errors, errors
    finally:
        ctx.close()
