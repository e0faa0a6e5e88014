"""The settlement as players read it, rendered by the real client module from real engine views.

Hands are played by the greedy bots in this process (deterministic seeds), and each finished hand's
view (seat 0's, the one the browser receives) is rendered in Chromium by `screens/settlement.js`:
the Chinese text must hold no raw key (snake_case) and no English engine phrase, the English text no
key either, the winning tile is set apart and marked, the winner's melds are laid out, and each wild
in a winning hand names the tile it stood for. Screenshots at the four sizes go to test-output/.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from majiang.bots import make_bot
from majiang.engine.hand import Hand
from majiang.engine.view import seat_view
from majiang.rules.registry import make_ruleset
from majiang.sim.runner import play_hand
from tests.browser.test_table_sizes import RAW_KEY

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1440, 900), "laptop": (1280, 720), "phone": (390, 844), "phone-land": (844, 390)}
# Words of the engine's log phrases ("chow 789p (W as 8p)", "peng 888m from seat 1", "7z exposed, 1 each").
ENGINE_WORDS = re.compile(r"\b(chow|pung|pair|peng|chi|exposed|from seat|W as|wind triplets|kong\(s\)|room|seven pairs|"
                          r"winner|[0-9]+[mpsz])\b")


def _views() -> list[dict[str, Any]]:
    """Finished hands with a winner, from every ruleset and mode, and a 一炮多响 (two winners)."""
    out: list[dict[str, Any]] = []
    for name, opts in [("anqing", {"mode": "A"}), ("anqing", {"mode": "B"}), ("hefei", {"room": "baoting"}),
                       ("hefei", {"room": "bubaoting"}), ("baida", {})]:
        found = 0
        for i in range(40):
            hand = Hand(make_ruleset(name, opts), f"ui-{name}-{i}")
            play_hand(hand, [make_bot("greedy", seed=i * 4 + s) for s in range(4)])
            if hand.settlement is None or not hand.settlement.winners:
                continue
            view = msgspec.to_builtins(seat_view(hand, 0))
            out.append(view)
            found += 1
            if found == 4:
                break
        assert found, f"no win in 40 greedy hands of {name} {opts}"
    # 一炮多响: this seed's discard is won by two seats at once.
    hand = Hand(make_ruleset("hefei", {"room": "bubaoting"}), "multi-123")
    play_hand(hand, [make_bot("greedy", seed=123 * 4 + s) for s in range(4)])
    assert hand.settlement is not None and len(hand.settlement.winners) == 2
    out.append(msgspec.to_builtins(seat_view(hand, 0)))
    return out


RENDER = """async ([views, lang]) => {
  const i18n = await import('/i18n.js');
  i18n.setLang(lang);
  const {settlementEl} = await import('/screens/settlement.js');
  const names = ['阿明', '小李', '老王', '张三'];
  const out = [];
  for (const v of views) {
    document.body.replaceChildren(settlementEl(v, names));
    const el = document.querySelector('[data-testid=settlement]');
    const wins = [...el.querySelectorAll('[data-testid^=win-hand-]')].map((w) => ({
      seat: Number(w.dataset.testid.split('-')[2]),
      winning: [...w.querySelectorAll('.winning-tile')].map((t) => Number(t.dataset.tile)),
      // the winning tile set apart with its label beside it (胡牌张 / winning tile)
      apart: [...w.querySelectorAll('.win-apart')].map((a) => [a.querySelectorAll('.winning-tile').length,
        (a.querySelector('small') || {}).textContent || '']),
      melds: w.querySelectorAll('.melds > .meld:not(.exposed-gangpai):not(.exposed-flowers)').length,
      wildAs: [...w.querySelectorAll('.wild-as')].length,
    }));
    const details = [...el.querySelectorAll('.pay-detail')].map((d) => d.textContent).join(' | ');
    out.push({text: el.innerText, details, title: el.querySelector('[data-testid=settle-title]').innerText, wins,
              seal: el.querySelector('[data-testid=seal]').textContent});
  }
  return out;
}"""


def test_settlement_reads_in_words(browser: Any, server: Any, shots: Path) -> None:
    views = _views()
    ctx = browser.new_context(viewport={"width": 1280, "height": 720})
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    try:
        for lang in ("zh", "en"):
            results = page.evaluate(RENDER, [views, lang])
            for view, res in zip(views, results, strict=True):
                where = f"{lang} {view['ruleset']} hand: {res['title']}"
                assert not RAW_KEY.search(res["text"]), (where, RAW_KEY.search(res["text"]))
                assert res["details"].strip(), where  # each payment says how it was made (on tap)
                assert not RAW_KEY.search(res["details"]), (where, res["details"])
                assert not re.search(r"(?<![\d.])1 pts\b", res["text"]), (where, res["text"])  # "1 pt"
                if lang == "zh":
                    hit = ENGINE_WORDS.search(res["text"].split("种子")[0])
                    assert hit is None, (where, hit, res["text"])
                    assert not re.search(r"[A-Za-z]{2,}", res["details"]), (where, res["details"])
                    self_draw = [w["self_draw"] for w in view["wins"]]
                    assert ("自摸" in res["title"]) == any(self_draw), where
                    assert all("点炮" in res["title"] for s in self_draw if not s), where
                    names = ['阿明', '小李', '老王', '张三']
                    assert all(names[w["seat"]] in res["title"] for w in view["wins"]), where  # every winner named
                    if len({w["from_seat"] for w in view["wins"] if not w["self_draw"]}) == 1 and len(self_draw) > 1:
                        # 一炮多响: one line for the one discard ("阿明、小李 胡 · 张三 点炮"), its seal saying so
                        assert res["title"].count("点炮") == 1, where
                        assert res["seal"] == "一炮\n多响", where
                    else:
                        assert res["title"].count("点炮") == sum(not s for s in self_draw), where
                assert sorted(w["seat"] for w in res["wins"]) == sorted(w["seat"] for w in view["wins"]), where
                for win, shown in zip(sorted(view["wins"], key=lambda w: w["seat"]),
                                      sorted(res["wins"], key=lambda w: w["seat"]), strict=True):
                    assert shown["winning"] == [win["tile"]], where  # set apart and marked
                    assert shown["apart"] == [[1, "胡牌张" if lang == "zh" else "Winning tile"]], (where, shown)
                    assert shown["melds"] == len(view["seats"][win["seat"]]["melds"]), where
        # One settlement with melds and wilds, at every size, in both languages.
        rich = max(views, key=lambda v: sum(len(s["melds"]) for s in v["seats"]) + (v["ruleset"] == "anqing") * 10)
        for lang in ("zh", "en"):
            page.evaluate(RENDER, [[rich], lang])
            for size, (w, h) in SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                page.screenshot(path=str(shots / f"settlement-render-{size}-{lang}.png"), full_page=True)
        page.set_viewport_size({"width": 1280, "height": 720})
        for lang in ("zh", "en"):  # the 一炮多响 hand (the last one)
            page.evaluate(RENDER, [[views[-1]], lang])
            page.screenshot(path=str(shots / f"settlement-render-multi-{lang}.png"), full_page=True)
        (shots / "settlement-render-view.json").write_text(json.dumps(rich, ensure_ascii=False))
        assert not errors, errors
    finally:
        ctx.close()


FLY = """async ([view, reduce, boxed]) => {
  const {settlementEl} = await import('/screens/settlement.js');
  const seen = [];
  const obs = new MutationObserver((muts) => { for (const m of muts) for (const n of m.addedNodes) {
    if (n.dataset && n.dataset.testid === 'score-fly') {
      const r = n.getBoundingClientRect();
      seen.push({from: Number(n.dataset.from), to: Number(n.dataset.to), text: n.textContent, x: r.left + r.width / 2,
                 y: r.top + r.height / 2, anims: n.getAnimations().map((a) => a.effect.getTiming().duration)});
    }
  } });
  obs.observe(document.body, {childList: true});
  const el = settlementEl(view, ['阿明', '小李', '老王', '张三'], {animate: true});
  if (boxed) {  // a dialog too short for the totals: they are scrolled out of its sight
    const modal = document.createElement('div');
    modal.className = 'modal';
    modal.style.cssText = 'max-height: 220px; overflow: auto';
    modal.appendChild(el);
    document.body.replaceChildren(modal);
  } else document.body.replaceChildren(el);
  await new Promise((ok) => setTimeout(ok, 900));
  obs.disconnect();
  const rows = Object.fromEntries([...document.querySelectorAll('[data-testid=totals] tr')].map((tr) => {
    const r = tr.querySelector('td.delta').getBoundingClientRect();
    return [tr.dataset.seat, {x: r.left + r.width / 2, y: r.top + r.height / 2}];
  }));
  return {seen, rows, left: document.querySelectorAll('[data-testid=score-fly]').length};
}"""


def test_the_score_flies_from_payer_to_winner_and_not_with_reduced_motion(browser: Any, server: Any) -> None:
    view = _views()[0]
    pairs = {(p["payer"], p["payee"]) for p in view["settlement"]["payments"] if p["amount"]}
    assert pairs
    for reduce in (False, True):
        ctx = browser.new_context(viewport={"width": 1280, "height": 720},
                                  reduced_motion="reduce" if reduce else "no-preference")
        page = ctx.new_page()
        try:
            page.goto(server.base + "/")
            out = page.evaluate(FLY, [view, reduce, False])
            if reduce:
                assert out["seen"] == [], out["seen"]
                continue
            # no chip flies from or to a line out of the dialog's sight (it would cross its buttons)
            hidden = page.evaluate(FLY, [view, reduce, True])
            assert hidden["seen"] == [], hidden["seen"]
            assert {(f["from"], f["to"]) for f in out["seen"]} == pairs, out["seen"]
            for f in out["seen"]:
                start = out["rows"][str(f["from"])]
                assert abs(f["x"] - start["x"]) < 40 and abs(f["y"] - start["y"]) < 20, (f, start)  # from the payer
                assert f["anims"] and max(f["anims"]) <= 400, f  # short
                assert f["text"].startswith("+"), f
            assert out["left"] == 0  # each gone once it landed
        finally:
            ctx.close()
