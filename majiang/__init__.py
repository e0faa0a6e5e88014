"""Majiang: Chinese regional mahjong (Anhui rules) — hand engine, rulesets, bots, online table."""

__version__ = "0.1.0"
