"""A browser page as a guest in the lobby: what most browser tests start from."""

from __future__ import annotations

from typing import Any


def enter(page: Any, name: str) -> None:
    """Type a guest's name on the name screen and wait for the lobby (its 创建房间 card)."""
    page.fill("#name", name)
    page.click("[data-testid=enter]")
    page.wait_for_selector("[data-testid=open-create]")


def guest_page(browser: Any, base: str, name: str, width: int = 1440, height: int = 900) -> tuple[Any, Any, list[str]]:
    """A new context and page entered as the guest ``name`` (Chinese, the default), and the list its page
    errors land in (a test asserts it stays empty)."""
    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="zh-CN")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(base + "/")
    enter(page, name)
    return ctx, page, errors
