"""One hand with bots at fast clocks, seen at the four screen sizes in both languages.

Desktop 1440×900, laptop 1280×720, phone portrait 390×844, phone landscape 844×390: the table mid-hand,
the settlement, the match-end ranking and the lobby are screenshotted (test-output/screenshots/) and
measured: the own hand, the action buttons, the dial and every seat lie inside the viewport with no
scrolling; the hand one row upright, its tiles at least 40 px wide sideways; toasts overlap no
seat, button or the centre panel; the dial's clock and the ready countdown tick on their own; the Chinese
settlement holds no raw key.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.sizes import (  # (RAW_KEY and SIZES re-exported: the other browser tests import them from here)
    RAW_KEY,
    SIZES,
    each_size,
)
from tests.browser.sizes import boxes as _boxes
from tests.browser.sizes import inside as _inside
from tests.browser.sizes import overlap as _overlap
from tests.browser.sizes import set_lang as _set_lang
from tests.browser.test_play import HUMAN, _enter_and_create, _page, _until_my_discard
from tests.server.harness import OPERATOR, auth, first_seeds

pytestmark = pytest.mark.browser

# Desktop and laptop: how far the side rivers stand from their seats' tiles (backs, melds, a hand laid open), and
# how far inside the table area's edges (the pond's ::before, --mat-l / --mat-r) the rivers keep.
SIDE_CLEAR = """() => {
  const r = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect())
    .filter((b) => b.width > 0);
  const rl = r('.pond-left .river .tile'), sl = r('.board > .seat-left .seat-tiles .tile');
  const rr = r('.pond-right .river .tile'), sr = r('.board > .seat-right .seat-tiles .tile');
  const gaps = [];
  if (rl.length && sl.length) gaps.push(Math.min(...rl.map((b) => b.left)) - Math.max(...sl.map((b) => b.right)));
  if (rr.length && sr.length) gaps.push(Math.min(...sr.map((b) => b.left)) - Math.max(...rr.map((b) => b.right)));
  const pond = document.querySelector('.board > .pond');
  const p = pond.getBoundingClientRect(), cs = getComputedStyle(pond, '::before');
  const mat = {left: p.left - parseFloat(pond.style.getPropertyValue('--mat-l') || -12) * -1,
               right: p.right + parseFloat(pond.style.getPropertyValue('--mat-r') || -12) * -1};
  const all = r('.pond .river .tile');
  return {gap: Math.min(...gaps), inLeft: Math.min(...all.map((b) => b.left)) - mat.left,
          inRight: mat.right - Math.max(...all.map((b) => b.right)), before: cs.content};
}"""


# The table behind the settlement, seen (a style, not the element's: the room's messages redraw the dialog).
HIDE_SETTLEMENT = """() => { const s = document.createElement('style'); s.id = 'hide-settlement';
  s.textContent = '.settle-back { visibility: hidden !important; }'; document.head.appendChild(s); }"""
SHOW_SETTLEMENT = "() => document.getElementById('hide-settlement').remove()"

# Scrolls the settlement's list to its top; whether more of it lies under the buttons.
TO_TOP = """() => { const m = document.querySelector('.settle-scroll'); m.scrollTop = 0;
  return m.scrollHeight - m.clientHeight > 24; }"""
# The view the page has, as if the server sent it again (the table draws itself anew): the settlement's
# list's scroll before and after.
REDRAW = """() => { const top = () => document.querySelector('.settle-scroll').scrollTop;
  const before = top(), st = window.__mj.st;
  window.__mj.sock.onMessage({type: 'view', view: st.view, asked: st.asked, step: st.step, clock: null,
                              tuoguan: st.tuoguan});
  return [before, top()]; }"""
TO_END = "() => { const m = document.querySelector('.settle-scroll'); m.scrollTop = m.scrollHeight; }"



# (``late``: 18 tiles a river and a claim (胡 杠 碰 吃 过) open on the discard of the seat before mine)
MID_HAND = """(late = false) => {
  // The server's messages wait while the page shows a made-up mid-hand view (restored by a sync after).
  const sock = window.__mj.sock;
  sock.realOnMessage = sock.realOnMessage || sock.onMessage;  // (once: a second made-up view keeps the real one)
  sock.onMessage = () => {};
  const v = structuredClone(window.__mj.st.view);
  // (the widest turn dock the deal could offer, always: a real 亮杠牌 once shrank the rivers in CI only)
  v.legal = [...(v.legal || []).filter((a) => a.type === 'discard'), {type: 'win'}, {type: 'kong', tile: 5},
             {type: 'expose', tile: 7}];
  if (late) {
    v.phase = 'claim'; v.claim = {tile: 5, discarder: (v.seat + 3) % 4};
    v.legal = [{type: 'win'}, {type: 'kong', tile: 5}, {type: 'peng', tile: 5}, {type: 'chi', tiles: [3, 4, 5]},
               {type: 'pass'}];
  }
  // (my own laid-open tiles: two 亮杠牌 and, as 百搭 lays them, two flowers)
  v.seats[v.seat].exposed = [7, 16, 34, 39];
  v.seats.forEach((s, i) => {
    const base = s.river.length ? s.river : [{tile: 3}];
    s.river = Array.from({length: late ? 18 : 8}, (_, k) => ({...base[k % base.length], claimed: false}));
    if (i === v.seat) return;
    s.melds = [{kind: 'peng', tiles: [1, 1, 1], called: 1}, {kind: 'chi', tiles: [11, 12, 13], called: 12},
               {kind: 'kong_exposed', tiles: [20, 20, 20, 20], called: 20}];
    s.hand_count = 4;
  });
  sock.realOnMessage({type: 'view', view: v, asked: window.__mj.st.asked, step: window.__mj.st.step, clock: null,
                      tuoguan: window.__mj.st.tuoguan});
}"""

MELD_OVERLAPS = """() => {
  const boxes = (sel) => [...document.querySelectorAll(sel)].map((e) => e.getBoundingClientRect());
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const melds = boxes('.board > .seat:not(.seat-me) .meld');
  const out = [];
  melds.forEach((m, i) => {
    for (const o of boxes('.pond, .seat-me, [data-testid=dock], .corner-menu, .board > .seat:not(.seat-me) .opp-hand'))
      if (hit(m, o)) out.push(['meld over', m.toJSON(), o.toJSON()]);
    melds.slice(i + 1).forEach((n) => { if (hit(m, n)) out.push(['meld over meld', m.toJSON(), n.toJSON()]); });
  });
  return out;
}"""

# The claim/turn buttons cover no tile: not a river's, not the others' hands or melds, not my own hand.
BUTTON_OVERLAPS = """() => {
  const els = (sel) => [...document.querySelectorAll(sel)].map((e) => [e, e.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0);
  const hit = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const under = '.board .river .tile, .board > .seat:not(.seat-me) .tile, .board > .seat:not(.seat-me) .seat-head, ' +
    '.my-hand .tile, .center-info';
  const out = [];
  for (const [, b] of els('[data-testid=actions] button'))
    for (const [e, o] of els(under))
      if (hit(b, o)) out.push([e.className, ...[b.left, b.top, o.left, o.top].map(Math.round)]);
  return out;
}"""


# The settlement's list above its button row, in a box of its own: the box ends where the row begins (no
# line of the list ever lies under the buttons: a row stuck over the list's foot hid a quarter of a phone's
# screen); while more lies below, a fade stands at the list's foot; scrolled to the end, no fade, and every
# line of the list above the row.
SETTLE_END = """async () => {
  const frames = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const list = document.querySelector('.settle-scroll');
  const foot = document.querySelector('[data-testid=settle-buttons]');
  const fade = () => { const f = getComputedStyle(foot, '::before');
    const shown = f.content !== 'none' && f.backgroundImage.includes('gradient') && f.opacity !== '0';
    return shown ? parseFloat(f.height) : 0; };
  const scrolls = list.scrollHeight - list.clientHeight > 24;  // (less is no "more below": table.js)
  list.scrollTop = 0;
  await frames();
  const fadeTop = fade();
  list.scrollTop = list.scrollHeight;
  await frames();
  // (a server message may have drawn the settlement again meanwhile: measure what is on the page now)
  if (!list.isConnected || !foot.isConnected) return {stale: true};
  const top = foot.getBoundingClientRect().top;
  const listBottom = list.getBoundingClientRect().bottom;
  const els = [...list.querySelectorAll('*')]
    .filter((e) => e.getBoundingClientRect().height > 0 && e.checkVisibility());  // (not a closed <details>' inside)
  const lowest = Math.max(...els.map((e) => e.getBoundingClientRect().bottom));
  const who = els.filter((e) => e.getBoundingClientRect().bottom > top + 1)
    .map((e) => e.tagName + '.' + e.className).slice(0, 5);
  const atEnd = Math.abs(list.scrollHeight - list.clientHeight - list.scrollTop) <= 1;
  const fadeEnd = fade();
  list.scrollTop = 0;
  return {who, scrolls, fadeTop, fadeEnd, top, listBottom, lowest, atEnd};
}"""



# The page's toast shows the warning, on top of everything where it is (the settlement under it).
WARNING_ON_TOP = """() => {
  const b = document.querySelector('#toast.show');
  if (!b || !b.textContent.includes('a warning')) return false;
  const r = b.getBoundingClientRect();
  b.style.pointerEvents = 'auto';  // (it lets taps through: hit-testing skips it otherwise)
  const top = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
  b.style.pointerEvents = '';
  return r.top >= 0 && b.contains(top);
}"""


# The page's toast has faded in where it was placed: its box centred on its `top` (no longer scaled or moving).
FADED_IN = """() => {
  const t = document.querySelector('#toast'), r = t.getBoundingClientRect();
  return getComputedStyle(t).opacity === '1' && Math.abs((r.top + r.bottom) / 2 - parseFloat(t.style.top)) < 1;
}"""


def _mid_hand_sizes(page: Any, shots: Path) -> None:
    """The screenshot review's sizes, on a mid-hand view (eight tiles in every river, three melds and four
    tiles in each other hand, my own two 亮杠牌 and two flowers): phone upright river tiles ≥ 24 px; phone
    sideways the side seats' meld tiles ≥ 20 px; desktop 1920×1080 the others' tile backs and the river
    tiles grown with the height (≥ 26 px, ≥ 44 px); desktop and laptop the side rivers six a row, and the
    hand two thirds of the width (tiles ≥ 60 px at 1920); my laid-open tiles ≥ 24 px; melds overlapping
    nothing and the board inside the screen at every size. Then a late claim (five buttons, 18 tiles a
    river) at every size."""
    page.evaluate(MID_HAND)
    page.wait_for_function("document.querySelectorAll('.board .river .tile').length >= 32", timeout=5000)
    sizes = {**SIZES, "desktop-1080": (1920, 1080)}
    try:
        for where, size, lang, w, h in each_size(page, sizes, "mid-hand"):
            _inside(page, ".board .seat", w, h, where)
            _inside(page, ".board .meld", w, h, where)
            assert page.evaluate(MELD_OVERLAPS) == [], where
            assert len(_boxes(page, "[data-testid=actions] button")) == 3, where
            assert page.evaluate(BUTTON_OVERLAPS) == [], where
            river = min(b["width"] for b in _boxes(page, ".board .river .tile"))
            side_melds = min(b["width"] for b in _boxes(
                page, ".seat-left .meld .tile:not(.sideways), .seat-right .meld .tile:not(.sideways)"))
            backs = min(b["width"] for b in _boxes(page, ".board > .seat:not(.seat-me) .opp-hand .tile")
                        if b["width"] > 0) if size != "phone" else 0
            if size == "phone":
                assert river >= 24, (where, "river tiles", river)
            if size == "phone-land":
                assert river >= 24 and side_melds >= 20, (where, "river / side meld tiles", river, side_melds)
                # the top seat's backs one row (a fourth back wrapped alone under the others beside "Dealer")
                tops = {round(b["top"]) for b in _boxes(page, ".seat-top .opp-hand:not(.revealed) .tile.back")}
                assert len(tops) == 1, (where, "top seat's backs", tops)
            if size == "desktop-1080":
                assert backs >= 26 and side_melds >= 40 and river >= 44, (where, backs, side_melds, river)
            # my own 亮杠牌 and flowers beside my melds, legible at every size (they were 19 px upright)
            mine = _boxes(page, ".seat-me .meld .tile")
            assert len(mine) == 4 and min(b["width"] for b in mine) >= 24, (where, "own laid-open tiles", mine)
            if size in ("desktop-1080", "laptop"):
                # the hand sized to the width too: at 1920 it filled half the screen with 74 px tiles
                hand = _boxes(page, "[data-testid=my-hand] .tile")
                share = (max(b["right"] for b in hand) - min(b["left"] for b in hand)) / w
                assert 0.62 <= share <= 0.8, (where, "the hand's share of the width", share)
                assert min(b["width"] for b in hand) >= (60 if size == "desktop-1080" else 56), (where, hand)
            if size in ("desktop", "laptop", "desktop-1080"):
                # the side rivers six a row, as the others (four a row left the pond's sides bare)
                for side in ("left", "right"):
                    tops = [round(b["top"]) for b in _boxes(page, f".pond-{side} .river .tile")]
                    assert max(tops.count(t) for t in set(tops)) == 6, (where, side, tops)
            if size in ("desktop", "laptop", "desktop-1080"):
                clear = page.evaluate(SIDE_CLEAR)
                assert clear["gap"] >= 24 and clear["inLeft"] >= 9 and clear["inRight"] >= 9, (where, clear)
            page.screenshot(path=str(shots / f"table-mid-{size}-{lang}.png"))
        # Late in a hand, a claim (胡 杠 碰 吃 过) at every size: 18 tiles a river, no button over a tile, the
        # board inside the screen. A phone held sideways keeps the rivers at 24 px (the top and bottom rivers
        # nine a row past twelve, the side ones lying sideways); upright at 20 px (they shrank to 13 px: the
        # prompt took a line of its own, the rivers three rows deeper); my laid-open tiles at 24 px.
        page.evaluate(MID_HAND, True)
        page.wait_for_function("document.querySelectorAll('.board .river .tile').length >= 72", timeout=5000)
        for where, size, lang, w, h in each_size(page, sizes, "late claim"):
            _inside(page, ".board .seat", w, h, where)
            _inside(page, "[data-testid=actions] button", w, h, where)
            assert len(_boxes(page, "[data-testid=actions] button")) == 5, where
            assert page.evaluate(BUTTON_OVERLAPS) == [], where
            river = min(b["width"] for b in _boxes(page, ".board .river .tile"))
            mine = min(b["width"] for b in _boxes(page, ".seat-me .meld .tile"))
            assert mine >= 24, (where, "own laid-open tiles", mine)
            if size == "phone-land":
                assert river >= 24, (where, "river tiles", river)
            if size == "phone":
                assert river >= 20, (where, "river tiles", river)
            if size in ("desktop", "laptop", "desktop-1080"):
                # the side rivers clear of their seats' tiles (a meld crossed the table area's edge at 1920)
                # and inside the area with room to spare (the laptop's last discard lay over its edge)
                clear = page.evaluate(SIDE_CLEAR)
                assert clear["gap"] >= 24 and clear["inLeft"] >= 9 and clear["inRight"] >= 9, (where, clear)
            page.screenshot(path=str(shots / f"table-late-claim-{size}-{lang}.png"))
    finally:
        page.evaluate("() => { const s = window.__mj.sock; s.onMessage = s.realOnMessage; s.send({type: 'sync'}); }")


def test_every_size_both_languages(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 1440, 900)
    try:
        _enter_and_create(page, "四种屏幕", "anqing", {"mode": "A"}, hands=1)
        page.click("[data-testid=ready]")
        _until_my_discard(page)

        # The dial counts the clock of the seat to act down by itself.
        before = page.inner_text("[data-testid=dial-clock]")
        page.wait_for_function("(b) => document.querySelector('[data-testid=dial-clock]').textContent !== b",
                               arg=before, timeout=2000)

        for where, size, lang, w, h in each_size(page, SIZES, "table"):
            page.screenshot(path=str(shots / f"table-{size}-{lang}-plain.png"))
            for sel in ("[data-testid=my-hand] .tile", "[data-testid=actions]", "[data-testid=tuoguan]",
                        "[data-testid=dial]", ".center-info", ".seat-head"):
                _inside(page, sel, w, h, where)
            scroll = page.evaluate("[document.documentElement.scrollHeight, document.documentElement.scrollWidth]")
            assert scroll[0] <= h + 1 and scroll[1] <= w + 1, (where, scroll)
            hand = _boxes(page, "[data-testid=my-hand] .tile")
            if size == "phone-land":
                assert min(b["width"] for b in hand) >= 40, (where, hand[:1])
            if size == "phone":
                # upright the hand one row (it wrapped to two), its tiles as wide as the width allows
                assert len({round(b["top"]) for b in hand}) == 1, (where, "the hand in one row", hand)
                assert min(b["width"] for b in hand) >= 22.5, (where, hand[:1])
            # Toasts stack in the pond's free corner: over no seat, button or the centre panel.
            page.evaluate("async () => { const d = await import('/dom.js'); d.toast('碰 五万 · Pung 5 Characters');"
                          " d.toast('杠 · Kong'); d.toast('Bot 2 胡！自摸', 'win'); }")
            toasts = _boxes(page, "[data-testid=toast]")
            # (all three on a wide screen; a phone's slot has a fixed height: what fits, the newest kept)
            assert len(toasts) == 3 if not size.startswith("phone") else 2 <= len(toasts) <= 3, (where, toasts)
            assert page.locator("[data-testid=toast]").last.inner_text() == "Bot 2 胡！自摸", where
            for sel in (".seat", "button", ".center-info", "[data-testid=dial]"):
                for other in _boxes(page, sel):
                    for tb in toasts:
                        assert not _overlap(tb, other), (where, sel, tb, other)
            page.screenshot(path=str(shots / f"table-{size}-{lang}.png"))
            page.evaluate("document.querySelectorAll('[data-testid=toast]').forEach((e) => e.remove())")
        _mid_hand_sizes(page, shots)
        _set_lang(page, "zh")
        page.set_viewport_size({"width": 1440, "height": 900})

        # Keyboard play: an arrow focuses a tile you may discard, Enter discards it.
        _until_my_discard(page)
        me = page.get_attribute("[data-testid=table] .seat-me", "data-seat")
        river = f"[data-testid=river-{me}] .tile"
        before_river = page.locator(river).count()
        page.keyboard.press("ArrowRight")
        assert page.evaluate("document.activeElement.matches('[data-testid=my-hand] button.tile.can')")
        page.keyboard.press("Enter")
        page.wait_for_function("([sel, n]) => document.querySelectorAll(sel).length > n", arg=[river, before_river],
                               timeout=10000)
        # The aria-live log has announced the discards so far, in words.
        announced = page.inner_text("[data-testid=announce]")
        assert "打出" in announced, announced

        # The rest of the hand on 托管: the bots play it out; one hand is the whole match.
        page.click("[data-testid=tuoguan]")
        page.wait_for_selector("[data-testid=settlement]", timeout=60000)
        page.wait_for_selector("[data-testid=hash-check][data-ok=true]", timeout=10000)
        text = page.inner_text("[data-testid=settlement]").split("种子")[0]
        assert not RAW_KEY.search(text), RAW_KEY.search(text)
        assert not re.search(r"\b(chow|pung|pair|peng|exposed|from seat|W as|wind triplets)\b", text), text
        if "荒庄" not in page.inner_text("[data-testid=settle-title]"):
            assert page.locator("[data-testid=winning-tile]").count() >= 1
        for where, size, lang, w, h in each_size(page, SIZES, "settlement"):
            _inside(page, "[data-testid=settle-title]", w, h, where)
            # the head: the seal stamped beside the title, this hand's result for the player in figures
            _inside(page, "[data-testid=seal]", w, h, where + " seal")
            delta = int(page.get_attribute(f"[data-testid=totals] tr[data-seat='{me}'] td.delta", "data-delta"))
            assert page.inner_text("[data-testid=hero-mine] strong") == (f"+{delta}" if delta > 0 else str(delta))
            seal = page.inner_text("[data-testid=seal]")
            draw = "荒庄" in page.inner_text("[data-testid=settle-title]") or "Draw" in page.inner_text(
                "[data-testid=settle-title]")
            assert seal in ({"荒庄", "Draw"} if draw else {"胡", "自摸", "Win", "Self-draw"}), seal
            # Measured again when the settlement was drawn anew under the measurement (the room's
            # messages redraw it; a redraw also scrolls the new list back to its top).
            for _ in range(5):
                end = page.evaluate(SETTLE_END)
                if not end.get("stale") and end["atEnd"]:
                    break
            assert not end.get("stale"), (where, "the settlement kept being drawn anew")
            assert end["listBottom"] <= end["top"] + 1, (where, "the list runs under its buttons", end)
            assert end["fadeTop"] >= 16 or not end["scrolls"], (where, "no fade while more lies below", end)
            assert end["atEnd"] and end["lowest"] <= end["top"] + 1 and not end["fadeEnd"], (
                f"settlement's last line under its buttons {size} {lang}", end)
            # At the list's end no cue; at its top, while more lies under the buttons, a cue says so.
            page.evaluate(TO_END)
            page.wait_for_selector("[data-testid=settle-more]", state="hidden", timeout=3000)
            # The table draws the dialog anew on a server message: the list stays where it was scrolled to
            # (it started at its top again on every message, a seat readying say).
            scrolled = page.evaluate(REDRAW)
            assert scrolled[0] == scrolled[1], (where, "the list's scroll after a redraw", scrolled)
            overflow = page.evaluate(TO_TOP)
            assert overflow or size not in ("laptop", "phone"), f"four revealed hands fit {size} {lang}?"
            if overflow:
                page.wait_for_selector("[data-testid=settle-more]", state="visible", timeout=3000)
                _inside(page, "[data-testid=settle-more]", w, h, f"the cue of more below {size} {lang}")
                cue = page.inner_text("[data-testid=settle-more]")
                assert cue.strip().endswith("下面还有" if lang == "zh" else "More below"), cue
            # A match end with four revealed hands: the buttons stay on screen, the list scrolls.
            _inside(page, "[data-testid=settle-buttons] button", w, h, f"settlement buttons {size} {lang}")
            assert page.locator("[data-testid=settle-buttons] button:visible").count() >= 2
            if size == "desktop":
                # a wide screen's settlement is a large dialog (it was 760 px wide in the middle)
                modal = _boxes(page, ".settle-modal")[0]
                assert modal["width"] >= 0.8 * w, (f"settlement width {size} {lang}", modal)
            if size == "phone-land":
                # sideways the list above the buttons keeps most of the short screen
                modal = _boxes(page, ".settle-modal")[0]
                buttons = _boxes(page, "[data-testid=settle-buttons]")[0]
                assert buttons["top"] - modal["top"] >= 0.8 * h, (f"settlement list {size} {lang}", modal, buttons)
                assert buttons["height"] <= 60, (f"settlement buttons one line {size} {lang}", buttons)
            # Toasts while the settlement is open: the table's news (a call, a win) not under the dialog,
            # a warning in the page's toast, above the dialog and inside the screen.
            page.evaluate("async () => { const d = await import('/dom.js'); d.toast('Bot 2 胡！自摸', 'win');"
                          " d.toast('杠 · Kong'); d.toast('警告 · a warning', 'warn'); }")
            hidden = page.locator("[data-testid=toast]:visible").count() == 0
            assert hidden, f"toasts under the settlement {size} {lang}"
            page.wait_for_function(WARNING_ON_TOP, timeout=3000)
            _inside(page, "#toast", w, h, f"the warning over the settlement {size} {lang}")
            # just above the settlement's buttons, inside the dialog, over none of its head (the title, the
            # winners' hands, the seat cards with the points) nor the buttons, once it has faded in
            page.wait_for_function(FADED_IN, timeout=3000)
            warning = _boxes(page, "#toast")[0]
            modal = _boxes(page, ".settle-modal")[0]
            buttons = _boxes(page, "[data-testid=settle-buttons]")[0]
            assert warning["bottom"] <= buttons["top"] + 1, (
                f"the warning above the settlement's buttons {size} {lang}", warning, buttons)
            assert modal["top"] <= warning["top"] and warning["bottom"] <= modal["bottom"], (
                f"the warning inside the dialog {size} {lang}", warning, modal)
            head = _boxes(page, "[data-testid=settle-title], [data-testid=settle-hero], .win-hand .tile,"
                                " [data-testid=totals]")
            covered = [b for b in head if _overlap(warning, b)]
            assert not covered, (f"the warning over the settlement's head {size} {lang}", warning, covered[:2])
            page.screenshot(path=str(shots / f"settlement-toast-{size}-{lang}.png"))
            page.evaluate("async () => (await import('/dom.js')).clearToast()")
            # The table behind, with the rivers of a whole hand, still fits the screen.
            page.evaluate(HIDE_SETTLEMENT)
            page.screenshot(path=str(shots / f"table-end-{size}-{lang}.png"))
            page.evaluate(SHOW_SETTLEMENT)
            _inside(page, ".board .seat", w, h, f"board after the hand {size} {lang}")
            page.screenshot(path=str(shots / f"settlement-{size}-{lang}.png"))

        # The longest hand the rules allow: every river as long as a drawn-out 荒庄 leaves it (26 tiles, more
        # than any of the three rulesets' walls give a seat). The page gets that view as if from the server;
        # the board must still fit every screen (it shrinks the rivers, not the player's hand).
        page.evaluate("""() => {
          const v = structuredClone(window.__mj.st.view);
          for (const s of v.seats) {
            const base = s.river.length ? s.river : [{tile: 0}];
            s.river = Array.from({length: 26}, (_, i) => ({...base[i % base.length], claimed: false}));
          }
          window.__mj.sock.onMessage({type: 'view', view: v, asked: window.__mj.st.asked, step: window.__mj.st.step,
                                      clock: null, tuoguan: window.__mj.st.tuoguan});
        }""")
        page.wait_for_function("document.querySelectorAll('.board .river .tile').length >= 104", timeout=5000)
        page.evaluate(HIDE_SETTLEMENT)
        for where, size, _, w, h in each_size(page, SIZES, "the longest rivers", langs=None):
            _inside(page, ".board .seat", w, h, where)
            _inside(page, "[data-testid=my-hand]", w, h, where)
            if size in ("desktop", "laptop"):
                clear = page.evaluate(SIDE_CLEAR)
                assert clear["gap"] >= 24 and clear["inLeft"] >= 9 and clear["inRight"] >= 9, (where, clear)
            page.screenshot(path=str(shots / f"table-longest-{size}.png"))
        page.evaluate(SHOW_SETTLEMENT)

        _set_lang(page, "zh")
        page.click("[data-testid=show-ranking]")
        page.wait_for_selector("[data-testid=ranking]", timeout=10000)
        page.wait_for_function("!document.querySelector('[data-testid=ranking]').innerText.includes('…')",
                               timeout=10000)
        rows = page.eval_on_selector_all("[data-testid=ranking] tbody tr", "els => els.map(e => e.dataset.place)")
        assert len(rows) == 4 and rows[0] == "1", rows
        # the player's own line outlined, its place said above the table
        mine = page.locator(f"[data-testid=ranking] tbody tr[data-seat='{me}']")
        assert "mine" in (mine.get_attribute("class") or "")
        place = mine.get_attribute("data-place")
        assert page.get_attribute("[data-testid=rank-you]", "data-place") == place
        said = "你是第一名" if place == "1" else f"你是第 {place} 名"
        assert page.inner_text("[data-testid=rank-you]").startswith(said)
        for where, size, lang, w, h in each_size(page, SIZES, "ranking"):
            _inside(page, "[data-testid=play-again]", w, h, where)
            _inside(page, "[data-testid=back-lobby]", w, h, where)
            page.screenshot(path=str(shots / f"ranking-{size}-{lang}.png"))

        _set_lang(page, "zh")
        # Play again: a new room with the same rules, settings and bots, and me seated.
        old_code = page.url.rsplit("/", 1)[-1]
        page.click("[data-testid=play-again]")
        page.wait_for_function("(c) => location.hash.startsWith('#/room/') && !location.hash.endsWith(c)", arg=old_code,
                               timeout=10000)
        page.wait_for_selector("[data-testid=waiting] [data-testid=ready]", timeout=10000)
        page.wait_for_function("document.querySelectorAll('[data-testid=waiting] .chip.bot').length === 3",
                               timeout=10000)
        page.click("[data-testid=leave]")
        # (the create-room form opens in a sheet; a change of language draws the lobby anew, the sheet closed)
        reopen = """() => { if (document.querySelector('.sheet-back[hidden]'))
          document.querySelector('[data-testid=open-create]').click(); }"""
        for where, size, lang, w, h in each_size(page, SIZES, "lobby", each=lambda p: p.evaluate(reopen)):
            if size.startswith("phone"):
                # The create button on the first screen: the clocks, bots and 排位赛 fold under 更多选项.
                page.evaluate("window.scrollTo(0, 0)")
                assert not page.is_visible("#discard_seconds"), (size, lang)
                _inside(page, "[data-testid=create]", w, h, where + " create button")
                summary = page.inner_text("[data-testid=more-options] summary")
                assert summary == ("更多选项" if lang == "zh" else "More options"), summary
            page.screenshot(path=str(shots / f"lobby-{size}-{lang}.png"))
            if size.startswith("phone"):
                page.click("[data-testid=more-options] summary")
                assert page.is_visible("#discard_seconds") and page.is_visible("#bot_level"), (size, lang)
                page.screenshot(path=str(shots / f"lobby-more-{size}-{lang}.png"), full_page=True)
                page.click("[data-testid=more-options] summary")
        page.keyboard.press("Escape")  # (the sheet closed: the top bar again)
        # The rules pages, linked from the top bar of the lobby and the table.
        page.set_viewport_size({"width": 1280, "height": 720})
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            page.click("[data-testid=rules-link]")
            for p in ("anqing-A", "anqing-B", "hefei-baoting", "hefei-bubaoting"):
                page.click(f"[data-testid=rules-{p}]")
                # this page's table and example, drawn once the server's rules have come (not the last page's)
                # (the page drawn for this link, not the last page still showing under the new address)
                page.wait_for_function("(p) => location.hash === '#/rules/' + p.replace('-', '/')"
                                       " && document.querySelector(`[data-testid=rules-${p}].on`)"
                                       " && document.querySelectorAll('[data-testid=rules-table] tr').length > 10"
                                       " && document.querySelectorAll('.example-hand .tile').length >= 10", arg=p)
                text = page.inner_text("[data-testid=rules]")
                assert not RAW_KEY.search(text), (p, lang, RAW_KEY.search(text))
                assert page.locator("[data-testid=rules-table] tbody tr").count() >= 10
                assert page.locator(".example-hand .tile").count() >= 10
                page.screenshot(path=str(shots / f"rules-{p}-{lang}.png"), full_page=True)
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


def test_a_spectator_watches_a_whole_hand_without_a_concealed_tile(browser: Any, server: Any, shots: Path) -> None:
    """A second browser context opens the full room's link: it watches live, and no frame it receives
    before the settlement holds a concealed tile of any seat (its own hand is empty, draws and deals
    are blanked, another seat's 暗杠 is face down)."""
    player = _page(browser, server, 1280, 720)
    watcher = _page(browser, server, 1280, 720)
    frames: list[str] = []
    watcher.on("websocket", lambda ws: ws.on("framereceived", lambda payload: frames.append(str(payload))))
    try:
        code = _enter_and_create(player, "主人", "hefei", {"room": "bubaoting"}, hands=1)
        # A deal the player deals: the hand waits on the player's first discard (a 60 s clock) until
        # 托管 takes it, so the watcher sees it live (bots once won in seconds and the hand was over
        # before the watcher's first frame).
        seed, match_seed = first_seeds("hefei", {"room": "bubaoting"}, 1, "watch", lambda m: m.hand.dealer == HUMAN)
        r = httpx.post(f"{server.base}/api/rooms/{code}/test-deal", headers=auth(OPERATOR),
                       json={"seeds": [seed], "match_seed": match_seed}, timeout=10)
        assert r.status_code == 200, r.text
        watcher.fill("#name", "观众")
        watcher.click("[data-testid=enter]")
        watcher.wait_for_selector("[data-testid=open-create]")
        watcher.goto(f"{server.base}/#/room/{code}")
        watcher.wait_for_selector("[data-testid=waiting]")
        assert watcher.locator("[data-testid=ready]").count() == 0
        player.click("[data-testid=ready]")
        player.wait_for_selector("[data-testid=tuoguan]", timeout=20000)
        watcher.wait_for_selector("[data-testid=watching]", timeout=20000)
        watcher.screenshot(path=str(shots / "spectator-table.png"))
        player.click("[data-testid=tuoguan]")
        watcher.wait_for_selector("[data-testid=ranking], [data-testid=settlement]", timeout=60000)
        watcher.screenshot(path=str(shots / "spectator-settlement.png"))
        import json

        views = [m for m in map(json.loads, frames) if m.get("type") == "view"]
        assert len(views) >= 3, len(views)
        before_end = [m for m in views if m["view"]["phase"] != "over"]
        assert before_end and views[-1]["view"]["phase"] == "over"
        for m in before_end:
            v = m["view"]
            assert v["seat"] is None and v["hand"] == [] and v["drawn"] is None and v["revealed"] is None
            assert v["legal"] == [] and v["claim"] is None and v["seed"] is None
            for s in v["seats"]:
                assert all(meld["tiles"] == [] for meld in s["melds"] if meld["kind"] == "kong_concealed")
            for e in m["events"]:
                assert e["type"] != "dealt" or e["tiles"] == [], e
                assert e["type"] != "drew" or e["tile"] is None, e
                assert e["type"] != "concealed_kong" or e["tiles"] == [], e
        assert watcher.locator("[data-testid=next-hand]").count() == 0
        assert not watcher.errors, watcher.errors  # type: ignore[attr-defined]
    finally:
        player.context.close()
        watcher.context.close()


def test_the_ready_countdown_ticks_in_the_browser(browser: Any, server: Any, shots: Path) -> None:
    """Three seats ready (a person and two bots): the fourth person's 15-second countdown counts down
    every second on both screens, without waiting for a server message."""
    import httpx

    first = _page(browser, server, 1280, 720)
    second = _page(browser, server, 390, 844)
    try:
        first.fill("#name", "先到")
        first.click("[data-testid=enter]")
        first.click("[data-testid=open-create]")  # (the create-room form opens in a sheet)
        first.uncheck("#fill_bots")
        first.click("[data-testid=create]")
        first.wait_for_selector("[data-testid=ready]")
        code = first.inner_text("[data-testid=room-code]").strip()
        token = first.evaluate("localStorage.getItem('mj.token')")
        r = httpx.post(f"{server.base}/api/rooms/{code}/bots", json={"seats": [1, 2]},
                       headers={"Authorization": f"Bearer {token}"}, timeout=10)
        assert r.status_code == 200, r.text
        second.fill("#name", "后到")
        second.click("[data-testid=enter]")
        second.wait_for_selector("[data-testid=open-create]")
        second.goto(f"{server.base}/#/room/{code}")
        second.wait_for_selector("[data-testid=ready]")
        first.click("[data-testid=ready]")
        for page in (first, second):
            page.wait_for_selector("[data-testid=countdown]", timeout=10000)
            before = page.inner_text("[data-testid=countdown]")
            page.wait_for_function("(b) => document.querySelector('[data-testid=countdown]').textContent !== b",
                                   arg=before, timeout=2000)
        second.screenshot(path=str(shots / "waiting-countdown-phone.png"))
        assert not first.errors and not second.errors  # type: ignore[attr-defined]
    finally:
        first.context.close()
        second.context.close()
