"""Citadels actions and the small constants the rules modules share.

An action is ``ACT(kind, *args)``: one interned value whose text is spelled once from the table
``SPELLING`` below (``pick Thief``, ``build Manor``, ``destroy Castle of seat 2 for 3 gold``).
"""

from __future__ import annotations

from typing import Any

from donjon.engine import ActionTable
from donjon.games.citadels.cards import (
    ASSASSIN,
    BLACKMAILER,
    CHAR_NAMES,
    DIPLOMAT,
    DISTRICT_NAMES,
    MAGICIAN,
    MAGISTRATE,
    MARSHAL,
    NAVIGATOR,
    SCHOLAR,
    SEER,
    SPY,
    THIEF,
    TYPES,
    WARLORD,
    WIZARD,
)

# phases
DRAFT, CALL, TURN, END, OVER = range(5)
PHASE_NAMES = ("draft", "call", "turn", "end", "over")
# turn modes (§2.3 Witch)
M_NORMAL, M_WITCH, M_BEWITCHED, M_RESUMED = range(4)
MODE_NAMES = ("normal", "witch", "bewitched", "resumed")
# draft step kinds (§3.2–§3.4)
D_KEEP, D_DISCARD, D_RANDOM = range(3)
# decisions on the stack: (kind, seat, *data)
(S_KEEP, S_SCHOLAR, S_WARRANT, S_BLUFF, S_BRIBE, S_REVEAL, S_MAGIC, S_WIZTAKE, S_WIZBUILD,
 S_SEER, S_EMPEROR_TAKE, S_DIPLOMAT, S_DEN, S_CGIVE, S_CONFISCATE, S_THEATER, S_HEIR) = range(17)
STACK_NAMES = (
    "keep", "scholar", "warrant", "blank threat", "bribe", "reveal threat", "magician",
    "wizard take", "wizard build", "seer give", "emperor take", "diplomat give",
    "thieves' den", "cardinal give", "confiscate", "theater", "heir crown",
)
# once-per-turn flags
U_INCOME, U_ABILITY, U_LAB, U_MUSEUM, U_SMITHY, U_ABBOT, U_TAX, U_CROWN, U_ARMORY = (
    1, 2, 4, 8, 16, 32, 64, 128, 256)

DN = DISTRICT_NAMES
CN = CHAR_NAMES


def _star(b: int) -> str:
    """A beautified district is spelled with a star (§2.3 Artist)."""
    return "*" if b else ""


#: the text of each kind of action, from its arguments
SPELLING = {
    "pick": lambda c: f"pick {CN[c]}",
    "fdiscard": lambda c: f"discard {CN[c]} face down",
    "theater": lambda c, s: f"Theater: give {CN[c]} to seat {s}",
    "theater_pass": lambda: "Theater: keep my character",
    "gold": lambda: "take gold",
    "draw": lambda: "draw cards",
    "keep": lambda d: f"keep {DN[d]}",
    "income": lambda g, c: (f"collect {g} gold and {c} cards" if g and c
                            else f"collect {g} gold" if g else f"collect {c} cards"),
    "kill": lambda c: f"kill {CN[c]}",
    "bewitch": lambda c: f"bewitch {CN[c]}",
    "sign": lambda c: f"signed warrant on {CN[c]}",
    "warrant": lambda c: f"blank warrant on {CN[c]}",
    "rob": lambda c: f"rob {CN[c]}",
    "spy": lambda s, t: f"spy on seat {s} for {TYPES[t]}",
    "threat": lambda c: f"real threat on {CN[c]}",
    "bluff": lambda c: f"blank threat on {CN[c]}",
    "bribe": lambda g: f"pay bribe of {g} gold",
    "refuse": lambda: "refuse bribe",
    "reveal": lambda: "reveal the threat",
    "noreveal": lambda: "do not reveal the threat",
    "swap": lambda s: f"swap hands with seat {s}",
    "magic": lambda: "discard cards to draw as many",
    "mdiscard": lambda d: f"discard {DN[d]}",
    "mdone": lambda: "finish discarding",
    "look": lambda s: f"look at seat {s}'s hand",
    "take": lambda d: f"take {DN[d]}",
    "wizbuild": lambda d: f"build {DN[d]} now",
    "wizkeep": lambda d: f"keep {DN[d]} in hand",
    "seer": lambda: "use the Seer",
    "give": lambda d, s: f"give {DN[d]} to seat {s}",
    "crown": lambda s: f"give the crown to seat {s}",
    "empgold": lambda s: f"take 1 gold from seat {s}",
    "empcard": lambda s: f"take a card from seat {s}",
    "abbot": lambda s: f"take 1 gold from seat {s}, the richest",
    "navgold": lambda: "take 4 gold",
    "navcards": lambda: "draw 4 cards",
    "scholar": lambda: "use the Scholar",
    "destroy": lambda s, d, b, g: f"destroy {DN[d]}{_star(b)} of seat {s} for {g} gold",
    "dtake": lambda s, d, b: f"exchange for {DN[d]}{_star(b)} of seat {s}",
    "dgive": lambda d, b, g: f"give {DN[d]}{_star(b)} paying {g} gold",
    "seize": lambda s, d, b, g: f"seize {DN[d]}{_star(b)} of seat {s} for {g} gold",
    "beautify": lambda d: f"beautify {DN[d]}",
    "taxes": lambda g: f"collect {g} gold of taxes",
    "armory": lambda s, d, b: f"destroy the Armory to destroy {DN[d]}{_star(b)} of seat {s}",
    "lab": lambda d: f"discard {DN[d]} for 2 gold (Laboratory)",
    "museum": lambda d: f"put {DN[d]} under the Museum",
    "smithy": lambda: "pay 2 gold for 3 cards (Smithy)",
    "build": lambda d: f"build {DN[d]}",
    "buildfw": lambda d: f"build {DN[d]} by destroying the Framework",
    "necro": lambda d, b: f"build Necropolis by destroying {DN[d]}{_star(b)}",
    "den": lambda: "build Thieves' Den paying with cards",
    "dencard": lambda d: f"pay with {DN[d]}",
    "dengold": lambda g: f"pay the remaining {g} gold",
    "borrow": lambda d, s, g: f"build {DN[d]} taking {g} gold from seat {s}",
    "confiscate": lambda d: f"confiscate {DN[d]}",
    "noconfiscate": lambda: "do not confiscate",
    "end": lambda: "end turn",
}


def _spell(kind: str, *a: Any) -> str:
    spell = SPELLING.get(kind)
    if spell is None:
        raise ValueError(kind)
    return spell(*a)


ACT = ActionTable(_spell)
A_GOLD, A_DRAW, A_END = ACT("gold"), ACT("draw"), ACT("end")
A_SMITHY, A_DEN = ACT("smithy"), ACT("den")
# interned actions by district / character, made once
BUILD = tuple(ACT("build", d) for d in range(len(DN)))
BUILD_FRAMEWORK = tuple(ACT("buildfw", d) for d in range(len(DN)))
LAB = tuple(ACT("lab", d) for d in range(len(DN)))
MUSEUM_PUT = tuple(ACT("museum", d) for d in range(len(DN)))
KEEP_CARD = tuple(ACT("keep", d) for d in range(len(DN)))
PICK = tuple(ACT("pick", c) for c in range(len(CN)))
FACE_DOWN = tuple(ACT("fdiscard", c) for c in range(len(CN)))
#: characters whose main ability is an action of the turn menu (§2.3)
ACTIVE = frozenset({ASSASSIN, MAGISTRATE, THIEF, SPY, BLACKMAILER, MAGICIAN, WIZARD, SEER,
                    NAVIGATOR, SCHOLAR, WARLORD, DIPLOMAT, MARSHAL})
# the naming and seat-targeting actions of the turn menu, by character / seat (made once)
KILL = tuple(ACT("kill", c) for c in range(len(CN)))
SIGN = tuple(ACT("sign", c) for c in range(len(CN)))
ROB = tuple(ACT("rob", c) for c in range(len(CN)))
THREAT = tuple(ACT("threat", c) for c in range(len(CN)))
SWAP = tuple(ACT("swap", s) for s in range(8))
LOOK = tuple(ACT("look", s) for s in range(8))
SPY_ON = tuple(tuple(ACT("spy", s, t) for t in range(5)) for s in range(8))
A_MAGIC = ACT("magic")
