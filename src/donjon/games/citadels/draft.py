"""Character selection (rules reference §3.2–§3.4) and the Theater step (§3.6).

Every round opens with a draft: ``draft_steps`` lists the steps ``(seat, kind)`` for the player
count (keep a character, discard one face down, or a random face-down discard) and
``draft_step`` is the step awaited. Random steps run by themselves; the draft ends with the
leftover cards face down and, if someone owns the Theater, the Theater decision.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from donjon.engine import Action
from donjon.engine.chance import randrange, shuffle
from donjon.games.citadels.actions import (
    A_THEATER_PASS,
    ACT,
    CALL,
    CHARACTER_INDEX,
    CHARACTER_KEYS,
    DISCARD_ONE,
    DRAFT,
    FACE_DOWN,
    KEEP_ONE,
    PICK,
    RANDOM_DISCARD,
    character_of,
    number,
)
from donjon.games.citadels.cards import CHARACTER_NAMES, RANK, THEATER
from donjon.games.citadels.frames import Decision

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState


def start_round(st: CitadelsState) -> None:
    n = st.players
    rng = st.rng
    st.round += 1
    st.phase = DRAFT
    for held in st.characters:
        held.clear()
    for shown in st.revealed:
        shown.clear()
    st.killed = st.bewitched = st.robbed = st.signed_warrant = st.real_threat = -1
    st.witch_seat = st.thief_seat = st.magistrate_seat = st.blackmailer_seat = -1
    st.bishop_seat = st.rank4_seat = st.rank4_killed_seat = st.queen_seat = -1
    st.warrants = []
    st.warrant_revealed = st.placing_warrants = st.placing_threats = False
    st.threats = []
    st.threat_states = []
    st.highest_revealed_rank = [0] * n
    st.called = -1
    st.draft_seen = [0] * n
    st.draft_left_at = [-1] * len(CHARACTER_NAMES)
    st.theater_swapped = 0
    cards = list(st.cast)
    shuffle(rng, cards)
    faceup: list[int] = []
    if n >= 4:  # §3.2 face-up discards, never a rank 4 (it is shuffled back)
        wanted = max(0, len(cards) - n - 2)
        if st.rules.faceup_at_most_two:  # seed 003: "0 à 2"
            wanted = min(wanted, 2)
        aside = []
        while len(faceup) < wanted:
            c = cards.pop()
            if RANK[c] == 4:
                aside.append(c)
            else:
                faceup.append(c)
        if aside:
            cards.extend(aside)
            shuffle(rng, cards)
    st.faceup = faceup
    crown = st.crown
    # the first drafter sees every card but the face-down one, so knows it
    st.facedown = [cards.pop()]
    st.facedown_seen_by = [1 << crown]
    st.draft_hand = cards
    steps = _STEPS.get((n, crown))
    if steps is None:
        steps = _STEPS[n, crown] = draft_steps(n, crown)
    st.draft_steps = steps
    st.draft_step = 0
    st.events.append(("round", (st.round, crown, [CHARACTER_NAMES[c] for c in faceup])))
    _run_random_steps(st)


def _run_random_steps(st: CitadelsState) -> None:
    """Run the random draft steps; stop at a choice (awaited on the stack) or when the draft
    is done."""
    steps = st.draft_steps
    hand = st.draft_hand
    while st.draft_step < len(steps):
        seat, kind = steps[st.draft_step]
        if kind == RANDOM_DISCARD:
            c = hand.pop(randrange(st.rng, len(hand)))
            st.facedown.append(c)
            st.draft_left_at[c] = st.draft_step
            st.facedown_seen_by.append(0)
            st.draft_step += 1
            continue
        if (kind == KEEP_ONE and st.draft_step == len(steps) - 1 and len(hand) == 1
                and st.players >= 4):
            # §3.2 last-player rule (7 players with 8 characters, 8 with 9)
            hand.append(st.facedown.pop(0))
            st.facedown_seen_by.pop(0)
        mask = 0
        for c in hand:
            mask |= BIT[c]
        # ``x[i] = x[i] | m``, not ``x[i] |= m``: compiled, an augmented assignment to a list's
        # item operates on two objects (mypyc reads the item as an object), the plain one on ints
        seen = st.draft_seen
        seen[seat] = seen[seat] | mask
        st.stack.append(DRAFT_CHOICES[seat][kind == DISCARD_ONE])  # the choice awaited now
        return
    # leftover cards go face down; the last drafter saw them
    last = steps[-1][0]
    for c in st.draft_hand:
        st.facedown.append(c)
        st.draft_left_at[c] = len(steps)
        st.facedown_seen_by.append(1 << last)
    st.draft_hand = []
    st.draft_step = len(steps)
    owner = theater_owner(st)
    if owner >= 0:  # §3.6
        st.stack.append(TheaterSwap(owner))
    st.phase = CALL


def theater_owner(st: CitadelsState) -> int:
    for seat, kinds in enumerate(st.city_kinds):
        if kinds >> THEATER & 1:
            return seat
    return -1


def drafter(st: CitadelsState) -> int:
    """The seat choosing now."""
    return st.draft_steps[st.draft_step][0]


@dataclass(frozen=True, slots=True)
class DraftChoice(Decision):
    """§3.2–§3.4 keep one of the characters passed (or, with 2 players, discard one face
    down)."""

    discard: bool

    def options(self, state: CitadelsState) -> Sequence[Action]:
        table = FACE_DOWN if self.discard else PICK
        acts = []
        hand = state.draft_hand.copy()  # sorted in place: ``sorted`` looks up list.sort
        hand.sort()
        for c in hand:  # a loop, not a comprehension: no call (3.11)
            acts.append(table[c])
        return acts

    def resolve(self, state: CitadelsState, action: Action) -> None:
        seat, c = self.seat, CHARACTER_INDEX[action.args[0]]
        state.draft_hand.remove(c)
        state.draft_left_at[c] = state.draft_step
        if self.discard:
            state.facedown.append(c)
            state.facedown_seen_by.append(1 << seat)
            state.emit("fdiscard", seat=seat, character=CHARACTER_NAMES[c])
        else:
            state.characters[seat].append(c)
            state.events.append(("pick", (seat, CHARACTER_NAMES[c])))
        state.draft_step += 1
        _run_random_steps(state)  # on to the next choice of the draft, or its end


DraftChoice.name = "draft"
DraftChoice.shown = False


#: the draft choice of each seat (keep, discard), made once
DRAFT_CHOICES: Final = tuple((DraftChoice(s, False), DraftChoice(s, True)) for s in range(8))


@dataclass(frozen=True, slots=True)
class TheaterSwap(Decision):
    """§3.6 Theater: after the draft its owner may swap a character with an opponent's, blind."""

    def options(self, state: CitadelsState) -> Sequence[Action]:
        seat = self.seat
        held = state.characters
        acts = [ACT("theater", CHARACTER_KEYS[c], s) for c in sorted(held[seat])
                for s in range(state.players) if s != seat and held[s]]
        acts.append(A_THEATER_PASS)
        return acts

    def resolve(self, state: CitadelsState, action: Action) -> None:
        seat = self.seat
        if action.kind != "theater":
            state.emit("theater_pass", seat=seat)
            return
        mine, t = character_of(action.args[0]), number(action.args[1])
        theirs = state.characters[t]
        other = theirs[randrange(state.rng, len(theirs))] if len(theirs) > 1 else theirs[0]
        state.characters[seat].remove(mine)
        theirs.remove(other)
        theirs.append(mine)
        state.characters[seat].append(other)
        state.theater_swapped |= (1 << seat) | (1 << t)
        state.commit()  # the two players see their new characters
        state.emit("theater", seat=seat, target=t, seats=[seat, t],
                   gave=CHARACTER_NAMES[mine], took=CHARACTER_NAMES[other])


TheaterSwap.name = "theater"


def draft_steps(n: int, crown: int) -> tuple[tuple[int, int], ...]:
    """The draft steps ``(seat, kind)`` of a round for ``n`` players, crown first."""
    order = [(crown + i) % n for i in range(n)]
    if n == 2:  # §3.3
        a, b = order
        return ((a, KEEP_ONE), (b, KEEP_ONE), (b, DISCARD_ONE), (a, KEEP_ONE), (a, DISCARD_ONE),
                (b, KEEP_ONE))
    if n == 3:  # §3.4
        a, b, c = order
        return ((a, KEEP_ONE), (b, KEEP_ONE), (c, KEEP_ONE), (c, RANDOM_DISCARD), (a, KEEP_ONE),
                (b, KEEP_ONE), (c, KEEP_ONE))
    return tuple((s, KEEP_ONE) for s in order)


_STEPS: Final[dict[tuple[int, int], tuple[tuple[int, int], ...]]] = {}  # (players, crown) -> steps
#: ``1 << c`` for each character, read rather than computed in the draft's hot loop
BIT: Final = tuple(1 << c for c in range(len(CHARACTER_NAMES)))
