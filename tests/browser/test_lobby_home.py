"""Issue 24: the lobby as a game's home screen, measured at the four sizes in both languages (Chromium, real
server). Nothing sticks out sideways and no two controls overlap; 快速开始's cards and the four mode cards are
on the first screen at every size; the create-room sheet (behind 创建房间) has its 创建 in sight however it
is scrolled (it sticks to the sheet's bottom while 更多选项 runs below it); the cards' titles one line each;
the drop-downs one caret; on phones every control is a finger's size (44 px); the create panel's option
names one line at 1920 and their explanations hidden until their ⓘ is tapped; no raw key.
Screenshots: lobby-home-*, lobby-home-sheet-*, lobby-home-more-*, lobby-home-help-*."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_play import _page
from tests.browser.test_table_sizes import RAW_KEY, _boxes, _set_lang

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1920, 1080), "laptop": (1280, 720), "phone": (390, 844), "phone-land": (844, 390)}
FULL_WIDTH = re.compile(r"[\uff01-\uff5e\u3000-\u303f\u2018\u2019\u201c\u201d]")

# (a visible element's box and a short name for the messages)
JS_HELPERS = """
const box = (e) => e.getBoundingClientRect();
const shown = (e) => box(e).width > 0 && box(e).height > 0;
const name = (e) => `${e.tagName}#${e.id}.${e.className} ${e.dataset.testid || ''}`;
const size = (e) => { const r = box(e), n = Math.round;
  return `${n(r.left)},${n(r.top)} ${n(r.width)}x${n(r.height)}`; }
"""

# Every visible element of the lobby that sticks out of the viewport sideways.
OUTSIDE = """([w, scope]) => {""" + JS_HELPERS + """
  return [...document.querySelectorAll(`${scope} *`)].filter(shown)
    .filter((e) => box(e).left < -1 || box(e).right > w + 1).map((e) => `${name(e)} ${size(e)}`);
}"""

# Pairs of visible controls and captions whose boxes overlap (one inside the other does not count).
# `stuck`: the create bar sticks to the screen's bottom over the rows scrolling under it (更多选项 open),
# so it is left out of the pairs.
OVERLAPS = """([stuck, scope]) => {""" + JS_HELPERS + """
  const sel = ['button', 'select', 'input', 'summary', '.opt-label', 'h2', '.pc-name', '.pc-stats', '.pn-name', '.code',
               'a.button', '.mc-name', '.mc-sub', '.mc-icon'].map((s) => `${scope} ${s}`).join(', ');
  const els = [...document.querySelectorAll(sel)].filter(shown).filter((e) => !stuck || !e.closest('.create-bar'));
  const out = [];
  for (let i = 0; i < els.length; i++) for (let j = i + 1; j < els.length; j++) {
    const a = els[i], b = els[j];
    if (a.contains(b) || b.contains(a)) continue;
    const p = box(a), q = box(b);
    const x = Math.min(p.right, q.right) - Math.max(p.left, q.left);
    const y = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
    if (x > 1 && y > 1) out.push(`${name(a)} ${size(a)} / ${name(b)} ${size(b)}`);
  }
  return out;
}"""

# Controls smaller than a finger (a checkbox counts by its row, the label a tap on which toggles it).
SMALL = """(scope) => {""" + JS_HELPERS + """
  const sel = ['button', 'select', 'input', 'summary', 'a.button'].map((s) => `${scope} ${s}`).join(', ');
  return [...document.querySelectorAll(sel)].filter(shown).filter((e) => {
    const r = box(e.type === 'checkbox' ? (e.closest('label') || e) : e);
    return r.height < 43.5 || r.width < 43.5;
  }).map((e) => `${name(e)} ${size(e)}`);
}"""

VISIBLE_HELP = """() => [...document.querySelectorAll('.screen.lobby .opt-help')].filter((e) => {
  const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; }).map((e) => e.id)"""


def _inside_first_screen(page: Any, sel: str, w: int, h: int, where: str) -> None:
    boxes = _boxes(page, sel)
    assert boxes, (where, sel)
    for b in boxes:
        assert b["left"] >= -1 and b["top"] >= -1 and b["right"] <= w + 1 and b["bottom"] <= h + 1, (where, sel, b)


# The room panel's rows the sticky 创建 bar covers (their boxes reaching below the bar's top), with the sheet
# where it is or scrolled to its end.
UNDER_BAR = """(end) => {
  const sheet = document.querySelector('.sheet');
  if (end) sheet.scrollTo(0, sheet.scrollHeight);
  const bar = document.querySelector('.room-panel .create-bar').getBoundingClientRect();
  const out = [...document.querySelectorAll('.room-panel .opt-row')].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.bottom > bar.top + 1 && r.top < bar.bottom - 1 && r.top < window.innerHeight;
  }).map((e) => `${e.innerText.split('\\n')[0]} ${Math.round(e.getBoundingClientRect().bottom)}`
    + `>${Math.round(bar.top)}`);
  if (end) sheet.scrollTo(0, 0);
  return out;
}"""


def _rows_clear_of_the_bar(page: Any, where: str, first_screen: bool = False) -> None:
    """Scrolled to its end, the sheet shows every row of the room panel above the 创建 bar (it hid 公开房间 /
    排位赛 on a laptop and a row on a phone); `first_screen`: so does the sheet unscrolled."""
    under = page.evaluate(UNDER_BAR, True)
    assert not under, (where, "rows under the create bar at the end of the page", under)
    if first_screen:
        under = page.evaluate(UNDER_BAR, False)
        assert not under, (where, "rows under the create bar on the first screen", under)


def _check_screen(page: Any, size: str, w: int, h: int, where: str, stuck: bool = False,
                  scope: str = ".screen.lobby") -> None:
    """`scope`: the lobby, or the create-room sheet (".sheet") while it is open over it."""
    assert page.evaluate("document.documentElement.scrollWidth") <= w + 1, where
    outside = page.evaluate(OUTSIDE, [w, scope])
    assert outside == [], (where, outside)
    overlaps = page.evaluate(OVERLAPS, [stuck, scope])
    assert overlaps == [], (where, overlaps)
    text = page.inner_text(scope)
    assert not RAW_KEY.search(text), (where, RAW_KEY.findall(text))
    if size.startswith("phone"):
        small = page.evaluate(SMALL, scope)
        assert small == [], (where, small)


def _open_sheet(page: Any) -> None:
    page.click("[data-testid=open-create]")
    page.wait_for_selector("[data-testid=create-form]")
    page.wait_for_function("() => document.activeElement && document.activeElement.id === 'ruleset'")
    page.mouse.move(0, 0)  # (the mouse left where 创建房间 was: an ⓘ under it shows its explanation)


def _close_sheet(page: Any) -> None:
    page.keyboard.press("Escape")
    page.wait_for_selector("[data-testid=create-sheet]", state="hidden")


def test_the_lobby_is_a_home_screen_at_every_size(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 1920, 1080)
    try:
        page.emulate_media(reduced_motion="reduce")  # (the ⓘ's explanation shows at once)
        page.fill("#name", "大厅")
        page.click("[data-testid=enter]")
        page.wait_for_selector("[data-testid=play-now-anqing]")
        page.wait_for_selector("[data-testid=option-mode]", state="attached")
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            page.wait_for_selector("[data-testid=option-mode]", state="attached")
            for size, (w, h) in SIZES.items():
                where = f"{size} {lang}"
                page.set_viewport_size({"width": w, "height": h})
                page.evaluate("window.scrollTo(0, 0)")
                page.wait_for_function("() => document.fonts.status === 'loaded'")
                page.screenshot(path=str(shots / f"lobby-home-{size}-{lang}.png"))
                _check_screen(page, size, w, h, where)
                # the first screen: 快速开始's cards and the four mode cards without scrolling, at every size
                _inside_first_screen(page, "[data-testid=play-now] button", w, h, where)
                _inside_first_screen(page, "[data-testid=mode-cards] > *", w, h, where)
                _open_sheet(page)
                page.screenshot(path=str(shots / f"lobby-home-sheet-{size}-{lang}.png"))
                _check_screen(page, size, w, h, where + " (sheet)", scope=".sheet")
                _inside_first_screen(page, "[data-testid=create]", w, h, where + " (sheet)")
                _rows_clear_of_the_bar(page, where)
                if size.startswith("phone"):
                    for b in _boxes(page, "[data-testid=play-now] button"):
                        assert b["height"] >= 56, (where, b)
                # the four cards' titles: each one line, all the same height (English wrapped two of four)
                titles = page.evaluate("""[...document.querySelectorAll('.pn-name')].map((e) => [
                  e.getBoundingClientRect().height, parseFloat(getComputedStyle(e).lineHeight) || 20])""")
                assert len(titles) == 4 and len({round(t[0]) for t in titles}) == 1, (where, titles)
                assert all(t[0] < t[1] * 1.5 for t in titles), (where, titles)
                # the drop-downs' caret: one drawn chevron (the two gradient triangles read doubled)
                carets = page.evaluate("""[...document.querySelectorAll('.screen.lobby select')]
                  .map((e) => getComputedStyle(e).backgroundImage)""")
                assert carets and all(c.count("url(") == 1 and "gradient" not in c for c in carets), (where, carets)
                # each option's explanation hidden until its ⓘ, then shown, inside the screen, and hidden again
                assert page.evaluate(VISIBLE_HELP) == [], where
                if not size.startswith("phone"):  # with a mouse, pointing at the ⓘ shows it too
                    page.hover("[data-testid=option-mode-info]")
                    assert page.evaluate(VISIBLE_HELP) == ["opt-mode-help"], where
                    page.mouse.move(0, 0)
                    assert page.evaluate(VISIBLE_HELP) == [], where
                page.click("[data-testid=option-mode-info]")
                help_box = _boxes(page, "#opt-mode-help")[0]
                assert help_box["height"] > 10, (where, help_box)
                assert help_box["left"] >= 0 and help_box["right"] <= w + 1, (where, help_box)
                assert page.evaluate(VISIBLE_HELP) == ["opt-mode-help"], where
                assert page.get_attribute("[data-testid=option-mode-info]", "aria-expanded") == "true"
                _check_screen(page, size, w, h, where + " (help open)", stuck=True, scope=".sheet")
                page.screenshot(path=str(shots / f"lobby-home-help-{size}-{lang}.png"))
                page.click("[data-testid=option-mode-info]")
                page.mouse.move(0, 0)
                assert page.evaluate(VISIBLE_HELP) == [], where
                assert page.get_attribute("#opt-mode [aria-checked=true]", "data-value") == "A"  # (the ⓘ chose nothing)
                # 更多选项: every group's rows, still no explanation printed, nothing sideways or overlapping
                page.click("[data-testid=more-options] summary")
                for sel in ("#discard_seconds", "#ready_seconds", "#bot_level", "#tuoguan_level", "#watch",
                            "#same_address", "#opt-cap"):
                    assert page.is_visible(sel), (where, sel)
                for group in ("rules", "clocks", "bots", "room"):
                    assert page.is_visible(f"[data-testid=group-{group}] legend"), (where, group)
                assert page.evaluate(VISIBLE_HELP) == [], where
                _check_screen(page, size, w, h, where + " (more)", stuck=True, scope=".sheet")
                # the panel may now run below the screen: 创建 stays in sight, at the top, half-way down, the end
                for y in (0, 0.5, 1):
                    page.evaluate(f"(() => {{ const s = document.querySelector('.sheet');"
                                  f" s.scrollTo(0, (s.scrollHeight - s.clientHeight) * {y}); }})()")
                    page.evaluate("() => new Promise((ok) => requestAnimationFrame(() => ok(true)))")
                    _inside_first_screen(page, "[data-testid=create]", w, h, f"{where} (more, scrolled {y})")
                page.evaluate("document.querySelector('.sheet').scrollTo(0, 0)")
                _rows_clear_of_the_bar(page, where + " (more)")  # (the last row was under it)
                if size == "desktop":  # the options' names are short: one line each, the explanation behind ⓘ
                    labels = page.evaluate("""[...document.querySelectorAll('.room-panel .opt-label')]
                      .filter((e) => e.getBoundingClientRect().height > 0)
                      .map((e) => [e.textContent, e.getBoundingClientRect().height,
                                   parseFloat(getComputedStyle(e).lineHeight) || 20])""")
                    assert labels, where
                    wrapped = [lab for lab in labels if lab[1] > lab[2] * 1.5]
                    assert wrapped == [], (where, wrapped)
                page.screenshot(path=str(shots / f"lobby-home-more-{size}-{lang}.png"))
                page.click("[data-testid=more-options] summary")
                assert not page.is_visible("#ready_seconds"), where
                _close_sheet(page)
                assert page.evaluate("document.activeElement.dataset.testid") == "open-create", where
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


def test_the_room_i_sit_in_comes_first(browser: Any, server: Any, shots: Path) -> None:
    # Back in the lobby from a table I still sit at: 回到牌桌 is a bar above 开一局, on the first screen; the
    # room is listed among the open rooms too (measured with the rest: nothing sideways or overlapping).
    page = _page(browser, server, 1280, 720)
    try:
        page.emulate_media(reduced_motion="reduce")
        page.fill("#name", "回来")
        page.click("[data-testid=enter]")
        _open_sheet(page)
        page.wait_for_selector("#ruleset option[value=hefei]", state="attached")
        page.select_option("#ruleset", "hefei")
        page.uncheck("#fill_bots")  # (a public room with three seats free: it is listed among the open rooms)
        page.click("[data-testid=create]")
        page.wait_for_selector("[data-testid=ready]")
        code = page.evaluate("window.__mj.st.room.code")
        page.evaluate("location.hash = '#/lobby'")
        page.wait_for_selector(f"[data-testid=rejoin]:has-text('{code}')")
        page.wait_for_selector(f"[data-testid=open-rooms] li:has-text('{code}') button")
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            page.wait_for_selector(f"[data-testid=rejoin]:has-text('{code}')")
            for size, (w, h) in SIZES.items():
                where = f"rejoin {size} {lang}"
                page.set_viewport_size({"width": w, "height": h})
                page.evaluate("window.scrollTo(0, 0)")
                page.wait_for_timeout(150)
                _check_screen(page, size, w, h, where)
                _inside_first_screen(page, "[data-testid=rejoin] a", w, h, where)
                _inside_first_screen(page, "[data-testid=mode-cards] > *", w, h, where)
                _inside_first_screen(page, "[data-testid=play-now] button", w, h, where)
                bar = _boxes(page, "[data-testid=rejoin]")[0]
                cards = _boxes(page, "[data-testid=play-now]")[0]
                assert bar["bottom"] <= cards["top"] + 1, (where, bar, cards)  # above 快速开始
                page.screenshot(path=str(shots / f"lobby-home-rejoin-{size}-{lang}.png"), full_page=True)
                page.screenshot(path=str(shots / f"lobby-home-rejoin-{size}-{lang}-screen.png"))
        page.click("[data-testid=rejoin] a")
        page.wait_for_selector("[data-testid=ready]")
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


# The lobby's running animations and transitions: [name, delay + duration in ms] each.
RUNNING = """() => document.getAnimations().map((a) => {
  const t = a.effect.getComputedTiming();
  return [a.animationName || a.transitionProperty || '?', (t.delay || 0) + Number(t.duration || 0)];
})"""


def _animate_everything(page: Any) -> list[list[Any]]:
    """Render the lobby, point at a card, open 更多选项 and an ⓘ: what is running meanwhile."""
    seen: list[list[Any]] = []
    page.evaluate("location.hash = '#/history'")
    page.evaluate("location.hash = '#/lobby'")
    page.wait_for_selector("[data-testid=play-now-anqing]")
    seen += page.evaluate(RUNNING)
    page.hover("[data-testid=play-now-anqing]")
    seen += page.evaluate(RUNNING)
    page.wait_for_selector("[data-testid=option-mode]", state="attached")
    page.click("[data-testid=open-create]")
    seen += page.evaluate(RUNNING)
    page.click("[data-testid=more-options] summary")
    seen += page.evaluate(RUNNING)
    page.click("[data-testid=option-mode-info]")
    seen += page.evaluate(RUNNING)
    page.click("[data-testid=more-options] summary")
    page.click("[data-testid=create-close]")
    return seen


def test_the_lobby_animations_are_short_and_off_under_reduced_motion(browser: Any, server: Any) -> None:
    page = _page(browser, server, 1280, 720)
    try:
        page.fill("#name", "动画")
        page.click("[data-testid=enter]")
        page.wait_for_selector("[data-testid=play-now-anqing]")
        seen = _animate_everything(page)
        assert seen, "nothing animated: the measure below would prove nothing"
        assert all(ms <= 400 for _, ms in seen), seen
        page.emulate_media(reduced_motion="reduce")
        page.mouse.move(0, 0)
        assert _animate_everything(page) == []
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


def test_the_lobby_words_are_in_both_languages(browser: Any, server: Any) -> None:
    page = _page(browser, server)
    try:
        words = page.evaluate("async () => (await import('/lobby_words.js')).LOBBY_WORDS")
        assert set(words["zh"]) == set(words["en"]), set(words["zh"]) ^ set(words["en"])
        for key, text in words["en"].items():
            assert not FULL_WIDTH.search(text), (key, text)
            assert text != words["zh"][key] or not re.search(r"[\u4e00-\u9fff]", text), key
    finally:
        page.context.close()


def test_a_value_typed_before_the_servers_defaults_arrive_is_kept(browser: Any, server: Any) -> None:
    """The server's defaults (GET /api/rulesets) reach the form a moment after it is drawn; a number typed in
    that moment used to be overwritten by them (a room meant for one hand was created with eight)."""
    page = _page(browser, server, 1280, 720)
    held: list[Any] = []
    page.route("**/api/rulesets", lambda route: held.append(route))
    try:
        page.fill("#name", "抢先")
        page.click("[data-testid=enter]")
        page.click("[data-testid=open-create]")
        page.wait_for_selector("[data-testid=create-form]")
        page.wait_for_function("() => true")  # (a round trip, so the held request has reached the handler)
        assert held, "the lobby asked for the rulesets"
        page.click("[data-testid=create-form] details summary")
        page.fill("#hands", "1")
        page.fill("#grace_seconds", "60")
        held[0].continue_()
        page.wait_for_selector("#ruleset option[value=hefei]", state="attached")
        assert page.input_value("#hands") == "1" and page.input_value("#grace_seconds") == "60"
        # an untouched field still takes the server's default
        assert page.input_value("#discard_seconds") != ""
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.unroute("**/api/rulesets")
        page.context.close()
