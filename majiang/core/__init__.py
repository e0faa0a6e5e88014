"""The shared vocabulary every layer above speaks: actions, events, the settlement, melds and seat
state, what the deal fixes (:class:`~majiang.core.deal.TableInfo`), and :class:`TableView`, the
protocol through which the rules see a table. It imports nothing of majiang's but ``tiles``, so the
rules (below the engine) and the engine (above them) share it without importing each other.

Import from the modules (``majiang.core.actions`` …); this package re-exports nothing.
"""

from __future__ import annotations

import sys


def _import_msgspec() -> None:
    """Import msgspec (which every module here uses) without letting it import typing_extensions.

    msgspec imports typing_extensions, when it is installed, for three names only (``get_type_hints``,
    ``Required``, ``NotRequired``), and takes ``typing``'s when that import fails. On Python 3.11 and
    later (which majiang requires) they are the same: typing_extensions' ``get_type_hints`` called
    with ``include_extras=True``, as msgspec calls it, returns ``typing.get_type_hints``' result as
    it is, and its ``Required``/``NotRequired`` are ``typing``'s. typing_extensions itself costs
    ≈ 15 ms of CPU (it imports ``inspect``), a quarter of what ``import majiang.env`` may cost
    (issue 28). So while msgspec is first imported, typing_extensions is hidden; a later
    ``import typing_extensions`` anywhere in the process works as ever. Nothing is done when either
    is imported already (or on an older Python)."""
    if sys.version_info < (3, 11) or "msgspec" in sys.modules or "typing_extensions" in sys.modules:
        return
    sys.modules["typing_extensions"] = None  # type: ignore[assignment]  # (importing it raises ImportError)
    try:
        import msgspec  # noqa: F401
    finally:
        if "typing_extensions" in sys.modules and sys.modules["typing_extensions"] is None:
            del sys.modules["typing_extensions"]


_import_msgspec()
