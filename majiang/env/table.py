"""The table every environment wrapper drives: a match of ``hands`` hands, observations from seat
views, actions by index. It has no gymnasium/pettingzoo dependency (numpy only), so the vector
helper and the benchmark use it directly.
"""

from __future__ import annotations

import copy
import operator
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final, SupportsIndex

from majiang.core.actions import Action
from majiang.engine.hand import Hand
from majiang.engine.match import Match
from majiang.engine.view import SeatView, seat_view
from majiang.env.actions import N_ACTIONS, indices, mask_bytes_checked
from majiang.env.fast import fast
from majiang.env.observation import C
from majiang.env.tracker import HandPlanes, L
from majiang.rules.registry import make_ruleset

if TYPE_CHECKING:
    import numpy as np  # (imported where used: `import majiang.env` stays under 60 ms, numpy alone ~60-90)

SEATS: Final = 4
_NO_MASK: Final = bytes(N_ACTIONS)
_POOL: Final = 64  # observations per pool of rows (see EnvTable._new_pool)


def table_options(ruleset: str, mode: str | None = None, room: str | None = None,
                  options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Ruleset options from the ``mode=`` / ``room=`` shorthands plus explicit ``options``
    (anqing: mode A|B; hefei: room baoting|bubaoting). Raises ValueError naming the clash."""
    out = dict(options or {})
    if ruleset == "anqing":
        if room is not None:
            raise ValueError("room= is for hefei; anqing takes mode='A' or 'B'")
        if mode is not None:
            out["mode"] = mode.upper()
    elif ruleset == "hefei":
        chosen = room or mode
        if mode is not None and room is not None and mode != room:
            raise ValueError(f"mode={mode!r} and room={room!r} disagree")
        if chosen is not None:
            out["room"] = chosen
    elif mode is not None or room is not None:
        raise ValueError(f"mode= and room= are for anqing and hefei; give {ruleset}'s options in options=")
    return out


def _seat(seat: SupportsIndex) -> int:
    """A seat number from a caller: an int or anything that is one (a numpy integer), 0–3."""
    try:
        s = operator.index(seat)
    except TypeError:
        raise TypeError(f"a seat is an int 0–{SEATS - 1}, got {seat!r}") from None
    if not 0 <= s < SEATS:
        raise ValueError(f"there is no seat {s}: seats are 0–{SEATS - 1}")
    return s


class EnvTable:
    """One match; ``reset`` starts it, ``step(index)`` plays the acting seat's choice."""

    def __init__(self, ruleset: str = "anqing", *, mode: str | None = None, room: str | None = None,
                 options: Mapping[str, Any] | None = None, seed: object = 0, hands: SupportsIndex = 1) -> None:
        # (the arguments as a caller's numpy code may give them: typed loosely, converted here)
        n_hands = operator.index(hands)
        if n_hands < 1:
            raise ValueError(f"hands must be at least 1, got {n_hands}")
        self.ruleset = make_ruleset(ruleset, table_options(ruleset, mode, room, dict(options or {})))
        self.hands = n_hands
        self.base_seed = str(seed)
        self.episode = 0
        self.match: Match | None = None
        self._view_key: tuple[Hand, int, int] | None = None  # (hand, step, seat) of the cached view
        self._view: SeatView | None = None
        # The legal index of one (hand, step, seat): observe builds it, step then looks the choice up.
        self._legal_hand: Hand | None = None
        self._legal_step = -1
        self._legal_seat = -1
        self._idx: list[int] = []  # the decision's action indices, in the engine's legal order
        self._acts: list[Action] = []  # the legal actions, in that order
        self._index: dict[int, Action] | None = None  # index → action, built only when asked for
        self._mask: bytes | bytearray = _NO_MASK  # the same decision's mask (copied out: callers may write to theirs)
        self._planes: HandPlanes | None = None  # the current hand's planes, kept from its events
        self._k = 0  # the next row of the pool (see _new_pool)
        self._pool_planes = bytearray()
        self._pool_masks = bytearray()
        self._obs_rows: list[np.ndarray] = []
        self._mask_rows: list[np.ndarray] = []
        self._new_pool()

    def __deepcopy__(self, memo: dict[int, object]) -> EnvTable:
        """An independent table at the same point, to branch an episode (tree search, what-ifs):
        the match is deep-copied (its hand replayed from the log), the ruleset shared, and the copy
        gets observation rows of its own, so neither side's observations write into the other's."""
        twin = copy.copy(self)
        memo[id(self)] = twin
        twin.match = copy.deepcopy(self.match, memo)
        twin._view_key, twin._view = None, None
        twin._legal_hand, twin._legal_step, twin._legal_seat = None, -1, -1
        twin._idx, twin._acts, twin._index, twin._mask = [], [], None, _NO_MASK
        twin._planes = None
        twin._new_pool()
        return twin

    # --- the match ---------------------------------------------------------------------
    def reset(self, seed: object = None) -> None:
        """A new match. With ``seed`` the match is that seed's; without, the next one of the
        table's own sequence (so a run of episodes is reproducible from the table's seed)."""
        if seed is not None:
            self.base_seed = str(seed)
            self.episode = 0
        self.episode += 1
        self.match = Match(self.ruleset, hands=self.hands, seed=f"{self.base_seed}:env:{self.episode}")
        self._view_key = None
        self._legal_hand = None

    @property
    def hand(self) -> Hand:
        if self.match is None:
            raise RuntimeError("call reset() first")
        return self.match.hand

    @property
    def finished(self) -> bool:
        return self.match is not None and self.match.finished

    def acting(self) -> int:
        """The seat whose decision is awaited (in a claim window: the first still to answer)."""
        if self.match is None:
            raise RuntimeError("call reset() first")
        hand = self.match.hand
        phase = hand.phase
        if phase == "turn" or phase == "haidi":
            return hand.current
        return hand.to_act()[0]

    # --- observations ------------------------------------------------------------------
    def view(self, seat: SupportsIndex) -> SeatView:
        """``seat``'s :class:`SeatView` now (built on demand; observations do not need it)."""
        me = _seat(seat)
        hand = self.hand
        key = (hand, len(hand.log), me)
        if key != self._view_key:
            self._view = seat_view(hand, me)
            self._view_key = key
        assert self._view is not None
        return self._view

    def _decision(self, seat: int) -> Hand:
        """Index ``seat``'s current decision once per (hand, step, seat): observe builds it, step
        then looks the choice up in it. Returns the hand."""
        match = self.match
        if match is None:
            raise RuntimeError("call reset() first")
        hand = match.hand
        step = len(hand.log)
        if step != self._legal_step or seat != self._legal_seat or hand is not self._legal_hand:
            legal = hand.legal_actions(seat)
            if legal:
                claim = hand.claim
                info = hand.info
                idx = indices(legal, claim.tile if claim is not None else None, info.wild, info.stand_in)
                mask = None if fast is None else fast.mask(idx, N_ACTIONS)
                # (None from C: two actions share an index; the checked path says which)
                self._mask = mask if mask is not None else mask_bytes_checked(idx, legal)
            else:
                idx, self._mask = [], _NO_MASK
            self._idx, self._acts, self._index = idx, legal, None
            self._legal_hand, self._legal_step, self._legal_seat = hand, step, seat
        return hand

    def legal_indices(self) -> list[int]:
        """The acting seat's legal action indices, in the engine's order (the mask's set entries):
        worked out once per decision, shared with ``observe`` and ``step``. Do not modify it."""
        self._decision(self.acting())
        return self._idx

    def legal(self, seat: SupportsIndex) -> dict[int, Action]:
        """index → action for ``seat``'s current decision (empty when nothing is asked of it)."""
        self._decision(_seat(seat))
        if self._index is None:  # (built on demand: a step needs only the two lists)
            self._index = dict(zip(self._idx, self._acts, strict=True))
        return self._index

    def observe_into(self, seat: SupportsIndex, planes: bytearray, planes_at: int, mask: bytearray,
                     mask_at: int) -> None:
        """Write ``seat``'s planes (C × 34 bytes) into ``planes`` at ``planes_at`` and its mask
        (:data:`N_ACTIONS` bytes) into ``mask`` at ``mask_at``: :meth:`observe`'s arrays, and a
        batch's rows (VectorEnv), are filled this way with no buffer in between."""
        me = _seat(seat)
        hand = self._decision(me)
        tracked = self._planes
        if tracked is None or tracked.hand is not hand:
            tracked = self._planes = HandPlanes(hand)
        tracked.write(me, bool(self._idx), planes, planes_at)
        mask[mask_at : mask_at + N_ACTIONS] = self._mask

    def observe(self, seat: SupportsIndex) -> dict[str, np.ndarray]:
        """``seat``'s observation: arrays of their own (later observations never change them)."""
        me = _seat(seat)
        k = self._k
        if k == _POOL:
            self._new_pool()
            k = 0
        self._k = k + 1
        # (observe_into, inlined: one Python call less on every step)
        hand = self._decision(me)
        tracked = self._planes
        if tracked is None or tracked.hand is not hand:
            tracked = self._planes = HandPlanes(hand)
        tracked.write(me, bool(self._idx), self._pool_planes, k * L)
        at = k * N_ACTIONS
        self._pool_masks[at : at + N_ACTIONS] = self._mask
        return {"observation": self._obs_rows[k], "action_mask": self._mask_rows[k]}

    def _new_pool(self) -> None:
        """Rows for the next :data:`_POOL` observations. Each observation is a row of a pool, written
        once and never reused (a new pool is made when one is used up), so what a caller keeps stays
        as it was; taking a row costs a list index, where wrapping a fresh buffer in a new array
        per step cost more than the planes themselves."""
        self._pool_planes = bytearray(_POOL * L)
        self._pool_masks = bytearray(_POOL * N_ACTIONS)
        import numpy as np

        self._obs_rows = list(np.ndarray((_POOL, C, 34), np.uint8, self._pool_planes))
        self._mask_rows = list(np.ndarray((_POOL, N_ACTIONS), np.int8, self._pool_masks))
        self._k = 0

    # --- acting ------------------------------------------------------------------------
    def step(self, index: SupportsIndex) -> list[int] | None:
        """Play action ``index`` (an int, or a numpy integer) for the acting seat. Returns the hand's
        points per seat when this ends a hand (the next hand of a match is dealt at once), else None."""
        try:
            i = operator.index(index)
        except TypeError:
            raise TypeError(f"an action index is an int 0–{N_ACTIONS - 1}, got {index!r}") from None
        seat = self.acting()
        self._decision(seat)
        try:
            action = self._acts[self._idx.index(i)]
        except ValueError:
            raise ValueError(f"action {index} is not legal for seat {seat} now "
                             f"(legal: {sorted(self._idx)})") from None
        return self._play(seat, action)

    def apply(self, seat: SupportsIndex, action: Action) -> list[int] | None:
        """Play ``action`` (an engine action) for ``seat``; returns as :meth:`step`."""
        if self.match is None:
            raise RuntimeError("call reset() first")
        return self._play(_seat(seat), action)

    def _play(self, seat: int, action: Action) -> list[int] | None:
        """:meth:`apply` for a seat already checked (:meth:`step`'s acting seat)."""
        match = self.match
        assert match is not None
        hand = match.hand
        match.apply(seat, action)
        if hand.phase != "over":
            return None
        assert hand.settlement is not None
        totals = list(hand.settlement.totals)
        if not match.finished:
            match.next_hand()
        return totals
