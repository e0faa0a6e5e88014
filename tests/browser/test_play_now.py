"""Issue 24: the lobby's 快速开始 card. One large button per ruleset, the first thing on the page at the
four sizes in both languages (inside the first screen, at least 56 px tall on phones, named in words);
one tap opens a table of three bots in that ruleset, where 准备 deals. Screenshots: lobby-play-now-*."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.browser.test_play import _page
from tests.browser.test_table_sizes import SIZES, _boxes, _set_lang

pytestmark = pytest.mark.browser

# (the button under a point: the element there may be its icon)
HIT = "([x, y]) => document.elementFromPoint(x, y)?.closest('[data-testid]')?.dataset.testid"


def test_play_now_is_one_tap_to_a_table(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 1440, 900)
    try:
        page.fill("#name", "一点就开")
        page.click("[data-testid=enter]")
        page.wait_for_selector("[data-testid=play-now-anqing]")
        names = page.eval_on_selector_all("[data-testid=play-now] button", "els => els.map((e) => e.dataset.testid)")
        assert {"play-now-anqing", "play-now-hefei", "play-now-baida"} <= set(names), names
        for lang in ("zh", "en"):
            _set_lang(page, lang)
            for size, (w, h) in SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                page.wait_for_timeout(100)
                where = f"{size} {lang}"
                buttons = _boxes(page, "[data-testid=play-now] button")
                assert len(buttons) == len(names), where
                for b in buttons:
                    assert b["left"] >= 0 and b["right"] <= w and b["top"] >= 0 and b["bottom"] <= h, (where, b)
                    if size.startswith("phone"):
                        assert b["height"] >= 56, (where, b)
                # who is playing, beside the buttons: the name in full, what this new guest has done (sideways
                # the header's avatar chip says who, and the short screen keeps its height for the cards)
                card = _boxes(page, "[data-testid=player-card]")[0]
                assert (card["height"] == 0) == (size == "phone-land"), (where, card)
                assert page.inner_text("[data-testid=me]") == "一点就开", where
                assert card["right"] <= w and card["bottom"] <= h, (where, card)
                assert not any(card["left"] < b["right"] and b["left"] < card["right"] and card["top"] < b["bottom"]
                               and b["top"] < card["bottom"] for b in buttons), (where, card, buttons)
                assert page.text_content("[data-testid=player-name]") == "一点就开", where
                stats = page.text_content("[data-testid=player-stats]")
                new_here = "新来的？先和机器人打一局" if lang == "zh" else "New here? Play a hand with the bots"
                assert stats == new_here, stats
                text = page.inner_text("[data-testid=play-now]")
                assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), (where, text)
                assert ("安庆" in text) == (lang == "zh") and ("Anqing" in text) == (lang == "en"), (where, text)
                assert page.evaluate("document.documentElement.scrollWidth") <= w + 1, where
                # the language switch in sight (on an upright phone the links scroll under it)
                lang_box = _boxes(page, "[data-testid=lang]")[0]
                assert lang_box["right"] <= w + 1 and lang_box["width"] > 20, (where, lang_box)
                mid = [lang_box["left"] + lang_box["width"] / 2, lang_box["top"] + lang_box["height"] / 2]
                hit = page.evaluate(HIT, mid)
                assert hit == "lang", (where, hit)
                page.screenshot(path=str(shots / f"lobby-play-now-{size}-{lang}.png"))
        page.set_viewport_size({"width": 844, "height": 390})
        page.click("[data-testid=play-now-hefei]")
        page.wait_for_selector("[data-testid=ready]")
        room = page.evaluate("window.__mj.st.room")
        assert room["ruleset"] == "hefei", room["ruleset"]
        assert sum(1 for s in room["seats"] if s["bot"]) == 3, room["seats"]
        page.click("[data-testid=ready]")
        page.wait_for_selector("[data-testid=my-hand] .tile", timeout=15000)
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
