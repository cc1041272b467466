"""A tournament between bots: every game's outcome, then ratings with intervals, the head-to-head
win matrix, and the score and length distributions, as data (``to_json``) and as a figure
(``donjon.arena.plots``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from donjon.arena.ratings import Game, pairwise, ratings_with_intervals
from donjon.arena.simulate import GameOutcome, Summary, statistics_of


@dataclass
class Tournament:
    game: str
    players: int
    seed: int
    entrants: list[str]
    played: list[Game] = field(default_factory=list)
    summary: Summary = field(default_factory=Summary)

    def add(self, outcome: GameOutcome) -> None:
        self.played.append((outcome.bots, outcome.ranks))
        self.summary.add(outcome)
        self.__dict__.pop("ratings", None)

    @property
    def names(self) -> list[str]:
        """The entrants, each once, sorted."""
        return sorted(set(self.entrants))

    @cached_property
    def ratings(self) -> list[tuple[float, float, float]]:
        """(Elo-scale rating, low, high) per name of ``names``: the fit and its 95 % bootstrap
        interval."""
        return ratings_with_intervals(self.played, self.names, seed=self.seed)

    def head_to_head(self) -> tuple[list[list[float]], list[list[int]]]:
        """wins[i][j]: how often names[i] finished ahead of names[j] (ties count half) over
        meetings[i][j] games where both sat."""
        return pairwise(self.played, self.names)

    def ranking(self) -> list[tuple[str, float, float, float]]:
        """(name, rating, low, high), best first."""
        rows = [(n, *r) for n, r in zip(self.names, self.ratings, strict=True)]
        return sorted(rows, key=lambda row: -row[1])

    def to_json(self) -> dict[str, Any]:
        wins, meets = self.head_to_head()
        summary = self.summary
        return {
            "game": self.game, "players": self.players, "games": summary.games,
            "seed": self.seed,
            "entrants": [
                {"name": name, "rating": rating, "rating_95": [low, high],
                 "seats": summary.seats.get(name, 0), "win_rate": summary.win_rate(name),
                 "win_rate_95": list(summary.interval(name)),
                 "score": statistics_of(summary.scores.get(name, []))}
                for name, rating, low, high in self.ranking()
            ],
            "head_to_head": {"names": self.names, "wins": wins, "meetings": meets},
            "decisions": statistics_of(summary.lengths),
        }
