"""Citadels actions and the small constants the rules modules share.

An action is ``ACT(kind, *args)``: one interned value whose identity is its kind and its args —
characters and districts by catalogue id (``"thief"``, ``"thieves-den"``), district types by name
(``"noble"``), seats and amounts as ints, a beautified district as ``True`` — and whose text is
spelled once from ``SPELLING`` (``pick Thief``, ``build Manor``, ``destroy Castle of seat 2 for 3
gold``). The texts are those of the first release: records and the web table read them.
The rules keep districts and characters as small ints (``cards``); ``district_of`` and
``character_of`` turn an argument back into one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from donjon.engine import Action, ActionTable
from donjon.engine.action import Arg
from donjon.games.citadels.cards import (
    CHARACTER_KEYS,
    CHARACTER_NAMES,
    DISTRICT_KEYS,
    DISTRICT_NAMES,
    TYPES,
)

# phases of a round
DRAFT: Final = 0
CALL: Final = 1
TURN: Final = 2
END: Final = 3
OVER: Final = 4
PHASE_NAMES: Final = ("draft", "call", "turn", "end", "over")
# how a character's turn is played (§2.3 Witch)
NORMAL: Final = 0
WITCH_FIRST: Final = 1  # the Witch's own turn, until she bewitches
BEWITCHED: Final = 2  # the bewitched player: gathers, and the turn ends
RESUMED: Final = 3  # the Witch playing the rest of the bewitched character's turn
MODE_NAMES: Final = ("normal", "witch", "bewitched", "resumed")
# draft steps (§3.2–§3.4): keep a character, discard one face down, a random face-down discard
KEEP_ONE: Final = 0
DISCARD_ONE: Final = 1
RANDOM_DISCARD: Final = 2
# what a character used this turn (bits of ``used``): once per turn each
USED_INCOME: Final = 1
USED_ABILITY: Final = 2
USED_LABORATORY: Final = 4
USED_MUSEUM: Final = 8
USED_SMITHY: Final = 16
USED_ABBOT: Final = 32
USED_TAXES: Final = 64
USED_CROWN: Final = 128
USED_ARMORY: Final = 256

#: a catalogue id back to the district or character it names
DISTRICT_INDEX: Final[dict[Arg, int]] = {key: i for i, key in enumerate(DISTRICT_KEYS)}
CHARACTER_INDEX: Final[dict[Arg, int]] = {key: i for i, key in enumerate(CHARACTER_KEYS)}
TYPE_INDEX: Final[dict[Arg, int]] = {key: i for i, key in enumerate(TYPES)}
_DISTRICT_NAME: Final[dict[Arg, str]] = dict(zip(DISTRICT_KEYS, DISTRICT_NAMES, strict=True))
_CHARACTER_NAME: Final[dict[Arg, str]] = dict(zip(CHARACTER_KEYS, CHARACTER_NAMES, strict=True))


def district_of(arg: Arg) -> int:
    return DISTRICT_INDEX[arg]


def character_of(arg: Arg) -> int:
    return CHARACTER_INDEX[arg]


def number(arg: Arg) -> int:
    """A seat or an amount."""
    if not isinstance(arg, int):
        raise TypeError(f"not a number: {arg!r}")
    return arg


def _star(beautified: Arg) -> str:
    """A beautified district is spelled with a star (§2.3 Artist)."""
    return "*" if beautified else ""


def _d(key: Arg) -> str:
    return _DISTRICT_NAME[key]


def _c(key: Arg) -> str:
    return _CHARACTER_NAME[key]


#: the text of each kind of action, from its arguments
SPELLING: Final[dict[str, Callable[..., str]]] = {
    "pick": lambda c: f"pick {_c(c)}",
    "fdiscard": lambda c: f"discard {_c(c)} face down",
    "theater": lambda c, s: f"Theater: give {_c(c)} to seat {s}",
    "theater_pass": lambda: "Theater: keep my character",
    "gold": lambda: "take gold",
    "draw": lambda: "draw cards",
    "keep": lambda d: f"keep {_d(d)}",
    "income": lambda g, c: (f"collect {g} gold and {c} cards" if g and c
                            else f"collect {g} gold" if g else f"collect {c} cards"),
    "kill": lambda c: f"kill {_c(c)}",
    "bewitch": lambda c: f"bewitch {_c(c)}",
    "sign": lambda c: f"signed warrant on {_c(c)}",
    "warrant": lambda c: f"blank warrant on {_c(c)}",
    "rob": lambda c: f"rob {_c(c)}",
    "spy": lambda s, t: f"spy on seat {s} for {t}",
    "threat": lambda c: f"real threat on {_c(c)}",
    "bluff": lambda c: f"blank threat on {_c(c)}",
    "bribe": lambda g: f"pay bribe of {g} gold",
    "refuse": lambda: "refuse bribe",
    "reveal": lambda: "reveal the threat",
    "noreveal": lambda: "do not reveal the threat",
    "swap": lambda s: f"swap hands with seat {s}",
    "magic": lambda: "discard cards to draw as many",
    "mdiscard": lambda d: f"discard {_d(d)}",
    "mdone": lambda: "finish discarding",
    "look": lambda s: f"look at seat {s}'s hand",
    "take": lambda d: f"take {_d(d)}",
    "wizbuild": lambda d: f"build {_d(d)} now",
    "wizkeep": lambda d: f"keep {_d(d)} in hand",
    "seer": lambda: "use the Seer",
    "give": lambda d, s: f"give {_d(d)} to seat {s}",
    "crown": lambda s: f"give the crown to seat {s}",
    "empgold": lambda s: f"take 1 gold from seat {s}",
    "empcard": lambda s: f"take a card from seat {s}",
    "abbot": lambda s: f"take 1 gold from seat {s}, the richest",
    "navgold": lambda: "take 4 gold",
    "navcards": lambda: "draw 4 cards",
    "scholar": lambda: "use the Scholar",
    "destroy": lambda s, d, b, g: f"destroy {_d(d)}{_star(b)} of seat {s} for {g} gold",
    "dtake": lambda s, d, b: f"exchange for {_d(d)}{_star(b)} of seat {s}",
    "dgive": lambda d, b, g: f"give {_d(d)}{_star(b)} paying {g} gold",
    "seize": lambda s, d, b, g: f"seize {_d(d)}{_star(b)} of seat {s} for {g} gold",
    "beautify": lambda d: f"beautify {_d(d)}",
    "taxes": lambda g: f"collect {g} gold of taxes",
    "armory": lambda s, d, b: f"destroy the Armory to destroy {_d(d)}{_star(b)} of seat {s}",
    "lab": lambda d: f"discard {_d(d)} for 2 gold (Laboratory)",
    "museum": lambda d: f"put {_d(d)} under the Museum",
    "smithy": lambda: "pay 2 gold for 3 cards (Smithy)",
    "build": lambda d: f"build {_d(d)}",
    "buildfw": lambda d: f"build {_d(d)} by destroying the Framework",
    "necro": lambda d, b: f"build Necropolis by destroying {_d(d)}{_star(b)}",
    "den": lambda: "build Thieves' Den paying with cards",
    "dencard": lambda d: f"pay with {_d(d)}",
    "dengold": lambda g: f"pay the remaining {g} gold",
    "borrow": lambda d, s, g: f"build {_d(d)} taking {g} gold from seat {s}",
    "confiscate": lambda d: f"confiscate {_d(d)}",
    "noconfiscate": lambda: "do not confiscate",
    "end": lambda: "end turn",
}


def _spell(kind: str, *args: Arg) -> str:
    spell = SPELLING.get(kind)
    if spell is None:
        raise ValueError(f"no Citadels action {kind!r}")
    return spell(*args)


ACT: Final = ActionTable(_spell)
A_GOLD: Final = ACT("gold")
A_DRAW: Final = ACT("draw")
A_END: Final = ACT("end")
A_SMITHY: Final = ACT("smithy")
A_DEN: Final = ACT("den")
A_MAGIC: Final = ACT("magic")
A_SEER: Final = ACT("seer")
A_SCHOLAR: Final = ACT("scholar")
A_NAVIGATOR_GOLD: Final = ACT("navgold")
A_NAVIGATOR_CARDS: Final = ACT("navcards")
A_MAGIC_DONE: Final = ACT("mdone")
A_REFUSE: Final = ACT("refuse")
A_REVEAL: Final = ACT("reveal")
A_KEEP_SECRET: Final = ACT("noreveal")
A_NO_CONFISCATION: Final = ACT("noconfiscate")
A_THEATER_PASS: Final = ACT("theater_pass")
#: gathering resources, the only choice before it when gathering comes first (§4.2)
GATHER: Final[tuple[Action, ...]] = (A_GOLD, A_DRAW)

_DISTRICTS: Final = range(len(DISTRICT_KEYS))
_CHARACTERS: Final = range(len(CHARACTER_KEYS))
_SEATS: Final = range(8)


def _per_district(kind: str) -> tuple[Action, ...]:
    return tuple(ACT(kind, DISTRICT_KEYS[d]) for d in _DISTRICTS)


def _per_character(kind: str) -> tuple[Action, ...]:
    return tuple(ACT(kind, CHARACTER_KEYS[c]) for c in _CHARACTERS)


def _per_seat(kind: str) -> tuple[Action, ...]:
    return tuple(ACT(kind, s) for s in _SEATS)


# interned actions by district, character or seat, made once
BUILD: Final = _per_district("build")
BUILD_FRAMEWORK: Final = _per_district("buildfw")
LABORATORY_DISCARD: Final = _per_district("lab")
MUSEUM_PUT: Final = _per_district("museum")
KEEP_CARD: Final = _per_district("keep")
MAGIC_DISCARD: Final = _per_district("mdiscard")
WIZARD_TAKE: Final = _per_district("take")
WIZARD_BUILD: Final = _per_district("wizbuild")
WIZARD_KEEP: Final = _per_district("wizkeep")
DEN_CARD: Final = _per_district("dencard")
BEAUTIFY: Final = _per_district("beautify")
CONFISCATE: Final = _per_district("confiscate")
PICK: Final = _per_character("pick")
FACE_DOWN: Final = _per_character("fdiscard")
KILL: Final = _per_character("kill")
BEWITCH: Final = _per_character("bewitch")
SIGN: Final = _per_character("sign")
BLANK_WARRANT: Final = _per_character("warrant")
ROB: Final = _per_character("rob")
THREAT: Final = _per_character("threat")
BLANK_THREAT: Final = _per_character("bluff")
SWAP: Final = _per_seat("swap")
LOOK: Final = _per_seat("look")
CROWN: Final = _per_seat("crown")
ABBOT_TAKE: Final = _per_seat("abbot")
EMPEROR_GOLD: Final = _per_seat("empgold")
EMPEROR_CARD: Final = _per_seat("empcard")
SPY_ON: Final = tuple(tuple(ACT("spy", s, t) for t in TYPES) for s in _SEATS)
