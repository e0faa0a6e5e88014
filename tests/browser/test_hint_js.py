"""The browser's 听 hint (majiang/web/hint.js) run under Node: it shows the server's waits
(view.ting, worked out by the engine) with how many of each tile the seat cannot see, counted from
the seat's own view."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import msgspec
import pytest

from majiang.bots import make_bot
from majiang.engine import Hand, seat_view
from majiang.engine.view import SeatView, unseen_counts
from majiang.rules.anqing import Anqing
from majiang.rules.hefei import Hefei

WEB = Path(__file__).resolve().parents[2] / "majiang" / "web"
NODE = shutil.which("node")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


def _run(script: str, data: object) -> object:
    code = f"import * as hint from {json.dumps((WEB / 'hint.js').as_uri())};\n" \
           f"import {{readFileSync}} from 'node:fs';\n" \
           f"const data = JSON.parse(readFileSync(0, 'utf8'));\n{script}"
    out = subprocess.run([NODE, "--input-type=module", "-e", code], input=json.dumps(data), capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _views_with_hints() -> list[dict[str, object]]:
    """Real seat views (as the server sends them) from hands played until some seat is ready."""
    out: list[dict[str, object]] = []
    for rules in (Anqing({"mode": "A"}), Hefei({"room": "bubaoting"})):
        bots = [make_bot("greedy", i) for i in range(4)]
        for n in range(6):
            hand = Hand(rules, f"hint-js-{n}", dealer=n % 4)
            while not hand.over:
                for s in range(4):
                    v = seat_view(hand, s, hint=True)
                    if v.ting is not None and (v.ting.waits or v.ting.by_discard) and len(out) < 40:
                        out.append(msgspec.to_builtins(v))
                seat = hand.to_act()[0]
                hand.apply(seat, bots[seat].choose(seat_view(hand, seat)))
    return out


def test_the_hint_shows_the_servers_waits_with_unseen_counts_from_the_view() -> None:
    views = _views_with_hints()
    assert len(views) == 40
    got = _run("console.log(JSON.stringify(data.map((v) => { const h = hint.hintFor(v);"
               " return {waits: h.waits, by: [...h.byDiscard.entries()], unseen: hint.unseenCounts(v),"
               " selfDrawOnly: h.selfDrawOnly}; })));",
               views)
    for view, out in zip(views, got, strict=True):  # type: ignore[arg-type]
        unseen = unseen_counts(msgspec.convert(view, SeatView))
        assert out["unseen"][:34] == unseen and out["unseen"][34:] == [1] * 8  # (no flowers in these rulesets)
        ting = view["ting"]
        assert out["waits"] == [{"tile": t, "unseen": unseen[t]} for t in ting["waits"]]
        assert out["by"] == [[d["discard"], [{"tile": t, "unseen": unseen[t]} for t in d["waits"]]]
                             for d in ting["by_discard"]]
        assert out["selfDrawOnly"] is False  # (greedy bots never let a win go)


def test_the_hint_carries_the_servers_self_draw_only_mark() -> None:
    """过水不胡: the server marks a seat that let a discard win go; the hint passes the mark on."""
    view = _views_with_hints()[0]
    ting = view["ting"]
    assert isinstance(ting, dict)
    out = _run("console.log(JSON.stringify(hint.hintFor(data).selfDrawOnly));",
               {**view, "ting": {**ting, "self_draw_only": True}})
    assert out is True


def test_no_hint_without_the_servers_waits_or_after_the_hand() -> None:
    view = _views_with_hints()[0]
    out = _run("console.log(JSON.stringify([hint.hintFor({...data, ting: null}),"
               " hint.hintFor({...data, phase: 'over'})]));", view)
    assert out == [None, None]


def test_a_wait_on_a_flower_counts_the_one_copy_of_each() -> None:
    """百搭麻将's hands can wait on flowers (ids 34–41, one of each): their unseen counts are numbers (the
    table showed NaN), 1 for a flower nobody laid open, 0 for one in view."""
    view = _views_with_hints()[0]
    ting = view["ting"]
    seats = view["seats"]
    assert isinstance(ting, dict) and isinstance(seats, list)
    seats = [{**seats[0], "exposed": [35]}, *seats[1:]]
    out = _run("const h = hint.hintFor(data); console.log(JSON.stringify(h.waits));",
               {**view, "seats": seats, "ting": {**ting, "waits": [34, 35, 36], "by_discard": []}})
    assert out == [{"tile": 34, "unseen": 1}, {"tile": 35, "unseen": 0}, {"tile": 36, "unseen": 1}]
