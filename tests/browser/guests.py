"""A browser page as a guest in the lobby: what most browser tests start from."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def enter(page: Any, name: str) -> None:
    """Type a guest's name on the name screen and wait for the lobby (its 创建房间 card)."""
    page.fill("#name", name)
    page.click("[data-testid=enter]")
    page.wait_for_selector("[data-testid=open-create]")


def open_page(browser: Any, base: str, width: int = 1440, height: int = 900,
              **context: Any) -> tuple[Any, Any, list[str]]:
    """A new context (Chinese, the default; ``context`` more of its options, ``reduced_motion`` say) and
    page opened at ``base``, and the list its page errors land in (a test asserts it stays empty)."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="zh-CN", **context)
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/")
    return ctx, page, errors


def guest_page(browser: Any, base: str, name: str, width: int = 1440, height: int = 900) -> tuple[Any, Any, list[str]]:
    """``open_page`` entered as the guest ``name``."""
    ctx, page, errors = open_page(browser, base, width, height)
    enter(page, name)
    return ctx, page, errors


def guest_with_match(browser: Any, server: Any, play: Callable[[Any, str], str], name: str = "翻牌人",
                     width: int = 1440, height: int = 900) -> tuple[Any, Any, list[str], str]:
    """``guest_page``, then a match the guest sits in, played out by ``play(server, token)`` (a scripted
    client with bots: test_history_replay's ``_play``): the context, the page, its errors and the room's code.
    (The history, replay and screens tests each began with this set-up.)"""
    ctx, page, errors = guest_page(browser, server.base, name, width, height)
    try:
        code = play(server, page.evaluate("localStorage.getItem('mj.token')"))
    except BaseException:
        ctx.close()
        raise
    return ctx, page, errors, code
