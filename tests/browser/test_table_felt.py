"""The table as seen from the player's seat (issue 24, the table's second round).

A view derived from a real one is handed to the page (as test_table_sizes does), early in a hand (three
tiles a river, no melds, 13 tiles in every other hand) and mid-hand (test_table_sizes.MID_HAND), and
measured at 1920×1080, 1440×900, 1280×720 and the two phone sizes in both languages:

- desktop and laptop: the river tiles sized to the pond (≥ 44 px at 1920×1080); each other seat's
  concealed hand a full row (top) or column (sides) of 13 tile backs along its edge of the table, the
  backs ≥ 28 px at 1920 and the row/column spanning a good part of that edge; the side seats' melds
  beside their backs, legible; nothing over anything else and the board inside the screen;
- phone upright: the "turn your phone sideways" hint a small chip (≤ 40 px tall) that takes no row of
  the table and stays dismissed after a reload; no empty row for toasts at the top of the pond;
- my own melds at the right of my hand where the hand is one row.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.sizes import each_size
from tests.browser.test_play import _enter_and_create, _page, _until_my_discard
from tests.browser.test_table_sizes import MELD_OVERLAPS, MID_HAND, SIZES, _boxes, _inside, _overlap, _set_lang

pytestmark = pytest.mark.browser

WIDE = {"desktop-1080": (1920, 1080), "desktop": SIZES["desktop"], "laptop": SIZES["laptop"]}
PHONES = {"phone-land": SIZES["phone-land"], "phone": SIZES["phone"]}

# Early in a hand: three tiles a river, no melds, 13 concealed tiles in every other seat's hand.
EARLY = """() => {
  const sock = window.__mj.sock;
  sock.realOnMessage = sock.realOnMessage || sock.onMessage;
  sock.onMessage = () => {};
  const v = structuredClone(window.__mj.st.view);
  v.legal = (v.legal || []).filter((a) => a.type === 'discard');
  v.seats.forEach((s, i) => {
    s.river = [{tile: 27}, {tile: 8}, {tile: 33}].map((r) => ({...r, claimed: false}));
    s.exposed = [];
    if (i === v.seat) return;
    s.melds = [];
    s.hand_count = 13;
  });
  sock.realOnMessage({type: 'view', view: v, asked: window.__mj.st.asked, step: window.__mj.st.step, clock: null,
                      tuoguan: window.__mj.st.tuoguan});
}"""

RESTORE = "() => { const s = window.__mj.sock; s.onMessage = s.realOnMessage; s.send({type: 'sync'}); }"


def _backs(page: Any, pos: str) -> list[dict[str, float]]:
    return [b for b in _boxes(page, f".board > .seat-{pos} .opp-hand:not(.revealed) .tile.back") if b["width"] > 0]


def _span(boxes: list[dict[str, float]], axis: str) -> float:
    lo, hi = ("left", "right") if axis == "x" else ("top", "bottom")
    return max(b[hi] for b in boxes) - min(b[lo] for b in boxes)


def _upright_stacks(page: Any, where: str) -> None:
    """An upright phone shows a side seat's concealed hand as one tile back with the count on it (a stack
    of 7-px slivers before), at least 24 px wide, the count in it at least 13 px; the top seat's backs a
    row of at least 13 px."""
    for pos in ("left", "right"):
        stack = page.evaluate("""(pos) => {
          const e = document.querySelector(`.board > .seat-${pos} .opp-hand:not(.revealed)`);
          const cs = getComputedStyle(e, '::before');
          return {content: cs.content, width: parseFloat(cs.width), font: parseFloat(cs.fontSize),
                  count: e.dataset.count,
                  tiles: [...e.querySelectorAll('.tile')].filter((t) => t.getBoundingClientRect().width > 0).length};
        }""", pos)
        assert stack["content"] == f'"{stack["count"]}"' and stack["tiles"] == 0, (where, pos, stack)
        assert stack["width"] >= 24 and stack["font"] >= 13, (where, pos, stack)
    top = _backs(page, "top")
    assert top and min(b["width"] for b in top) >= 13, (where, "top backs", top[:1])


def _wide_early(page: Any, size: str, w: int, h: int, where: str) -> None:
    pond = _boxes(page, ".pond")[0]
    top = _backs(page, "top")
    assert len(top) == 13, (where, "the top seat's backs", len(top))
    # a row along the top edge: one line, each back at least 22 px (28 px at 1920), the row a good part
    # of the pond's width (it was four 18 px backs: a short green stub)
    assert len({round(b["top"]) for b in top}) == 1, (where, "the top seat's backs in one row", top[:3])
    least = 28 if size == "desktop-1080" else 22
    assert min(b["width"] for b in top) >= least, (where, "top backs", min(b["width"] for b in top))
    assert _span(top, "x") >= 0.3 * pond["width"], (where, "the top row's span", _span(top, "x"), pond)
    for pos in ("left", "right"):
        side = _backs(page, pos)
        assert len(side) == 13, (where, pos, len(side))
        # a column along the side edge, the backs lying across it (wider than tall), one column
        assert len({round(b["left"]) for b in side}) == 1, (where, pos, "one column", side[:3])
        assert all(b["width"] > b["height"] for b in side), (where, pos, "backs lying across the column", side[0])
        assert min(b["width"] for b in side) >= least, (where, pos, "side backs", side[0])
        assert _span(side, "y") >= 0.45 * pond["height"], (where, pos, "the column's span", _span(side, "y"), pond)
        # beside the pond, not over it
        for b in side:
            assert not _overlap(b, pond), (where, pos, "a back over the pond", b, pond)
    river = min(b["width"] for b in _boxes(page, ".board .river .tile"))
    assert river >= (44 if size == "desktop-1080" else 36), (where, "river tiles", river)
    _mat(page, where)


# The pond drawn as the table's playing area (its ::before, a little wider than the pond): every river tile
# on it, none of the side seats' backs under it.
MAT = """() => {
  const pond = document.querySelector('.board > .pond');
  const r = pond.getBoundingClientRect(), cs = getComputedStyle(pond, '::before');
  return {left: r.left + parseFloat(cs.left), right: r.right - parseFloat(cs.right), top: r.top,
          bottom: r.bottom, content: cs.content, edge: cs.boxShadow};
}"""


def _mat(page: Any, where: str) -> None:
    mat = page.evaluate(MAT)
    assert mat["content"] != "none" and "rgba(240, 194, 75" in mat["edge"], (where, "the table's area drawn", mat)
    for b in _boxes(page, ".board .river .tile"):
        assert mat["left"] - 1 <= b["left"] and b["right"] <= mat["right"] + 1, (where, "a river tile off", b, mat)
    for pos in ("left", "right"):
        for b in _backs(page, pos):
            off = b["right"] <= mat["left"] + 1 or b["left"] >= mat["right"] - 1
            assert off, (where, pos, "backs on the table", b, mat)


def _wide_mid(page: Any, size: str, w: int, h: int, where: str) -> None:
    _inside(page, ".board .seat", w, h, where)
    _inside(page, ".board .meld", w, h, where)
    assert page.evaluate(MELD_OVERLAPS) == [], where
    side = min(b["width"] for b in _boxes(page, ".seat-left .meld .tile:not(.sideways), "
                                                  ".seat-right .meld .tile:not(.sideways)"))
    top = min(b["width"] for b in _boxes(page, ".seat-top .meld .tile:not(.sideways)"))
    least = 40 if size == "desktop-1080" else 28
    assert side >= least and top >= least, (where, "the others' melds", side, top)
    # my melds at the right of my hand, on its line
    hand = _boxes(page, "[data-testid=my-hand] .tile")
    mine = _boxes(page, ".seat-me .meld")
    assert min(b["left"] for b in mine) >= max(b["right"] for b in hand) - 1, (where, "my melds right of my hand")
    assert max(b["bottom"] for b in mine) >= min(b["top"] for b in hand), (where, "my melds on my hand's line")
    _mat(page, where)


def test_the_table_from_the_players_seat(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 1920, 1080)
    try:
        _enter_and_create(page, "牌桌", "anqing", {"mode": "A"}, hands=1, seconds=900)
        page.click("[data-testid=ready]")
        _until_my_discard(page)
        page.evaluate(EARLY)
        page.wait_for_function("document.querySelectorAll('.board .opp-hand .tile.back').length === 39", timeout=5000)
        for where, size, lang, w, h in each_size(page, WIDE, "early"):
            _inside(page, ".board .seat", w, h, where)
            _inside(page, ".board .opp-hand .tile", w, h, where)
            page.screenshot(path=str(shots / f"table-early-{size}-{lang}.png"))
            _wide_early(page, size, w, h, where)
        # Phone sideways: the side seats' backs a column each, lying across it; upright and sideways the
        # board inside the screen, no meld over anything.
        for where, size, lang, w, h in each_size(page, PHONES, "early"):
            _inside(page, ".board .seat", w, h, where)
            _inside(page, ".board .opp-hand:not(.revealed)", w, h, where)
            page.screenshot(path=str(shots / f"table-early-{size}-{lang}.png"))
            if size == "phone-land":
                for pos in ("left", "right"):
                    side = _backs(page, pos)
                    assert len(side) == 13 and len({round(b["left"]) for b in side}) == 1, (where, pos, side[:2])
                    assert min(b["width"] for b in side) >= 16, (where, pos, "side backs", side[0])
            else:
                _upright_stacks(page, where)
        page.evaluate(MID_HAND)
        page.wait_for_function("document.querySelectorAll('.board .river .tile').length >= 32", timeout=5000)
        for where, size, lang, w, h in each_size(page, PHONES, "mid"):
            _inside(page, ".board .seat", w, h, where)
            _inside(page, ".board .meld", w, h, where)
            assert page.evaluate(MELD_OVERLAPS) == [], where
            if size == "phone":
                # a side seat's melds a column of tiles lying sideways, 18 px (upright they were 12 px)
                side = _boxes(page, ".seat-left .meld .tile:not(.sideways), .seat-right .meld .tile:not(.sideways)")
                assert side and min(b["height"] for b in side) >= 16, (where, "side meld tiles", side[0])
                assert all(b["width"] > b["height"] for b in side), (where, "side meld tiles lying", side[0])
            page.screenshot(path=str(shots / f"table-felt-mid-{size}-{lang}.png"))
        for where, size, lang, w, h in each_size(page, WIDE, "mid"):
            page.screenshot(path=str(shots / f"table-felt-mid-{size}-{lang}.png"))
            _wide_mid(page, size, w, h, where)
        page.evaluate(RESTORE)

        # Phone upright: the hint to turn the phone is a chip over the table, not a row of it.
        page.evaluate("localStorage.removeItem('mj.rotateSeen')")
        page.set_viewport_size({"width": 390, "height": 844})
        page.evaluate(EARLY)
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            page.wait_for_selector("[data-testid=rotate-hint]", timeout=5000)
            where = f"phone {lang}"
            hint = _boxes(page, "[data-testid=rotate-hint]")[0]
            assert hint["height"] <= 40, (where, "the rotate hint's height", hint)
            _inside(page, "[data-testid=rotate-hint]", 390, 844, where)
            # over no seat's name or tiles, and the board starts at the top of the screen
            for b in _boxes(page, ".board .seat-head, .board .tile, [data-testid=corner-menu] > button"):
                assert not _overlap(hint, b), (where, "the rotate hint over the table", hint, b)
            board = _boxes(page, ".board")[0]
            assert board["top"] <= 8, (where, "the board pushed down", board)
            page.screenshot(path=str(shots / f"table-rotate-chip-phone-{lang}.png"))
            # the toasts' row no taller than two one-line toasts (it kept 58 px empty over the top river)
            slot = _boxes(page, "#toast-slot")[0]
            assert slot["height"] <= 46, (where, "the toasts' row", slot)
        page.click("[data-testid=rotate-hint] button")
        page.wait_for_selector("[data-testid=rotate-hint]", state="detached", timeout=3000)
        page.evaluate(RESTORE)
        page.reload()
        page.wait_for_selector("[data-testid=my-hand] .tile", timeout=15000)
        assert page.locator("[data-testid=rotate-hint]").count() == 0, "the dismissed hint came back after a reload"
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
