"""Die Glücksritter actions and agenda tasks: the texts the table reads, made once and shared.

Every action is an interned ``Action`` of ``ACTIONS``; the tables below (``CHOOSE``, ``BUILD``,
``COMMIT``, …) hold the ones the rules code hands out, so that generating legal actions builds
no text. The agenda that drives the resolution of a round is a stack of small tasks
``(kind, seat, a, b)``: automatic ones (``T_*``) run at once, decisions (``D_*``) wait for their
seat.
"""

from __future__ import annotations

from typing import Any

from donjon.engine import ActionTable
from donjon.games.gluecksritter.data import (
    BUILDERS,
    COIN_NAMES,
    CUSTOMS,
    DOC_NAMES,
    DOCUMENT_PRICE,
    GOLD,
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

# -- what a theft takes, who steals, how a raid is decided --------------------------------------

MONEY = 2  # a theft's object: WALL (0), TOWER (1) or MONEY (2); a Demolition's is 3 + piece
BY_DOCUMENT, BY_KNIGHT = 0, 1  # who steals: a Demolition or the Black Knight
RAID_DIE, RAID_MONEY, RAID_PIECE = -1, 0, 1
#: A theft's object as the log and the views name it (indexes 3 and 4: a Demolition's piece).
THEFT_NAMES = ("wall", "tower", "money", "wall", "tower")

# -- phases and the agenda ---------------------------------------------------------------------

CHOICE, RESOLUTION = 0, 1
# Automatic tasks: (kind, seat, a, b).
T_RED, T_REVEAL, T_FIELD, T_DUEL_ROLL, T_END = 1, 2, 3, 4, 5
# Decisions (kind >= DECISION): the task's seat is to move.
DECISION = 10
D_TARGET, D_WINDOW, D_DUEL, D_BUY_DOC, D_BUILD, D_KNIGHT, D_STEAL = 10, 11, 12, 13, 14, 15, 16
DECISION_NAMES = {
    D_TARGET: "target", D_WINDOW: "theft", D_DUEL: "duel", D_BUY_DOC: "buy-document",
    D_BUILD: "build", D_KNIGHT: "black-knight", D_STEAL: "steal",
}

# -- action texts ------------------------------------------------------------------------------


def _spell(kind: str, *args: Any) -> str:
    if kind == "choose":
        return f"choose {args[0]} and {args[1]}"
    if kind == "commit":
        return f"commit {DOC_NAMES[args[0]]}"
    if kind == "gift":
        return f"play Gift to seat {args[0]}"
    if kind == "give":
        return f"give 1 {COIN_NAMES[args[0]]}"
    if kind == "block":
        return f"block field {args[0]}"
    if kind == "demolish":
        return f"demolish a {PIECE_NAMES[args[0]]} of seat {args[1]}"
    if kind == "grant":
        return f"take a free {PIECE_NAMES[args[0]]}"
    if kind == "build":
        piece, count, price = args
        return f"buy {count} {PIECE_NAMES[piece]}{'s' if count > 1 else ''} for {count * price}"
    if kind == "no_build":
        return f"buy no {PIECE_NAMES[args[0]]}"
    if kind == "gold":
        return f"take the gold on field {args[0]}"
    if kind == "raid":
        victim, how = args
        what = ("", " for money", " for a castle piece")[how + 1]
        return f"raid seat {victim}{what}"
    if kind == "steal":
        return f"steal a {PIECE_NAMES[args[0]]}"
    return FIXED_TEXTS[kind]


FIXED_TEXTS = {
    "ransom": f"pay the ransom of {RANSOM}",
    "pardon": "play Pardon",
    "stop": "stop giving",
    "safeguard": "play Safeguard",
    "allow": "let the theft happen",
    "champion": "play Champion",
    "roll": "roll the dice",
    "buy_doc": f"buy a Document for {DOCUMENT_PRICE}",
    "no_doc": "buy no Document",
    "pass": "let the Black Knight rest",
}

ACTIONS = ActionTable(_spell)
#: (piece, price) -> [buy none, buy 1, buy 2]
BUILD = {
    (piece, price): [ACTIONS("no_build", piece)]
    + [ACTIONS("build", piece, count, price) for count in range(1, MAX_BUY + 1)]
    for piece, alone, several in BUILDERS.values() for price in (alone, several)
}
CHOOSE = {(a, b): ACTIONS("choose", a, b) for a in range(1, 7) for b in range(a + 1, 7)}
#: The pairs a seat may choose, free or with its Black Knight card in the dungeon (§8 A11).
PAIRS = (
    tuple(CHOOSE.values()),
    tuple(action for (a, b), action in CHOOSE.items() if KNIGHT not in (a, b)),
)
COMMIT = tuple(ACTIONS("commit", d) if RED[d] else None for d in range(len(DOC_NAMES)))
GIVE = (ACTIONS("give", SILVER), ACTIONS("give", GOLD))
(RANSOM_ACTION, PARDON_ACTION, STOP, SAFEGUARD_ACTION, ALLOW, CHAMPION_ACTION, ROLL, BUY_DOC,
 NO_DOC, PASS) = (ACTIONS(k) for k in (
     "ransom", "pardon", "stop", "safeguard", "allow", "champion", "roll", "buy_doc", "no_doc",
     "pass"))
STEAL = [ACTIONS("steal", WALL), ACTIONS("steal", TOWER)]
TAKE_GOLD = {TAX: ACTIONS("gold", TAX), CUSTOMS: ACTIONS("gold", CUSTOMS)}
GRANT_PIECE = (ACTIONS("grant", WALL), ACTIONS("grant", TOWER))
BLOCK = (None, *(ACTIONS("block", k) for k in range(1, 7)))
#: Seat -> "play Gift to seat …" (seats up to the largest table, 6).
GIFT_TO = tuple(ACTIONS("gift", seat) for seat in range(6))
#: (raid option is not "special-die") -> victim -> that victim's raid actions.
RAIDS = (
    tuple((ACTIONS("raid", victim, RAID_DIE),) for victim in range(6)),
    tuple((ACTIONS("raid", victim, RAID_MONEY), ACTIONS("raid", victim, RAID_PIECE))
          for victim in range(6)),
)
#: Field -> the agenda task that resolves it.
FIELD_TASKS = tuple((T_FIELD, -1, k, 0) for k in range(7))
#: piece -> victim -> "demolish a … of seat …".
DEMOLISH = tuple(tuple(ACTIONS("demolish", piece, victim) for victim in range(6))
                 for piece in (WALL, TOWER))
