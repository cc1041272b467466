"""The unique districts used during a turn (rules reference §1.4): the Armory, the Laboratory,
the Museum and the Smithy. Districts that change other rules are read where those rules are:
gathering (Gold Mine, Observatory, Library), building (Factory, Quarry, Framework, Necropolis,
Thieves' Den, Stables, Monument), the end of a turn (Poor House, Park) and scoring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from donjon.engine import Action
from donjon.engine.action import Arg
from donjon.games.citadels.actions import (
    A_SMITHY,
    ACT,
    DISTRICT_KEYS,
    LABORATORY_DISCARD,
    MUSEUM_PUT,
    USED_ARMORY,
    USED_LABORATORY,
    USED_MUSEUM,
    USED_SMITHY,
    district_of,
    number,
)
from donjon.games.citadels.cards import ARMORY, DISTRICT_NAMES, KEEP, LABORATORY, MUSEUM, SMITHY
from donjon.games.citadels.cities import complete, destroy, position
from donjon.games.citadels.deck import draw_to_hand
from donjon.games.citadels.knowledge import card_left

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState


#: the uniques with a power of their own to use in a turn (their bits in ``city_kinds``)
WITH_ACTIONS: Final = 1 << ARMORY | 1 << LABORATORY | 1 << MUSEUM | 1 << SMITHY


def unique_actions(st: CitadelsState, acts: list[Action], seat: int, mine: int, kinds: int,
                   hand: list[int]) -> None:
    """What the uniques of ``seat``'s city (``kinds``: its ``city_kinds``) offer now."""
    used = st.used
    if kinds >> ARMORY & 1 and not used & USED_ARMORY:
        keep_ok = st.rules.armory_can_destroy_keep
        targets: set[tuple[int, int, bool]] = set()
        for s in range(st.players):
            if complete(st, s):
                continue
            marks = st.beautified[s]
            for i, d in enumerate(st.cities[s]):
                if (d == ARMORY and s == seat) or (d == KEEP and not keep_ok):
                    continue
                targets.add((s, d, marks[i]))
        acts.extend(ACT("armory", s, DISTRICT_KEYS[d], b) for s, d, b in sorted(targets))
    if hand:
        laboratory = kinds >> LABORATORY & 1 and not used & USED_LABORATORY
        museum = kinds >> MUSEUM & 1 and not used & USED_MUSEUM
        if laboratory or museum:
            distinct = sorted(set(hand))
            if laboratory:
                acts.extend(LABORATORY_DISCARD[d] for d in distinct)
            if museum:
                acts.extend(MUSEUM_PUT[d] for d in distinct)
    if kinds >> SMITHY & 1 and not used & USED_SMITHY and mine >= 2:
        acts.append(A_SMITHY)


def armory(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    t, d, b = number(args[0]), district_of(args[1]), bool(args[2])
    st.used |= USED_ARMORY
    destroy(st, t, position(st, t, d, b))
    destroy(st, seat, st.cities[seat].index(ARMORY))
    st.emit("armory", seat=seat, target=t, district=DISTRICT_NAMES[d])


def laboratory(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    d = district_of(args[0])
    st.used |= USED_LABORATORY
    st.hands[seat].remove(d)
    card_left(st, seat, d, (seat,))
    st.deck.insert(0, d)
    st.gold[seat] += 2
    st.emit("laboratory", seat=seat, card=DISTRICT_NAMES[d])


def museum(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    d = district_of(args[0])
    st.used |= USED_MUSEUM
    st.hands[seat].remove(d)
    card_left(st, seat, d, (seat,))
    st.museum[seat].append(d)
    st.museum_known_by[seat].append(1 << seat)  # face down: only its owner knows it
    st.emit("museum", seat=seat, card=DISTRICT_NAMES[d])


def smithy(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    st.used |= USED_SMITHY
    st.gold[seat] -= 2
    draw_to_hand(st, seat, 3)
