"""The table's browser tests' one loop over screen sizes and languages, and what they measure with.

    for at in each_size(page, SIZES, "mid-hand"):
        _inside(page, ".board .seat", at.w, at.h, at.where)

sets the language (once per language), resizes the viewport, waits until the page has laid itself out
again at that size (the table fits its board on a frame after a resize or a language change), and yields
where it is: ``at.where`` ("mid-hand phone-land en", for assertion messages), ``at.size``, ``at.lang``,
``at.w``, ``at.h``. ``each`` (a function of the page) runs after the resize, before the wait: a view
handed to the page, say.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

SIZES = {"desktop": (1440, 900), "laptop": (1280, 720), "phone": (390, 844), "phone-land": (844, 390)}
# The review's four sizes: 1920×1080 rather than 1440×900.
REVIEW_SIZES = {"desktop-1080": (1920, 1080), "laptop": (1280, 720), "phone": (390, 844), "phone-land": (844, 390)}
RAW_KEY = re.compile(r"\b[a-z]+_[a-z_]+\b")

MEASURE = """(sel) => [...document.querySelectorAll(sel)].map((e) => {
  const r = e.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width, height: r.height};
})"""

FITS = """([sel, w, h]) => {
  const els = [...document.querySelectorAll(sel)];
  return els.length > 0 && els.every((e) => {
    const r = e.getBoundingClientRect();
    return (r.width === 0 && r.height === 0) ||
      (r.left >= -1 && r.top >= -1 && r.right <= w + 1 && r.bottom <= h + 1);
  });
}"""

# Laid out at this size: the window has it, and two frames have passed since (the table's fit runs on
# the resize and after each render, on a frame).
SETTLED = """([w, h]) => new Promise((ok) => {
  const wait = () => (innerWidth === w && innerHeight === h
    ? requestAnimationFrame(() => requestAnimationFrame(() => ok(true))) : setTimeout(wait, 16));
  wait();
})"""


class At(NamedTuple):
    where: str
    size: str
    lang: str
    w: int
    h: int


def set_lang(page: Any, lang: str) -> None:
    """The page's language switched (the table re-renders), and laid out again."""
    page.evaluate("async (l) => (await import('/i18n.js')).setLang(l)", lang)
    page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))")


def settle(page: Any, w: int, h: int) -> None:
    page.evaluate(SETTLED, [w, h])


def each_size(page: Any, sizes: dict[str, tuple[int, int]], label: str,
              langs: tuple[str, ...] | None = ("zh", "en"),
              each: Callable[[Any], object] | None = None) -> Iterator[At]:
    """Every size of ``sizes`` in every language of ``langs`` (the language the outer loop; None: the
    page's language as it is, not switched — a switch draws the table anew)."""
    for lang in langs or (None,):
        if lang is None:
            lang = page.evaluate("async () => (await import('/i18n.js')).getLang()")
        else:
            set_lang(page, lang)
        for size, (w, h) in sizes.items():
            page.set_viewport_size({"width": w, "height": h})
            if each is not None:
                each(page)
            settle(page, w, h)
            yield At(f"{label} {size} {lang}", size, lang, w, h)


def boxes(page: Any, sel: str) -> list[dict[str, float]]:
    return page.evaluate(MEASURE, sel)  # type: ignore[no-any-return]


def inside(page: Any, sel: str, w: int, h: int, where: str) -> None:
    """Every ``sel`` inside the viewport. The layout is fitted again after a resize or a language change
    (on a frame, after fonts): wait for it to settle inside the screen, up to a few seconds, then measure
    what is there for the message."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    with contextlib.suppress(PlaywrightTimeout):  # the assertion below says what is outside
        page.wait_for_function(FITS, arg=[sel, w, h], timeout=3000)
    found = boxes(page, sel)
    assert found, f"{where}: no {sel}"
    for b in found:
        if b["width"] == 0 and b["height"] == 0:
            continue
        assert b["left"] >= -1 and b["top"] >= -1 and b["right"] <= w + 1 and b["bottom"] <= h + 1, (where, sel, b)


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    across = a["left"] < b["right"] - 1 and b["left"] < a["right"] - 1
    return across and a["top"] < b["bottom"] - 1 and b["top"] < a["bottom"] - 1
