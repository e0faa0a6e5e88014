"""What the table does for a seat that is not there to decide: its clock ran out, it is in 托管
(auto-play) or its connection dropped.

Kept below the server so the rule is a pure function of the legal list and the ruleset: the server
asks it, tests ask it, and the bots never have to know about it.
"""

from __future__ import annotations

from majiang.core.actions import Action, Discard, Pass, Win
from majiang.rules.base import Ruleset

WIN = Win()
PASS = Pass()


def absent_win(ruleset: Ruleset, legal: list[Action]) -> Action | None:
    """``Win`` when the ruleset has the system take any legal win for an absent seat (Hefei: "玩家托管、
    断线或者超时，系统也会代替玩家自动胡牌") and one is legal now, else None. The legal list already holds
    every condition of the win (in a 报听 room a discard win is offered only to a declared seat)."""
    if ruleset.flags.absent_takes_win and WIN in legal:
        return WIN
    return None


def claim_timeout_action(ruleset: Ruleset, legal: list[Action]) -> Action | None:
    """A claim window's clock ran out for a seat: take the win where :func:`absent_win` says so,
    otherwise pass (None when passing is not possible: the seat has nothing to decide)."""
    win = absent_win(ruleset, legal)
    if win is not None:
        return win
    return PASS if PASS in legal else None


def missed_turn_action(ruleset: Ruleset, legal: list[Action], drawn: int | None) -> Action | None:
    """A seat's turn clock ran out once (not yet 托管): take the win where :func:`absent_win` says so,
    else discard the tile just drawn (摸切), as a player who looked away would; None when that tile
    may not be discarded (after a call there is none): the bot then picks the discard."""
    win = absent_win(ruleset, legal)
    if win is not None:
        return win
    if drawn is not None and Discard(drawn) in legal:
        return Discard(drawn)
    return None
