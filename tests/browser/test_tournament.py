"""The tournament pages in Chromium (docs/tournaments.md): a player registers and checks in through the
page, is shown its table once the event starts, and the finished event's standings, tables (the bots
shown), commitments and revealed seeds at four sizes in both languages, measured in the DOM
(test-output/screenshots/tournament-*)."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.sizes import MEASURE
from tests.browser.test_play import _page
from tests.browser.test_table_sizes import RAW_KEY, _inside, _set_lang
from tests.server.harness import OPERATOR, ServerProcess

pytestmark = pytest.mark.browser
OP = {"x-operator-token": OPERATOR}
SIZES = [(1920, 1080), (1280, 720), (390, 844), (844, 390)]
CLOCKS = {"grace_seconds": 2, "ready_seconds": 0.5, "bot_delay": 0, "tuoguan_level": "easy", "bot_level": "easy"}


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server of this module's own: a running tournament keeps its tables busy."""
    data = tmp_path_factory.mktemp("tournament-server")
    srv = ServerProcess(data, f"sqlite+aiosqlite:///{data / 'db.sqlite3'}").start()
    try:
        yield srv
    finally:
        srv.stop()


def _account(http: httpx.Client, i: int) -> dict[str, Any]:
    r = http.post("/api/account/register", json={"username": "w" + secrets.token_hex(5), "password": "correct horse",
                                                 "name": f"Player{i}"})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def _auth(p: dict[str, Any]) -> dict[str, str]:
    return {"authorization": f"Bearer {p['token']}"}


def test_register_check_in_and_the_standings_at_four_sizes(browser: Any, server: ServerProcess, shots: Path) -> None:
    with httpx.Client(base_url=server.base, timeout=20) as http:
        people = [_account(http, i) for i in range(6)]
        r = http.post("/api/tournaments", headers=OP, json={
            "name": "春季赛 Spring Cup", "ruleset": "hefei", "rounds": 2, "hands": 1, "capacity": 8,
            "start_at": None, "settings": CLOCKS})
        assert r.status_code == 201, r.text
        tid = r.json()["tid"]
        for p in people[1:]:
            assert http.post(f"/api/tournaments/{tid}/register", headers=_auth(p)).status_code == 200
            assert http.post(f"/api/tournaments/{tid}/checkin", headers=_auth(p)).status_code == 200
    me = people[0]
    page = _page(browser, server, 1440, 900)
    try:
        page.evaluate("""(p) => { localStorage.setItem('mj.token', p.token);
            localStorage.setItem('mj.player', p.player_id); localStorage.setItem('mj.name', p.name);
            localStorage.setItem('mj.expires', String(p.expires)); }""", me)
        page.goto(f"{server.base}/#/tournaments")
        page.click(f"[data-testid=t-item-{tid}]")
        page.click("[data-testid=t-register]")
        page.click("[data-testid=t-checkin]")
        page.wait_for_selector("[data-testid=t-entry] .chip.ok")
        page.screenshot(path=str(shots / "tournament-registering-1440x900-zh.png"), full_page=True)
        with httpx.Client(base_url=server.base, timeout=20) as http:
            r = http.post(f"/api/tournaments/{tid}/start", headers=OP)
            assert r.status_code == 200, r.text
        page.wait_for_selector("[data-testid=t-my-table]", timeout=15000)  # the page reads the event again
        page.screenshot(path=str(shots / "tournament-running-1440x900-zh.png"), full_page=True)
        # six players: two tables of three and a bot each, both rounds; 托管 plays everyone here
        page.wait_for_selector("[data-testid=t-status]:text('已结束')", timeout=120000)
        assert page.locator("[data-testid^=t-place-]").count() == 6
        assert page.locator("[data-testid=t-table-1-0] .chip", has_text="机器人").count() == 1
        assert page.locator("[data-testid=t-round-1] .t-hash div").count() == 2  # one wall's seed, the match seed
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            page.wait_for_selector("[data-testid=t-standings]")
            text = page.inner_text("[data-testid=tournament]")
            assert not RAW_KEY.search(text), (lang, RAW_KEY.search(text))
            assert ("Standings" if lang == "en" else "排名") in text
            assert "[object" not in text and ("2 rounds" if lang == "en" else "2 轮") in text
            for w, hgt in SIZES:
                page.set_viewport_size({"width": w, "height": hgt})
                page.wait_for_timeout(150)
                page.screenshot(path=str(shots / f"tournament-{w}x{hgt}-{lang}.png"), full_page=True)
                where = f"tournament {w}x{hgt} {lang}"
                _inside(page, "[data-testid=tournament] .card", w, 100_000, where)
                _inside(page, "[data-testid=tournament] .t-table", w, 100_000, where)
                overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                assert overflow <= 1, f"the tournament page scrolls sideways at {w}x{hgt} ({lang})"
                # the standings: a card each, inside the screen, 44 px or more, none over another; medals for
                # the first three (gold, silver, bronze), every part of a card inside it
                cards = page.evaluate(MEASURE, "[data-testid=t-standings] > li")
                assert len(cards) == 6, where
                for i, c in enumerate(cards):
                    assert c["left"] >= -1 and c["right"] <= w + 1 and c["height"] >= 44, (where, c)
                    assert all(c["bottom"] <= d["top"] + 1 for d in cards[i + 1:]), (where, "cards overlap", cards)
                medals = page.eval_on_selector_all("[data-testid=t-standings] > li", """els => els.map((e) =>
                    [e.dataset.testid, e.querySelector('.gm-medal').className])""")
                for testid, cls in medals:  # (places from the server: equal ones share a medal)
                    assert cls == f"gm-medal m{min(int(testid.split('-')[-1]), 4)}", (where, medals)
                assert medals[0][1] == "gm-medal m1", (where, medals)
                spill = page.evaluate("""() => [...document.querySelectorAll('[data-testid=t-standings] > li')]
                  .flatMap((li) => {
                    const r = li.getBoundingClientRect();
                    return [...li.children].filter((c) => { const b = c.getBoundingClientRect();
                      return b.right > r.right + 1 || b.left < r.left - 1; }).map((c) => c.className); })""")
                assert not spill, (where, "out of its card", spill)
                # the panels: a gold title strip each; the page's column(s) use the width (or stand centred)
                strips = page.eval_on_selector_all("[data-testid=tournament] .card > h2:first-child",
                                                   "els => els.map((e) => getComputedStyle(e).backgroundImage)")
                assert len(strips) >= 3 and all("gradient" in x for x in strips), (where, strips)
                if w >= 1000:
                    cols = page.evaluate(MEASURE, "[data-testid=tournament] .t-col")
                    assert len(cols) == 2 and cols[0]["right"] <= cols[1]["left"], (where, cols)
                small = page.evaluate("""() => [...document.querySelectorAll('[data-testid=tournament] button,'
                    + ' [data-testid=tournament] td, [data-testid=tournament] li')].filter((e) =>
                    parseFloat(getComputedStyle(e).fontSize) < 11).length""")
                assert small == 0, f"text under 11 px at {w}x{hgt} ({lang})"
        _set_lang(page, "zh")
        assert not page.errors, page.errors
    finally:
        page.context.close()
