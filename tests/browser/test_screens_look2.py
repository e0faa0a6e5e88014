"""Issue 24, the platform pages' second pass, measured in Chromium at 1920×1080, 1280×720, 390×844 and
844×390 in both languages (test-output/screenshots/screens2-*):

- 亲友圈: the create form's selects show their whole chosen text (the rules' "Anqing Mahjong" was cut in a
  150-px column), "members may choose rules" a switch (not a bare checkbox); a club's rooms as cards
  (a code, the rules, the seats, a 44-px button) inside the screen, its parts as gold-titled panels;
- 我的: no empty band under a panel's title (the 账号 card's note stood 40 px under its title);
- the history with one room at 1920: its card centred under the head (it stood at the left beside an
  empty half); the leaderboard's stage: the podium right under the stage's title (an empty third of
  the stage above it), and "How ratings work" opens and folds with the window's size;
- the rules pages as a rule book: panels inside the screen, the scoring table's rows wide enough to read
  on a phone (a card a row there), no raw key."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.guests import enter, guest_with_match, open_page
from tests.browser.sizes import RAW_KEY, REVIEW_SIZES, boxes, each_size
from tests.browser.test_history_replay import _play
from tests.browser.test_screens_look import _seed_ratings, _sign_in
from tests.server.harness import ServerProcess

pytestmark = pytest.mark.browser

# Each visible select: the chosen option's text (in the select's own font) fits inside its padding box
# less its padding (the right padding holds the caret); its gold caret drawn (a panel's field style had
# reset the background, caret and all).
SELECTS_FIT = """(sel) => [...document.querySelectorAll(sel)].filter((s) => s.offsetParent).map((s) => {
  const cs = getComputedStyle(s);
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = `${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
  const text = s.options[s.selectedIndex] ? s.options[s.selectedIndex].text : '';
  const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
  return {id: s.id, text, need: ctx.measureText(text).width, room, caret: cs.backgroundImage.includes('gradient')};
})"""

# Under each visible panel's title strip: the distance to the first thing in it below.
GAP_UNDER_TITLE = """() => [...document.querySelectorAll('.screen .card')].filter((c) => c.offsetParent).map((c) => {
  const head = c.querySelector(':scope > :is(h2, h3, .card-head):first-child');
  if (!head) return null;
  const next = [...c.children].slice(1).find((e) => e.getBoundingClientRect().height > 0);
  if (!next) return null;
  return {title: head.innerText, gap: next.getBoundingClientRect().top - head.getBoundingClientRect().bottom};
}).filter(Boolean)"""


def _account(server: ServerProcess, name: str) -> dict[str, Any]:
    with httpx.Client(base_url=server.base, timeout=20) as http:
        r = http.post("/api/account/register", json={"username": "s2" + secrets.token_hex(5),
                                                     "password": "correct horse", "name": name})
        assert r.status_code == 201, r.text
        return r.json()  # type: ignore[no-any-return]


def test_clubs_form_fits_its_words_has_a_switch_and_a_club_shows_room_cards(
        browser: Any, server: ServerProcess, shots: Path) -> None:
    me = _account(server, "圈主甲")
    with httpx.Client(base_url=server.base, timeout=20, headers={"Authorization": f"Bearer {me['token']}"}) as http:
        r = http.post("/api/clubs", json={"name": "周末牌局", "description": "每周六晚上", "own_options": False,
                                          "preset": {"ruleset": "anqing", "hands": 4, "same_address": "allow"}})
        assert r.status_code in (200, 201), r.text
        club = r.json()["club_id"]
        r = http.post(f"/api/clubs/{club}/rooms", json={})
        assert r.status_code in (200, 201), r.text
        room = r.json()["room"]["code"]
    ctx, page, errors = open_page(browser, server.base, 1920, 1080)
    try:
        _sign_in(page, me)
        page.goto(f"{server.base}/#/clubs")
        page.wait_for_selector("[data-testid=create-club]")
        for at in each_size(page, REVIEW_SIZES, "clubs"):
            page.wait_for_selector("[data-testid=create-club] #club-ruleset")
            page.screenshot(path=str(shots / f"screens2-clubs-{at.size}-{at.lang}.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= at.w + 1, at.where
            for s in page.evaluate(SELECTS_FIT, "[data-testid=create-club] select"):
                assert s["need"] <= s["room"] + 0.5 and s["caret"], (at.where, "a select's text cut", s)
            assert page.get_attribute("#club-own", "role") == "switch", at.where
            sw = page.evaluate("""() => { const e = document.getElementById('club-own');
                const r = e.getBoundingClientRect();
                return {w: r.width, h: r.height, look: getComputedStyle(e).appearance,
                        row: e.closest('label').getBoundingClientRect().height}; }""")
            assert sw["look"] == "none" and sw["w"] >= 44 and sw["h"] >= 26 and sw["row"] >= 44, (at.where, sw)
        page.click("#club-own")
        assert page.is_checked("#club-own")
        page.goto(f"{server.base}/#/club/{club}")
        card = f"[data-testid=club-room-card-{room}]"
        page.wait_for_selector(card)
        for at in each_size(page, REVIEW_SIZES, "club"):
            page.wait_for_selector(card)
            page.screenshot(path=str(shots / f"screens2-club-{at.size}-{at.lang}.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= at.w + 1, at.where
            assert not RAW_KEY.search(page.inner_text("#app")), (at.where, RAW_KEY.search(page.inner_text("#app")))
            b = boxes(page, card)[0]
            assert b["left"] >= -1 and b["right"] <= at.w + 1, (at.where, b)
            assert b["width"] >= 180 and b["height"] >= 100, (at.where, b)
            assert page.inner_text(f"{card} .code").strip() == room, at.where
            assert page.locator(f"{card} .seat-dot").count() == 4, at.where
            assert "/4" in page.inner_text(f"{card} .rc-seats"), at.where
            go = boxes(page, f"[data-testid=club-room-{room}]")[0]
            assert go["height"] >= 44 and b["left"] <= go["left"] and go["right"] <= b["right"] + 1, (at.where, go, b)
            # each part of the club a panel with its title on the gold strip
            for part in ("club-rooms", "club-members", "club-board", "club-records"):
                strip = page.eval_on_selector(f"[data-testid={part}] > :first-child",
                                              "e => getComputedStyle(e).backgroundImage")
                assert "gradient" in strip, (at.where, part, strip)
        assert not errors, errors
    finally:
        ctx.close()


def test_account_panels_have_no_empty_band_under_their_titles(browser: Any, server: ServerProcess, shots: Path) -> None:
    ctx, page, errors = open_page(browser, server.base, 1920, 1080)
    try:
        enter(page, "量缝客")
        page.goto(f"{server.base}/#/me")
        page.wait_for_selector("[data-testid=register]")
        for at in each_size(page, REVIEW_SIZES, "me"):
            page.wait_for_selector("[data-testid=register]")
            page.screenshot(path=str(shots / f"screens2-me-{at.size}-{at.lang}.png"), full_page=True)
            gaps = page.evaluate(GAP_UNDER_TITLE)
            assert len(gaps) >= 3, (at.where, gaps)
            for g in gaps:
                assert 0 <= g["gap"] <= 20, (at.where, "an empty band under a title", g)
        assert not errors, errors
    finally:
        ctx.close()


def test_one_room_history_is_centred_at_1920(browser: Any, server: ServerProcess, shots: Path) -> None:
    ctx, page, errors, code = guest_with_match(browser, server, _play, name="居中客", width=1920, height=1080)
    try:
        for at in each_size(page, REVIEW_SIZES, "history"):
            page.goto(f"{server.base}/#/history")
            page.wait_for_selector(f"[data-testid=room-{code}] .mcard-opp")
            head = boxes(page, ".history-head")[0]
            card = boxes(page, f"[data-testid=room-{code}]")[0]
            left, right = card["left"] - head["left"], head["right"] - card["right"]
            # centred under the head (no empty side), and not a thin strip
            assert abs(left - right) <= 2 and card["width"] >= min(head["width"], 560), (at.where, head, card)
            page.screenshot(path=str(shots / f"screens2-history-{at.size}-{at.lang}.png"))
        assert not errors, errors
    finally:
        ctx.close()


def test_leaderboard_stage_filled_and_its_note_follows_the_size(
        browser: Any, server: ServerProcess, shots: Path) -> None:
    me = _seed_ratings(server, mode="B", tag="二")
    # (the places rise in as the page draws: measured where they come to rest)
    ctx, page, errors = open_page(browser, server.base, 1920, 1080, reduced_motion="reduce")
    try:
        _sign_in(page, me)
        page.goto(f"{server.base}/#/leaderboard/anqing/B")
        page.wait_for_selector("[data-testid=lb-podium] > li >> nth=2")
        for at in each_size(page, REVIEW_SIZES, "leaderboard"):
            page.wait_for_selector("[data-testid=lb-podium] > li >> nth=2")
            page.screenshot(path=str(shots / f"screens2-leaderboard-{at.size}-{at.lang}.png"))
            title = boxes(page, "[data-testid=lb-stage-title]")[0]
            stage = boxes(page, ".lb-stage")[0]
            who = boxes(page, "[data-testid=lb-podium] .podium-who")
            top = min(b["top"] for b in who)
            # the podium right under the stage's title: no empty band above it
            assert title["top"] >= stage["top"] and top - title["bottom"] <= 60, (at.where, title, who)
            steps = boxes(page, "[data-testid=lb-podium] .podium-step")
            assert all(abs(s["bottom"] - stage["bottom"]) <= 2 for s in steps), (at.where, steps, stage)
            assert steps[0]["height"] > steps[1]["height"] > steps[2]["height"] >= 20, (at.where, steps)
            for s in page.evaluate(SELECTS_FIT, ".lb-head select"):
                assert s["need"] <= s["room"] + 0.5, (at.where, "a picker's text cut", s)
            roomy = at.w >= 1000 and at.h >= 640
            opened = page.eval_on_selector("[data-testid=lb-about]", "e => e.open")
            assert opened == roomy, (at.where, "the note open", opened)
            text = page.inner_text("[data-testid=leaderboard]")
            assert not RAW_KEY.search(text), (at.where, RAW_KEY.search(text))
        assert not errors, errors
    finally:
        ctx.close()


def test_rules_pages_as_a_rule_book(browser: Any, server: ServerProcess, shots: Path) -> None:
    ctx, page, errors = open_page(browser, server.base, 1920, 1080)
    try:
        enter(page, "读规则")
        page.goto(f"{server.base}/#/rules/anqing/A")
        page.wait_for_selector("[data-testid=rules-table] tbody tr")
        for at in each_size(page, REVIEW_SIZES, "rules"):
            page.wait_for_selector("[data-testid=rules-table] tbody tr")
            page.screenshot(path=str(shots / f"screens2-rules-{at.size}-{at.lang}.png"), full_page=True)
            assert page.evaluate("document.documentElement.scrollWidth") <= at.w + 1, at.where
            text = page.inner_text("[data-testid=rules]")
            assert not RAW_KEY.search(text), (at.where, RAW_KEY.search(text))
            panels = boxes(page, ".rules-panel")
            assert len(panels) >= 4, (at.where, panels)
            for p in panels:
                assert p["left"] >= -1 and p["right"] <= at.w + 1, (at.where, p)
            strips = page.eval_on_selector_all(".rules-panel > h3:first-child",
                                               "els => els.map((e) => getComputedStyle(e).backgroundImage)")
            assert all("gradient" in s for s in strips), (at.where, strips)
            assert page.locator(".rules-panel > h3 .tile").count() == len(panels), at.where
            # every note of the scoring table wide enough to read (a phone: a card a row, the note a line of its own)
            notes = boxes(page, "[data-testid=rules-table] td.muted")
            assert notes and all(n["width"] >= min(240, at.w - 80) for n in notes), (at.where, notes[:3])
            names = boxes(page, "[data-testid=rules-table] td.item-name")
            squeezed = [n for n in names if n["width"] < 120]
            assert names and not squeezed, (at.where, "a name squeezed", squeezed)
            if at.w >= 1000:  # how to win and what is special side by side
                win, special = boxes(page, ".rules-win")[0], boxes(page, ".rules-special")[0]
                side = win["right"] <= special["left"] and abs(win["top"] - special["top"]) <= 1
                assert side, (at.where, win, special)
            tab = boxes(page, ".rules-nav a.on")[0]
            assert tab["height"] >= 40, (at.where, tab)
        assert not errors, errors
    finally:
        ctx.close()
