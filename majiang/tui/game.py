"""The terminal game: one human seat against three bots, line by line on stdin/stdout.

Plain lines (no cursor control) keep it usable in any terminal, over ssh and in a test's
pseudo-terminal. The human sees exactly a seat's view, like any remote player.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import TextIO

from majiang.bots import make_bot
from majiang.core.actions import Action
from majiang.core.events import Event, HandEnded, redact
from majiang.engine.match import Match
from majiang.engine.view import seat_view
from majiang.rules.base import Ruleset
from majiang.tui.narrate import describe_event, settlement_lines
from majiang.tui.render import action_lines, hand_lines, table_lines


class Quit(Exception):
    """The player typed q (or the input closed)."""


class TerminalGame:
    def __init__(self, ruleset: Ruleset, *, seed: str, hands: int, human: int = 0, bot: str = "greedy",
                 out: TextIO, read: Callable[[str], str]) -> None:
        self.ruleset = ruleset
        self.human = human
        self.match = Match(ruleset, hands=hands, seed=seed)
        self.bots = {
            s: make_bot(bot, int.from_bytes(hashlib.sha256(f"{seed}:tui:{s}".encode()).digest()[:8], "big"))
            for s in range(ruleset.seats)
            if s != human
        }
        self.out = out
        self.read = read
        opts = ruleset.options_dict()
        extra = opts.get("mode") or opts.get("room") or ""
        self.title = f"{ruleset.title} {ruleset.name} {extra}".strip()

    def say(self, *lines: str) -> None:
        self.out.write("\n".join(lines) + "\n")
        self.out.flush()

    def play(self) -> int:
        try:
            while True:
                self.play_hand()
                if self.match.finished:
                    break
                self.ask_continue()
                self.match.next_hand()
        except Quit:
            self.say("bye.")
            return 0
        self.say(f"match over after {self.match.hand_no} hands — totals: {self.match.totals}")
        return 0

    def play_hand(self) -> None:
        hand = self.match.hand
        self.show_events(list(hand.events))
        while not hand.over:
            seat = hand.to_act()[0]
            action = self.ask(seat) if seat == self.human else self.bots[seat].choose(seat_view(hand, seat))
            self.show_events(self.match.apply(seat, action))

    def show_events(self, events: list[Event]) -> None:
        for e in events:
            seen = redact(e, self.human)
            if isinstance(seen, HandEnded):
                self.say("", "== hand over ==", *settlement_lines(seen), f"  match totals: {self.match.totals}")
                continue
            text = describe_event(seen)
            if text:
                self.say(text.replace(f"seat {self.human} ", f"seat {self.human} (you) "))

    def ask(self, seat: int) -> Action:
        view = seat_view(self.match.hand, seat, hint=True)
        legal = view.legal
        self.say("", *table_lines(view, self.title), *hand_lines(view), "actions:", *action_lines(legal, view))
        while True:
            raw = self.read(f"choose 1-{len(legal)} (q quits): ").strip()
            if raw.lower() in ("q", "quit", "exit"):
                raise Quit
            if not raw.isdigit():
                self.say(f"not a number: {raw!r} — type the number of an action, 1 to {len(legal)}")
                continue
            n = int(raw)
            if not 1 <= n <= len(legal):
                self.say(f"there is no action {n}: choose from 1 to {len(legal)}")
                continue
            return legal[n - 1]

    def ask_continue(self) -> None:
        raw = self.read("press Enter for the next hand (q quits): ").strip()
        if raw.lower() in ("q", "quit", "exit"):
            raise Quit
