"""The table's choices, by clicking in Chromium against a real server and bots: the chi chooser when a
discard can be taken in more than one way, the 报听 declaration (pick the tile, then the seat shows it
declared), and the 听 hint bar showing the server's waits with their unseen counts.

The human plays the greedy bot's move for each view the page holds (read from `window.__mj.st.view`)
by clicking the button or tile for it, so it reaches ready hands; when several chis are on offer it
takes one through the chooser on purpose. Deals are random, so each test plays hands until what it
checks has happened (or fails after its time limit, which a miss by chance is far from reaching).
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import msgspec
import pytest

from majiang.bots import make_bot
from majiang.engine import Chi, Declare, Discard, Pass
from majiang.engine.view import SeatView, unseen_counts
from tests.browser.test_play import _click, _enter_and_create, _page

pytestmark = pytest.mark.browser


def _view(page: Any) -> SeatView | None:
    raw = page.evaluate("window.__mj && window.__mj.st.view && !window.__mj.st.pending"
                        " && window.__mj.st.view.phase !== 'over' ? window.__mj.st.view : null")
    return msgspec.convert(raw, SeatView) if raw else None


def _click_action(page: Any, view: SeatView, action: Any) -> bool:
    """Carry out ``action`` the way a player would: a tile for a discard, else its button (and the
    chooser's matching choice when the button stands for several)."""
    if isinstance(action, Discard):
        return _click(page.locator(f"[data-testid=my-hand] button.tile.can[data-tile='{action.tile}']"))
    if isinstance(action, Declare):
        if not _click(page.locator("[data-testid=act-declare]")):
            return False
        page.wait_for_selector("[data-testid=my-hand].declaring", timeout=3000)
        return _click(page.locator(f"[data-testid=my-hand] button.tile.can.declare-pick[data-tile='{action.tile}']"))
    kind = msgspec.to_builtins(action)["type"]
    same = [a for a in view.legal if msgspec.to_builtins(a)["type"] == kind]
    if not _click(page.locator(f"[data-testid=act-{kind}]")):
        return False
    if len(same) > 1:
        page.wait_for_selector("[data-testid=chooser]", timeout=3000)
        return _click(page.locator(f"[data-testid=choice-{same.index(action)}]"))
    return True


def _past_settlement(page: Any) -> bool:
    """Between hands (the settlement shown): ask for the next hand, if offered; True when it was the
    settlement, so the caller looks at the table again."""
    if not page.locator("[data-testid=settlement]").count():
        return False
    nxt = page.locator("[data-testid=next-hand]")
    if nxt.count():
        _click(nxt)
    page.wait_for_timeout(100)
    return True


def _check_hint(page: Any) -> bool:
    """When the seat is waiting, the hint bar lists the server's waits, each with its unseen count.
    The view and the bar are read in one evaluation: the page renders each view as it arrives, so
    the two always belong together."""
    got = page.evaluate("""() => {
        const v = window.__mj && window.__mj.st.view;
        if (!v || v.phase === 'over' || !v.ting || !v.ting.waits.length) return null;
        const shown = [...document.querySelectorAll('[data-testid=hint] [data-wait]')]
            .map((e) => [Number(e.dataset.wait), Number(e.dataset.unseen)]);
        return {view: v, shown};
    }""")
    if not got:
        return False
    view = msgspec.convert(got["view"], SeatView)
    assert view.ting is not None
    unseen = unseen_counts(view)
    assert got["shown"] == [[w, unseen[w]] for w in view.ting.waits], (got["shown"], view.ting)
    return True


def _play_until(page: Any, shots: Path, label: str, want: set[str], deadline_s: float) -> set[str]:
    """Play greedy moves by clicking, through as many hands as it takes, until every check in
    ``want`` (chooser, declare, hint) has been seen; returns the ones seen."""
    bot = make_bot("greedy", 7)
    seen: set[str] = set()
    deadline = time.monotonic() + deadline_s
    while time.monotonic() < deadline and not want <= seen:
        if _past_settlement(page):
            continue
        view = _view(page)
        if view is None:
            page.wait_for_timeout(50)
            continue
        if "hint" in want and "hint" not in seen and _check_hint(page):
            seen.add("hint")
            page.screenshot(path=str(shots / f"{label}-hint.png"))
        if not view.legal:
            page.wait_for_timeout(50)
            continue
        me = view.seat
        assert me is not None
        chis = [a for a in view.legal if isinstance(a, Chi)]
        if "chooser" in want and "chooser" not in seen and len(chis) > 1:
            melds = len(view.seats[me].melds)
            assert view.claim is not None
            claimed = view.claim.tile
            _check_chooser(page, chis, claimed)
            page.screenshot(path=str(shots / f"{label}-chooser.png"))
            assert _click(page.locator("[data-testid=choice-1]"))
            # the window closes: the chi is made, or another seat's peng/kong outranked it
            page.wait_for_function("window.__mj.st.view && !window.__mj.st.view.claim", timeout=10000)
            meld = page.evaluate(f"window.__mj.st.view.seats[{me}].melds[{melds}] || null")
            if meld is not None:
                assert meld["kind"] == "chi" and sorted(meld["tiles"]) == sorted([*chis[1].tiles, claimed]), meld
                seen.add("chooser")
            continue
        declares = [a for a in view.legal if isinstance(a, Declare)]
        if "declare" in want and "declare" not in seen and declares:
            choice = bot.choose(view)
            assert _click_action(page, view, choice if isinstance(choice, Declare) else declares[0])
            page.wait_for_function(f"window.__mj.st.view && window.__mj.st.view.seats[{me}].declared", timeout=5000)
            page.wait_for_selector(".seat-me .chip.ting", timeout=5000)  # the seat shows 已报听
            page.screenshot(path=str(shots / f"{label}-declared.png"))
            seen.add("declare")
            continue
        action = bot.choose(view)
        if isinstance(action, Chi) and len(chis) > 1:
            action = Pass()  # (the chooser is checked above, once)
        _click_action(page, view, action)
        page.wait_for_timeout(30)
    return seen


def _check_chooser(page: Any, chis: list[Chi], claimed: int) -> None:
    """吃 with several ways: the button says how many, the chooser shows each way's tiles (the two
    from the hand and the claimed one)."""
    button = page.locator("[data-testid=act-chi]")
    assert f"×{len(chis)}" in button.inner_text()
    assert _click(button)
    page.wait_for_selector("[data-testid=chooser]", timeout=3000)
    for i, chi in enumerate(chis):
        tiles = page.eval_on_selector_all(f"[data-testid=choice-{i}] [data-tile]",
                                          "els => els.map(e => Number(e.dataset.tile))")
        assert sorted(tiles) == sorted([*chi.tiles, claimed]), (i, tiles, chi)
    assert page.locator("[data-testid=chooser] button.choice").count() == len(chis)


CHOICES = [  # (label, ruleset, options, what must be seen, seconds allowed)
    ("anqing", "anqing", {"mode": "A"}, {"chooser", "hint"}, 300),  # several chis are a rare offer
    ("hefei", "hefei", {"room": "baoting"}, {"declare", "hint"}, 240),
]


@pytest.mark.parametrize(("label", "ruleset", "options", "want", "deadline_s"), CHOICES,
                         ids=["chi-chooser-and-hint", "baoting-declare-and-hint"])
def test_choices_by_clicking(browser: Any, server: Any, shots: Path, label: str, ruleset: str,
                             options: dict[str, str], want: set[str], deadline_s: float) -> None:
    page = _page(browser, server)
    try:
        _enter_and_create(page, f"选择{label}", ruleset, options, hands=40)
        page.click("[data-testid=ready]")
        seen = _play_until(page, shots, f"choices-{label}", want, deadline_s=deadline_s)
        assert seen == want, seen
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
