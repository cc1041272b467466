"""Castle Rooms cards, as data (rules reference §2–§3).

The breakdown of the 54 room cards by connector is unknown (§3): the model below is the
PROPOSED one — one connector per side at one of three levels, six copies of each (entry, exit)
pair. A real catalogue drops in as another entry of ``DECKS``; connectors are plain labels with a
``mirror`` table, so a (kind, level) model works the same way.

It is also the one table of what players read about the cards, in every language: names (a
room is named by its connector letters, "L-M" / "B-M"), types and effect texts, which the
catalogue, the action labels and the log sentences all draw on.
"""

from __future__ import annotations

from functools import cache
from typing import Final, NamedTuple


class RoomDeck(NamedTuple):
    """A room deck: connector labels, their 180° mirror, and copies per (entry, exit) pair."""

    connectors: tuple[str, ...]
    mirror: dict[str, str]
    counts: dict[tuple[str, str], int]


LEVELS: Final = ("L", "M", "H")  # low, mid, high — a corridor or a staircase landing at that height

DECKS: Final[dict[str, RoomDeck]] = {
    # §3 PROPOSED model: 6 × each of the 9 (entry, exit) pairs = 54 rooms.
    "proposed": RoomDeck(
        connectors=LEVELS,
        mirror={"L": "H", "M": "M", "H": "L"},
        counts={(entry, exit_): 6 for entry in LEVELS for exit_ in LEVELS},
    ),
}

#: §2: Dragons and Knights by player count (2 of each removed for 2–3 players).
DRAGONS: Final = {2: 4, 3: 4, 4: 6}
KNIGHTS: Final = {2: 2, 3: 2, 4: 4}

#: Row orientations (§2 SEED): which symbol points up, as an index and as an id.
HELMET_UP: Final = 0
SWORDS_UP: Final = 1
ORIENTATIONS: Final = ("helmet-up", "swords-up")
ORIENTATION_INDEX: Final = {name: i for i, name in enumerate(ORIENTATIONS)}
#: the orientations a new row may take (§5 B1, B2): ``FACINGS[HELMET_UP]`` and
#: ``FACINGS[SWORDS_UP]`` allow one, ``FACINGS[EITHER]`` both
EITHER: Final = 2
FACINGS: Final = ((ORIENTATIONS[0],), (ORIENTATIONS[1],), ORIENTATIONS)


class CardSet(NamedTuple):
    """A deck compiled for play: card types are small ints, rooms first.

    ``names[t]`` is a type's id (``"L-M"``, ``"dragon"``) and ``by_name`` the way back;
    ``effective[o][t]`` is a room's (entry, exit) connector indexes when its row faces
    orientation ``o``; ``copies`` are each room type's copies; ``dragon`` and ``knight`` are the
    two special types.
    """

    names: tuple[str, ...]
    by_name: dict[str, int]
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
        by_name={name: t for t, name in enumerate(names)},
        connectors=deck.connectors,
        effective=(up, down),
        copies=tuple(deck.counts[p] for p in pairs),
        dragon=len(pairs),
        knight=len(pairs) + 1,
    )


@cache
def card_set(deck: str) -> CardSet:
    """The compiled deck, shared by every game played with it."""
    return compile_deck(deck)


@cache
def faces(deck: str) -> dict[str, dict[str, list[str]]]:
    """Each room's (entry, exit) connectors either way up, for views: a table draws a card in
    hand or a row to be started without knowing how cards turn (shared, never modified)."""
    cards = card_set(deck)
    return {
        name: {
            orientation: [cards.connectors[c] for c in cards.effective[o][t]]
            for o, orientation in enumerate(ORIENTATIONS)
        }
        for t, name in enumerate(cards.names[:cards.dragon])
    }


@cache
def room_views(deck: str) -> tuple[tuple[dict[str, str], ...], ...]:
    """``room_views(deck)[o][t]``: a room of type ``t`` in a row facing orientation ``o``, as
    views show it (its card, entry and exit). Made once, shared by every view and never
    modified: a state message lists every room of every row, for each seat."""
    cards = card_set(deck)
    return tuple(
        tuple(
            {"card": cards.names[t], "entry": cards.connectors[entry],
             "exit": cards.connectors[exit_]}
            for t, (entry, exit_) in enumerate(cards.effective[o])
        )
        for o in range(len(ORIENTATIONS))
    )


# -- what players read (the one table the catalogue, the action labels and the log draw on) --

#: a connector level's letter in a room's name, in each language ("B" for bas)
LEVEL_LETTERS: Final[dict[str, dict[str, str]]] = {
    "L": {"en": "L", "fr": "B"},
    "M": {"en": "M", "fr": "M"},
    "H": {"en": "H", "fr": "H"},
}
#: a connector level as it reads in a sentence
LEVEL_HEIGHTS: Final[dict[str, dict[str, str]]] = {
    "L": {"en": "low", "fr": "en bas"},
    "M": {"en": "at mid height", "fr": "à mi-hauteur"},
    "H": {"en": "high", "fr": "en haut"},
}
#: the orientations of a row, as they read inside a sentence
ORIENTATION_NAMES: Final[dict[str, dict[str, str]]] = {
    "helmet-up": {"en": "helmet up", "fr": "casque en haut"},
    "swords-up": {"en": "swords up", "fr": "épées en haut"},
}
#: every kind of card and thing a person may ask about: its type and what it does; a room's
#: text is formatted with its four heights (as printed, and in a swords-up row)
TEXTS: Final[dict[str, dict[str, dict[str, str]]]] = {
    "room": {
        "type": {"en": "Room", "fr": "Chambre"},
        "text": {
            "en": "In a helmet-up row its passage enters {entry} on the left and leaves {exit} "
                  "on the right; in a swords-up row it enters {flipped_entry} and leaves "
                  "{flipped_exit}. Add it to a row whose last room leaves at its entry height, "
                  "or start a new row with it.",
            "fr": "Dans une rangée casque en haut, son passage entre {entry} à gauche et sort "
                  "{exit} à droite ; dans une rangée épées en haut, il entre {flipped_entry} et "
                  "sort {flipped_exit}. Posez-la au bout d'une rangée dont la dernière chambre "
                  "sort à la hauteur de son entrée, ou commencez-en une nouvelle avec elle.",
        },
    },
    "dragon": {
        "name": {"en": "Dragon", "fr": "Dragon"},
        "type": {"en": "Special card", "fr": "Carte spéciale"},
        "text": {
            "en": "Set it on an opponent's row: no room may be added to that row until a Knight "
                  "drives the Dragon off.",
            "fr": "Posez-le sur une rangée d'un adversaire : plus aucune chambre ne peut s'y "
                  "ajouter tant qu'un Chevalier n'a pas chassé le Dragon.",
        },
    },
    "knight": {
        "name": {"en": "Knight", "fr": "Chevalier"},
        "type": {"en": "Special card", "fr": "Carte spéciale"},
        "text": {
            "en": "Play it on one of your rows blocked by a Dragon: the Knight and the Dragon "
                  "go to the discard pile and the row may grow again.",
            "fr": "Jouez-le sur une de vos rangées bloquées par un Dragon : le Chevalier et le "
                  "Dragon vont à la défausse et la rangée peut de nouveau grandir.",
        },
    },
    "helmet-up": {
        "name": {"en": "Helmet up", "fr": "Casque en haut"},
        "type": {"en": "Row", "fr": "Rangée"},
        "text": {
            "en": "Every room of this row lies helmet up: its passages connect as printed.",
            "fr": "Toutes les chambres de cette rangée ont le casque en haut : leurs passages se "
                  "raccordent tels qu'imprimés.",
        },
    },
    "swords-up": {
        "name": {"en": "Swords up", "fr": "Épées en haut"},
        "type": {"en": "Row", "fr": "Rangée"},
        "text": {
            "en": "Every room of this row lies turned round, swords up: its left and right "
                  "edges swap, and low passages become high ones.",
            "fr": "Toutes les chambres de cette rangée sont retournées, épées en haut : leurs "
                  "bords gauche et droit s'échangent, et les passages bas deviennent hauts.",
        },
    },
    "new-row": {
        "name": {"en": "New row", "fr": "Nouvelle rangée"},
        "type": {"en": "Row", "fr": "Rangée"},
        "text": {
            "en": "Any room may start a new row, at the left of it. Your first row lies the way "
                  "you choose; each later one lies the other way up from the row you started "
                  "before it.",
            "fr": "N'importe quelle chambre peut commencer une nouvelle rangée, tout à gauche. "
                  "Votre première rangée se pose dans le sens de votre choix ; chaque suivante "
                  "dans le sens inverse de la rangée commencée juste avant.",
        },
    },
    "draw-pile": {
        "name": {"en": "Draw pile", "fr": "Pioche"},
        "type": {"en": "Pile", "fr": "Tas de cartes"},
        "text": {
            "en": "Each turn begins by drawing 2 cards from it. When it runs out, the game ends "
                  "and the longest row wins.",
            "fr": "Chaque tour commence par y piocher 2 cartes. Quand elle est épuisée, la "
                  "partie s'arrête et la plus longue rangée gagne.",
        },
    },
    "discard-pile": {
        "name": {"en": "Discard pile", "fr": "Défausse"},
        "type": {"en": "Pile", "fr": "Tas de cartes"},
        "text": {
            "en": "Face up: the Dragons driven off, the Knights that drove them off, and the "
                  "cards discarded. It is never shuffled back.",
            "fr": "Face visible : les Dragons chassés, les Chevaliers qui les ont chassés et les "
                  "cartes défaussées. Elle n'est jamais remélangée.",
        },
    },
}
#: the things that are not cards of a deck, in the order a catalogue lists them
SPECIALS: Final = ("dragon", "knight")
THINGS: Final = ("helmet-up", "swords-up", "new-row", "draw-pile", "discard-pile")


def room_ids() -> tuple[str, ...]:
    """Every room card id of every deck, in deck order."""
    seen: dict[str, None] = {}
    for deck in DECKS:
        cards = card_set(deck)
        for card in cards.names[:cards.dragon]:
            seen[card] = None
    return tuple(seen)


def room_levels(card: str) -> tuple[str, str]:
    """A room's (entry, exit) connectors as printed (helmet up)."""
    entry, _, exit_ = card.partition("-")
    return entry, exit_


def display_name(thing: str, lang: str) -> str:
    """What a card, orientation or pile is called in ``lang``."""
    if thing in TEXTS:
        return TEXTS[thing]["name"][lang]
    entry, exit_ = room_levels(thing)
    return f"{LEVEL_LETTERS[entry][lang]}-{LEVEL_LETTERS[exit_][lang]}"


def room_text(card: str, lang: str, deck: str = "proposed") -> str:
    """What a room does: where its passage enters and leaves, either way up."""
    mirror = DECKS[deck].mirror
    entry, exit_ = room_levels(card)
    return TEXTS["room"]["text"][lang].format(
        entry=LEVEL_HEIGHTS[entry][lang], exit=LEVEL_HEIGHTS[exit_][lang],
        flipped_entry=LEVEL_HEIGHTS[mirror[exit_]][lang],
        flipped_exit=LEVEL_HEIGHTS[mirror[entry]][lang],
    )


def log_names(lang: str) -> dict[str, str]:
    """The ids that event arguments carry, as a sentence says them (``messages._names``)."""
    names = {card: display_name(card, lang) for card in (*room_ids(), *SPECIALS)}
    names.update({o: words[lang] for o, words in ORIENTATION_NAMES.items()})
    return names
