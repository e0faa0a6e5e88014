"""Issue 24, the settlement as a finish screen: the settlement dialog (the table's structure: the modal, the
settlement, its sticky button row) rendered by `screens/settlement.js` from real finished hands, at
1920×1080, 1280×720, 390×844 and 844×390 in both languages:

- the winning hand's tiles at least 28 px wide sideways (they were about 16–22), larger on wide screens
  (≥ 36 px at 1280, ≥ 44 px at 1920); the winning tile apart and labelled;
- the button row (准备下一局 … or, at the match's end, 回大厅 / 排名) and the next hand's countdown inside the
  screen without scrolling: the list scrolls inside the dialog, never the page;
- no hex string (the seed's hash) in sight by default; a "✓ 公平发牌 / Fair deal" chip in sight at the top,
  and one tap on it shows what it means with the seed and its hash.

Screenshots: review-settlement-{size}-{lang}.png, review-settlement-fair-{size}-{lang}.png,
review-settlement-end-{size}-{lang}.png."""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import pytest

from tests.browser.test_settlement_ui import _views
from tests.browser.test_table_sizes import _boxes, _overlap

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1920, 1080), "laptop": (1280, 720), "phone": (390, 844), "phone-land": (844, 390)}
LEAST_TILE = {"desktop": 44, "laptop": 36, "phone": 26, "phone-land": 28}
HEX = re.compile(r"[0-9a-f]{16,}")

# The table's dialog (screens/table.js settlementOverlay) with its two button rows: between hands (the
# countdown, 准备下一局, 离开, 战绩, ▾) and at the match's end (the final totals, 回大厅, 排名, 战绩, ▾).
DIALOG = """async ([view, lang, end]) => {
  const i18n = await import('/i18n.js');
  i18n.setLang(lang);
  const {t} = i18n;
  const {h} = await import('/dom.js');
  const {settlementEl} = await import('/screens/settlement.js');
  const names = ['阿明', '小李', '老王', '张三'];
  const totals = (view.settlement && view.settlement.totals) || [0, 0, 0, 0];
  const footer = h('div', {class: 'buttons settle-buttons', 'data-testid': 'settle-buttons'},
    end ? [h('p', {class: 'final'}, `${t('match_over')} · ${t('final_totals')}${t('colon')}` +
             totals.map((x, i) => `${names[i]} ${x > 0 ? '+' : ''}${x}`).join(t('list_sep'))),
           h('button', {type: 'button', class: 'primary', 'data-testid': 'lobby'}, t('lobby_link')),
           h('button', {type: 'button', class: 'primary', 'data-testid': 'show-ranking'}, t('ranking'))]
      : [h('span', {class: 'next-in', 'data-testid': 'next-in'}, t('next_hand_in', {n: 15})),
         h('button', {type: 'button', class: 'primary big', 'data-testid': 'next-hand'}, t('next_hand')),
         h('button', {type: 'button', class: 'ghost', 'data-testid': 'leave-between'}, t('leave_table'))],
    h('a', {class: 'ghost button', href: '#/history'}, t('history')),
    h('button', {type: 'button', class: 'ghost'}, '▾'));
  document.body.dataset.screen = 'table';
  document.querySelector('#topbar').style.display = 'none';  // (at the table it folds into the corner menu)
  document.querySelector('#app').replaceChildren(h('div', {class: 'modal-back settle-back'},
    h('div', {class: 'modal settle-modal', role: 'dialog'},
      settlementEl(view, names, {footer, seat: 0, running: totals}))));
}"""


def widest(views: list[dict[str, Any]]) -> dict[str, Any]:
    """The widest winning hand (one winner, most meld tiles, Anqing first); the 一炮多响 (the last) left out."""
    return max(views[:-1], key=lambda v: (len(v["wins"]) == 1, len(v["seats"][v["wins"][0]["seat"]]["melds"]),
                                          v["ruleset"] == "anqing"))


class Case(NamedTuple):
    where: str  # "laptop en-end", for assertion messages
    name: str  # "", "-end" (the match's end) or "-multi" (a 一炮多响)
    size: str
    lang: str
    w: int
    h: int
    view: dict[str, Any]


@contextlib.contextmanager
def dialog_page(browser: Any, server: Any) -> Iterator[tuple[Any, list[str]]]:
    """A page of the client (its errors collected), closed after."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.wait_for_selector("#app")
    try:
        yield page, errors
    finally:
        ctx.close()


def each_dialog(page: Any, views: list[dict[str, Any]]) -> Iterator[Case]:
    """The settlement dialog in both languages at the four sizes, for the widest hand between hands, the
    same at the match's end and the 一炮多响 (the last of ``views``), drawn and its fairness check done."""
    rich = widest(views)
    for lang in ("zh", "en"):
        for size, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            for name, view, end in (("", rich, False), ("-end", rich, True), ("-multi", views[-1], False)):
                page.evaluate(DIALOG, [view, lang, end])
                page.wait_for_selector("[data-testid=hash-check][data-ok=true]", timeout=5000)
                yield Case(f"{size} {lang}{name}", name, size, lang, w, h, view)


def _check(page: Any, view: dict[str, Any], size: str, w: int, h: int, where: str) -> None:
    page.wait_for_selector("[data-testid=hash-check][data-ok=true]", timeout=5000)
    # the winning hand: every tile at least the size's least width, the winning tile set apart and labelled
    for win in view["wins"]:
        tiles = _boxes(page, f"[data-testid=win-hand-{win['seat']}] .tile-meld:not(.tile-mini)")
        assert tiles, where
        least = min(b["width"] for b in tiles)
        assert least >= LEAST_TILE[size], (where, "winning hand tile", least)
        tile = _boxes(page, f"[data-testid=win-hand-{win['seat']}] .win-apart .winning-tile")
        assert len(tile) == 1 and tile[0]["width"] >= LEAST_TILE[size], (where, tile)
        # what a wild stood for hangs under it: over no tile of a wrapped line, nor over the items below
        below = _boxes(page, f"[data-testid=win-hand-{win['seat']}] ~ table.items tr")
        for mark in _boxes(page, f"[data-testid=win-hand-{win['seat']}] .as"):
            for other in tiles + below:
                assert not _overlap(mark, other), (where, "a wild's mark over", mark, other)
    # the buttons and the countdown in sight, the page itself not scrolling (the list scrolls in the dialog)
    for b in _boxes(page, "[data-testid=settle-buttons] :is(button, a, .next-in)"):
        assert b["top"] >= -1 and b["bottom"] <= h + 1 and b["left"] >= -1 and b["right"] <= w + 1, (where, "button", b)
    assert page.evaluate("document.documentElement.scrollHeight") <= h + 1, (where, "the page scrolls")
    # no hex in sight; the fairness chip in sight at the top
    text = page.inner_text("[data-testid=settlement]")
    assert not HEX.search(text), (where, HEX.search(text))
    if " en" in where:  # no full-width punctuation in English (a 一炮多响's title once joined its wins with '；')
        assert not re.search("[，！：；（）]", text), (where, re.search("[，！：；（）]", text))
    assert not any(b["width"] for b in _boxes(page, "[data-testid=seed-hash]")), (where, "the hash shows")
    chip = _boxes(page, "[data-testid=hash-check]")[0]
    assert chip["top"] >= 0 and chip["bottom"] <= h and chip["right"] <= w + 1 and chip["height"] >= 30, (where, chip)
    assert page.inner_text("[data-testid=hash-check]").startswith("✓"), where


def _one_tap(page: Any, view: dict[str, Any], h: int, where: str) -> None:
    page.click("[data-testid=hash-check]")
    panel = _boxes(page, "[data-testid=fair-panel]")[0]
    assert panel["height"] > 0 and panel["top"] >= 0 and panel["top"] < h, (where, "fairness panel", panel)
    assert view["seed_hash"] in page.inner_text("[data-testid=fair-panel]").replace("\n", ""), where
    assert page.get_attribute("[data-testid=hash-check]", "aria-expanded") == "true", where


def _close(page: Any, where: str) -> None:
    page.click("[data-testid=hash-check]")  # a second tap folds it away (and it stays folded on a redraw)
    assert not page.is_visible("[data-testid=fair-panel]"), where


def test_the_settlement_dialog_at_four_sizes(browser: Any, server: Any, shots: Path) -> None:
    with dialog_page(browser, server) as (page, errors):
        for c in each_dialog(page, _views()):
            _check(page, c.view, c.size, c.w, c.h, c.where)
            page.screenshot(path=str(shots / f"review-settlement{c.name}-{c.size}-{c.lang}.png"))
            if not c.name:
                _one_tap(page, c.view, c.h, c.where)
                page.screenshot(path=str(shots / f"review-settlement-fair-{c.size}-{c.lang}.png"))
                _close(page, c.where)
        assert not errors, errors
