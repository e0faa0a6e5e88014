"""Placeholder, replaced below."""
from majiang.bots.greedy import GreedyBot


class StrongBot(GreedyBot):
    name = "strong"
