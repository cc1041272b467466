"""Caylus: the provost's moves, free with the Merchants' Guild (§2 phase 3.3) or bribed in phase 4
(§2 phase 4), always within R1–R28 (§7.1 point 1)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from donjon.engine import Action, Frame
from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import (
    BRIBE,
    DENIERS_WORDS,
    GUILD,
    NO_BRIBE,
    P_BRIBE,
    P_ROAD,
    SHIFT_WORDS,
    number,
)

if TYPE_CHECKING:
    from donjon.games.caylus.state import CaylusState


@dataclass(frozen=True, slots=True)
class MerchantsGuild(Frame):
    """Move the provost up to 3 spaces either way, free, or leave it (§2 phase 3.3)."""

    def options(self, state: CaylusState) -> tuple[Action, ...]:
        return GUILD_MENUS[state.provost]

    def resolve(self, state: CaylusState, action: Action) -> None:
        k = number(action.args[0])
        state.provost += k
        if k:
            state.events.append(("guild", (self.seat, SHIFT_WORDS[k + 3], state.provost + 1)))
        else:
            state.emit("guild_stay", seat=self.seat, space=state.provost + 1)


MerchantsGuild.name = "guild"


@dataclass(frozen=True, slots=True)
class Bribe(Frame):
    """Pay 1 denier per space to move the provost up to 3 spaces either way, or not (§2 phase
    4)."""

    def options(self, state: CaylusState) -> tuple[Action, ...]:
        return BRIBE_MENUS[state.provost][min(state.deniers[self.seat], B.BRIBE_REACH)]

    def resolve(self, state: CaylusState, action: Action) -> None:
        if action is not NO_BRIBE:
            seat = self.seat
            shift = action.args[0]
            k = shift if isinstance(shift, int) else number(shift)  # ``number``, inlined
            paid = abs(k)
            state.deniers[seat] -= paid
            state.provost += k
            state.events.append(
                ("bribe", (seat, SHIFT_WORDS[k + 3], state.provost + 1, DENIERS_WORDS[paid])))
        # The next briber at once (nothing else can be pending after a bribe in phase 4, so
        # ``_advance`` would do just this; the hot path).
        if state.phase == P_BRIBE:
            step_bribe(state)


Bribe.name = "bribe"


# Ready-made menus (the provost's moves depend only on where he stands and, for a bribe, on the
# deniers up to the reach), so that a decision costs a look-up, not a walk over the shifts.

#: by the provost's road index: the Merchants' Guild's answers
GUILD_MENUS: Final[tuple[tuple[Action, ...], ...]] = tuple(
    tuple(GUILD[k + 3] for k in range(-B.GUILD_REACH, B.GUILD_REACH + 1) if 0 <= p + k <= B.LAST)
    for p in range(B.LAST + 1)
)
#: by the provost's road index, then by the briber's deniers (up to the reach): the answers
BRIBE_MENUS: Final[tuple[tuple[tuple[Action, ...], ...], ...]] = tuple(
    tuple(
        (NO_BRIBE, *[BRIBE[k + 3] for k in range(-B.BRIBE_REACH, B.BRIBE_REACH + 1)
                     if k and 0 <= p + k <= B.LAST and abs(k) <= money])
        for money in range(B.BRIBE_REACH + 1)
    )
    for p in range(B.LAST + 1)
)

MERCHANTS_GUILD: Final = tuple(MerchantsGuild(seat) for seat in range(5))
BRIBES: Final = tuple(Bribe(seat) for seat in range(5))


def step_bribe(state: CaylusState) -> None:
    """Phase 4: each player who passed, in passing order, may bribe the provost once."""
    passed, deniers = state.passed, state.deniers
    c = state.cursor
    # a player without a denier has no choice (the decision would resolve by itself to no
    # bribe): skipped here, without a trip round the driver (the hot path)
    while c < len(passed) and deniers[passed[c]] <= 0:
        c += 1
    if c >= len(passed):
        state.begin(P_ROAD)
        return
    state.cursor = c + 1
    state.stack.append(BRIBES[passed[c]])
