"""Issue 24: 申请解散 between two people. One asks (and confirms), the other sees the vote and refuses;
the asker is told by name who refused (worded again when the language is switched), and the game
goes on."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.test_play import _page
from tests.browser.test_rematch import two_people_and_two_bots
from tests.browser.test_table_sizes import _set_lang

pytestmark = pytest.mark.browser


def test_the_asker_is_told_who_refused_to_dissolve(browser: Any, server: Any, shots: Path) -> None:
    first = _page(browser, server, 1440, 900)
    second = _page(browser, server, 1440, 900)
    try:
        code = two_people_and_two_bots(first, second, server.base, hands=2)
        for page in (first, second):
            page.wait_for_selector("[data-testid=menu]", timeout=20000)

        has_toast = ("(w) => [...document.querySelectorAll('[data-testid=toast]')]"
                     ".some((e) => e.textContent.includes(w))")
        first.click("[data-testid=menu]")  # (托管, 聊 and ☰ at every size; 申请解散 under ☰)
        first.click("[data-testid=vote-dissolve]")
        first.click("[data-testid=confirm-dissolve-yes]")
        second.wait_for_selector("[data-testid=vote-refuse]", timeout=10000)
        assert "东家" in second.inner_text("[data-testid=vote-banner]")
        second.click("[data-testid=vote-refuse]")
        first.wait_for_function(has_toast, arg="解散未通过：南家 拒绝", timeout=10000)
        first.screenshot(path=str(shots / "dissolve-refused-zh.png"))
        _set_lang(first, "en")  # the toast showing is worded again
        first.wait_for_function(has_toast, arg="Not dissolved: 南家 refused", timeout=5000)
        first.screenshot(path=str(shots / "dissolve-refused-en.png"))
        first.wait_for_function("!window.__mj.st.room.vote", timeout=10000)
        first.click("[data-testid=menu]")
        first.wait_for_selector("[data-testid=vote-dissolve]", timeout=10000)  # and may ask again
        room = httpx.get(f"{server.base}/api/rooms/{code}", timeout=10).json()["room"]
        assert room["status"] != "finished"  # refused: the match goes on
        assert not first.errors and not second.errors  # type: ignore[attr-defined]
    finally:
        first.context.close()
        second.context.close()
