"""The fast policy the searching bot plays its imagined hands out with, and the playout itself.

A playout runs on an engine :class:`Hand` the bot imagined (majiang.bots.world), so the policy reads
that hand directly — its tiles are a guess, not anything hidden — and is cheap: one C
``discard_shantens`` call per turn. Every seat, this one included, plays by it:

* a win is always taken; a 杠牌 always laid open, a 直叫 always made;
* claims are passed (a claim changes a playout's value little, and asking costs a look-up per seat);
* the discard leaves the lowest *effective* shanten (the greedy bot's: ``max(shanten, gap − 1)``, the gap
  being Hefei's tiles missing from eight in a suit, or Anqing mode B's tiles of the suit still to shed);
  ties go to the least connected tile (a lone honor, then a tile with no neighbour), a wild last;
  the rest of a tie is broken by the playout's own random generator;
* 报听 is declared whenever offered (it is offered only on a ready discard).
"""

from __future__ import annotations

import random

from majiang.core.actions import Action, Declare, Discard, Expose, Pass, WildKong, Win
from majiang.engine.hand import Hand
from majiang.hand.shanten import discard_shantens
from majiang.rules.base import Ruleset

MAX_STEPS = 600  # a hand is about 150 actions; a stuck playout counts as nothing won or lost


class FastPolicy:
    """The playout policy for one reading of the tiles (a hand's wild and stand-in)."""

    def __init__(self, ruleset: Ruleset, as_natural: list[int], *, mode_b: bool, need_eight: bool) -> None:
        self.tileset = ruleset.tileset
        self.seven_pairs = ruleset.flags.seven_pairs
        self.as_natural = as_natural  # physical kind -> natural kind (-1 a wild, >= 34 a flower in no set)
        self.mode_b = mode_b
        self.need_eight = need_eight

    def act(self, hand: Hand, seat: int, rng: random.Random) -> Action:
        legal = hand._legal(seat)
        assert legal
        if len(legal) == 1:
            return legal[0]
        if hand.phase == "claim":
            for a in legal:
                if type(a) is Win:
                    return a
            return legal[0]  # Pass comes first
        discards: list[Action] = []
        for a in legal:
            kind = type(a)
            if kind is Win or kind is Expose or kind is WildKong:
                return a
            if kind is Discard or kind is Declare:
                discards.append(a)
        if not discards:
            return next((a for a in legal if type(a) is Pass), legal[0])
        return self._discard(hand, seat, discards, rng)

    def _discard(self, hand: Hand, seat: int, options: list[Action], rng: random.Random) -> Action:
        st = hand.seat_state[seat]
        melds = [t for m in st.melds for t in m.tiles] if st.melds else []
        allowed = {a.tile for a in options}  # type: ignore[union-attr]
        keys = self.discard_keys(st.held, melds, rng, allowed)
        best: tuple[int, int, float, int] | None = None
        choice = options[0]
        for a in options:
            k = keys.get(a.tile)  # type: ignore[union-attr]
            if k is None:
                continue
            key = (*k, 0 if type(a) is Declare else 1)
            if best is None or key < best:
                best, choice = key, a
        return choice

    def best_discard(self, held: list[int], melds: list[int], rng: random.Random) -> int:
        """The tile this policy throws from ``held`` (3n+2 tiles, ``melds`` the tiles of its melds)."""
        keys = self.discard_keys(held, melds, rng)
        return min(keys, key=keys.__getitem__)

    def discard_keys(self, held: list[int], melds: list[int], rng: random.Random,
                     allowed: set[int] | None = None) -> dict[int, tuple[int, int, float]]:
        """Per distinct held tile (of ``allowed``, if given) whose throw leaves the lowest effective
        shanten: (that shanten, how connected the tile is, a random tie-break); the lowest goes. The
        others cannot be chosen, so their connection (the dear part) is not worked out."""
        as_natural = self.as_natural
        natural = [0] * 34
        jokers = 0
        for t in held:
            v = as_natural[t]
            if v < 0:
                jokers += 1
            elif v < 34:
                natural[v] += 1
        after = discard_shantens(natural, jokers, self.seven_pairs, self.tileset) \
            if (sum(natural) + jokers) % 3 == 2 else None
        gaps = self._gaps(melds, natural) if (self.mode_b or self.need_eight) else None
        effs: dict[int, int] = {}
        for t in held:
            if t in effs or (allowed is not None and t not in allowed):
                continue
            v = as_natural[t]
            if v >= 34:
                effs[t] = -1  # a flower in no set: always the first to go
                continue
            sh = (after[34] if v < 0 else after[v]) if after is not None else 0
            eff = sh if sh is not None else 9
            if gaps is not None:
                gap = gaps[v // 9 if 0 <= v < 27 else 3]
                if gap > eff:
                    eff = gap
            effs[t] = eff
        if not effs:
            return {}
        low = min(effs.values())
        keys: dict[int, tuple[int, int, float]] = {}
        for t, eff in effs.items():
            if eff == low:
                v = as_natural[t]
                keys[t] = (eff, 0 if v >= 34 else 99 if v < 0 else _connection(natural, v), rng.random())
        return keys

    def _gaps(self, melds: list[int], natural: list[int]) -> list[int]:
        """The goal gap − 1 after throwing a tile of each suit (and of no suit, item 3)."""
        suits = [sum(natural[0:9]), sum(natural[9:18]), sum(natural[18:27])]
        for t in melds:
            v = self.as_natural[t]
            if 0 <= v < 27:
                suits[v // 9] += 1
        out = []
        for s in range(4):
            held = [h - (i == s) for i, h in enumerate(suits)]
            out.append(self._gap(held) - 1)
        return out

    def _gap(self, held: list[int]) -> int:
        if self.mode_b:  # every tile of the smallest suit must go while all three are held
            return min(held) if all(held) else 0
        return max(0, 8 - max(held))  # Hefei: tiles still missing from eight in the longest suit


def _connection(natural: list[int], v: int) -> int:
    """How much a held natural tile belongs with the others (thrown lowest first)."""
    same = natural[v] - 1
    if v >= 27:
        return 3 * same
    r = v % 9
    base = v - r
    near = 0
    for d in (-2, -1, 1, 2):
        if 0 <= r + d <= 8:
            near += (2 if d in (-1, 1) else 1) * min(1, natural[base + r + d])
    return 3 * same + near + (0 if r in (0, 8) else 1)


def play_out(hand: Hand, seat: int, policy: FastPolicy, rng: random.Random) -> int:
    """Play ``hand`` to its end with ``policy`` at every seat; ``seat``'s points from the settlement."""
    for _ in range(MAX_STEPS):
        if hand.phase == "over":
            break
        s = hand.to_act()[0]
        hand.apply(s, policy.act(hand, s, rng))
    settlement = hand.settlement
    return settlement.totals[seat] if settlement is not None else 0
