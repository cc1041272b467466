"""Building (rules reference §1.4, §4.4): the build options of the turn menu with every
alternative payment (Framework, Necropolis, Thieves' Den, Cardinal), placing a district, the
Magistrate's confiscation of the first paid build (§2.3) and the Tax Collector's tax.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from donjon.engine import Action
from donjon.engine.action import Arg
from donjon.games.citadels.actions import (
    A_DEN,
    A_NO_CONFISCATION,
    ACT,
    BUILD,
    BUILD_FRAMEWORK,
    CONFISCATE,
    DEN_CARD,
    DISTRICT_INDEX,
    DISTRICT_KEYS,
    RESUMED,
    district_of,
    number,
)
from donjon.games.citadels.cards import (
    CARDINAL,
    DEN,
    DISTRICT_COST,
    DISTRICT_NAMES,
    DISTRICT_TYPE,
    FACTORY,
    FRAMEWORK,
    MONUMENT,
    N_BASIC,
    NECROPOLIS,
    QUARRY,
    STABLES,
    TAX_COLLECTOR,
    TRADE,
    TRADER,
    VAULT,
)
from donjon.games.citadels.cities import add, build_cost, destroy, monument_room, position
from donjon.games.citadels.frames import Decision
from donjon.games.citadels.knowledge import card_joined, card_left

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState


def build_actions(st: CitadelsState, acts: list[Action], seat: int, c: int, mine: int,
                  hand: list[int], city: list[int], ordered: list[int]) -> None:
    """The builds open to ``seat`` now, every way of paying (§4.4). ``ordered``: the hand
    sorted, its duplicates side by side (each district is offered once): a sorted list costs
    less than a set's, and the duplicates are told apart only for the builds offered (a list,
    not any Sequence: compiled, it is walked natively)."""
    builds = st.builds_left
    kinds = st.city_kinds[seat]
    framework = kinds >> FRAMEWORK & 1
    trader = c == TRADER
    free_anyway = False
    if builds <= 0:
        # Framework and Necropolis builds need no build left when they use none (option)
        free_anyway = not st.rules.free_builds_use_a_build and bool(
            framework or NECROPOLIS in ordered)
        if not trader and STABLES not in ordered and not free_anyway:
            return  # no build left and nothing that builds without using one
    dup_ok = st.duplicates_allowed or kinds >> QUARRY & 1
    cardinal = c == CARDINAL
    # ``acts.append(...)`` at each call, not a bound ``append`` kept: Python 3.11 runs the call
    # of a list's append as one specialized instruction (0.7 % of a pure game), and compiled
    # it is native
    if builds > 0 and not framework and not cardinal:
        # the hot path (most menus): each basic district is built one way, paid in gold;
        # ``ordered`` is sorted, so the unique ones come last, left to the loop below; a
        # second copy of a district passes the tests as the first did, so is known by that
        offered = -1
        for d in ordered:
            if d >= N_BASIC:
                break
            if DISTRICT_COST[d] <= mine and (dup_ok or not kinds >> d & 1) and d != offered:
                acts.append(BUILD[d])
                offered = d
        else:  # no unique in the hand
            return
        # where the uniques begin: found once, not counted district by district in the loop
        ordered = ordered[bisect_left(ordered, N_BASIC):]
    factory = kinds >> FACTORY & 1
    seen = -1
    for d in ordered:
        if d == seen:  # a second copy
            continue
        seen = d
        if d < N_BASIC:  # a basic district: no special way of building it
            if not dup_ok and kinds >> d & 1:
                continue
            if builds <= 0 and not (trader and DISTRICT_TYPE[d] == TRADE):
                if free_anyway and framework:
                    acts.append(BUILD_FRAMEWORK[d])
                continue
            cost = DISTRICT_COST[d]
            if mine >= cost:
                acts.append(BUILD[d])
            elif cardinal:
                borrow_actions(st, acts, seat, d, cost - mine, hand)
            if framework:
                acts.append(BUILD_FRAMEWORK[d])
            continue
        if d == VAULT or (d == MONUMENT and not monument_room(st, seat)):
            continue
        if not dup_ok and kinds >> d & 1:
            continue
        if builds <= 0 and d != STABLES and not (trader and DISTRICT_TYPE[d] == TRADE):
            if free_anyway:
                if framework and d != FRAMEWORK:
                    acts.append(BUILD_FRAMEWORK[d])
                if d == NECROPOLIS:
                    _necropolis_actions(st, acts, seat, city)
            continue
        cost = DISTRICT_COST[d] - (1 if factory and d != FACTORY else 0)
        if mine >= cost:
            acts.append(BUILD[d])
        elif cardinal:
            borrow_actions(st, acts, seat, d, cost - mine, hand)
        if framework and d != FRAMEWORK:
            acts.append(BUILD_FRAMEWORK[d])
        if d == NECROPOLIS:
            _necropolis_actions(st, acts, seat, city)
        elif d == DEN and len(hand) >= 2 and (
                mine + len(hand) - 1 >= cost + _den_surcharge(st, seat)):
            acts.append(A_DEN)


def _necropolis_actions(st: CitadelsState, acts: list[Action], seat: int,
                        city: list[int]) -> None:
    """§1.4 Necropolis: built by destroying one of your districts."""
    marks = st.beautified[seat]
    acts.extend(ACT("necro", DISTRICT_KEYS[x], b)
                for x, b in sorted({(x, marks[i]) for i, x in enumerate(city)}))


def _den_surcharge(st: CitadelsState, seat: int) -> int:
    """§6 option den_with_factory: the Factory's 1 less is lost once a card pays."""
    return 1 if st.rules.den_full_price_with_cards and st.city_kinds[seat] >> FACTORY & 1 else 0


def borrow_actions(st: CitadelsState, acts: list[Action], seat: int, d: int, missing: int,
                   hand: list[int]) -> None:
    """§2.3 Cardinal: build ``d`` taking the ``missing`` gold from another player."""
    if len(hand) - 1 >= missing:
        gold = st.gold
        key = DISTRICT_KEYS[d]
        acts.extend(ACT("borrow", key, s, missing) for s in range(st.players)
                    if s != seat and gold[s] >= missing)


def _use_build(st: CitadelsState, d: int) -> None:
    if d == STABLES or (st.turn_character == TRADER and DISTRICT_TYPE[d] == TRADE):
        return
    st.builds_left -= 1


def _from_hand(st: CitadelsState, seat: int, d: int) -> None:
    st.hands[seat].remove(d)
    card_left(st, seat, d, None)


def build(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    d = DISTRICT_INDEX[args[0]]
    # build_cost(st, seat, d): only a unique district can cost less (most builds are basic)
    cost = DISTRICT_COST[d] if d < N_BASIC else build_cost(st, seat, d)
    _from_hand(st, seat, d)
    gold = st.gold  # not ``-=`` on the item: compiled, that is generic (``draft``)
    gold[seat] = gold[seat] - cost
    _use_build(st, d)
    complete_build(st, seat, d, cost, free=False)


def build_with_framework(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    d = district_of(args[0])
    destroy(st, seat, st.cities[seat].index(FRAMEWORK))
    _from_hand(st, seat, d)
    if st.rules.free_builds_use_a_build:
        _use_build(st, d)
    complete_build(st, seat, d, 0, free=True)


def build_necropolis(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    sacrificed, beautified = district_of(args[0]), bool(args[1])
    destroy(st, seat, position(st, seat, sacrificed, beautified))
    _from_hand(st, seat, NECROPOLIS)
    if st.rules.free_builds_use_a_build:
        _use_build(st, NECROPOLIS)
    complete_build(st, seat, NECROPOLIS, 0, free=True)


def build_den(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    _from_hand(st, seat, DEN)  # set aside while it is being paid for
    st.stack.append(DenPayment(seat, build_cost(st, seat, DEN), _den_surcharge(st, seat)))


def borrow(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    """§2.3 Cardinal: the missing gold from ``t``, one card to him per gold, then the build."""
    t, missing = number(args[1]), number(args[2])
    st.gold[t] -= missing
    st.gold[seat] += missing
    st.emit("cardinal", seat=seat, target=t, gold=missing)
    st.stack.append(CardinalGive(seat, t, missing))
    build(st, seat, args[:1])


def complete_build(st: CitadelsState, seat: int, d: int, paid: int, free: bool) -> None:
    """After a build (§4.4): the Magistrate's check on the first paid build, tax, completion."""
    st.events.append(("build", (seat, DISTRICT_NAMES[d], paid)))
    if not free and st.warrant_pending:  # §2.3 Magistrate: the first paid build
        st.warrant_pending = False
        magistrate = st.magistrate_seat
        # every warranted character's first paid build is a pause (a blank warrant's can only
        # be declined), so that the pause tells nobody which warrant is signed
        if magistrate != seat and (st.rules.confiscation_asks_every_warrant
                                   or d not in st.cities[magistrate]):
            st.stack.append(Confiscate(magistrate, seat, d, paid))
            return
    place(st, seat, d, paid, free)


def place(st: CitadelsState, seat: int, d: int, paid: int, free: bool) -> None:
    add(st, seat, d)
    if seat == st.turn_seat:
        st.gold_paid_to_build += paid
    if st.tax_in_cast and (not free or st.rules.free_builds_taxed):  # tax's first test
        tax(st, seat)


def tax(st: CitadelsState, payer: int) -> None:
    """§2.3 Tax Collector: 1 gold per district built, unless playing the Tax Collector."""
    if not st.tax_in_cast:
        return
    if payer == st.turn_seat and st.turn_character == TAX_COLLECTOR and (
            st.turn_mode != RESUMED or st.rules.witch_exempt_as_tax_collector):
        return
    if st.gold[payer]:
        st.gold[payer] -= 1
        st.tax_pool += 1
        st.emit("tax", seat=payer)


# -- decisions ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DenPayment(Decision):
    """§1.4, §6 Thieves' Den: pay ``remaining`` with cards (1 each) and then gold. With the
    option den_with_factory=full-price-with-cards, the first card adds ``surcharge``."""

    remaining: int
    surcharge: int

    def options(self, state: CitadelsState) -> Sequence[Action]:
        remaining, gold = self.remaining, state.gold[self.seat]
        hand = state.hands[self.seat]
        acts = []
        if gold + len(hand) - 1 >= remaining - 1 + self.surcharge:
            acts = [DEN_CARD[d] for d in sorted(set(hand))]
        if gold >= remaining:
            acts.append(ACT("dengold", remaining))
        return acts

    def resolve(self, state: CitadelsState, action: Action) -> None:
        seat = self.seat
        if action.kind == "dencard":
            d = district_of(action.args[0])
            state.hands[seat].remove(d)
            card_left(state, seat, d, (seat,))
            state.deck.insert(0, d)
            state.emit("den_card", seat=seat, card=DISTRICT_NAMES[d])
            remaining = self.remaining - 1 + self.surcharge
            if remaining > 0:
                state.stack.append(DenPayment(seat, remaining, 0))
                return
            paid = 0
        else:
            paid = number(action.args[0])
            state.gold[seat] -= paid
        _use_build(state, DEN)
        complete_build(state, seat, DEN, paid, free=False)


DenPayment.name = "thieves' den"


@dataclass(frozen=True, slots=True)
class CardinalGive(Decision):
    """§2.3 Cardinal: give ``target`` one card per gold borrowed (``cards`` still to give)."""

    target: int
    cards: int

    def options(self, state: CitadelsState) -> Sequence[Action]:
        t = self.target
        return [ACT("give", DISTRICT_KEYS[d], t) for d in sorted(set(state.hands[self.seat]))]

    def resolve(self, state: CitadelsState, action: Action) -> None:
        give(state, self.seat, district_of(action.args[0]), self.target)
        if self.cards > 1:
            state.stack.append(CardinalGive(self.seat, self.target, self.cards - 1))


CardinalGive.name = "cardinal give"


def give(st: CitadelsState, seat: int, d: int, t: int) -> None:
    """One card from ``seat``'s hand to ``t``'s (Cardinal, Seer): only the two see which."""
    st.hands[seat].remove(d)
    st.hands[t].append(d)
    card_left(st, seat, d, (seat, t))
    card_joined(st, t, d, (seat, t))
    st.commit()  # the receiver sees the card
    st.emit("give", seat=seat, target=t, seats=[seat, t], card=DISTRICT_NAMES[d])


@dataclass(frozen=True, slots=True)
class Confiscate(Decision):
    """§2.3 Magistrate (``seat``): the first paid build of a warranted character. Only the
    signed warrant confiscates; a blank one can only be declined (the Magistrate is asked
    either way, so the pause shows nothing). A district identical to one of his is never
    confiscated."""

    builder: int
    district: int
    paid: int

    def options(self, state: CitadelsState) -> Sequence[Action]:
        d = self.district
        if not state.rules.confiscation_asks_every_warrant or (
                state.turn_character == state.signed_warrant and d not in state.cities[self.seat]):
            return (CONFISCATE[d], A_NO_CONFISCATION)
        return (A_NO_CONFISCATION,)

    def resolve(self, state: CitadelsState, action: Action) -> None:
        magistrate, builder, d, paid = self.seat, self.builder, self.district, self.paid
        if action.kind == "confiscate":
            state.gold[builder] += paid
            state.warrant_revealed = True
            state.emit("confiscate", seat=magistrate, target=builder,
                       district=DISTRICT_NAMES[d], gold=paid)
            if state.rules.clear_warrants_on_reveal:
                state.warrants = []
            add(state, magistrate, d)
            tax(state, magistrate)
        else:
            state.emit("no_confiscation", seat=magistrate, target=builder)
            place(state, builder, d, paid, free=False)


Confiscate.name = "confiscate"
