"""Citadels as people read it (``donjon.engine.text.Presentation``): the catalogue of characters,
districts, district types and markers; what each legal action says; the "what to do now" line;
the score's categories and the tie-breaks; the web table's own words.

Names and effect texts come from the cards' table (``cards.py``); this module only puts them
into sentences. Labels and the catalogue are made once per action and language (cached), off
the hot path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import Any, Final

from donjon.engine import Action
from donjon.engine.action import Arg
from donjon.engine.text import CatalogueItem
from donjon.games.citadels.actions import CHARACTER_INDEX, DISTRICT_INDEX, TYPE_INDEX
from donjon.games.citadels.cards import (
    BASIC_TEXT,
    CHARACTER_KEYS,
    CHARACTER_NAMES,
    CHARACTER_TEXTS,
    DISTRICT_COST,
    DISTRICT_KEYS,
    DISTRICT_NAMES,
    DISTRICT_TYPE,
    FRENCH_GENDER,
    INCOME_TYPE,
    MARKERS,
    RANK,
    TYPE_WORDS,
    TYPES,
    UNIQUE,
    UNIQUE_TEXTS,
    VAULT,
    character_name,
    district_name,
    the,
)
from donjon.games.citadels.scoring import TIEBREAK_GOLD, TIEBREAK_RANK

#: the event arguments that hold seats: targets, the Thief, the crowned player of a round,
#: who moved the crown, and the seats a secret is shown to
SEAT_ARGS: Final = frozenset({"target", "targets", "thief", "crown", "by", "seats"})

#: §5 the parts of a score (``scoring.result``'s breakdown)
CATEGORIES: Final[Mapping[str, Mapping[str, str]]] = {
    "districts": {"en": "Districts", "fr": "Quartiers"},
    "five-types": {"en": "Five types", "fr": "Cinq types"},
    "uniques": {"en": "Uniques' bonuses", "fr": "Bonus des merveilles"},
    "first-complete": {"en": "First to complete", "fr": "Premier à compléter"},
    "complete": {"en": "Complete city", "fr": "Cité complète"},
}

#: ``Result.tiebreak`` (English, for records) -> what the game-over panel says
TIEBREAKS: Final[Mapping[str, Mapping[str, str]]] = {
    TIEBREAK_RANK: {
        "en": "Equal scores: the player who revealed the highest rank in the last round wins",
        "fr": "Égalité de points : l'emporte qui a révélé le plus haut rang à la dernière "
              "manche",
    },
    TIEBREAK_GOLD: {
        "en": "Equal scores: the highest rank revealed in the last round, then the most gold, "
              "decided",
        "fr": "Égalité de points : le plus haut rang révélé à la dernière manche, puis le plus "
              "d'or, ont départagé",
    },
}

#: the web table's own words (``ctx.t`` in the renderer), beside the catalogue's names
UI: Final[Mapping[str, Mapping[str, str]]] = {
    "round": {"en": "Round {n}", "fr": "Manche {n}"},
    "last_round": {"en": "Last round", "fr": "Dernière manche"},
    "deck": {"en": "{n} in the deck", "fr": "{n} dans la pioche"},
    "complete_at": {"en": "Complete at {n} districts", "fr": "Complète à {n} quartiers"},
    "cast": {"en": "Characters", "fr": "Personnages"},
    "draft": {"en": "Choose a character", "fr": "Choisissez un personnage"},
    "draft_waiting": {"en": "{name} is choosing a character", "fr": "{name} choisit un personnage"},
    "your_hand": {"en": "Your hand", "fr": "Votre main"},
    "your_characters": {"en": "Your characters", "fr": "Vos personnages"},
    "drawn": {"en": "Keep one card", "fr": "Gardez une carte"},
    "looking_at": {"en": "{name}'s hand", "fr": "Main de {name}"},
    "face_up_short": {"en": "face up", "fr": "face visible"},
    "seen": {"en": "seen", "fr": "vu"},
    "face_down_known": {"en": "Face down (you saw it)", "fr": "Face cachée (vous l'avez vu)"},
    "playing": {"en": "Playing now", "fr": "Joue maintenant"},
    "called": {"en": "Called", "fr": "Appelé"},
    "builds_left_one": {"en": "{n} build left", "fr": "{n} construction possible"},
    "builds_left_other": {"en": "{n} builds left", "fr": "{n} constructions possibles"},
    "cards_one": {"en": "{n} card", "fr": "{n} carte"},
    "cards_other": {"en": "{n} cards", "fr": "{n} cartes"},
    "gold_one": {"en": "{n} gold", "fr": "{n} pièce d'or"},
    "gold_other": {"en": "{n} gold", "fr": "{n} pièces d'or"},
    "districts_one": {"en": "{n} district", "fr": "{n} quartier"},
    "districts_other": {"en": "{n} districts", "fr": "{n} quartiers"},
    "museum_one": {"en": "{n} card under the Museum", "fr": "{n} carte sous le Musée"},
    "museum_other": {"en": "{n} cards under the Museum", "fr": "{n} cartes sous le Musée"},
    "taxes": {"en": "Taxes: {n}", "fr": "Impôts : {n}"},
    "known": {"en": "Cards you know in this hand", "fr": "Cartes connues de cette main"},
    "empty_city": {"en": "No district yet", "fr": "Aucun quartier"},
    "empty_hand": {"en": "No card in hand", "fr": "Aucune carte en main"},
    "choose_target": {"en": "Choose where: the highlighted places", "fr": "Choisissez où : les "
                      "emplacements en surbrillance"},
    "cancel": {"en": "Cancel", "fr": "Annuler"},
    "score": {"en": "{n} points", "fr": "{n} points"},
    "hidden_characters": {"en": "Hidden characters", "fr": "Personnages cachés"},
    "beautified": {"en": "beautified", "fr": "embelli"},
}


# -- the catalogue ------------------------------------------------------------------------------

class CitadelsItem(CatalogueItem, total=False):
    """A catalogue item with what a renderer needs to draw it, in no language: a character's
    ``rank`` and the district type it gathers for (``income``), a district's ``type`` id and
    ``cost``."""

    art: dict[str, Any]


def catalogue(lang: str) -> list[CatalogueItem]:
    """Every character, district, district type and marker, in ``lang``."""
    return list(_catalogue(lang))


@cache
def _catalogue(lang: str) -> tuple[CatalogueItem, ...]:
    fr = lang == "fr"
    items: list[CatalogueItem] = []
    for c, key in enumerate(CHARACTER_KEYS):
        income = INCOME_TYPE[c]
        character: CitadelsItem = {
            "id": key, "kind": "character", "name": character_name(c, lang),
            "text": CHARACTER_TEXTS[CHARACTER_NAMES[c]][fr], "cost": None,
            "type": f"Rang {RANK[c]}" if fr else f"Rank {RANK[c]}",
            "art": {"rank": RANK[c], "income": TYPES[income] if income >= 0 else None},
        }
        items.append(character)
    for d, key in enumerate(DISTRICT_KEYS):
        kind = DISTRICT_TYPE[d]
        words = TYPE_WORDS[kind]
        if kind == UNIQUE:
            effect = UNIQUE_TEXTS[DISTRICT_NAMES[d]][fr]
        else:
            effect = BASIC_TEXT[fr].format(kind=words[1][fr])
        district: CitadelsItem = {
            "id": key, "kind": "district", "name": district_name(d, lang), "text": effect,
            "cost": None if d == VAULT else DISTRICT_COST[d],
            "type": _capital(words[1][fr]),
            "art": {"type": TYPES[kind], "cost": DISTRICT_COST[d]},
        }
        items.append(district)
    for t, words in enumerate(TYPE_WORDS):
        district_type: CitadelsItem = {
            "id": TYPES[t], "kind": "type", "name": words[0][fr], "text": words[3][fr],
            "cost": None, "type": "Type de quartier" if fr else "District type",
            "art": {"type": TYPES[t]},
        }
        items.append(district_type)
    for key, (en, french, text_en, text_fr) in MARKERS.items():
        items.append({"id": key, "kind": "marker", "name": french if fr else en,
                      "text": text_fr if fr else text_en, "cost": None, "type": None})
    return tuple(items)


def _capital(words: str) -> str:
    return words[:1].upper() + words[1:]


# -- labels -------------------------------------------------------------------------------------

_VOWELS: Final = frozenset("AEIOUYHÀÂÉÈÊËÎÏÔÙÛaeiouyhàâéèêëîïôùû")


def _char(arg: Arg) -> str:
    return CHARACTER_NAMES[CHARACTER_INDEX[arg]]


def _dist(arg: Arg) -> str:
    return DISTRICT_NAMES[DISTRICT_INDEX[arg]]


def _n(arg: Arg) -> int:
    if not isinstance(arg, int):
        raise TypeError(f"not a number: {arg!r}")
    return arg


def _seat(arg: Arg, names: Sequence[str]) -> str:
    seat = _n(arg)
    return names[seat] if 0 <= seat < len(names) else str(seat + 1)


def _gold(n: int, lang: str) -> str:
    """"3 gold", "1 pièce d'or", "3 pièces d'or"."""
    if lang == "fr":
        return f"{n} pièce d'or" if n <= 1 else f"{n} pièces d'or"
    return f"{n} gold"


def _cards(n: int, lang: str) -> str:
    if lang == "fr":
        return f"{n} carte" if n <= 1 else f"{n} cartes"
    return f"{n} card" if n == 1 else f"{n} cards"


def _of(name: str, lang: str) -> str:
    """"Alice's", "d'Alice", "de Bruno"."""
    if lang == "fr":
        return ("d'" if name[:1] in _VOWELS else "de ") + name
    return name + ("'" if name.endswith("s") else "'s")


def _their(district: Arg, beautified: Arg, seat: Arg, lang: str, names: Sequence[str]) -> str:
    """A district of a player's city: "Alice's beautified Castle", "le Château embelli
    d'Alice"."""
    english = _dist(district)
    owner = _seat(seat, names)
    if lang == "fr":
        return the(english, lang) + _embellished(english, beautified) + " " + _of(owner, lang)
    return f"{_of(owner, lang)} {'beautified ' if beautified else ''}{english}"


def _yours(district: Arg, beautified: Arg, lang: str) -> str:
    """One of the player's own districts: "your beautified Manor", "votre Manoir embelli"."""
    english = _dist(district)
    if lang == "fr":
        plural = FRENCH_GENDER[english].endswith("p")
        return (f"{'vos' if plural else 'votre'} {district_name(DISTRICT_INDEX[district], lang)}"
                + _embellished(english, beautified))
    return f"your {'beautified ' if beautified else ''}{english}"


def _embellished(english: str, beautified: Arg) -> str:
    """" embelli", " embellie", " embellies": agreeing with the district's French name."""
    if not beautified:
        return ""
    gender = FRENCH_GENDER[english]
    return " embelli" + ("e" if gender.startswith("f") else "") + ("s" if gender.endswith("p") else "")


def _type_districts(arg: Arg, lang: str) -> str:
    return TYPE_WORDS[TYPE_INDEX[arg]][2][lang == "fr"]


Label = Callable[[tuple[Arg, ...], str, Sequence[str]], str]


def _en_fr(en: str, fr: str) -> Label:
    """A label without arguments."""
    return lambda a, lang, names: fr if lang == "fr" else en


def _character(en: str, fr: str) -> Label:
    """A label naming a character: "Kill {c}" / "Assassinez {c}"."""
    return lambda a, lang, names: (fr if lang == "fr" else en).format(c=the(_char(a[0]), lang))


def _district(en: str, fr: str) -> Label:
    """A label naming a card of the hand (or drawn): "Build {d}" / "Bâtissez {d}"."""
    return lambda a, lang, names: (fr if lang == "fr" else en).format(d=the(_dist(a[0]), lang))


def _player(en: str, fr: str) -> Label:
    """A label naming a player: "Swap hands with {p}"."""
    return lambda a, lang, names: (fr if lang == "fr" else en).format(
        p=_seat(a[0], names), of_p=_of(_seat(a[0], names), lang))


def _income(a: tuple[Arg, ...], lang: str, names: Sequence[str]) -> str:
    gold, cards = _n(a[0]), _n(a[1])
    parts = ([_gold(gold, lang)] if gold else []) + ([_cards(cards, lang)] if cards else [])
    joined = (" et " if lang == "fr" else " and ").join(parts)
    return f"Percevez vos revenus : {joined}" if lang == "fr" else f"Collect your income: {joined}"


def _destroy(a: tuple[Arg, ...], lang: str, names: Sequence[str]) -> str:
    target, paid = _their(a[1], a[2], a[0], lang, names), _n(a[3])
    if lang == "fr":
        return f"Détruisez {target}" + (f" pour {_gold(paid, lang)}" if paid else " gratuitement")
    return f"Destroy {target}" + (f" for {_gold(paid, lang)}" if paid else " for free")


def _seize(a: tuple[Arg, ...], lang: str, names: Sequence[str]) -> str:
    target, paid = _their(a[1], a[2], a[0], lang, names), _n(a[3])
    if lang == "fr":
        return f"Prenez {target} pour {_gold(paid, lang)}"
    return f"Seize {target} for {_gold(paid, lang)}"


def _exchange_take(a: tuple[Arg, ...], lang: str, names: Sequence[str]) -> str:
    target = _their(a[1], a[2], a[0], lang, names)
    return f"Échangez contre {target}" if lang == "fr" else f"Exchange for {target}"


def _exchange_give(a: tuple[Arg, ...], lang: str, names: Sequence[str]) -> str:
    given, paid = _yours(a[0], a[1], lang), _n(a[2])
    if lang == "fr":
        return f"Donnez {given} en échange" + (f", en payant {_gold(paid, lang)}" if paid else "")
    return f"Give {given} in exchange" + (f", paying {_gold(paid, lang)}" if paid else "")


def _armory(a: tuple[Arg, ...], lang: str, names: Sequence[str]) -> str:
    target = _their(a[1], a[2], a[0], lang, names)
    if lang == "fr":
        return f"Détruisez la Poudrière et {target}"
    return f"Destroy the Armory and {target}"


def _spy(a: tuple[Arg, ...], lang: str, names: Sequence[str]) -> str:
    who, kind = _seat(a[0], names), _type_districts(a[1], lang)
    if lang == "fr":
        return f"Espionnez {who} : {kind}"
    return f"Spy on {who} for {kind}"


def _theater(a: tuple[Arg, ...], lang: str, names: Sequence[str]) -> str:
    given, who = the(_char(a[0]), lang), _seat(a[1], names)
    if lang == "fr":
        return f"Donnez {given} à {who} contre un de ses personnages (Théâtre)"
    return f"Give {given} to {who} for one of theirs (Theater)"


def _give(a: tuple[Arg, ...], lang: str, names: Sequence[str]) -> str:
    card, who = the(_dist(a[0]), lang), _seat(a[1], names)
    return f"Donnez {card} à {who}" if lang == "fr" else f"Give {card} to {who}"


def _borrow(a: tuple[Arg, ...], lang: str, names: Sequence[str]) -> str:
    card, who, gold = the(_dist(a[0]), lang), _seat(a[1], names), _gold(_n(a[2]), lang)
    if lang == "fr":
        return f"Bâtissez {card} en prenant {gold} à {who}"
    return f"Build {card}, taking {gold} from {who}"


def _necropolis(a: tuple[Arg, ...], lang: str, names: Sequence[str]) -> str:
    sacrificed = _yours(a[0], a[1], lang)
    if lang == "fr":
        return f"Bâtissez la Nécropole en détruisant {sacrificed}"
    return f"Build the Necropolis by destroying {sacrificed}"


def _amount(en: str, fr: str) -> Label:
    """A label with an amount of gold: "Pay a bribe of {gold}"."""
    return lambda a, lang, names: (fr if lang == "fr" else en).format(gold=_gold(_n(a[0]), lang))


def _remaining(a: tuple[Arg, ...], lang: str, names: Sequence[str]) -> str:
    n = _n(a[0])
    if lang == "fr":
        return "Payez la pièce d'or restante" if n == 1 else f"Payez les {n} pièces d'or restantes"
    return f"Pay the remaining {_gold(n, lang)}"


#: the label of each kind of action, from its arguments
LABELS: Final[dict[str, Label]] = {
    "pick": _character("Choose {c}", "Choisissez {c}"),
    "fdiscard": _character("Discard {c} face down", "Écartez {c} face cachée"),
    "theater": _theater,
    "theater_pass": _en_fr("Keep your character (Theater)", "Gardez votre personnage (Théâtre)"),
    "gold": _en_fr("Take gold", "Prenez de l'or"),
    "draw": _en_fr("Draw cards", "Piochez des cartes"),
    "keep": _district("Keep {d}", "Gardez {d}"),
    "income": _income,
    "kill": _character("Kill {c}", "Assassinez {c}"),
    "bewitch": _character("Bewitch {c}", "Ensorcelez {c}"),
    "sign": _character("Put the signed warrant on {c}", "Posez le mandat signé sur {c}"),
    "warrant": _character("Put a blank warrant on {c}", "Posez un mandat blanc sur {c}"),
    "rob": _character("Rob {c}", "Volez {c}"),
    "spy": _spy,
    "threat": _character("Put the real threat on {c}", "Posez la vraie menace sur {c}"),
    "bluff": _character("Put the blank threat on {c}", "Posez la fausse menace sur {c}"),
    "bribe": _amount("Pay a bribe of {gold}", "Payez un pot-de-vin de {gold}"),
    "refuse": _en_fr("Refuse the bribe", "Refusez le pot-de-vin"),
    "reveal": _en_fr("Reveal the threat", "Révélez la menace"),
    "noreveal": _en_fr("Leave the threat hidden", "Gardez la menace cachée"),
    "swap": _player("Swap hands with {p}", "Échangez votre main avec {p}"),
    "magic": _en_fr("Discard cards to draw as many", "Défaussez des cartes pour en piocher autant"),
    "mdiscard": _district("Discard {d}", "Défaussez {d}"),
    "mdone": _en_fr("Stop discarding and draw", "Arrêtez de défausser et piochez"),
    "look": _player("Look at {of_p} hand", "Regardez la main {of_p}"),
    "take": _district("Take {d}", "Prenez {d}"),
    "wizbuild": _district("Build {d} now", "Bâtissez {d} tout de suite"),
    "wizkeep": _district("Keep {d} in hand", "Gardez {d} en main"),
    "seer": _en_fr("Take a random card from each player (Seer)",
                   "Prenez une carte au hasard à chaque joueur (Voyante)"),
    "give": _give,
    "crown": _player("Give the crown to {p}", "Donnez la couronne à {p}"),
    "empgold": _player("Take 1 gold from {p}", "Prenez 1 pièce d'or à {p}"),
    "empcard": _player("Take a random card from {p}", "Prenez une carte au hasard à {p}"),
    "abbot": _player("Take 1 gold from the richest player, {p}",
                     "Prenez 1 pièce d'or au joueur le plus riche, {p}"),
    "navgold": _en_fr("Take 4 gold (Navigator)", "Prenez 4 pièces d'or (Navigatrice)"),
    "navcards": _en_fr("Draw 4 cards (Navigator)", "Piochez 4 cartes (Navigatrice)"),
    "scholar": _en_fr("Draw 7 cards and keep one (Scholar)",
                      "Piochez 7 cartes et gardez-en une (Archiviste)"),
    "destroy": _destroy,
    "dtake": _exchange_take,
    "dgive": _exchange_give,
    "seize": _seize,
    "beautify": lambda a, lang, names: (
        f"Embellissez {_yours(a[0], False, lang)} (1 pièce d'or)" if lang == "fr"
        else f"Beautify {_yours(a[0], False, lang)} (1 gold)"),
    "taxes": _amount("Collect the taxes: {gold}", "Percevez les impôts : {gold}"),
    "armory": _armory,
    "lab": _district("Discard {d} for 2 gold (Laboratory)",
                     "Défaussez {d} pour 2 pièces d'or (Laboratoire)"),
    "museum": _district("Put {d} under the Museum", "Placez {d} sous le Musée"),
    "smithy": _en_fr("Pay 2 gold to draw 3 cards (Smithy)",
                     "Payez 2 pièces d'or pour piocher 3 cartes (Forge)"),
    "build": _district("Build {d}", "Bâtissez {d}"),
    "buildfw": _district("Build {d} by destroying the Framework",
                         "Bâtissez {d} en détruisant le Chantier"),
    "necro": _necropolis,
    "den": _en_fr("Build the Thieves' Den paying with cards",
                  "Bâtissez le Tripot en payant avec des cartes"),
    "dencard": _district("Pay with {d}", "Payez avec {d}"),
    "dengold": _remaining,
    "borrow": _borrow,
    "confiscate": _district("Confiscate {d}", "Confisquez {d}"),
    "noconfiscate": _en_fr("Do not confiscate", "Ne confisquez rien"),
    "end": _en_fr("End your turn", "Terminez votre tour"),
}


def label(action: Action, lang: str, names: Sequence[str]) -> str:
    """What a person reads for ``action``: unique among the legal actions of a moment, since
    every part of its identity is named (character, district, beautified or not, player,
    amount)."""
    return _label(action.kind, action.args, lang, tuple(names))


@lru_cache(maxsize=8192)
def _label(kind: str, args: tuple[Arg, ...], lang: str, names: tuple[str, ...]) -> str:
    return LABELS[kind](args, lang, names)


# -- the "what to do now" line ------------------------------------------------------------------

_PROMPTS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "draft": "Choose a character to keep.",
        "draft-discard": "Choose a character to discard face down.",
        "theater": "You own the Theater: swap your character with an opponent's, or keep it.",
        "gather": "{c}: first take gold or draw cards.",
        "bewitch": "{c}: name the character to bewitch.",
        "resumed": "{c} (bewitched): use its power, build or end the turn.",
        "play": "{c}: use your power, build or end your turn.",
        "play-no-build": "{c}: use your power or end your turn.",
        "warrant": "Put a blank warrant on another character.",
        "blank threat": "Put the blank threat on another character.",
        "bribe": "A threat is on you: pay the bribe or refuse it.",
        "reveal threat": "Your threat was refused: reveal it or leave it hidden.",
        "magician": "Discard the cards you want to replace, then draw as many.",
        "wizard take": "Take a card from the hand you are looking at.",
        "wizard build": "Build the card you took now, or keep it in your hand.",
        "seer give": "Give one of your cards back to each player you took one from.",
        "emperor take": "Take 1 gold or a random card from the new holder of the crown.",
        "keep": "Keep one of the cards you drew.",
        "scholar": "Keep one of the seven cards you drew.",
        "diplomat give": "Choose the district you give in exchange.",
        "thieves' den": "Pay for the Thieves' Den with cards, then gold.",
        "cardinal give": "Give a card for each gold you took.",
        "confiscate": "A warranted character built: confiscate the district or let it be.",
        "heir crown": "Your killed Emperor is revealed: give the crown to another player.",
        "last": " Last round!",
    },
    "fr": {
        "draft": "Choisissez un personnage à garder.",
        "draft-discard": "Choisissez un personnage à écarter face cachée.",
        "theater": "Vous avez le Théâtre : échangez votre personnage avec celui d'un "
                   "adversaire, ou gardez-le.",
        "gather": "{c} : prenez d'abord de l'or ou piochez des cartes.",
        "bewitch": "{c} : désignez le personnage à ensorceler.",
        "resumed": "{c} (ensorcelé) : utilisez son pouvoir, bâtissez ou terminez le tour.",
        "play": "{c} : utilisez votre pouvoir, bâtissez ou terminez votre tour.",
        "play-no-build": "{c} : utilisez votre pouvoir ou terminez votre tour.",
        "warrant": "Posez un mandat blanc sur un autre personnage.",
        "blank threat": "Posez la fausse menace sur un autre personnage.",
        "bribe": "Une menace pèse sur vous : payez le pot-de-vin ou refusez-le.",
        "reveal threat": "Votre menace a été refusée : révélez-la ou gardez-la cachée.",
        "magician": "Défaussez les cartes à remplacer, puis piochez-en autant.",
        "wizard take": "Prenez une carte de la main que vous regardez.",
        "wizard build": "Bâtissez tout de suite la carte prise, ou gardez-la en main.",
        "seer give": "Rendez une de vos cartes à chaque joueur à qui vous en avez pris une.",
        "emperor take": "Prenez 1 pièce d'or ou une carte au hasard au nouveau détenteur de la "
                        "couronne.",
        "keep": "Gardez une des cartes piochées.",
        "scholar": "Gardez une des sept cartes piochées.",
        "diplomat give": "Choisissez le quartier que vous donnez en échange.",
        "thieves' den": "Payez le Tripot avec des cartes, puis de l'or.",
        "cardinal give": "Donnez une carte pour chaque pièce d'or prise.",
        "confiscate": "Un personnage sous mandat a bâti : confisquez le quartier ou laissez-le.",
        "heir crown": "Votre Empereur assassiné est révélé : donnez la couronne à un autre "
                      "joueur.",
        "last": " Dernière manche !",
    },
}


def prompt(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
    """What the seat of ``view`` should do now, or "" when it is not to move."""
    seat = view.get("seat")
    if seat is None or view.get("over") or seat not in view.get("to_move", ()):
        return ""
    words = _PROMPTS[lang]
    pending = view.get("pending")
    if isinstance(pending, str) and pending in words:
        line = words[pending]
    elif view.get("phase") == "draft":
        offered = view.get("draft_cards")
        # §3.3 with 2 players the second and third choices of each seat are face-down
        # discards: the choices from 5 and from 3 characters
        discard = view.get("players") == 2 and isinstance(offered, list) and len(offered) in (3, 5)
        line = words["draft-discard" if discard else "draft"]
    else:
        playing = view.get("playing")
        c = _capital(character_name(CHARACTER_NAMES.index(playing), lang)) if playing else ""
        if not view.get("gathered"):
            line = words["gather"].format(c=c)
        elif view.get("mode") == "witch":
            line = words["bewitch"].format(c=c)
        elif view.get("mode") == "resumed":
            line = words["resumed"].format(c=c)
        else:
            line = words["play" if view.get("builds_left") else "play-no-build"].format(c=c)
    return line + (words["last"] if view.get("first_complete") is not None else "")
