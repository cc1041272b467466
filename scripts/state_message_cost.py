"""Instructions a state message costs the server: random games played in one process, every
seat sent its state message (``donjon.server.fanout``, encoded as the socket sends it) after
each move, counted by valgrind's cachegrind with one string hashing, and the same run without
the games taken away (start-up and imports). The game's own moves are included, shared out over
the messages.

    .venv/bin/python scripts/state_message_cost.py                 # the four games, 2 and 4 seats
    .venv/bin/python scripts/state_message_cost.py caylus:4 citadels:5 --games 3
    PYTHONPATH=/elsewhere/src .venv/bin/python scripts/state_message_cost.py   # another tree

Needs ``valgrind``. The same count from run to run: compare two trees by it, not by timing.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from typing import Any

DEFAULT = ["castle-rooms:2", "castle-rooms:4", "caylus:2", "caylus:4", "citadels:4",
           "citadels:5", "gluecksritter:3", "gluecksritter:4"]


class Table:
    """What ``state_message`` reads of a live table, for one game in one process."""

    def __init__(self, state: Any) -> None:
        self.id, self.status, self.version, self.state, self.clock = "t", "running", 0, state, None
        self._shown: dict[tuple[int | None, str], dict[Any, Any]] = {}

    def names(self, lang: str) -> list[str]:
        return ["Alice", "Bob", "Chloé", "Dmitri", "Eve", "Farid", "Gül", "Hana"][
            :self.state.players]

    def shown_actions(self, seat: int | None, lang: str) -> dict[Any, Any]:
        return self._shown.setdefault((seat, lang), {})


def play(name: str, players: int, games: int) -> int:
    """``games`` random games (game k from seed k), each seat sent its message after each
    move; the number of messages."""
    import donjon
    from donjon.server.fanout import json_text, state_message

    game = donjon.load(name)
    messages = 0
    for seed in range(games):
        state = game.new_game(players, seed=seed)
        rng = random.Random(seed)
        table = Table(state)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            before = len(state.events)
            state.apply(seat, legal[int(rng.random() * len(legal))])
            table.version += 1
            for reader in range(players):
                json_text(state_message(table, reader, before, "en"))
                messages += 1
    return messages


def count(name: str, players: int, games: int) -> tuple[int, int]:
    """Instructions of a run playing ``games`` games after one to warm up, and its messages."""
    with tempfile.TemporaryDirectory() as folder:
        out = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no",
             f"--cachegrind-out-file={folder}/out", sys.executable, __file__, "--play",
             f"{name}:{players}", "--games", str(games)],
            capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": "0"})
    refs = re.search(r"I\s+refs:\s+([\d,]+)", out.stderr)
    if refs is None:
        raise RuntimeError(f"no instruction count in valgrind's output:\n{out.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(out.stdout.split()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cases", nargs="*", default=DEFAULT, help="GAME:PLAYERS")
    parser.add_argument("--games", type=int, default=2, help="games a count (seeds 0…)")
    parser.add_argument("--play", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.play:  # under valgrind: a game to warm up, then the counted ones
        name, players = args.play.split(":")
        play(name, int(players), 1)
        print(play(name, int(players), args.games))
        return
    for case in args.cases:
        name, players = case.split(":")
        base, _ = count(name, int(players), 0)
        total, messages = count(name, int(players), args.games)
        print(f"{name} {players}p: {messages} messages, "
              f"{(total - base) // messages:,} instructions a message")


if __name__ == "__main__":
    main()
