"""A complete bot for the majiang bot protocol (docs/bot-protocol.md): JSON lines on stdin/stdout.

Run it with `majiang simulate --ruleset anqing --bots 'cmd:python examples/bot.py,greedy,random,random'`.
It wins when it can, never claims, and discards the tile with the fewest neighbours in its hand.
"""

import json
import sys


def neighbours(tile: int, hand: list[int]) -> int:
    if tile >= 27:  # honours only pair up
        return hand.count(tile) - 1
    return sum(1 for t in hand if t != tile and t // 9 == tile // 9 and abs(t - tile) <= 2) + hand.count(tile) - 1


def choose(view: dict, legal: list[dict]) -> dict:
    for action in legal:
        if action["type"] == "win":
            return action
    discards = [a for a in legal if a["type"] == "discard"]
    if not discards:  # a claim window (pass comes first) or a 海捞 turn
        return legal[0]
    return min(discards, key=lambda a: (neighbours(a["tile"], view["hand"]), a["tile"] == view["wild"]))


for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "ask":
        answer = {"id": message["id"], "action": choose(message["view"], message["legal"])}
        print(json.dumps(answer), flush=True)
