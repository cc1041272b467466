"""Play many games between bots and summarise them.

Bots see only what their seat may know (``donjon.bots.decide``). Seats rotate from game to game
so that no bot profits from a seat; work is spread over worker processes.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import donjon
from donjon.bots import decide, make_bot


@dataclass
class GameOutcome:
    seed: int
    bots: list[str]  # bot name per seat
    scores: list[Any]
    ranks: list[int]
    decisions: int
    record: dict[str, Any] | None = None


def play_one(
    name: str, players: int, bots: list[str], seed: int, options: dict[str, Any],
    keep_record: bool = False, max_decisions: int = 200_000,
) -> GameOutcome:
    game = donjon.load(name)
    state = game.new_game(players, seed=seed, **options)
    seat_bots = [make_bot(game, bot, seed=seed * 31 + i) for i, bot in enumerate(bots)]
    rng = random.Random(seed ^ 0x5EED)
    decisions = 0
    while not state.is_over():
        for seat in state.to_move():
            if state.is_over() or seat not in state.to_move():
                continue
            state.apply(seat, decide(seat_bots[seat], state, seat, rng))
            decisions += 1
        if decisions > max_decisions:
            raise RuntimeError(f"{name} seed {seed}: no end after {max_decisions} decisions")
    result = state.result()
    return GameOutcome(
        seed=seed, bots=list(bots), scores=list(result.scores), ranks=list(result.ranks),
        decisions=decisions, record=state.record() if keep_record else None,
    )


def seat_bots(bots: list[str], players: int, game_index: int, rotate: bool) -> list[str]:
    """The bot at each seat for one game: the list cycled to the table, rotated per game."""
    cycled = [bots[i % len(bots)] for i in range(players)]
    if rotate:
        shift = game_index % players
        cycled = cycled[shift:] + cycled[:shift]
    return cycled


def _work(args: tuple) -> GameOutcome:
    return play_one(*args)


def run(
    name: str, games: int, players: int, bots: list[str], seed: int = 0,
    options: dict[str, Any] | None = None, workers: int = 1, rotate: bool = True,
    keep_records: bool = False, ray: str | None = None,
) -> Iterator[GameOutcome]:
    """Yield each game's outcome as it finishes (in order): in this process, over ``workers``
    processes, or on the Ray cluster at ``ray`` (``"local"``: one started for the run; see
    ``donjon.arena.distributed``)."""
    options = options or {}
    donjon.load(name).new_game(players, seed=0, **options)  # fail fast on bad options
    jobs = [
        (name, players, seat_bots(bots, players, i, rotate), seed + i, options, keep_records)
        for i in range(games)
    ]
    if ray is not None:
        from donjon.arena.distributed import on_ray

        yield from on_ray(_work, jobs, ray, workers)
        return
    if workers <= 1:
        for job in jobs:
            yield _work(job)
        return
    with ProcessPoolExecutor(max_workers=workers) as pool:
        yield from pool.map(_work, jobs, chunksize=max(1, min(64, games // (workers * 8) or 1)))


@dataclass
class Summary:
    games: int = 0
    wins: dict[str, float] = field(default_factory=dict)  # shared wins count fractionally
    seats: dict[str, int] = field(default_factory=dict)  # seats played per bot
    seat_wins: list[float] = field(default_factory=list)
    scores: dict[str, list[float]] = field(default_factory=dict)
    lengths: list[int] = field(default_factory=list)

    def add(self, outcome: GameOutcome) -> None:
        self.games += 1
        if not self.seat_wins:
            self.seat_wins = [0.0] * len(outcome.bots)
        winners = [s for s, r in enumerate(outcome.ranks) if r == 1]
        for seat, bot in enumerate(outcome.bots):
            self.seats[bot] = self.seats.get(bot, 0) + 1
            share = 1 / len(winners) if seat in winners else 0.0
            self.wins[bot] = self.wins.get(bot, 0.0) + share
            self.seat_wins[seat] += share
            score = outcome.scores[seat]
            if isinstance(score, (int, float)):
                self.scores.setdefault(bot, []).append(score)
        self.lengths.append(outcome.decisions)

    def win_rate(self, bot: str) -> float:
        """Wins per seat played: 1/players is even chances."""
        return self.wins.get(bot, 0.0) / max(1, self.seats.get(bot, 0))

    def interval(self, bot: str) -> tuple[float, float]:
        """95 % Wilson interval of the win rate."""
        n = self.seats.get(bot, 0)
        if n == 0:
            return (0.0, 0.0)
        p, z = self.win_rate(bot), 1.96
        centre = (p + z * z / (2 * n)) / (1 + z * z / n)
        half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
        return (max(0.0, centre - half), min(1.0, centre + half))


def statistics_of(values: Sequence[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    return {
        "mean": statistics.fmean(ordered),
        "median": statistics.median(ordered),
        "min": ordered[0],
        "max": ordered[-1],
        "stdev": statistics.pstdev(ordered),
    }


def simulate(name: str, games: int, players: int, bots: list[str], seed: int = 0,
             progress: Callable[[GameOutcome], None] | None = None, **kwargs: Any) -> Summary:
    summary = Summary()
    for outcome in run(name, games, players, bots, seed=seed, **kwargs):
        summary.add(outcome)
        if progress:
            progress(outcome)
    return summary
