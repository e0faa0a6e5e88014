"""Issue 24: the table as a game, measured in Chromium at the four sizes in both languages.

A real Anqing room (bots at 0.05 s, 60 s clocks) gives the page a real view; the test then hands the page
variations of that view as if from the server (a mid-hand with rivers of 12 tiles and melds, a claim
window offering 胡 碰 过), so what is measured does not depend on how the bots play:

- nothing of the table (seats, rivers, hand, dock buttons, corner menu, dial) outside the viewport, no
  scrolling, and no two of them overlapping (the claim buttons and prompts over no river tile, sideways
  too); toasts over no river tile;
- phone sideways: hand tiles at least 44 px wide, river tiles at least 24 px, the top rivers six a row,
  the other seats' hands as tile backs, no top bar; claim buttons at least 56×56 on phones with 胡 the
  largest; control buttons at least 44 px tall behind ☰;
- the 听 hint on one line with "+N more";
- 申请解散 asks for confirmation first;
- the second review: my own name whole where the line has room (sideways too), every seat's score a chip
  with its unit apart from the name, my own call mark (碰 杠 吃 胡) over none of my tiles, toasts as wide as
  their words and worded as sentences in English, the 听 count on a tile explained (a tooltip, a legend or
  a unit).
- the fourth review: 胡 gold and glowing, every claim button 56 px tall on wide screens too; the centre's
  captions and the dial's winds at least 11 px; the 听 hint's best discards chips of tiles and "+N" whole
  inside my seat; my own call mark over the centre panel, over no river tile.
Screenshots: game-{table,claim,menu}-{size}-{lang}.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.sizes import each_size, settle
from tests.browser.test_play import _enter_and_create, _page, _until_my_discard
from tests.browser.test_table_sizes import SIZES, _boxes, _inside, _overlap, _set_lang

pytestmark = pytest.mark.browser

# The page's own socket handler, fed a view derived from the last real one (as test_table_sizes does).
INJECT = """(kind) => {
  const st = window.__mj.st;
  const v = structuredClone(window.__mj.v0 || (window.__mj.v0 = structuredClone(st.view)));
  const tiles = [0, 4, 8, 12, 16, 20, 24, 27, 30, 33, 2, 6];
  for (const s of v.seats) {
    s.river = tiles.map((t, i) => ({tile: (t + s.seat) % 34, claimed: i === 3, declared: false}));
  }
  const other = (v.seat + 2) % 4;
  v.seats[other].melds = [{kind: 'peng', tiles: [5, 5, 5], called: 5, from: v.seat}];
  v.seats[other].hand_count = Math.max(1, v.seats[other].hand_count - 3);
  let events = [];
  // A turn of discards only, whatever the live hand offers besides: a 亮杠牌 or kong button beside them
  // takes height from the board, whose fit then shrinks the rivers (the sizes measured are a plain turn's)
  if (kind === 'turn') v.legal = v.legal.filter((a) => a.type === 'discard');
  if (kind.startsWith('claim')) {  // 'claim': from the seat on my left; 'claim-right': from my right
    const disc = (v.seat + (kind === 'claim' ? 3 : 1)) % 4;
    const tile = v.hand[0];
    v.phase = 'claim'; v.current = disc; v.drawn = null;
    if (v.hand.length % 3 === 2) v.hand = v.hand.slice(1);
    v.claim = {tile, discarder: disc, robbing: false};
    v.seats[disc].river[v.seats[disc].river.length - 1] = {tile, claimed: false, declared: false};
    // (all five claims at once: the widest row of buttons there is)
    v.legal = [{type: 'win'}, {type: 'kong', kind: 'exposed', tiles: [tile, tile, tile]},
               {type: 'peng', tiles: [tile, tile]}, {type: 'chi', tiles: [v.hand[1], v.hand[2]]}, {type: 'pass'}];
    events = [{type: 'discarded', seat: disc, tile}];
  }
  if (kind === 'ting') {
    const t = v.legal.filter((a) => a.type === 'discard').map((a) => a.tile);
    v.ting = {waits: [], self_draw_only: false, by_discard: t.map((d) => ({discard: d, waits: [0, 1, 2, 9, 10]}))};
  }
  window.__mj.sock.onMessage({type: 'view', view: v, asked: st.asked, step: st.step, clock: null, tuoguan: false,
                              events});
}"""

# A new draw (the wall one shorter), sent twice: the drawn tile slides in on the first render only.
ARRIVE = """(wall) => {
  const st = window.__mj.st;
  const v = structuredClone(st.view);
  v.wall_left = wall;
  if (v.drawn === null || v.drawn === undefined) v.drawn = v.hand[v.hand.length - 1];
  window.__mj.sock.onMessage({type: 'view', view: v, asked: st.asked, step: st.step, clock: null, tuoguan: false,
                              events: []});
  const el = document.querySelector('[data-testid=my-hand] .tile.drawn');
  return el ? el.classList.contains('arrive') : null;
}"""

# The side seats with a meld each (backs then one row over the melds, sideways).
SIDE_MELDS = """() => {
  const st = window.__mj.st;
  const v = structuredClone(st.view);
  for (const k of [1, 3]) {
    const o = v.seats[(v.seat + k) % 4];
    o.melds = [{kind: 'peng', tiles: [27, 27, 27], called: 27, from: v.seat}];
    o.hand_count = 11;
  }
  window.__mj.sock.onMessage({type: 'view', view: v, asked: st.asked, step: st.step, clock: null, tuoguan: false,
                              events: []});
}"""

TABLE_PARTS = [".seat-top", ".seat-left", ".seat-right", ".seat-me", ".river", "[data-testid=dial]"]

# Each seat's head: is the name cut short (wider than its box), its score's words, and the gap between the
# name (and the chips after it) and the score chip where they share a line.
SEAT_HEADS = """() => [...document.querySelectorAll('.board > .seat')].map((seat) => {
  const name = seat.querySelector('.seat-head .name');
  const score = seat.querySelector('.seat-head .score');
  const n = name.getBoundingClientRect(), s = score.getBoundingClientRect();
  const before = [...score.parentElement.children].filter((e) => e !== score && e.compareDocumentPosition(score) & 4
    && e.getBoundingClientRect().width > 0).map((e) => e.getBoundingClientRect())
    .filter((r) => r.top < s.bottom && s.top < r.bottom);
  const gap = before.length ? s.left - Math.max(...before.map((r) => r.right)) : 99;
  return {me: seat.classList.contains('seat-me'), cut: name.scrollWidth > name.clientWidth + 1,
          name: name.textContent, score: score.innerText, gap,
          lines: new Set([...name.getClientRects()].map((r) => Math.round(r.top))).size,
          overlap: n.right > s.left + 1 && n.left < s.right - 1
            && n.top < s.bottom - 1 && s.top < n.bottom - 1};
})"""

# My own seat calls 碰: the call mark drawn (its pop-in finished at once), measured against my hand.
MY_CALL = """() => {
  const st = window.__mj.st;
  const v = structuredClone(st.view);
  window.__mj.sock.onMessage({type: 'view', view: v, asked: st.asked, step: st.step, clock: null, tuoguan: false,
    events: [{type: 'claimed', seat: v.seat, kind: 'peng', tile: 5, tiles: [5, 5], from_seat: (v.seat + 3) % 4}]});
  const m = document.querySelector(`[data-testid=call-mark][data-seat="${v.seat}"]`);
  if (!m) return null;
  m.getAnimations().forEach((a) => a.finish());
  return m.getBoundingClientRect().toJSON();
}"""

# A toast as wide as its words: its box no wider than its text plus its padding and border (a toast that
# wraps, in a narrow corner, as wide as the corner).
TOAST_FITS = """() => [...document.querySelectorAll('[data-testid=toast]')].map((e) => {
  const range = document.createRange();
  range.selectNodeContents(e);
  const rects = [...range.getClientRects()];
  const text = Math.max(...rects.map((r) => r.right)) - Math.min(...rects.map((r) => r.left));
  const cs = getComputedStyle(e);
  const chrome = parseFloat(cs.paddingLeft) + parseFloat(cs.paddingRight) + parseFloat(cs.borderLeftWidth)
    + parseFloat(cs.borderRightWidth);
  const lines = new Set(rects.map((r) => Math.round(r.top))).size;
  return {width: e.getBoundingClientRect().width, text, chrome, lines, words: e.textContent,
          slot: e.parentElement.getBoundingClientRect().width};
})"""



def _open_menu(page: Any) -> None:
    """☰ opens the corner menu, on one press (it acts on the press, `onPress` in dom.js: a redraw between
    the press and the release no longer loses it, so one press must do)."""
    page.click("[data-testid=menu]")
    page.wait_for_selector("[data-testid=menu-panel]", state="visible", timeout=3000)


def _check_table(page: Any, w: int, h: int, where: str) -> None:
    for sel in (*TABLE_PARTS, "[data-testid=my-hand] .tile", "[data-testid=corner-menu] > button",
                ".board .river .tile"):
        _inside(page, sel, w, h, where)
    scroll = page.evaluate("[document.documentElement.scrollHeight, document.documentElement.scrollWidth]")
    assert scroll[0] <= h + 1 and scroll[1] <= w + 1, (where, scroll)
    # No two parts of the table overlap: the seats, the rivers, the hand, the buttons.
    seats = _boxes(page, ".board > .seat")
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            assert not _overlap(a, b), (where, "seats", a, b)
    rivers = _boxes(page, ".board .river .tile")
    buttons = _boxes(page, "[data-testid=dock] button, [data-testid=corner-menu] > button")
    hand = _boxes(page, "[data-testid=my-hand] .tile")
    # The claim buttons and the prompt over them (sideways a row of their own above the hand) cover no
    # river tile at any size, the tile being claimed (the last discard) least of all, nor the hand.
    prompts = _boxes(page, "[data-testid=dock] .prompt")
    for b in buttons + prompts:
        for other in rivers + hand:
            assert not _overlap(b, other), (where, "button or prompt over a tile", b, other)
    # The centre's captions (翻牌 钻 代 杠牌), the dial's winds and the round wind: at least 11 px (8 px before).
    small = page.evaluate("""() => [...document.querySelectorAll('.center-info figcaption, .dial-wind, .dial-round')]
      .map((e) => [e.textContent, parseFloat(getComputedStyle(e).fontSize)]).filter(([, f]) => f < 11)""")
    assert not small, (where, "captions under 11 px", small)
    for sel in (".seat-top .opp-hand .tile, .seat-top .meld", ".seat-left .seat-tiles", ".seat-right .seat-tiles"):
        for a in _boxes(page, sel):
            for b in buttons:
                assert not _overlap(a, b), (where, "button over a seat", sel, a, b)


def test_the_table_at_four_sizes_as_a_game(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 844, 390)
    try:
        # (clocks long enough that my turn never runs out while the sizes are measured on a loaded machine)
        # (a Latin name as long as the review's, "Phone player", cut short sideways before)
        _enter_and_create(page, "Phone player 横屏", "anqing", {"mode": "A"}, hands=1, seconds=900)
        page.click("[data-testid=ready]")
        _until_my_discard(page)
        wall = page.evaluate("window.__mj.st.view.wall_left") - 1
        assert page.evaluate(ARRIVE, wall) is True  # a new draw slides in
        # ... without fading: within its 250 ms it looked grey, as if I could not discard it
        faded = page.evaluate("""() => document.querySelector('[data-testid=my-hand] .tile.drawn').getAnimations()
          .some((a) => a.effect.getKeyframes().some((k) => 'opacity' in k || 'filter' in k))""")
        assert faded is False
        assert page.evaluate(ARRIVE, wall) is False  # a later render of the same draw does not replay it
        page.evaluate("localStorage.setItem('mj.rotateSeen', '0')")
        for where, size, lang, w, h in each_size(page, SIZES, "table", each=lambda p: p.evaluate(INJECT, "turn")):
            page.screenshot(path=str(shots / f"game-table-{size}-{lang}.png"))
            _check_table(page, w, h, where)
            river_w = [b["width"] for b in _boxes(page, ".board .river .tile")]
            hand_w = [b["width"] for b in _boxes(page, "[data-testid=my-hand] .tile")]
            # edge to edge at every size: the site's top bar folded into the corner menu
            assert page.locator("#topbar").is_hidden(), where
            if size == "phone-land":
                assert min(hand_w) >= 44, (where, hand_w)
                assert min(river_w) >= 24, (where, river_w)
                top_row = [b["top"] for b in _boxes(page, ".pond-top .river .tile")]
                assert max(top_row.count(t) for t in set(top_row)) == 6, (where, top_row)  # six a row
                # the left seat's hand as backs, or with melds as the stack: one back with the count on it
                stack = page.evaluate("""() => {
                  const e = document.querySelector('.seat-left .opp-hand:not(.revealed)');
                  return getComputedStyle(e, '::before').content === `"${e.dataset.count}"`; }""")
                assert stack or page.locator(".seat-left .opp-hand .tile.back").first.is_visible(), where
            if size == "phone-land":
                page.evaluate(SIDE_MELDS)
                settle(page, w, h)
                for side in ("left", "right"):
                    tops = {round(b["top"]) for b in _boxes(page, f".seat-{side} .opp-hand .tile.back")}
                    assert len(tops) == 1, (where, side, "backs on more than one row", tops)
                    head = _boxes(page, f".seat-{side} > .seat-head")[0]
                    backs = _boxes(page, f".seat-{side} .opp-hand")[0]
                    near = 0 <= backs["top"] - head["bottom"] <= 12
                    assert near, (where, side, "name far from its hand", head, backs)
                # the left seat's name level with its river, not up in the corner by the top seat's name
                head = _boxes(page, ".seat-left > .seat-head")[0]
                top_name = _boxes(page, ".seat-top > .seat-head")[0]
                assert head["top"] >= top_name["bottom"] + 8, (where, head, top_name)
                levels = page.evaluate("[...document.querySelectorAll('.board .chip.bot')]"
                                       ".map((e) => parseFloat(getComputedStyle(e).fontSize))")
                assert levels and min(levels) >= 11, (where, "bot level", levels)
                page.evaluate(INJECT, "turn")
                settle(page, w, h)
            if size == "desktop":
                # A claimed discard is not washed grey (it read as disabled, or as a highlight gone wrong) ...
                look = page.evaluate("""() => {
                  const cs = getComputedStyle(document.querySelector('.board .river .tile.dim'));
                  return [cs.opacity, cs.filter]; }""")
                assert look == ["1", "none"], (where, look)
                # ... and a hand tile under the pointer rings the tiles of its kind on the board in gold, bright.
                at = page.evaluate("""() => [...document.querySelectorAll('[data-testid=my-hand] .tile')]
                  .findIndex((e) =>
                  document.querySelector(`.board .river .tile[data-tile="${e.dataset.tile}"]`))""")
                assert at >= 0, where
                hand_tile = page.locator("[data-testid=my-hand] .tile").nth(at)
                kind = hand_tile.get_attribute("data-tile")
                hand_tile.hover()
                lit = page.evaluate("""(k) => [...document.querySelectorAll(`.board .river .tile[data-tile="${k}"]`)]
                  .map((e) => [e.classList.contains('same'), getComputedStyle(e).opacity,
                               getComputedStyle(e).boxShadow])""", kind)
                assert lit and all(c and o == "1" and "rgb(255, 213, 74)" in sh for c, o, sh in lit), (where, lit)
                page.mouse.move(1, 1)
                assert page.locator(".board .tile.same").count() == 0, where
            # A warning too long for a phone's toast row shows whole: in the row if it fits, else the page's toast.
            page.evaluate("async () => (await import('/dom.js'))"
                          ".toast((await import('/i18n.js')).t('tuoguan_started'), 'warn')")
            whole = page.evaluate("""() => {
              const item = [...document.querySelectorAll('[data-testid=toast].warn')].pop();
              if (item) return item.offsetHeight <= item.parentElement.clientHeight + 1;
              const box = document.getElementById('toast');
              return !!box && box.classList.contains('show') && box.scrollHeight <= box.clientHeight + 1; }""")
            assert whole, (where, "a warning cut")
            page.evaluate("document.querySelectorAll('[data-testid=toast]').forEach((e) => e.remove());"
                          "document.getElementById('toast')?.classList.remove('show')")
            # No seat's row of backs over a river tile (sideways the right seat's ran over its river's last column).
            backs = _boxes(page, ".board .opp-hand .tile.back")
            for rb in _boxes(page, ".board .river .tile"):
                hit = [b for b in backs if _overlap(rb, b)]
                assert not hit, (where, "a tile back over a river tile", rb, hit[:1])
            # Every corner mark (钻 代 杠) of my hand at least 2 px inside the screen.
            for b in _boxes(page, "[data-testid=my-hand] .tile .mark"):
                assert b["left"] >= 2 and b["right"] <= w - 2, (where, "mark at the edge", b)
            # "Kong tiles" / "杠牌" chips on one line
            for b in _boxes(page, ".board .meld .tag"):
                assert b["height"] <= 22, (where, "a meld's label on two lines", b)
            # My own name whole where the line has room (upright the line holds 托管 and ☰ too), and
            # every seat's score a chip with its unit, clear of the name and the chips before it.
            for head in page.evaluate(SEAT_HEADS):
                if head["me"] and size != "phone":
                    assert not head["cut"], (where, "my name cut short", head)
                assert not head["overlap"] and head["gap"] >= 4, (where, "score against the name", head)
                assert head["score"].replace(" ", "").endswith("分" if lang == "zh" else "pts"), (where, head)
                assert head["lines"] == 1, (where, "a name on two lines", head)
            _inside(page, ".board .seat-head .score", w, h, where)
            if size == "phone":
                # the centre's tiles carry no corner mark (their captions say 钻 / 代; the mark covered the tile)
                assert page.locator(".center-info .tile .mark:visible").count() == 0, where
            # My own call mark (碰) above my hand, over none of my tiles, inside the screen.
            mark = page.evaluate(MY_CALL)
            assert mark is not None, where
            inside = mark["top"] >= -1 and mark["bottom"] <= h + 1 and mark["left"] >= -1 and mark["right"] <= w + 1
            assert inside, (where, "call mark outside", mark)
            for tb in _boxes(page, "[data-testid=my-hand] .tile, .seat-me .meld"):
                assert not _overlap(mark, tb), (where, "my call mark over my tiles", mark, tb)
            # over the centre panel (above my seat it covered my river), the caller named under it
            for tb in _boxes(page, ".board .river .tile"):
                assert not _overlap(mark, tb), (where, "my call mark over a river tile", mark, tb)
            assert page.locator(".center-info [data-testid=call-mark] small").count() == 1, where
            page.screenshot(path=str(shots / f"game-call-mine-{size}-{lang}.png"))
            page.evaluate(INJECT, "turn")
            page.evaluate("document.querySelectorAll('[data-testid=toast]').forEach((e) => e.remove())")
            # A 报听 discard's toast is a sentence ("Bot 4 declares ready"), not a name and a button label.
            page.evaluate("""() => {
              const st = window.__mj.st;
              const v = structuredClone(st.view);
              const seat = (v.seat + 1) % 4;
              window.__mj.sock.onMessage({type: 'view', view: v, asked: st.asked, step: st.step, clock: null,
                tuoguan: false, events: [{type: 'discarded', seat, tile: 3, declared: true}]});
            }""")
            said = page.inner_text("[data-testid=toast]")
            assert said.endswith("报听" if lang == "zh" else "declares ready"), (where, said)
            page.evaluate("document.querySelectorAll('[data-testid=toast]').forEach((e) => e.remove())")
            page.evaluate(INJECT, "turn")
            # Toasts cover no river tile, no seat's tiles, no button; each as wide as its words.
            page.evaluate("async () => { const d = await import('/dom.js'); d.toast('碰 五万 · Pung 5 Characters');"
                          " d.toast('杠 · Kong'); d.toast('Bot 2 胡 · wins', 'win'); }")
            toasts = _boxes(page, "[data-testid=toast]")
            # (all three on a wide screen; a phone's slot has a fixed height: what fits, the newest kept)
            assert len(toasts) == 3 if not size.startswith("phone") else 2 <= len(toasts) <= 3, (where, toasts)
            assert page.locator("[data-testid=toast]").last.inner_text() == "Bot 2 胡 · wins", where
            for fit in page.evaluate(TOAST_FITS):
                most = fit["text"] + fit["chrome"] + 3 if fit["lines"] == 1 else fit["slot"] + 1
                assert fit["width"] <= most, (where, "toast wider than its words", fit)
            for sel in (".board .river .tile", "[data-testid=my-hand] .tile", "button", ".center-info",
                        ".opp-hand"):
                for other in _boxes(page, sel):
                    for tb in toasts:
                        assert not _overlap(tb, other), (where, "toast over", sel, tb, other)
            page.evaluate("document.querySelectorAll('[data-testid=toast]').forEach((e) => e.remove())")

            # The corner menu at every size: 托管, 聊 and ☰ showing, the rest under ☰, inside the
            # screen, every control at least 44 px tall on phones and 40 px elsewhere.
            assert page.locator("[data-testid=menu-panel]").is_hidden(), where
            _open_menu(page)
            tall = 44 if size.startswith("phone") else 40
            for b in _boxes(page, "[data-testid=corner-menu] button, [data-testid=corner-menu] .button"):
                assert b["height"] >= tall or b["width"] == 0, (where, "control", b)
            _inside(page, "[data-testid=menu-panel] > *", w, h, where + " menu")
            for link in ("menu-lang", "menu-history", "menu-lobby", "table-facts"):  # (the top bar's, folded in)
                assert page.is_visible(f"[data-testid={link}]"), (where, link)
            page.screenshot(path=str(shots / f"game-menu-{size}-{lang}.png"))
            page.click("[data-testid=menu]")

            # The 听 hint: one line whatever the number of ready discards, the rest behind "+N".
            page.evaluate(INJECT, "ting")
            settle(page, w, h)
            # (one line: every part's vertical centre within a few pixels of the others')
            mids = page.evaluate("""() => [...document.querySelector('[data-testid=hint]').children]
              .map((e) => e.getBoundingClientRect()).filter((r) => r.height > 0)
              .map((r) => (r.top + r.bottom) / 2)""")
            assert mids and max(mids) - min(mids) < 8, (where, "hint lines", mids)
            assert page.locator("[data-testid=ting-more]").count() == 1, where
            _inside(page, "[data-testid=hint] > *", w, h, where + " hint")
            # each best discard a chip of tiles ("[打] → [听 …] 9"), not a line of words, and "+N" whole:
            # inside my seat's box, its words not clipped (it was cut at the laptop's bottom edge)
            assert page.locator("[data-testid=hint] > .ting-line .ting-tiles .tile:visible").count() >= 3, where
            more = _boxes(page, "[data-testid=ting-more]")[0]
            seat = _boxes(page, ".board > .seat-me")[0]
            assert seat["top"] - 1 <= more["top"] and more["bottom"] <= seat["bottom"] + 1, (where, more, seat)
            assert page.evaluate("(e) => e.scrollWidth <= e.clientWidth + 1",
                                 page.query_selector("[data-testid=ting-more]")), where
            _check_table(page, w, h, where + " with the hint")
            # Each discard that leaves the hand ready carries its count of winning tiles unseen.
            badges = page.eval_on_selector_all("[data-testid=my-hand] .tile .badge",
                                               "els => els.map(e => e.textContent)")
            assert len(badges) >= 3 and all(b.isdigit() for b in badges), (where, badges)
            # The count explained: a tooltip on each badge and its tile's label; a legend beside the
            # hint on wide screens, the count's unit in the hint's line on phones.
            titles = page.eval_on_selector_all(
                "[data-testid=my-hand] .tile:has(.badge)",
                "els => els.map(e => [e.querySelector('.badge').title, e.getAttribute('aria-label')])")
            left = "可胡" if lang == "zh" else "winning tiles left"
            assert all(left in a and left in b for a, b in titles), (where, titles[:2])
            if size.startswith("phone"):
                unit = page.inner_text("[data-testid=hint] > .ting-line .ting-tiles b")
                assert unit.startswith("剩") and unit.endswith("张") if lang == "zh" else unit.endswith(" left"), (
                    where, unit)
            else:
                assert page.is_visible("[data-testid=ting-legend]"), where
                assert left in page.inner_text("[data-testid=ting-legend]"), where
            page.screenshot(path=str(shots / f"game-hint-{size}-{lang}.png"))
            # "+N more" opens the rest in a panel inside the screen, over none of my tiles.
            page.click("[data-testid=ting-more]")
            page.wait_for_selector("[data-testid=ting-pop]")
            _inside(page, "[data-testid=ting-pop]", w, h, where + " ting panel")
            pop = _boxes(page, "[data-testid=ting-pop]")[0]
            for tb in _boxes(page, "[data-testid=my-hand] .tile"):
                assert not _overlap(pop, tb), (where, "ting panel over my hand", pop, tb)
            if not size.startswith("phone"):
                # in a bare corner of the pond, over no river tile and no meld; its tiles at least 18 px
                for tb in _boxes(page, ".board .river .tile, .board .meld .tile"):
                    assert not _overlap(pop, tb), (where, "ting panel over a tile", pop, tb)
                sizes = [b["width"] for b in _boxes(page, "[data-testid=ting-pop] .tile")]
                assert sizes and min(sizes) >= 18, (where, sizes)
            page.screenshot(path=str(shots / f"game-hint-open-{size}-{lang}.png"))
            page.click("[data-testid=ting-more]")

            # A claim window: 胡 杠 碰 吃 过 large, 胡 the largest, inside the screen and over no tile.
            page.evaluate(INJECT, "claim")
            page.wait_for_selector("[data-testid=act-win]")
            settle(page, w, h)
            page.screenshot(path=str(shots / f"game-claim-{size}-{lang}.png"))
            _check_table(page, w, h, where + " claim")
            acts = {k: _boxes(page, f"[data-testid=act-{k}]")[0] for k in ("win", "kong", "peng", "chi", "pass")}
            if size.startswith("phone"):
                for k, b in acts.items():
                    assert b["width"] >= 56 and b["height"] >= 56, (where, k, b)
            area = {k: b["width"] * b["height"] for k, b in acts.items()}
            assert all(area["win"] > a for k, a in area.items() if k != "win"), (where, area)
            if not size.startswith("phone"):
                for k, b in acts.items():
                    assert b["height"] >= 56, (where, k, b)
            # 胡 gold (its face's middle a gold, not the red of before) and lit by a glow
            look = page.evaluate("""() => { const b = document.querySelector('[data-testid=act-win]');
              const cs = getComputedStyle(b); return [cs.backgroundImage, cs.boxShadow]; }""")
            assert "rgb(255, 216, 103)" in look[0] and "rgba(255, 196, 48" in look[1], (where, look)
            assert page.locator(".board .river .tile.hl").count() == 1, where  # the claimed tile marked
            # The same claim from the seat on my right (the buttons are at the right end).
            page.evaluate(INJECT, "claim-right")
            settle(page, w, h)
            _check_table(page, w, h, where + " claim from the right")
            if size == "phone-land":
                page.screenshot(path=str(shots / f"game-claim-right-{size}-{lang}.png"))
        # No English string of the table uses Chinese punctuation (full-width commas, colons, brackets).
        english = page.evaluate("async () => (await import('/i18n.js')).words('en')")
        wide = {k: v for k, v in english.items() if any(c in v for c in "，。：；！？（）「」、【】《》")}
        assert not wide, wide
        # 申请解散 asks first; cancelling sends nothing.
        _set_lang(page, "zh")
        page.set_viewport_size({"width": 844, "height": 390})
        page.evaluate(INJECT, "turn")
        page.click("[data-testid=menu]")
        page.click("[data-testid=vote-dissolve]")
        page.wait_for_selector("[data-testid=confirm-dissolve]")
        page.screenshot(path=str(shots / "game-confirm-dissolve-phone-land-zh.png"))
        page.click("[data-testid=confirm-dissolve-no]")
        assert page.locator("[data-testid=confirm-dissolve]").count() == 0
        assert page.evaluate("!window.__mj.st.room.vote")

        # The settings panel, at every size in both languages, inside the screen; what it sets is kept.
        page.click("[data-testid=menu]")
        page.click("[data-testid=open-settings]")
        page.wait_for_selector("[data-testid=settings]")
        page.click("[data-testid=felt-blue]")
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            if page.locator("[data-testid=settings]").count() == 0:  # (a language switch re-renders the table)
                page.evaluate("window.__mj.st.settingsOpen = true")
                page.evaluate(INJECT, "turn")
            for where, size, _, w, h in each_size(page, SIZES, "settings", langs=(lang,)):
                # (every control inside the screen once scrolled to: on an upright phone the panel's list
                # scrolls under its title and 完成, the longer since 点两下出牌 joined it)
                _inside(page, "[data-testid=settings]", w, h, where)
                out = page.evaluate("""([w, h]) => [...document.querySelectorAll(
                    '[data-testid=settings] input, [data-testid=settings] button')].filter((e) => {
                  e.scrollIntoView({block: 'nearest'});
                  const r = e.getBoundingClientRect();
                  return r.width > 0 && (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1);
                }).map((e) => e.outerHTML.slice(0, 80))""", [w, h])
                assert not out, (where, out)
                page.screenshot(path=str(shots / f"game-settings-{size}-{lang}.png"))
        felt = "getComputedStyle(document.documentElement).getPropertyValue('--felt').trim()"
        assert page.evaluate(felt) == "#163f66"
        page.reload()
        page.wait_for_selector("[data-testid=corner-menu]", timeout=15000)
        assert page.evaluate(felt) == "#163f66"  # remembered by this browser
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


def test_an_unknown_room_link_says_so(browser: Any, server: Any) -> None:
    page = _page(browser, server, 844, 390)
    try:
        page.fill("#name", "迷路")
        page.click("[data-testid=enter]")
        page.wait_for_selector("[data-testid=open-create]")
        page.goto(f"{server.base}/#/room/ZZZZZZ")
        page.wait_for_selector("[data-testid=open-create]", timeout=10000)
        toast = page.wait_for_selector("#toast.show", timeout=5000)
        assert "ZZZZZZ" in toast.inner_text(), toast.inner_text()
    finally:
        page.context.close()


def test_quick_chat_reaches_the_table_and_a_spectator(browser: Any, server: Any, shots: Path) -> None:
    """Two people and two bots: a phrase shows at the sender's seat on the spectator's screen and not on
    the screen of the player who muted the sender; a second phrase at once is refused by the server."""
    import httpx

    first = _page(browser, server, 844, 390)
    second = _page(browser, server, 1280, 720)
    fan = _page(browser, server, 1280, 720)
    try:
        for page, name in ((first, "先说"), (second, "后听"), (fan, "看客")):
            page.fill("#name", name)
            page.click("[data-testid=enter]")
            page.wait_for_selector("[data-testid=open-create]")
        first.click("[data-testid=open-create]")  # (the create-room form opens in a sheet)
        first.uncheck("#fill_bots")
        first.click("[data-testid=create-form] details summary")  # sideways the bots' delay is folded under it
        first.fill("#bot_delay", "1")
        first.click("[data-testid=create]")
        first.wait_for_selector("[data-testid=ready]")
        _inside(first, "[data-testid=ready]", 844, 390, "the waiting room sideways")  # 准备 without scrolling
        code = first.inner_text("[data-testid=room-code]").strip()
        second.goto(f"{server.base}/#/room/{code}")
        second.wait_for_selector("[data-testid=ready]")
        token = first.evaluate("localStorage.getItem('mj.token')")
        r = httpx.post(f"{server.base}/api/rooms/{code}/bots", json={}, headers={"Authorization": f"Bearer {token}"},
                       timeout=10)
        assert r.status_code == 200, r.text
        first.click("[data-testid=ready]")
        second.click("[data-testid=ready]")
        for page in (first, second):
            page.wait_for_selector("[data-testid=corner-menu]", timeout=20000)
        fan.goto(f"{server.base}/#/room/{code}")
        fan.wait_for_selector("[data-testid=watching]", timeout=20000)
        assert fan.locator("[data-testid=chat-open]").count() == 0  # spectators cannot send
        me = first.evaluate("window.__mj.st.seat")

        # The second player mutes the first; the spectator does not.
        second.click("[data-testid=chat-open]")
        second.check(f"[data-testid=chat-mute-{me}]")
        second.click("[data-testid=chat-open]")
        first.click("[data-testid=chat-open]")
        first.screenshot(path=str(shots / "game-chat-panel-phone-land-zh.png"))
        first.click("[data-testid=phrase-nice]")
        bubble = fan.wait_for_selector(f"[data-testid=bubble-{me}]", timeout=5000)
        assert bubble.inner_text() == "打得好"
        first.wait_for_selector(f"[data-testid=bubble-{me}]", timeout=5000)
        fan.screenshot(path=str(shots / "game-chat-spectator.png"))
        assert second.locator(f"[data-testid=bubble-{me}]").count() == 0
        # Two more at once: the server refuses the second at least (the rate limit), and the sender is told.
        first.evaluate("() => { for (const p of ['hurry', 'oops']) window.__mj.sock.send({type: 'chat', phrase: p}); }")
        err = first.wait_for_selector("[data-testid=toast].warn", timeout=5000)
        assert "太快" in err.inner_text(), err.inner_text()
        for page in (first, second, fan):
            assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        for page in (first, second, fan):
            page.context.close()


def test_hefei_sigma_counts_the_dealer_points(browser: Any, server: Any) -> None:
    """Hefei's Σ is what the payment shows: the items (13) plus the dealer's 庄分 (3), on a line of its own."""
    import json

    import msgspec

    from majiang.rules import hefei_scoring

    case = json.loads((Path(__file__).parents[1] / "data" / "hefei" / "zhuangfen.json").read_text())
    settlement = msgspec.to_builtins(hefei_scoring.score(hefei_scoring.parse_situation(case)))
    paid = settlement["payments"][0]["amount"]
    view = {"ruleset": "hefei", "hand_no": 1, "settlement": settlement, "totals": settlement.get("totals"),
            "wins": [{"seat": case["winner"], "self_draw": False, "from_seat": case.get("from_seat")}]}
    page = _page(browser, server, 1280, 720)
    try:
        for lang in ("zh", "en"):
            got = page.evaluate("""async ([v, lang]) => {
              (await import('/i18n.js')).setLang(lang);
              const {settlementEl} = await import('/screens/settlement.js');
              document.body.replaceChildren(settlementEl(v, ['阿明', '小李', '老王', '张三']));
              return [document.querySelector('[data-testid=fan-total]').textContent,
                      document.querySelector('[data-testid=zhuangfen]').innerText];
            }""", [view, lang])
            assert f"Σ {paid} " in got[0], (lang, got, paid)
            assert ("庄分" if lang == "zh" else "Dealer points") in got[1], got
    finally:
        page.context.close()
