"""Issue 24, the fifth review of the table (desktop 7, laptop 6.5, phone upright 5, sideways 5.5).

A view derived from a real one is handed to the page (test_table_sizes.MID_HAND: eight tiles a river,
three melds and four tiles in every other hand; then nobody's turn asks me anything; then a claim window
with 胡 杠 碰 吃 过), and measured at the review's four sizes (1920×1080, 1280×720, 390×844, 844×390) in
both languages:

- desktop and laptop: 托管, 聊 and ☰ stay where they are when a claim prompt appears and when it goes
  (they rose 8 px on a laptop and 17 px at 1920×1080 with the buttons' taller line), and so does my hand;
- desktop and laptop: the others' seats — name plates, tile backs, melds — lie on the table's felt
  (`[data-testid=felt]`), not on the page round it (at 1920×1080 the top seat's hand stood above it and
  the side seats' beside it), and so does the pond;
- desktop and laptop: every seat's plate with its avatar; sideways the top seat's and mine;
- phone sideways (the main phone layout): the hand's tiles ≥ 44 px wide, the rivers ≥ 24 px, the claim
  buttons ≥ 56×56 with 胡 the largest, 托管 / 聊 / ☰ ≥ 44 px in one row in the top right corner, and
  the top seat's line (three melds, three 杠牌 laid open, the backs) ending before them.

Screenshots: table-review-{mid,idle,claim}-{size}-{lang}.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.sizes import REVIEW_SIZES, boxes, each_size
from tests.browser.test_play import _enter_and_create, _page, _until_my_discard
from tests.browser.test_table_sizes import MID_HAND

pytestmark = pytest.mark.browser

# MID_HAND, or ('idle') the same table while another seat is to discard: nothing asked of me.
POSE = MID_HAND.replace(
    "if (late) {",
    "if (late === 'idle') { v.legal = []; v.phase = 'discard'; v.current = (v.seat + 1) % 4; } else if (late) {")
# The view on the page now, every other seat with three 杠牌 laid open beside its three melds, the top seat the
# dealer (its line then ran under the corner menu sideways).
OPEN_KONGS = """() => {
  const v = structuredClone(window.__mj.st.view);
  v.seats.forEach((s, i) => { if (i !== v.seat) s.exposed = [31, 33, 33]; });
  v.dealer = (v.seat + 2) % 4;  // (the top seat's plate the widest: 庄 / Dealer on it)
  window.__mj.sock.realOnMessage({type: 'view', view: v, asked: window.__mj.st.asked, step: window.__mj.st.step,
                                  clock: null, tuoguan: window.__mj.st.tuoguan});
}"""
RESTORE = "() => { const s = window.__mj.sock; s.onMessage = s.realOnMessage; s.send({type: 'sync'}); }"

WIDE = {k: v for k, v in REVIEW_SIZES.items() if not k.startswith("phone")}


def _rounded(sel_boxes: list[dict[str, float]]) -> list[tuple[int, ...]]:
    return [tuple(round(b[k]) for k in ("left", "top", "width", "height")) for b in sel_boxes]


def _pose(page: Any, state: object, n: int) -> None:
    page.evaluate(POSE, state)
    page.wait_for_function(f"document.querySelectorAll('.board .river .tile').length >= {n}", timeout=5000)


def test_the_table_at_the_reviews_sizes(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 1280, 720)
    try:
        _enter_and_create(page, "评审", "anqing", {"mode": "A"}, hands=1)
        page.click("[data-testid=ready]")
        _until_my_discard(page)

        # The corner menu and my hand stay put as a claim prompt comes and goes (desktop and laptop).
        for lang in ("zh", "en"):
            for size, (w, h) in WIDE.items():
                at: dict[object, tuple[list[tuple[int, ...]], set[int]]] = {}
                for state, n in (("idle", 32), (True, 72), ("idle", 32), (False, 32)):
                    _pose(page, state, n)
                    for _ in each_size(page, {size: (w, h)}, "", langs=(lang,)):
                        pass
                    menu = _rounded(boxes(page, ".corner-menu > button:not([hidden])"))
                    # (the hand's line, not its left end: a turn's drawn tile sets it apart)
                    hand = {round(b["top"]) for b in boxes(page, "[data-testid=my-hand] .tile")}
                    acts = boxes(page, "[data-testid=actions] button")
                    want = {"idle": 0, True: 5, False: 3}[state]  # type: ignore[index]
                    assert len(acts) == want, (size, lang, state, acts)
                    assert len(menu) == 3, (size, lang, menu)
                    shot = "idle" if state == "idle" else "claim" if state else "mid"
                    page.screenshot(path=str(shots / f"table-review-{shot}-{size}-{lang}.png"))
                    for other, (m, hd) in at.items():
                        assert menu == m, (size, lang, f"托管/聊/☰ moved from {other} to {state}", m, menu)
                        assert hand == hd, (size, lang, f"my hand moved from {other} to {state}", hd, hand)
                    at[state] = (menu, hand)

        # The others' seats on the table's felt (desktop and laptop), the pond with them.
        _pose(page, False, 32)
        for where, _, _, w, _ in each_size(page, WIDE, "felt"):
            felt = boxes(page, "[data-testid=felt]")
            assert len(felt) == 1 and felt[0]["width"] > 0.8 * w, (where, felt)
            f = felt[0]
            on = ".board > .seat:not(.seat-me) :is(.seat-head, .opp-hand, .meld), .board > .pond .river"
            for b in boxes(page, on):
                if b["width"] == 0:
                    continue
                assert f["left"] + 2 <= b["left"] and b["right"] <= f["right"] - 2 and f["top"] + 2 <= b["top"] \
                    and b["bottom"] <= f["bottom"] - 2, (where, "off the felt", b, f)
            # every seat's plate with its avatar (a bot's and mine), on the plate's line
            avatars = [b for b in boxes(page, ".board .seat-head [data-testid^=avatar-]") if b["width"] > 0]
            assert len(avatars) == 4 and min(b["width"] for b in avatars) >= 28, (where, "avatars", avatars)
            # my own hand in front of the table, not on it
            hand = boxes(page, "[data-testid=my-hand] .tile")
            assert min(b["top"] for b in hand) >= f["bottom"], (where, "my hand on the felt", f)

        # Phone sideways: a game's sizes.
        for state, n in ((False, 32), (True, 72)):
            _pose(page, state, n)
            page.evaluate(OPEN_KONGS)
            page.wait_for_function(
                "document.querySelectorAll('.board > .seat-top .exposed-gangpai .tile').length === 3")
            for where, _, lang, w, _ in each_size(page, {"phone-land": REVIEW_SIZES["phone-land"]},
                                                   f"sideways {state}"):
                hand = boxes(page, "[data-testid=my-hand] .tile")
                assert min(b["width"] for b in hand) >= 44, (where, "hand tiles", hand[:1])
                river = boxes(page, ".board .river .tile")
                assert min(b["width"] for b in river) >= 24, (where, "river tiles", min(b["width"] for b in river))
                acts = boxes(page, "[data-testid=actions] button")
                assert all(b["width"] >= 56 and b["height"] >= 56 for b in acts), (where, acts)
                # 胡 the largest of the one-word claims (胡 杠 碰 吃 过), its glyph the largest of all
                win = boxes(page, "[data-testid=act-win]")[0]
                short = boxes(page, "[data-testid=actions] :is(.act-kong, .act-peng, .act-chi, .act-pass)")
                assert all(win["width"] * win["height"] >= b["width"] * b["height"] for b in short), (
                    where, "胡 largest")
                font = page.evaluate("() => [...document.querySelectorAll('[data-testid=actions] button')]"
                                     ".map((e) => [e.matches('.act-win'), parseFloat(getComputedStyle(e).fontSize)])")
                win_font = max(f for is_win, f in font if is_win)
                assert win_font > max(f for is_win, f in font if not is_win), (where, font)
                menu = boxes(page, ".corner-menu > button:not([hidden])")
                assert len(menu) == 3 and all(b["height"] >= 44 and b["width"] >= 44 for b in menu), (where, menu)
                assert len({round(b["top"]) for b in menu}) == 1, (where, "the menu one row", menu)
                assert min(b["top"] for b in menu) <= 8 and max(b["right"] for b in menu) >= w - 8, (
                    where, "top right", menu)
                # the top seat's tiles (three melds, three 杠牌 laid open, the backs) end before the corner menu
                menu_left = min(b["left"] for b in menu)
                top_right = max(b["right"] for b in boxes(page, ".board > .seat-top .tile"))
                assert top_right <= menu_left, (where, "the top seat's tiles under the corner menu", top_right,
                                                menu_left)
                # the top seat's plate and mine with their avatars (the side seats' keep two lines without)
                plates = ".board > :is(.seat-top, .seat-me) .seat-head [data-testid^=avatar-]"
                avatars = [b for b in boxes(page, plates) if b["width"] > 0]
                assert len(avatars) == 2 and min(b["width"] for b in avatars) >= 22, (where, "avatars", avatars)
                page.screenshot(path=str(shots / f"table-review-sideways-{'claim' if state else 'mid'}-{lang}.png"))
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.evaluate(RESTORE)
        page.context.close()
