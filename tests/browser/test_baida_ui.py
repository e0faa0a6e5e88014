"""百搭麻将 reads like a finished game in the client, in 中文 and English.

- Every 台 item, note and payment of the worked examples (tests/data/baida/*.json, scored by the real
  scoring code) is named by the client's own words: in Chinese no raw key and no English engine phrase
  ("3 百搭 in hand", "放冲 pays double"), in English no item left in Chinese and no key.
- A real baida room (one person, three bots) seen mid-hand and at the settlement at the four screen sizes
  in both languages (screenshots in test-output/screenshots/baida-*.png): the dial shows the round wind,
  the wilds are 百搭 (never 钻), laid-open flowers sit under 花 (never 杠牌), the settlement counts 台.
- The baida rules page renders its 台 table and its worked example, in both languages.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

from majiang.rules.baida_scoring import parse_situation, score
from tests.browser.test_play import _enter_and_create, _page
from tests.browser.test_table_sizes import RAW_KEY

pytestmark = pytest.mark.browser

DATA = Path(__file__).resolve().parents[1] / "data" / "baida"
SIZES = {"desktop": (1440, 900), "laptop": (1280, 720), "phone": (390, 844), "phone-land": (844, 390)}
# Words of the baida engine's log phrases, which must never reach a Chinese screen.
ENGINE_WORDS = re.compile(r"\b(pays double|in hand|seat flower|pung|kong|dealer|kept|replacement|wall|wait|"
                          r"other item|one tile|melds?|round|seat|suit|honou?rs|[0-9]+[mpsz])\b", re.I)
HAN = re.compile(r"[\u4e00-\u9fff]")

PHRASES = """async ([settlements, lang]) => {
  const i18n = await import('/i18n.js');
  i18n.setLang(lang);
  const ph = await import('/phrases.js');
  const names = ['阿明', '小李', '老王', '张三'];
  return settlements.map((st) => ({
    items: (st.items || []).map((it) => {
      const note = ph.itemNote(it, 'baida');
      return {key: it.key, name: ph.itemName(it, 'baida'), note: note ? note.text : null,
              tiles: note && note.tiles ? note.tiles.length : 0};
    }),
    payments: (st.payments || []).map((p) => [ph.breakdownText(p.breakdown, 'baida'),
                                               ph.paymentNote(p.note, (s) => names[s], 'baida')].join(' · ')),
  }));
}"""


def _examples() -> list[dict[str, Any]]:
    out = []
    for path in sorted(DATA.glob("*.json")):
        try:
            st = score(parse_situation(json.loads(path.read_text())))
        except ValueError:  # the folder also holds impossible situations, for the error tests
            continue
        if st.valid:
            out.append(msgspec.to_builtins(st))
    return out


def test_every_baida_item_and_payment_in_words(browser: Any, server: Any) -> None:
    settlements = _examples()
    keys = {it["key"] for st in settlements for it in st["items"]}
    # Every 台 item of docs/rules/baida.md has an example here.
    assert keys >= {"pinghu", "zimo", "menqing", "bianka", "duidui", "qidui", "gangkai", "haidi", "qianggang",
                    "wubaida", "sanbaida", "quanqiuren", "long", "zhuang", "tianhu", "dihu", "qingyise", "hunyise",
                    "ziyise", "hua", "hua_set", "hua_all", "jian", "weifeng", "quanfeng"}, keys
    page = _page(browser, server, 1280, 720)
    try:
        for lang in ("zh", "en"):
            shown = page.evaluate(PHRASES, [settlements, lang])
            for st, res in zip(settlements, shown, strict=True):
                for item, it in zip(st["items"], res["items"], strict=True):
                    where = (lang, item, it)
                    assert it["name"] and not RAW_KEY.search(it["name"]) and it["name"] != item["key"], where
                    assert it["note"], where  # every baida item explains itself
                    if lang == "zh":
                        assert it["name"] == item["name"], where  # the table's own name
                        assert not re.search(r"[A-Za-z]{2,}", it["name"] + it["note"]), where
                    else:
                        assert not HAN.search(it["name"]) and not HAN.search(it["note"]), where
                for pay, text in zip(st["payments"], res["payments"], strict=True):
                    where = (lang, pay, text)
                    assert str(pay["breakdown"]["tai"]) in text and not RAW_KEY.search(text), where
                    if lang == "zh":
                        assert not re.search(r"[A-Za-z]{2,}", text) and "台" in text, where
                    else:
                        assert "tai" in text and not HAN.search(text), where
        # The notes name their tiles where they are about some (the 四花 set, a dragon pung, a wind pung).
        by_key = {it["key"]: it for res in page.evaluate(PHRASES, [settlements, "zh"]) for it in res["items"]}
        assert by_key["hua_set"]["tiles"] == 4 and by_key["jian"]["tiles"] == 3 and by_key["weifeng"]["tiles"] == 3
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


def _check_table(page: Any, where: str) -> None:
    """The words at a baida table: 百搭 not 钻, 花 not 杠牌 under flowers, the round wind on the dial."""
    assert page.locator("[data-testid=dial-round]").count() == 1, where
    assert page.locator("[data-testid=round-wind]").count() == 1, where
    marks = page.eval_on_selector_all(".board .tile.is-wild .mark", "els => els.map(e => e.textContent)")
    assert all(m in ("搭", "W") for m in marks), (where, marks)
    caption = page.inner_text("[data-testid=wild-fig] figcaption")
    assert caption in ("百搭", "Wild (百搭)"), (where, caption)
    assert page.locator("[data-testid^=gangpai-]").count() == 0, where  # no 杠牌 in baida
    for tiles in page.eval_on_selector_all("[data-testid^=flowers-] .tile",
                                           "els => els.map(e => Number(e.dataset.tile))"):
        assert tiles >= 34, (where, tiles)


def _until_my_turn(page: Any) -> None:
    """Pass every claim offered (chi/peng/win on a discard) until it is this seat's turn to discard."""
    for _ in range(40):
        page.wait_for_selector("[data-testid=my-hand] button.tile.can, [data-testid=act-pass]", timeout=20000)
        if page.locator("[data-testid=my-hand] button.tile.can").count():
            return
        page.click("[data-testid=act-pass]")
        page.wait_for_timeout(100)
    raise AssertionError("never my turn")


def test_a_baida_hand_at_every_size(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 1440, 900)
    try:
        _enter_and_create(page, "百搭桌", "baida", {}, hands=1)
        page.click("[data-testid=ready]")
        _until_my_turn(page)
        for lang in ("zh", "en"):
            page.evaluate("async (l) => (await import('/i18n.js')).setLang(l)", lang)
            for size, (w, h) in SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                page.wait_for_timeout(150)
                where = f"baida table {size} {lang}"
                _check_table(page, where)
                for b in page.evaluate("""(sel) => [...document.querySelectorAll(sel)].map((e) => {
                    const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""",
                                       "[data-testid=my-hand] .tile, [data-testid=actions], [data-testid=dial]"):
                    assert b[0] >= -1 and b[1] >= -1 and b[2] <= w + 1 and b[3] <= h + 1, (where, b)
                board = page.inner_text(".board")
                if lang == "zh":
                    assert "钻" not in board and "杠牌" not in board, (where, board)
                round_title = page.get_attribute("[data-testid=dial-round]", "title") or ""
                assert ("风圈" in round_title) if lang == "zh" else ("round" in round_title), (where, round_title)
                page.screenshot(path=str(shots / f"baida-table-{size}-{lang}.png"))
        page.evaluate("async () => (await import('/i18n.js')).setLang('zh')")
        page.set_viewport_size({"width": 1440, "height": 900})
        page.click("[data-testid=tuoguan]")  # the bots play the hand out
        page.wait_for_selector("[data-testid=settlement]", timeout=90000)
        page.wait_for_selector("[data-testid=hash-check][data-ok=true]", timeout=10000)
        view = page.evaluate("window.__mj.st.view")
        won = bool(view["settlement"] and view["settlement"].get("winners"))
        for lang in ("zh", "en"):
            page.evaluate("async (l) => (await import('/i18n.js')).setLang(l)", lang)
            page.wait_for_timeout(150)
            text = page.inner_text("[data-testid=settlement]").split("种子" if lang == "zh" else "Seed")[0]
            assert not RAW_KEY.search(text), (lang, RAW_KEY.search(text))
            if lang == "zh":
                assert not ENGINE_WORDS.search(text), (ENGINE_WORDS.search(text), text)
                assert "钻" not in text and "番" not in text, text
                if won:
                    assert "台" in text, text
            elif won:
                assert "tai" in text, text
            for size, (w, h) in SIZES.items():
                page.set_viewport_size({"width": w, "height": h})
                page.wait_for_timeout(120)
                b = page.evaluate("(() => { const r = document.querySelector('[data-testid=settle-title]')"
                                  ".getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })()")
                assert b[0] >= -1 and b[1] >= -1 and b[2] <= w + 1 and b[3] <= h + 1, (size, lang, b)
                page.screenshot(path=str(shots / f"baida-settlement-{size}-{lang}.png"))
        if won:
            assert page.locator("[data-testid=winning-tile]").count() >= 1
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


def test_the_baida_rules_page(browser: Any, server: Any, shots: Path) -> None:
    page = _page(browser, server, 1280, 720)
    try:
        for lang in ("zh", "en"):
            page.evaluate("async (l) => (await import('/i18n.js')).setLang(l)", lang)
            page.goto(server.base + "/#/rules")
            page.click("[data-testid=rules-baida-default]")
            page.wait_for_selector("[data-testid=rules-table] tbody tr")
            text = page.inner_text("[data-testid=rules]")
            assert not RAW_KEY.search(text), (lang, RAW_KEY.search(text))
            assert page.locator("[data-testid=rules-table] tbody tr").count() >= 20
            # The example: 567p 34s 夏秋冬 88m · chi 234m · 兰 + 5s: every tile drawn, flowers included.
            example = page.eval_on_selector_all(".example-hand .tile", "els => els.map(e => Number(e.dataset.tile))")
            assert len(example) == 15 and {35, 36, 37, 39} <= set(example), example
            if lang == "zh":
                assert "补花" in text and "百搭" in text and "= 4 台" in text and "8" in text, text
                assert "台数表" in text and "番型" not in text and "钻" not in text, text
            else:
                assert "tai" in text and "= 4 tai" in text, text
            page.screenshot(path=str(shots / f"rules-baida-{lang}.png"), full_page=True)
        # The table's 规则说明 link leads here too (#/rules/baida/default), and #/rules/baida alone works.
        page.goto(server.base + "/#/rules/baida")
        page.wait_for_selector("[data-testid=rules-table] tbody tr")
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()


_MELD_KIND = {"chi": "chi", "peng": "peng", "minggang": "kong_exposed", "angang": "kong_concealed",
              "jiagang": "kong_added"}


def _view_of(name: str) -> dict[str, Any]:
    """A finished hand's view, as the server sends it, built from a scored example: the winner's concealed
    tiles, melds and laid-open flowers, the wilds of the indicator, the settlement and how it was won."""
    from majiang.rules.baida_scoring.situation import wilds_of
    from majiang.tiles import parse_tile, parse_tiles

    raw = json.loads((DATA / name).read_text())
    sit = parse_situation(raw)
    st = msgspec.to_builtins(score(sit))
    wilds = sorted(wilds_of(parse_tile(sit.indicator), sit.options.seven_baida))
    concealed = parse_tiles(sit.concealed, max_copies=None)
    win_tile = parse_tile(sit.winning_tile)
    if sit.how != "self_draw":
        concealed.remove(win_tile)  # a claimed winning tile is not in the hand
    seats = []
    for i in range(4):
        melds, flowers = [], []
        if i == sit.winner:
            for m in sit.melds:
                tiles = parse_tiles(m.tiles)
                melds.append({"kind": _MELD_KIND[m.type], "tiles": tiles, "from_seat": m.from_seat,
                              "called": tiles[0] if m.from_seat is not None else None})
            flowers = parse_tiles(sit.flowers, max_copies=None) if sit.flowers else []
        seats.append({"seat": i, "hand_count": 13, "melds": melds, "exposed": flowers, "river": [],
                      "declared": False, "wind": (i - sit.dealer) % 4})
    revealed = [concealed if i == sit.winner else [] for i in range(4)]
    return {"ruleset": "baida", "seat": 0, "hand_no": 1, "dealer": sit.dealer, "streak": sit.streak,
            "phase": "over", "wild": wilds[0], "wilds": wilds, "stand_in": None, "gangpai": [], "seats": seats,
            "settlement": st, "revealed": revealed, "round_wind": "ESWN".index(sit.round_wind),
            "wins": [{"seat": sit.winner, "tile": win_tile, "self_draw": sit.how == "self_draw",
                      "from_seat": sit.from_seat}]}


SETTLE = """async ([views, lang]) => {
  const i18n = await import('/i18n.js');
  i18n.setLang(lang);
  const {settlementEl} = await import('/screens/settlement.js');
  const board = await import('/board.js');
  const names = ['阿明', '小李', '老王', '张三'];
  const out = [];
  for (const v of views) {
    document.body.replaceChildren(settlementEl(v, names));
    const el = document.querySelector('[data-testid=settlement]');
    out.push({title: el.querySelector('[data-testid=settle-title]').innerText, text: el.innerText.split(/种子|Seed/)[0],
              as: [...el.querySelectorAll('[data-testid^=win-hand-] .wild-as .as')].map((e) => Number(e.dataset.as)),
              flowers: el.querySelectorAll('[data-testid^=win-hand-] [data-testid^=flowers-] .tile').length,
              details: [...el.querySelectorAll('.pay-detail')].map((d) => d.textContent).join(' | ')});
  }
  // The claim prompt and the win button of a 抢杠 window, and of an ordinary discard.
  const v = {ruleset: 'baida', wilds: [17], wild: 17, claim: {tile: 22, discarder: 2, robbing: true}};
  const rob = board.claimPromptEl(v, (s) => names[s]).textContent;
  const robWin = board.claimActionLabel(v, {type: 'win'});
  const discard = {...v, claim: {tile: 22, discarder: 2, robbing: false}};
  const plain = board.claimPromptEl(discard, (s) => names[s]).textContent;
  return {out, rob, robWin, plain};
}"""


def test_baida_settlements_and_the_rob_window(browser: Any, server: Any, shots: Path) -> None:
    views = [_view_of("09_qianggang.json"), _view_of("flower_baida.json")]
    page = _page(browser, server, 1280, 720)
    try:
        zh = page.evaluate(SETTLE, [views, "zh"])
        rob, flower = zh["out"]
        assert "抢" in rob["title"] and "点炮" not in rob["title"], rob["title"]  # 小李 胡 · 抢 老王 的杠
        assert "抢杠" in rob["text"] and "被抢杠付双倍" in rob["details"], rob
        # 夏秋冬 are the 百搭 (indicator 春); all three stood for 东 (the 圈风 pung).
        assert flower["as"] == [27, 27, 27], flower
        assert flower["flowers"] == 1 and "三百搭" in flower["text"] and "4 台" in flower["text"], flower["text"]
        for res in zh["out"]:
            assert not RAW_KEY.search(res["text"]) and not ENGINE_WORDS.search(res["text"]), res["text"]
            assert not re.search(r"[A-Za-z]{2,}", res["details"]) and "台" in res["details"], res["details"]
        assert zh["rob"].startswith("老王 加杠") and "抢杠？" in zh["rob"] and zh["robWin"] == "抢杠", zh
        assert "打出" in zh["plain"] and "抢杠" not in zh["plain"], zh
        page.screenshot(path=str(shots / "baida-settlement-render-zh.png"), full_page=True)
        en = page.evaluate(SETTLE, [views, "en"])
        assert "robbing" in en["out"][0]["title"] and "rob the kong?" in en["rob"], en
        assert en["robWin"] == "Rob the kong", en
        for res in en["out"]:
            assert not RAW_KEY.search(res["text"]) and "tai" in res["text"], res["text"]
            words = re.sub("小李|老王|阿明", "", res["details"])  # the players' names are Chinese here
            assert "pays double" in words and not HAN.search(words), res
        page.screenshot(path=str(shots / "baida-settlement-render-en.png"), full_page=True)
        assert not page.errors, page.errors  # type: ignore[attr-defined]
    finally:
        page.context.close()
