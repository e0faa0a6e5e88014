"""Issue 24: the history (战绩: my rooms, a room's hands) and replay screens at the four sizes in both
languages. A guest plays a two-hand match with three bots (seeds fixed by the test hook, so the hands are
the same each run); the page then opens its rooms, the room's hands (a settlement opened), and the replay
of hand 1 stepped to the middle and to the end:

- nothing sideways off the screen, no sideways scroll, no raw i18n key;
- phones: the hands are cards (one per hand, every seat's points labelled), not a squeezed table; the
  replay's buttons at least 44 px; the replay's own hand (the viewing seat's tiles) inside the first
  screen without scrolling, its tiles at least 24 px wide; the page itself never scrolls there, at a middle
  step or the last (the settlement a sheet of the screen's height, 查看牌桌 / Show the table swapping it for
  the board, which fits too);
- the replay's step counter moves with ◀ ▶ and the range.
- the match summary's hands are the same cards, each 回放码 a button opening the replay.
Screenshots: history-{rooms,hands,match,replay,replay-end}-{size}-{lang}.png."""

from __future__ import annotations

import asyncio
import re
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.test_table_sizes import RAW_KEY, _boxes, _set_lang
from tests.server.harness import Client, ServerProcess, auth, create_room, fix_seeds

pytestmark = pytest.mark.browser

# the four sizes of issue 24 (a desktop at 1920×1080)
SIZES = {"desktop": (1920, 1080), "laptop": (1280, 720), "phone": (390, 844), "phone-land": (844, 390)}
AT_STEP = ("(k) => document.querySelector('[data-testid=replay-step]').innerText.replace(/[^0-9/]/g, '')"
           ".startsWith(k + '/')")


def _play(server: ServerProcess, token: str) -> str:
    """Two hands with three bots and a scripted player (in a thread: Playwright holds this one's loop)."""
    out: dict[str, str] = {}

    async def play() -> None:
        async with httpx.AsyncClient(base_url=server.base, timeout=20) as http:
            code = (await create_room(http, token, hands=2))["room"]["code"]
            await fix_seeds(http, code, ["history-1", "history-2"], match_seed="history-m")
            c = await Client(server.ws_base, code, token).connect()
            c.autoplay = True
            await http.post(f"/api/rooms/{code}/bots", json={}, headers=auth(token))
            await c.wait(lambda cl: cl.room["status"] == "finished", timeout=120)
            await c.close()
            out["code"] = code

    t = threading.Thread(target=lambda: asyncio.run(play()))
    t.start()
    t.join(150)
    return out["code"]


def _guest_match(page: Any, server: ServerProcess) -> str:
    """Enters as the guest 翻牌人 and plays the two-hand match (``_play``); its room code."""
    page.goto(server.base + "/")
    page.fill("#name", "翻牌人")
    page.click("[data-testid=enter]")
    page.wait_for_selector("[data-testid=open-create]")
    return _play(server, page.evaluate("localStorage.getItem('mj.token')"))


def _fits(page: Any, where: str) -> None:
    w = page.viewport_size["width"]
    scroll = page.evaluate("document.documentElement.scrollWidth")
    assert scroll <= w + 1, f"{where}: the page is {scroll}px wide in a {w}px viewport"
    for b in _boxes(page, ".screen button, .screen a.button, .screen select, .screen input, .screen h2, .screen td"):
        assert b["left"] >= -1 and b["right"] <= w + 1, (where, b)
    text = page.inner_text("#app")
    assert not RAW_KEY.search(text), (where, RAW_KEY.search(text))
    if " en" in where:  # no full-width punctuation in English, and a win said as one ("Bot 3 won")
        assert not re.search("[，！：]", text.split("Seed")[0]), (where, text)
        assert " Win\n" not in text and not text.rstrip().endswith(" Win") and " Win · " not in text, (where, text)
        assert " Winner " not in text, (where, text)


STEP_TO = ("(k) => { const r = document.querySelector('[data-testid=replay-range]'); r.value = k;"
           " r.dispatchEvent(new Event('input')); }")


def _every_step(page: Any, steps: int, w: int, h: int, where: str, least: float) -> list[float]:
    """Walks the replay through every step (at the last, the table rather than the settlement sheet) and
    measures the viewing seat's hand each time: its tiles at least ``least`` px wide, inside the screen."""
    widths = []
    for k in range(steps + 1):
        page.evaluate(STEP_TO, k)
        page.wait_for_function(AT_STEP, arg=k)
        if page.locator("[data-testid=replay-show-board]").count():
            page.click("[data-testid=replay-show-board]")
            page.wait_for_selector("[data-testid=replay] .board")
        hand = _boxes(page, "[data-testid=replay-hand] .tile")
        assert hand, (where, "no hand at step", k)
        least_here = min(b["width"] for b in hand)
        assert least_here >= least, (where, "step", k, "hand tile", least_here)
        assert max(b["bottom"] for b in hand) <= h + 1 and max(b["right"] for b in hand) <= w + 1, (where, k, hand)
        widths.append(least_here)
    return widths


CARD_CELLS = """(sel) => [...document.querySelectorAll(sel + ' td.seat-total')].map((e) => {
  const r = e.getBoundingClientRect();
  return {w: r.width, h: r.height, cut: e.scrollWidth > e.clientWidth + 1,
          font: parseFloat(getComputedStyle(e).fontSize), label: getComputedStyle(e, '::before').content};
})"""


def _cards_read(page: Any, sel: str, where: str) -> None:
    """Every hand a card: each seat's points under its name, whole (not cut), in a legible size."""
    cells = page.evaluate(CARD_CELLS, sel)
    assert cells and len(cells) % 4 == 0, (where, cells)
    for c in cells:
        assert c["label"] not in ("none", '""', "normal"), (where, "a seat's points without its name", c)
        assert not c["cut"] and c["w"] >= 44 and c["font"] >= 14, (where, "seat points", c)


def _shoot(page: Any, shots: Path, name: str, lang: str, size: str) -> None:
    # (after the board's entrances: the seats' points fade in, and a shot during it drew them faint)
    page.wait_for_function("""() => [...document.querySelectorAll('.replay .seat-head .delta')]
      .every((e) => e.getAnimations().every((a) => a.playState !== 'running'))""", timeout=3000)
    page.screenshot(path=str(shots / f"history-{name}-{size}-{lang}.png"))


# What the settlement button at the replay's end covers: the centre panel's figures (the tiles left, the
# compass, the hand's number, the indicators) and the river tiles.
COVERED = """(testid) => {
  const b = document.querySelector(`[data-testid=${testid}]`).getBoundingClientRect();
  const hit = (e) => { const r = e.getBoundingClientRect();
    return r.width > 0 && r.left < b.right - 1 && r.right > b.left + 1
      && r.top < b.bottom - 1 && r.bottom > b.top + 1; };
  return [...document.querySelectorAll(
    '.replay .center-info > :not(button), .replay .center-info > * > *, .replay .river .tile')]
    .filter((e) => !e.contains(document.querySelector(`[data-testid=${testid}]`)) && hit(e))
    .map((e) => e.className || e.tagName);
}"""

# Each seat's points for the hand beside its name: its text against its chip laid over the felt.
CHIP_CONTRAST = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const f = (v) => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; };
  const lum = ([r, g, b]) => {
    return .2126 * f(r) + .7152 * f(g) + .0722 * f(b); };
  const felt = [21, 94, 62];
  return [...document.querySelectorAll('.replay .seat-head .delta')].map((e) => {
    const cs = getComputedStyle(e);
    const [r, g, b, a = 1] = rgb(cs.backgroundColor);
    const bg = [r, g, b].map((v, i) => v * a + felt[i] * (1 - a));
    const fg = rgb(cs.color).slice(0, 3);
    const [hi, lo] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    return {text: e.innerText, ratio: (hi + .05) / (lo + .05)};
  });
}"""


def _end_button_clear(page: Any, testid: str, where: str) -> None:
    """The settlement button at the replay's end covers none of the centre's figures nor a river tile (it
    covered "34 left" on a desktop, the compass on a phone held sideways)."""
    covered = page.evaluate(COVERED, testid)
    assert not covered, (where, "the settlement button covers", covered)


def _score_chips_read(page: Any, where: str) -> None:
    chips = page.evaluate(CHIP_CONTRAST)
    assert len(chips) == 4, (where, chips)
    for c in chips:
        assert c["ratio"] >= 4.5, (where, "a score chip hard to read", c)


def test_history_and_replay_at_four_sizes(browser: Any, server: ServerProcess, shots: Path) -> None:
    ctx = browser.new_context(viewport={"width": 1440, "height": 900}, locale="zh-CN")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        code = _guest_match(page, server)
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            for size, (w, h) in SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                where = f"{size} {lang}"
                # my rooms
                page.goto(f"{server.base}/#/history")
                page.wait_for_selector(f"[data-testid=history] a[href='#/history/{code}']")
                _fits(page, where + " rooms")
                _shoot(page, shots, "rooms", lang, size)
                # the room's hands, one settlement opened
                page.goto(f"{server.base}/#/history/{code}")
                page.wait_for_selector("[data-testid=hands]")
                assert page.locator("[data-testid=hands] tbody tr").count() == 2, where
                if size.startswith("phone") and w < 600:
                    # cards: each seat's points carry the seat's name
                    labels = page.eval_on_selector_all("[data-testid=hands] td.seat-total",
                                                       "els => els.map((e) => getComputedStyle(e, '::before').content)")
                    assert all(x not in ("none", '""', "normal") for x in labels), (where, labels)
                _fits(page, where + " hands")
                _shoot(page, shots, "hands", lang, size)
                _cards_read(page, "[data-testid=hands]", where + " hands")
                # a won hand's chip in the table's gold (red is the colour of points lost), a draw's grey
                for bg in page.eval_on_selector_all("[data-testid=hands] .chip.outcome.won",
                                                    "els => els.map((e) => getComputedStyle(e).backgroundColor)"):
                    r, g, b = (float(x) for x in re.findall(r"[0-9.]+", bg)[:3])
                    assert r > b + 60 and g > b + 60 and r - g < 80, (where, "a won hand's chip is gold, not red", bg)
                # the match summary: places, the hands as the same cards, every 回放码 a button
                page.goto(f"{server.base}/#/match/{code}")
                page.wait_for_selector("[data-testid=match-hands] a[data-testid=code-1]")
                _fits(page, where + " match")
                _cards_read(page, "[data-testid=match-hands]", where + " match")
                # places as the end-of-match ranking counts them: equal totals share a place, the next skips
                # (this match's seeds leave two seats level on -22: places 1, 2, 3, 3)
                rows = page.eval_on_selector_all("[data-testid=places] li", "els => els.map((e) => "
                                                 "[Number(e.dataset.place), Number(e.dataset.total), e.innerText])")
                totals = [t for _, t, _ in rows]
                assert [p for p, _, _ in rows] == [1 + sum(u > t for u in totals) for t in totals], (where, rows)
                for p, _, text in rows:
                    assert (f"第 {p} 名" if lang == "zh" else f"#{p}") in text, (where, text)
                assert re.fullmatch(r"[A-Z0-9]{4}-[A-Z0-9]{4}", page.inner_text("[data-testid=code-1]").strip()), where
                _shoot(page, shots, "match", lang, size)
                page.goto(f"{server.base}/#/history/{code}")
                page.wait_for_selector("[data-testid=hands]")
                page.click("[data-testid=view-settlement-1]")
                page.wait_for_selector("[data-testid=history] [data-testid=settlement]")
                _fits(page, where + " hand settlement")
                _shoot(page, shots, "hand-settlement", lang, size)
                # the replay of hand 1
                page.goto(f"{server.base}/#/replay/{code}/1")
                page.wait_for_selector("[data-testid=replay-hand] .tile")
                steps = int(page.evaluate("window.__replay && window.__replay.steps") or 0)
                page.fill("[data-testid=replay-range]", str(steps // 2))
                page.dispatch_event("[data-testid=replay-range]", "input")
                page.wait_for_function(AT_STEP, arg=steps // 2)
                page.click("[data-testid=replay-next]")
                page.wait_for_function(AT_STEP, arg=steps // 2 + 1)
                if size == "desktop":  # the keys of a replay bar: ← → a step
                    page.keyboard.press("ArrowLeft")
                    page.wait_for_function(AT_STEP, arg=steps // 2)
                    page.keyboard.press("ArrowRight")
                    page.wait_for_function(AT_STEP, arg=steps // 2 + 1)
                page.wait_for_selector("[data-testid=replay-hand] .tile")
                _fits(page, where + " replay")
                hand = _boxes(page, "[data-testid=replay-hand] .tile")
                page.screenshot(path=str(shots / f"history-replay-{size}-{lang}.png"))
                assert hand and max(b["bottom"] for b in hand) <= h + 1, (where, "own hand below the fold", hand[-1])
                assert min(b["width"] for b in hand) >= 24, (where, hand[0])
                # one strip of controls: every one a 44 px touch target, the strip itself short on a phone
                bar = _boxes(page, "[data-testid=replay-controls]")[0]
                if size.startswith("phone"):
                    assert bar["height"] <= 64, (where, "replay toolbar", bar)
                    scrub = _boxes(page, "[data-testid=replay-range]")[0]
                    assert scrub["width"] >= 72, (where, "the step slider squeezed", scrub)  # (it was a 20-px dot)
                    for b in _boxes(page, ".replay-controls button, .replay-controls select, .replay-controls a"):
                        if b["width"] or b["height"]:
                            assert b["height"] >= 44 and b["width"] >= 36, (where, "replay control", b)
                            on_strip = b["top"] >= bar["top"] - 1 and b["bottom"] <= bar["bottom"] + 1
                            assert on_strip, (where, "control off the strip", b, bar)
                _shoot(page, shots, "replay", lang, size)
                if size.startswith("phone"):
                    # a phone shows the replay on one screen: nothing to scroll down to
                    page.wait_for_function("(h) => document.documentElement.scrollHeight <= h + 1", arg=h, timeout=3000)
                if lang == "zh" and size.startswith("phone"):
                    # every step: the viewing seat's hand legible (sideways ≥ 32 px: it once fell to 12 at the end)
                    widths = _every_step(page, steps, w, h, where, 32 if h < 500 else 24)
                    print(where, "replay hand tile widths over", steps + 1, "steps:", min(widths), "…", max(widths))
                page.click("[data-testid=replay-last]")
                page.wait_for_selector("[data-testid=replay] [data-testid=settlement]")
                _fits(page, where + " replay end")
                _shoot(page, shots, "replay-end", lang, size)
                if not size.startswith("phone"):  # (a phone shows the settlement as a sheet: the board below)
                    _end_button_clear(page, "replay-to-settlement", where)
                    _score_chips_read(page, where)
                if lang == "en":  # status lines start with a capital: "Step 67/67", "Bot 3 won · The hand ends"
                    step = page.inner_text("[data-testid=replay-step]")  # (an upright phone: "67/67", short)
                    short = re.fullmatch(r"\d+/\d+", step.strip())
                    assert step.startswith("Step ") if w > 600 else short, (where, step)
                    events = page.inner_text("[data-testid=replay] .events")
                    assert " won" in events and "The hand ends" in events, (where, events)
                if size.startswith("phone"):
                    # The last step too: the settlement is a sheet of the screen's height (scrolling inside),
                    # the controls above it; "show the table" swaps it for the board, which fits as well.
                    page.wait_for_function("(h) => document.documentElement.scrollHeight <= h + 1", arg=h, timeout=3000)
                    end_parts = (".replay-controls button", "[data-testid=replay-show-board]",
                                 "[data-testid=replay-settle]")
                    for sel in end_parts:
                        for b in _boxes(page, sel):
                            assert b["top"] >= -1 and b["bottom"] <= h + 1, (where, "replay end", sel, b)
                    page.click("[data-testid=replay-show-board]")
                    page.wait_for_selector("[data-testid=replay] .board [data-testid=replay-show-settlement]")
                    _end_button_clear(page, "replay-show-settlement", where)
                    _score_chips_read(page, where)
                    _shoot(page, shots, "replay-end-board", lang, size)
                    page.wait_for_function("(h) => document.documentElement.scrollHeight <= h + 1", arg=h, timeout=3000)
                    for b in _boxes(page, "[data-testid=replay] .board .seat"):
                        assert b["bottom"] <= h + 1, (where, "replay end board", b)
                    _shoot(page, shots, "replay-end-board", lang, size)
                    page.click("[data-testid=replay-show-settlement]")
                    page.wait_for_selector("[data-testid=replay-settle] [data-testid=settlement]")
        assert not errors, errors
    finally:
        ctx.close()
