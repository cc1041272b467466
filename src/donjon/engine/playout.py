"""Random play: the bench's random games and the search's whole random playouts.

It lives in the engine, and not with the bench or the bots, so that the compiled build compiles
it with the rules it drives: written in a module of its own callers, it ran interpreted, and
each decision paid the interpreter's loop and four calls into compiled code through Python's
calling convention: a sixth of a compiled decision's instructions (16–20 %, by game).

Each decision goes as through the public contract (``to_move``, ``legal_actions``, ``apply``),
draw for draw and field for field, with what the engine knows of itself taking the place of
two look-ups: the legal actions are read from the state's cache, and the drawn action is played
as it is (``apply`` would search the list for it). A state whose decisions wait on a stack
(``StackState``) plays its own loop (``_play_random``), which leaves out the cache too.
"""

from __future__ import annotations

from math import floor
from random import Random

from donjon.engine.state import State


def play_random(state: State, rng: Random, limit: int = -1) -> int:
    """Play ``state`` on until it ends, or until ``limit`` decisions (-1: no limit): the mover
    drawn from ``rng`` when several are to move, then one of its legal actions (a single one is
    played without a draw). Returns the decisions played."""
    played = state._play_random(rng, limit)  # the game's own loop (a stack's), if any
    if played >= 0:
        return played
    decisions = 0
    while decisions != limit:
        # the contract: nobody is to move exactly when the game is over (one call, not two)
        movers = state.to_move()
        if not movers:
            break
        seat = movers[0] if len(movers) == 1 else movers[floor(rng.random() * len(movers))]
        # legal_actions(seat), its cache read here, else the game's own answers: the seat is
        # one to_move gave, and what legal_actions would keep (a tuple, by seat) ``_play``
        # forgets at once
        cache = state._legal
        legal = cache.get(seat) if cache is not None else None
        if legal is None:
            legal = state._legal_actions(seat)
        count = len(legal)
        state._play(seat, legal[0] if count == 1 else legal[floor(rng.random() * count)])
        decisions += 1
    return decisions
