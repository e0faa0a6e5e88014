"""Issue 24: the lobby looks like a game's lobby, not a web page (Chromium, real server).

At the review's four sizes in both languages: 快速开始's ruleset cards and the four game-mode cards (创建房间 /
加入房间 / 亲友圈 / 比赛) are on the first screen, each row of cards one size, each mode card with its drawn
icon, nothing over anything else, nothing outside the screen, and at 1920×1080 they use the width. The
create-room form is behind 创建房间, in a modal sheet: ✕, Esc and a tap beside it close it, its 创建 is on
screen. The display font (Nunito, fonts.css) is served as font/woff2, small, cached by the service worker,
loaded and in use on the buttons, while the tiles keep their own fonts. Screenshots: lobby-look-*."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.guests import enter
from tests.browser.sizes import RAW_KEY, REVIEW_SIZES, boxes, each_size, inside, overlap
from tests.browser.test_play import _page

pytestmark = pytest.mark.browser

WEB = Path(__file__).resolve().parents[2] / "majiang" / "web"
FONT = "/fonts/nunito-latin-wght.woff2"
MAIN = "[data-testid=play-now] .play-now-button, [data-testid=mode-cards] > .mode-card"


def _same_size(found: list[dict[str, float]], where: str, what: str) -> None:
    assert found, (where, what)
    for dim in ("width", "height"):
        got = [b[dim] for b in found]
        assert max(got) - min(got) <= 1.5, (where, what, dim, got)


def test_the_lobby_first_screen_is_cards_of_one_size(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 1920, 1080)
    try:
        page.emulate_media(reduced_motion="reduce")
        page.fill("#name", "牌友Ann")
        page.click("[data-testid=enter]")
        page.wait_for_selector("[data-testid=play-now-guobiao]")
        for at in each_size(page, REVIEW_SIZES, "lobby look"):
            where, w, h = at.where, at.w, at.h
            page.evaluate("window.scrollTo(0, 0)")
            # the main actions on the first screen, without scrolling
            inside(page, MAIN, w, h, where)
            assert page.evaluate("document.documentElement.scrollWidth") <= w + 1, where
            rulesets = boxes(page, "[data-testid=play-now] .play-now-button")
            modes = boxes(page, "[data-testid=mode-cards] > .mode-card")
            assert len(rulesets) == 4 and len(modes) == 4, (where, len(rulesets), len(modes))
            _same_size(rulesets, where, "ruleset cards")
            _same_size(modes, where, "mode cards")
            cards = rulesets + modes
            for i, a in enumerate(cards):
                for b in cards[i + 1:]:
                    assert not overlap(a, b), (where, a, b)
            # ... and nothing of the header over them
            bar = boxes(page, "#topbar")[0]
            assert min(b["top"] for b in cards) >= bar["bottom"] - 1, (where, bar)
            # each mode card: a drawn icon (inline SVG), its name in words
            icons = page.eval_on_selector_all("[data-testid=mode-cards] > .mode-card", """els => els.map((e) => {
              const s = e.querySelector('.mc-icon svg'); const r = s && s.getBoundingClientRect();
              return !!r && r.width >= 20 && r.height >= 20; })""")
            assert icons == [True] * 4, (where, icons)
            names = page.eval_on_selector_all("[data-testid=mode-cards] .mc-name",
                                              "els => els.map((e) => e.textContent)")
            assert all(n.strip() for n in names) and not any(RAW_KEY.search(n) for n in names), (where, names)
            want = ["创建房间", "加入房间", "亲友圈", "比赛"] if at.lang == "zh" else ["Create a room", "Join a room",
                                                                               "Clubs", "Events"]
            assert names == want, (where, names)
            if at.size == "desktop-1080":  # the width used: the cards reach across the screen, large
                left = min(b["left"] for b in cards)
                right = max(b["right"] for b in cards)
                assert right - left >= 0.85 * w, (where, left, right)
                assert all(b["height"] >= 150 for b in cards), (where, cards)
            if at.size == "phone-land":  # sideways each row one line
                for row in (rulesets, modes):
                    assert len({round(b["top"]) for b in row}) == 1, (where, row)
            page.screenshot(path=str(shots / f"lobby-look-{at.size}-{at.lang}.png"))
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


def test_the_create_room_form_opens_in_a_sheet(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 1920, 1080)
    try:
        enter(page, "开房")
        # closed: the form is not on the lobby
        assert page.is_hidden("[data-testid=create-form]")
        assert page.get_attribute("[data-testid=open-create]", "aria-haspopup") == "dialog"
        for at in each_size(page, REVIEW_SIZES, "create sheet"):
            where, w, h = at.where, at.w, at.h
            page.click("[data-testid=open-create]")
            page.wait_for_selector("[data-testid=create-form]")
            page.wait_for_selector("#ruleset option[value=hefei]", state="attached")
            dialog = page.locator("[data-testid=create-sheet] [role=dialog]")
            assert dialog.get_attribute("aria-modal") == "true", where
            label = page.inner_text("#" + str(dialog.get_attribute("aria-labelledby")))
            assert label == ("创建房间" if at.lang == "zh" else "Create a room"), (where, label)
            assert page.evaluate("document.activeElement.id") == "ruleset", where  # the focus in the dialog
            # ... and kept there: the page behind is inert, Tab from the last control comes back into the sheet
            page.focus("[data-testid=create]")
            page.keyboard.press("Tab")
            assert page.evaluate("!!document.activeElement.closest('.sheet')"), (where, "Tab left the dialog")
            # 创建 and ✕ on screen, the sheet inside the screen, over the header (a modal covers it all)
            inside(page, "[data-testid=create], [data-testid=create-close], .sheet", w, h, where)
            for sel in ("[data-testid=create]", "[data-testid=create-close]"):
                b = boxes(page, sel)[0]
                assert b["height"] >= 43.5 and b["width"] >= 43.5, (where, sel, b)
            hit = page.evaluate("""() => { const r = document.querySelector('#topbar').getBoundingClientRect();
              const e = document.elementFromPoint(r.left + 5, r.top + 5); return !!e.closest('#topbar'); }""")
            assert not hit, (where, "the header not under the sheet's backdrop")
            # ... and with 更多选项 open (the sheet scrolls; 创建 sticks to its bottom)
            page.click("[data-testid=more-options] summary")
            page.evaluate("(() => { const s = document.querySelector('.sheet'); s.scrollTo(0, s.scrollHeight); })()")
            inside(page, "[data-testid=create]", w, h, where + " (more, scrolled)")
            page.screenshot(path=str(shots / f"lobby-look-sheet-{at.size}-{at.lang}.png"))
            page.click("[data-testid=more-options] summary")
            # three ways out: ✕, Esc, a tap beside the sheet; each gives the focus back to 创建房间
            way = ("close", "escape", "beside")[(list(REVIEW_SIZES).index(at.size) + (at.lang == "en")) % 3]
            if way == "close":
                page.click("[data-testid=create-close]")
            elif way == "escape":
                page.keyboard.press("Escape")
            else:
                sheet = boxes(page, ".sheet")[0]
                page.mouse.click(w / 2, sheet["top"] / 2 if sheet["top"] > 8 else h - 2)
            page.wait_for_selector("[data-testid=create-sheet]", state="hidden")
            assert page.evaluate("document.activeElement.dataset.testid") == "open-create", (where, way)
            assert not page.evaluate("document.body.classList.contains('sheet-open')"), where
        # the sheet creates the room
        page.set_viewport_size({"width": 1280, "height": 720})
        page.click("[data-testid=open-create]")
        page.wait_for_selector("#ruleset option[value=hefei]", state="attached")
        page.select_option("#ruleset", "hefei")
        page.click("[data-testid=create]")
        page.wait_for_selector("[data-testid=ready]")
        assert page.evaluate("window.__mj.st.room.ruleset") == "hefei"
        assert not page.evaluate("document.body.classList.contains('sheet-open')")
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


def test_the_display_font_is_served_loaded_and_used(browser: Any, server: Any) -> None:
    r = httpx.get(server.base + FONT, timeout=10)
    assert r.status_code == 200 and r.headers["content-type"] == "font/woff2", r.headers
    assert r.content[:4] == b"wOF2", r.content[:4]
    added = sum(f.stat().st_size for f in (WEB / "fonts").iterdir()) + (WEB / "fonts.css").stat().st_size
    assert added <= 150_000, added
    assert "SIL Open Font License" in (WEB / "fonts" / "LICENSE").read_text()
    css = httpx.get(server.base + "/fonts.css", timeout=10)
    assert css.status_code == 200 and css.headers["content-type"].startswith("text/css"), css.headers
    sw = httpx.get(server.base + "/sw.js", timeout=10).text
    assert "'/fonts.css'" in sw and f"'{FONT}'" in sw  # cached with the rest of the shell
    page = _page(browser, server, 1280, 720)
    try:
        # linked after styles.css, so its family wins
        links = page.eval_on_selector_all("link[rel=stylesheet]", "els => els.map((e) => e.getAttribute('href'))")
        assert links.index("/fonts.css") == links.index("/styles.css") + 1, links
        page.fill("#name", "Font")
        page.click("[data-testid=enter]")
        page.wait_for_selector("[data-testid=play-now-anqing]")
        page.wait_for_function("() => document.fonts.status === 'loaded'")
        status = page.evaluate("[...document.fonts].filter((f) => f.family.includes('Nunito')).map((f) => f.status)")
        assert status and all(s == "loaded" for s in status), status
        assert page.evaluate("document.fonts.check('16px \"Nunito Majiang\"', 'Ready 123')")
        for sel in ("body", "[data-testid=open-create]", "[data-testid=lang]", "#join-code"):
            family = page.evaluate(f"getComputedStyle(document.querySelector({sel!r})).fontFamily")
            assert family.startswith('"Nunito Majiang"'), (sel, family)
        # Latin text is drawn in it: a word's width in Nunito differs from the system fallback's
        widths = page.evaluate("""() => {
          const c = document.createElement('canvas').getContext('2d'); const m = (f) => { c.font = f;
            return c.measureText('Quick start 1234567890').width; };
          return [m('700 20px "Nunito Majiang"'), m('700 20px sans-serif')]; }""")
        assert abs(widths[0] - widths[1]) > 1, widths
        # Chinese falls through to the system's CJK fonts (the unicode-range is Latin only): drawn the same
        # with Nunito first in the stack as without it
        cjk = page.evaluate("""() => {
          const c = document.createElement('canvas').getContext('2d'); const m = (f) => { c.font = f;
            return c.measureText('安庆麻将快速开始').width; };
          return [m('700 20px "Nunito Majiang", sans-serif'), m('700 20px sans-serif')]; }""")
        assert abs(cjk[0] - cjk[1]) < 0.5, cjk
        # the tiles keep their own fonts (their faces are SVG text with its own family)
        families = page.eval_on_selector_all(".pn-emblem svg text",
                                             "els => els.map((e) => e.getAttribute('font-family'))")
        assert families and all("Nunito" not in f and "Serif" in f for f in families), families
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
