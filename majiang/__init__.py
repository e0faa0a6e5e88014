"""Majiang: Chinese regional mahjong (Anhui rules) — hand engine, rulesets, bots, online table."""

from majiang import native

__version__ = "0.1.0"

# Before any engine module is imported: compiled (mypyc) or from source (majiang/native.py).
native.install()
