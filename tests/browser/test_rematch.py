"""The end of a match with two people and two bots: the ranking shows the server's figures (the same
on both screens), one player's "play again" opens the rematch with everyone in their seats, and the
other player's ranking shows the offer and joins it. The ranking with the offer is measured and
screenshotted at 1920×1080, 1280×720, 390×844 and 844×390 in both languages
(test-output/screenshots/ranking-rematch-*)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.guests import enter
from tests.browser.test_play import _page
from tests.browser.test_table_sizes import _inside, _set_lang

pytestmark = pytest.mark.browser


def two_people_and_two_bots(first: Any, second: Any, base: str, hands: int, bot_delay: str | None = None) -> str:
    """东家 (``first``) creates a room without bots, 南家 (``second``) joins it by its code, two bots take
    seats 3 and 4 and both people get ready; the room's code."""
    enter(first, "东家")
    first.click("[data-testid=open-create]")  # (the create-room form opens in a sheet)
    first.uncheck("#fill_bots")
    first.fill("#hands", str(hands))
    if bot_delay is not None:
        first.fill("#bot_delay", bot_delay)
    first.click("[data-testid=create-form] details summary")
    first.fill("#grace_seconds", "60")
    first.click("[data-testid=create]")
    first.wait_for_selector("[data-testid=ready]")
    code: str = first.inner_text("[data-testid=room-code]").strip()
    token = first.evaluate("localStorage.getItem('mj.token')")
    enter(second, "南家")
    second.goto(f"{base}/#/room/{code}")
    second.wait_for_selector("[data-testid=ready]")
    r = httpx.post(f"{base}/api/rooms/{code}/bots", json={"seats": [2, 3]},
                   headers={"Authorization": f"Bearer {token}"}, timeout=10)
    assert r.status_code == 200, r.text
    for page in (first, second):
        page.click("[data-testid=ready]")
    return code


def _ranking_numbers(page: Any) -> dict[int, list[str]]:
    """seat -> [wins, 自摸, 点炮, best] as the ranking shows them."""
    rows = page.eval_on_selector_all(
        "[data-testid=ranking] tbody tr",
        "els => els.map(e => [e.dataset.seat, ...[...e.querySelectorAll('td.num')].slice(1).map(c => c.textContent)])")
    return {int(r[0]): r[1:] for r in rows}


CARDS = """() => [...document.querySelectorAll('[data-testid=ranking] tbody tr')].map((tr) => {
  const r = tr.getBoundingClientRect();
  return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width,
          labels: [...tr.querySelectorAll('td.stat')].map((c) => getComputedStyle(c, '::before').content),
          labelPx: Math.min(...[...tr.querySelectorAll('td.stat')]
            .map((c) => parseFloat(getComputedStyle(c, '::before').fontSize))),
          opacity: getComputedStyle(tr).opacity,
          spill: [...tr.querySelectorAll('td.stat')].filter((c) => c.scrollWidth > c.clientWidth + 1).length,
          total: parseFloat(getComputedStyle(tr.querySelector('td.total')).fontSize)};
})"""


def _cards_laid_out(page: Any, *, wide: bool, lang: str) -> None:
    """The ranking is four cards: side by side on a wide screen (a podium), stacked on an upright phone;
    each figure says its word, the total is the largest text of its card."""
    _cards_in(page)
    cards = page.evaluate(CARDS)
    assert len(cards) == 4
    for a, b in itertools.pairwise(cards):
        if wide:
            assert b["left"] >= a["right"] - 1, (a, b)  # one row, left to right
            assert abs(b["top"] - a["top"]) <= 1, (a, b)  # their tops level (they were staggered)
        else:
            assert b["top"] >= a["bottom"] - 1, (a, b)  # one column, top to bottom
    words = {"zh": ['"胜"', '"自摸"', '"点炮"', '"最大一手"'],
             "en": ['"Wins"', '"Self-drawn"', '"Dealt in"', '"Best hand"']}
    for c in cards:
        assert c["labels"] == words[lang], c["labels"]
        assert c["total"] >= 22, c
        assert c["labelPx"] >= 12, c  # 胜 / 自摸 / 点炮 / 最大一手 were 9.6-10.9 px
        assert c["spill"] == 0, c  # each word inside its cell (on a phone "Self-drawnDealt in" ran together)


def _cards_in(page: Any) -> None:
    """Wait until the cards' entrance (each slides up and fades in) has finished: a screenshot taken
    during it caught the tops staggered and the fourth card half transparent."""
    page.wait_for_function("""() => [...document.querySelectorAll('[data-testid=ranking] tbody tr')].every((tr) =>
        getComputedStyle(tr).opacity === '1' && tr.getAnimations().every((a) => a.playState === 'finished'))""",
                           timeout=3000)


# The winner's celebration: its pieces, whether it catches the pointer, the longest of the animations its
# style rules declare (duration plus delay, in ms), and what lies under the middle of 再来一局.
CELEBRATION = """() => {
  const c = document.querySelector('[data-testid=ranking] [data-testid=celebration]');
  if (!c) return null;
  const rules = (list) => [...list].flatMap((r) => (r.cssRules && !r.selectorText ? rules(r.cssRules) : [r]));
  const ms = (v) => Math.max(...v.split(',').map((x) => parseFloat(x) * (x.trim().endsWith('ms') ? 1 : 1000)));
  const longest = Math.max(0, ...[...document.styleSheets].flatMap((s) => rules(s.cssRules))
    .filter((r) => r.selectorText && /celebrat/.test(r.selectorText) && r.style.animationDuration)
    .map((r) => ms(r.style.animationDuration) + (r.style.animationDelay ? ms(r.style.animationDelay) : 0))
    .filter((x) => Number.isFinite(x)));
  const b = document.querySelector('[data-testid=play-again], [data-testid=back-lobby]').getBoundingClientRect();
  const under = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return {pieces: c.querySelectorAll('i').length, pointer: getComputedStyle(c).pointerEvents, longest,
          button: !!under && !!under.closest('[data-testid=play-again], [data-testid=back-lobby]')};
}"""


def _celebration(page: Any, drawn: bool) -> None:
    """The winner's celebration drawn (confetti pieces, no pointer caught, every animation within 400 ms,
    the buttons still under the finger), or not drawn at all for a player who asked for less motion."""
    got = page.evaluate(CELEBRATION)
    if not drawn:
        assert got is None, got
        return
    assert got is not None, "no celebration at the match's end"
    assert got["pieces"] >= 12 and got["pointer"] == "none" and got["button"], got
    assert 0 < got["longest"] <= 400, got


def _show_ranking(page: Any) -> None:
    page.wait_for_selector("[data-testid=show-ranking], [data-testid=ranking]", timeout=60000)
    if page.locator("[data-testid=ranking]").count() == 0:
        page.click("[data-testid=show-ranking]")
    page.wait_for_selector("[data-testid=ranking]", timeout=10000)
    page.wait_for_function("!document.querySelector('[data-testid=ranking]').innerText.includes('…')", timeout=10000)


def test_ranking_stats_from_the_server_and_the_rematch_offer(browser: Any, server: Any, shots: Path) -> None:
    first = _page(browser, server, 1440, 900)
    second = _page(browser, server, 390, 844)
    try:
        code = two_people_and_two_bots(first, second, server.base, hands=1, bot_delay="0.05")
        for page in (first, second):  # the bots play both people's seats out (托管)
            page.wait_for_selector("[data-testid=tuoguan]", timeout=20000)
            page.click("[data-testid=tuoguan]")
        # the second asks for less motion before its ranking comes: no celebration is drawn there
        second.emulate_media(reduced_motion="reduce")
        for page in (first, second):
            _show_ranking(page)
        _celebration(first, drawn=True)
        # a picture of the burst half-way (its animations held at 220 ms)
        first.evaluate("""() => { const c = document.querySelector('[data-testid=celebration]');
            c.classList.remove('still');
            c.closest('.ranking').classList.add('celebrating');
            document.getAnimations().forEach((a) => { a.pause(); a.currentTime = 220; }); }""")
        first.screenshot(path=str(shots / "ranking-celebration-1440x900-zh.png"))
        first.evaluate("() => document.getAnimations().forEach((a) => a.finish())")
        _celebration(second, drawn=False)
        second.emulate_media(reduced_motion="no-preference")

        # Both screens show the server's figures for every seat.
        stats = httpx.get(f"{server.base}/api/rooms/{code}/hands", timeout=10).json()["stats"]
        for page in (first, second):
            shown = _ranking_numbers(page)
            for seat in range(4):
                x = stats[seat]
                best = "—" if not x["best"] else (f"+{x['best']}" if x["best"] > 0 else str(x["best"]))
                assert shown[seat] == [str(x["wins"]), str(x["self_draws"]), str(x["deal_ins"]), best], (seat, shown)

        # The first player asks for the rematch and is taken to the new room, in the same seat with
        # the bots where they were.
        first.click("[data-testid=play-again]")
        first.wait_for_function("(c) => location.hash.startsWith('#/room/') && !location.hash.endsWith(c)",
                                arg=code, timeout=10000)
        new_code = first.evaluate("location.hash").rsplit("/", 1)[-1]
        first.wait_for_selector("[data-testid=waiting] [data-testid=ready]", timeout=10000)
        first.wait_for_function("document.querySelectorAll('[data-testid=waiting] .chip.bot').length === 2",
                                timeout=10000)
        assert first.inner_text("[data-testid=waiting] .seat-list li.mine .name") == "东家"

        # The second player's ranking shows who wants a rematch.
        second.wait_for_selector("[data-testid=rematch-offer]", timeout=10000)
        assert "东家" in second.inner_text("[data-testid=rematch-offer]")
        for lang, words in (("zh", "想原班人马再来一局"), ("en", "wants a rematch")):
            _set_lang(second, lang)
            assert words in second.inner_text("[data-testid=rematch-offer]")
            for w, h in ((1920, 1080), (1280, 720), (390, 844), (844, 390)):
                second.set_viewport_size({"width": w, "height": h})
                second.wait_for_timeout(150)
                _cards_in(second)
                _inside(second, "[data-testid=play-again]", w, h, f"offer {w}x{h} {lang}")
                _inside(second, "[data-testid=back-lobby]", w, h, f"offer {w}x{h} {lang}")
                second.screenshot(path=str(shots / f"ranking-rematch-{w}x{h}-{lang}.png"))
                _cards_laid_out(second, wide=w > 600, lang=lang)
        # a player who asks for less motion sees the cards in place at once, level, none half transparent
        second.set_viewport_size({"width": 1280, "height": 720})
        second.emulate_media(reduced_motion="reduce")
        _set_lang(second, "zh")
        at_once = second.evaluate(CARDS)
        assert all(c["opacity"] == "1" for c in at_once), at_once
        assert max(c["top"] for c in at_once) - min(c["top"] for c in at_once) <= 1, at_once
        second.emulate_media(reduced_motion="no-preference")
        assert new_code in second.inner_text("[data-testid=play-again]")  # the button now joins that room
        second.click("[data-testid=play-again]")
        second.wait_for_function("(c) => location.hash.endsWith(c)", arg=new_code, timeout=10000)
        second.wait_for_selector("[data-testid=waiting] [data-testid=ready]", timeout=10000)
        assert second.inner_text("[data-testid=waiting] .seat-list li.mine .name") == "南家"
        room = httpx.get(f"{server.base}/api/rooms/{new_code}", timeout=10).json()["room"]
        assert [s["name"] for s in room["seats"][:2]] == ["东家", "南家"]
        assert all(s["bot"] for s in room["seats"][2:])
        assert not first.errors and not second.errors  # type: ignore[attr-defined]
    finally:
        first.context.close()
        second.context.close()
