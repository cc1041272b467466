"""Ratings from multiplayer results: Bradley–Terry strengths on the Elo scale.

Every game is read as the pairwise results it implies (a better rank beats a worse one, equal
ranks draw). Strengths are fitted by the minorize–maximize algorithm (Hunter 2004) and reported
as Elo points relative to the field's mean, with bootstrap intervals over games.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

Game = tuple[Sequence[str], Sequence[int]]


def pairwise(
    games: Sequence[Game], names: list[str]
) -> tuple[list[list[float]], list[list[int]]]:
    """Win and meeting counts between named entrants: (wins[i][j], meetings[i][j])."""
    index = {n: i for i, n in enumerate(names)}
    k = len(names)
    wins = [[0.0] * k for _ in range(k)]
    meets = [[0] * k for _ in range(k)]
    for entrants, ranks in games:
        for a in range(len(entrants)):
            for b in range(a + 1, len(entrants)):
                i, j = index[entrants[a]], index[entrants[b]]
                if i == j:
                    continue
                meets[i][j] += 1
                meets[j][i] += 1
                if ranks[a] < ranks[b]:
                    wins[i][j] += 1
                elif ranks[a] > ranks[b]:
                    wins[j][i] += 1
                else:
                    wins[i][j] += 0.5
                    wins[j][i] += 0.5
    return wins, meets


def bradley_terry(
    wins: list[list[float]], meets: list[list[int]], iterations: int = 200, prior: float = 0.5
) -> list[float]:
    """Elo-scale ratings (mean 0). ``prior`` adds a virtual draw against every other entrant
    so that an unbeaten entrant keeps a finite rating."""
    k = len(wins)
    strength = [1.0] * k
    for _ in range(iterations):
        new = []
        for i in range(k):
            won = sum(wins[i]) + prior * (k - 1)
            denominator = sum(
                (meets[i][j] + 2 * prior) / (strength[i] + strength[j]) for j in range(k) if j != i
            )
            new.append(won / denominator if denominator else strength[i])
        mean = math.exp(sum(math.log(s) for s in new) / k)
        strength = [s / mean for s in new]
    return [400 * math.log10(s) for s in strength]


def ratings_with_intervals(
    games: Sequence[Game], names: list[str], resamples: int = 200, seed: int = 0
) -> list[tuple[float, float, float]]:
    """(rating, low, high) per entrant: the fit and a 95 % bootstrap interval over games.

    Resampled fits run as many iterations as the fit itself (a shorter fit of a lopsided record
    stops short of the full one's ratings, leaving the fit outside its own interval); with very
    few games the percentiles can still miss it, so the interval is widened to hold the fit."""
    rating = bradley_terry(*pairwise(games, names))
    rng = random.Random(seed)
    samples: list[list[float]] = [[] for _ in names]
    for _ in range(resamples):
        drawn = [games[rng.randrange(len(games))] for _ in games]
        wins, meets = pairwise(drawn, names)
        for i, value in enumerate(bradley_terry(wins, meets)):
            samples[i].append(value)
    out = []
    for i in range(len(names)):
        ordered = sorted(samples[i])
        low = ordered[int(0.025 * (len(ordered) - 1))]
        high = ordered[int(0.975 * (len(ordered) - 1))]
        out.append((rating[i], min(low, rating[i]), max(high, rating[i])))
    return out
