"""The rank 8 characters (rules reference §2.3, §6): the Warlord destroys, the Diplomat
exchanges and the Marshal seizes a district of another city, never in a completed city, never
the Keep, never the Bishop's; the Great Wall makes it dearer.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from donjon.engine import Action
from donjon.engine.action import Arg
from donjon.games.citadels.actions import (
    ACT,
    DISTRICT_KEYS,
    USED_ABILITY,
    district_of,
    number,
)
from donjon.games.citadels.cards import (
    DIPLOMAT,
    DISTRICT_COST,
    DISTRICT_NAMES,
    GREAT_WALL,
    KEEP,
    MARSHAL,
    MONUMENT,
    WARLORD,
)
from donjon.games.citadels.cities import (
    bring_in,
    check_completion,
    complete,
    destroy,
    great_wall,
    position,
    take_out,
)
from donjon.games.citadels.frames import Decision

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState


def _targets(st: CitadelsState, seat: int, kind: int) -> list[tuple[int, int]]:
    """(target seat, position) pairs the rank-8 character may touch (§2.3 rank 8)."""
    out = []
    protected = st.bishop_seat
    for t in range(st.players):
        if t == protected or complete(st, t):
            continue
        if kind != WARLORD and t == seat:
            continue
        for pos, d in enumerate(st.cities[t]):
            if d != KEEP:
                out.append((t, pos))
    return out


def destroy_targets(st: CitadelsState, acts: list[Action], seat: int) -> None:
    # _targets(seat, WARLORD) and great_wall inlined (the hot path): the Warlord may touch his
    # own city. Each target is one int ordered as the tuple (target, district, beautified,
    # price) would be: ints are hashed and compared without a tuple's allocation and its
    # item-by-item comparisons
    found: set[int] = set()
    mine = st.gold[seat]
    limit = mine + 1  # a district costs its price less 1 to destroy, or more, never less
    protected = st.bishop_seat
    threshold = st.complete_at
    cities, marks, kinds = st.cities, st.beautified, st.city_kinds
    wall_self = st.rules.great_wall_protects_itself
    for t in range(st.players):
        if t == protected:
            continue
        city = cities[t]
        if len(city) + city.count(MONUMENT) >= threshold:  # complete(t)
            continue
        marks_t = marks[t]
        wall = kinds[t] >> GREAT_WALL & 1
        base = t << _SEAT_SHIFT
        if not wall and True not in marks_t:
            # the common city, with neither a Great Wall nor a beautified district: each
            # district costs its price less 1, the loop below without its tests
            for d in city:
                cost = DISTRICT_COST[d] - 1
                if cost <= mine and d != KEEP:
                    found.add(base + (d << _DISTRICT_SHIFT) + (cost if cost > 0 else 0))
            continue
        for pos, d in enumerate(city):
            cost = DISTRICT_COST[d]
            if cost > limit or d == KEEP:
                continue
            b = marks_t[pos]
            cost += b - 1
            if wall and (d != GREAT_WALL or wall_self):
                cost += 1
            if cost <= mine:
                found.add(base + (d << _DISTRICT_SHIFT) + (_BEAUTIFIED if b else 0)
                          + (cost if cost > 0 else 0))
    if found:
        table = _DESTROY
        targets = list(found)
        targets.sort()
        for target in targets:
            action = table.get(target)
            if action is None:
                action = table[target] = ACT(
                    "destroy", target >> _SEAT_SHIFT,
                    DISTRICT_KEYS[target >> _DISTRICT_SHIFT & _DISTRICT_MASK],
                    bool(target & _BEAUTIFIED), target & _PRICE_MASK)
            acts.append(action)


#: a Warlord's target as one int: seat, district, beautified, price (under 16: a district
#: costs 6 at most, +1 beautified, +1 behind a Great Wall), from the highest bits down
_DISTRICT_SHIFT: Final = 5
_SEAT_SHIFT: Final = 11
_BEAUTIFIED: Final = 16
_PRICE_MASK: Final = 15
_DISTRICT_MASK: Final = 63
assert max(DISTRICT_COST) + 2 <= _PRICE_MASK and len(DISTRICT_COST) <= _DISTRICT_MASK + 1

#: the Warlord's destroy actions by target (as above), interned as met
_DESTROY: Final[dict[int, Action]] = {}


def exchange_targets(st: CitadelsState, acts: list[Action], seat: int) -> None:
    found: set[tuple[int, int, bool]] = set()
    city = st.cities[seat]
    for t, pos in _targets(st, seat, DIPLOMAT):
        d = st.cities[t][pos]
        b = st.beautified[t][pos]
        if d in city or (t, d, b) in found:
            continue
        if diplomat_gives(st, seat, t, d, b):
            found.add((t, d, b))
    acts.extend(ACT("dtake", t, DISTRICT_KEYS[d], b) for t, d, b in sorted(found))


def seize_targets(st: CitadelsState, acts: list[Action], seat: int) -> None:
    found: set[tuple[int, int, bool, int]] = set()
    city = st.cities[seat]
    mine = st.gold[seat]
    beautified_counts = st.rules.marshal_limit_counts_beautified
    for t, pos in _targets(st, seat, MARSHAL):
        d = st.cities[t][pos]
        b = st.beautified[t][pos]
        value = DISTRICT_COST[d] + b
        if (value if beautified_counts else DISTRICT_COST[d]) > 3 or d in city:
            continue
        pay = value + great_wall(st, t, d)
        if pay <= mine:
            found.add((t, d, b, pay))
    acts.extend(ACT("seize", t, DISTRICT_KEYS[d], b, g) for t, d, b, g in sorted(found))


def diplomat_gives(st: CitadelsState, seat: int, t: int, d: int,
                   b: bool) -> list[tuple[int, bool, int]]:
    """(district, beautified, price) the Diplomat may give for ``d`` of seat ``t``."""
    out: set[tuple[int, bool, int]] = set()
    theirs = st.cities[t]
    keep_ok = st.rules.diplomat_can_give_keep
    literal = st.rules.diplomat_great_wall_literal
    wall = great_wall(st, t, d)
    value = DISTRICT_COST[d] + b
    mine = st.gold[seat]
    marks = st.beautified[seat]
    for i, m in enumerate(st.cities[seat]):
        if m in theirs or (m == KEEP and not keep_ok):
            continue
        diff = value - DISTRICT_COST[m] - marks[i]
        pay = (max(0, diff) + wall) if literal else max(0, diff + wall)
        if pay <= mine:
            out.add((m, marks[i], pay))
    return sorted(out)


def destroy_district(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    t, d, b, cost = number(args[0]), district_of(args[1]), bool(args[2]), number(args[3])
    st.used |= USED_ABILITY
    st.gold[seat] -= cost
    destroy(st, t, position(st, t, d, b))
    st.events.append(("destroy", (seat, t, DISTRICT_NAMES[d], cost)))


def exchange(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    st.stack.append(DiplomatGive(seat, number(args[0]), district_of(args[1]), bool(args[2])))


def seize(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    t, d, b, pay = number(args[0]), district_of(args[1]), bool(args[2]), number(args[3])
    st.used |= USED_ABILITY
    st.gold[seat] -= pay
    value = DISTRICT_COST[d] + b
    st.gold[t] += pay if st.rules.marshal_great_wall_to_owner else value
    bring_in(st, seat, take_out(st, t, position(st, t, d, b)))
    check_completion(st, seat)
    st.emit("seize", seat=seat, target=t, district=DISTRICT_NAMES[d], gold=pay)


@dataclass(frozen=True, slots=True)
class DiplomatGive(Decision):
    """§2.3 Diplomat: the district he gives for ``district`` of ``target``'s city, and what he
    pays."""

    target: int
    district: int
    beautified: bool

    def options(self, state: CitadelsState) -> Sequence[Action]:
        gives = diplomat_gives(state, self.seat, self.target, self.district, self.beautified)
        return [ACT("dgive", DISTRICT_KEYS[m], b, pay) for m, b, pay in gives]

    def resolve(self, state: CitadelsState, action: Action) -> None:
        seat, t = self.seat, self.target
        m, mb, pay = district_of(action.args[0]), bool(action.args[1]), number(action.args[2])
        state.used |= USED_ABILITY
        state.gold[seat] -= pay
        state.gold[t] += pay
        pos_d = position(state, t, self.district, self.beautified)
        pos_m = position(state, seat, m, mb)
        if state.rules.exchange_checks_when_whole:
            given = take_out(state, seat, pos_m)
            taken = take_out(state, t, pos_d)
            bring_in(state, t, given)
            bring_in(state, seat, taken)
            check_completion(state, seat)
            check_completion(state, t)
        else:  # rules version 1: completion was checked halfway through
            bring_in(state, t, take_out(state, seat, pos_m))
            check_completion(state, t)
            bring_in(state, seat, take_out(state, t, pos_d))
            check_completion(state, seat)
        state.emit("exchange", seat=seat, target=t, took=DISTRICT_NAMES[self.district],
                   gave=DISTRICT_NAMES[m], gold=pay)


DiplomatGive.name = "diplomat give"
