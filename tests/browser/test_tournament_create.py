"""Creating a tournament through the web form (#/tournaments, docs/tournaments.md): a club's owner fills
ruleset, mode, rounds, hands, capacity and the start, sees the server's refusal in words in both
languages, then the new event listed; the form measured in the DOM at four sizes in both languages
(test-output/screenshots/tournament-create-*)."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.test_play import _page
from tests.browser.test_table_sizes import RAW_KEY, _inside, _set_lang
from tests.server.harness import ServerProcess

pytestmark = pytest.mark.browser
SIZES = [(1440, 900), (1280, 720), (390, 844), (844, 390)]
ERRORS = {"zh": "人数上限须为 2 到 256 的整数", "en": "Players at most must be a whole number from 2 to 256"}


def _lang(page: Any, lang: str) -> None:
    _set_lang(page, lang)  # the page is drawn again in that language: wait for the form's new heading
    heading = "Create a tournament" if lang == "en" else "创建比赛"
    page.wait_for_selector(f"[data-testid=t-create] h2:text-is('{heading}')")
    page.wait_for_selector("[data-testid=t-create] [data-testid=tc-ruleset] option", state="attached")


def _sign_in(page: Any, p: dict[str, Any]) -> None:
    page.evaluate("""(p) => { localStorage.setItem('mj.token', p.token);
        localStorage.setItem('mj.player', p.player_id); localStorage.setItem('mj.name', p.name);
        localStorage.setItem('mj.expires', String(p.expires)); }""", p)


def test_a_club_owner_creates_a_tournament_through_the_form(browser: Any, server: ServerProcess, shots: Path) -> None:
    with httpx.Client(base_url=server.base, timeout=20) as http:
        r = http.post("/api/account/register", json={"username": "f" + secrets.token_hex(5),
                                                     "password": "correct horse", "name": "圈主Owner"})
        assert r.status_code == 201, r.text
        owner = r.json()
        club_name = "表单圈" + secrets.token_hex(2)
        r = http.post("/api/clubs", json={"name": club_name, "description": "", "preset": {"ruleset": "hefei"}},
                      headers={"authorization": f"Bearer {owner['token']}"})
        assert r.status_code in (200, 201), r.text
        club_id = r.json()["club_id"]
    page = _page(browser, server, 1440, 900)
    try:
        _sign_in(page, owner)
        page.goto(f"{server.base}/#/club/{club_id}")  # the club page's link opens the form for this club
        page.set_viewport_size({"width": 390, "height": 844})
        page.wait_for_selector("[data-testid=club-tournament]")
        _inside(page, "[data-testid=club-tournament]", 390, 100_000, "the club page's link at 390x844")
        page.screenshot(path=str(shots / "tournament-create-club-link-390x844-zh.png"))
        page.set_viewport_size({"width": 1440, "height": 900})
        page.click("[data-testid=club-tournament]")
        page.wait_for_selector("[data-testid=t-create] [data-testid=tc-ruleset] option", state="attached")
        assert page.input_value("[data-testid=tc-club]") == club_id
        for lang, name in (("zh", "表单杯 Form Cup"), ("en", "Timed Cup 定时杯")):
            _lang(page, lang)
            page.fill("[data-testid=tc-name]", name)
            page.select_option("[data-testid=tc-ruleset]", "hefei")
            page.wait_for_selector("[data-testid=tc-mode]")  # Hefei's room: 报听 or not
            mode = page.eval_on_selector("[data-testid=tc-mode]", "(s) => s.options[s.options.length - 1].value")
            page.select_option("[data-testid=tc-mode]", mode)
            page.fill("#tc-rounds", "2")
            page.fill("#tc-hands", "1")
            page.fill("#tc-capacity", "300")  # the server refuses it: said in words, nothing created
            if lang == "en":
                page.check("[data-testid=tc-timed]")
                page.fill("[data-testid=tc-when]", "2027-06-01T10:30")
            page.click("[data-testid=tc-go]")
            page.wait_for_selector(f"[data-testid=tc-error]:text('{ERRORS[lang]}')")
            assert page.locator("[data-testid^=t-item-]", has_text=name).count() == 0
            page.fill("#tc-capacity", "8")
            page.click("[data-testid=tc-go]")
            page.wait_for_selector(f".t-item.fresh:has-text('{name}')", timeout=10000)
            text = page.inner_text(".t-item.fresh")
            assert ("2 rounds" if lang == "en" else "2 轮") in text and "8" in text
            assert ("Starts " if lang == "en" else "满员即开赛") in text
        with httpx.Client(base_url=server.base, timeout=20) as http:
            r = http.get("/api/tournaments", headers={"authorization": f"Bearer {owner['token']}"})
            names = ("表单杯 Form Cup", "Timed Cup 定时杯")
            mine = {x["name"]: x for x in r.json()["tournaments"] if x["name"] in names}
        assert set(mine) == {"表单杯 Form Cup", "Timed Cup 定时杯"}, r.json()
        for x in mine.values():
            assert (x["ruleset"], x["rounds_total"], x["hands"], x["capacity"]) == ("hefei", 2, 1, 8), x
        assert mine["表单杯 Form Cup"]["start_at"] is None and mine["Timed Cup 定时杯"]["start_at"] > 0
        for lang in ("zh", "en"):
            _lang(page, lang)
            text = page.inner_text("[data-testid=tournaments]")
            assert not RAW_KEY.search(text), (lang, RAW_KEY.search(text))
            assert ("Create a tournament" if lang == "en" else "创建比赛") in text and "[object" not in text
            for w, hgt in SIZES:
                page.set_viewport_size({"width": w, "height": hgt})
                page.wait_for_timeout(150)
                page.screenshot(path=str(shots / f"tournament-create-{w}x{hgt}-{lang}.png"), full_page=True)
                where = f"tournament form {w}x{hgt} {lang}"
                for sel in ("[data-testid=t-create]", "[data-testid=t-create] label.field",
                            "[data-testid=t-create] input", "[data-testid=t-create] select",
                            "[data-testid=tc-go]", "[data-testid=tournaments] .t-item"):
                    _inside(page, sel, w, 100_000, where)
                overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
                assert overflow <= 1, f"the tournaments page scrolls sideways at {w}x{hgt} ({lang})"
                bad = page.evaluate("""() => [...document.querySelectorAll('[data-testid=t-create] input,'
                    + ' [data-testid=t-create] select, [data-testid=t-create] button')].filter((e) => {
                      const r = e.getBoundingClientRect(), f = parseFloat(getComputedStyle(e).fontSize);
                      return f < 11 || r.height < (e.type === 'radio' ? 12 : 24); }).map((e) => e.id || e.type)""")
                assert not bad, f"controls too small at {w}x{hgt} ({lang}): {bad}"
        _set_lang(page, "zh")
        assert not page.errors, page.errors
    finally:
        page.context.close()
