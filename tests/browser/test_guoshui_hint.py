"""过水不胡 at a real table in Chromium: a player who lets a discard win go is told, beside the 听
hint, that until their next draw only a self-draw wins, in both languages and at every screen size.

The human plays the greedy bot's moves by clicking (as in test_choices) at a Hefei 不报听 table with
过水不胡 on, and passes the first discard win offered. The situation is set up, not waited for: the
greedy bot and the server's bots (the strong bot) are deterministic, so the test plays seeded hands
here first, picks the first seeds whose first hand offers the human a discard win that, passed, leaves
the mark showing, and has the server deal exactly that hand (the test hook). The page's socket runs through Playwright's
websocket route, which forwards every frame both ways; once the page has been sent a view carrying
the mark it holds the server's later frames back (a stalled network, for the time the screenshots
take) so the moment can be looked at at four sizes, then delivers them in order.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from majiang.bots import make_bot
from majiang.bots.levels import DEFAULT_LEVEL, level_bot
from majiang.engine import Pass, Win, seat_view
from tests.browser.test_choices import _click_action, _human_move, _past_settlement, _view
from tests.browser.test_play import _click, _enter_and_create
from tests.browser.test_table_sizes import RAW_KEY, SIZES, _boxes, _inside, _overlap, _set_lang
from tests.server.harness import OPERATOR, asked_seats, auth, first_seeds

pytestmark = pytest.mark.browser

OPTIONS: dict[str, Any] = {"room": "bubaoting", "guoshui": True}
HANDS = 64  # the room's length, as created below (the match the search plays is the same match)
HUMAN = 0  # the room's creator sits at seat 0; the server's bots fill 1-3
WORDS = {"zh": "过水：摸牌前只能自摸", "en": "Passed a win: self-draw only until you draw"}


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


def _marked_after_a_pass(match: Any) -> bool:
    """True when, in the first hand of ``match`` played as the table will play it (the human's clicks,
    the server's bots for seats 1-3), the human is offered a discard win and, passing it, is left with
    the self-draw-only mark (no other seat wins that tile, and the human does not draw at once)."""
    hand = match.hand
    human = make_bot("greedy", 11)
    bots = {s: make_bot(level_bot(DEFAULT_LEVEL), 0) for s in range(4) if s != HUMAN}
    passed = False
    for s in asked_seats(hand):
        view = seat_view(hand, s, hint=s == HUMAN)  # (the page is sent the hint; bots go without)
        if s == HUMAN and view.claim is not None and Win() in view.legal and not passed:
            passed = True
            match.apply(s, Pass())
        else:
            match.apply(s, _human_move(human, view) if s == HUMAN else bots[s].choose(view))
        if passed and hand.phase != "claim":
            ting = seat_view(hand, HUMAN, hint=True).ting
            return not hand.over and ting is not None and ting.self_draw_only and bool(ting.waits)
    return False


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


def test_a_passed_win_is_marked_beside_the_hint_until_the_next_draw(browser: Any, server: Any, shots: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 900}, locale="zh-CN")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    relay = Relay()
    page.route_web_socket("**/ws/**", relay.route)
    page.goto(server.base + "/")
    try:
        seed, match_seed = first_seeds("hefei", OPTIONS, HANDS, "gs", _marked_after_a_pass)
        code = _enter_and_create(page, "过水", "hefei", {"room": "bubaoting"}, hands=HANDS, checks=("guoshui",))
        r = httpx.post(f"{server.base}/api/rooms/{code}/test-deal", headers=auth(OPERATOR),
                       json={"seeds": [seed], "match_seed": match_seed}, timeout=10)
        assert r.status_code == 200, r.text
        page.click("[data-testid=ready]")
        bot = make_bot("greedy", 11)
        relay.hold_at_mark = True  # (it holds only once a marked view has been sent)
        while True:
            assert not _past_settlement(page), "the hand ended before the discard win set up for it was offered"
            page.wait_for_function("""() => { const st = window.__mj && window.__mj.st;
                return document.querySelector('[data-testid=settlement]')
                    || (st && st.view && !st.pending && (st.view.legal || []).length > 0); }""", timeout=30000)
            view = _view(page)
            if view is None:
                continue  # (the settlement: asserted above on the next round)
            assert view.seat == HUMAN
            if view.claim is None or Win() not in view.legal:
                asked = page.evaluate("window.__mj.st.asked")
                _click_action(page, view, _human_move(bot, view))
                # the next question (or the hand's end): the answer has been taken
                page.wait_for_function("(asked) => { const st = window.__mj.st; return st.asked !== asked "
                                       "|| !st.view || st.view.phase === 'over'; }", arg=asked, timeout=30000)
                continue
            assert page.locator("[data-testid=ting-self-draw]").count() == 0  # offered the win: no bar yet
            assert _click(page.locator("[data-testid=act-pass]"))
            # The seeds were chosen so that no other seat wins this tile and the human does not draw at
            # once: the mark must come.
            page.wait_for_selector("[data-testid=ting-self-draw]", timeout=30000)
            break
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
