"""Random play over the engine contract, shared by the contract tests."""

from __future__ import annotations

import random

import donjon

#: A random game longer than this is a game that does not end.
MAX_STEPS = 50_000


def player_counts(name: str) -> list[int]:
    game = donjon.load(name)
    return list(range(game.min_players, game.max_players + 1))


def cases() -> list[tuple[str, int]]:
    return [(name, n) for name in donjon.games() for n in player_counts(name)]


def random_step(state, rng: random.Random) -> tuple[int, object]:
    movers = state.to_move()
    seat = movers[rng.randrange(len(movers))]
    legal = state.legal_actions(seat)
    assert legal, f"seat {seat} is to move but has no legal action"
    action = legal[rng.randrange(len(legal))]
    state.apply(seat, action)
    return seat, action


def play_random(state, rng: random.Random, max_steps: int = MAX_STEPS) -> int:
    steps = 0
    while not state.is_over():
        random_step(state, rng)
        steps += 1
        assert steps <= max_steps, f"no end after {max_steps} random decisions: {state!r}"
    return steps
