"""Issue 24, the settlement's first screen (a reviewer's findings: on a laptop and on phones most of the
list lay under the buttons, every seat's points with it). Rendered by `screens/settlement.js` inside the
table's dialog (test_review_settlement's DIALOG: the modal, its sticky button row with the next hand's
countdown) from real finished hands (greedy bots on fixed seeds: the widest winning hand, the same at the
match's end, and a 一炮多响), at 1920×1080, 1280×720, 390×844 and 844×390 in both languages:

- with the list at its top, the head, each winner's hand with its winning tile marked (胡牌张 / Winning
  tile), every seat's card with its points, the countdown and the buttons are all on the first screen:
  above the button row and its fade, inside the viewport; the page itself does not scroll;
- the strip is four cards on one line, each seat's points in the colour of the client (green a gain, red a
  loss);
- the items and the payments side by side are two cards of one height (no empty half-panel beside a short
  list of items);
- a 一炮多响's item lists line up (names under names, points under points) and its title is one line of
  words for the one discard;
- every revealed hand draws its melds and its concealed tiles at one size.

Screenshots: settlement-layout{,-end,-multi}-{size}-{lang}.png."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_review_settlement import dialog_page, each_dialog
from tests.browser.test_settlement_ui import _views
from tests.browser.test_table_sizes import _boxes

pytestmark = pytest.mark.browser

# What the first screen holds, measured with the list scrolled to its top.
FIRST_SCREEN = """() => {
  const list = document.querySelector('.settle-scroll');
  list.scrollTop = 0;
  const foot = document.querySelector('[data-testid=settle-buttons]');
  const fadeH = parseFloat(getComputedStyle(foot, '::before').height) || 0;
  const limit = foot.getBoundingClientRect().top - fadeH + 2;
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, height: r.height}; };
  const want = [...document.querySelectorAll('[data-testid=settle-title], [data-testid^=win-hand-] .tile, ' +
    '[data-testid^=win-hand-] .win-apart small, [data-testid=totals] tr')];
  const under = want.filter((e) => e.getBoundingClientRect().bottom > limit).map((e) => e.className || e.tagName);
  const cards = [...document.querySelectorAll('[data-testid=totals] tr')].map((tr) => {
    const d = tr.querySelector('td.delta');
    return {...box(tr), delta: Number(d.dataset.delta), color: getComputedStyle(d).color};
  });
  return {under, cards, limit, foot: box(foot), list: box(list), page: document.documentElement.scrollHeight};
}"""

# The items' columns (each winner's list) and the cards of the details.
DETAILS = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
    return {top: r.top, left: r.left, height: r.height, right: r.right}; };
  const cols = [...document.querySelectorAll('table.items')].map((t) => {
    const row = t.querySelector('tr');
    return {name: box(row.querySelector('.item-name')).left, num: box(row.querySelector('td.num')).right};
  });
  const cards = [...document.querySelectorAll('.settle-details > .detail-card')].map(box);
  // every revealed hand: its upright tiles (melds and concealed) one width
  const rows = [...document.querySelectorAll('[data-testid=hands-revealed] tr')].map((tr) =>
    [...tr.querySelectorAll('td.revealed .tile:not(.sideways):not(.back)')]
      .map((e) => Math.round(e.getBoundingClientRect().width)));
  // the tile each wild stood for, hung under it (15 px before: too small to tell which)
  const asTiles = [...document.querySelectorAll('[data-testid^=win-hand-] .as .tile')]
    .map((e) => e.getBoundingClientRect().width);
  return {cols, cards, rows, asTiles};
}"""


def test_the_settlements_first_screen_at_four_sizes(browser: Any, server: Any, shots: Path) -> None:
    views = _views()
    assert len(views[-1]["wins"]) == 2
    with dialog_page(browser, server) as (page, errors):
        for where, name, size, lang, w, h, view in each_dialog(page, views):
            first = page.evaluate(FIRST_SCREEN)
            assert not first["under"], (where, "under the buttons on the first screen", first["under"][:6])
            assert first["page"] <= h + 1, (where, "the page scrolls")
            assert first["foot"]["bottom"] <= h + 1 and first["foot"]["top"] >= 0, (where, first["foot"])
            # the list in a box of its own above the buttons: none of its rows under them
            assert first["list"]["bottom"] <= first["foot"]["top"] + 1, (where, "the list under its buttons")
            for b in _boxes(page, "[data-testid=settle-buttons] :is(button, .next-in)"):
                assert b["top"] >= 0 and b["bottom"] <= h + 1 and b["right"] <= w + 1, (where, "button", b)
            # four cards on one line, each seat's points in the client's colours
            cards = first["cards"]
            assert len(cards) == 4 and len({round(c["top"]) for c in cards}) == 1, (where, cards)
            assert sum(c["delta"] for c in cards) == 0, where
            for c in cards:
                r, g, _ = (int(x) for x in c["color"][4:-1].split(",")[:3])
                if c["delta"] > 0:
                    assert g > r, (where, "a gain in green", c)
                elif c["delta"] < 0:
                    assert r > g, (where, "a loss in red", c)
            # the winning tile marked, in sight
            for win in view["wins"]:
                label = page.inner_text(f"[data-testid=win-hand-{win['seat']}] .win-apart small")
                assert label == ("胡牌张" if lang == "zh" else "Winning tile"), (where, label)
            title = page.inner_text("[data-testid=settle-title]")
            if w < 600:  # an upright phone: the title on two lines at most, the hand's number under it
                lines = page.evaluate("""() => {
                  const t = document.querySelector('[data-testid=settle-title]');
                  const no = t.querySelector('.settle-hand-no');
                  const lh = parseFloat(getComputedStyle(t).lineHeight);
                  const noH = no ? no.getBoundingClientRect().height : 0;
                  return (t.getBoundingClientRect().height - noH) / lh; }""")
                assert lines <= 2.2, (where, "the title's lines", lines, title)
            if name == "-multi":  # one discard, two winners: said once ("阿明、小李 胡 · 张三 点炮")
                assert title.count("点炮" if lang == "zh" else "discard") == 1, (where, title)
                assert "小李" in title and "阿明" in title, (where, title)
            page.screenshot(path=str(shots / f"settlement-layout{name}-{size}-{lang}.png"))
            details = page.evaluate(DETAILS)
            if len(details["cols"]) > 1:  # a 一炮多响's lists line up
                names = {round(c["name"]) for c in details["cols"]}
                nums = {round(c["num"]) for c in details["cols"]}
                side = len({round(c["top"]) for c in details["cards"][:2]}) == 1
                if not side:
                    assert len(names) == 1 and len(nums) == 1, (where, "the items' columns", details["cols"])
                else:  # side by side: the same columns in each card
                    offsets = {round(c["num"] - c["name"]) for c in details["cols"]}
                    assert len(offsets) == 1, (where, "the items' columns", details["cols"])
            cards = details["cards"]
            for a, b in itertools.pairwise(cards):
                if abs(a["top"] - b["top"]) < 1:  # side by side: one height
                    assert abs(a["height"] - b["height"]) <= 1, (where, "two cards of one height", a, b)
            assert len(details["rows"]) == 4, where
            assert all(x >= 20 for x in details["asTiles"]), (where, "a wild's tile", details["asTiles"])
            if w >= 1900:  # a desktop: the revealed hands as large as the table's melds, not 22 px
                assert min(min(r) for r in details["rows"] if r) >= 30, (where, details["rows"])
            for row in details["rows"]:
                assert row and max(row) - min(row) <= 1, (where, "one tile size in a revealed hand", row)
        assert not errors, errors
