"""The ``majiang`` command. Each subcommand lives in its own module under
``majiang.commands`` (``NAME``, ``HELP``, ``add_arguments(parser)``, ``run(args) -> int``),
so commands are added without touching this file."""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys

from majiang import __version__, commands


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="majiang", description="Anhui mahjong: 安庆 and 合肥 rules.")
    parser.add_argument("--version", action="version", version=f"majiang {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        if not hasattr(module, "NAME"):
            continue  # a helper shared by commands (e.g. options_arg), not a subcommand
        p = sub.add_parser(module.NAME, help=module.HELP, description=module.HELP)
        module.add_arguments(p)
        p.set_defaults(_run=module.run)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "_run", None):
        parser.print_help()
        return 2
    return int(args._run(args) or 0)


if __name__ == "__main__":
    sys.exit(main())
