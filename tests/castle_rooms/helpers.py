"""Castle Rooms states laid out by hand, for rule tests."""

from __future__ import annotations

import donjon
from donjon.games.castle_rooms.cards import compile_deck
from donjon.games.castle_rooms.state import CastleRoomsState

GAME = donjon.load("castle-rooms")
CARDS = compile_deck("proposed")
T = {name: t for t, name in enumerate(CARDS.names)}  # "L-M" -> type, "dragon", "knight"
UP, DOWN = 0, 1


def row(orientation, dragons, rooms, guard=False):
    """A row as the state keeps it: [orientation, dragons, guard, exit, *rooms]."""
    exit_ = CARDS.effective[orientation][T[rooms[-1]]][1]
    return [orientation, int(dragons), int(guard), exit_, *(T[r] for r in rooms)]


def scenario(players=2, hands=None, rows=None, deck=None, current=0, **options):
    """A state at the start of ``current``'s turn (after the draw), laid out by hand.

    ``rows`` holds each seat's rows as ``(orientation, dragons, rooms)`` tuples, with an
    optional fourth item, a guarding Knight."""
    state = GAME.new_game(players, seed=1, **options)
    assert isinstance(state, CastleRoomsState)
    state.current = current
    state.hands = [[T[c] for c in hand] for hand in (hands or [[] for _ in range(players)])]
    state.rows = [[row(*spec) for spec in seat_rows] for seat_rows in (rows or [[]] * players)]
    state.last_built = [len(seat_rows) - 1 for seat_rows in state.rows]
    state.deck = [T[c] for c in (deck if deck is not None else ["M-M"] * 20)]
    state.final_turns = -1
    state.changed()
    return state


def texts(state, seat=0):
    return [a.text for a in state.legal_actions(seat)]


def rooms(state, seat):
    """Each row's room count for ``seat``."""
    return [len(r) - 4 for r in state.rows[seat]]
