"""The characters who name another character (rules reference §2.3): the Assassin kills, the
Witch bewitches, the Thief robs, the Magistrate places warrants (his confiscation is in
``building``), the Blackmailer places threats (bribe or reveal).

Warrants and threats are secret until all of them are placed: while the Magistrate or the
Blackmailer places them nobody else sees any, and then everyone sees them in rank order, which
does not tell which one is signed or real (§4.7).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from donjon.engine import Action
from donjon.engine.action import Arg
from donjon.games.citadels.actions import (
    A_KEEP_SECRET,
    A_REFUSE,
    A_REVEAL,
    ACT,
    BLANK_THREAT,
    BLANK_WARRANT,
    KILL,
    ROB,
    SIGN,
    THREAT,
    USED_ABILITY,
    character_of,
    number,
)
from donjon.games.citadels.cards import CHARACTER_NAMES, MAGISTRATE, RANK
from donjon.games.citadels.frames import Decision
from donjon.games.citadels.powers import start_extras

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState

#: what became of a threat marker
PLACED: Final = 0
REMOVED: Final = 1  # a bribe was paid, or the Blackmailer kept it hidden
REVEALED: Final = 2


def eligible(st: CitadelsState, lowest_rank: int) -> tuple[int, ...]:
    """Characters of the cast that may be named (rank ≥ ``lowest_rank``)."""
    key = (st.cast, lowest_rank)
    found = _ELIGIBLE.get(key)
    if found is None:
        found = _ELIGIBLE[key] = tuple(x for x in st.cast if RANK[x] >= lowest_rank)
    if st.rules.name_faceup_characters:
        return found
    return tuple(x for x in found if x not in st.faceup)


_ELIGIBLE: Final[dict[tuple[tuple[int, ...], int], tuple[int, ...]]] = {}


# -- the targets each one may name (turn menu) -------------------------------------------------


# (loops, not comprehensions: a comprehension is a function made and called, in 3.11, at every
# menu of the character until it names)


def kill_targets(st: CitadelsState, acts: list[Action], seat: int) -> None:
    for x in eligible(st, 2):
        acts.append(KILL[x])


def sign_targets(st: CitadelsState, acts: list[Action], seat: int) -> None:
    for x in eligible(st, 2):
        acts.append(SIGN[x])


def rob_targets(st: CitadelsState, acts: list[Action], seat: int) -> None:
    killed, bewitched = st.killed, st.bewitched
    for x in eligible(st, 3):
        if x != killed and x != bewitched:
            acts.append(ROB[x])


def threat_targets(st: CitadelsState, acts: list[Action], seat: int) -> None:
    killed, bewitched = st.killed, st.bewitched
    for x in eligible(st, 3):
        if x != killed and x != bewitched:
            acts.append(THREAT[x])


def blank_warrant_targets(st: CitadelsState) -> list[int]:
    """§2.3 Magistrate: blank warrants go on other characters, or also on his own token with
    the option warrant_on_rank1 (never the signed one)."""
    warrants = st.warrants
    out = [x for x in eligible(st, 2) if x not in warrants]
    if st.rules.warrant_on_rank1 and MAGISTRATE in st.cast and MAGISTRATE not in warrants:
        out.insert(0, MAGISTRATE)
    return out


def blank_threat_targets(st: CitadelsState) -> list[int]:
    return [x for x in eligible(st, 3)
            if x != st.killed and x != st.bewitched and x not in st.threats]


# -- naming ------------------------------------------------------------------------------------


def kill(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    x = character_of(args[0])
    st.used |= USED_ABILITY
    st.killed = x
    st.events.append(("kill", (seat, CHARACTER_NAMES[x])))


def bewitch(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    x = character_of(args[0])
    st.used |= USED_ABILITY
    st.bewitched = x
    st.witch_seat = seat
    st.emit("bewitch", seat=seat, character=CHARACTER_NAMES[x])


def rob(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    x = character_of(args[0])
    st.used |= USED_ABILITY
    st.robbed = x
    st.thief_seat = seat
    st.events.append(("rob", (seat, CHARACTER_NAMES[x])))


def sign(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    x = character_of(args[0])
    st.used |= USED_ABILITY
    st.warrants = [x]
    st.signed_warrant = x
    st.magistrate_seat = seat
    st.warrant_revealed = False
    st.placing_warrants = True
    st.stack.append(WarrantPlacement(seat))


def threaten(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    x = character_of(args[0])
    st.used |= USED_ABILITY
    st.threats = [x]
    st.threat_states = [PLACED]
    st.real_threat = x
    st.blackmailer_seat = seat
    st.placing_threats = True
    st.stack.append(ThreatPlacement(seat))


def _in_rank_order(markers: list[int], x: int) -> list[int]:
    return sorted([*markers, x])


# -- Magistrate: the blank warrants ------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class WarrantPlacement(Decision):
    """§2.3 Magistrate: after the signed warrant, the blank ones (3 warrants in all)."""

    def options(self, state: CitadelsState) -> Sequence[Action]:
        return [BLANK_WARRANT[x] for x in blank_warrant_targets(state)]

    def resolve(self, state: CitadelsState, action: Action) -> None:
        state.warrants = _in_rank_order(state.warrants, character_of(action.args[0]))
        if len(state.warrants) < 3 and blank_warrant_targets(state):
            state.stack.append(self)
            return
        state.placing_warrants = False
        state.commit()  # everyone sees where the warrants lie
        state.emit("warrants", seat=self.seat,
                   characters=[CHARACTER_NAMES[x] for x in state.warrants],
                   signed=CHARACTER_NAMES[state.signed_warrant])


WarrantPlacement.name = "warrant"


# -- Blackmailer: the blank threat, then the bribe or the reveal -------------------------------


@dataclass(frozen=True, slots=True)
class ThreatPlacement(Decision):
    """§2.3 Blackmailer: after the real threat, the blank one."""

    def options(self, state: CitadelsState) -> Sequence[Action]:
        return [BLANK_THREAT[x] for x in blank_threat_targets(state)]

    def resolve(self, state: CitadelsState, action: Action) -> None:
        state.threats = _in_rank_order(state.threats, character_of(action.args[0]))
        state.threat_states = [PLACED] * len(state.threats)
        state.placing_threats = False
        state.emit("threats", seat=self.seat,
                   characters=[CHARACTER_NAMES[x] for x in state.threats],
                   real=CHARACTER_NAMES[state.real_threat])


ThreatPlacement.name = "blank threat"


@dataclass(frozen=True, slots=True)
class Bribe(Decision):
    """§2.3 Blackmailer: the threatened player, having gathered, bribes (half his gold, rounded
    down) or refuses."""

    def options(self, state: CitadelsState) -> Sequence[Action]:
        return (ACT("bribe", state.gold[self.seat] // 2), A_REFUSE)

    def resolve(self, state: CitadelsState, action: Action) -> None:
        seat = self.seat
        marker = state.threat_marker
        if action.kind == "bribe":
            amount = number(action.args[0])
            state.gold[seat] -= amount
            state.gold[state.blackmailer_seat] += amount
            state.threat_states[marker] = REMOVED
            state.threat_marker = -1
            state.emit("bribe", seat=seat, gold=amount)
            start_extras(state)
        else:
            state.emit("refuse", seat=seat)
            state.stack.append(ThreatReveal(state.blackmailer_seat, seat, marker))


Bribe.name = "bribe"


@dataclass(frozen=True, slots=True)
class ThreatReveal(Decision):
    """§2.3 Blackmailer (``seat``): a bribe was refused; reveal the threat on ``victim`` (real:
    all his gold) or keep it hidden."""

    victim: int
    marker: int

    def options(self, state: CitadelsState) -> Sequence[Action]:
        return (A_REVEAL, A_KEEP_SECRET)

    def resolve(self, state: CitadelsState, action: Action) -> None:
        seat, victim, marker = self.seat, self.victim, self.marker
        if action.kind == "reveal":
            real = state.threats[marker] == state.real_threat
            state.threat_states[marker] = REVEALED
            taken = 0
            if real:
                taken = state.gold[victim]
                state.gold[victim] = 0
                state.gold[seat] += taken
            state.emit("threat_revealed", seat=seat, target=victim,
                       threat="real" if real else "bluff", gold=taken)
        else:
            state.threat_states[marker] = REMOVED
            state.emit("threat_kept", seat=seat)
        state.threat_marker = -1
        start_extras(state)


ThreatReveal.name = "reveal threat"
