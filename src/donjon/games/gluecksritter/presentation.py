"""Die Glücksritter as people read it (``donjon.engine.text.Presentation``): the catalogue of
the fields, Documents and pieces, what each legal action says, the "what to do now" line, and
the score's categories and tie-breaks.

Names and effect texts come from the data table (``data.py``); this module only puts them into
sentences. Players are named by their names, fields by their printed numbers (1–6).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final

from donjon.engine import Action
from donjon.engine.text import CatalogueItem, player_name
from donjon.games.gluecksritter.actions import number, word
from donjon.games.gluecksritter.data import (
    BUILDERS,
    DOCUMENT_PRICE,
    DOCUMENTS,
    FIELDS,
    MAX_BUY,
    MONK,
    NOUNS,
    PIECE_NAMES,
    RANSOM,
    Item,
    catalogue_items,
    counted,
)
from donjon.games.gluecksritter.state import BY_BOTH, BY_COMPLETE_CASTLE, BY_DUCATS

#: the event arguments holding a player (or a list of players): the log names them
SEAT_ARGS: Final = frozenset(
    {"seat", "start", "to", "victim", "thief", "loser", "seats", "winners", "complete"}
)

#: the score is the castle: its walls and its towers (``Result.breakdown``)
CATEGORIES: Final[Mapping[str, Mapping[str, str]]] = {
    "walls": {"en": NOUNS["wall"].en_plural.capitalize(),
              "fr": NOUNS["wall"].fr_plural.capitalize()},
    "towers": {"en": NOUNS["tower"].en_plural.capitalize(),
               "fr": NOUNS["tower"].fr_plural.capitalize()},
}

#: ``Result.tiebreak`` (in English, for records) -> what the game-over panel says ("Tie broken
#: by: …")
TIEBREAKS: Final[Mapping[str, Mapping[str, str]]] = {
    BY_COMPLETE_CASTLE: {"en": "a complete castle ranks first",
                         "fr": "un château complet passe devant"},
    BY_DUCATS: {"en": "the most ducats", "fr": "le plus de ducats"},
    BY_BOTH: {"en": "a complete castle ranks first, then the most ducats",
              "fr": "un château complet passe devant, puis le plus de ducats"},
}

#: the renderer's own words (``ctx.t`` in the browser): key -> {lang: text}
UI: Final[Mapping[str, Mapping[str, str]]] = {
    "round": {"en": "Round {n}", "fr": "Manche {n}"},
    "phase_choice": {"en": "Secret choice", "fr": "Choix secret"},
    "phase_resolution": {"en": "Resolution", "fr": "Résolution"},
    "phase_over": {"en": "Game over", "fr": "Partie terminée"},
    "board_label": {"en": "The board: six action fields around the coin bag",
                    "fr": "Le plateau : six cases action autour du sac de pièces"},
    "blocked": {"en": "blocked", "fr": "bloquée"},
    "left": {"en": "left", "fr": "restantes"},
    "pay_ransom": {"en": "Pay the ransom", "fr": "Payer la rançon"},
    "to_resolve": {"en": "Red Documents to resolve:", "fr": "Documents rouges à résoudre :"},
    "winner": {"en": "Winner", "fr": "Vainqueur"},
    "raid_die": {"en": "Raid", "fr": "Attaquer"},
    "raid_money": {"en": "Raid: money", "fr": "Attaquer : argent"},
    "raid_castle-piece": {"en": "Raid: castle", "fr": "Attaquer : château"},
    "giving_to": {"en": "Giving coins to {name}", "fr": "Donne des pièces à {name}"},
    "choosing": {"en": "choosing…", "fr": "choisit…"},
    "chosen": {"en": "chosen", "fr": "a choisi"},
    "your_choice": {"en": "Your choice:", "fr": "Votre choix :"},
    "secret_until_reveal": {"en": "face down until the reveal",
                            "fr": "face cachée jusqu'à la révélation"},
    "choose_pair": {"en": "Choose two action cards (one pair):",
                    "fr": "Choisissez deux cartes action (une paire) :"},
    "your_documents": {"en": "Your Documents", "fr": "Vos Documents"},
    "no_documents": {"en": "No Documents yet", "fr": "Pas encore de Document"},
    "face_down": {"en": "Played face down", "fr": "Joué face cachée"},
    "target": {"en": "Target:", "fr": "Cible :"},
    "ducats_one": {"en": "{n} ducat", "fr": "{n} ducat"},
    "ducats_other": {"en": "{n} ducats", "fr": "{n} ducats"},
}

_LABELS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "choose": "Choose fields {a} and {b}",
        "commit": "Play {doc} face down",
        "commit-blockade": "Play {doc} face down on field {field}",
        "commit-demolition": "Play {doc} face down on {piece_of}",
        "commit-royal-grant": "Play {doc} face down for {a_piece}",
        "gift": "Play {doc} for {name}",
        "give": "Give {a_coin}",
        "stop": "Stop giving",
        "block": "Block field {field}, {field_name}",
        "demolish": "Demolish {piece_of}",
        "grant": "Take {a_piece} for free",
        "build": "Buy {pieces} for {total} ducats",
        "no-build": "Buy no {pieces}",
        "take-gold": "Take the gold on field {field}",
        "raid-die": "Raid {name}",
        "raid-money": "Raid {name} for money",
        "raid-castle-piece": "Raid {name} for a wall or tower",
        "steal": "Steal {a_piece}",
        "ransom": "Pay the ransom of {ransom} ducats",
        "pardon": "Play {doc}: free your Black Knight card",
        "safeguard": "Play {doc}: cancel the theft",
        "allow": "Let the theft happen",
        "champion": "Play {doc}: win the duel",
        "roll": "Roll the die",
        "buy-document": "Buy a Document for {price} ducats",
        "no-document": "Buy no Document",
        "rest": "Let the Black Knight rest",
    },
    "fr": {
        "choose": "Choisissez les cases {a} et {b}",
        "commit": "Jouez {doc} face cachée",
        "commit-blockade": "Jouez {doc} face cachée sur la case {field}",
        "commit-demolition": "Jouez {doc} face cachée sur {piece_of}",
        "commit-royal-grant": "Jouez {doc} face cachée pour {a_piece}",
        "gift": "Jouez {doc} pour {name}",
        "give": "Donnez {a_coin}",
        "stop": "Arrêtez de donner",
        "block": "Bloquez la case {field}, {field_name}",
        "demolish": "Démolissez {piece_of}",
        "grant": "Prenez {a_piece} gratuitement",
        "build": "Achetez {pieces} pour {total} ducats",
        "no-build": "N'achetez {no_piece}",
        "take-gold": "Prenez l'or de la case {field}",
        "raid-die": "Attaquez {name}",
        "raid-money": "Attaquez {name} pour son argent",
        "raid-castle-piece": "Attaquez {name} pour un mur ou une tour",
        "steal": "Volez {a_piece}",
        "ransom": "Payez la rançon de {ransom} ducats",
        "pardon": "Jouez {doc} : libérez votre carte Chevalier Noir",
        "safeguard": "Jouez {doc} : annulez le vol",
        "allow": "Laissez faire le vol",
        "champion": "Jouez {doc} : gagnez le duel",
        "roll": "Lancez le dé",
        "buy-document": "Achetez un Document pour {price} ducats",
        "no-document": "N'achetez pas de Document",
        "rest": "Laissez le Chevalier Noir se reposer",
    },
}

_PROMPTS: Final[Mapping[str, Mapping[str, str]]] = {
    "en": {
        "choice": "Choose two action cards, face down.",
        "reds": " You may first play red Documents face down.",
        "jailed": " Your Black Knight card stays in the dungeon until you free it.",
        "giving": "Give your coins to {name} one at a time, then stop.",
        "target": "Choose the target of your {doc}.",
        "theft": "{thief} is after your {what}: answer with a Document, or let it happen.",
        "duel": "Duel against {opponent}: play Champion, or roll the die.",
        "buy-document": "{monk}: buy a Document for {price} ducats, or not.",
        "build": "{field_name}: buy up to {most} {pieces} at {price} ducats each, or none.",
        "black-knight": "Your Black Knight rides alone: take the gold of field 5 or 6, or "
                        "raid a player.",
        "steal": "Choose what to steal from {victim}: a wall or a tower.",
        "other": "Your move.",
    },
    "fr": {
        "choice": "Choisissez deux cartes action, face cachée.",
        "reds": " Vous pouvez d'abord jouer des Documents rouges face cachée.",
        "jailed": " Votre carte Chevalier Noir reste au donjon tant que vous ne la libérez "
                  "pas.",
        "giving": "Donnez vos pièces à {name} une à une, puis arrêtez.",
        "target": "Choisissez la cible de votre {doc}.",
        "theft": "{thief} en veut à votre {what} : répondez avec un Document, ou laissez "
                 "faire.",
        "duel": "Duel contre {opponent} : jouez Champion, ou lancez le dé.",
        "buy-document": "{monk} : achetez un Document pour {price} ducats, ou non.",
        "build": "{field_name} : achetez jusqu'à {most} {pieces} à {price} ducats l'unité, ou "
                 "aucun.",
        "black-knight": "Votre Chevalier Noir chevauche seul : prenez l'or de la case 5 ou 6, "
                        "ou attaquez un joueur.",
        "steal": "Choisissez ce que vous volez à {victim} : un mur ou une tour.",
        "other": "À vous de jouer.",
    },
}

_DOCUMENT_BY_ID: Final = {d.id: d for d in DOCUMENTS}
_DOCUMENT_BY_NAME: Final = {d.name: d for d in DOCUMENTS}
_VOWELS: Final = frozenset("aeiouyàâäéèêëîïôöùûüœæAEIOUYÀÂÄÉÈÊËÎÏÔÖÙÛÜŒÆ")
#: what a theft is after, in a sentence
_THEFT_WORDS: Final = {"en": {"money": "money"}, "fr": {"money": "argent"}}


def catalogue(lang: str) -> list[CatalogueItem]:
    """The six fields, the ten Documents, the coins, the castle pieces and the castle, the Black
    Knight card and the dungeon, the bag, the Ducats cards, the Document deck and the start
    player."""
    return [item.copy() for item in _catalogue(lang)]


@cache
def _catalogue(lang: str) -> tuple[CatalogueItem, ...]:
    return tuple(_item(item, lang) for item in catalogue_items())


def _item(item: Item, lang: str) -> CatalogueItem:
    return {"id": item.id, "kind": item.kind, "name": getattr(item.name, lang),
            "text": getattr(item.text, lang),
            "cost": getattr(item.cost, lang) if item.cost else None,
            "type": getattr(item.type, lang)}


# -- labels -----------------------------------------------------------------------------------


def _name(seat: int, lang: str, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else player_name(seat, lang)


def _doc_name(ident: str, lang: str) -> str:
    document = _DOCUMENT_BY_ID[ident]
    return document.fr if lang == "fr" else document.name


def _a(noun: str, lang: str) -> str:
    """"a wall", "une tour"."""
    words = NOUNS[noun]
    if lang == "fr":
        return ("une " if words.feminine else "un ") + words.fr
    return ("an " if words.en[0] in "aeiou" else "a ") + words.en


def _piece_of(noun: str, owner: str, lang: str) -> str:
    """"one of Alice's walls", "une des tours d'Émile"."""
    words = NOUNS[noun]
    if lang == "fr":
        of = "d'" if owner[:1] in _VOWELS else "de "
        return f"{'une' if words.feminine else 'un'} des {words.fr_plural} {of}{owner}"
    return f"one of {owner}'{'' if owner.endswith('s') else 's'} {words.en_plural}"


def label(action: Action, lang: str, names: Sequence[str]) -> str:
    """What a person reads for ``action``: unique among the legal actions of a moment, since
    every part of its identity is named (fields, Document, piece, player, amount)."""
    kind, args = action.kind, action.args
    words = _LABELS[lang]
    if kind == "choose":
        return words["choose"].format(a=args[0], b=args[1])
    if kind == "commit":
        ident = word(action)
        doc = _doc_name(ident, lang)
        if len(args) == 1:
            return words["commit"].format(doc=doc)
        if ident == "demolition":
            owner = _name(number(action, 2), lang, names)
            return words["commit-demolition"].format(doc=doc, piece_of=_piece_of(
                word(action, 1), owner, lang))
        if ident == "blockade":
            return words["commit-blockade"].format(doc=doc, field=args[1])
        return words["commit-royal-grant"].format(doc=doc, a_piece=_a(word(action, 1), lang))
    if kind == "gift":
        return words["gift"].format(doc=_doc_name("gift", lang),
                                    name=_name(number(action), lang, names))
    if kind == "give":
        return words["give"].format(a_coin=_a(word(action), lang))
    if kind == "block":
        field = number(action)
        return words["block"].format(field=field, field_name=FIELDS[field][lang == "fr"])
    if kind == "demolish":
        owner = _name(number(action, 1), lang, names)
        return words["demolish"].format(piece_of=_piece_of(word(action), owner, lang))
    if kind in ("grant", "steal"):
        return words[kind].format(a_piece=_a(word(action), lang))
    if kind == "build":
        piece, count, price = word(action), number(action, 1), number(action, 2)
        return words["build"].format(pieces=counted(count, piece, lang), total=count * price)
    if kind == "no-build":
        noun = NOUNS[word(action)]
        return words["no-build"].format(
            pieces=noun.en_plural, no_piece=("aucune " if noun.feminine else "aucun ") + noun.fr)
    if kind == "take-gold":
        return words["take-gold"].format(field=number(action))
    if kind == "raid":
        return words[f"raid-{word(action, 1)}"].format(name=_name(number(action), lang, names))
    if kind in ("pardon", "safeguard", "champion"):
        return words[kind].format(doc=_doc_name(kind, lang))
    return words[kind].format(ransom=RANSOM, price=DOCUMENT_PRICE)


# -- the "what to do now" line ----------------------------------------------------------------


def prompt(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
    """What the seat of ``view`` is asked to do now, or "" when it is not to move."""
    seat = view.get("seat")
    if seat is None or view.get("over") or seat not in view.get("to_move", ()):
        return ""
    words = _PROMPTS[lang]
    fr = lang == "fr"
    giving = view["giving"][seat]
    if giving is not None:
        return words["giving"].format(name=_name(giving, lang, names))
    if view["phase"] == "choice":
        line = words["choice"]
        hand = view["hands"][seat]
        if any(_DOCUMENT_BY_NAME[name].red for name in hand):
            line += words["reds"]
        if view["jailed"][seat]:
            line += words["jailed"]
        return line
    decision = view.get("decision") or {}
    kind = decision.get("kind")
    if kind == "target":
        document = _DOCUMENT_BY_NAME[decision["document"]]
        return words["target"].format(doc=document.fr if fr else document.name)
    if kind == "theft":
        what = decision["what"]
        shown = _THEFT_WORDS[lang].get(what) or (NOUNS[what].fr if fr else NOUNS[what].en)
        return words["theft"].format(thief=_name(decision["thief"], lang, names), what=shown)
    if kind == "duel":
        return words["duel"].format(opponent=_name(decision["opponent"], lang, names))
    if kind == "buy-document":
        return words["buy-document"].format(monk=FIELDS[MONK][fr], price=DOCUMENT_PRICE)
    if kind == "build":
        field = decision["field"]
        piece = PIECE_NAMES[BUILDERS[field][0]]
        noun = NOUNS[piece]
        return words["build"].format(field_name=FIELDS[field][fr], most=MAX_BUY,
                                     pieces=noun.fr_plural if fr else noun.en_plural,
                                     price=decision["price"])
    if kind == "black-knight":
        return words["black-knight"]
    if kind == "steal":
        return words["steal"].format(victim=_name(decision["victim"], lang, names))
    return words["other"]
