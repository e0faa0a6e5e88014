"""Issue 24, the replay's board at every step: a two-hand match against three bots on fixed seeds (the
same as test_history_replay's), its first hand stepped through from the whole table's view at 1920×1080,
1280×720, 390×844 and 844×390 in both languages. At every step nothing on the board lies over anything
else: no river tile over a seat's tiles, its name line or the centre panel (at the hand's end the right
seat's river lay under Bot 2's open hand on a desktop), no seat over another. At the end each seat's
points for the hand read as a chip of their colour (white on green for a gain, white on red for a loss:
the light green on the felt was low-contrast), its contrast measured (WCAG ≥ 4.5).
Screenshots: replay-layout-{mid,end}-{size}-{lang}.png."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.guests import guest_with_match
from tests.browser.test_history_replay import AT_STEP, SIZES, STEP_TO, _play
from tests.browser.test_table_sizes import _set_lang

pytestmark = pytest.mark.browser

# Every piece of the board as a group of boxes: two boxes of different groups must not overlap (by more
# than a pixel: tiles touch their neighbours).
OVERLAPS = """async () => {
  // (measured at rest: a discard's landing, a short animation, starts it 8 px higher and larger)
  const finite = (a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity;
  await Promise.all(document.getAnimations().filter(finite).map((a) => a.finished.catch(() => null)));
  const board = document.querySelector('[data-testid=replay] .board');
  if (!board) return {missing: true};
  const groups = [];
  const add = (name, els) => { for (const e of els) { const r = e.getBoundingClientRect();
    if (r.width > 0 && r.height > 0 && e.checkVisibility()) groups.push([name, r]); } };
  for (const river of board.querySelectorAll('.river')) add(river.dataset.testid, river.querySelectorAll('.tile'));
  for (const seat of board.querySelectorAll(':scope > .seat')) {
    add(`seat-${seat.dataset.seat}`,
      seat.querySelectorAll('.tile, .seat-head .name, .seat-head .delta, .seat-head .wind'));
  }
  add('centre', board.querySelectorAll('.center-info'));
  const out = [];
  for (let i = 0; i < groups.length; i++) for (let j = i + 1; j < groups.length; j++) {
    const [a, ra] = groups[i], [b, rb] = groups[j];
    if (a === b) continue;
    const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (x > 1.5 && y > 1.5) out.push([a, b, ...[x, y, ra.left, ra.top, rb.left, rb.top].map(Math.round)]);
  }
  // and every discard drawn at a size one reads (none squeezed to nothing)
  const rivers = [...board.querySelectorAll('.river .tile')].map((e) => e.getBoundingClientRect().height);
  return {overlaps: out.slice(0, 4), n: out.length, discards: rivers.length, least: Math.min(...rivers)};
}"""

# The contrast of each seat's points chip: its text against its own background (relative luminance).
CONTRAST = """() => [...document.querySelectorAll('[data-testid=replay] .board .seat-head .delta')].map((e) => {
  const rgb = (c) => c.match(/[0-9.]+/g).map(Number);
  const f = (v) => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => .2126 * f(r) + .7152 * f(g) + .0722 * f(b);
  const cs = getComputedStyle(e);
  const [fg, bg] = [rgb(cs.color), rgb(cs.backgroundColor)];
  const [l1, l2] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  return {text: e.textContent, ratio: (l1 + .05) / (l2 + .05), alpha: bg.length > 3 ? bg[3] : 1,
          font: parseFloat(cs.fontSize), cls: e.className};
})"""


def test_the_replay_board_overlaps_nothing_at_any_step(browser: Any, server: Any, shots: Path) -> None:
    ctx, page, errors, code = guest_with_match(browser, server, _play)
    try:
        page.goto(f"{server.base}/#/replay/{code}/1")
        page.wait_for_selector("[data-testid=replay-hand] .tile")
        steps = int(page.evaluate("window.__replay && window.__replay.steps") or 0)
        assert steps > 20
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            for size, (w, h) in SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                # every step in one language (the board is the same in the other), the ends and the middle in both
                walk = range(steps + 1) if lang == "zh" else (0, steps // 2, steps)
                for k in walk:
                    where = f"{size} {lang} step {k}/{steps}"
                    page.evaluate(STEP_TO, k)
                    page.wait_for_function(AT_STEP, arg=k)
                    if page.locator("[data-testid=replay-show-board]").count():
                        page.click("[data-testid=replay-show-board]")
                    page.wait_for_selector("[data-testid=replay] .board")
                    found = page.evaluate(OVERLAPS)
                    assert not found.get("missing"), where
                    if found["n"]:
                        page.screenshot(path=str(shots / "replay-layout-overlap.png"))
                    assert not found["n"], (where, found)
                    assert not found["discards"] or found["least"] >= 16, (where, "a discard drawn too small", found)
                    if k == steps // 2:
                        page.screenshot(path=str(shots / f"replay-layout-mid-{size}-{lang}.png"))
                # the hand's end: each seat's points a chip that reads
                page.wait_for_function(
                    "document.querySelectorAll('[data-testid=replay] .seat-head .delta').length >= 3")
                page.wait_for_function("[...document.querySelectorAll('[data-testid=replay] .seat-head .delta')]"
                                       ".every((e) => getComputedStyle(e).opacity === '1')")
                chips = page.evaluate(CONTRAST)
                for c in chips:
                    assert c["ratio"] >= 4.5 and c["alpha"] >= 0.9 and c["font"] >= 13, (size, lang, "points chip", c)
                    want = "pos" if c["text"].startswith("+") else "neg" if c["text"].startswith("-") else ""
                    assert want in c["cls"].split() or not want, (size, lang, c)
                page.screenshot(path=str(shots / f"replay-layout-end-{size}-{lang}.png"))
        assert not errors, errors
    finally:
        ctx.close()
