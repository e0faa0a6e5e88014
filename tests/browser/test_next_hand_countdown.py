"""Issue 24: between two hands the settlement shows a countdown to the next hand ("下一局 N 秒后自动开始"),
counting down on its own, with the settlement's buttons on screen; the player's "next hand" makes it
ready at once."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_play import _enter_and_create, _page, _play_to_settlement
from tests.browser.test_table_sizes import _inside

pytestmark = pytest.mark.browser


def test_the_next_hand_counts_down_on_the_settlement(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 844, 390)
    try:
        _enter_and_create(page, "倒数", "hefei", {}, hands=2)
        page.click("[data-testid=ready]")
        page.wait_for_selector("[data-testid=my-hand] .tile", timeout=15000)
        _play_to_settlement(page, shots, "countdown")  # (the bots are ready at once; I am not)
        page.wait_for_selector("[data-testid=next-in]", timeout=10000)
        first = page.inner_text("[data-testid=next-in]")
        assert "下一局" in first and "秒" in first, first
        page.wait_for_function("(b) => { const e = document.querySelector('[data-testid=next-in]');"
                               " return e && e.textContent !== b; }", arg=first, timeout=5000)  # it ticks
        _inside(page, "[data-testid=settle-buttons] button", 844, 390, "settlement phone-land")
        page.screenshot(path=str(shots / "next-hand-countdown-phone-land-zh.png"))
        # the fairness proof: no hex in sight, a chip at the top; one tap shows the seed and its hash (and it
        # stays open while the table redraws the dialog on a room update)
        page.wait_for_selector("[data-testid=hash-check][data-ok=true]", timeout=5000)
        assert not re.search(r"[0-9a-f]{16,}", page.inner_text("[data-testid=settlement]"))
        _inside(page, "[data-testid=hash-check]", 844, 390, "fairness chip")
        page.click("[data-testid=hash-check]")
        seed_hash = page.evaluate("window.__mj.st.view.seed_hash")
        assert seed_hash and seed_hash in page.inner_text("[data-testid=fair-panel]").replace("\n", "")
        # a room update (the same room again) redraws the dialog: the panel is a new element, still open
        page.evaluate("() => { document.querySelector('[data-testid=fair-panel]').dataset.old = '1';"
                      " window.__mj.sock.onMessage({type: 'room', room: window.__mj.st.room}); }")
        page.wait_for_selector("[data-testid=fair-panel]:not([data-old])", timeout=3000)
        assert page.is_visible("[data-testid=fair-panel]")
        # "准备下一局" readies me: everyone is ready, the next hand is dealt without waiting the count out.
        hand = page.evaluate("window.__mj.st.view.hand_no")
        page.click("[data-testid=next-hand]")
        page.wait_for_function("(n) => window.__mj.st.view && window.__mj.st.view.hand_no !== n", arg=hand,
                               timeout=5000)
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
