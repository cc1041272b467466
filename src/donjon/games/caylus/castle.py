"""Caylus: the castle (§2 phase 6, §4) and the end of the turn (§2 phase 7): the bailiff, the
section scoring, the next turn."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from donjon.engine import Action, Frame
from donjon.games.caylus import buildings as B
from donjon.games.caylus import construction, favours, placement, scoring
from donjon.games.caylus.actions import CUBE_OF, DELIVER, P_END, STOP
from donjon.games.caylus.buildings import BATCHES

if TYPE_CHECKING:
    from donjon.games.caylus.state import CaylusState

# -- phase 6: the castle (§2 phase 6, §4) -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Deliver(Frame):
    """Deliver one more batch to the castle, or stop (§2 phase 6)."""

    def options(self, state: CaylusState) -> list[Action]:
        acts = [STOP]
        if room(state) < 3:
            c = state.cubes[self.seat]
            for k, (x, y, z) in enumerate(BATCHES):
                if c[x] and c[y] and c[z]:
                    acts.append(DELIVER[k])
        return acts

    def resolve(self, state: CaylusState, action: Action) -> None:
        seat = self.seat
        if action is not STOP:
            c = state.cubes[seat]
            for name in action.args:
                c[CUBE_OF[name]] -= 1
            s = room(state)
            state.filled[s] += 1
            state.houses[s][seat] += 1
            points = B.SECTION_POINTS[s]
            state.score[seat] += points
            state.points[seat * B.CATEGORY_COUNT + B.POINTS_CASTLE] += points
            state.batches[seat] += 1
            state.events.append(("castle", (seat, B.SECTIONS[s], points)))
            state.stack.append(DELIVERIES[seat])
        elif state.batches[seat] == 0 and room(state) < 3:
            lost = scoring.lose(state, seat, B.EMPTY_CASTLE_PENALTY)
            state.events.append(("castle_empty", (seat, lost)))


Deliver.name = "castle"


DELIVERIES: Final = tuple(Deliver(seat) for seat in range(5))


def step_castle(state: CaylusState) -> None:
    c = state.cursor
    workers = state.castle_workers
    if c < len(workers):
        state.cursor = c + 1
        state.stack.append(DELIVERIES[workers[c]])
        return
    if c == len(workers) and workers:
        state.cursor = c + 1
        best = best_builder(state)
        if best >= 0:
            state.emit("best_builder", seat=best, batches=state.batches[best])
            favours.grant(state, best)
        return
    state.castle_workers = []
    state.begin(P_END)


def best_builder(state: CaylusState) -> int:
    """The castle worker who delivered the most batches this turn, ties to the earliest arrival
    (§2 phase 6 point 6); -1 when nobody delivered, unless the option reads the tie rule as
    covering nobody delivering."""
    batches = state.batches
    most = -1 if state.options["best_builder"] == "earliest-arrival" else 0
    best = -1
    for seat in state.castle_workers:
        if batches[seat] > most:
            best, most = seat, batches[seat]
    return best


def room(state: CaylusState) -> int:
    """The first section with a free space, from the current one; 3 if the castle is full."""
    s = state.section
    filled = state.filled
    while s < 3 and filled[s] >= B.SECTION_SIZE[s]:
        s += 1
    return s


# -- phase 7: bailiff, provost, section scoring (§2 phase 7, §4.2) ------------------------------


def step_end(state: CaylusState) -> None:
    """Phase 7, step by step (``state.cursor``); the steps that ask nobody anything follow one
    another in this loop rather than each through ``_advance`` (the hot path). It stops when a
    section's favours are pushed, or when the next turn (or the end of the game) has begun."""
    stack = state.stack
    while not stack and state.phase == P_END:
        c = state.cursor
        if c == 0:
            step = 2 if state.provost > state.bailiff else 1
            state.bailiff = min(state.bailiff + step, B.LAST)
            state.provost = state.bailiff
            state.events.append(("bailiff", (state.bailiff + 1,)))
            state.cursor = 1
        elif c == 1:
            s = state.section
            if s < 3 and (state.bailiff >= B.SECTION_TRIGGER[s]
                          or state.filled[s] >= B.SECTION_SIZE[s]):
                scoring.score_section(state, s)
                state.cursor = 2
            else:
                state.cursor = 3
        elif c == 2:
            state.scored += 1
            state.section += 1
            state.scoring = -1
            if state.section >= 3:
                scoring.game_end(state)
                return
            state.cursor = 1 if state.options["scoring"] == "sequential" else 3
        else:
            if state.pending_residences:
                construction.flush_residences(state)
            placement.new_turn(state)
