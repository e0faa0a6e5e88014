"""An arena run kept on disk wall by wall, so a long run survives a stop and picks up where it ended.

A duplicate match between slow bots takes hours (two hard bots play about one hand a second on a core,
and the intervals need thousands of hands), longer than one sitting on a small machine. ``--record
FILE`` appends each wall's four plays to FILE as it lands; the same command run again reads the walls
already there, plays only the missing ones and prints the summary of them all. Because wall ``i`` is a
pure function of (seed, ruleset, options, line-up, i), the result is the one an uninterrupted run gives.

The file is JSON lines: a header naming the run, then one line per wall (its four plays). A line cut
short by a kill is dropped (the file is truncated back to the last whole line) and its wall is played
again. A file made by a different run (another seed, ruleset, option or line-up) is refused.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import msgspec

from majiang.sim.arena import SEATS, ArenaConfig, Play

FORMAT = "majiang-arena/1"


class RecordError(ValueError):
    """The record file cannot be used for this run (it says why)."""


class Header(msgspec.Struct, frozen=True):
    format: str
    ruleset: str
    options: dict[str, Any]
    lineup: list[str]
    seed: str


def header_of(cfg: ArenaConfig) -> Header:
    return Header(format=FORMAT, ruleset=cfg.ruleset, options=dict(cfg.options), lineup=list(cfg.lineup),
                  seed=cfg.seed)


_header_decoder = msgspec.json.Decoder(Header)
_wall_decoder = msgspec.json.Decoder(list[Play])
_encoder = msgspec.json.Encoder()


class ArenaRecord:
    """The walls of one run found in ``path`` (``walls``: index → its four plays), open for appending."""

    def __init__(self, path: str, cfg: ArenaConfig) -> None:
        self.path = path
        self.walls: dict[int, list[Play]] = {}
        want = header_of(cfg)
        good_end = 0
        if os.path.exists(path):
            good_end = self._read(want)
        # Truncate a torn last line (or write the header of a new file) before anything is appended.
        with open(path, "r+b" if os.path.exists(path) else "wb") as f:
            f.truncate(good_end)
            if good_end == 0:
                f.write(_encoder.encode(want) + b"\n")

    def _read(self, want: Header) -> int:
        """Load the walls; return the byte length of the file's whole, valid lines."""
        with open(self.path, "rb") as f:
            data = f.read()
        if not data:
            return 0
        lines = data.split(b"\n")
        try:
            found = _header_decoder.decode(lines[0])
        except msgspec.DecodeError:
            raise RecordError(f"{self.path} is not an arena record (its first line is not a {FORMAT} header)") from None
        if found.format != FORMAT:
            raise RecordError(f"{self.path} is a {found.format!r} record; this arena writes {FORMAT!r}")
        if found != want:
            raise RecordError(f"{self.path} records another run ({_describe(found)}); this run is {_describe(want)}: "
                              "give another --record file or the same settings")
        end = len(lines[0]) + 1
        for line in lines[1:]:
            try:
                plays = _wall_decoder.decode(line)
            except msgspec.DecodeError:
                break  # the line a kill cut short (and nothing after it counts)
            if len(plays) != SEATS or len({p.wall for p in plays}) != 1:
                break
            self.walls[plays[0].wall] = plays
            end += len(line) + 1
        return min(end, len(data))

    def append(self, plays: Sequence[Play]) -> None:
        """Add one wall's four plays, flushed, so a kill right after loses nothing."""
        with open(self.path, "ab") as f:
            f.write(_encoder.encode(list(plays)) + b"\n")
            f.flush()
            os.fsync(f.fileno())
        self.walls[plays[0].wall] = list(plays)


def _describe(h: Header) -> str:
    mode = h.options.get("mode") or h.options.get("room") or ""
    return f"{h.ruleset}{' ' + str(mode) if mode else ''}, bots {','.join(h.lineup)}, seed {h.seed!r}"
