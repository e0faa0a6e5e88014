"""Issue 24: the centre dial at the four sizes in both languages. A real Anqing room's view (a 900 s clock,
so the dial shows three digits), handed to the page with each seat in turn to act and the dealer moved:

- the lit wind is the seat to act's, and sits on the side of the board where that seat sits; exactly one
  wind is lit and the dealer's is marked;
- the four winds and the clock's digits inside the dial, none over another;
- the tiles-left line shows the view's count.
Screenshots: dial-{size}-{lang}.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_play import _enter_and_create, _page, _until_my_discard
from tests.browser.test_table_sizes import SIZES, _boxes, _inside, _overlap, _set_lang

pytestmark = pytest.mark.browser

TURN = """([current, dealer, left]) => {
  const st = window.__mj.st;
  const v = structuredClone(window.__mj.v0 || (window.__mj.v0 = structuredClone(st.view)));
  v.current = current; v.dealer = dealer; v.wall_left = left; v.phase = 'turn'; v.claim = null;
  if (current !== v.seat) { v.legal = []; v.drawn = null; if (v.hand.length % 3 === 2) v.hand = v.hand.slice(1); }
  window.__mj.sock.onMessage({type: 'view', view: v, asked: st.asked, step: st.step,
    clock: {seats: [current], remaining: 899, total: 900}, tuoguan: false, events: []});
}"""

SHOWN = """(c) => document.querySelector('[data-testid=dial]').dataset.acting === String(c)
  && document.querySelector('[data-testid=dial-clock]').textContent.length === 3"""

MEASURE = """() => {
  const dial = document.querySelector('[data-testid=dial]');
  const box = (e) => rect(e.getBoundingClientRect());
  const rect = (r) => ({left: r.left, top: r.top, width: r.width, height: r.height, right: r.right, bottom: r.bottom});
  const clock = dial.querySelector('[data-testid=dial-clock]');
  const range = document.createRange();
  range.selectNodeContents(clock);
  const digits = range.getBoundingClientRect();
  return {
    dial: box(dial),
    winds: [...dial.querySelectorAll('.dial-wind')].map((w) => ({...box(w), seat: Number(w.dataset.dialSeat),
      pos: [...w.classList].find((c) => c.startsWith('dial-') && c !== 'dial-wind').slice(5),
      on: w.classList.contains('on'), dealer: w.classList.contains('dealer')})),
    digits: rect(digits),
    text: clock.textContent,
    seats: Object.fromEntries([...document.querySelectorAll('.board > .seat')].map((s) => [s.dataset.seat,
      [...s.classList].find((c) => c.startsWith('seat-')).slice(5)])),
    wall: document.querySelector('[data-testid=wall-left]').innerText,
  };
}"""


def test_the_dial_lights_the_seat_to_act_at_every_size(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 1440, 900)
    try:
        _enter_and_create(page, "表盘", "anqing", {"mode": "A"}, hands=1, seconds=900)
        page.click("[data-testid=ready]")
        _until_my_discard(page)
        page.evaluate("localStorage.setItem('mj.rotateSeen', '1')")
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            for size, (w, h) in SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                for current in range(4):
                    dealer, left = (current + 1) % 4, 40 + current
                    page.evaluate(TURN, [current, dealer, left])
                    page.wait_for_function(SHOWN, arg=current)
                    where = f"dial {size} {lang} seat {current}"
                    m = page.evaluate(MEASURE)
                    lit = [x for x in m["winds"] if x["on"]]
                    assert [x["seat"] for x in lit] == [current], (where, m["winds"])
                    # the lit wind on the side where that seat sits ("me" is the bottom of the dial)
                    side = m["seats"][str(current)]
                    assert lit[0]["pos"] == side, (where, lit[0]["pos"], side)
                    assert [x["seat"] for x in m["winds"] if x["dealer"]] == [dealer], (where, m["winds"])
                    d = m["dial"]
                    for part in [*m["winds"], m["digits"]]:
                        assert part["left"] >= d["left"] - 1 and part["top"] >= d["top"] - 1, (where, part, d)
                        assert part["left"] + part["width"] <= d["left"] + d["width"] + 1, (where, part, d)
                        assert part["top"] + part["height"] <= d["top"] + d["height"] + 1, (where, part, d)
                    for i, a in enumerate(m["winds"]):
                        assert not _overlap(a, m["digits"]), (where, "clock over a wind", a, m["digits"])
                        for b in m["winds"][i + 1:]:
                            assert not _overlap(a, b), (where, "winds", a, b)
                    assert str(left) in m["wall"], (where, m["wall"])
                    assert m["text"] == "899", (where, m["text"])
                _inside(page, "[data-testid=dial], [data-testid=wall-left]", w, h, f"dial {size} {lang}")
                assert _boxes(page, "[data-testid=dial]")[0]["width"] >= 60, size
                page.screenshot(path=str(shots / f"dial-{size}-{lang}.png"))
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
