"""Subcommands of the ``majiang`` CLI, one module each (see :mod:`majiang.cli`)."""
