"""Castle Rooms as people read it (``donjon.engine.text.Presentation``): the catalogue of cards,
what each legal action says, the "what to do now" line and the score's categories.

Names and effect texts come from the cards' table (``cards.py``); this module only puts them
into sentences. Rows are counted from 1, as players count them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final, cast

from donjon.engine import Action
from donjon.engine.text import CatalogueItem
from donjon.games.castle_rooms.cards import (
    ORIENTATION_NAMES,
    SPECIALS,
    TEXTS,
    THINGS,
    display_name,
    room_ids,
    room_text,
)

#: the Dragon's target is a seat: the log names that player
SEAT_ARGS: Final = frozenset({"target"})

#: the score is the rooms of the longest row that counts (§5 B9, B11)
CATEGORIES: Final[Mapping[str, Mapping[str, str]]] = {
    "longest-row": {"en": "Rooms in the longest row", "fr": "Chambres de la plus longue rangée"},
}

#: ``Result.tiebreak`` (in English, for records) -> what the game-over panel says in each language
TIEBREAKS: Final[Mapping[str, Mapping[str, str]]] = {
    "next-longest rows": {
        "en": "Longest rows of equal length: the next-longest rows decided",
        "fr": "Plus longues rangées à égalité : les rangées suivantes ont départagé",
    },
}

#: the web table's own words (``ctx.t`` in the renderer), beside the catalogue's names
UI: Final[Mapping[str, Mapping[str, str]]] = {
    "your_hand": {"en": "Your hand", "fr": "Votre main"},
    "cards_one": {"en": "{n} card in hand", "fr": "{n} carte en main"},
    "cards_other": {"en": "{n} cards in hand", "fr": "{n} cartes en main"},
    "row_length": {"en": "{rooms} of {goal} rooms", "fr": "{rooms} chambres sur {goal}"},
}

_LABELS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "play": "Play {card} on your row {row}",
        "new": "Start a new row with {card}, {orientation}",
        "dragon": "Dragon on {target_s} row {row}",
        "knight": "Knight: drive the Dragon off your row {row}",
        "guard": "Knight: guard your row {row}",
        "discard": "Discard {card}",
        "end": "End your turn",
    },
    "fr": {
        "play": "Posez {card} sur votre rangée {row}",
        "new": "Commencez une rangée avec {card}, {orientation}",
        "dragon": "Dragon sur la rangée {row} {of_target}",
        "knight": "Chevalier : chassez le Dragon de votre rangée {row}",
        "guard": "Chevalier : gardez votre rangée {row}",
        "discard": "Défaussez {card}",
        "end": "Terminez votre tour",
    },
}

_PROMPTS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "over-limit": "Play your cards: add rooms to your rows or start new ones, set Dragons "
                      "and Knights. End your turn with at most 2 cards.",
        "exactly": "Play or discard cards until you hold 2.",
        "may-end": "Play more cards, or end your turn.",
        "must-end": "End your turn.",
        "last": " This is your last turn.",
    },
    "fr": {
        "over-limit": "Jouez vos cartes : prolongez vos rangées ou commencez-en, posez Dragons "
                      "et Chevaliers. Finissez votre tour avec 2 cartes au plus.",
        "exactly": "Jouez ou défaussez des cartes jusqu'à n'en garder que 2.",
        "may-end": "Jouez d'autres cartes, ou terminez votre tour.",
        "must-end": "Terminez votre tour.",
        "last": " C'est votre dernier tour.",
    },
}

_VOWELS: Final = frozenset("aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")


def catalogue(lang: str) -> list[CatalogueItem]:
    """Every room card by its connector pair, the Dragon, the Knight, the two ways a row lies
    and the two piles."""
    room = TEXTS["room"]["type"][lang]
    items: list[CatalogueItem] = [
        {"id": card, "kind": "room", "name": display_name(card, lang),
         "text": room_text(card, lang), "cost": None, "type": room}
        for card in room_ids()
    ]
    for thing in SPECIALS:
        items.append({"id": thing, "kind": thing, "name": display_name(thing, lang),
                      "text": TEXTS[thing]["text"][lang], "cost": None,
                      "type": TEXTS[thing]["type"][lang]})
    for thing in THINGS:
        kind = ("orientation" if thing in ORIENTATION_NAMES
                else "row" if thing == "new-row" else "pile")
        items.append({"id": thing, "kind": kind, "name": display_name(thing, lang),
                      "text": TEXTS[thing]["text"][lang], "cost": None,
                      "type": TEXTS[thing]["type"][lang]})
    return items


def _name(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else str(seat + 1)


def _possessive(name: str, lang: str) -> str:
    """"Alice's" / "d'Alice", "de Bruno"."""
    if lang == "fr":
        return ("d'" if name[:1] in _VOWELS else "de ") + name
    return name + ("'" if name.endswith("s") else "'s")


def label(action: Action, lang: str, names: Sequence[str]) -> str:
    """What a person reads for ``action``: unique among the legal actions, since every part of
    its identity is named (card, row, orientation, target)."""
    kind, args = action.kind, action.args
    template = _LABELS[lang][kind]
    if kind == "play":
        return template.format(card=display_name(cast(str, args[0]), lang),
                               row=cast(int, args[1]) + 1)
    if kind == "new":
        return template.format(card=display_name(cast(str, args[0]), lang),
                               orientation=ORIENTATION_NAMES[cast(str, args[1])][lang])
    if kind == "dragon":
        target = _name(cast(int, args[0]), names)
        return template.format(target_s=_possessive(target, lang), row=cast(int, args[1]) + 1,
                               of_target=_possessive(target, lang))
    if kind in ("knight", "guard"):
        return template.format(row=cast(int, args[0]) + 1)
    if kind == "discard":
        return template.format(card=display_name(cast(str, args[0]), lang))
    return template


def prompt(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
    """What the seat of ``view`` should do now, or "" when it is not to move."""
    seat = view.get("seat")
    if seat is None or view.get("over") or seat not in view.get("to_move", ()):
        return ""
    hand = view["hands"][seat]
    held = len(hand) if isinstance(hand, list) else int(hand)
    words = _PROMPTS[lang]
    exactly = view.get("hand_limit") == "exactly"
    if held > 2:
        line = words["exactly" if exactly else "over-limit"]
    else:
        line = words["must-end" if exactly or held == 0 else "may-end"]
    # once the pile is empty, every turn still played is its player's last (§5 B11)
    return line + (words["last"] if view.get("final_turns") is not None else "")
