"""Where a server's bots think: a thread of the server's process, or a process of their own.

On a thread (the default on one core) a thinking bot holds the interpreter lock that the
event loop needs for every intent, view and socket write; past about 200 tables per node the loop
waits for it often enough that the humans' p99 passes 100 ms while the core is still a fifth idle
(docs/server.md, "Capacity"). ``MAJIANG_LIMITS=bot_processes=1`` (the default on two cores or
more) moves the decisions to one child process: the loop keeps its lock, the bots use another core;
``bot_processes=N`` to N children, each table's bots in one of them.

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
    """The server's bots' decisions: on :data:`BOT_THREAD`, or in child processes once :meth:`start` ran.
    With several children a table's bots all live in one of them (chosen by the table's number), so a
    bot's memory stays in one place and one table's long searches queue behind none but its own."""

    def __init__(self) -> None:
        self._pools: list[concurrent.futures.ProcessPoolExecutor] = []
        self._gc_threshold = 0

    def start(self, gc_threshold: int = 0, processes: int = 1) -> None:
        """Think in ``processes`` children from now on (started at once; their imports run beside the
        server's)."""
        if self._pools:
            return
        self._gc_threshold = gc_threshold
        self._pools = [self._spawn() for _ in range(max(1, processes))]

    def _spawn(self) -> concurrent.futures.ProcessPoolExecutor:
        pool = concurrent.futures.ProcessPoolExecutor(
            max_workers=1, mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_child, initargs=(os.getpid(), self._gc_threshold))
        pool.submit(os.getpid)  # (the pool spawns its child on the first call: now, not on a question)
        return pool

    def stop(self) -> None:
        pools, self._pools = self._pools, []
        for pool in pools:
            pool.shutdown(wait=False, cancel_futures=True)

    def _pool_of(self, key: BotKey) -> tuple[int, concurrent.futures.ProcessPoolExecutor] | None:
        if not self._pools or key[2].startswith("cmd:"):
            return None
        i = key[0] % len(self._pools)
        return i, self._pools[i]

    def forget(self, keys: list[BotKey]) -> concurrent.futures.Future[int] | None:
        """Let a table's child drop these bots of the table now rather than when :data:`KEEP` pushes
        them out (a finished match's bots are never asked again). Not waited for; the future tells how
        many bots that child still keeps."""
        keys = [key for key in keys if not key[2].startswith("cmd:")]
        found = self._pool_of(keys[0]) if keys else None
        if found is None:
            return None
        try:
            return found[1].submit(_forget, keys)
        except (concurrent.futures.process.BrokenProcessPool, RuntimeError):
            return None  # (a dead child forgot them all; the next question starts another)

    async def choose(self, key: BotKey, view: SeatView, local: Callable[[], Bot]) -> Action:
        """The bot's action for ``view``. ``local`` gives the bot itself, for the thread (a program's bot,
        no child, or a child that died: it is started again for the next question)."""
        found = self._pool_of(key)
        if found is not None:
            i, pool = found
            try:
                return _ACTION.decode(await asyncio.wrap_future(pool.submit(_decide, key, _ENCODER.encode(view))))
            except concurrent.futures.process.BrokenProcessPool:
                log.error("a bots' process ended; starting another (this decision is made on the thread)")
                if i < len(self._pools) and self._pools[i] is pool:
                    pool.shutdown(wait=False, cancel_futures=True)
                    self._pools[i] = self._spawn()
        return await asyncio.get_running_loop().run_in_executor(BOT_THREAD, local().choose, view)


THINKING = BotThinking()
