"""Hand analysis from a seat's view only: what a bot (or the terminal's 听 hint) can know.

The view's physical tiles become the hand engine's terms: the wild's copies are jokers and
Anqing's 红中 plays as the wild's face. Everything here reads public rule facts (the tile set,
seven pairs) and the view — never the engine state.
"""

from __future__ import annotations

from functools import lru_cache
from typing import ClassVar

from majiang.bots.draws import draw_finder
from majiang.engine.view import SeatView
from majiang.hand import TileSet, shanten, waits
from majiang.hand.codes import ACCELERATED
from majiang.hand.shanten import shanten_draws
from majiang.rules.registry import entry

Counts = tuple[int, ...]
DEAD = 99  # the shanten reported for a part that can never win


class Reader:
    """Turns a view's physical tiles into (natural counts, jokers) and answers shanten questions."""

    tileset: TileSet | None
    seven_pairs: bool
    kinds: tuple[int, ...]
    wild: int | None
    stand_in: int | None
    wilds: frozenset[int]
    as_natural: list[int]  # plays_as for every physical kind at once (-1: a wild; flowers 34-41 included)
    _near: list[tuple[int, ...]]
    masks: CandidateMasks

    def __init__(self, view: SeatView) -> None:
        # Every decision of a hand reads the tiles the same way: the derived tables are made once per
        # reading (ruleset, wild, stand-in, wild kinds, options: the flags follow them) and shared.
        reading = (view.ruleset, view.wild, view.stand_in, tuple(view.wilds), tuple(view.options.values()))
        known = _READERS.get(reading)
        if known is not None:  # (each attribute named: a compiled class has no __dict__ to copy)
            self.tileset, self.seven_pairs, self.kinds = known.tileset, known.seven_pairs, known.kinds
            self.wild, self.stand_in, self.wilds = known.wild, known.stand_in, known.wilds
            self.as_natural, self._near, self.masks = known.as_natural, known._near, known.masks
            return
        cls = entry(view.ruleset).ruleset
        self.tileset = cls.tileset
        self.seven_pairs = cls(view.options).flags.seven_pairs  # (flags follow the options)
        self.kinds = cls.kinds
        self.wild = view.wild
        self.stand_in = view.stand_in
        self.wilds = frozenset(view.wilds)  # several wild kinds (百搭: e.g. three flowers)
        # read in the hot loops
        self.as_natural = [-1 if t == view.wild or t in self.wilds
                                      else view.wild if t == view.stand_in and view.wild is not None
                                      else t for t in range(42)]
        self._near = _neighbours(self.kinds)
        self.masks = CandidateMasks(self.as_natural, self.wild, self.stand_in)
        if len(_READERS) >= 64:
            _READERS.clear()
        _READERS[reading] = self

    def plays_as(self, t: int) -> int | None:
        """The natural kind a physical tile counts as in hand analysis (None: a wild)."""
        if t == self.wild or t in self.wilds:
            return None
        if t == self.stand_in:
            return self.wild
        return t

    def split(self, tiles: list[int]) -> tuple[list[int], int]:
        natural = [0] * 34
        jokers = 0
        as_natural = self.as_natural
        for t in tiles:
            v = as_natural[t]
            if v < 0:
                jokers += 1
            elif v < 34:  # (a flower that is no wild, held when the wall ran out, is in no set)
                natural[v] += 1
        return natural, jokers

    def shanten(self, natural: list[int] | Counts, jokers: int) -> int:
        if (sum(natural) + jokers) % 3 == 0:
            return DEAD  # a part of 3n tiles can never be completed (a dead hand, e.g. after a refused 直叫)
        return _shanten(tuple(natural), jokers, self.seven_pairs, self.tileset)

    def useful_draws(self, natural: list[int], jokers: int, unseen: list[int]) -> tuple[int, int]:
        """(shanten of a 3n+1 part, how many unseen physical tiles would lower it)."""
        base = self.shanten(natural, jokers)
        count = 0
        for t in self._candidates(natural):
            if t >= len(unseen) or not unseen[t]:  # (unseen counts the 34 kinds; a flower 百搭 is one tile)
                continue
            v = self.plays_as(t)
            if v is None:
                after = self.shanten(natural, jokers + 1)
            else:
                if natural[v] >= 4:
                    continue
                natural[v] += 1
                after = self.shanten(natural, jokers)
                natural[v] -= 1
            if after < base:
                count += unseen[t]
        return base, count

    def _candidates(self, natural: list[int]) -> set[int]:
        # A drawn tile lowers shanten only if it can join a held tile (same kind, or within two
        # ranks in a suit): an isolated tile adds only a leftover, which never counts for more.
        out: set[int] = set()
        near = self._near
        for v, c in enumerate(natural):
            if c:
                out.update(near[v])
        cands = set(out)  # near[] holds kinds of the tile set only
        if self.wild is not None:
            cands.add(self.wild)  # a wild always helps
            if self.stand_in is not None and self.wild in out:  # the wild is a kind of its tile set
                cands.add(self.stand_in)
        return cands

    def waits(self, tiles: list[int]) -> list[int]:
        """Physical kinds that would complete a 3n+1 concealed part (wilds included when any do)."""
        natural, jokers = self.split(tiles)
        if (sum(natural) + jokers) % 3 != 1:
            return []
        found = set(waits(tuple(natural), jokers, self.seven_pairs, self.tileset))
        out = {t for t in self.kinds if self.plays_as(t) in found}
        if found and self.wild is not None:
            out.add(self.wild)
        return sorted(out)


class PartTable:
    """Pure facts about 3n+1 parts under one reading of the tiles (ruleset, wild, stand-in):
    shanten and the physical kinds whose draw would lower it. They do not depend on what is
    unseen, so they are remembered across decisions; a bot weighs the kinds by its unseen counts."""

    # Entries before starting afresh: a hand touches a few hundred, and the tables live as long as the
    # process (a server's bots share them), so they stay small (at 1 << 16 per table and 64 tables, a
    # long-running process grew past 1 GB).
    LIMIT = 1 << 13

    def __init__(self, reader: Reader) -> None:
        self.reader = reader
        self._shanten: dict[tuple[Counts, int], int] = {}
        self._useful: dict[tuple[Counts, int], tuple[int, ...]] = {}
        self._masks: dict[tuple[Counts, int], int] = {}
        self.finder = draw_finder(reader.tileset, reader.seven_pairs)
        self.accelerated = ACCELERATED  # (a test turns it off to compare both paths)
        self.seven_pairs = reader.seven_pairs
        self.tileset = reader.tileset

    def shanten(self, natural: Counts, jokers: int) -> int:
        if self.accelerated:  # the C shanten costs less than remembering it
            if (sum(natural) + jokers) % 3 == 0:
                return DEAD
            return shanten(natural, jokers, self.seven_pairs, self.tileset)
        key = (natural, jokers)
        sh = self._shanten.get(key)
        if sh is None:
            if len(self._shanten) >= self.LIMIT:
                self._shanten.clear()
            sh = self._shanten[key] = self.reader.shanten(natural, jokers)
        return sh

    def useful_mask(self, natural: Counts, jokers: int) -> int:
        """:meth:`useful_kinds` below 34 as a bit mask (bit ``t``: kind ``t``), what a count of unseen
        tiles reads."""
        key = (natural, jokers)
        mask = self._masks.get(key)
        if mask is None:
            if self.accelerated and (sum(natural) + jokers) % 3 == 1:
                # The C path: the lowering and connected kinds of the whole tile set at once, then the
                # candidates' rule (_candidates) on bit masks.
                _, lowering, connected = shanten_draws(natural, jokers, self.seven_pairs, self.tileset)
                mask = self.reader.masks.useful(lowering, connected)
            else:
                mask = sum(1 << t for t in self.useful_kinds(natural, jokers) if t < 34)
            if len(self._masks) >= self.LIMIT:
                self._masks.clear()
            self._masks[key] = mask
        return mask

    def useful_kinds(self, natural: Counts, jokers: int) -> tuple[int, ...]:
        """The physical kinds whose draw would lower the shanten of a 3n+1 part, among those that can
        join a held tile and the wild (``Reader._candidates``), ascending."""
        if self.accelerated and (sum(natural) + jokers) % 3 == 1:
            return self.reader.masks.kinds(self.useful_mask(natural, jokers))
        key = (natural, jokers)
        kinds = self._useful.get(key)
        if kinds is not None:
            return kinds
        reader = self.reader
        cands = sorted(reader._candidates(list(natural)))
        if (sum(natural) + jokers) % 3 == 1:
            # The fast path: every draw tried against the other groups' combined blocks.
            as_natural = reader.as_natural
            vs = sorted({v for t in cands if (v := as_natural[t]) >= 0})
            _, lowering = self.finder.lowering(natural, jokers, vs)
            good = set(lowering)
            # A wild lowers the need of any 3n+1 part by one: it fits anywhere.
            out = [t for t in cands if (v := as_natural[t]) < 0 or v in good]
        else:  # a dead part (3n tiles): every candidate "helps" as in the plain definition
            out = self._useful_slow(natural, jokers, cands)
        if len(self._useful) >= self.LIMIT:
            self._useful.clear()
        kinds = self._useful[key] = tuple(out)
        return kinds

    def _useful_slow(self, natural: Counts, jokers: int, cands: list[int]) -> list[int]:
        base = self.shanten(natural, jokers)
        reader = self.reader
        work = list(natural)
        out = []
        for t in cands:
            v = reader.plays_as(t)
            if v is None:
                after = self.shanten(natural, jokers + 1)
            else:
                if work[v] >= 4:
                    continue
                work[v] += 1
                after = self.shanten(tuple(work), jokers)
                work[v] -= 1
            if after < base:
                out.append(t)
        return out


class PartMemo:
    """A :class:`PartTable` per reading of the tiles; shared by every bot in the process (the facts
    are pure, so sharing changes no choice)."""

    _tables: ClassVar[dict[tuple[object, ...], PartTable]] = {}
    TABLES = 16  # readings kept (a reading per ruleset and wild; a table plays one reading a hand)

    def table(self, reader: Reader) -> PartTable:
        # every wild kind: with baida's seven_baida two sets of 百搭 can share their lowest kind
        key = (reader.seven_pairs, reader.tileset, reader.wild, reader.stand_in, reader.wilds)
        t = self._tables.get(key)
        if t is None:
            if len(self._tables) > self.TABLES:
                self._tables.clear()
            t = self._tables[key] = PartTable(reader)
        return t


class CandidateMasks:
    """``Reader._candidates`` and the useful kinds on bit masks over the 34 kinds, for the C path:
    from a part's lowering and connected natural kinds (``shanten_draws``), its useful physical kinds."""

    def __init__(self, as_natural: list[int], wild: int | None, stand_in: int | None) -> None:
        self.plain = sum(1 << t for t in range(34) if as_natural[t] == t)
        self.wild_kinds = sum(1 << t for t in range(34) if as_natural[t] < 0)
        # physical kinds that play as another natural kind (Anqing's 红中): (kind, plays as)
        self.mapped = tuple((t, as_natural[t]) for t in range(34) if as_natural[t] not in (t, -1))
        self.wild = wild
        self.stand_in = stand_in
        # a wild always helps; a flower 百搭 lies beyond the 34 kinds' bits
        self.wild_bit = 1 << wild if wild is not None and wild < 34 else 0
        self.tail: tuple[int, ...] = (wild,) if wild is not None and wild >= 34 else ()

    def useful(self, lowering: int, connected: int) -> int:
        """The candidates below 34 (as ``Reader._candidates``: the kinds that can join a held tile,
        and the wild) that would lower the part, as a mask: a wild always, a natural kind when
        ``lowering`` has it (the kind it plays as, for a stand-in)."""
        out = (connected & ((self.plain & lowering) | self.wild_kinds)) | self.wild_bit
        wild = self.wild
        for t, v in self.mapped:
            if (connected >> t & 1 or (t == self.stand_in and wild is not None and connected >> wild & 1)) \
                    and lowering >> v & 1:
                out |= 1 << t
        return out

    def kinds(self, mask: int) -> tuple[int, ...]:
        """The kinds of a :meth:`useful` mask, ascending, and a flower 百搭 (always useful) after them."""
        kinds = []
        while mask:
            low = mask & -mask
            kinds.append(low.bit_length() - 1)
            mask ^= low
        return (*kinds, *self.tail)


def count_in(mask: int, counts: int) -> int:
    """The sum of ``counts`` (one byte per kind, kind 0 lowest: ``int.from_bytes(bytes(c), 'little')``)
    over the kinds of ``mask``: a few big-int operations instead of a loop over its bits."""
    spread = _SPREAD
    picked = (spread[mask & 511] | spread[mask >> 9 & 511] << 72 | spread[mask >> 18 & 511] << 144
              | spread[mask >> 27 & 511] << 216)
    return sum((counts & picked).to_bytes(34, "little"))


# _SPREAD[m]: 0xFF in byte r for each bit r of a 9-bit m
_SPREAD = [sum(0xFF << (8 * r) for r in range(9) if m >> r & 1) for m in range(512)]
_READERS: dict[tuple[object, ...], Reader] = {}  # one per reading of the tiles (Reader.__init__)


@lru_cache(maxsize=8)
def _neighbours(kinds: tuple[int, ...]) -> list[tuple[int, ...]]:
    """For each kind, the kinds of the tile set a draw of which could join it (same kind, or within two
    ranks of a suit)."""
    present = set(kinds)
    out = []
    for v in range(34):
        if v >= 27:
            near = [v]
        else:
            lo, hi = v - v % 9, v - v % 9 + 8
            near = list(range(max(lo, v - 2), min(hi, v + 2) + 1))
        out.append(tuple(w for w in near if w in present))
    return out


@lru_cache(maxsize=1 << 17)
def _shanten(natural: Counts, jokers: int, seven_pairs: bool, tileset: TileSet | None) -> int:
    return shanten(natural, jokers, seven_pairs, tileset)
