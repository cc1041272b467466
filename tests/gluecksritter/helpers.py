"""Scenario building for the Die Glücksritter tests: a fresh state with slots set by hand."""

from __future__ import annotations

import random

import donjon
from donjon.games.gluecksritter.data import BOX_COINS, BOX_PIECES, DOC_NAMES

GAME = donjon.load("gluecksritter")
DOC = {name: i for i, name in enumerate(DOC_NAMES)}


class Dice(random.Random):
    """A generator whose die rolls return the given faces (0-based) first.

    The engine rolls a die as ``donjon.engine.chance.randrange(rng, 6)``, which draws three bits
    and keeps them when they are below 6: a face is handed out as those three bits. Draws of
    other sizes come from the generator; a draw of three bits that is not a die (shuffling 4 to 7
    items) would take a face too, so a scenario rolls its dice before anything is shuffled."""

    def __init__(self, faces):
        super().__init__(0)
        self.faces = list(faces)

    def getrandbits(self, k):
        if self.faces and k == 3:
            return self.faces.pop(0)
        return super().getrandbits(k)


def table(players=4, *, start=0, silver=None, gold=None, walls=None, towers=None, docs=None,
          field=(0, 0, 0, 0), jailed=None, dice=None, **options):
    """A state in the choice step of round 1 with the given holdings.

    ``docs`` are lists of Document names per seat, taken out of the deck; ``field`` is
    (tax silver, tax gold, customs silver, customs gold). The bag and the supply hold the rest.
    """
    state = GAME.new_game(players, seed=11, **options)
    state.start = start
    state.silver = list(silver if silver is not None else [2] * players)
    state.gold = list(gold if gold is not None else [2] * players)
    state.walls = list(walls if walls is not None else [0] * players)
    state.towers = list(towers if towers is not None else [0] * players)
    state.jailed = list(jailed if jailed is not None else [False] * players)
    state.field = list(field)
    state.docs = [[] for _ in range(players)]
    for seat, names in enumerate(docs or []):
        for name in names:
            state.doc_deck.remove(DOC[name])
            state.docs[seat].append(DOC[name])
    state.bag = [
        BOX_COINS[0] - sum(state.silver) - field[0] - field[2],
        BOX_COINS[1] - sum(state.gold) - field[1] - field[3],
    ]
    state.supply = [BOX_PIECES[0] - sum(state.walls), BOX_PIECES[1] - sum(state.towers)]
    if dice is not None:
        state.rng = Dice(dice)
    state.changed()
    return state


def texts(state, seat):
    return [a.text for a in state.legal_actions(seat)]


def choose(state, picks, commits=None):
    """Commit red Documents, then choose the pairs: ``picks`` maps every seat to (a, b)."""
    for seat, names in (commits or {}).items():
        for name in names:
            state.apply(seat, f"commit {name}")
    for seat, pair in sorted(picks.items()):
        a, b = sorted(pair)
        state.apply(seat, f"choose {a} and {b}")


def coins_total(state):
    """(silver, gold) counted everywhere: players, fields, bag."""
    silver = sum(state.silver) + state.field[0] + state.field[2] + state.bag[0]
    gold = sum(state.gold) + state.field[1] + state.field[3] + state.bag[1]
    return silver, gold
