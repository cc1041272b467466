"""Digests of a game's behaviour under random play, to show that a speed change changed nothing.

Plays random games at every player count, with the default options and then with each other
value of each option (one option at a time, set-ups the game refuses skipped), and prints one
line per game: the set-up and a digest of everything the engine contract lets one observe —
who is to move and the legal actions (kind, args and text) at every decision, the result, and
every event. Halfway through each game, play goes on from a clone (so a clone must carry every
field), a determinization must offer what the state offers, and ``can_undo`` is sampled.

Run it on the code before and after a change and compare the outputs::

    PYTHONPATH=/tmp/before/src .venv/bin/python scripts/identity_digest.py caylus > before.txt
    PYTHONPATH=src .venv/bin/python scripts/identity_digest.py caylus > after.txt
    diff before.txt after.txt && echo identical

The random choices come from their own generator, seeded per game, so both runs choose the same
moves as long as the legal actions agree; the first differing line names the game.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
from typing import Any

import donjon
from donjon.engine import Game


def option_sets(game: Game) -> list[dict[str, Any]]:
    """The defaults, then each other value of each option, one option at a time."""
    sets: list[dict[str, Any]] = [{}]
    for option in game.options:
        for value in option.choices or ():
            if not (type(value) is type(option.default) and value == option.default):
                sets.append({option.name: value})
    return sets


def listed(actions: Any) -> list[tuple[Any, ...]]:
    return [(a.kind, a.args, a.text) for a in actions]


def digest(game: Game, players: int, options: dict[str, Any], seed: int) -> tuple[int, str]:
    """Play one random game; how many decisions it took, and the digest of what was seen."""
    h = hashlib.sha256()
    rng = random.Random(seed * 7919 + players)
    state = game.new_game(players, seed=seed, **options)
    decisions = 0
    while not state.is_over():
        movers = state.to_move()
        seat = movers[0] if len(movers) == 1 else movers[int(rng.random() * len(movers))]
        legal = state.legal_actions(seat)
        h.update(repr((movers, listed(legal))).encode())
        state.apply(seat, legal[int(rng.random() * len(legal))])
        decisions += 1
        if decisions % 37 == 0:
            h.update(repr([state.can_undo(s) for s in range(players)]).encode())
        if decisions == 60 and not state.is_over():
            seat = state.to_move()[0]
            world = state.determinize(seat, random.Random(seed))
            h.update(repr(listed(world.legal_actions(seat))).encode())
            state = state.clone()  # the rest of the game is played on a clone
    h.update(json.dumps(state.result().to_json(), sort_keys=True, default=repr).encode())
    h.update(json.dumps(state.events, sort_keys=True, default=repr).encode())
    return decisions, h.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=6, help="games per set-up (default 6)")
    args = parser.parse_args()
    game = donjon.load(args.game)
    for players in range(game.min_players, game.max_players + 1):
        for options in option_sets(game):
            try:
                game.check(players, options)
            except ValueError:
                continue
            for seed in range(args.games):
                decisions, seen = digest(game, players, options, seed)
                print(players, json.dumps(options, sort_keys=True), seed, decisions, seen)


if __name__ == "__main__":
    main()
