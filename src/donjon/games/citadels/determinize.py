"""Determinization (rules reference §4.7): everything a seat cannot see is dealt again,
keeping what it knows — the cards it saw in other hands (``known_cards``), the Museum cards it
put there, the characters it saw in the draft (``draft_seen``, ``draft_left_at``), who saw each
face-down character (``facedown_seen_by``), and the markers it may see.
"""

from __future__ import annotations

import random
from bisect import bisect_right
from typing import TYPE_CHECKING

from donjon.engine.chance import randrange, shuffle
from donjon.engine.hidden import deal_back
from donjon.games.citadels.actions import DRAFT, OVER, RANDOM_DISCARD
from donjon.games.citadels.cards import MAGISTRATE, VAULT
from donjon.games.citadels.powers import WizardBuild, WizardTake
from donjon.games.citadels.powers_naming import (
    REVEALED,
    blank_threat_targets,
    blank_warrant_targets,
    eligible,
)
from donjon.games.citadels.views import real_threat_shown

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState

#: a hidden character's place: (the list holding it, its index, what the seat saw of it: 1 =
#: chosen after the seat, so among the ones it passed on; 2 = chosen before it, so none it saw;
#: 0 = nothing)
Slot = tuple[list[int], int, int]


def draft_consistent(st: CitadelsState, seat: int) -> bool:
    """With 4+ players, what ``seat`` saw in the draft: those who chose before it hold none
    of the characters it saw; those after it chose among the ones it passed on."""
    n = st.players
    seen = st.draft_seen[seat]
    if n < 4 or not seen or st.theater_swapped >> seat & 1:
        return True
    first = st.draft_steps[0][0]
    mine = (seat - first) % n
    last_rule = len(st.cast) - 1 == n
    for o in range(n):
        if o == seat or st.theater_swapped >> o & 1:
            continue
        pos = (o - first) % n
        if last_rule and pos == n - 1:
            continue
        for c in st.characters[o]:
            if (seen >> c & 1) != (pos > mine):
                return False
    return True


def resample(st: CitadelsState, seat: int, rng: random.Random) -> None:
    """Resample everything ``seat`` cannot see, keeping what the view and the calls tell."""
    _resample_districts(st, seat, rng)
    _resample_characters(st, seat, rng)
    _resample_markers(st, seat, rng)


def _resample_districts(st: CitadelsState, seat: int, rng: random.Random) -> None:
    """Other hands, the deck, Museum cards it did not put, an offer it does not see."""
    n = st.players
    frame = st.pending()
    peek = frame.target if isinstance(frame, WizardTake) and frame.seat == seat else -1
    bit = 1 << seat
    parts = [st.deck]
    museums: list[tuple[list[int], list[int], list[int]]] = []  # museum, unknown places, cards
    for s in range(n):
        by = st.museum_known_by[s]
        unknown = [i for i, m in enumerate(by) if not m & bit]
        if unknown:
            cards = [st.museum[s][i] for i in unknown]
            museums.append((st.museum[s], unknown, cards))
            parts.append(cards)
    kept: list[tuple[int, list[int], list[int]]] = []
    mine = st.known_cards[seat]
    over = st.phase == OVER
    for s in range(n):
        if s != seat and s != peek:
            shown = list(mine[s])
            if over:  # the final scoring shows each Secret Vault kept in hand (§5)
                shown += [VAULT] * st.hands[s].count(VAULT)
            if shown:
                rest = list(st.hands[s])
                sure = []
                for d in shown:
                    if d in rest:
                        rest.remove(d)
                        sure.append(d)
                kept.append((s, sure, rest))
                parts.append(rest)
            else:
                parts.append(st.hands[s])
    if st.offer_seat != seat and st.offer:
        parts.append(st.offer)
    deal_back(parts, rng)
    for s, sure, rest in kept:
        st.hands[s] = sure + rest
    for museum, unknown, cards in museums:
        for i, d in zip(unknown, cards, strict=True):
            museum[i] = d
    if (isinstance(frame, WizardBuild) and frame.seat != seat
            and frame.district not in mine[frame.seat]):
        hand = st.hands[frame.seat]
        st.stack[-1] = WizardBuild(frame.seat, hand[randrange(rng, len(hand))])


def _resample_characters(st: CitadelsState, seat: int, rng: random.Random) -> None:
    """Others' unrevealed characters, unseen face-down ones, a draft hand not seen."""
    n = st.players
    bit = 1 << seat
    seen = st.draft_seen[seat] if n >= 4 and not st.theater_swapped & bit else 0
    first = st.draft_steps[0][0]
    mine = (seat - first) % n
    last_rule = len(st.cast) - 1 == n

    def kind_of(o: int) -> int:
        if not seen or st.theater_swapped >> o & 1:
            return 0
        pos = (o - first) % n
        if last_rule and pos == n - 1:
            return 0
        return 1 if pos > mine else 2

    slots: list[Slot] = []
    fd_slots: list[Slot] = []
    for o in range(n):
        if o != seat:
            held = st.characters[o]
            k = kind_of(o)
            slots.extend((held, i, k) for i in range(len(held)))
    for i, m in enumerate(st.facedown_seen_by):
        if not m & bit:
            fd_slots.append((st.facedown, i, 0))
    if st.phase == DRAFT and st.draft_steps[st.draft_step][0] != seat:
        k = 1 if kind_of(st.draft_steps[st.draft_step][0]) == 1 else 0
        slots.extend((st.draft_hand, i, k) for i in range(len(st.draft_hand)))
    called = set(st.cast[: st.called + 1]) if st.phase != DRAFT else set()
    if not (n <= 3 and not st.theater_swapped
            and _deal_by_epochs(st, seat, slots, fd_slots, called, rng)):
        _deal_characters(st, slots, fd_slots, called, seen, rng)


def _deal_characters(st: CitadelsState, slots: list[Slot], fd_slots: list[Slot],
                     called: set[int], seen: int, rng: random.Random) -> None:
    """Deal the hidden characters back; with 4+ players, keep what the seat saw in the draft
    (slot kinds: 1 = chosen after it, 2 = chosen before it, 0 = free)."""
    items = [lst[i] for lst, i, _ in slots] + [lst[i] for lst, i, _ in fd_slots]
    forced = [c for c in items if c in called and c != st.killed]
    free = [c for c in items if not (c in called and c != st.killed)]
    shuffle(rng, fd_slots)
    shuffle(rng, free)
    for (lst, i, _), c in zip(fd_slots[: len(forced)], forced, strict=False):
        lst[i] = c
    rest = slots + fd_slots[len(forced):]
    must_seen = [x for x in rest if x[2] == 1]
    must_unseen = [x for x in rest if x[2] == 2]
    in_seen = [c for c in free if seen >> c & 1]
    not_seen = [c for c in free if not seen >> c & 1]
    pairs: list[tuple[Slot, int]]
    if seen and len(in_seen) >= len(must_seen) and len(not_seen) >= len(must_unseen):
        others = [x for x in rest if x[2] == 0]
        left = in_seen[len(must_seen):] + not_seen[len(must_unseen):]
        shuffle(rng, left)
        pairs = list(zip(must_seen, in_seen, strict=False)) + list(
            zip(must_unseen, not_seen, strict=False)) + list(zip(others, left, strict=False))
    else:
        pairs = list(zip(rest, free, strict=False))
    for (lst, i, _), c in pairs:
        lst[i] = c


def _draft_epochs(st: CitadelsState, seat: int) -> list[int]:
    """2–3 players (§3.3, §3.4, §4.7): the steps at which ``seat`` looked at the passed hand.
    A character that left the hand at step ``r`` is, for the seat, in epoch ``bisect_right(
    looks, r)``: it knows which characters left between two of its looks, not who took them."""
    steps = st.draft_steps
    return [k for k in range(min(st.draft_step, len(steps)))
            if steps[k][0] == seat and steps[k][1] != RANDOM_DISCARD]


def _deal_by_epochs(st: CitadelsState, seat: int, slots: list[Slot], fd_slots: list[Slot],
                    called: set[int], rng: random.Random) -> bool:
    """Deal the hidden characters back within their draft epochs (2–3 players): each slot
    keeps a character the seat saw leave the hand between the same two looks. A character
    called but not revealed (and not killed) lies face down."""
    looks = _draft_epochs(st, seat)
    gone = st.draft_left_at
    classes: dict[int, tuple[list[tuple[list[int], int, int]], list[tuple[list[int], int, int]]]]
    classes = {}
    for lst, i, _ in slots + fd_slots:
        c = lst[i]
        r = 1 << 30 if lst is st.draft_hand else gone[c]
        epoch = bisect_right(looks, r)
        face_down, held = classes.setdefault(epoch, ([], []))
        (face_down if lst is st.facedown else held).append((lst, i, r))
    deals = []
    for face_down, held in classes.values():
        chars = [lst[i] for lst, i, _ in face_down + held]
        forced = [c for c in chars if c in called and c != st.killed]
        if len(forced) > len(face_down):
            return False  # not a state the draft can reach (a test's set-up): deal freely
        deals.append((face_down, held, forced, [c for c in chars if c not in forced]))
    for face_down, held, forced, free in deals:
        shuffle(rng, face_down)
        shuffle(rng, free)
        rest = face_down[len(forced):] + held
        for (lst, i, r), c in zip(face_down[:len(forced)] + rest, forced + free, strict=True):
            lst[i] = c
            if r < 1 << 30:
                gone[c] = r
    return True


def _resample_markers(st: CitadelsState, seat: int, rng: random.Random) -> None:
    """The signed warrant and the real threat, where the seat does not know them; while they
    are being placed, where they lie too (nobody else has seen any yet)."""
    if st.warrants and seat != st.magistrate_seat and not st.warrant_revealed:
        if st.placing_warrants:
            placed = len(st.warrants)
            st.warrants = []
            signed = eligible(st, 2)
            st.signed_warrant = signed[randrange(rng, len(signed))]
            st.warrants = [st.signed_warrant]
            while len(st.warrants) < placed:
                blank = blank_warrant_targets(st)
                st.warrants = sorted([*st.warrants, blank[randrange(rng, len(blank))]])
        else:
            could = [c for c in st.warrants if c != MAGISTRATE]
            st.signed_warrant = could[randrange(rng, len(could))]
    if st.threats and seat != st.blackmailer_seat:
        if st.placing_threats:
            st.threats = []
            real = blank_threat_targets(st)
            st.real_threat = real[randrange(rng, len(real))]
            st.threats = [st.real_threat]
        elif not real_threat_shown(st):
            could = [c for c, state in zip(st.threats, st.threat_states, strict=True)
                     if state != REVEALED]
            if could:
                st.real_threat = could[randrange(rng, len(could))]
