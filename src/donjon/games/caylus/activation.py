"""Caylus phase 5: activating the road (§2 phase 5) and the effects of the buildings (§3).

The road is walked from R1 to the provost, two cursor steps per space: the building's effect,
then (once it has resolved) the delayed Lawyer conversions of that space and the worker's return.
Building and the Lawyer are in ``construction.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from donjon.engine import Action, Frame
from donjon.engine.action import Arg
from donjon.games.caylus import buildings as B
from donjon.games.caylus import construction
from donjon.games.caylus.actions import (
    ALCHEMY,
    ALCHEMY_INPUTS,
    AMOUNT_WORDS,
    BONUS,
    BUY,
    CUBE_OF,
    DECLINE,
    EXCHANGE,
    NO_BUY,
    NO_SELL,
    P_CASTLE,
    PRODUCE,
    SELL,
    amounts,
    counts,
    deniers_words,
    number,
)
from donjon.games.caylus.buildings import (
    BUILDS,
    CATEGORY_COUNT,
    CUBES,
    EFFECT,
    EXCHANGES,
    GAINS,
    GOLD,
    KEYS,
    MOST,
    NON_GOLD,
    PRICE,
)
from donjon.games.caylus.frames import made

if TYPE_CHECKING:
    from donjon.games.caylus.state import CaylusState


def step_road(state: CaylusState) -> None:
    """Walk the road until a building awaits a decision or the phase ends (walking on here
    rather than step by step through ``_advance`` only saves time)."""
    stack, occupant, provost = state.stack, state.occupant, state.provost
    c = state.cursor  # kept in a local while nothing happens, written back before anything does
    while True:
        i = c >> 1
        if i > provost:
            state.cursor = c + 1
            end_road(state)
            return
        if c & 1:  # after the building resolved: delayed Lawyer conversions, worker home
            if state.pending_residences:
                state.cursor = c + 1
                for entry in [e for e in state.pending_residences if e[0] == i]:
                    state.pending_residences.remove(entry)
                    construction.convert(state, i, entry[1])
            occupant[i] = -1
            c += 1
            continue
        seat = occupant[i]
        if seat < 0:
            # nobody works here: on to the next space with a worker, in a tight loop (most
            # spaces are empty), at the cursor step of its building
            i += 1
            while i <= provost and occupant[i] < 0:
                i += 1
            c = i << 1
            continue
        state.cursor = c + 1
        activate(state, seat, i)
        if stack:
            return
        c = state.cursor


def activate(state: CaylusState, seat: int, space: int) -> None:
    """``seat``'s worker uses the building on road index ``space``."""
    t = state.road[space]
    effect = EFFECT[t]
    stack = state.stack
    if effect == "produce":
        gains = GAINS[t]
        owner = state.owner[space]
        if B.BONUS[t] and owner >= 0 and owner != seat:
            stack.append(made(OwnerBonus, owner, t))  # §2 phase 5: stone owner bonus
        if len(gains) == 1:
            gain(state, seat, gains[0])
            state.events.append(
                ("produce", (seat, space + 1, KEYS[t], list(PRODUCTION_WORDS[t][0]))))
        else:
            stack.append(made(Produce, seat, t, space))
    elif effect == "sell":
        stack.append(made(Sell, seat, PRICE[t]))
    elif effect == "buy":
        # a Peddler its worker cannot pay is no decision (it would resolve by itself to buying
        # nothing): not pushed at all (the hot path)
        if state.deniers[seat] >= PRICE[t]:
            stack.append(made(Buy, seat, MOST[t], PRICE[t]))
    elif effect == "build":
        stack.append(made(construction.Build, seat, BUILDS[t], B.NO_CUBE))
    elif effect == "exchange":
        stack.append(made(Exchange, seat, t))
    elif effect == "alchemist":
        stack.append(made(Alchemist, seat, t))
    elif effect == "lawyer":
        stack.append(made(construction.Residence, seat, False))


def end_road(state: CaylusState) -> None:
    state.occupant[:] = NO_WORKERS  # §2 phase 5: workers beyond the provost return, no effect
    if state.pending_residences and state.options["lawyer_unactivated"] == "end-of-activation":
        construction.flush_residences(state)
    state.begin(P_CASTLE)


#: the road's workers when there are none
NO_WORKERS: Final = (-1,) * B.ROAD


def gain(state: CaylusState, seat: int, cubes: tuple[int, ...]) -> None:
    # a tuple, not any Sequence: compiled, each item is read natively, not by a generic lookup
    c = state.cubes[seat]
    # the five cube types unrolled (production is on the hot path; a loop costs twice as much);
    # ``c[k] = c[k] + n``, not ``c[k] += n``: compiled, an augmented assignment to a list's item
    # is a generic addition of two objects (mypyc reads the item as an object), the plain one a
    # native addition of ints; pure, two bytecodes fewer
    c[0] = c[0] + cubes[0]
    c[1] = c[1] + cubes[1]
    c[2] = c[2] + cubes[2]
    c[3] = c[3] + cubes[3]
    c[4] = c[4] + cubes[4]


# -- production: a choice of gains; the stone owner's bonus --------------------------------------


@dataclass(frozen=True, slots=True)
class Produce(Frame):
    """Take one of the ``building``'s gains (on road index ``space``): production is mandatory
    (§2 phase 5)."""

    building: int
    space: int

    def options(self, state: CaylusState) -> tuple[Action, ...]:
        return PRODUCE[self.building]

    def resolve(self, state: CaylusState, action: Action) -> None:
        taken, words = PRODUCED[action.args]  # ``counts`` and ``amounts``, looked up
        gain(state, self.seat, taken)
        state.events.append(
            ("produce", (self.seat, self.space + 1, KEYS[self.building], list(words))))


Produce.name = "produce"


#: by tile, by production choice: the log's amounts (``amounts``, spelled once)
PRODUCTION_WORDS: Final[tuple[tuple[tuple[str, ...], ...], ...]] = tuple(
    tuple(tuple(amounts(cubes)) for cubes in gains) for gains in GAINS
)
#: a production answer's args (a cube name per cube) -> the cubes by type, and the log's amounts
PRODUCED: Final[dict[tuple[Arg, ...], tuple[tuple[int, ...], tuple[str, ...]]]] = {
    answer.args: (cubes, words)
    for answers, gains, spelled in zip(PRODUCE, GAINS, PRODUCTION_WORDS, strict=True)
    for answer, cubes, words in zip(answers, gains, spelled, strict=True)
}


@dataclass(frozen=True, slots=True)
class OwnerBonus(Frame):
    """The owner of the stone production ``building`` another player used takes one of its bonus
    cubes (§2 phase 5)."""

    building: int

    def options(self, state: CaylusState) -> list[Action]:
        return [BONUS[t] for t in B.BONUS[self.building]]

    def resolve(self, state: CaylusState, action: Action) -> None:
        t = CUBE_OF[action.args[0]]
        state.cubes[self.seat][t] += 1
        state.emit("owner_bonus", seat=self.seat, cube=CUBES[t])


OwnerBonus.name = "owner bonus"


# -- the marketplaces and the peddlers -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Sell(Frame):
    """Sell one cube, gold included, for ``price`` deniers, or nothing (a Marketplace)."""

    price: int

    def options(self, state: CaylusState) -> list[Action]:
        c = state.cubes[self.seat]
        return [NO_SELL] + [SELL[t] for t in range(5) if c[t]]

    def resolve(self, state: CaylusState, action: Action) -> None:
        if action is not NO_SELL:
            seat = self.seat
            t = CUBE_OF[action.args[0]]
            state.cubes[seat][t] -= 1
            state.deniers[seat] += self.price
            state.events.append(("sell", (seat, CUBES[t], deniers_words(self.price))))


Sell.name = "sell"


@dataclass(frozen=True, slots=True)
class Buy(Frame):
    """Buy one cube (no gold) for ``price`` deniers, ``left`` more at most, or stop (a
    Peddler)."""

    left: int
    price: int

    def options(self, state: CaylusState) -> list[Action]:
        if state.deniers[self.seat] < self.price:
            return [NO_BUY]
        return [NO_BUY] + [BUY[t] for t in NON_GOLD]

    def resolve(self, state: CaylusState, action: Action) -> None:
        if action is not NO_BUY:
            seat = self.seat
            t = CUBE_OF[action.args[0]]
            state.cubes[seat][t] += 1
            state.deniers[seat] -= self.price
            state.events.append(("buy", (seat, CUBES[t], deniers_words(self.price))))
            if self.left > 1:
                state.stack.append(made(Buy, seat, self.left - 1, self.price))


Buy.name = "buy"


# -- exchanges: Bank, Church, Tailor, Jeweller; the Alchemist ------------------------------------


@dataclass(frozen=True, slots=True)
class Exchange(Frame):
    """Take one of the exchange ``building``'s alternatives one can pay, or decline."""

    building: int

    def options(self, state: CaylusState) -> list[Action]:
        c = state.cubes[self.seat]
        acts = [DECLINE]
        money = state.deniers[self.seat]
        for option, action in zip(EXCHANGES[self.building], EXCHANGE[self.building], strict=True):
            pay = option.pay
            if option.pay_deniers <= money and all(c[t] >= pay[t] for t in range(5)):
                acts.append(action)
        return acts

    def resolve(self, state: CaylusState, action: Action) -> None:
        if action is DECLINE:
            return
        seat = self.seat
        paid = number(action.args[1])
        option = next(o for o in EXCHANGES[self.building] if o.paid == paid)
        c = state.cubes[seat]
        for t in range(5):
            c[t] += option.gain[t] - option.pay[t]
        state.deniers[seat] += option.gain_deniers - option.pay_deniers
        if option.pp:
            state.score[seat] += option.pp
            state.points[seat * CATEGORY_COUNT + B.POINTS_EXCHANGES] += option.pp
        paid_words = ([deniers_words(option.pay_deniers)] if option.pay_deniers
                      else amounts(option.pay))
        got = amounts(option.gain) + ([f"{option.pp} PP"] if option.pp else [])
        state.emit("exchange", seat=seat, building=KEYS[self.building], paid=paid_words, got=got)


Exchange.name = "exchange"


@dataclass(frozen=True, slots=True)
class Alchemist(Frame):
    """Turn 2 or 4 non-gold cubes, of any types, into 1 or 2 gold, or decline (the Alchemist)."""

    building: int

    def options(self, state: CaylusState) -> list[Action]:
        c = state.cubes[self.seat]
        acts = [DECLINE]
        for paid, gold in B.ALCHEMY[self.building]:
            for combo, action in zip(ALCHEMY_INPUTS[paid], ALCHEMY[(paid, gold)], strict=True):
                if (c[0] >= combo[0] and c[1] >= combo[1] and c[2] >= combo[2]
                        and c[3] >= combo[3]):  # the four non-gold cubes, unrolled
                    acts.append(action)
        return acts

    def resolve(self, state: CaylusState, action: Action) -> None:
        if action is DECLINE:
            return
        paid = counts(action.args)
        c = state.cubes[self.seat]
        for t in range(4):
            c[t] -= paid[t]
        gold = next(gold for n, gold in B.ALCHEMY[self.building] if n == len(action.args))
        c[GOLD] += gold
        state.emit("exchange", seat=self.seat, building=KEYS[self.building], paid=amounts(paid),
                   got=[AMOUNT_WORDS[GOLD][gold]])


Alchemist.name = "alchemist"


def building_of(state: CaylusState, frame: Frame) -> int:
    """The building a pending decision is about, for views (-1: none)."""
    if isinstance(frame, Produce | OwnerBonus | Exchange | Alchemist):
        return frame.building
    return -1
