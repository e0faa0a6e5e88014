"""The lobby renders every ruleset option from the server's ``option_info``: its label and its explanation
(behind the row's ⓘ) in the chosen language, choices by name, never a raw key (Chromium, real server)."""

from __future__ import annotations

from typing import Any

import pytest

from majiang.rules.option_info import option_infos_of
from majiang.rules.registry import RULESETS
from tests.browser.test_play import _page

pytestmark = pytest.mark.browser


def _check_options(page: Any, ruleset: str, lang: str) -> None:
    page.select_option("#ruleset", ruleset)
    page.wait_for_selector(f"[data-testid=option-{option_infos_of(ruleset)[0].key}]", state="attached")
    form = page.text_content("[data-testid=create-form]")
    for key in RULESETS[ruleset].options_type.__struct_fields__:
        if "_" in key or key == "guoshui":  # the others are English words a help line may use
            assert key not in form, f"raw option key {key!r} shown in the lobby"
    for info in option_infos_of(ruleset):
        row = page.locator(f"[data-testid=option-{info.key}]")
        text = row.text_content()
        assert getattr(info.label, lang) in text, (info.key, text)
        assert getattr(info.help, lang) in text, (info.key, text)
        # (behind its ⓘ: not printed under the option until asked for)
        assert not row.locator(".opt-help").is_visible(), info.key
        if info.choices:
            names = [n.strip() for n in row.locator("[role=radio]").all_text_contents()]
            assert names == [getattr(c, lang) for c in info.choices.values()]


def test_lobby_shows_every_option_with_label_and_help_in_both_languages(browser: Any, server: Any) -> None:
    page = _page(browser, server)
    page.fill("#name", "选项")
    page.click("[data-testid=enter]")
    page.click("[data-testid=open-create]")  # (the create-room form opens in a sheet)
    page.wait_for_selector("#ruleset option[value=hefei]", state="attached")
    for ruleset in ("anqing", "hefei", "baida"):
        _check_options(page, ruleset, "zh")
    page.click("[data-testid=create-close]")  # (the sheet closed: the top bar's language switch again)
    page.click("[data-testid=lang]")
    page.wait_for_function("document.documentElement.lang === 'en'")
    page.click("[data-testid=open-create]")
    page.wait_for_selector("#ruleset option[value=hefei]", state="attached")
    for ruleset in ("anqing", "hefei", "baida"):
        _check_options(page, ruleset, "en")
    assert not page.errors  # type: ignore[attr-defined]


def test_table_shows_the_dice_that_picked_the_first_anqing_dealer(browser: Any, server: Any) -> None:
    from tests.browser.test_play import _enter_and_create

    page = _page(browser, server)
    _enter_and_create(page, "定庄", "anqing", {"mode": "A"})
    page.click("[data-testid=ready]")
    page.wait_for_selector("[data-testid=dealer-dice]", state="attached", timeout=20000)
    # (in the corner menu with the seed's hash, small; the centre panel shows the game's state only)
    assert page.locator(".center-info [data-testid=dealer-dice], .center-info .hash").count() == 0
    page.click("[data-testid=menu]")
    dice = page.wait_for_selector("[data-testid=menu-panel] [data-testid=dealer-dice]", timeout=5000)
    view = page.evaluate("window.__mj.st.view")
    assert len(view["dealer_dice"]) == 2 and view["dealer"] == (sum(view["dealer_dice"]) - 1) % 4
    assert f"= {sum(view['dealer_dice'])}" in dice.inner_text()
    hashed = page.inner_text("[data-testid=menu-panel] [data-testid=seed-hash]")
    assert hashed.startswith("种子哈希 ") and view["seed_hash"][:10] in hashed, hashed
    assert not page.errors  # type: ignore[attr-defined]


def test_no_two_word_lists_give_one_key_two_texts(browser: Any, server: Any) -> None:
    # i18n.js joins each module's words into one table; a key two modules define differently would show
    # whichever came last (the table's 申请解散 once asked with the club's dissolve text)
    page = _page(browser, server)
    try:
        collisions = page.evaluate("async () => (await import('/i18n.js')).COLLISIONS")
        assert collisions == [], collisions
        words = page.evaluate("""async () => { const m = await import('/i18n.js');
            m.setLang('zh'); const zh = m.t('confirm_dissolve'); m.setLang('en');
            return [zh, m.t('confirm_dissolve')]; }""")
        assert words == ["确定申请解散房间？", "Ask to dissolve the room?"], words
    finally:
        page.context.close()


def test_short_choices_are_chips_and_numbers_steppers(browser: Any, server: Any) -> None:
    page = _page(browser, server)
    try:
        page.fill("#name", "筹码")
        page.click("[data-testid=enter]")
        page.click("[data-testid=open-create]")  # (the create-room form opens in a sheet)
        page.wait_for_selector("#ruleset option[value=anqing]", state="attached")
        page.select_option("#ruleset", "anqing")
        chosen = "#opt-mode [aria-checked=true]"
        assert page.get_attribute(chosen, "data-value") == "A"
        page.click("[data-testid=option-mode] > span")  # the label's text chooses nothing
        assert page.get_attribute(chosen, "data-value") == "A"
        page.click("#opt-mode [data-value=A]")
        page.keyboard.press("ArrowRight")  # the arrows move within the group
        assert page.get_attribute(chosen, "data-value") == "B"
        assert page.evaluate("document.activeElement.dataset.value") == "B"
        assert page.locator("#opt-mode [aria-checked=true]").count() == 1
        before = int(page.input_value("#hands"))
        page.click("label[for=hands] .step-up")
        page.click("label[for=hands] .step-up")
        page.click("label[for=hands] .step-down")
        assert int(page.input_value("#hands")) == before + 1
        page.click("label[for=hands] > span")  # the label's text focuses the field, nudges nothing
        assert int(page.input_value("#hands")) == before + 1
        page.click("[data-testid=create]")
        page.wait_for_selector("[data-testid=ready]")
        room = page.evaluate("window.__mj.st.room")
        assert room["options"]["mode"] == "B" and room["settings"]["hands"] == before + 1, room
        assert not page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
