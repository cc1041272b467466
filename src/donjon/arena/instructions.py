"""Instructions per random game, counted by valgrind's cachegrind (``donjon bench
--instructions``).

A shared machine's games per second move by a fifth from one minute to the next, and by half
from one day to the next; the instructions a game runs do not. So two versions of the code, or
the pure and compiled builds, are compared by counting: the same random games (game ``k`` from
seed ``k``, each legal action drawn from ``random.Random(k)``) played in a fresh process under
``valgrind --tool=cachegrind --cache-sim=no``, and again with no game, so that the start-up and
the imports cancel out of the difference. Both counts first play the same warm-up games (seeds
from ``WARMUP_SEEDS``): what a process does once, in its first games, for all the games it will
play (Caylus makes its road's placements the first time each building is seen, a tenth of a
game's instructions over 20 games) is left out too, as it is of the timed benchmark's thousands
of games. A count takes about fifty times the game's own time.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
from typing import Any, Final

import donjon
from donjon.arena.bench import HIDE_COMPILED, PURE, builds
from donjon.engine.playout import play_random

#: the total of instructions in cachegrind's summary (``==123== I   refs:      1,137,639,331``)
TOTAL: re.Pattern[str] = re.compile(r"^==\d+==\s+I\s+refs:\s+([\d,]+)\s*$", re.MULTILINE)


#: the first seed of the warm-up games (apart from the measured games' 0, 1, 2...)
WARMUP_SEEDS: Final = 1_000_000


def play(name: str, players: int, games: int, warmup: int = 0) -> int:
    """Play ``warmup`` games, then the measured games, through the public contract; the
    decisions the measured games took."""
    game = donjon.load(name)
    game.new_game(players, seed=0)  # what a first game sets up once, in both counts
    for seed in range(WARMUP_SEEDS, WARMUP_SEEDS + warmup):
        play_random(game.new_game(players, seed=seed), random.Random(seed))
    return sum(play_random(game.new_game(players, seed=seed), random.Random(seed))
               for seed in range(games))


def total(report: str) -> int:
    """The instructions counted, from cachegrind's report."""
    found = TOTAL.search(report)
    if found is None:
        raise ValueError(f"no instruction count in valgrind's report:\n{report[-2000:]}")
    return int(found.group(1).replace(",", ""))


def valgrind() -> str | None:
    """The valgrind command, or None when it is not installed (Debian: ``valgrind``)."""
    return shutil.which("valgrind")


def count(name: str, players: int, games: int, build: str = PURE,
          environment: dict[str, str] | None = None, warmup: int = 0) -> tuple[int, int]:
    """Instructions and decisions of ``warmup`` and then ``games`` random games in a fresh
    process running ``build`` (its ``environment`` as ``bench.builds`` gives it); the
    decisions are the measured games'."""
    command = valgrind()
    if command is None:
        raise RuntimeError("valgrind is not installed (Debian: apt-get install valgrind)")
    code = (HIDE_COMPILED if build == PURE else "") + (
        "\nimport sys\nfrom donjon.arena.instructions import play\n"
        "print(play(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])))\n")
    done = subprocess.run(
        [command, "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, "-c", code, name, str(players), str(games), str(warmup)],
        # one string hashing in every count: with a random one, sets and dicts of strings
        # collide differently from one process to the next (±2 % on a game's count)
        env={**os.environ, "PYTHONHASHSEED": "0", **(environment or {})},
        capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        raise RuntimeError(f"the count of {name} ({build}) failed:\n{done.stderr[-3000:]}")
    return total(done.stderr), int(done.stdout.split()[-1])


def per_game(name: str, players: int, games: int, build: str = PURE,
             environment: dict[str, str] | None = None, warmup: int = 0) -> dict[str, Any]:
    """Instructions per game and per decision of ``build``, start-up (and ``warmup`` games)
    left out."""
    played, decisions = count(name, players, games, build, environment, warmup)
    start_up, _ = count(name, players, 0, build, environment, warmup)
    spent = played - start_up
    return {"game": name, "players": players, "build": build, "games": games, "warmup": warmup,
            "instructions_per_game": spent / games,
            "instructions_per_decision": spent / decisions if decisions else 0.0,
            "decisions_per_game": decisions / games}


def compare(tasks: list[tuple[str, int]], games: int, warmup: int = 0) -> list[dict[str, Any]]:
    """``per_game`` of each (game, players) under every build available, pure first."""
    available = builds()
    return [per_game(name, players, games, build, environment, warmup)
            for name, players in tasks for build, environment in available.items()]

