"""The site's top bar at the four sizes in both languages (Chromium, real server): nothing in it overlaps
anything else in it, all of it is on screen, and on an upright phone the links, folded under ☰, open as a
panel of 44 px rows below the bar that are each reachable (the topmost element at its centre)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_play import _page
from tests.browser.test_table_sizes import SIZES, _boxes, _overlap, _set_lang

pytestmark = pytest.mark.browser

PARTS = "#topbar .brand, #topbar nav > a, #topbar .bar-end > *"
TOPMOST = """(sel) => [...document.querySelectorAll(sel)]
  .filter((e) => e.getBoundingClientRect().width > 0).map((e) => {
  const r = e.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!at && (at === e || e.contains(at));
})"""


def _visible(page: Any, sel: str) -> list[dict[str, float]]:
    return [b for b in _boxes(page, sel) if b["width"] > 0 and b["height"] > 0]


def test_the_top_bar_overlaps_nothing_and_folds_its_links_on_an_upright_phone(browser: Any, server: Any,
                                                                            shots: Path) -> None:
    page = _page(browser, server, 390, 844)
    try:
        page.fill("#name", "顶栏")
        page.click("[data-testid=enter]")
        page.wait_for_selector("[data-testid=create-form]")
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            for size, (w, h) in SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                page.wait_for_timeout(100)
                where = f"top bar {size} {lang}"
                parts = _visible(page, PARTS)
                assert len(parts) >= 3, (where, parts)
                for i, a in enumerate(parts):
                    assert a["left"] >= -1 and a["right"] <= w + 1 and a["top"] >= -1, (where, a)
                    for b in parts[i + 1:]:
                        assert not _overlap(a, b), (where, "overlap", a, b)
                assert all(page.evaluate(TOPMOST, PARTS)), (where, "covered")
                toggle = page.locator("[data-testid=nav-toggle]")
                if size != "phone":
                    assert toggle.is_hidden() and page.is_visible("[data-testid=rules-link]"), where
                    continue
                # upright: the links behind ☰, a panel of rows under the bar, each reachable, none overlapping
                assert page.is_hidden("[data-testid=site-nav]"), where
                tb = _boxes(page, "[data-testid=nav-toggle]")[0]
                assert tb["width"] >= 44 and tb["height"] >= 44, (where, tb)
                toggle.click()
                page.wait_for_selector("[data-testid=site-nav]", state="visible")
                assert page.get_attribute("[data-testid=nav-toggle]", "aria-expanded") == "true"
                links = _visible(page, "#topbar nav > a")
                assert len(links) == 8, (where, links)
                bar = _boxes(page, "#topbar")[0]
                for i, a in enumerate(links):
                    assert a["height"] >= 44 and a["top"] >= bar["bottom"] - 1, (where, a)
                    assert a["left"] >= 0 and a["right"] <= w and a["bottom"] <= h, (where, a)
                    for b in links[i + 1:]:
                        assert not _overlap(a, b), (where, "links", a, b)
                assert all(page.evaluate(TOPMOST, "#topbar nav > a")), (where, "a link covered")
                page.screenshot(path=str(shots / f"topbar-open-{size}-{lang}.png"))
                page.click("[data-testid=rules-link]")
                page.wait_for_function("location.hash.startsWith('#/rules')")
                assert page.is_hidden("[data-testid=site-nav]"), where  # following a link closes it
                page.go_back()
                page.wait_for_selector("[data-testid=create-form]")
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
