"""Die Glücksritter actions: their identities and the texts the table reads, made once and shared.

An action's identity is its kind and arguments: fields by number (1–6, as printed), seats as
ints, Documents by catalogue id (``"royal-grant"``), coins ``"silver"``/``"gold"``, castle pieces
``"wall"``/``"tower"``, amounts as numbers. The texts are those of the first release, which old
records replay by and the web renderer matches on: never change one.

Every action is an interned ``Action`` of ``ACTIONS``; the tables below (``CHOOSE``, ``BUILD``,
``COMMIT``, …) hold the ones the rules code hands out, indexed by the rules' own small ints, so
that generating legal actions builds no text and no tuple.
"""

from __future__ import annotations

from typing import Final

from donjon.engine import Action, ActionTable
from donjon.engine.action import Arg
from donjon.games.gluecksritter.data import (
    BLOCKADE,
    BUILDERS,
    COIN_NAMES,
    CUSTOMS,
    DEMOLITION,
    DOC_IDS,
    DOC_NAMES,
    DOCUMENT_PRICE,
    GOLD,
    GRANT,
    KNIGHT,
    MAX_BUY,
    PIECE_NAMES,
    RANSOM,
    RED,
    SILVER,
    TAX,
    TOWER,
    WALL,
)

#: The largest table: seat-indexed action tables cover seats 0–5.
MAX_SEATS: Final = 6
#: players -> start player -> the seats in seating order from the start player (§8 A8, A17),
#: made once (``GluecksritterState.order``); typed, so that a seat read from it is a native int
#: compiled, not an object to index with
SEATING: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple((*range(start, players), *range(start)) for start in range(players))
    for players in range(MAX_SEATS + 1)
)

# -- how a raid is decided (§6, §8 A14) -------------------------------------------------------

RAID_DIE: Final = 0
RAID_MONEY: Final = 1
RAID_PIECE: Final = 2
#: how a raid is decided, as its action argument names it
RAID_NAMES: Final = ("die", "money", "castle-piece")
_RAID_TEXT: Final = {"die": "", "money": " for money", "castle-piece": " for a castle piece"}

# -- action texts ------------------------------------------------------------------------------

_DOCUMENT_NAME: Final = dict(zip(DOC_IDS, DOC_NAMES, strict=True))

FIXED_TEXTS: Final = {
    "ransom": f"pay the ransom of {RANSOM}",
    "pardon": "play Pardon",
    "stop": "stop giving",
    "safeguard": "play Safeguard",
    "allow": "let the theft happen",
    "champion": "play Champion",
    "roll": "roll the dice",
    "buy-document": f"buy a Document for {DOCUMENT_PRICE}",
    "no-document": "buy no Document",
    "rest": "let the Black Knight rest",
}


def _spell(kind: str, *args: Arg) -> str:
    """The text of an action, from its identity (called once per distinct action)."""
    if kind == "choose":
        return f"choose {args[0]} and {args[1]}"
    if kind == "commit":
        name = _DOCUMENT_NAME[str(args[0])]
        if len(args) == 1:
            return f"commit {name}"
        if args[0] == "blockade":
            return f"commit {name} on field {args[1]}"
        if args[0] == "demolition":
            return f"commit {name} on a {args[1]} of seat {args[2]}"
        return f"commit {name} for a {args[1]}"
    if kind == "gift":
        return f"play Gift to seat {args[0]}"
    if kind == "give":
        return f"give 1 {args[0]}"
    if kind == "block":
        return f"block field {args[0]}"
    if kind == "demolish":
        return f"demolish a {args[0]} of seat {args[1]}"
    if kind == "grant":
        return f"take a free {args[0]}"
    if kind == "build":
        piece, count, price = args
        assert isinstance(count, int) and isinstance(price, int)
        return f"buy {count} {piece}{'s' if count > 1 else ''} for {count * price}"
    if kind == "no-build":
        return f"buy no {args[0]}"
    if kind == "take-gold":
        return f"take the gold on field {args[0]}"
    if kind == "raid":
        return f"raid seat {args[0]}{_RAID_TEXT[str(args[1])]}"
    if kind == "steal":
        return f"steal a {args[0]}"
    return FIXED_TEXTS[kind]


ACTIONS: Final = ActionTable(_spell)

#: (first, second) field -> "choose first and second"
CHOOSE: Final = {(a, b): ACTIONS("choose", a, b) for a in range(1, 7) for b in range(a + 1, 7)}
#: The pairs a seat may choose, with its Black Knight card free or in the dungeon (§8 A11).
PAIRS: Final = (
    tuple(CHOOSE.values()),
    tuple(action for (a, b), action in CHOOSE.items() if KNIGHT not in (a, b)),
)
#: Document -> "commit …" (red Documents only)
COMMIT: Final = tuple(
    ACTIONS("commit", DOC_IDS[doc]) if RED[doc] else None for doc in range(len(DOC_IDS))
)
#: coin kind -> "give 1 …"
GIVE: Final = (ACTIONS("give", COIN_NAMES[SILVER]), ACTIONS("give", COIN_NAMES[GOLD]))
RANSOM_ACTION: Final = ACTIONS("ransom")
PARDON_ACTION: Final = ACTIONS("pardon")
STOP: Final = ACTIONS("stop")
SAFEGUARD_ACTION: Final = ACTIONS("safeguard")
ALLOW: Final = ACTIONS("allow")
CHAMPION_ACTION: Final = ACTIONS("champion")
ROLL: Final = ACTIONS("roll")
BUY_DOCUMENT: Final = ACTIONS("buy-document")
NO_DOCUMENT: Final = ACTIONS("no-document")
REST: Final = ACTIONS("rest")
#: piece -> "steal a …"
STEAL: Final = (ACTIONS("steal", PIECE_NAMES[WALL]), ACTIONS("steal", PIECE_NAMES[TOWER]))
#: money field (5 or 6) -> "take the gold on field …"
TAKE_GOLD: Final = {TAX: ACTIONS("take-gold", TAX), CUSTOMS: ACTIONS("take-gold", CUSTOMS)}
#: piece -> "take a free …"
GRANT_PIECE: Final = (ACTIONS("grant", PIECE_NAMES[WALL]), ACTIONS("grant", PIECE_NAMES[TOWER]))
#: field -> "block field …" (index 0 unused)
BLOCK: Final = tuple(ACTIONS("block", k) for k in range(7))
#: seat -> "play Gift to seat …"
GIFT_TO: Final = tuple(ACTIONS("gift", seat) for seat in range(MAX_SEATS))
#: [raid option is not "special-die"] -> victim -> that victim's raid actions
RAIDS: Final = (
    tuple((ACTIONS("raid", victim, RAID_NAMES[RAID_DIE]),) for victim in range(MAX_SEATS)),
    tuple(
        (ACTIONS("raid", victim, RAID_NAMES[RAID_MONEY]),
         ACTIONS("raid", victim, RAID_NAMES[RAID_PIECE]))
        for victim in range(MAX_SEATS)
    ),
)
#: piece -> victim -> "demolish a … of seat …"
DEMOLISH: Final = tuple(
    tuple(ACTIONS("demolish", PIECE_NAMES[piece], victim) for victim in range(MAX_SEATS))
    for piece in (WALL, TOWER)
)
#: (piece, price a piece) -> [buy none, buy 1, buy 2]
BUILD: Final = {
    (piece, price): (
        ACTIONS("no-build", PIECE_NAMES[piece]),
        *(ACTIONS("build", PIECE_NAMES[piece], count, price) for count in range(1, MAX_BUY + 1)),
    )
    for piece, alone, several in BUILDERS.values() for price in (alone, several)
}

#: The targets a Blockade, Demolition or Royal grant may be aimed at when it is committed
#: (``red_targets=on-committing``): each aim is a number, an index into these tables of the
#: Document it belongs to, the action that carries it out when the Document resolves, and the
#: action committing the Document with that aim.
_AIMS: Final = (
    *((BLOCKADE, BLOCK[k]) for k in range(1, 7)),
    *((DEMOLITION, DEMOLISH[piece][victim]) for piece in (WALL, TOWER)
      for victim in range(MAX_SEATS)),
    *((GRANT, GRANT_PIECE[piece]) for piece in (WALL, TOWER)),
)
AIM_DOCS: Final = tuple(doc for doc, _ in _AIMS)
AIM_ACTIONS: Final = tuple(action for _, action in _AIMS)
COMMIT_AIMED: Final = tuple(
    ACTIONS("commit", DOC_IDS[doc], *action.args) for doc, action in _AIMS
)
#: the aim of a resolving action, and of an aimed commit
AIM_OF_TARGET: Final = {action: aim for aim, action in enumerate(AIM_ACTIONS)}
AIM_OF_COMMIT: Final = {action: aim for aim, action in enumerate(COMMIT_AIMED)}

#: an argument as the rules' own index
PIECE_INDEX: Final = {name: i for i, name in enumerate(PIECE_NAMES)}
COIN_INDEX: Final = {name: i for i, name in enumerate(COIN_NAMES)}
DOC_INDEX: Final = {ident: i for i, ident in enumerate(DOC_IDS)}
RAID_INDEX: Final = {name: i for i, name in enumerate(RAID_NAMES)}


def number(action: Action, i: int = 0) -> int:
    """Argument ``i`` of an action of this game that holds a number (a field, seat, amount)."""
    value = action.args[i]
    assert isinstance(value, int)
    return value


def word(action: Action, i: int = 0) -> str:
    """Argument ``i`` of an action of this game that holds an id (a Document, coin, piece)."""
    value = action.args[i]
    assert isinstance(value, str)
    return value
