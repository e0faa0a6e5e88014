"""The operator's console page (/console.html) in Chromium: each action through the page, its effect on
the players' pages and the console's log; a player's token is refused; screenshots at four sizes in both
languages (test-output/screenshots/console-*)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.browser.test_play import _page
from tests.browser.test_table_sizes import _inside, _set_lang
from tests.server.harness import OPERATOR, ServerProcess

pytestmark = pytest.mark.browser
OP = {"x-operator-token": OPERATOR}
SIZES = [(1440, 900), (1280, 720), (390, 844), (844, 390)]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server of this module's own: draining and banning are node-wide, and a failure half-way must not
    leave the other browser tests a server that refuses new rooms."""
    data = tmp_path_factory.mktemp("console-server")
    srv = ServerProcess(data, f"sqlite+aiosqlite:///{data / 'db.sqlite3'}").start()
    try:
        yield srv
    finally:
        srv.stop()


def _state_says(console: Any, text: str) -> None:
    """Wait until the console's drain line shows `text` (it is redrawn after the action's answer)."""
    console.wait_for_function(
        "t => (document.querySelector('[data-testid=drain-state]')?.innerText || '').includes(t)", arg=text,
        timeout=10000)


def _enter(page: Any, name: str) -> None:
    page.fill("#name", name)
    page.click("[data-testid=enter]")
    page.wait_for_selector("[data-testid=open-create]")


def _create(page: Any, ruleset: str = "hefei", hands: int = 3, bots: bool = True) -> str:
    page.click("[data-testid=open-create]")  # (the create-room form opens in a sheet)
    page.select_option("#ruleset", ruleset)
    page.click("[data-testid=create-form] details summary")  # (the clocks fold under it on a phone)
    page.fill("#hands", str(hands))
    page.fill("#bot_delay", "0.05")
    page.fill("#discard_seconds", "300")
    if not bots:
        page.uncheck("#fill_bots")
    page.click("[data-testid=create]")
    page.wait_for_selector("[data-testid=ready]")
    return str(page.inner_text("[data-testid=room-code]").strip())


def _act(console: Any, button: str, reason: str) -> None:
    """Click an action, give the reason in its dialog, confirm, and wait for the console to say done."""
    console.click(f"[data-testid={button}]")
    console.fill("[data-testid=reason]", reason)
    console.click("[data-testid=confirm]")
    console.wait_for_selector("[data-testid=flash]")
    assert "失败" not in console.inner_text("[data-testid=flash]"), console.inner_text("[data-testid=flash]")


def _logged(server: Any, action: str, reason: str) -> bool:
    log = httpx.get(f"{server.base}/api/admin/actions", headers=OP, timeout=10).json()["actions"]
    return any(a["action"] == action and a["reason"] == reason and a["who"].startswith("operator@") for a in log)


def _sign_in(console: Any, server: Any, token: str) -> None:
    console.goto(f"{server.base}/console.html")
    console.fill("[data-testid=token]", token)
    console.click("[data-testid=sign-in]")


def test_console_actions_through_the_page(browser: Any, server: Any, shots: Path) -> None:
    player = _page(browser, server, 390, 844)
    other = _page(browser, server, 1280, 720)
    console = _page(browser, server, 1440, 900)
    try:
        # A player's token is not the operator's: the console refuses it.
        _enter(player, "桌上玩家")
        _sign_in(console, server, player.evaluate("localStorage.getItem('mj.token')"))
        console.wait_for_selector("[data-testid=console-error]")
        assert "403" in console.inner_text("[data-testid=console-error]")
        _sign_in(console, server, OPERATOR)
        console.wait_for_selector("[data-testid=tables]")

        # A hand being played (the player holds the turn: the bots wait), dissolved from the console.
        code = _create(player)
        player.click("[data-testid=ready]")
        player.wait_for_selector(".board")
        console.wait_for_selector(f"[data-testid=table-{code}]", timeout=10000)
        _act(console, f"dissolve-{code}", "桌子卡住了")
        player.wait_for_selector("[data-testid=notice]", timeout=10000)
        assert "桌子卡住了" in player.inner_text("[data-testid=notice]")
        assert "1" in player.inner_text("[data-testid=notice]")  # 连庄数 1
        player.screenshot(path=str(shots / "console-notice-390x844-zh.png"))
        assert _logged(server, "dissolve_hand", "桌子卡住了")
        player.click("[data-testid=ready]")  # the hand is dealt again: a new game
        player.wait_for_selector(".board", timeout=10000)
        room = httpx.get(f"{server.base}/api/rooms/{code}", timeout=10).json()["room"]
        assert room["status"] == "playing" and room["hand_no"] == 1

        # Watch it with every hand visible.
        console.click(f"[data-testid=watch-{code}]")
        console.fill("[data-testid=reason]", "举报：看牌")
        console.click("[data-testid=confirm]")
        console.wait_for_selector("[data-testid=watch-seat-3] .tile")
        assert all(console.locator(f"[data-testid=watch-seat-{i}] .tile").count() >= 13 for i in range(4))
        for w, hgt in SIZES:
            console.set_viewport_size({"width": w, "height": hgt})
            console.wait_for_timeout(150)
            console.screenshot(path=str(shots / f"console-{w}x{hgt}-zh.png"), full_page=True)
            overflow = console.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            assert overflow <= 1, f"the console scrolls sideways at {w}x{hgt}"
        console.click("[data-testid=lang]")
        for w, hgt in SIZES:
            console.set_viewport_size({"width": w, "height": hgt})
            console.wait_for_timeout(150)
            console.screenshot(path=str(shots / f"console-{w}x{hgt}-en.png"), full_page=True)
        console.click("[data-testid=lang]")
        console.set_viewport_size({"width": 1440, "height": 900})
        console.click("[data-testid=stop-watch]")
        assert _logged(server, "watch", "举报：看牌")

        # A second player plays a one-hand match out (托管); its replay opens from the console.
        _enter(other, "另一位")
        done = _create(other, ruleset="anqing", hands=1)
        other.click("[data-testid=ready]")
        other.wait_for_selector("[data-testid=tuoguan]", timeout=20000)
        other.click("[data-testid=tuoguan]")
        other.wait_for_selector("[data-testid=show-ranking], [data-testid=ranking]", timeout=90000)  # match over
        console.fill("[data-testid=lookup-code]", done)
        console.click("[data-testid=lookup] button[type=submit]")
        console.wait_for_selector(f"[data-testid=replay-{done}-1]", timeout=10000)
        href = console.get_attribute(f"[data-testid=replay-{done}-1]", "href")
        assert href == f"/#/replay/{done}/1"
        assert httpx.get(f"{server.base}/api/rooms/{done}/hands/1/replay", timeout=10).status_code == 200

        # Remove the first player from its room: it lands in the lobby and is told why.
        _act(console, f"remove-{code}-0", "辱骂他人")
        player.wait_for_selector("[data-testid=removed-notice]", timeout=10000)
        assert "辱骂他人" in player.inner_text("[data-testid=removed-notice]")
        assert _logged(server, "remove", "辱骂他人")

        # Revoke the second player's tokens from the players online: its page is signed out.
        pid = other.evaluate("localStorage.getItem('mj.player')")
        console.wait_for_selector(f"[data-testid=revoke-{pid}]", timeout=10000)
        _act(console, f"revoke-{pid}", "令牌泄露")
        other.wait_for_selector("#name", timeout=10000)
        assert _logged(server, "revoke", "令牌泄露")

        # Ban the first player (it sits down again first, so it is online).
        _create(player, ruleset="anqing", hands=1, bots=False)
        pid = player.evaluate("localStorage.getItem('mj.player')")
        console.wait_for_selector(f"[data-testid=ban-{pid}]", timeout=10000)
        _act(console, f"ban-{pid}", "作弊")
        console.wait_for_selector(f"[data-testid=banned-{pid}]")
        player.wait_for_selector("#name", timeout=10000)  # its token is void: back to the name screen
        assert httpx.get(f"{server.base}/api/me", headers={"authorization": "Bearer " + (
            player.evaluate("localStorage.getItem('mj.token')") or "x")}, timeout=10).status_code == 401
        assert _logged(server, "ban", "作弊")
        _act(console, f"unban-{pid}", "误封")

        # The announcement and drain, as a lobby shows them.
        console.fill("[data-testid=announcement-text]", "今晚 02:00 维护")
        console.click("[data-testid=announce]")
        console.fill("[data-testid=reason]", "维护通知")
        console.click("[data-testid=confirm]")
        console.wait_for_selector("[data-testid=announce-clear]")
        _act(console, "drain", "升级")
        _state_says(console, "维护中")
        _enter(other, "回来了")
        other.wait_for_selector("[data-testid=announcement]", timeout=10000)
        assert "今晚 02:00 维护" in other.inner_text("[data-testid=announcement]")
        other.wait_for_selector("[data-testid=draining]")
        for lang in ("zh", "en"):
            _set_lang(other, lang)
            for w, hgt in SIZES:
                other.set_viewport_size({"width": w, "height": hgt})
                other.wait_for_timeout(150)
                other.screenshot(path=str(shots / f"console-lobby-announcement-{w}x{hgt}-{lang}.png"))
                _inside(other, "[data-testid=announcement]", w, 10_000, f"lobby {w}x{hgt} {lang}")
                _inside(other, "[data-testid=draining]", w, 10_000, f"lobby {w}x{hgt} {lang}")
        _set_lang(other, "zh")
        other.set_viewport_size({"width": 1280, "height": 720})
        refused = other.evaluate("""async () => {
            try { await (await import('/api.js')).api.createRoom({ruleset: 'anqing'}); return 'created'; }
            catch (e) { return e.code; } }""")
        assert refused == "draining"
        _act(console, "drain", "升级完成")
        _state_says(console, "正常开放")
        _act(console, "announce-clear", "维护结束")
        assert httpx.get(f"{server.base}/api/announcement", timeout=10).json() == {"announcement": None,
                                                                                  "draining": False}
        for action, reason in (("announce", "维护通知"), ("drain", "升级"), ("drain", "升级完成"),
                               ("unban", "误封")):
            assert _logged(server, action, reason)
        # the log on the page shows what was done
        console.wait_for_selector("[data-testid=log-drain]")
        assert not (player.errors or other.errors or console.errors), (player.errors, other.errors, console.errors)
    finally:
        for p in (player, other, console):
            p.context.close()

