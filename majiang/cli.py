"""The ``majiang`` command. Each subcommand lives in its own module under
``majiang.commands`` (``NAME``, ``HELP``, ``add_arguments(parser)``, ``run(args) -> int``),
so commands are added without touching this file.

Only the module of the command being run is imported: building every subcommand's parser would
import the server, asyncio, ssl and the bots just to analyze one hand (``majiang analyze`` is a
one-shot command whose whole cost a person waits for). The top-level help imports them all.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from types import ModuleType

from majiang import __version__, commands

DESCRIPTION = "Chinese regional mahjong: 安庆, 合肥 and 百搭 rules, bots, simulation and an online table."


def _module_names() -> list[str]:
    """Every module of majiang.commands, without importing any. (A listing of the folder, not
    pkgutil.iter_modules: that imports inspect, a fifth of a one-shot command's start-up.)"""
    names: set[str] = set()
    for folder in commands.__path__:
        for entry in os.listdir(folder):
            stem, dot, ext = entry.partition(".")
            if dot and stem.isidentifier() and not stem.startswith("__") and (ext == "py" or ext.endswith(".so")):
                names.add(stem)
    return sorted(names)


def _load(name: str) -> ModuleType | None:
    module = importlib.import_module(f"{commands.__name__}.{name}")
    return module if hasattr(module, "NAME") else None  # None: a helper shared by commands (options_arg)


def _escaped(text: str) -> str:
    # argparse %-formats help strings ("%(default)s"): a literal "95%" must reach it as "95%%"
    return text.replace("%", "%%")


def build_parser(only: str | None = None) -> argparse.ArgumentParser:
    """The whole parser, or (``only``) one with just that subcommand. A word that names no command
    never gets here as ``only`` (main builds the whole parser for it, so its error lists them all)."""
    parser = argparse.ArgumentParser(prog="majiang", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"majiang {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in _module_names():
        if only is not None and name != only:
            continue
        module = _load(name)
        if module is None:
            continue
        p = sub.add_parser(module.NAME, help=_escaped(module.HELP), description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_run=module.run, _parser=p)
    return parser


def _command_in(argv: list[str]) -> str | None:
    """The subcommand named in ``argv`` when it is one of ours (its first word that is not an option;
    modules are named after their command)."""
    names = set(_module_names())
    for word in argv:
        if word.startswith("-"):
            continue
        return word if word in names else None
    return None


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    command = _command_in(argv)
    parser = build_parser(only=command) if command is not None and _load(command) else build_parser()
    args, extra = parser.parse_known_args(argv)
    if extra:
        # the subcommand's own usage, not the top level's: the unknown option belongs to it
        (getattr(args, "_parser", None) or parser).error(f"unrecognized arguments: {' '.join(extra)}")
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    who = f"majiang {command}" if command else "majiang"
    try:
        return int(args._run(args) or 0)
    except KeyboardInterrupt:
        print(f"{who}: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        # A bug, not the user's input (what a user got wrong is said by the command itself): one line
        # that names it, the traceback only when asked for.
        if os.environ.get("MAJIANG_DEBUG"):
            raise
        print(f"{who}: internal error: {type(exc).__name__}: {exc} "
              "(MAJIANG_DEBUG=1 shows the traceback)", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
