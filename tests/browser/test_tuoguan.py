"""Issue 24: 托管 in the browser, as a player meets it. A real Anqing room (东 deals first, three bots,
a 2.5 s turn clock, bots at 0.5 s so a hand under 托管 outlasts its measuring, tuoguan_after 2; claim
windows pass themselves by the auto-pass setting, so only turns run out):

- the first turn left to run out is played for the seat, the page says so, and the seat stays its own
  (no 托管, no cover over the hand); the player then plays a turn: the run of missed turns is over;
- two turns in a row run out: 托管 takes the seat, the page shows it (a cover with one large 取消托管
  button over the hand, the corner's 托管 pressed) at the four sizes in both languages;
- one tap on 取消托管 gives the seat back.
A hand ending in between changes nothing: the count of missed turns carries over to the next hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.test_play import _page
from tests.browser.test_table_sizes import SIZES, _boxes, _inside, _set_lang
from tests.server.harness import auth

pytestmark = pytest.mark.browser

ME = "window.__mj.st.room.seats[window.__mj.st.seat]"
# my turn to discard (not a claim window), the seat still mine
MY_TURN = ("() => { const st = window.__mj.st; return !!(st.view && st.view.phase === 'turn' && st.room"
           " && st.room.status === 'playing' && (st.view.legal || []).some((a) => a.type === 'discard')"
           " && !st.tuoguan && !st.room.seats[st.seat].tuoguan"
           " && document.querySelector('[data-testid=my-hand] button.tile.can')); }")


def _turn_asked(page: Any) -> int:
    return int(page.evaluate("window.__mj.st.asked"))


def _next_turn(page: Any, after: int) -> int:
    """Waits for a turn of mine asked after ``after`` (the clocks are short: never longer than a hand)."""
    page.wait_for_function(f"() => ({MY_TURN})() && window.__mj.st.asked > {after}", timeout=60000)
    return _turn_asked(page)


def _cover(page: Any) -> dict[str, float]:
    """The 取消托管 button's box (between two hands the settlement covers the table: the next hand's)."""
    for _ in range(3):
        page.wait_for_selector("[data-testid=cancel-tuoguan]", timeout=60000)
        boxes = _boxes(page, "[data-testid=cancel-tuoguan]")
        if boxes:
            return boxes[0]  # type: ignore[no-any-return]
    raise AssertionError("the 取消托管 cover never stayed")


def test_a_missed_turn_is_forgiven_two_start_tuoguan_and_one_tap_ends_it(browser: Any, server: Any,
                                                                           shots: Path) -> None:
    page = _page(browser, server, 844, 390)
    try:
        page.evaluate("localStorage.setItem('mj.settings', JSON.stringify({autoPass: true}));"
                      "localStorage.setItem('mj.rotateSeen', '1')")
        page.fill("#name", "慢手")
        page.click("[data-testid=enter]")
        page.wait_for_selector("[data-testid=open-create]")
        token = page.evaluate("localStorage.getItem('mj.token')")
        r = httpx.post(server.base + "/api/rooms", headers=auth(token), json={
            "ruleset": "anqing", "hands": 8, "discard_seconds": 2.5, "claim_seconds": 2, "ready_seconds": 2,
            "grace_seconds": 60, "bot_delay": 0.5, "tuoguan_after": 2, "options": {"east_deals_first": True}})
        assert r.status_code == 201, r.text
        code = r.json()["room"]["code"]
        assert httpx.post(f"{server.base}/api/rooms/{code}/bots", json={}, headers=auth(token)).status_code == 200
        page.goto(f"{server.base}/#/room/{code}")
        page.click("[data-testid=ready]")

        # 1. A turn left to run out: played for me, told, the seat still mine.
        asked = _next_turn(page, 0)
        page.wait_for_function(f"{ME}.missed === 1", timeout=45000)
        page.wait_for_selector("#toast.show, [data-testid=toast]", timeout=5000)
        told = page.evaluate("[...document.querySelectorAll('[data-testid=toast], #toast')]"
                             ".map((e) => e.innerText).join(' ')")
        assert "超时" in told and "托管" in told, told
        assert page.evaluate(f"{ME}.tuoguan") is False
        assert page.locator("[data-testid=cancel-tuoguan]").count() == 0

        # 2. I play the next turn myself: forgiven (the run of missed turns is over).
        asked = _next_turn(page, asked)
        page.locator("[data-testid=my-hand] button.tile.can").last.click()
        page.wait_for_function(f"{ME}.missed === 0", timeout=45000)
        assert page.evaluate(f"{ME}.tuoguan") is False

        # 3. Two turns in a row run out: 托管 takes the seat and the page shows it.
        # (the page sees missed 1 in between unless it fell behind past the second turn: then only 托管)
        _next_turn(page, asked)
        page.wait_for_function(f"{ME}.missed === 1 || {ME}.tuoguan === true", timeout=45000)
        page.wait_for_function(f"{ME}.tuoguan === true", timeout=45000)
        page.wait_for_selector("[data-testid=cancel-tuoguan]", timeout=10000)
        assert page.get_attribute("[data-testid=tuoguan]", "aria-pressed") == "true"
        assert page.locator("[data-testid=your-turn]").count() == 0  # 托管 plays it: not "your turn"
        # the page's own words for it, as the table shows them (a toast worded again after a language switch)
        page.evaluate("""async () => { const d = await import('/dom.js'), i = await import('/i18n.js');
          d.toast(() => i.t('tuoguan_started'), 'warn', 60000); }""")
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            for size, (w, h) in SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                where = f"tuoguan {size} {lang}"
                b = _cover(page)
                _inside(page, "[data-testid=cancel-tuoguan]", w, h, where)
                assert b["height"] >= 56 and b["width"] >= 100, (where, b)  # one large button
                label = page.inner_text("[data-testid=cancel-tuoguan]")
                assert label == ("取消托管" if lang == "zh" else "Stop auto-play"), (where, label)
                # one stop button on the screen: the corner's 托管 toggle gives way to the cover's
                stops = page.locator("button:visible", has_text=label).count()
                assert stops == 1 and page.locator("[data-testid=tuoguan]").is_hidden(), (where, stops)
                # every toast whole: the 托管 warning was made in Chinese, one line; worded again in English it
                # is three, and a row of the pond that holds two showed only its last word
                cut = page.evaluate("""() => [...document.querySelectorAll('[data-testid=toast]')]
                  .filter((e) => e.offsetHeight > e.parentElement.clientHeight + 1).map((e) => e.textContent)""")
                assert not cut, (where, "a toast cut", cut)
                page.screenshot(path=str(shots / f"game-tuoguan-{size}-{lang}.png"))

        # 4. One tap gives the seat back.
        page.click("[data-testid=cancel-tuoguan]")
        page.wait_for_function(f"{ME}.tuoguan === false", timeout=10000)
        page.wait_for_selector("[data-testid=cancel-tuoguan]", state="detached", timeout=10000)
        assert page.get_attribute("[data-testid=tuoguan]", "aria-pressed") == "false"
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
