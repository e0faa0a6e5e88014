"""过水不胡 at a real table in Chromium: a player who lets a discard win go is told, beside the 听
hint, that until their next draw only a self-draw wins, in both languages and at every screen size.

The human plays the greedy bot's moves by clicking (as in test_choices) at a Hefei 不报听 table with
过水不胡 on, and passes the first discard win offered. The page's socket runs through Playwright's
websocket route, which forwards every frame both ways; once the page has been sent a view carrying
the mark it holds the server's later frames back (a stalled network, for the time the screenshots
take) so the moment can be looked at at four sizes, then delivers them in order.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from majiang.bots import make_bot
from majiang.engine import Chi, Pass, Win
from tests.browser.test_choices import _click_action, _past_settlement, _view
from tests.browser.test_play import _click, _enter_and_create
from tests.browser.test_table_sizes import RAW_KEY, SIZES, _boxes, _inside, _overlap, _set_lang

pytestmark = pytest.mark.browser

WORDS = {"zh": "过水：摸牌前只能自摸", "en": "passed a win: self-draw only until you draw"}


class Relay:
    """Forwards the page's websocket frames to the real server and back; ``hold_at_mark`` makes it
    hold back what the server sends after the first view with the self-draw-only mark."""

    def __init__(self) -> None:
        self.hold_at_mark = False
        self.holding = False
        self.held: list[str | bytes] = []
        self.page_ws: Any = None

    def route(self, ws: Any) -> None:
        server = ws.connect_to_server()
        self.page_ws = ws
        ws.on_message(lambda m: server.send(m))
        server.on_message(self._from_server)

    def _from_server(self, frame: str | bytes) -> None:
        if self.holding:
            self.held.append(frame)
            return
        self.page_ws.send(frame)
        if self.hold_at_mark and isinstance(frame, str) and _marked(frame):
            self.holding = True

    def release(self) -> None:
        self.holding = self.hold_at_mark = False
        held, self.held = self.held, []
        for frame in held:
            self.page_ws.send(frame)


def _marked(frame: str) -> bool:
    msg = json.loads(frame)
    ting = msg.get("view", {}).get("ting") if msg.get("type") == "view" else None
    return bool(ting and ting.get("self_draw_only") and ting.get("waits"))


def _look_at_the_mark(page: Any, shots: Path) -> None:
    """The frozen moment: the mark is in the hint bar beside the waits, on screen, clear of the
    hand and the buttons, in words (no raw key) in each language, at each size."""
    for lang in ("zh", "en"):
        _set_lang(page, lang)
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            page.wait_for_timeout(150)
            where = f"{size} {lang}"
            mark = page.locator("[data-testid=hint] [data-testid=ting-self-draw]")
            assert mark.count() == 1 and mark.is_visible(), where
            assert mark.inner_text().strip() == WORDS[lang], (where, mark.inner_text())
            hint_text = page.inner_text("[data-testid=hint]")
            assert not RAW_KEY.search(hint_text), (where, hint_text)
            assert page.locator("[data-testid=hint] [data-wait]").count() > 0, where  # the waits still show
            _inside(page, "[data-testid=ting-self-draw]", w, h, where)
            (box,) = _boxes(page, "[data-testid=ting-self-draw]")
            for other in _boxes(page, "[data-testid=my-hand] .tile, [data-testid=actions] button, [data-testid=dial]"):
                assert not _overlap(box, other), (where, box, other)
            page.screenshot(path=str(shots / f"guoshui-hint-{size}-{lang}.png"))
    _set_lang(page, "zh")
    page.set_viewport_size({"width": 1366, "height": 900})


# Still luck-dependent (issue 25: to be set up with fixed seeds): the offer comes in about one hand in
# eight, so the search gets 600 s (some 30-60 hands on a loaded CI machine) rather than 300 s, in
# which a run without an offer in its first ~15 hands failed about once in eight; pytest's own
# timeout is raised past it.
@pytest.mark.timeout(720)
def test_a_passed_win_is_marked_beside_the_hint_until_the_next_draw(browser: Any, server: Any, shots: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, locale="zh-CN")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    relay = Relay()
    page.route_web_socket("**/ws/**", relay.route)
    page.goto(server.base + "/")
    try:
        # About one hand in eight offers this seat a discard win (greedy play, the server's bots):
        # 64 hands all without one is a chance of about 1 in 10,000.
        _enter_and_create(page, "过水", "hefei", {"room": "bubaoting"}, hands=64, checks=("guoshui",))
        page.click("[data-testid=ready]")
        bot = make_bot("greedy", 11)
        deadline = time.monotonic() + 600
        relay.hold_at_mark = True  # (it holds only once a marked view has been sent)
        while True:
            assert time.monotonic() < deadline, "no passed discard win was marked in time"
            if _past_settlement(page):
                continue
            view = _view(page)
            if view is None or not view.legal:
                page.wait_for_timeout(50)
                continue
            if view.claim is None or Win() not in view.legal:
                action = bot.choose(view)
                _click_action(page, view, Pass() if isinstance(action, Chi) and
                              sum(isinstance(a, Chi) for a in view.legal) > 1 else action)
                page.wait_for_timeout(30)
                continue
            assert page.locator("[data-testid=ting-self-draw]").count() == 0  # offered the win: no bar yet
            assert _click(page.locator("[data-testid=act-pass]"))
            # The mark; or none: another seat took that discard as its win (Hefei has 一炮多响) and the
            # hand is over, or this seat sits next after the discarder and has drawn at once, which
            # lifts the bar. Then the next offer is waited for.
            page.wait_for_function("""(me) => { const v = window.__mj.st.view;
                return document.querySelector('[data-testid=ting-self-draw]')
                    || document.querySelector('[data-testid=settlement]')
                    || (v && (v.phase === 'over' || (v.phase === 'turn' && v.current === me))); }""",
                                   arg=view.seat, timeout=30000)
            if page.locator("[data-testid=ting-self-draw]").count():
                break
            after = page.evaluate("window.__mj.st.view")
            assert after["phase"] == "over" or not (after["ting"] or {}).get("self_draw_only"), after["ting"]
        _look_at_the_mark(page, shots)
        relay.release()
        # The bar follows the server's mark: gone once the seat has drawn again (or the hand ended).
        page.wait_for_function("""() => { const v = window.__mj.st.view;
            return v && (v.phase === 'over' || (v.ting && !v.ting.self_draw_only)); }""", timeout=30000)
        page.wait_for_timeout(200)
        assert page.locator("[data-testid=ting-self-draw]").count() == 0
        assert not errors, errors
    finally:
        ctx.close()
