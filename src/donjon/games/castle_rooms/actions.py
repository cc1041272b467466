"""Castle Rooms actions: their text, and every action a deck allows, made once.

An action's identity is its kind and args: card ids (``"L-M"``, ``"dragon"``), orientation ids
(``"helmet-up"``), seats and rows (from 0). Its text counts rows from 1, as players do, and
stays spelled as in the first release, whose records replay by text.
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple, cast

from donjon.engine import Action, ActionTable
from donjon.engine.action import Arg
from donjon.games.castle_rooms.cards import DRAGONS, FACINGS, card_set


def _shown(row: Arg) -> int:
    """A row index as players count rows, from 1."""
    return cast(int, row) + 1


def _spell(kind: str, *args: Arg) -> str:
    """An action's text: card and orientation ids as they are, rows counted from 1."""
    if kind == "play":
        return f"play {args[0]} on row {_shown(args[1])}"
    if kind == "new":
        return f"new {args[1]} row with {args[0]}"
    if kind == "dragon":
        return f"dragon on seat {args[0]} row {_shown(args[1])}"
    if kind == "knight":
        return f"knight on row {_shown(args[0])}"
    if kind == "guard":
        return f"knight guards row {_shown(args[0])}"
    if kind == "discard":
        return f"discard {args[0]}"
    return "end turn"


ACTIONS: Final = ActionTable(_spell)
END_TURN: Final = ACTIONS("end")


class ActionTables(NamedTuple):
    """Every action a deck allows, made once: no seat has more rows than there are rooms."""

    play: tuple[tuple[Action, ...], ...]  # [room type][row]
    new: tuple[tuple[tuple[Action, ...], ...], ...]  # [room type][facing]
    dragon: tuple[tuple[Action, ...], ...]  # [target seat][row]
    knight: tuple[Action, ...]  # [row]
    guard: tuple[Action, ...]  # [row]
    discard: tuple[Action, ...]  # [card type]


@cache
def action_tables(deck: str) -> ActionTables:
    cards = card_set(deck)
    rows = range(sum(cards.copies))
    seats = range(max(DRAGONS))  # §2's table has a column for every player count
    rooms = cards.names[:cards.dragon]
    return ActionTables(
        play=tuple(tuple(ACTIONS("play", name, k) for k in rows) for name in rooms),
        new=tuple(
            tuple(tuple(ACTIONS("new", name, o) for o in facing) for facing in FACINGS)
            for name in rooms
        ),
        dragon=tuple(
            tuple(ACTIONS("dragon", target, k) for k in rows) for target in seats
        ),
        knight=tuple(ACTIONS("knight", k) for k in rows),
        guard=tuple(ACTIONS("guard", k) for k in rows),
        discard=tuple(ACTIONS("discard", name) for name in cards.names),
    )
