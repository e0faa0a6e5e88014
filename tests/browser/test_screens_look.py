"""Issue 24: the screens outside the table as a game's screens, measured in Chromium at 1920×1080,
1280×720, 390×844 and 844×390 in both languages (test-output/screenshots/screens-*):

- the leaderboard: seven accounts with ratings written straight into the server's database (so the places
  are known: a tie for fourth, the player looking at it fifth), the first three on a podium in the order
  second · first · third with the first's step the highest, gold, silver and bronze medals, every later
  player a card of its own (none overlapping), the player's own row gold-edged, its own card in sight on
  an upright phone's first screen;
- the history (战绩 of rooms) and the records: a guest's two-hand match with bots (fixed seeds) shown as
  cards with the ruleset, the date, my place as a medal, my points, the opponents; a card opens in place to
  its hands, each with ▶ 回放 that opens the replay; on a phone every line of words is wider than a few
  characters (never a squeezed column one character a line)."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.conftest import sqlite_server
from tests.browser.guests import enter, guest_with_match, open_page
from tests.browser.sizes import RAW_KEY, REVIEW_SIZES, boxes, each_size, overlap
from tests.browser.test_history_replay import _play
from tests.server.harness import ServerProcess

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server of this module's own: the leaderboard's places are the seven seeded ratings', which a
    ranked match played by another module's test on the session's server would join."""
    yield from sqlite_server(tmp_path_factory, "screens-look")

# name, avatar, mu, sigma, matches: places 1, 2, 3, 4, 4 (equal), 6 (me), 7
SEEDED = [("金牌甲", 2, 1830.0, 60.0, 40), ("银牌乙", 5, 1760.0, 70.0, 31), ("铜牌丙", 8, 1700.0, 75.0, 22),
          ("并列丁", 9, 1650.0, 80.0, 15), ("并列戊", 10, 1650.0, 80.0, 15), ("看榜的我", 3, 1600.0, 90.0, 12),
          ("新手己", 1, 1500.0, 300.0, 2)]


def _seed_ratings(server: ServerProcess, mode: str = "A", tag: str = "") -> dict[str, Any]:
    """Seven accounts (their avatars set through the API) and their anqing ratings in ``mode`` written
    into the server's SQLite database; the sixth's session (the viewer). (Another test seeds its own
    seven in another mode, their names marked with ``tag``: display names are unique.)"""
    people = []
    with httpx.Client(base_url=server.base, timeout=20) as http:
        for i, (name, avatar, *_rest) in enumerate(SEEDED):
            r = http.post("/api/account/register", json={"username": f"lb{i}{time.time_ns() % 10**8}",
                                                          "password": "correct horse", "name": name + tag})
            assert r.status_code == 201, r.text
            p = r.json()
            r = http.post("/api/account/profile", json={"avatar": avatar},
                          headers={"Authorization": f"Bearer {p['token']}"})
            assert r.status_code == 200, r.text
            people.append(p)
    db = sqlite3.connect(str(server.data_dir / "db.sqlite3"))
    try:
        db.executemany("INSERT INTO ratings (player_id, ruleset, mode, mu, sigma, matches, updated_at)"
                       " VALUES (?, 'anqing', ?, ?, ?, ?, ?)",
                       [(p["player_id"], mode, mu, sigma, n, time.time())
                        for p, (_, _, mu, sigma, n) in zip(people, SEEDED, strict=True)])
        db.commit()
    finally:
        db.close()
    return people[5]  # type: ignore[no-any-return]


def _sign_in(page: Any, p: dict[str, Any]) -> None:
    page.evaluate("""(p) => { localStorage.setItem('mj.token', p.token);
        localStorage.setItem('mj.player', p.player_id); localStorage.setItem('mj.name', p.name);
        localStorage.setItem('mj.expires', String(p.expires)); }""", p)


def _no_squeezed_words(page: Any, sel: str, where: str, least: float = 120) -> None:
    """Every element of ``sel`` with words: at least ``least`` px wide, and no more lines than its words
    need (a squeezed column reads one character a line)."""
    found = page.evaluate("""(sel) => [...document.querySelectorAll(sel)].filter((e) => e.innerText.trim()).map((e) => {
        const r = e.getBoundingClientRect(); const cs = getComputedStyle(e);
        const lh = parseFloat(cs.lineHeight) || 1.2 * parseFloat(cs.fontSize);
        return {text: e.innerText.trim(), w: r.width, lines: Math.round(r.height / lh)}; })""", sel)
    assert found, (where, "nothing for", sel)
    for f in found:
        assert f["w"] >= least and f["lines"] <= 2, (where, sel, f)


def test_leaderboard_podium_rows_and_my_place(browser: Any, server: ServerProcess, shots: Path) -> None:
    me = _seed_ratings(server)
    ctx, page, errors = open_page(browser, server.base, 1920, 1080)
    try:
        _sign_in(page, me)
        page.goto(f"{server.base}/#/leaderboard/anqing/A")
        page.wait_for_selector("[data-testid=lb-podium] > li >> nth=2")
        # the server's places: ties share one (4, 4) and the next skips (6)
        places = [int(page.get_attribute(f"[data-testid=lb-row-{i}]", "data-place") or 0) for i in range(1, 8)]
        assert places == [1, 2, 3, 4, 4, 6, 7], places
        for at in each_size(page, REVIEW_SIZES, "leaderboard"):
            page.wait_for_selector("[data-testid=lb-podium] > li >> nth=2")
            page.screenshot(path=str(shots / f"screens-leaderboard-{at.size}-{at.lang}.png"))
            text = page.inner_text("[data-testid=leaderboard]")
            assert not RAW_KEY.search(text), (at.where, RAW_KEY.search(text))
            assert page.evaluate("document.documentElement.scrollWidth") <= at.w + 1, at.where
            # the podium: second, first, third from the left; the first's step the highest
            pod = boxes(page, "[data-testid=lb-podium] > li")
            in_order = pod[1]["right"] <= pod[0]["left"] + 1 and pod[0]["right"] <= pod[2]["left"] + 1
            assert len(pod) == 3 and in_order, (at.where, pod)
            steps = boxes(page, "[data-testid=lb-podium] .podium-step")
            assert steps[0]["height"] > steps[1]["height"] > steps[2]["height"] >= 20, (at.where, steps)
            assert all(b["right"] <= at.w + 1 and b["left"] >= -1 for b in pod), (at.where, pod)
            for part in (".avatar", ".gm-medal", ".lb-name", ".rating-n"):
                got = boxes(page, f"[data-testid=lb-podium] {part}")
                assert len(got) == 3 and all(b["width"] >= 20 and b["height"] >= 14 for b in got), (at.where, part, got)
            names = page.eval_on_selector_all("[data-testid=lb-podium] .lb-name",
                                              "els => els.map((e) => e.scrollWidth <= e.clientWidth + 1)")
            assert all(names), (at.where, "a podium name cut", names)
            medals = page.eval_on_selector_all("[data-testid=lb-podium] .gm-medal-face",
                                               "els => els.map((e) => getComputedStyle(e).backgroundImage)")
            assert len(set(medals)) == 3, (at.where, medals)
            # every later player a card: at least 44 px tall, none overlapping, the place shown
            rows = boxes(page, ".lb-row")
            assert len(rows) == 4, (at.where, rows)
            for i, a in enumerate(rows):
                assert a["height"] >= 44 and a["width"] >= min(320, at.w - 40), (at.where, a)
                for b in rows[i + 1:]:
                    assert not overlap(a, b), (at.where, a, b)
            spill = page.evaluate("""() => [...document.querySelectorAll('.lb-row, .lb-me-card')].flatMap((row) => {
                const r = row.getBoundingClientRect();
                return [...row.children].filter((c) => { const b = c.getBoundingClientRect();
                  return b.width > 0 && (b.right > r.right + 1 || b.left < r.left - 1
                    || (c.scrollWidth > c.clientWidth + 1 && !c.matches('.lb-name'))); })
                  .map((c) => c.className + ' ' + c.innerText); })""")
            assert not spill, (at.where, "out of its row", spill)
            side = boxes(page, ".lb-side")[0]
            assert all(b["right"] <= side["right"] + 1 for b in rows), (at.where, "a row past its panel", rows, side)
            shown = page.eval_on_selector_all(".lb-row .lb-place", "els => els.map((e) => e.innerText.trim())")
            assert shown == ["4", "4", "6", "7"], (at.where, shown)
            # my row: gold-edged, and it is the sixth
            mine = page.locator(".lb-row.mine")
            assert mine.count() == 1 and mine.get_attribute("data-testid") == "lb-row-6", at.where
            edge = page.eval_on_selector(".lb-row.mine", "e => getComputedStyle(e).borderTopColor")
            assert edge == "rgb(240, 194, 75)", (at.where, edge)
            said = page.inner_text("[data-testid=lb-me]")
            assert ("第 6 名" if at.lang == "zh" else "#6") in said, (at.where, said)
            card = boxes(page, "[data-testid=lb-me]")[0]
            assert card["top"] >= -1 and card["bottom"] <= at.h + 1, (at.where, "my place out of sight", card)
            if at.w >= 1000:  # the width used: the podium and the rows side by side
                stage = boxes(page, ".lb-stage")[0]
                assert stage["right"] <= side["left"] and stage["width"] >= 500, (at.where, stage, side)
        assert not errors, errors
    finally:
        ctx.close()


def test_history_and_records_as_cards(browser: Any, server: ServerProcess, shots: Path) -> None:
    ctx, page, errors, code = guest_with_match(browser, server, _play, width=1920, height=1080)
    try:
        for at in each_size(page, REVIEW_SIZES, "history"):
            # my rooms: a card each with its ruleset, date, place, points and opponents
            page.goto(f"{server.base}/#/history")
            card = f"[data-testid=room-{code}]"
            page.wait_for_selector(f"{card} .mcard-opp")
            text = page.inner_text("[data-testid=history]")
            assert not RAW_KEY.search(text), (at.where, RAW_KEY.search(text))
            assert page.evaluate("document.documentElement.scrollWidth") <= at.w + 1, at.where
            assert page.locator(f"{card} .gm-medal").count() == 1, at.where
            opp = page.inner_text(f"{card} .mcard-opp")
            assert opp.count("·") == 2, (at.where, opp)  # three opponents
            total = page.locator(f"{card} .mcard-total")
            assert total.inner_text().strip().lstrip("+-").isdigit(), at.where
            _no_squeezed_words(page, f"{card} .mcard-rule, {card} .mcard-opp", at.where)
            # opened in place: its two hands, each with ▶ replay
            page.click(f"[data-testid=room-hands-{code}]")
            page.wait_for_selector(f"[data-testid=room-replay-{code}-2]")
            assert page.get_attribute(f"[data-testid=room-hands-{code}]", "aria-expanded") == "true"
            hands = boxes(page, f"{card} .mhands li")
            assert len(hands) == 2, (at.where, hands)
            for b in boxes(page, f"{card} .mh-replay, {card} .mcard-toggle, {card} .mcard-actions a"):
                assert b["height"] >= (44 if at.w < 600 or at.h < 500 else 40) and b["right"] <= at.w + 1, (at.where, b)
            _no_squeezed_words(page, f"{card} .mhands .chip.outcome", at.where, least=44)
            page.screenshot(path=str(shots / f"screens-history-{at.size}-{at.lang}.png"))
            # 战绩: the same cards, each opening its summary
            page.goto(f"{server.base}/#/records")
            page.wait_for_selector(f"[data-testid=match-{code}] .gm-medal")
            assert page.evaluate("document.documentElement.scrollWidth") <= at.w + 1, at.where
            rec_card = f"[data-testid=match-{code}]"
            _no_squeezed_words(page, f"{rec_card} .mcard-rule, {rec_card} .mcard-opp", at.where)
            rec = boxes(page, f"[data-testid=match-{code}]")[0]
            assert rec["height"] >= 56 and rec["width"] >= min(360, at.w - 30), (at.where, rec)
            page.screenshot(path=str(shots / f"screens-records-{at.size}-{at.lang}.png"))
        # a hand's ▶ opens its replay
        page.goto(f"{server.base}/#/history")
        page.click(f"[data-testid=room-hands-{code}]")
        page.click(f"[data-testid=room-replay-{code}-1]")
        page.wait_for_selector("[data-testid=replay-hand] .tile")
        assert page.url.endswith(f"#/replay/{code}/1")
        assert not errors, errors
    finally:
        ctx.close()


PANEL_TITLES = """() => [...document.querySelectorAll('.screen .card')].filter((c) => c.offsetParent).map((c) => {
  const head = c.querySelector(':scope > :is(h2, h3, .card-head):first-child');
  const r = c.getBoundingClientRect();
  const hr = head ? head.getBoundingClientRect() : null;
  return {left: r.left, right: r.right, strip: head ? getComputedStyle(head).backgroundImage : null,
          flush: hr ? Math.abs(hr.top - r.top) <= 2 && Math.abs(hr.left - r.left) <= 2
            && Math.abs(hr.right - r.right) <= 2 : false,
          edge: getComputedStyle(c).borderTopColor};
})"""


def test_account_friends_and_clubs_as_game_panels(browser: Any, server: ServerProcess, shots: Path) -> None:
    """Each card of the account, friends and clubs pages a panel: a gold edge, its title on a gold-lit strip
    flush with the panel's top and sides; inside the screen at the four sizes, no raw key."""
    ctx, page, errors = open_page(browser, server.base, 1920, 1080)
    try:
        enter(page, "面板客")
        for route, ready in (("me", "[data-testid=account] .card"), ("friends", "[data-testid=my-code]"),
                             ("clubs", "[data-testid=clubs] .card")):
            page.goto(f"{server.base}/#/{route}")
            page.wait_for_selector(ready)
            for at in each_size(page, REVIEW_SIZES, route):
                page.wait_for_selector(ready)
                page.screenshot(path=str(shots / f"screens-{route}-{at.size}-{at.lang}.png"), full_page=True)
                assert page.evaluate("document.documentElement.scrollWidth") <= at.w + 1, at.where
                text = page.inner_text("#app")
                assert not RAW_KEY.search(text), (at.where, RAW_KEY.search(text))
                cards = page.evaluate(PANEL_TITLES)
                assert cards, at.where
                for c in cards:
                    assert c["left"] >= -1 and c["right"] <= at.w + 1, (at.where, c)
                    assert c["edge"].startswith("rgba(240, 194, 75"), (at.where, c)
                    if c["strip"] is not None:
                        assert "gradient" in c["strip"] and c["flush"], (at.where, c)
                titled = [c for c in cards if c["strip"] is not None]
                assert len(titled) >= max(1, len(cards) - 1), (at.where, cards)
        assert not errors, errors
    finally:
        ctx.close()
