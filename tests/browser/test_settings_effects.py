"""Issue 24: the settings a player expects from 雀魂 do something (Chromium, real server, a real table).
The tile backs change colour at the table; the 听 hint switched off hides its line and the counts on the
tiles; background music (off by default) plays a generated loop once switched on, stops when switched
off, at volume 0 or when the sound is muted, and is remembered by the browser; the spoken calls' language
follows the screen or the player's choice. An account keeps the new settings too (a second device signed
in gets them)."""

from __future__ import annotations

import secrets
from typing import Any

import httpx
import pytest

from tests.browser.guests import guest_page

pytestmark = pytest.mark.browser

PANEL = "[data-testid=settings]"
# (a page's oscillators as they start: the music's notes, counted where the page makes them)
COUNT_OSCILLATORS = """
window.__oscillators = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...a) { window.__oscillators += 1; return start.apply(this, a); };
"""
BACK = ("(() => { const e = document.querySelector('.board .tile.back');"
        " return e ? getComputedStyle(e).backgroundImage : null; })()")


def test_tile_backs_and_the_hint_change_the_table(browser: Any, server: Any) -> None:
    ctx, page, errors = guest_page(browser, server.base, "牌背" + secrets.token_hex(2), 1280, 720)
    try:
        # chosen in the panel (the account page's: the table's ☰ opens the same one), then a table
        page.goto(server.base + "/#/me")
        page.click("[data-testid=open-settings]")
        page.wait_for_selector(PANEL)
        assert page.get_attribute("[data-testid=back-green]", "aria-checked") == "true"
        page.click("[data-testid=back-blue]")
        assert page.get_attribute("[data-testid=back-blue]", "aria-checked") == "true"
        assert page.locator(f"{PANEL} .back-swatch.on").count() == 1
        assert page.is_checked("[data-testid=set-hints]")
        page.click("[data-testid=set-hints]")
        assert page.evaluate("document.documentElement.dataset.hints") == "off"
        page.click("[data-testid=settings-done]")
        page.goto(server.base + "/#/lobby")
        page.click("[data-testid=play-now-anqing]")
        page.click("[data-testid=ready]")
        page.wait_for_selector(".board .tile.back", timeout=15000)
        # every tile back at the table is blue, the others' hands and the wall alike
        all_backs = ("(rgb) => [...document.querySelectorAll('.board .tile.back')].every((e) =>"
                     " getComputedStyle(e).backgroundImage.includes(rgb))")
        assert page.evaluate(all_backs, "rgb(77, 147, 220)")
        # the hint off: its line and the counts on the tiles hidden, whatever the hand holds
        hidden = ("(() => { const h = document.querySelector('[data-testid=hint]');"
                  " return !h || getComputedStyle(h).visibility === 'hidden'; })()")
        badges = ("[...document.querySelectorAll('.tile .badge.ting-count')]"
                  ".filter((b) => b.getBoundingClientRect().width > 0).length")
        for _ in range(6):  # (a few turns)
            assert page.evaluate(hidden) and page.evaluate(badges) == 0
            page.wait_for_timeout(400)
        # changed during the hand, the table follows at once: the hint back, the backs red, then green
        page.evaluate("async () => (await import('/settings.js')).saveSettings({hints: true, tileBack: 'red'})")
        assert page.evaluate("document.documentElement.dataset.hints") == "on"
        assert page.evaluate("""(() => { const h = document.querySelector('[data-testid=hint]');
          const want = h && h.classList.contains('empty') ? 'hidden' : 'visible';
          return !h || getComputedStyle(h).visibility === want; })()""")
        assert page.evaluate(all_backs, "rgb(223, 90, 82)")
        page.evaluate("async () => (await import('/settings.js')).saveSettings({tileBack: 'green'})")
        assert page.evaluate(all_backs, "rgb(52, 176, 115)")  # (the table's own)
        # remembered by this browser
        page.evaluate("async () => (await import('/settings.js')).saveSettings({tileBack: 'blue'})")
        page.reload()
        page.wait_for_selector(".board .tile.back", timeout=15000)
        assert page.evaluate(all_backs, "rgb(77, 147, 220)")
        assert not errors, errors
    finally:
        ctx.close()


def test_background_music_plays_only_when_switched_on(browser: Any, server: Any) -> None:
    ctx, page, errors = guest_page(browser, server.base, "音乐" + secrets.token_hex(2), 1280, 720)
    try:
        page.add_init_script(COUNT_OSCILLATORS)
        page.goto(server.base + "/#/me")
        page.reload()
        page.wait_for_selector("[data-testid=open-settings]")
        page.click("[data-testid=open-settings]")  # (a tap: the browser lets sound start)
        page.wait_for_selector(PANEL)
        # off by default: nothing plays
        assert not page.is_checked("[data-testid=set-music]")
        page.wait_for_timeout(600)
        assert page.evaluate("window.__oscillators") == 0
        assert page.evaluate("document.documentElement.dataset.music") == "off"
        # on: the loop starts and goes on (new notes keep coming)
        page.click("[data-testid=set-music]")
        page.wait_for_function("document.documentElement.dataset.music === 'playing'")
        page.wait_for_function("window.__oscillators > 10")
        first = page.evaluate("window.__oscillators")
        page.wait_for_function(f"window.__oscillators > {first}", timeout=6000)
        # off again: no new notes
        page.click("[data-testid=set-music]")
        assert page.evaluate("document.documentElement.dataset.music") == "off"
        page.wait_for_timeout(300)
        stopped = page.evaluate("window.__oscillators")
        page.wait_for_timeout(3000)  # (longer than a bar: a running loop would have added notes)
        assert page.evaluate("window.__oscillators") == stopped
        # volume 0 stops it too, and the sound muted at the table stops it
        page.click("[data-testid=set-music]")
        page.wait_for_function("document.documentElement.dataset.music === 'playing'")
        page.fill("[data-testid=set-music-volume]", "0")
        assert page.evaluate("document.documentElement.dataset.music") == "off"
        assert page.inner_text("[data-testid=set-music-volume-value]") in ("静音", "Muted")
        page.fill("[data-testid=set-music-volume]", "0.4")
        page.wait_for_function("document.documentElement.dataset.music === 'playing'")
        page.evaluate("async () => (await import('/settings.js')).setMuted(true)")
        assert page.evaluate("document.documentElement.dataset.music") == "off"
        page.evaluate("async () => (await import('/settings.js')).setMuted(false)")
        page.wait_for_function("document.documentElement.dataset.music === 'playing'")
        # remembered: after a reload it plays again from the first tap
        page.reload()
        page.wait_for_selector("[data-testid=open-settings]")
        page.click("[data-testid=open-settings]")
        page.wait_for_function("document.documentElement.dataset.music === 'playing'")
        assert page.is_checked("[data-testid=set-music]")
        assert page.input_value("[data-testid=set-music-volume]") == "0.4"
        assert not errors, errors
    finally:
        ctx.close()


def test_the_calls_are_spoken_in_the_chosen_language(browser: Any, server: Any) -> None:
    ctx, page, errors = guest_page(browser, server.base, "语音" + secrets.token_hex(2), 390, 844)
    try:
        said = "async () => (await import('/settings.js')).voiceText('act_kong')"
        page.goto(server.base + "/#/me")
        page.click("[data-testid=open-settings]")
        assert page.get_attribute("[data-testid=set-voiceLang-ui]", "aria-checked") == "true"
        assert page.evaluate(said) == ["杠", "zh"]  # as the screen: Chinese
        page.click("[data-testid=set-voiceLang-en]")
        assert page.evaluate(said) == ["Kong", "en"]  # English calls under a Chinese screen
        page.click("[data-testid=settings-done]")
        page.click("[data-testid=lang]")
        page.wait_for_function("document.documentElement.lang === 'en'")
        page.click("[data-testid=open-settings]")
        page.click("[data-testid=set-voiceLang-zh]")
        assert page.evaluate(said) == ["杠", "zh"]  # Chinese calls under an English screen
        page.click("[data-testid=set-voiceLang-ui]")
        assert page.evaluate(said) == ["Kong", "en"]
        assert not errors, errors
    finally:
        ctx.close()


# What the page says aloud, recorded where it says it (headless Chromium has no voice to hear).
RECORD_SPEECH = """
window.__said = [];
if (window.speechSynthesis) window.speechSynthesis.speak = (u) => { window.__said.push([u.text, u.lang]); };
"""
# A 'claimed' event as the server sends it: the seat to my left calls 碰 on my discard.
CALL_PENG = """() => {
  const st = window.__mj.st;
  const v = structuredClone(st.view);
  window.__mj.sock.onMessage({type: 'view', view: v, asked: st.asked, step: st.step, clock: null, tuoguan: false,
    events: [{type: 'claimed', seat: (v.seat + 3) % 4, kind: 'peng', tile: 5, tiles: [5, 5], from_seat: v.seat}]});
  return window.__said.slice(-1)[0] || null;
}"""


def test_the_table_speaks_calls_in_the_chosen_language(browser: Any, server: Any) -> None:
    ctx, page, errors = guest_page(browser, server.base, "念牌" + secrets.token_hex(2), 1280, 720)
    try:
        page.add_init_script(RECORD_SPEECH)
        page.evaluate("async () => (await import('/settings.js')).saveSettings({voice: true, voiceLang: 'en'})")
        page.goto(server.base + "/#/lobby")
        page.reload()  # (the recorder in place before the table's first word)
        page.click("[data-testid=play-now-anqing]")
        page.click("[data-testid=ready]")
        page.wait_for_function("window.__mj && window.__mj.st && window.__mj.st.view", timeout=15000)
        assert page.evaluate("document.documentElement.lang").startswith("zh")  # a Chinese screen ...
        assert page.evaluate(CALL_PENG) == ["Pung", "en-US"]  # ... and the call said in English
        page.evaluate("async () => (await import('/settings.js')).saveSettings({voiceLang: 'ui'})")
        assert page.evaluate(CALL_PENG) == ["碰", "zh-CN"]  # following the screen again
        assert not errors, errors
    finally:
        ctx.close()


MY_RIVER = "window.__mj.st.view.seats[window.__mj.st.view.seat].river.length"


def test_tap_twice_to_discard(browser: Any, server: Any) -> None:
    ctx, page, errors = guest_page(browser, server.base, "两下" + secrets.token_hex(2), 390, 844)
    try:
        page.goto(server.base + "/#/me")
        page.click("[data-testid=open-settings]")
        assert not page.is_checked("[data-testid=set-confirmDiscard]")  # off by default
        page.click("[data-testid=set-confirmDiscard]")
        page.click("[data-testid=settings-done]")
        page.goto(server.base + "/#/lobby")
        page.click("[data-testid=play-now-anqing]")
        page.click("[data-testid=ready]")
        tile = "[data-testid=my-hand] button.tile.can"
        page.wait_for_selector(tile, timeout=30000)  # my turn (the dealer's first, or after the bots')
        river = page.evaluate(MY_RIVER)
        page.locator(tile).first.click()
        # the first tap lifts the tile and sends nothing: my turn still, the tile ringed, my river unchanged
        assert page.evaluate("window.__mj.st.pending") is False
        picked = page.locator(f"{tile}.picked")
        assert picked.count() == 1
        assert page.evaluate(MY_RIVER) == river
        lifted = picked.evaluate("(e) => new DOMMatrix(getComputedStyle(e).transform).m42")
        assert lifted < -10, lifted
        # a tap on another tile lifts that one instead
        other = page.locator(f"{tile}:not(.picked)").first
        other_id = other.get_attribute("data-tile")
        other.click()
        assert page.locator(f"{tile}.picked").count() == 1
        assert page.locator(f"{tile}.picked").get_attribute("data-tile") == other_id
        assert page.evaluate(MY_RIVER) == river
        # the second tap on it throws it
        page.locator(f"{tile}.picked").click()
        page.wait_for_function(f"{MY_RIVER} > {river}", timeout=10000)
        assert page.evaluate("window.__mj.st.view.seats[window.__mj.st.view.seat].river.at(-1).tile") == int(
            other_id or -1)
        assert not errors, errors
    finally:
        ctx.close()


def test_an_account_keeps_the_new_settings(browser: Any, server: Any) -> None:
    username, password = "n" + secrets.token_hex(4), "a long password"
    r = httpx.post(server.base + "/api/account/register", json={"username": username, "password": password})
    assert r.status_code == 201, r.text
    contexts = []
    try:
        pages = []
        for _ in range(2):
            c = browser.new_context(viewport={"width": 1280, "height": 720}, locale="zh-CN")
            contexts.append(c)
            p = c.new_page()
            p.goto(server.base + "/#/me")
            p.wait_for_selector("[data-testid=signin]")
            p.fill("#signin-user", username)
            p.fill("#signin-pass", password)
            p.click("[data-testid=signin-submit]")
            p.wait_for_selector("[data-testid=open-create]")
            pages.append(p)
        a, b = pages
        a.goto(server.base + "/#/me")
        a.click("[data-testid=open-settings]")
        with a.expect_response(lambda resp: resp.url.endswith("/api/account/settings") and resp.request.method == "POST"
                               and "gold" in (resp.request.post_data or "")) as sent:
            a.click("[data-testid=back-gold]")
            a.click("[data-testid=set-hints]")
            a.click("[data-testid=set-voiceLang-en]")
        assert sent.value.status == 200
        b.reload()
        b.wait_for_function("document.documentElement.dataset.tileBack === 'gold'")
        assert b.evaluate("document.documentElement.dataset.hints") == "off"
        assert b.evaluate("async () => (await import('/settings.js')).voiceText('act_kong')") == ["Kong", "en"]
    finally:
        for c in contexts:
            c.close()
