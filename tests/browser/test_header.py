"""The site's header at the review's four sizes in both languages (Chromium, real server), drawn as a game's
header: the brand, round icon buttons, the language switch and my avatar + name chip. Nothing in it overlaps
anything else in it, all of it is on screen and a finger's size (44 px), every button is named (aria-label
and tooltip; its name printed beside the icon at 1920×1080) and every destination is reachable: on an
upright phone 大厅 / 比赛 / 规则 / 设置 fold under ☰, which opens them as a panel of 44 px rows below the bar,
each reachable (the topmost element at its centre), closed by following a link, by Esc or by a tap beside
it. 设置 opens the settings panel over any screen; Esc closes it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.browser.guests import enter
from tests.browser.sizes import RAW_KEY, REVIEW_SIZES, boxes, each_size, overlap
from tests.browser.test_play import _page

pytestmark = pytest.mark.browser

PARTS = "#topbar .brand, #topbar .hb, #topbar .me-chip"
TOPMOST = """(sel) => [...document.querySelectorAll(sel)]
  .filter((e) => e.getBoundingClientRect().width > 0).map((e) => {
  const r = e.getBoundingClientRect();
  const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return !!at && (at === e || e.contains(at));
})"""
# every header button: [testid, aria-label, title, the name printed beside the icon (its box's width)]
NAMES = """() => [...document.querySelectorAll('#topbar .hb, #topbar .me-chip')].map((e) => {
  const label = e.querySelector('.hb-label');
  return [e.dataset.testid, e.getAttribute('aria-label') || '', e.title || '',
          label ? label.getBoundingClientRect().width : 0];
})"""
DESTINATIONS = ["records-link", "friends-link", "clubs-link", "leaderboard-link", "tournaments-link", "rules-link",
                "settings-link", "lang", "me-link"]
FOLDED = {"lobby-link", "tournaments-link", "rules-link", "settings-link"}


def _visible(page: Any, sel: str) -> list[dict[str, float]]:
    return [b for b in boxes(page, sel) if b["width"] > 0 and b["height"] > 0]


def test_the_header_is_a_game_header_at_every_size(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 1920, 1080)
    try:
        enter(page, "顶栏")
        page.wait_for_selector("#topbar .me-chip .avatar:not(.me-blank)")  # (my avatar, from my profile)
        for at in each_size(page, REVIEW_SIZES, "header"):
            where, w, h = at.where, at.w, at.h
            parts = _visible(page, PARTS)
            assert len(parts) >= 7, (where, parts)
            for i, a in enumerate(parts):
                assert a["left"] >= -1 and a["right"] <= w + 1 and a["top"] >= -1, (where, a)
                if at.size.startswith("phone") and a is not parts[0]:
                    assert a["width"] >= 43.5 and a["height"] >= 43.5, (where, "small", a)
                for b in parts[i + 1:]:
                    assert not overlap(a, b), (where, "overlap", a, b)
            assert all(page.evaluate(TOPMOST, PARTS)), (where, "covered")
            text = page.inner_text("#topbar")
            assert not RAW_KEY.search(text), (where, RAW_KEY.findall(text))
            # every button named for a screen reader and a tooltip; at 1920 the name is printed beside it too
            names = {n[0]: n for n in page.evaluate(NAMES)}
            assert set(DESTINATIONS) <= set(names), (where, sorted(names))
            for testid, label, title, printed in names.values():
                assert label.strip() and title.strip(), (where, testid)
                if at.size == "desktop-1080" and testid not in ("lobby-link", "me-link", "nav-toggle"):
                    assert printed > 10, (where, testid, "its name not beside the icon")
            assert "顶栏" in names["me-link"][1], where
            # every destination on screen, or (upright phone) under ☰
            toggle = page.locator("[data-testid=nav-toggle]")
            for testid in DESTINATIONS:
                shown = page.is_visible(f"[data-testid={testid}]")
                assert shown == (at.size != "phone" or testid not in FOLDED), (where, testid, shown)
            if at.size != "phone":
                assert toggle.is_hidden(), where
                continue
            # upright: 大厅 / 比赛 / 规则 / 设置 behind ☰, a panel of rows under the bar, each reachable
            assert page.is_hidden("[data-testid=nav-more]"), where
            toggle.click()
            page.wait_for_selector("[data-testid=nav-more]", state="visible")
            assert page.get_attribute("[data-testid=nav-toggle]", "aria-expanded") == "true"
            rows = _visible(page, "#nav-more > .hb")
            assert len(rows) == 4, (where, rows)
            bar = boxes(page, "#topbar")[0]
            for i, a in enumerate(rows):
                assert a["height"] >= 44 and a["top"] >= bar["bottom"] - 1, (where, a)
                assert a["left"] >= 0 and a["right"] <= w and a["bottom"] <= h, (where, a)
                for b in rows[i + 1:]:
                    assert not overlap(a, b), (where, "rows", a, b)
            assert all(page.evaluate(TOPMOST, "#nav-more > .hb")), (where, "a row covered")
            assert "规则" in page.inner_text("#nav-more") or "Rules" in page.inner_text("#nav-more"), where
            page.screenshot(path=str(shots / f"header-open-{at.size}-{at.lang}.png"))
            page.keyboard.press("Escape")  # Esc closes it
            page.wait_for_selector("[data-testid=nav-more]", state="hidden")
            assert page.get_attribute("[data-testid=nav-toggle]", "aria-expanded") == "false"
            toggle.click()
            page.wait_for_selector("[data-testid=nav-more]", state="visible")
            page.mouse.click(w / 2, h - 20)  # a tap beside it closes it
            page.wait_for_selector("[data-testid=nav-more]", state="hidden")
            toggle.click()
            page.click("[data-testid=rules-link]")
            page.wait_for_function("location.hash.startsWith('#/rules')")
            assert page.is_hidden("[data-testid=nav-more]"), where  # following a link closes it
            page.go_back()
            page.wait_for_selector("[data-testid=open-create]")
        for at in each_size(page, REVIEW_SIZES, "header"):
            page.screenshot(path=str(shots / f"header-{at.size}-{at.lang}.png"), clip={"x": 0, "y": 0, "width": at.w,
                                                                                     "height": 80})
        # 设置 opens the settings panel over the lobby; Esc closes it
        page.set_viewport_size({"width": 1280, "height": 720})
        page.click("[data-testid=settings-link]")
        page.wait_for_selector("[data-testid=settings]")
        page.keyboard.press("Escape")
        page.wait_for_selector("[data-testid=settings]", state="detached")
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
