"""Random play through the public contract: the bench's random games and the search's whole
random playouts.

It lives in the engine, and not with the bench or the bots, so that the compiled build compiles
it with the rules it drives: written in a module of its own callers, it ran interpreted, and
each decision paid the interpreter's loop and four calls into compiled code through Python's
calling convention: a sixth of a compiled decision's instructions (16–20 %, by game).
"""

from __future__ import annotations

from random import Random

from donjon.engine.state import State


def play_random(state: State, rng: Random, limit: int = -1) -> int:
    """Play ``state`` on until it ends, or until ``limit`` decisions (-1: no limit): the mover
    drawn from ``rng`` when several are to move, then one of its legal actions (a single one is
    played without a draw). Returns the decisions played."""
    decisions = 0
    while decisions != limit and not state.is_over():
        movers = state.to_move()
        seat = movers[0] if len(movers) == 1 else movers[int(rng.random() * len(movers))]
        legal = state.legal_actions(seat)
        count = len(legal)
        state.apply(seat, legal[0] if count == 1 else legal[int(rng.random() * count)])
        decisions += 1
    return decisions
