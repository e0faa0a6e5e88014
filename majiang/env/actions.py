"""The fixed action space: one index for every action of the three rulesets.

Engine actions carry physical tiles (so a stand-in like Anqing's 红中 is named as itself). The
index forgets which physical copies are used where the engine never offers a choice between them:
the engine offers at most one chi per shape, one peng, one exposed kong, one concealed or added
kong per tile value. So within one decision every legal action has its own index, and an index
maps back to exactly one legal action (:func:`legal_index`); :func:`encode` raises if that ever
fails to hold rather than silently merging two choices.

=========  =====================================================  =====
indices    action                                                 count
=========  =====================================================  =====
0–33       discard tile kind k                                    34
34–67      报听: declare ready and discard tile kind k            34
68–70      chi: the discard is the low / middle / high tile       3
71         peng                                                   1
72         exposed kong 明杠 (on a discard)                       1
73–106     concealed kong 暗杠 of value k                         34
107–140    added kong 加杠 onto the peng of value k               34
141        直叫 (Anqing wild kong)                                 1
142–175    expose the held 杠牌 of kind k (Anqing)                34
176        win (self-drawn or on a discard)                       1
177        pass (a claim, or a 海捞 turn)                         1
178–185    discard the flower f1–f8 (a flower 百搭, baida)         8
=========  =====================================================  =====

The flower discards come last so that the indices of the first two rulesets did not move when
baida came. baida's other choices reuse the rows above (its 抢杠 window offers win and pass).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from majiang.core.actions import Action, Chi, Declare, Discard, Expose, Kong, Pass, Peng, WildKong, Win
from majiang.engine.view import SeatView
from majiang.env.fast import fast

if TYPE_CHECKING:
    import numpy as np  # (imported where used: `import majiang.env` stays under 60 ms, numpy alone ~60-90)

DISCARD: Final = 0
DECLARE: Final = 34
CHI: Final = 68  # + 0 low, 1 middle, 2 high: where the discard sits in the run
PENG: Final = 71
KONG_EXPOSED: Final = 72
KONG_CONCEALED: Final = 73
KONG_ADDED: Final = 107
WILDKONG: Final = 141
EXPOSE: Final = 142
WIN: Final = 176
PASS: Final = 177
DISCARD_FLOWER: Final = 178  # + 0…7 for the flowers 34…41
N_ACTIONS: Final = 186
FLOWER0: Final = 34  # the first flower's tile id


class EncodingError(ValueError):
    """Two legal actions would share an index, or an action has no index: a bug, never silent."""


def _value(tile: int, wild: int | None, stand_in: int | None) -> int:
    """The value a physical tile plays as in a meld (a stand-in plays as the wild's face)."""
    return wild if (tile == stand_in and wild is not None) else tile


def action_index(action: Action, view: SeatView) -> int:
    """The index of one engine action, given the view that offered it (for the claimed tile and
    the stand-in)."""
    return index_of(action, view.claim.tile if view.claim is not None else None, view.wild, view.stand_in)


def index_of(action: Action, claim_tile: int | None, wild: int | None, stand_in: int | None) -> int:
    """:func:`action_index` from the facts it needs: the tile on offer in a claim window (None on a
    turn), the wild and its stand-in."""
    # (isinstance tests, not a match statement: mypyc, which compiles this module, cannot compile
    # class patterns on msgspec structs)
    if isinstance(action, Discard):
        tile = action.tile
        return DISCARD + tile if tile < FLOWER0 else DISCARD_FLOWER + tile - FLOWER0
    if isinstance(action, Declare):
        return DECLARE + action.tile
    if isinstance(action, Chi):
        if claim_tile is None:
            raise EncodingError("a chi outside a claim window")
        want = _value(claim_tile, wild, stand_in)
        lo = min(_value(t, wild, stand_in) for t in action.tiles)
        # the held pair starts at want+1, want-1 or want-2: the discard is the low, middle or high tile
        return CHI + {want + 1: 0, want - 1: 1, want - 2: 2}[lo]
    if isinstance(action, Peng):
        return PENG
    if isinstance(action, Kong):
        if action.kind == "exposed":
            return KONG_EXPOSED
        if action.kind == "concealed":
            return KONG_CONCEALED + _value(action.tiles[0], wild, stand_in)
        if action.kind == "added":
            return KONG_ADDED + _value(action.tiles[0], wild, stand_in)
    if isinstance(action, WildKong):
        return WILDKONG
    if isinstance(action, Expose):
        return EXPOSE + action.tile
    if isinstance(action, Win):
        return WIN
    if isinstance(action, Pass):
        return PASS
    raise EncodingError(f"no index for {action!r}")


def legal_index(view: SeatView) -> dict[int, Action]:
    """index → the legal action it stands for, for this view's decision."""
    return index_actions(view.legal, view.claim.tile if view.claim is not None else None, view.wild, view.stand_in)


def index_actions(legal: list[Action], claim_tile: int | None, wild: int | None,
                  stand_in: int | None) -> dict[int, Action]:
    """:func:`legal_index` from a legal list and the facts :func:`index_of` needs."""
    return index_and_mask(legal, claim_tile, wild, stand_in)[0]


# Per (claim tile, wild, stand-in): action → index. An index depends on the action and those three
# facts only, and actions are small hashable values, so each action is indexed once per context
# and every later decision looks its whole legal list up in one C-level ``map``.
_caches: dict[tuple[int | None, int | None, int | None], dict[Action, int]] = {}


def indices(legal: list[Action], claim_tile: int | None, wild: int | None, stand_in: int | None) -> list[int]:
    """The index of each legal action, in the list's order (:func:`index_of` of each, cached)."""
    if fast is not None:  # in C, for every usual action (hashing each to look it up costs more)
        out = fast.indices(legal, -1 if claim_tile is None else claim_tile, -1 if wild is None else wild,
                           -1 if stand_in is None else stand_in)
        if out is not None:
            return out  # type: ignore[no-any-return]
    key = (claim_tile, wild, stand_in)
    cache = _caches.get(key)
    if cache is None:
        if len(_caches) > 4096:  # (a long run meets every wild and claim tile: keep the cache small)
            _caches.clear()
        cache = _caches[key] = {}
    try:
        return list(map(cache.__getitem__, legal))
    except KeyError:  # actions not met before in this context (``None in`` a list costs more per step)
        for a in legal:
            if a not in cache:
                cache[a] = index_of(a, claim_tile, wild, stand_in)
        return list(map(cache.__getitem__, legal))


def mask_bytes(idx: list[int]) -> bytearray:
    """The mask over :data:`N_ACTIONS` with a 1 at each of ``idx`` (distinct: raises otherwise)."""
    if fast is not None:
        mask = fast.mask(idx, N_ACTIONS)
        if mask is not None:
            return mask  # type: ignore[no-any-return]
    else:
        mask = bytearray(N_ACTIONS)
        for i in idx:
            mask[i] = 1
        if mask.count(1) == len(idx):
            return mask
    raise EncodingError(f"two legal actions would share an action index: {sorted(idx)}")


def index_and_mask(legal: list[Action], claim_tile: int | None, wild: int | None,
                   stand_in: int | None) -> tuple[dict[int, Action], bytearray]:
    """(:func:`index_actions`, its mask as :data:`N_ACTIONS` bytes)."""
    idx = indices(legal, claim_tile, wild, stand_in)
    mask = mask_bytes_checked(idx, legal)
    return dict(zip(idx, legal, strict=True)), mask


def mask_bytes_checked(idx: list[int], legal: list[Action]) -> bytearray:
    """:func:`mask_bytes`, naming the two actions that would share an index when that fails."""
    try:
        return mask_bytes(idx)
    except EncodingError:
        seen: dict[int, Action] = {}
        for i, a in zip(idx, legal, strict=True):
            if i in seen:
                raise EncodingError(f"{seen[i]!r} and {a!r} would share action index {i}") from None
            seen[i] = a
        raise


def mask_of(indices: dict[int, Action] | list[int]) -> np.ndarray:
    """The int8 mask (1 = legal) over the :data:`N_ACTIONS` indices."""
    import numpy as np

    mask = np.zeros(N_ACTIONS, dtype=np.int8)
    mask[list(indices)] = 1
    return mask


def describe_index(i: int) -> str:
    """A short name for an index, e.g. ``discard 5m``, for logs and docs."""
    from majiang.tiles import format_tiles

    if not 0 <= i < N_ACTIONS:
        raise ValueError(f"action index {i} is outside 0–{N_ACTIONS - 1}")
    for base, name in ((DISCARD, "discard"), (DECLARE, "declare"), (KONG_CONCEALED, "concealed kong"),
                       (KONG_ADDED, "added kong"), (EXPOSE, "expose")):
        if base <= i < base + 34:
            return f"{name} {format_tiles([i - base])}"
    if DISCARD_FLOWER <= i < N_ACTIONS:
        return f"discard {format_tiles([FLOWER0 + i - DISCARD_FLOWER])}"
    if CHI <= i < CHI + 3:
        return f"chi ({('low', 'middle', 'high')[i - CHI]})"
    return {PENG: "peng", KONG_EXPOSED: "exposed kong", WILDKONG: "wild kong (直叫)", WIN: "win",
            PASS: "pass"}[i]
