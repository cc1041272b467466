"""Shared by the research tests: the games that have a research module, at every player
count, and a clear skip when the research extra is missing."""

from __future__ import annotations

import pytest

import donjon
from donjon.engine.research import research_games

EXTRA = "the research extra is not installed: pip install -e '.[research]'"


def cases() -> list[tuple[str, int]]:
    out = []
    for name in research_games():
        game = donjon.load(name)
        out += [(name, n) for n in range(game.min_players, game.max_players + 1)]
    return out


CASES = cases()
IDS = [f"{name}-{n}p" for name, n in CASES]


def need(module: str) -> object:
    """Import ``module`` or skip the test, naming the extra to install."""
    return pytest.importorskip(module, reason=EXTRA)
