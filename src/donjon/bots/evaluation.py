"""How far ahead each seat is, for a search that stops before the end of the game.

Each evaluation reads only the spectator's view of the position (``state.view(None)``): what
every player sees on the table — castles, cities, rows, scores, coins, the number of cards in a
hand — never a hand's contents, so it means the same in every determinization. It returns one
number per seat in the game's own unit (points, ducats, rooms); the search turns differences
into odds with the profile's ``scale`` (``donjon.bots.profiles``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from donjon.engine import State

Evaluation = Callable[[State], list[float]]


def castle_rooms(state: State) -> list[float]:
    """Rooms: the longest row, a blocked one as if two rooms shorter (a Knight must free it),
    a little for the next rows (the tie-break) and for cards in hand."""
    view = state.view(None)
    values = []
    for rows, hand in zip(view["rows"], view["hands"], strict=True):
        lengths = sorted((len(r["rooms"]) - (2.0 if r["dragons"] else 0.0) for r in rows),
                         reverse=True)
        best = lengths[0] if lengths else 0.0
        second = lengths[1] if len(lengths) > 1 else 0.0
        values.append(best + 0.15 * second + 0.2 * hand)
    return values


#: Caylus: what a cube, a denier and a favour are worth in prestige points during the game
#: (more than the end-of-game bonus, since a cube goes into a castle batch or a building)
_CAYLUS_CUBE: Final = {"food": 0.8, "wood": 0.8, "stone": 1.0, "cloth": 0.9, "gold": 3.0}
_CAYLUS_DENIER: Final = 0.35
_CAYLUS_FAVOUR: Final = 1.0
_CAYLUS_BUILDING: Final = 1.0


def caylus(state: State) -> list[float]:
    """Prestige points, plus what the cubes, deniers, favour columns and owned buildings of
    each seat are worth."""
    view = state.view(None)
    owned = [0] * state.players
    for space in view["road"]:
        owner = space["owner"]
        if owner is not None:
            owned[owner] += 1
    values = []
    for seat, holding in enumerate(view["holdings"]):
        cubes = holding["cubes"]
        value = float(holding["score"])
        value += sum(_CAYLUS_CUBE[c] * n for c, n in cubes.items())
        value += _CAYLUS_DENIER * holding["deniers"]
        value += _CAYLUS_FAVOUR * sum(holding["favours"].values())
        value += _CAYLUS_BUILDING * owned[seat]
        values.append(value)
    return values


def citadels(state: State) -> list[float]:
    """Points in the city (district costs, the five-types bonus, the completion bonus), plus
    progress towards completing it and what gold and cards in hand will build."""
    view = state.view(None)
    complete_at = view["complete_at"]
    first = view["first_complete"]
    values = []
    for seat, city in enumerate(view["cities"]):
        value = float(sum(d["cost"] + d["beautified"] for d in city))
        if len({d["type"] for d in city}) == 5:
            value += 3
        if seat == first:
            value += 4
        elif view["complete"][seat]:
            value += 2
        value += 1.5 * min(len(city), complete_at)
        value += 0.6 * view["gold"][seat] + 0.9 * min(view["hands"][seat], 4)
        values.append(value)
    return values


#: Die Glücksritter: a castle piece in ducats (the heuristic's valuation), a Document in hand
_PIECE: Final = 14.0
_DOCUMENT: Final = 4.0
_CASTLE: Final[Mapping[str, int]] = {"walls": 4, "towers": 4}


def gluecksritter(state: State) -> list[float]:
    """Castle pieces still needed (in ducats), ducats, Documents in hand, a jailed Black
    Knight (its ransom)."""
    view = state.view(None)
    values = []
    for seat in range(state.players):
        pieces = sum(min(view[kind][seat], need) for kind, need in _CASTLE.items())
        value = _PIECE * pieces + view["coins"][seat]["ducats"]
        value += _DOCUMENT * _count(view["hands"][seat])
        if view["jailed"][seat]:
            value -= 4
        values.append(value)
    return values


def _count(zone: Any) -> int:
    """A hidden zone in a spectator's view is its size."""
    return zone if isinstance(zone, int) else len(zone)


EVALUATIONS: Final[Mapping[str, Evaluation]] = {
    "castle-rooms": castle_rooms,
    "caylus": caylus,
    "citadels": citadels,
    "gluecksritter": gluecksritter,
}


def evaluation_for(game: str) -> Evaluation | None:
    return EVALUATIONS.get(game)
