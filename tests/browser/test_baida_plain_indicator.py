"""百搭麻将: the indicator's own tile, held by the seat that drew it, is shown as a plain tile (本 / P) and
not as a 百搭 (搭 / W), in both languages, at the four screen sizes; the hand marks exactly that one tile
(the drawn one when the view says the drawn tile is it). Screenshots: test-output/screenshots/baida-plain-*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_play import _page

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1440, 900), "laptop": (1280, 720), "phone": (390, 844), "phone-land": (844, 390)}
NINE_S = 26  # the indicator in these views: 9s, its other copies 百搭

RENDER = """async ([lang]) => {
  const i18n = await import('/i18n.js');
  i18n.setLang(lang);
  const m = await import('/tiles.js');
  const view = {ruleset: 'baida', indicator: 26, wild: 26, wilds: [26], plain_indicator_held: true, drawn_plain: false};
  const hand = [24, 25, 26, 26];  // 7s 8s and two 9s: a 百搭 and the plain indicator tile
  const {plainAt} = m.plainTile(view, hand, null);
  document.body.innerHTML = '';
  const row = document.createElement('div');
  row.className = 'my-hand';
  row.setAttribute('data-testid', 'plain-row');
  row.style.cssText = 'display:flex;gap:4px;padding:12px;background:#1f5135';
  hand.forEach((id, i) => row.appendChild(m.tileEl(id, {view, plain: i === plainAt})));
  document.body.appendChild(row);
  const marks = [...row.querySelectorAll('.tile')].map((el) => {
    const mark = el.querySelector('.mark');
    const box = el.getBoundingClientRect();
    const mb = mark ? mark.getBoundingClientRect() : null;
    // where the mark sits on its tile (the plain mark where the 百搭 mark is), and that it is seen
    return {cls: el.className, mark: mark ? mark.textContent : null, label: el.getAttribute('aria-label'),
            at: mb ? [Math.round(mb.left - box.left), Math.round(mb.top - box.top), Math.round(mb.width)] : null,
            seen: mb ? mb.width > 4 && mb.height > 4 && mb.right <= window.innerWidth : null};
  });
  return {plainAt, marks,
          drawnCase: m.plainTile({...view, drawn_plain: true}, [24, 26], 26),
          notHeld: m.plainTile({...view, plain_indicator_held: false}, [24, 26], null)};
}"""


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_plain_indicator_tile_is_marked_plain(browser: Any, server: Any, shots: Path, size: str) -> None:
    page = _page(browser, server, *SIZES[size])
    try:
        for lang, plain_mark, wild_mark, word in (("zh", "本", "搭", "普通牌"), ("en", "P", "W", "plain tile")):
            got = page.evaluate(RENDER, [lang])
            assert got["plainAt"] == 2  # the first 9s of the hand: one tile marked, not both
            assert got["drawnCase"] == {"plainAt": -1, "plainDrawn": True}  # the drawn tile is the plain one
            assert got["notHeld"] == {"plainAt": -1, "plainDrawn": False}
            seven, eight, plain, wild = got["marks"]
            assert seven["mark"] is None and eight["mark"] is None
            assert "is-wild" in wild["cls"] and wild["mark"] == wild_mark, wild
            assert "is-plain" in plain["cls"] and "is-wild" not in plain["cls"] and plain["mark"] == plain_mark
            assert word in plain["label"] and plain["seen"] and plain["at"][:2] == wild["at"][:2], (plain, wild)
            page.locator("[data-testid=plain-row]").screenshot(path=str(shots / f"baida-plain-{size}-{lang}.png"))
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
