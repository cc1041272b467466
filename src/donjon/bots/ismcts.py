"""Information-set Monte Carlo tree search (single observer), for any game.

Each iteration samples a determinization of what the seat cannot see, walks the tree along the
actions legal in that world (UCB with availability counts, Cowling, Powley & Whitehouse 2012),
expands one action, plays the rest at random, and credits every seat with its result. It uses
only the engine contract, so it plays every registered game.
"""

from __future__ import annotations

import math
import random
import time

from donjon.engine import Action


class _Node:
    __slots__ = ("seat", "visits", "available", "reward", "children")

    def __init__(self, seat: int):
        self.seat = seat  # who chose the action leading here
        self.visits = 0
        self.available = 0
        self.reward = 0.0
        self.children: dict[str, _Node] = {}


def _rewards(state) -> list[float]:
    """1 for a sole win, 0 for last place, shared ranks in between."""
    ranks = state.result().ranks
    n = len(ranks)
    return [1.0 if n == 1 else (n - r) / (n - 1) for r in ranks]


class ISMCTSBot:
    blind = False

    def __init__(self, game=None, seed: int | None = None, iterations: int = 300,
                 milliseconds: float | None = None, exploration: float = 0.7,
                 rollout_limit: int = 2_000):
        self.name = "ismcts"
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.milliseconds = milliseconds
        self.exploration = exploration
        self.rollout_limit = rollout_limit

    def choose(self, state, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        rng = self.rng
        root = _Node(seat)
        deadline = None if self.milliseconds is None else time.perf_counter() + self.milliseconds / 1000
        done = 0
        while (done < self.iterations) if deadline is None else (time.perf_counter() < deadline):
            self._iterate(state.determinize(seat, rng), root, seat, rng)
            done += 1
        by_text = {a.text: a for a in legal}
        best = max(
            (child for text, child in root.children.items() if text in by_text),
            key=lambda child: child.visits, default=None,
        )
        if best is None:
            return rng.choice(legal)
        return by_text[next(t for t, c in root.children.items() if c is best)]

    def _iterate(self, world, root: _Node, seat: int, rng: random.Random) -> None:
        node, path = root, [root]
        mover = seat
        # Selection and expansion.
        while not world.is_over():
            movers = world.to_move()
            mover = seat if seat in movers else movers[0]
            legal = world.legal_actions(mover)
            untried = [a for a in legal if a.text not in node.children]
            for action in legal:
                child = node.children.get(action.text)
                if child is not None:
                    child.available += 1
            if untried:
                action = untried[int(rng.random() * len(untried))]
                child = node.children[action.text] = _Node(mover)
                child.available = 1
                world.apply(mover, action)
                path.append(child)
                break
            log_factor = self.exploration
            best, best_value = None, -1.0
            for action in legal:
                child = node.children[action.text]
                value = child.reward / child.visits + log_factor * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if value > best_value:
                    best, best_value = action, value
            node = node.children[best.text]
            world.apply(mover, best)
            path.append(node)
        # Rollout.
        steps = 0
        while not world.is_over() and steps < self.rollout_limit:
            movers = world.to_move()
            who = movers[int(rng.random() * len(movers))]
            legal = world.legal_actions(who)
            world.apply(who, legal[int(rng.random() * len(legal))])
            steps += 1
        if world.is_over():
            rewards = _rewards(world)
        else:
            rewards = [1.0 / world.players] * world.players
        for visited in path:
            visited.visits += 1
            visited.reward += rewards[visited.seat]
