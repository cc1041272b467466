"""Caylus royal favours (§5): the favour table's four tracks, the trade, the beginners' variant.

A favour is a decision: choose a track not used yet this phase; its marker moves right if the
open columns allow; then take the effect of that column or of any column to its left. A favour
with no track left lapses (§5: beyond four in one phase, favours are lost).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from donjon.engine import Action, Frame
from donjon.games.caylus import buildings as B
from donjon.games.caylus import construction
from donjon.games.caylus.actions import (
    AMOUNT_WORDS,
    CUBE_OF,
    FAVOUR_BUILDINGS,
    FAVOUR_DENIERS,
    FAVOUR_PRESTIGE,
    FAVOUR_RESOURCES,
    FAVOUR_TRADE,
    GIVE,
    TAKE_TWO,
    TRACK_OF,
    amounts,
    counts,
    number,
)
from donjon.games.caylus.buildings import FAVOUR_IDS, TRACKS
from donjon.games.caylus.frames import made

if TYPE_CHECKING:
    from donjon.games.caylus.state import CaylusState


def grant(state: CaylusState, seat: int) -> None:
    """``seat`` gains a royal favour."""
    if state.options["favours"] == "simple":  # beginners' variant: 3 PP each
        state.score[seat] += B.SIMPLE_FAVOUR_PP
        state.points[seat * B.CATEGORY_COUNT + B.POINTS_FAVOURS] += B.SIMPLE_FAVOUR_PP
        state.emit("favour_simple", seat=seat, pp=B.SIMPLE_FAVOUR_PP)
        return
    state.stack.append(FAVOURS[seat])


@dataclass(frozen=True, slots=True)
class Favour(Frame):
    """Choose a favour track not used this phase and one of its effects up to the marker."""

    def options(self, state: CaylusState) -> list[Action]:
        return favour_options(state, self.seat)

    def resolve(self, state: CaylusState, action: Action) -> None:
        args = action.args
        take(state, self.seat, TRACK_OF[args[0]], number(args[1]), action)

    def lapse(self, state: CaylusState) -> None:
        state.emit("favour_lost", seat=self.seat)  # §5: every track was used this phase


Favour.name = "favour"


FAVOURS: Final = tuple(Favour(seat) for seat in range(5))


def favour_options(state: CaylusState, seat: int) -> list[Action]:
    """§5: choose an unused track; its marker moves right if it can; take one column."""
    acts: list[Action] = []
    used = state.tracks_used[seat]
    top = B.UNLOCKED[state.scored]
    c = state.cubes[seat]
    markers = state.favour_markers[seat]
    for track in range(4):
        if used >> track & 1:
            continue
        m = markers[track]
        m = m + 1 if m < top else m
        if track == B.PRESTIGE_T:
            acts.append(FAVOUR_PRESTIGE[m - 1])
        elif track == B.DENIERS_T:
            acts.append(FAVOUR_DENIERS[m - 1])
        elif track == B.RESOURCES_T:
            for col in range(1, m + 1):
                if col == B.TRADE_COLUMN:
                    if any(c):
                        acts.append(FAVOUR_TRADE)
                else:
                    acts.extend(FAVOUR_RESOURCES[col])
        else:
            for col in range(1, m + 1):
                _, kind, discount = B.FAVOUR_BUILDINGS[col]
                if col == 1:
                    acts.append(FAVOUR_BUILDINGS[0])
                elif kind == B.RESIDENCE:
                    if (c[B.CLOTH] >= B.RESIDENCE_CLOTH
                            and construction.lawyer_targets(state, seat)):
                        acts.append(FAVOUR_BUILDINGS[col - 1])
                elif construction.build_options(state, seat, kind, discount):
                    acts.append(FAVOUR_BUILDINGS[col - 1])
    return acts


def take(state: CaylusState, seat: int, track: int, column: int, action: Action) -> None:
    """``seat`` takes the favour ``action``: the effect of ``column`` on ``track``."""
    state.tracks_used[seat] |= 1 << track
    markers = state.favour_markers[seat]
    if markers[track] < B.UNLOCKED[state.scored]:
        markers[track] += 1
    if track == B.RESOURCES_T and column != B.TRADE_COLUMN:
        reward = AMOUNT_WORDS[CUBE_OF[action.args[2]]][1]
    else:
        reward = FAVOUR_IDS[track][column - 1]
    state.emit("favour", seat=seat, track=TRACKS[track], reward=reward)
    if track == B.PRESTIGE_T:
        state.score[seat] += B.FAVOUR_PP[column]
        state.points[seat * B.CATEGORY_COUNT + B.POINTS_FAVOURS] += B.FAVOUR_PP[column]
    elif track == B.DENIERS_T:
        state.deniers[seat] += B.FAVOUR_DENIERS[column]
    elif track == B.RESOURCES_T:
        if column == B.TRADE_COLUMN:
            state.stack.append(TRADE_GIVE[seat])
        else:
            state.cubes[seat][CUBE_OF[action.args[2]]] += 1
    else:
        _, kind, discount = B.FAVOUR_BUILDINGS[column]
        if kind == B.RESIDENCE:
            state.stack.append(made(construction.Residence, seat, True))
        elif kind:
            state.stack.append(made(construction.Build, seat, kind, discount))


# -- the trade (resources track, column 4): give one cube, take two (no gold) ------------------


@dataclass(frozen=True, slots=True)
class TradeGive(Frame):
    """Give one cube of any type, gold included, for the trade."""

    def options(self, state: CaylusState) -> list[Action]:
        c = state.cubes[self.seat]
        return [GIVE[t] for t in range(5) if c[t]]

    def resolve(self, state: CaylusState, action: Action) -> None:
        state.cubes[self.seat][CUBE_OF[action.args[0]]] -= 1
        state.stack.append(TRADE_TAKE[self.seat])


TradeGive.name = "trade give"


@dataclass(frozen=True, slots=True)
class TradeTake(Frame):
    """Take two cubes of one's choice, no gold, for the cube given."""

    def options(self, state: CaylusState) -> tuple[Action, ...]:
        return TAKE_TWO

    def resolve(self, state: CaylusState, action: Action) -> None:
        c = state.cubes[self.seat]
        took = [CUBE_OF[name] for name in action.args]
        for t in took:
            c[t] += 1
        state.emit("trade", seat=self.seat, took=amounts(counts(action.args)))


TradeTake.name = "trade take"


TRADE_GIVE: Final = tuple(TradeGive(seat) for seat in range(5))
TRADE_TAKE: Final = tuple(TradeTake(seat) for seat in range(5))
