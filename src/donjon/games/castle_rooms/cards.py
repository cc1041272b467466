"""Castle Rooms cards, as data (rules reference §2–§3).

The breakdown of the 54 room cards by connector is unknown (§3): the model below is the
PROPOSED one — one connector per side at one of three levels, six copies of each (entry, exit)
pair. A real catalogue drops in as another entry of ``DECKS``; connectors are plain labels with a
``mirror`` table, so a (kind, level) model works the same way.
"""

from __future__ import annotations

from typing import NamedTuple


class RoomDeck(NamedTuple):
    """A room deck: connector labels, their 180° mirror, and copies per (entry, exit) pair."""

    connectors: tuple[str, ...]
    mirror: dict[str, str]
    counts: dict[tuple[str, str], int]


LEVELS = ("L", "M", "H")  # low, mid, high — a corridor or a staircase landing at that height

DECKS: dict[str, RoomDeck] = {
    # §3 PROPOSED model: 6 × each of the 9 (entry, exit) pairs = 54 rooms.
    "proposed": RoomDeck(
        connectors=LEVELS,
        mirror={"L": "H", "M": "M", "H": "L"},
        counts={(entry, exit_): 6 for entry in LEVELS for exit_ in LEVELS},
    ),
}

#: §2: Dragons and Knights by player count (2 of each removed for 2–3 players).
DRAGONS = {2: 4, 3: 4, 4: 6}
KNIGHTS = {2: 2, 3: 2, 4: 4}

#: Row orientations (§2 SEED): which symbol points up.
HELMET_UP, SWORDS_UP = 0, 1
ORIENTATIONS = ("helmet-up", "swords-up")


class CardSet(NamedTuple):
    """A deck compiled for play: card types are small ints, rooms first.

    ``names[t]`` is a type's text; ``effective[o][t]`` is a room's (entry, exit) connector
    indexes when its row faces orientation ``o``; ``dragon`` and ``knight`` are the two special
    types; ``rooms`` lists every room type with its copies.
    """

    names: tuple[str, ...]
    connectors: tuple[str, ...]
    effective: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
    copies: tuple[int, ...]
    dragon: int
    knight: int


def compile_deck(name: str) -> CardSet:
    deck = DECKS[name]
    index = {c: i for i, c in enumerate(deck.connectors)}
    pairs = [pair for pair, count in deck.counts.items() if count > 0]
    up = tuple((index[e], index[x]) for e, x in pairs)
    # Turned 180°, left and right swap and heights mirror (§3).
    down = tuple((index[deck.mirror[x]], index[deck.mirror[e]]) for e, x in pairs)
    names = tuple(f"{e}-{x}" for e, x in pairs) + ("dragon", "knight")
    return CardSet(
        names=names,
        connectors=deck.connectors,
        effective=(up, down),
        copies=tuple(deck.counts[p] for p in pairs),
        dragon=len(pairs),
        knight=len(pairs) + 1,
    )
