"""A tap is never lost to a redraw (issue 24, the table's fourth review).

The table is drawn anew on every server message (the bots' moves come many times a second). A press on 碰
or on a tile, a redraw, then the release: the button under the finger was a new element by then and the
browser sent no click at all — the tap was lost. The claim buttons, the tiles and the corner controls act
on the press now (dom.js onPress). Measured in Chromium against a real server: a press, a redraw, a
release, and the action is sent exactly once; a click without a press (Enter on a focused button) still
acts, once; a plain click acts once, not twice (press and click).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.test_game_feel import INJECT
from tests.browser.test_play import _enter_and_create, _page, _until_my_discard

pytestmark = pytest.mark.browser

# What the page sends is kept, not sent (the server would answer a made-up view's action with 'stale').
CAPTURE = """() => {
  const sock = window.__mj.sock;
  window.__sent = [];
  sock.realSend = sock.realSend || sock.send.bind(sock);
  sock.send = (m) => { window.__sent.push(m); return true; };
}"""
RESTORE = """() => {
  const s = window.__mj.sock; s.send = s.realSend; window.__mj.st.pending = false; s.send({type: 'sync'});
}"""
# The same view again, as a server message would bring it: every button and tile a new element.
REDRAW = """() => {
  const st = window.__mj.st;
  window.__mj.sock.onMessage({type: 'view', view: structuredClone(st.view), asked: st.asked, step: st.step, clock: null,
                              tuoguan: false, events: []});
}"""
SENT = "() => window.__sent.filter((m) => m.type === 'act').map((m) => m.action.type)"


def _centre(page: Any, sel: str) -> tuple[float, float]:
    box = page.locator(sel).first.bounding_box()
    assert box, sel
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def _press_redraw_release(page: Any, sel: str) -> None:
    x, y = _centre(page, sel)
    page.mouse.move(x, y)
    page.evaluate("(s) => { document.querySelector(s).dataset.old = '1'; }", sel)
    page.mouse.down()
    page.evaluate(REDRAW)
    # the element under the pointer is another one now (the redraw replaced it)
    assert page.evaluate("(s) => !document.querySelector(s).dataset.old", sel), sel
    page.mouse.up()


def test_a_press_is_not_lost_to_a_redraw(browser: Any, server: Any) -> None:
    page = _page(browser, server, 844, 390)
    try:
        _enter_and_create(page, "按下", "anqing", {"mode": "A"}, hands=1, seconds=900)
        page.click("[data-testid=ready]")
        _until_my_discard(page)
        page.evaluate(CAPTURE)

        # A claim window: 碰 pressed, the table redrawn, released: 碰 sent, once.
        page.evaluate(INJECT, "claim")
        page.wait_for_selector("[data-testid=act-peng]")
        _press_redraw_release(page, "[data-testid=act-peng]")
        page.wait_for_timeout(300)
        assert page.evaluate(SENT) == ["peng"]

        # A plain click (press and release on the same button): sent once, not twice.
        page.evaluate("() => { window.__sent = []; window.__mj.st.pending = false; }")
        page.evaluate(INJECT, "claim")
        page.click("[data-testid=act-pass]")
        page.wait_for_timeout(800)  # (past the window in which a click after a press is the press's own)
        assert page.evaluate(SENT) == ["pass"]

        # The keyboard: Enter on a focused button is a click without a press, and acts once.
        page.evaluate("() => { window.__sent = []; window.__mj.st.pending = false; }")
        page.evaluate(INJECT, "claim")
        page.focus("[data-testid=act-win]")
        page.keyboard.press("Enter")
        page.wait_for_timeout(300)
        assert page.evaluate(SENT) == ["win"]

        # My turn: a tile pressed, the table redrawn, released: the discard sent, once.
        page.evaluate("() => { window.__sent = []; window.__mj.st.pending = false; }")
        page.evaluate(INJECT, "turn")
        page.wait_for_selector("[data-testid=my-hand] button.tile.can")
        _press_redraw_release(page, "[data-testid=my-hand] button.tile.can")
        page.wait_for_timeout(300)
        assert page.evaluate(SENT) == ["discard"]

        # ☰ pressed, redrawn, released: the menu opens.
        page.evaluate("() => { window.__mj.st.pending = false; }")
        page.evaluate(INJECT, "turn")
        _press_redraw_release(page, "[data-testid=menu]")
        page.wait_for_selector("[data-testid=menu-panel]", state="visible", timeout=2000)
        page.evaluate(RESTORE)
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
