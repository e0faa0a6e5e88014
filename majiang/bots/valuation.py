"""What a candidate win would score, asked of the ruleset's own scoring, from a seat's view only.

The strong bot needs the value of hands it does not hold yet ("if I keep these 13 and draw a
3m"). The scoring packages take a *situation*; this module builds one from the view (own
concealed tiles, own melds and 杠牌, the public indicator, dealer and streak) for a hypothetical
ordinary mid-hand win, exactly as the 听 hint does in the engine, and returns what the seat
would gain (its total in the settlement; 0 when it would not be a valid win). 口 between seats
(Anqing 包) are left out: they change who pays, rarely whether it pays.
"""

from __future__ import annotations

from typing import Any

from majiang.core.settlement import ScoreItem, totals_from_payments
from majiang.engine.view import SeatView
from majiang.rules import anqing_scoring, baida_scoring, guobiao_scoring, hefei_scoring
from majiang.rules.anqing_scoring.payment import payments as anqing_payments
from majiang.rules.baida_scoring.payment import payments as baida_payments
from majiang.rules.baida_scoring.situation import WINDS
from majiang.rules.hefei_scoring.payment import kong_payments as hefei_kong_payments
from majiang.rules.hefei_scoring.payment import payments as hefei_payments
from majiang.rules.registry import entry
from majiang.tiles import format_tiles

_ANQING_MELD_TYPES = {
    "chi": "chi",
    "peng": "peng",
    "kong_exposed": "minggang",
    "kong_concealed": "angang",
    "kong_added": "jiagang",
    "wildkong": "wildkong",
}
_BAIDA_MELD_TYPES = {
    "chi": "chi",
    "peng": "peng",
    "kong_exposed": "minggang",
    "kong_concealed": "angang",
    "kong_added": "jiagang",
}
_BAIDA_OPTIONS = baida_scoring.BaidaOptions.__struct_fields__
_GUOBIAO_OPTIONS = guobiao_scoring.GuobiaoOptions.__struct_fields__
ExtraMeld = tuple[str, tuple[int, ...], int | None]  # (engine meld kind, tiles, from seat): a claim being weighed


class WinValuer:
    """Values of hypothetical wins for the viewing seat, remembered for the rest of the hand."""

    def __init__(self) -> None:
        self._hand: tuple[object, ...] = ()
        self._memo: dict[tuple[object, ...], int] = {}
        # per claim weighed (None: none), the situation read for one candidate win, its hand and the
        # copies of each kind among the seat's melds and 杠牌: the next candidates change only tiles
        self._anqing_read: dict[ExtraMeld | None, tuple[anqing_scoring.Situation, anqing_scoring.WinHand,
                                                        list[int]]] = {}
        # per claim weighed and 番, what the seat collects (the payments of the read situation)
        self._anqing_paid: dict[tuple[ExtraMeld | None, int], int] = {}
        # the same for 百搭, per claim weighed and per way of winning (drawn, on a discard)
        self._baida_read: dict[tuple[ExtraMeld | None, bool], tuple[baida_scoring.Situation,
                                                                    baida_scoring.WinHand, list[int]]] = {}
        # per claim weighed, way of winning and 台, what the seat collects
        self._baida_paid: dict[tuple[ExtraMeld | None, bool, int], int] = {}
        # and for Hefei, per way of winning and 报听 (no claims: its melds are the 暗杠 in the situation)
        self._hefei_read: dict[tuple[bool, bool], tuple[hefei_scoring.Situation, hefei_scoring.WinHand]] = {}
        # per way of winning, 报听 and points, what the seat collects
        self._hefei_paid: dict[tuple[bool, bool, int], int] = {}

    def bind(self, view: SeatView) -> None:
        """Read the parts of the situation that do not depend on the candidate tiles."""
        assert view.seat is not None
        seat = view.seat
        me = view.seats[seat]
        melds = tuple((m.kind, tuple(m.tiles), m.from_seat) for m in me.melds)
        threw_wild = view.wild is not None and any(r.tile == view.wild for r in me.river)
        ident = (view.seed_hash, view.hand_no, seat, melds, tuple(me.exposed), me.declared, threw_wild)
        if ident[:3] != self._hand[:3]:
            self._memo.clear()
        if ident != self._hand:
            self._anqing_read = {}
            self._anqing_paid = {}
            self._baida_read = {}
            self._baida_paid = {}
            self._hefei_read = {}
            self._hefei_paid = {}
        self._hand = ident
        self.view = view
        # which scoring package's situation to build: the family the ruleset's entry names
        self.family = entry(view.ruleset).bot.family
        self.seat = seat
        self.melds = melds
        self.exposed = list(me.exposed)
        self.declared = me.declared
        self.threw_wild = threw_wild

    def value(self, concealed: list[int], tile: int, discard: bool = False, declared: bool | None = None,
              extra: ExtraMeld | None = None) -> int:
        """The seat's gain if ``concealed`` (3n+1 tiles) wins on ``tile``: drawn, or (``discard``) thrown by
        the next seat. 0 when that is not a win. ``extra``: a meld the seat is thinking of claiming."""
        decl = self.declared if declared is None else declared
        key = (self._hand, tuple(sorted(concealed)), tile, discard, decl, extra)
        hit = self._memo.get(key)
        if hit is not None:
            return hit
        try:
            if discard and self.family == "baida":
                got = self._baida_on_discard(concealed, tile, extra)
            else:
                got = self._score(concealed, tile, discard, decl, extra)
        except ValueError:
            got = 0  # a situation scoring refuses (e.g. a part that cannot be a hand): no value
        if len(self._memo) > 50_000:
            self._memo.clear()
        self._memo[key] = got
        return got

    def _score(self, concealed: list[int], tile: int, discard: bool, declared: bool, extra: ExtraMeld | None) -> int:
        melds = self.melds + ((extra,) if extra else ())
        if self.family == "anqing":
            return self._anqing_gain(concealed, tile, extra, melds)
        if self.family == "baida":
            return self._baida_gain(concealed, tile, discard, extra, melds)
        if self.family == "guobiao":
            s = guobiao_scoring.score(self._guobiao(concealed, tile, discard, melds))
            return s.totals[self.seat] if s.valid else 0
        return self._hefei_gain(concealed, tile, discard, declared, melds)

    def _anqing_gain(self, concealed: list[int], tile: int, extra: ExtraMeld | None,
                     melds: tuple[ExtraMeld, ...]) -> int:
        """The seat's total in Anqing's settlement of the win (0: no valid win). The situation is read
        (``hand_of``) for the first candidate of a decision's seat and claim; the next ones reuse it with
        their own tiles. Only the 番 is worked out per candidate (``winning_fan``: the settlement's
        readings without its items and notes); what the seat collects for a 番 depends on the read
        situation alone (the table, the seats, the 口 of its melds), so it is worked out once per 番."""
        view = self.view
        seat = self.seat
        read = self._anqing_read.get(extra)
        h = self._anqing_hand(read[1], read[2], concealed, tile) if read is not None else None
        if read is not None and h is not None:
            situation = read[0]
        else:
            o: dict[str, Any] = view.options
            situation = anqing_scoring.Situation(
                options=anqing_scoring.AnqingOptions(
                    mode=o.get("mode", "A"), lianzhuang_bonus=o.get("lianzhuang_bonus", True),
                    qingyise=o.get("qingyise", 10), couyise=o.get("couyise", 5), ziyise=o.get("ziyise", 20),
                    keep_gangpai=o.get("keep_gangpai", True),
                ),
                base_silver=o.get("base_silver", 1),
                indicator=format_tiles([view.indicator]) if view.indicator is not None else "",
                dealer=view.dealer,
                streak=view.streak,
                winner=seat,
                concealed=format_tiles([*concealed, tile]),
                melds=[anqing_scoring.Meld(type=_ANQING_MELD_TYPES[k], tiles=format_tiles(list(ts)),  # type: ignore[arg-type]
                                           from_seat=f if k != "kong_concealed" else None)
                       for k, ts, f in melds],
                gangpai=format_tiles(self.exposed),
                winning_tile=format_tiles([tile]),
                winner_discarded_wild=self.threw_wild,
            )
            h = anqing_scoring.hand_of(situation)  # (ValueError: no win to value)
            if read is None:
                held = [0] * 34  # the seat's tiles besides the concealed ones
                for t in (*(t for m in h.melds for t in m.tiles), *h.gangpai_exposed):
                    held[t] += 1
                self._anqing_read[extra] = (situation, h, held)
        fan = anqing_scoring.winning_fan(situation, h)
        if fan is None:
            return 0
        paid = self._anqing_paid.get((extra, fan))
        if paid is None:
            paid = totals_from_payments(anqing_payments(situation, h, fan))[seat]
            self._anqing_paid[(extra, fan)] = paid
        return paid

    def _baida_gain(self, concealed: list[int], tile: int, discard: bool, extra: ExtraMeld | None,
                    melds: tuple[ExtraMeld, ...]) -> int:
        """The seat's total in 百搭's settlement of the win (0: none), validated once per seat, claim and way
        of winning (as Anqing's); only the 台 per candidate (``winning_tai``), the seat's total once per 台
        (the payments depend on the read situation and the 台 alone)."""
        key = (extra, discard)
        known = self._baida_read.get(key)
        hand = self._baida_hand(known[1], known[2], concealed, tile, discard) if known is not None else None
        if known is not None and hand is not None:
            situation = known[0]
        else:
            situation = self._baida(concealed, tile, discard, melds)
            hand = baida_scoring.validate(situation)  # (ValueError: no win to value)
            if known is None:
                held = [0] * 42  # the seat's tiles besides the concealed ones
                for t in (*(t for _, ts in hand.melds for t in ts), *hand.flowers):
                    held[t] += 1
                self._baida_read[key] = (situation, hand, held)
        tai = baida_scoring.winning_tai(situation, hand)
        if tai is None:
            return 0
        paid = self._baida_paid.get((extra, discard, tai))
        if paid is None:
            paid = totals_from_payments(baida_payments(situation, tai))[self.seat]
            self._baida_paid[(extra, discard, tai)] = paid
        return paid

    def _hefei_gain(self, concealed: list[int], tile: int, discard: bool, declared: bool,
                    melds: tuple[ExtraMeld, ...]) -> int:
        """The seat's total in Hefei's settlement of the win (0: no legal win), the situation validated once
        per seat, way of winning and 报听 (as Anqing's). Only the points are worked out per candidate
        (``winning_points``); every payment's amount follows from them and the read situation (the
        seats, 连庄, how, the kongs), so the seat's total is worked out once per points value."""
        seat = self.seat
        key = (discard, declared)
        known = self._hefei_read.get(key)
        hand = self._hefei_hand(known[1], concealed, tile) if known is not None else None
        if known is not None and hand is not None:
            situation = known[0]
        else:
            situation = self._hefei(concealed, tile, discard, declared, melds)
            hand = hefei_scoring.validate(situation)  # (ValueError: no win to value)
            if known is None:
                self._hefei_read[key] = (situation, hand)
        points = hefei_scoring.winning_points(situation, hand)
        if points is None:
            return 0
        paid = self._hefei_paid.get((discard, declared, points))
        if paid is None:
            # (the amounts ``payments`` makes depend on the items' sum alone: one item carrying it will do)
            pays = hefei_payments(situation, [ScoreItem(key="points", name="", value=points)])
            paid = totals_from_payments(pays + hefei_kong_payments(situation))[seat]
            self._hefei_paid[(discard, declared, points)] = paid
        return paid

    @staticmethod
    def _hefei_hand(read: hefei_scoring.WinHand, concealed: list[int], tile: int) -> hefei_scoring.WinHand | None:
        """``validate`` of this seat's Hefei situation with ``concealed`` winning on ``tile``, from the hand
        read for another candidate (the same kongs), or None when ``validate`` might refuse it. What varies
        is checked as ``hand_of`` checks it: Hefei tiles only (2-8 of a suit), the count, four copies with
        the kongs."""
        if len(concealed) + 1 != sum(read.concealed):
            return None
        counts = [0] * 34
        for k in read.kongs:
            counts[k] += 4
        for t in (*concealed, tile):
            if not (0 <= t < 27 and 1 <= t % 9 <= 7):
                return None
            counts[t] += 1
            if counts[t] > 4:
                return None
        for k in read.kongs:
            counts[k] -= 4
        return hefei_scoring.WinHand(counts, read.kongs, tile)  # (read._replace, without its generic copy)

    @staticmethod
    def _anqing_hand(read: anqing_scoring.WinHand, held: list[int], concealed: list[int],
                     tile: int) -> anqing_scoring.WinHand | None:
        """``hand_of`` of this seat's situation with ``concealed`` winning on ``tile``, from the hand read
        for another of its candidate wins (``read``: the same table, melds and 杠牌), or None when
        ``hand_of`` might refuse it (then the caller reads the situation itself, and gets its error).
        What varies between candidates is checked as ``hand_of`` checks it: no flower, the number of
        concealed tiles, at most four copies of a tile among everything the seat holds."""
        tiles = (*concealed, tile)
        if len(tiles) != len(read.concealed):
            return None
        count = list(held)
        for t in tiles:
            if not 0 <= t < 34:
                return None
            count[t] += 1
            if count[t] > 4:
                return None
        # (read._replace(concealed=tiles, winning_tile=tile), built directly: _replace copies generically)
        return anqing_scoring.WinHand(read.wild, read.stand_in, read.gangpai, tiles, read.melds, read.gangpai_exposed,
                                      tile, read.kou)

    @staticmethod
    def _baida_hand(read: baida_scoring.WinHand, held: list[int], concealed: list[int], tile: int,
                    discard: bool) -> baida_scoring.WinHand | None:
        """``validate`` of this seat's 百搭 situation with ``concealed`` winning on ``tile``, from the hand
        read for another candidate (``read``: the same table, melds and flowers, the same way of winning),
        or None when ``validate`` might refuse it (the caller then validates, and gets its error). What
        varies is checked as ``validate`` checks it: the tile count, copies (a flower once, others four
        times among everything the seat holds), no flower that is no 百搭, no discarded flower."""
        wilds = read.wilds
        tiles = (*concealed, tile)
        if len(tiles) != sum(read.natural) + read.jokers or (discard and tile >= 34):
            return None
        count = list(held)
        natural = [0] * 34
        jokers = 0
        for t in tiles:
            if not 0 <= t < 42:
                return None
            count[t] += 1
            if count[t] > (1 if t >= 34 else 4):
                return None
            if t in wilds:
                jokers += 1
            elif t >= 34:
                return None  # a flower that is no 百搭 would have been laid open
            else:
                natural[t] += 1
        natural_win = discard or tile not in wilds  # (no plain indicator in a bot's situation)
        if natural_win and tile in wilds:
            jokers -= 1
            natural[tile] += 1
        # (read._replace(...), built directly: _replace copies generically)
        return baida_scoring.WinHand(wilds, natural, jokers, read.melds, read.flowers, tile, natural_win)

    def _baida_on_discard(self, concealed: list[int], tile: int, extra: ExtraMeld | None) -> int:
        """百搭 scoring reads every decomposition of a hand with 百搭 (milliseconds a call), and a discard
        win differs from the same win drawn only by 自摸 (1 台, the same in every reading, so the best
        reading is the same) and by who pays. In the linear scheme it follows from the drawn value."""
        o = self.view.options
        if tile >= 34:
            return 0  # a flower is never won on
        di, min_tai = int(o.get("di", 1)), int(o.get("min_tai", 1))  # type: ignore[call-overload]
        if o.get("doubling") or o.get("cap") or tile in self.view.wilds:
            # (a discarded 百搭 plays as its face: another reading; a cap or doubling is not linear)
            return self._score(concealed, tile, True, False, extra)
        drawn = self.value(concealed, tile, False, None, extra)
        if drawn <= 0:
            return 0
        tai = max(1, drawn // (3 * di) - 1)  # without 自摸; a bare hand is 平胡 1
        return 2 * di * tai if tai >= min_tai else 0

    def _hefei(self, concealed: list[int], tile: int, discard: bool, declared: bool,
               melds: tuple[ExtraMeld, ...]) -> hefei_scoring.Situation:
        """A Hefei win of these tiles at this seat (its 暗杠 from ``melds``; a discard win from the next seat)."""
        view = self.view
        seat = self.seat
        return hefei_scoring.Situation(
            room=view.options.get("room", "baoting"),  # type: ignore[arg-type]
            dealer=view.dealer,
            lianzhuang=max(1, view.streak),
            winner=seat,
            hand=format_tiles(sorted([*concealed, tile])),
            kongs=[format_tiles([ts[0]]) for k, ts, _ in melds if k == "kong_concealed"],
            winning_tile=format_tiles([tile]),
            how="discard" if discard else "self_draw",
            from_seat=(seat + 1) % 4 if discard else None,
            declared=declared,
            options=hefei_scoring.HefeiOptions(
                kan_from_discard=view.options.get("kan_from_discard", False),  # type: ignore[arg-type]
                ka_single_wait=view.options.get("ka_single_wait", False),  # type: ignore[arg-type]
                queyimen_per_suit=view.options.get("queyimen_per_suit", False),  # type: ignore[arg-type]
            ),
        )

    def _baida(self, concealed: list[int], tile: int, discard: bool,
               melds: tuple[ExtraMeld, ...]) -> baida_scoring.Situation:
        """An ordinary mid-hand 百搭 win: the flowers the seat laid open count (杠花), the seat and round winds
        come from the view; no 天胡/地胡/杠开/海底 (rare, and not the seat's to choose)."""
        view = self.view
        seat = self.seat
        o = {k: v for k, v in view.options.items() if k in _BAIDA_OPTIONS}
        return baida_scoring.Situation(
            indicator=format_tiles([view.indicator]) if view.indicator is not None else "",
            round_wind=WINDS[view.round_wind],  # type: ignore[arg-type]
            dealer=view.dealer,
            streak=view.streak,
            winner=seat,
            concealed=format_tiles(sorted([*concealed, tile])),
            melds=[baida_scoring.Meld(type=_BAIDA_MELD_TYPES[k], tiles=format_tiles(list(ts)),  # type: ignore[arg-type]
                                      from_seat=f if k != "kong_concealed" else None)
                   for k, ts, f in melds],
            flowers=format_tiles(self.exposed),
            winning_tile=format_tiles([tile]),
            how="discard" if discard else "self_draw",
            from_seat=(seat + 1) % 4 if discard else None,
            options=baida_scoring.BaidaOptions(**o),  # type: ignore[arg-type]
        )

    def _guobiao(self, concealed: list[int], tile: int, discard: bool,
                 melds: tuple[ExtraMeld, ...]) -> guobiao_scoring.Situation:
        """An ordinary mid-hand 国标 win (the 8-fan minimum applies: 0 when the hand is below it): the
        seat's flowers, its wind and the prevalent wind from the view; no 和绝张/海底/杠上开花 (not the
        seat's to choose). On a discard the next seat is taken as the discarder."""
        view = self.view
        seat = self.seat
        o = {k: v for k, v in view.options.items() if k in _GUOBIAO_OPTIONS}
        winds = guobiao_scoring.situation.WINDS
        return guobiao_scoring.Situation(
            seat_wind=winds[view.seats[seat].wind],  # type: ignore[arg-type]
            prevalent_wind=winds[view.round_wind],  # type: ignore[arg-type]
            winner=seat,
            concealed=format_tiles(sorted([*concealed, tile])),
            melds=[guobiao_scoring.Meld(type=_BAIDA_MELD_TYPES[k], tiles=format_tiles(list(ts)),  # type: ignore[arg-type]
                                        from_seat=f if k != "kong_concealed" else None)
                   for k, ts, f in melds],
            flowers=format_tiles(self.exposed),
            winning_tile=format_tiles([tile]),
            how="discard" if discard else "self_draw",
            from_seat=(seat + 1) % 4 if discard else None,
            options=guobiao_scoring.GuobiaoOptions(**o),  # type: ignore[arg-type]  # (the view's options are JSON)
        )
