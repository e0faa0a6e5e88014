"""Issue 24: the waiting room is the table about to be played, not a form. Four seat cards of one size,
each with an avatar, around a felt square (mine at the bottom, the others where they will sit), the room
code in its middle with a button that copies the link, the room's rules as chips, 准备 (the largest button)
and the other buttons under it (beside it sideways). Measured at four sizes (and 1920×1080) in both
languages with a person seated beside me, a bot, and an empty seat: every seat and button inside the
screen, none over another, the touch targets a finger's size, no raw key; on desktops and laptops the felt
takes most of the screen; the ready count under the code, no row of 0 totals before a hand was played."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.guests import guest_page
from tests.browser.test_table_sizes import RAW_KEY, SIZES, _boxes, _inside

pytestmark = pytest.mark.browser

WAITING = "[data-testid=waiting]"


def _apart(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["right"] <= b["left"] + 1 or b["right"] <= a["left"] + 1
            or a["bottom"] <= b["top"] + 1 or b["bottom"] <= a["top"] + 1)


def test_the_waiting_room_at_four_sizes_in_both_languages(browser: Any, server: Any, shots: Path) -> None:
    ctx, page, errors = guest_page(browser, server.base, "等人" + secrets.token_hex(2))
    ctx.grant_permissions(["clipboard-read", "clipboard-write"])
    try:
        room = page.evaluate("""async () => (await (await import('/api.js')).api.createRoom(
            {ruleset: 'hefei', options: {room: 'bubaoting'}, hands: 4, discard_seconds: 20, ready_seconds: 600}))""")
        code = room["room"]["code"]
        # a friend in seat 1 (the server seats the next person there), a bot in seat 3, seat 2 empty
        friend = httpx.post(server.base + "/api/session", json={"name": "Friend with a long name"}, timeout=10).json()
        r = httpx.post(f"{server.base}/api/rooms/{code}/join", json={},
                       headers={"authorization": f"Bearer {friend['token']}"}, timeout=10)
        assert r.status_code == 200, r.text
        seat = r.json()["seat"]
        r = httpx.post(f"{server.base}/api/rooms/{code}/bots", json={"seats": [s for s in (1, 2, 3) if s != seat][-1:]},
                       headers={"authorization": f"Bearer {friend['token']}"}, timeout=10)
        assert r.status_code == 200, r.text
        page.goto(f"{server.base}/#/room/{code}")
        page.wait_for_selector(f"{WAITING} [data-testid=ready]")
        page.wait_for_function("document.querySelectorAll('[data-testid=waiting] .wr-seat.empty').length === 1")
        page.wait_for_function("!document.querySelector('[data-testid=waiting] .wr-avatar-wait')")  # (the friend's)

        # The seats sit where they will at the table: mine at the bottom, the next seat on my right.
        positions = page.eval_on_selector_all(f"{WAITING} .seat-list li", "els => els.map(e => e.dataset.pos)")
        assert positions == ["me", "right", "top", "left"], positions
        assert "mine" in (page.get_attribute(f"{WAITING} li[data-pos=me]", "class") or "")
        for lang in ("zh", "en"):
            if lang == "en":
                page.click("[data-testid=lang]")
                page.wait_for_function("document.documentElement.lang === 'en'")
                page.wait_for_selector(f"{WAITING} [data-testid=ready]")
            for size, (w, h) in {**SIZES, "desktop-1080": (1920, 1080)}.items():
                page.set_viewport_size({"width": w, "height": h})
                where = f"waiting {size} {lang}"
                _inside(page, f"{WAITING} .wr-seat, {WAITING} button, {WAITING} .room-code", w, h, where)
                seats = {p: _boxes(page, f"{WAITING} li[data-pos={p}]")[0] for p in ("me", "right", "top", "left")}
                assert seats["me"]["top"] > max(seats["left"]["bottom"], seats["right"]["bottom"]) - 1, where
                assert seats["top"]["bottom"] < seats["left"]["top"] + 1, where
                assert seats["left"]["right"] < seats["right"]["left"], where
                # four seat cards of one size whatever their names, each with an avatar (a person's from their
                # profile, a bot's flower), the bot's level on a chip
                for dim in ("width", "height"):
                    got = [b[dim] for b in seats.values()]
                    assert max(got) - min(got) <= 1, (where, dim, got)
                faces = page.eval_on_selector_all(f"{WAITING} .wr-seat", """els => els.map((e) => {
                  const a = e.querySelector('.wr-avatar'); const r = a && a.getBoundingClientRect();
                  return !!r && r.width >= 28 && r.height >= 28; })""")
                assert faces == [True] * 4, (where, faces)
                assert page.locator(f"{WAITING} .wr-seat .chip.bot[data-testid^=level-]").count() == 1, where
                # 准备: the largest of the buttons, on the first screen (the _inside above)
                ready = _boxes(page, "[data-testid=ready]")[0]
                for b in _boxes(page, f"{WAITING} > .buttons > button:not([data-testid=ready])"):
                    assert ready["height"] >= b["height"] - 1 and ready["width"] >= b["width"] - 1, (where, ready, b)
                centre = _boxes(page, f"{WAITING} .wr-centre")[0]
                boxes = [*seats.values(), centre, *_boxes(page, f"{WAITING} > .buttons > *")]
                for i, a in enumerate(boxes):
                    for b in boxes[i + 1:]:
                        assert _apart(a, b), (where, a, b)
                for b in _boxes(page, f"{WAITING} > .buttons > button"):
                    assert b["height"] >= 44, (where, b)
                # the buttons under 准备 one height, each on one line, its words whole (Invite friends wrapped)
                under = page.eval_on_selector_all(f"{WAITING} > .buttons > button:not(.primary)", """els =>
                  els.map((e) => {
                    const r = document.createRange(); r.selectNodeContents(e);
                    const lines = new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
                    return {h: e.getBoundingClientRect().height, cut: e.scrollWidth > e.clientWidth + 1, lines,
                            text: e.innerText}; })""")
                assert len({round(b["h"]) for b in under}) <= 1, (where, under)
                assert all(not b["cut"] and b["lines"] <= 1 for b in under), (where, under)
                # names are whole: a long one takes two lines, not an ellipsis
                cut = page.eval_on_selector_all(f"{WAITING} .wr-seat .name", """els => els.filter(
                    e => e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1).length""")
                assert cut == 0, where
                # how many are ready, in words (the bot is); no row of 0 totals before anything was played
                ready_n = "1/4 已准备" if lang == "zh" else "1 of 4 ready"
                assert page.inner_text("[data-testid=ready-count]") == ready_n, where
                assert page.locator(f"{WAITING} .wr-seat .score").count() == 0, where
                if size in ("desktop", "desktop-1080", "laptop"):  # the table takes the screen, not a small card
                    felt = _boxes(page, f"{WAITING} .wr-table")[0]
                    assert felt["height"] >= 0.45 * h and felt["width"] >= 0.6 * min(w, 1180), (where, felt)
                text = page.inner_text(WAITING)
                assert not RAW_KEY.findall(text), (where, RAW_KEY.findall(text))
                assert text.count(code) == 1, (where, text)  # the code once, large (it was said twice)
                page.screenshot(path=str(shots / f"waiting-room-{size}-{lang}.png"))
        # An empty seat takes a bot of its own (the other empty seats stay empty).
        empty = page.eval_on_selector_all(f"{WAITING} .wr-seat.empty", "els => els.map(e => Number(e.dataset.seat))")
        assert empty, empty
        page.click(f"[data-testid=add-bot-{empty[0]}]")
        page.wait_for_selector(f"{WAITING} li[data-seat='{empty[0]}'] .chip.bot")
        assert page.locator(f"{WAITING} .wr-seat.empty").count() == len(empty) - 1
        # The link is copied whole.
        page.click("[data-testid=copy-room-link]")
        copied = page.evaluate("navigator.clipboard.readText()")
        assert copied == f"{server.base}/#/room/{code}"
        assert not errors, errors
    finally:
        ctx.close()
