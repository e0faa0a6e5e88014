"""The table's choices, by clicking in Chromium against a real server and bots: the chi chooser when a
discard can be taken in more than one way, the 报听 declaration (pick the tile, then the seat shows it
declared), and the 听 hint bar showing the server's waits with their unseen counts.

The human plays the greedy bot's move for each view the page holds (read from `window.__mj.st.view`)
by clicking the button or tile for it, so it reaches ready hands; when several chis are on offer it
takes one through the chooser on purpose. The situation is set up, not waited for: the greedy bot
and the server's bots (the strong bot) are deterministic, so the test plays seeded first hands here,
as the table will play them, picks the first seeds whose hand shows everything it checks, and has
the server deal exactly that hand (the test hook, docs/server.md).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from majiang.bots import make_bot
from majiang.bots.levels import DEFAULT_LEVEL, level_bot
from majiang.engine import Chi, Declare, Discard, Pass
from majiang.engine.view import SeatView, seat_view, unseen_counts
from tests.browser.test_play import _click, _enter_and_create, _page
from tests.server.harness import OPERATOR, asked_seats, auth, first_seeds

HANDS = 40  # the rooms' length (the seeded match played here is the same match)
HUMAN = 0  # the room's creator; the server's bots sit in 1-3

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


def _human_move(bot: Any, view: SeatView) -> Any:
    """What the human clicks for a view nothing here is checking: the greedy bot's choice, but a pass
    where it would take one of several chi (the chooser is checked once, on purpose)."""
    action = bot.choose(view)
    if isinstance(action, Chi) and sum(isinstance(a, Chi) for a in view.legal) > 1:
        return Pass()
    return action


def _play_until(page: Any, shots: Path, label: str, want: set[str]) -> set[str]:
    """Play greedy moves by clicking, within the first hand (dealt from seeds chosen for it), until every
    check in ``want`` (chooser, declare, hint) has been seen; returns the ones seen."""
    bot = make_bot("greedy", 7)
    seen: set[str] = set()
    while not want <= seen:
        assert not page.locator("[data-testid=settlement]").count(), f"the hand ended with only {seen} seen"
        page.wait_for_function("""() => { const st = window.__mj && window.__mj.st;
            return document.querySelector('[data-testid=settlement]')
                || (st && st.view && !st.pending && (st.view.legal || []).length > 0); }""", timeout=30000)
        view = _view(page)
        if view is None:
            continue  # (the settlement: failed above)
        if "hint" in want and "hint" not in seen and _check_hint(page):
            seen.add("hint")
            page.screenshot(path=str(shots / f"{label}-hint.png"))
        me = view.seat
        assert me == HUMAN
        chis = [a for a in view.legal if isinstance(a, Chi)]
        if "chooser" in want and "chooser" not in seen and len(chis) > 1:
            melds = len(view.seats[me].melds)
            assert view.claim is not None
            claimed = view.claim.tile
            _check_chooser(page, chis, claimed)
            page.screenshot(path=str(shots / f"{label}-chooser.png"))
            assert _click(page.locator("[data-testid=choice-1]"))
            # the window closes and the chi is made (the seeds were chosen for that)
            page.wait_for_function("window.__mj.st.view && !window.__mj.st.view.claim", timeout=10000)
            meld = page.evaluate(f"window.__mj.st.view.seats[{me}].melds[{melds}] || null")
            assert meld is not None and meld["kind"] == "chi", meld
            assert sorted(meld["tiles"]) == sorted([*chis[1].tiles, claimed]), meld
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
        asked = page.evaluate("window.__mj.st.asked")
        _click_action(page, view, _human_move(bot, view))
        page.wait_for_function("(asked) => { const st = window.__mj.st; return st.asked !== asked "
                               "|| !st.view || st.view.phase === 'over'; }", arg=asked, timeout=30000)
    return seen


def _first_hand_shows(want: set[str]) -> Callable[[Any], bool]:
    """Whether the first hand of a match, played as the table will play it (the clicks of
    :func:`_play_until` for the human, the server's bots in seats 1-3), shows all of ``want``: the hint
    at one of the human's turns, a chi of several ways taken through the chooser and made, a 报听 offered."""
    def shows(match: Any) -> bool:
        hand = match.hand
        bot = make_bot("greedy", 7)
        bots = {s: make_bot(level_bot(DEFAULT_LEVEL), 0) for s in range(4) if s != HUMAN}
        seen: set[str] = set()
        chi_melds: int | None = None  # the human's meld count when it took a chi through the chooser
        for s in asked_seats(hand):
            if want <= seen:
                break
            if s != HUMAN:
                match.apply(s, bots[s].choose(seat_view(hand, s)))
            else:
                view = seat_view(hand, s, hint=True)
                if view.ting is not None and view.ting.waits:
                    seen.add("hint")
                chis = [a for a in view.legal if isinstance(a, Chi)]
                declares = [a for a in view.legal if isinstance(a, Declare)]
                if "chooser" in want and "chooser" not in seen and chi_melds is None and len(chis) > 1:
                    chi_melds = len(view.seats[s].melds)
                    match.apply(s, chis[1])
                elif "declare" in want and "declare" not in seen and declares:
                    choice = bot.choose(view)
                    match.apply(s, choice if isinstance(choice, Declare) else declares[0])
                    seen.add("declare")
                else:
                    match.apply(s, _human_move(bot, view))
            if chi_melds is not None and hand.phase != "claim":
                if len(hand.seat_state[HUMAN].melds) <= chi_melds:
                    return False  # another seat's claim outranked the chi: not this deal
                seen.add("chooser")
                chi_melds = None
        return want <= seen
    return shows


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


CHOICES = [  # (label, ruleset, options, what must be seen)
    ("anqing", "anqing", {"mode": "A"}, {"chooser", "hint"}),
    ("hefei", "hefei", {"room": "baoting"}, {"declare", "hint"}),
]


@pytest.mark.parametrize(("label", "ruleset", "options", "want"), CHOICES,
                         ids=["chi-chooser-and-hint", "baoting-declare-and-hint"])
def test_choices_by_clicking(browser: Any, server: Any, shots: Path, label: str, ruleset: str,
                             options: dict[str, str], want: set[str]) -> None:
    seed, match_seed = first_seeds(ruleset, options, HANDS, "ch", _first_hand_shows(want), tries=600)
    page = _page(browser, server)
    try:
        code = _enter_and_create(page, f"选择{label}", ruleset, options, hands=HANDS)
        r = httpx.post(f"{server.base}/api/rooms/{code}/test-deal", headers=auth(OPERATOR),
                       json={"seeds": [seed], "match_seed": match_seed}, timeout=10)
        assert r.status_code == 200, r.text
        page.click("[data-testid=ready]")
        seen = _play_until(page, shots, f"choices-{label}", want)
        assert seen == want, seen
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
