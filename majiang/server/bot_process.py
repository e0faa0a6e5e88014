"""Where a server's bots think: a thread of the server's process, or a process of their own.

On a thread (the default on one core) a thinking bot holds the interpreter lock that the
event loop needs for every intent, view and socket write; past about 200 tables per node the loop
waits for it often enough that the humans' p99 passes 100 ms while the core is still a fifth idle
(docs/server.md, "Capacity"). ``MAJIANG_LIMITS=bot_processes=1`` (the default on two cores or
more) moves the decisions to one child process: the loop keeps its lock, the bots use another core.

The child is started with ``spawn`` (the server has threads and an event loop, which a fork would
copy half-made). It keeps one bot per (table, seat, kind, seed), made on its first question, so a
bot's memory of the hand lives on between its decisions as it does on the thread; a table whose match
is over has its bots dropped (:meth:`BotThinking.forget`), and the oldest go past :data:`KEEP`. A
question goes out as the seat's own view (msgpack; the seat's view is all a bot ever decides from)
and the answer comes back as an action. Programs (``cmd:`` bots) stay on the thread: each is a
process already. The child ends with its server: it watches its parent.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import gc
import logging
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable

import msgspec

from majiang.bots import make_bot
from majiang.bots.base import Bot
from majiang.core.actions import Action
from majiang.engine.view import SeatView

log = logging.getLogger("majiang.server")

KEEP = 16384  # bots the child keeps (four per table; more than a node's tables hold)
# One thread: the bots' process-wide memos (majiang/bots) are only ever used by one thread at a time.
BOT_THREAD = concurrent.futures.ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")
BotKey = tuple[int, int, str, int]  # (the table's number in this process, seat, bot kind, seed)

_ENCODER = msgspec.msgpack.Encoder()
_ACTION = msgspec.msgpack.Decoder(Action)
_VIEW = msgspec.msgpack.Decoder(SeatView)


# --- in the child ------------------------------------------------------------------------------
_bots: OrderedDict[BotKey, Bot] = OrderedDict()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)  # the server is gone (killed, say): nobody will ask again


def _start_child(parent: int, gc_threshold: int) -> None:
    # as the server itself does (app.py): the bots make no cyclic garbage, so a young collection would
    # only walk a thinking bot's candidates
    gc.collect()
    gc.freeze()
    if gc_threshold > 0:
        gc.set_threshold(gc_threshold, 50, 50)
    else:
        gc.disable()
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="parent-watch").start()


def _decide(key: BotKey, payload: bytes) -> bytes:
    """The child's answer to one question: the action, msgpack."""
    bot = _bots.get(key)
    if bot is None:
        bot = _bots[key] = make_bot(key[2], key[3])
        if len(_bots) > KEEP:
            _bots.popitem(last=False)
    else:
        _bots.move_to_end(key)
    return _ENCODER.encode(bot.choose(_VIEW.decode(payload)))


def _forget(keys: list[BotKey]) -> int:
    """Drop a table's bots (its match is over); the bots the child still keeps."""
    for key in keys:
        _bots.pop(key, None)
    return len(_bots)


# --- in the server -----------------------------------------------------------------------------
class BotThinking:
    """The server's bots' decisions: on :data:`BOT_THREAD`, or in the child once :meth:`start` ran."""

    def __init__(self) -> None:
        self._pool: concurrent.futures.ProcessPoolExecutor | None = None
        self._gc_threshold = 0

    def start(self, gc_threshold: int = 0) -> None:
        """Think in a child process from now on (started at once; its imports run beside the server's)."""
        if self._pool is not None:
            return
        self._gc_threshold = gc_threshold
        self._pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_child, initargs=(os.getpid(), gc_threshold))
        self._pool.submit(os.getpid)  # (the pool spawns its child on the first call: now, not on a question)

    def stop(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def forget(self, keys: list[BotKey]) -> concurrent.futures.Future[int] | None:
        """Let the child drop these bots now rather than when :data:`KEEP` pushes them out (a finished
        match's bots are never asked again). Not waited for; the future tells how many bots stay."""
        pool = self._pool
        keys = [key for key in keys if not key[2].startswith("cmd:")]
        if pool is None or not keys:
            return None
        try:
            return pool.submit(_forget, keys)
        except (concurrent.futures.process.BrokenProcessPool, RuntimeError):
            return None  # (a dead child forgot them all; the next question starts another)

    async def choose(self, key: BotKey, view: SeatView, local: Callable[[], Bot]) -> Action:
        """The bot's action for ``view``. ``local`` gives the bot itself, for the thread (a program's bot,
        no child, or a child that died: it is started again for the next question)."""
        pool = self._pool
        if pool is not None and not key[2].startswith("cmd:"):
            try:
                return _ACTION.decode(await asyncio.wrap_future(pool.submit(_decide, key, _ENCODER.encode(view))))
            except concurrent.futures.process.BrokenProcessPool:
                log.error("the bots' process ended; starting another (this decision is made on the thread)")
                if self._pool is pool:
                    self.stop()
                    self.start(self._gc_threshold)
        return await asyncio.get_running_loop().run_in_executor(BOT_THREAD, local().choose, view)


THINKING = BotThinking()
