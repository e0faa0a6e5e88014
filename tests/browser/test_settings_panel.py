"""Issue 24: the settings panel reads as a game's options screen, not a form. At four sizes in both
languages: three groups (声音 / 打牌 / 外观), side by side where the screen is wide, every row a finger's
height and none over another, every control inside the screen (an upright phone scrolls the groups between
the head's ✕ and 完成, which stay in view), switches instead of bare checkboxes, the notes under the names
where there is room (in the rows' tooltips sideways), no raw key. And it works: a row's name flips its
switch, the tile size is three choices that set the table's scale, the volume shows its value, ✕ closes
the panel. (What the newer settings do at the table: test_settings_effects.py.)"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest

from tests.browser.guests import guest_page
from tests.browser.sizes import REVIEW_SIZES
from tests.browser.test_table_sizes import RAW_KEY, _boxes, _inside

pytestmark = pytest.mark.browser

PANEL = "[data-testid=settings]"
SCALE = "getComputedStyle(document.documentElement).getPropertyValue('--tile-scale').trim()"


def _open(page: Any) -> None:
    page.click("[data-testid=open-settings]")
    page.wait_for_selector(PANEL)


def _close_and_done_placed(page: Any, where: str) -> None:
    """The same places at every size: ✕ in the panel's top-right corner, 完成 just left of it on the title
    bar's line (sideways 完成 had moved into the head and ✕ to the title's left)."""
    panel = _boxes(page, PANEL)[0]
    close = _boxes(page, "[data-testid=settings-close]")[0]
    done = _boxes(page, "[data-testid=settings-done]")[0]
    title = _boxes(page, f"{PANEL} .sp-head h3")[0]
    corner = panel["right"] - close["right"] <= 16 and close["top"] - panel["top"] <= 16
    assert corner, (where, "✕ not in the corner", panel, close)
    assert 0 <= close["left"] - done["right"] <= 16, (where, "完成 not beside ✕", done, close)
    mid = lambda b: (b["top"] + b["bottom"]) / 2  # noqa: E731
    assert abs(mid(done) - mid(close)) <= 3 and abs(mid(title) - mid(close)) <= 6, (where, title, done, close)
    assert title["right"] <= done["left"], (where, title, done)
    for b in (close, done):
        assert b["height"] >= 40 and b["width"] >= 40, (where, b)
    groups = _boxes(page, f"{PANEL} .sp-group")
    assert min(g["top"] for g in groups) >= close["bottom"], (where, "a group above the title bar")
    # no group cut short: each as tall as its name strip and rows
    cut = page.evaluate(f"[...document.querySelectorAll('{PANEL} .sp-group')]"
                        ".filter((g) => g.scrollHeight > g.clientHeight + 1).length")
    assert cut == 0, (where, "a group cut", cut)


def test_the_settings_panel_at_four_sizes_in_both_languages(browser: Any, server: Any, shots: Path) -> None:
    ctx, page, errors = guest_page(browser, server.base, "设置" + secrets.token_hex(2))
    try:
        page.goto(server.base + "/#/me")
        _open(page)
        for lang in ("zh", "en"):
            if lang == "en":
                page.click("[data-testid=settings-close]")
                assert page.locator(PANEL).count() == 0
                page.click("[data-testid=lang]")
                page.wait_for_function("document.documentElement.lang === 'en'")
                _open(page)
            groups = page.locator(f"{PANEL} .sp-group h4").all_inner_texts()
            assert [g.strip().lower() for g in groups] == (["声音", "打牌", "外观"] if lang == "zh"
                                                            else ["sound", "play", "look"])
            for size, (w, h) in REVIEW_SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                where = f"settings {size} {lang}"
                _inside(page, f"{PANEL} .sp-head button, [data-testid=settings-done]", w, h, where)
                _close_and_done_placed(page, where)
                scrolls = page.evaluate(f"(() => {{ const f = document.querySelector('{PANEL} .settings-form');"
                                        " return f.scrollHeight > f.clientHeight + 1; })()")
                assert scrolls == (size == "phone"), where  # (only upright does the panel scroll)
                if scrolls:  # every row reachable: at the end of the scroll the last one is in the screen
                    page.evaluate(f"document.querySelector('{PANEL} .settings-form').scrollTop = 1e6")
                    _inside(page, f"{PANEL} .sp-group:last-child .sp-row:last-child", w, h, where + " (scrolled)")
                    # whole above the scroll's edge (and so above 完成), with a margin: it was cut there
                    gap = page.evaluate(f"""(() => {{ const f = document.querySelector('{PANEL} .settings-form');
                        const last = f.querySelector('.sp-group:last-child');
                        return f.getBoundingClientRect().bottom - last.getBoundingClientRect().bottom; }})()""")
                    assert gap >= 8, (where, "the last group at the scroll's edge", gap)
                    page.screenshot(path=str(shots / f"settings-panel-{size}-{lang}-end.png"))
                    page.evaluate(f"document.querySelector('{PANEL} .settings-form').scrollTop = 0")
                else:
                    _inside(page, f"{PANEL} input, {PANEL} button, {PANEL} .sp-row", w, h, where)
                if size in ("desktop-1080", "laptop"):  # the three groups side by side
                    tops = {round(b["top"]) for b in _boxes(page, f"{PANEL} .sp-group")}
                    assert len(tops) == 1, (where, tops)
                rows = _boxes(page, f"{PANEL} .sp-row")
                assert len(rows) == 12, rows  # (声音 4, 打牌 4, 外观 4)
                for r in rows:
                    assert r["height"] >= 44, (size, lang, r)
                for i, a in enumerate(rows):
                    for b in rows[i + 1:]:
                        apart = (a["right"] <= b["left"] + 1 or b["right"] <= a["left"] + 1
                                 or a["bottom"] <= b["top"] + 1 or b["bottom"] <= a["top"] + 1)
                        assert apart, (size, lang, a, b)
                # switches, not bare checkboxes: a track wider than tall
                for s in _boxes(page, f"{PANEL} input.switch"):
                    assert s["width"] >= 44 and s["height"] >= 26 and s["width"] > s["height"] * 1.4, (size, s)
                assert page.locator(f"{PANEL} input[type=checkbox]:not(.switch)").count() == 0
                notes = page.locator(f"{PANEL} .sp-note")
                shown = [notes.nth(i).is_visible() for i in range(notes.count())]
                assert notes.count() == 7
                assert shown == ([False] * 7 if size == "phone-land" else [True] * 7), (size, shown)
                if size == "phone-land":  # the notes are still there, in the rows' tooltips
                    assert page.locator(f"{PANEL} .sp-row[title]").count() == 7
                text = page.inner_text(PANEL)
                assert not RAW_KEY.findall(text), (size, lang, RAW_KEY.findall(text))
                if lang == "en":
                    assert not any(c in text for c in "，。：；！？（）"), text
                # each slider's gold fill set from its value at once (it drew 80 % for a 50 % music volume)
                fills = page.evaluate(f"""[...document.querySelectorAll('{PANEL} input[type=range]')].map((e) =>
                    [e.value, e.style.getPropertyValue('--p')])""")
                assert fills and all(float(v) == float(p or "nan") for v, p in fills), (where, fills)
                page.screenshot(path=str(shots / f"settings-panel-{size}-{lang}.png"))

        # It works. The name of a row flips its switch (the whole row is the target).
        page.set_viewport_size({"width": 390, "height": 844})
        assert page.evaluate("document.documentElement.dataset.motion") == "on"
        page.locator(f"{PANEL} .sp-row", has=page.locator("[data-testid=set-motion]")).locator(".sp-label").click()
        assert not page.is_checked("[data-testid=set-motion]")
        assert page.evaluate("document.documentElement.dataset.motion") == "off"
        # The tile size: three choices, one chosen, and the table's scale follows.
        chosen = "[data-testid=set-tileSize] [aria-checked=true]"
        assert page.locator(chosen).count() == 1 and page.get_attribute(chosen, "data-value") == "1"
        page.click("[data-testid=set-tileSize-large]")
        assert page.locator(chosen).count() == 1 and page.get_attribute(chosen, "data-value") == "1.1"
        assert page.evaluate(SCALE) == "1.1"
        # The volume says its value; at nothing it says muted.
        page.fill("[data-testid=set-volume]", "0.3")
        assert page.inner_text("[data-testid=set-volume-value]") == "30%"
        page.fill("[data-testid=set-volume]", "0")
        assert page.inner_text("[data-testid=set-volume-value]") == "Muted"
        # The felt's swatch marks the chosen colour at once (the account page does not re-render the panel).
        page.click("[data-testid=felt-wood]")
        assert page.get_attribute("[data-testid=felt-wood]", "aria-pressed") == "true"
        assert page.locator(f"{PANEL} .felt-swatch.on").count() == 1
        page.click("[data-testid=settings-done]")
        assert page.locator(PANEL).count() == 0
        page.reload()
        page.wait_for_selector("[data-testid=open-settings]")
        _open(page)  # kept by this browser
        assert page.get_attribute(chosen, "data-value") == "1.1"
        assert page.input_value("[data-testid=set-volume]") == "0"
        assert not page.is_checked("[data-testid=set-motion]")
        assert not errors, errors
    finally:
        ctx.close()
