"""Scenario helpers for the Caylus rule tests: fresh states, slots set directly, decisions."""

from __future__ import annotations

import donjon
from donjon.games.caylus import activation
from donjon.games.caylus import buildings as B
from donjon.games.caylus import state as S

GAME = donjon.load("caylus")
ID = B.INDEX
#: a phase the driver does not know: it stops once the pushed decisions are resolved
IDLE = 99


def new(players: int = 4, seed: int = 1, **options) -> S.CaylusState:
    return GAME.new_game(players, seed=seed, **options)


def bare(players: int = 4, seed: int = 1, **options) -> S.CaylusState:
    """A fresh state with no pending decision, empty hands, and an idle phase so that the
    driver stops once the decisions a test pushes are resolved (nothing else runs)."""
    s = new(players, seed, **options)
    s.stack = []
    s.phase = IDLE
    s.deniers = [0] * players
    s.cubes = [[0] * 5 for _ in range(players)]
    s.score = [0] * players
    s.changed()
    return s


def drive(s: S.CaylusState) -> None:
    """Run the pending decisions' automatic steps (after pushing frames or editing fields by
    hand)."""
    s.changed()
    s._drive()


def texts(s: S.CaylusState, seat: int | None = None) -> list[str]:
    if seat is None:
        seat = s.to_move()[0]
    return [a.text for a in s.legal_actions(seat)]


def act(s: S.CaylusState, text: str, seat: int | None = None) -> None:
    if seat is None:
        seat = s.to_move()[0]
    s.apply(seat, text)


def put_tile(s: S.CaylusState, space: int, key: str, owner: int = -1) -> int:
    """Put tile ``key`` on road index ``space`` (0-based) owned by ``owner``."""
    t = ID[key]
    if t in s.supply:
        s.supply.remove(t)
    s.road[space] = t
    s.owner[space] = owner
    return t


def activate(s: S.CaylusState, seat: int, space: int) -> None:
    """Phase 5 effect of the building on ``space`` for ``seat``'s worker."""
    s.occupant[space] = seat
    activation.activate(s, seat, space)
    drive(s)


def cubes(s, seat) -> tuple[int, ...]:
    return tuple(s.cubes[seat])


def play_until(s, predicate, chooser=None, limit=5000):
    """Play the first legal action (or ``chooser``'s) until ``predicate(s)`` holds."""
    for _ in range(limit):
        if predicate(s) or s.is_over():
            return
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        action = chooser(s, seat, legal) if chooser else legal[0]
        s.apply(seat, action)
    raise AssertionError("predicate never held")


PASSIVE = ("pass", "do not bribe", "do not move", "leave provost", "do not joust",
           "stay at the inn", "stop delivering", "decline", "sell nothing", "buy nothing",
           "build nothing")


def passive(s, seat, legal):
    """The do-nothing answer where there is one (else the first legal action)."""
    for action in legal:
        if action.text in PASSIVE:
            return action
    return legal[0]
