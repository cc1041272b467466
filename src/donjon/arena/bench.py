"""Random-play benchmarks: games/s, decisions/s and clone cost, as medians over repeats.

Each repeat plays random games through the public contract (``legal_actions``, ``apply`` with
validation) for about ``seconds`` seconds on one core. Rates are per second of the process's CPU
time, which on an idle machine equals wall time and on a busy one is not inflated by waiting for
the processor.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from dataclasses import dataclass

import donjon


@dataclass
class BenchResult:
    game: str
    players: int
    games_per_s: float
    decisions_per_s: float
    decisions_per_game: float
    clone_us: float
    repeats: int


def _random_games(name: str, players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    game = donjon.load(name)
    rng = random.Random(seed)
    games = decisions = 0
    start = time.process_time()
    deadline = start + seconds
    while True:
        state = game.new_game(players, seed=rng.getrandbits(32))
        while not state.is_over():
            movers = state.to_move()
            seat = movers[0] if len(movers) == 1 else movers[int(rng.random() * len(movers))]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[int(rng.random() * len(legal))])
            decisions += 1
        games += 1
        now = time.process_time()
        if now >= deadline:
            return games, decisions, now - start


def _clone_cost(name: str, players: int, seed: int, samples: int = 2000) -> float:
    """Mean µs per clone over states sampled along random games."""
    game = donjon.load(name)
    rng = random.Random(seed)
    states = []
    while len(states) < 50:
        state = game.new_game(players, seed=rng.getrandbits(32))
        step = 0
        while not state.is_over():
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            step += 1
            if step % 7 == 0:
                states.append(state.clone())
    start = time.process_time()
    for i in range(samples * 5):
        states[i % len(states)].clone()
    return (time.process_time() - start) / (samples * 5) * 1e6


def bench(name: str, players: int, repeats: int = 5, seconds: float = 2.0, seed: int = 1) -> BenchResult:
    runs = [_random_games(name, players, seconds, seed + r) for r in range(repeats)]
    games_rate = statistics.median(g / t for g, d, t in runs)
    decision_rate = statistics.median(d / t for g, d, t in runs)
    per_game = sum(d for g, d, t in runs) / sum(g for g, d, t in runs)
    clone = statistics.median(_clone_cost(name, players, seed + r) for r in range(repeats))
    return BenchResult(name, players, games_rate, decision_rate, per_game, clone, repeats)


def machine() -> str:
    import os

    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, Python {platform.python_version()}"


#: Player counts the targets of DESIGN.md are stated for.
DEFAULT_PLAYERS = {"citadels": 5, "caylus": 4, "castle-rooms": 4, "gluecksritter": 4}
