"""Calling the characters (rules reference §4.1–§4.2, §4.5–§4.6): each rank is called in
turn, its character revealed and its turn started; the end of a turn and of a round.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from donjon.engine import Action
from donjon.games.citadels.actions import (
    BEWITCHED,
    CALL,
    CROWN,
    END,
    NORMAL,
    OVER,
    RESUMED,
    TURN,
    WITCH_FIRST,
    number,
)
from donjon.games.citadels.cards import (
    ALCHEMIST,
    ARTIST,
    BUILD_LIMIT,
    CHARACTER_NAMES,
    EMPEROR,
    PARK,
    POOR_HOUSE,
    RANK,
    WITCH,
)
from donjon.games.citadels.cities import size
from donjon.games.citadels.deck import draw_to_hand
from donjon.games.citadels.draft import start_round
from donjon.games.citadels.frames import Decision
from donjon.games.citadels.powers import crown_targets, start_extras
from donjon.games.citadels.powers_naming import PLACED

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState


def clear_turn(st: CitadelsState) -> None:
    """Nobody is playing a turn."""
    st.turn_seat = st.turn_character = st.threat_marker = -1
    st.turn_mode = NORMAL
    st.gathered = True
    st.builds_left = st.used = st.gold_paid_to_build = st.beautifications_left = 0
    st.warrant_pending = st.duplicates_allowed = False


def call_next(st: CitadelsState) -> None:
    """§4.1 the crowned player calls the next rank."""
    cast = st.cast
    held = st.characters
    killed = st.killed
    call = st.called
    while True:
        call += 1
        if call >= len(cast):
            st.called = call
            clear_turn(st)
            st.phase = END
            return
        c = cast[call]
        if c == killed:  # silent: not revealed, the whole turn is skipped
            continue
        for holder, characters in enumerate(held):
            if c in characters:
                st.called = call
                reveal(st, holder, c)
                return
        # nobody holds it: the next rank


def reveal(st: CitadelsState, seat: int, c: int) -> None:
    """§4.2 a called character is revealed and its turn starts."""
    st.commit()  # everyone sees who held it
    st.characters[seat].remove(c)
    st.revealed[seat].append(c)
    rank = RANK[c]
    if rank > st.highest_revealed_rank[seat]:
        st.highest_revealed_rank[seat] = rank
    # emit, written out (once a turn); the turn's fields are set once each, below
    st.events.append(("reveal", (seat, CHARACTER_NAMES[c])))
    st.phase = TURN
    if c == st.robbed and st.thief_seat >= 0:  # §2.3 Thief: take all gold at reveal
        amount = st.gold[seat]
        if st.thief_seat != seat and amount:
            st.gold[seat] = 0
            st.gold[st.thief_seat] += amount
        st.emit("robbed", seat=seat, thief=st.thief_seat, gold=amount)
    if rank == 4:
        st.rank4_seat = seat
        if c != EMPEROR and st.crown != seat:  # King / Patrician take the crown (even bewitched)
            st.crown = seat
            st.emit("crown", seat=seat)
    st.turn_seat = seat
    st.turn_character = c
    st.gathered = False
    st.threat_marker = -1
    if c == st.bewitched or c == WITCH:
        st.turn_mode = BEWITCHED if c == st.bewitched else WITCH_FIRST
        st.builds_left = st.used = st.gold_paid_to_build = st.beautifications_left = 0
        st.warrant_pending = st.duplicates_allowed = False
        return
    st.turn_mode = NORMAL
    if st.threats:
        for k, t in enumerate(st.threats):
            if t == c and st.threat_states[k] == PLACED and st.blackmailer_seat != seat:
                st.threat_marker = k
    begin_powers(st)  # sets the fields the branch above sets to nothing


def begin_powers(st: CitadelsState) -> None:
    """Start of the character's own play (for a threatened one: after the threat)."""
    c = st.turn_character
    st.builds_left = BUILD_LIMIT[c]
    st.used = 0
    st.gold_paid_to_build = 0
    st.beautifications_left = 2 if c == ARTIST else 0
    st.duplicates_allowed = False
    if st.magistrate_seat < 0 or st.warrant_revealed:
        st.warrant_pending = False
    elif st.rules.confiscation_asks_every_warrant:
        st.warrant_pending = c in st.warrants
    else:
        st.warrant_pending = c == st.signed_warrant
    if st.threat_marker >= 0:
        return  # resolved after gathering; what the character gets by itself waits for it
    start_extras(st)


def resume_witch(st: CitadelsState) -> None:
    """§2.3 the Witch resumes her turn as the bewitched character."""
    c = st.turn_character
    clear_turn(st)
    st.phase = TURN
    st.turn_seat = st.witch_seat
    st.turn_character = c
    st.turn_mode = RESUMED
    st.gathered = True
    st.emit("resume", seat=st.turn_seat, character=CHARACTER_NAMES[c])
    begin_powers(st)


def end_turn(st: CitadelsState, effects: bool) -> None:
    """§4.5 end-of-turn effects (Poor House, Alchemist, Park), then the next call."""
    seat = st.turn_seat
    if effects:
        kinds = st.city_kinds[seat]
        if st.gold[seat] == 0 and kinds >> POOR_HOUSE & 1:
            st.gold[seat] += 1
            st.emit("poor_house", seat=seat)
        if st.turn_character == ALCHEMIST and st.gold_paid_to_build:
            st.gold[seat] += st.gold_paid_to_build
            st.emit("alchemist", seat=seat, gold=st.gold_paid_to_build)
        if not st.hands[seat] and kinds >> PARK & 1:
            draw_to_hand(st, seat, 2)
            st.emit("park", seat=seat)
    st.events.append(("turn_end", (seat,)))
    # the turn's fields are left as they are: the call that follows at once either reveals
    # the next character, which sets every one of them, or ends the calls and clears them (as
    # when the Witch's turn is suspended); clearing them here too was 1 % of a random game
    st.phase = CALL


def end_round(st: CitadelsState) -> None:
    """§4.6 end of round: the killed rank 4 heir, then the end or a new selection."""
    killed = st.killed
    if killed >= 0 and RANK[killed] == 4 and st.rank4_killed_seat < 0:
        for seat, held in enumerate(st.characters):
            if killed in held:
                st.commit()  # revealed to everyone
                st.rank4_killed_seat = seat
                held.remove(killed)  # §4.6 revealed at the end of the round
                st.revealed[seat].append(killed)
                st.emit("heir", seat=seat, character=CHARACTER_NAMES[killed])
                if st.rules.heir_counts_for_tiebreak and st.highest_revealed_rank[seat] < 4:
                    st.highest_revealed_rank[seat] = 4
                if killed == EMPEROR:
                    if crown_targets(st, seat):
                        st.stack.append(HeirCrown(seat))
                        return
                elif st.crown != seat:
                    st.crown = seat
                    st.emit("crown", seat=seat)
                heir_queen(st, seat)
                break
    if st.first_complete >= 0 and not st.rules.end_sticky:
        # §5 edge case (b): only end if a city is still complete now
        st.last_round = any(size(st, s) >= st.complete_at for s in range(st.players))
    if st.last_round:
        st.phase = OVER
        st.emit("game_over")
        return
    start_round(st)


def heir_queen(st: CitadelsState, seat: int) -> None:
    """§2.3 Queen: next to a killed rank 4, she gains 3 gold when it is revealed."""
    q = st.queen_seat
    n = st.players
    if q >= 0 and q != seat and (seat == (q + 1) % n or seat == (q - 1) % n):
        st.gold[q] += 3
        st.emit("queen", seat=q, gold=3)


@dataclass(frozen=True, slots=True)
class HeirCrown(Decision):
    """§4.6 a killed Emperor, revealed at the end of the round, moves the crown (taking
    nothing)."""

    def options(self, state: CitadelsState) -> Sequence[Action]:
        return [CROWN[s] for s in crown_targets(state, self.seat)]

    def resolve(self, state: CitadelsState, action: Action) -> None:
        t = number(action.args[0])
        state.crown = t
        state.emit("crown", seat=t, by=self.seat)
        heir_queen(state, self.seat)  # phase END: the round then ends as usual


HeirCrown.name = "heir crown"
