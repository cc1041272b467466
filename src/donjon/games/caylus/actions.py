"""Caylus decisions and actions: the phases, the kinds of pending decision, and action texts.

A pending decision is a stack frame ``(kind, seat, a, b)``: the decision ``kind`` awaited from
``seat``, with two small ints of context. Each answer is an interned ``Action`` whose text reads
like the game (``place R9 Food Farm``, ``bribe provost +2``, ``favour 3 deniers``); texts are
spelled once, when an action is first made, never on the hot path.
"""

from __future__ import annotations

from typing import Any

from donjon.engine import ActionTable
from donjon.games.caylus import buildings as B
from donjon.games.caylus.buildings import BATCHES, CUBES, NAMES, NON_GOLD, SPECIAL_NAMES

# decision kinds (stack frames)
(F_PLACE, F_GATE, F_GUILD, F_JOUST, F_INN, F_BRIBE, F_PROD, F_BONUS, F_SELL, F_BUY, F_BUILD,
 F_EXCH, F_ALCH, F_LAWYER, F_CASTLE, F_FAVOUR, F_GIVE, F_TAKE) = range(18)
FRAME_NAMES = (
    "place", "gate", "guild", "joust", "inn", "bribe", "produce", "owner bonus", "sell", "buy",
    "build", "exchange", "alchemist", "lawyer", "castle", "favour", "trade give", "trade take",
)

# phases (§2)
P_PLACE, P_SPECIAL, P_BRIBE, P_ROAD, P_CASTLE, P_END, P_OVER = range(7)
PHASE_NAMES = ("placement", "special buildings", "provost", "activation", "castle", "end of turn",
               "over")


# -- spelling -----------------------------------------------------------------------------------

def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cubes_text(counts) -> str:
    return "+".join(CUBES[t] for t in range(5) for _ in range(counts[t]))


def cubes_words(gain) -> str:
    """``1 food + 1 cloth``: a gain of cubes in words."""
    return " + ".join(f"{n} {CUBES[t]}" for t, n in enumerate(gain) if n)


def label(target: int, building: int = -1) -> str:
    """A placement target in words: ``Castle``, ``Inn``, ``R9 Food Farm``."""
    if target == B.CASTLE_TARGET:
        return "Castle"
    if target >= B.SPECIAL_TARGET:
        return SPECIAL_NAMES[target - B.SPECIAL_TARGET]
    return f"R{target + 1} {NAMES[building]}"


def _signed(k: int) -> str:
    return f"+{k}" if k > 0 else str(k)


def exchange_text(option) -> str:
    """An exchange building's option (Bank, Church, Tailor, Jeweller) in words."""
    pay_d, pay, gain_d, gain, pp = option
    paid = (f"{_plural(pay_d, 'denier')}" if pay_d else
            " + ".join(f"{n} {CUBES[t]}" for t, n in enumerate(pay) if n))
    got = []
    if gain_d:
        got.append(_plural(gain_d, "denier"))
    got += [f"{n} {CUBES[t]}" for t, n in enumerate(gain) if n]
    if pp:
        got.append(f"{pp} PP")
    return f"pay {paid} for {' + '.join(got)}"


def _spell(kind: str, *args: Any) -> str:
    if kind in ("place", "gate"):
        return ("place " if kind == "place" else "move to ") + args[1]
    if kind == "guild":
        return f"provost {_signed(args[0])}" if args[0] else "leave provost"
    if kind == "bribe":
        return f"bribe provost {_signed(args[0])}"
    if kind == "take":
        return "take " + args[1]
    if kind in ("bonus", "sell", "buy", "give"):
        return f"{kind} {CUBES[args[0]]}"
    if kind == "build":
        tile, pay = args
        return f"build {NAMES[tile]}" if pay < 0 else f"build {NAMES[tile]} paying {CUBES[pay]}"
    if kind == "architect":
        return f"build {NAMES[args[0]]} on R{args[1] + 1}"
    if kind == "exchange":
        return args[1]
    if kind == "alchemist":
        paid, gold = args
        return f"{gold} gold for {_cubes_text(paid)}"
    if kind == "convert":
        return f"convert {args[1]}"
    if kind == "deliver":
        return "deliver " + "+".join(CUBES[t] for t in BATCHES[args[0]])
    if kind == "favour":
        return "favour " + args[2]
    if kind == "gain2":
        return "take " + "+".join(CUBES[t] for t in args)
    return FIXED_TEXT[kind]


FIXED_TEXT = {
    "pass": "pass",
    "stay": "do not move",
    "joust": "joust: 1 denier + 1 cloth for a favour",
    "nojoust": "do not joust",
    "innstay": "stay at the inn",
    "innleave": "leave the inn",
    "nobribe": "do not bribe",
    "nosell": "sell nothing",
    "nobuy": "buy nothing",
    "nobuild": "build nothing",
    "decline": "decline",
    "stop": "stop delivering",
}

# -- the actions --------------------------------------------------------------------------------

ACTIONS = ActionTable(_spell)
PASS = ACTIONS("pass")
STAY = ACTIONS("stay")
JOUST = ACTIONS("joust")
NO_JOUST = ACTIONS("nojoust")
INN_STAY = ACTIONS("innstay")
INN_LEAVE = ACTIONS("innleave")
NO_BRIBE = ACTIONS("nobribe")
NO_SELL = ACTIONS("nosell")
NO_BUY = ACTIONS("nobuy")
NO_BUILD = ACTIONS("nobuild")
DECLINE = ACTIONS("decline")
STOP = ACTIONS("stop")

_TARGET_ACTIONS: dict[tuple[str, int, int], Any] = {}


def target_action(verb: str, target: int, building: int = -1):
    """The interned ``place``/``gate`` action for a target (cached: no text on the hot path)."""
    key = (verb, target, building)
    action = _TARGET_ACTIONS.get(key)
    if action is None:
        action = _TARGET_ACTIONS[key] = ACTIONS(verb, target, label(target, building))
    return action


#: the alchemist's inputs: every multiset of 2 or 4 non-gold cubes, as 5-tuples
ALCHEMY: dict[int, tuple[tuple[int, ...], ...]] = {}
for _n in (2, 4):
    _combos = set()

    def _rec(start, left, acc, _n=_n, _combos=_combos):
        if left == 0:
            _combos.add(tuple(acc))
            return
        for t in range(start, 4):
            acc[t] += 1
            _rec(t, left - 1, acc)
            acc[t] -= 1

    _rec(0, _n, [0, 0, 0, 0, 0])
    ALCHEMY[_n] = tuple(sorted(_combos, reverse=True))
#: the trade's two gained cubes (no gold), as sorted pairs
TRADE_PAIRS = tuple((a, b) for a in NON_GOLD for b in NON_GOLD if a <= b)
