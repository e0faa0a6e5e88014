"""A bot for Botzone's Chinese Standard Mahjong game, in its simple interaction (a line with the turn
number n, then the earlier requests and responses, then the new request), seated at our tables through
the adapter (docs/bot-protocol.md, "Botzone bots"):

    majiang simulate --ruleset guobiao \
        --bots 'cmd:python -m majiang.bots.botzone python examples/botzone_bot.py,greedy,greedy,greedy'

It declares HU when its hand wins with 8 fans or more (flowers not counted: majiang's fan calculator),
never claims, and throws the tile with the fewest neighbours. With ``--keep-running`` it asks to be
kept running (Botzone's long-running mode) and then reads one request a turn.
"""

import sys

from majiang.rules.guobiao_fans import GbHand, fans_without_flowers, score_hand

NAMES = ([f"{s}{r}" for s in "WBT" for r in range(1, 10)]
         + [f"F{r}" for r in range(1, 5)] + [f"J{r}" for r in range(1, 4)])
IDS = {n: i for i, n in enumerate(NAMES)}
KEEP = "--keep-running" in sys.argv


class State:
    def __init__(self) -> None:
        self.me = 0
        self.quan = 0
        self.hand: list[int] = []
        self.flowers = 0

    def wins(self, tile: int, self_drawn: bool) -> bool:
        rest = list(self.hand)
        if self_drawn:
            rest.remove(tile)
        lines = score_hand(GbHand(concealed=tuple(sorted(rest)), melds=(), win_tile=tile, self_drawn=self_drawn,
                                  seat_wind=self.me, prevalent_wind=self.quan, flowers=self.flowers))
        return lines is not None and fans_without_flowers(lines) >= 8

    def throw(self) -> int:
        def neighbours(t: int) -> int:
            if t >= 27:
                return self.hand.count(t) - 1
            return sum(1 for u in self.hand if u != t and u // 9 == t // 9 and abs(u - t) <= 2) + self.hand.count(t) - 1
        return min(self.hand, key=lambda t: (neighbours(t), -t))

    def read(self, request: str) -> str:
        """Take in one request; the response to it."""
        w = request.split()
        if w[0] == "0":
            self.me, self.quan = int(w[1]), int(w[2])
        elif w[0] == "1":
            self.flowers = int(w[1 + self.me])
            self.hand = [IDS[n] for n in w[5:18]]
        elif w[0] == "2":
            t = IDS[w[1]]
            self.hand.append(t)
            if self.wins(t, True):
                return "HU"
            out = self.throw()
            self.hand.remove(out)
            return f"PLAY {NAMES[out]}"
        elif w[0] == "3":
            who, what = int(w[1]), w[2]
            if who == self.me and what == "BUHUA":
                self.flowers += 1
            if who != self.me and what in ("PLAY", "PENG", "CHI", "BUGANG"):
                t = IDS[w[-1]]  # the tile thrown (a CHI names its middle tile first), or the one added
                if self.wins(t, False):
                    return "HU"
        return "PASS"


def main() -> None:
    state = State()
    n = int(sys.stdin.readline())
    lines = [sys.stdin.readline().strip() for _ in range(2 * n - 1)]
    for i in range(n - 1):  # the earlier turns: replayed to rebuild the hand (their answers are known)
        state.read(lines[2 * i])
    print(state.read(lines[-1]), flush=True)
    if not KEEP:
        return
    sys.stdin.readline()  # data
    sys.stdin.readline()  # globaldata
    print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)
    for line in sys.stdin:
        print(state.read(line.strip()), flush=True)
        print(">>>BOTZONE_REQUEST_KEEP_RUNNING<<<", flush=True)


if __name__ == "__main__":
    main()
