"""Caylus actions: the phases, and every answer to a decision as an interned ``Action``.

An action's identity (kind + args) names things as the game does, the same in every game: a road
space by its printed number (``("place", (10,))`` is R10), a special building by its id
(``"gate"``, ``"trading-post"``, ``"castle"``), a tile by its key (``"w-farm-food"``), cubes by
name (``"food"``), a favour by its track id and column. Its text reads like the game (``place R10
Food Farm``, ``bribe provost +2``, ``favour 3 deniers``) and is spelled exactly as in the first
release, so that old records replay by text. Texts are spelled once, when an action is first
made, never on the hot path; the rules read an answer's meaning back from its args (``CUBE_OF``,
``TARGET_OF``, ``number``...). A ``place``, ``gate`` or ``convert`` answer is made once per
target and building there (its text names the building; its identity, the space alone).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from donjon.engine import Action
from donjon.engine.action import Arg
from donjon.games.caylus import buildings as B
from donjon.games.caylus.buildings import (
    BATCHES,
    CUBES,
    INDEX,
    NAMES,
    NON_GOLD,
    SPECIAL_NAMES,
    TARGET_IDS,
    TRACKS,
    ExchangeRate,
)

# phases (§2)
P_PLACE: Final = 0
P_SPECIAL: Final = 1
P_BRIBE: Final = 2
P_ROAD: Final = 3
P_CASTLE: Final = 4
P_END: Final = 5
P_OVER: Final = 6
PHASE_NAMES: Final = ("placement", "special buildings", "provost", "activation", "castle",
                      "end of turn", "over")


# -- reading an answer's args -------------------------------------------------------------------

#: cube name -> cube type
CUBE_OF: Final[dict[Arg, int]] = {name: t for t, name in enumerate(CUBES)}
#: tile key -> tile
TILE_OF: Final[dict[Arg, int]] = {key: tile for key, tile in INDEX.items()}
#: favour track id -> track
TRACK_OF: Final[dict[Arg, int]] = {name: k for k, name in enumerate(TRACKS)}
#: a placement's target in an action (printed road number, or a building's id) -> in the state
TARGET_OF: Final[dict[Arg, int]] = {
    **{space + 1: space for space in range(B.ROAD)},
    **{name: target for target, name in TARGET_IDS.items()},
}


def number(arg: Arg) -> int:
    """An action argument that is a number (a shift, a column, a road space)."""
    if isinstance(arg, int) and not isinstance(arg, bool):
        return arg
    raise TypeError(f"expected a number, not {arg!r}")


def counts(names: Sequence[Arg]) -> list[int]:
    """Cube names (one per cube) as counts by type."""
    out = [0, 0, 0, 0, 0]
    for name in names:
        out[CUBE_OF[name]] += 1
    return out


def cube_names(amounts: Sequence[int]) -> tuple[str, ...]:
    """Counts by type as cube names, one per cube, in cube order."""
    return tuple(CUBES[t] for t in range(5) for _ in range(amounts[t]))


def target_id(target: int) -> Arg:
    """A placement target as an action names it: the printed road number, or an id."""
    return target + 1 if target < B.ROAD else TARGET_IDS[target]


# -- spelling -----------------------------------------------------------------------------------

def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def cubes_words(gain: Sequence[int]) -> str:
    """``1 food + 1 cloth``: a gain of cubes in words."""
    return " + ".join(f"{n} {CUBES[t]}" for t, n in enumerate(gain) if n)


def label(target: int, building: int = -1) -> str:
    """A placement target in words: ``Castle``, ``Inn``, ``R9 Food Farm``."""
    if target == B.CASTLE_TARGET:
        return "Castle"
    if target >= B.SPECIAL_TARGET:
        return SPECIAL_NAMES[target - B.SPECIAL_TARGET]
    return f"R{target + 1} {NAMES[building]}"


# -- amounts in the log (its data: what ``messages._names`` translates) --------------------------

#: "1 denier", "3 deniers": the same words in English and French
DENIERS_WORDS: Final = tuple(_plural(n, "denier") for n in range(64))
#: by cube type, by count: "2 stone"
AMOUNT_WORDS: Final = tuple(tuple(f"{n} {name}" for n in range(10)) for name in CUBES)
#: by count: "1 royal favour", "2 royal favours"
FAVOUR_COUNT_WORDS: Final = tuple(_plural(n, "royal favour") for n in range(10))
#: by shift + 3: "2 spaces forward", "1 space back" (0: not moved)
SHIFT_WORDS: Final = tuple(
    _plural(abs(k), "space") + (" forward" if k > 0 else " back") if k else "" for k in range(-3, 4)
)


def deniers_words(n: int) -> str:
    return DENIERS_WORDS[n] if 0 <= n < len(DENIERS_WORDS) else _plural(n, "denier")


def amounts(counts: Sequence[int]) -> list[str]:
    """Counts by type as the log's amounts: ``["2 food", "1 cloth"]``."""
    return [AMOUNT_WORDS[t][n] if n < 10 else f"{n} {CUBES[t]}"
            for t, n in enumerate(counts) if n]


def _signed(k: int) -> str:
    return f"+{k}" if k > 0 else str(k)


def exchange_text(option: ExchangeRate) -> str:
    """An exchange building's alternative (Bank, Church, Tailor, Jeweller) in words."""
    paid = (_plural(option.pay_deniers, "denier") if option.pay_deniers else
            " + ".join(f"{n} {CUBES[t]}" for t, n in enumerate(option.pay) if n))
    got = []
    if option.gain_deniers:
        got.append(_plural(option.gain_deniers, "denier"))
    got += [f"{n} {CUBES[t]}" for t, n in enumerate(option.gain) if n]
    if option.pp:
        got.append(f"{option.pp} PP")
    return f"pay {paid} for {' + '.join(got)}"


# -- answers that are always the same -----------------------------------------------------------

PASS: Final = Action("pass", (), "pass")
STAY: Final = Action("stay", (), "do not move")
JOUST: Final = Action("joust", (), "joust: 1 denier + 1 cloth for a favour")
NO_JOUST: Final = Action("no-joust", (), "do not joust")
INN_STAY: Final = Action("inn-stay", (), "stay at the inn")
INN_LEAVE: Final = Action("inn-leave", (), "leave the inn")
NO_BRIBE: Final = Action("no-bribe", (), "do not bribe")
NO_SELL: Final = Action("no-sell", (), "sell nothing")
NO_BUY: Final = Action("no-buy", (), "buy nothing")
NO_BUILD: Final = Action("no-build", (), "build nothing")
DECLINE: Final = Action("decline", (), "decline")
STOP: Final = Action("stop", (), "stop delivering")

#: by cube type
SELL: Final = tuple(Action("sell", (name,), f"sell {name}") for name in CUBES)
BUY: Final = tuple(Action("buy", (name,), f"buy {name}") for name in CUBES)
BONUS: Final = tuple(Action("bonus", (name,), f"bonus {name}") for name in CUBES)
GIVE: Final = tuple(Action("give", (name,), f"give {name}") for name in CUBES)

#: by shift + 3 (-3..+3)
GUILD: Final = tuple(
    Action("guild", (k,), f"provost {_signed(k)}" if k else "leave provost") for k in range(-3, 4)
)
BRIBE: Final = tuple(Action("bribe", (k,), f"bribe provost {_signed(k)}") for k in range(-3, 4))

#: by batch (``BATCHES``)
DELIVER: Final = tuple(
    Action("deliver", names, "deliver " + "+".join(names))
    for names in (tuple(CUBES[t] for t in batch) for batch in BATCHES)
)

#: the trade's two gained cubes (no gold), as sorted pairs, and their answers
TRADE_PAIRS: Final = tuple((a, b) for a in NON_GOLD for b in NON_GOLD if a <= b)
TAKE_TWO: Final = tuple(
    Action("take-two", (CUBES[a], CUBES[b]), f"take {CUBES[a]}+{CUBES[b]}") for a, b in TRADE_PAIRS
)

#: by tile: its production choices, in the tile's order
PRODUCE: Final = tuple(
    tuple(Action("produce", cube_names(gain), "take " + cubes_words(gain)) for gain in gains)
    for gains in B.GAINS
)

#: by tile: its exchange alternatives, in the tile's order
EXCHANGE: Final = tuple(
    tuple(
        Action("exchange", (building.key, option.paid), exchange_text(option))
        for option in building.exchanges
    )
    for building in B.CATALOGUE
)


def _multisets(start: int, left: int, acc: list[int], out: set[tuple[int, ...]]) -> None:
    if left == 0:
        out.add(tuple(acc))
        return
    for t in range(start, 4):
        acc[t] += 1
        _multisets(t, left - 1, acc, out)
        acc[t] -= 1


def _alchemy(paid: int) -> tuple[tuple[int, ...], ...]:
    """Every multiset of ``paid`` non-gold cubes, as counts by type, most food first."""
    combos: set[tuple[int, ...]] = set()
    _multisets(0, paid, [0, 0, 0, 0, 0], combos)
    return tuple(sorted(combos, reverse=True))


#: the alchemist's inputs by number of cubes paid (2 or 4), with their answers
ALCHEMY_INPUTS: Final[dict[int, tuple[tuple[int, ...], ...]]] = {n: _alchemy(n) for n in (2, 4)}
ALCHEMY: Final[dict[tuple[int, int], tuple[Action, ...]]] = {
    (paid, gold): tuple(
        Action("alchemist", cube_names(combo), f"{gold} gold for {'+'.join(cube_names(combo))}")
        for combo in ALCHEMY_INPUTS[paid]
    )
    for building in B.CATALOGUE for paid, gold in building.alchemy
}

# -- answers made when first needed -------------------------------------------------------------

_TARGETS: Final[dict[tuple[str, int, int], Action]] = {}
_VERBS: Final = {"place": "place ", "gate": "move to ", "convert": "convert "}


def target_action(kind: str, target: int, building: int = -1) -> Action:
    """The ``place``, ``gate`` or ``convert`` answer for a target (its text names the building
    there: cached per building, so no text is spelled on the hot path)."""
    key = (kind, target, building)
    action = _TARGETS.get(key)
    if action is None:
        action = _TARGETS[key] = Action(
            kind, (target_id(target),), _VERBS[kind] + label(target, building)
        )
    return action


_BUILDS: Final[dict[tuple[int, int], Action]] = {}
_ARCHITECTS: Final[dict[tuple[int, int], Action]] = {}


def build_action(tile: int, pay: int = B.NO_CUBE) -> Action:
    """Build ``tile`` on the first free site, paying its "any" cube with ``pay`` (or none)."""
    action = _BUILDS.get((tile, pay))
    if action is None:
        key, name = B.CATALOGUE[tile].key, NAMES[tile]
        action = _BUILDS[(tile, pay)] = (
            Action("build", (key,), f"build {name}") if pay < 0 else
            Action("build", (key, CUBES[pay]), f"build {name} paying {CUBES[pay]}")
        )
    return action


def architect_action(tile: int, space: int) -> Action:
    """Build the prestige ``tile`` on the residence at road index ``space``."""
    action = _ARCHITECTS.get((tile, space))
    if action is None:
        action = _ARCHITECTS[(tile, space)] = Action(
            "architect", (B.CATALOGUE[tile].key, space + 1), f"build {NAMES[tile]} on R{space + 1}"
        )
    return action


# -- royal favours ------------------------------------------------------------------------------

def _favour(track: int, column: int, choice: str = "") -> Action:
    args: tuple[Arg, ...] = (TRACKS[track], column) + ((choice,) if choice else ())
    if track == B.PRESTIGE_T:
        text = f"{B.FAVOUR_PP[column]} PP"
    elif track == B.DENIERS_T:
        text = f"{B.FAVOUR_DENIERS[column]} deniers"
    elif track == B.RESOURCES_T:
        text = choice
    elif column == 1:
        text = "building track, no effect"
    else:
        text = B.FAVOUR_BUILDINGS[column][0]
    return Action("favour", args, "favour " + text)


#: by column - 1: the prestige, deniers and buildings answers; by column: the resources answers
#: (a cube; column 4 is the trade)
FAVOUR_PRESTIGE: Final = tuple(_favour(B.PRESTIGE_T, c) for c in range(1, 6))
FAVOUR_DENIERS: Final = tuple(_favour(B.DENIERS_T, c) for c in range(1, 6))
FAVOUR_BUILDINGS: Final = tuple(_favour(B.BUILDINGS_T, c) for c in range(1, 6))
FAVOUR_RESOURCES: Final[dict[int, tuple[Action, ...]]] = {
    column: tuple(_favour(B.RESOURCES_T, column, cube) for cube in choices)
    for column, choices in B.FAVOUR_RESOURCES.items()
}
FAVOUR_TRADE: Final = _favour(B.RESOURCES_T, B.TRADE_COLUMN, "trade")
