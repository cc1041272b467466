"""Character abilities (rules reference §2.3) other than naming (``powers_naming``) and rank 8
(``powers_cities``): the Spy, Magician, Wizard, Seer, Emperor, Abbot, Navigator, Scholar,
Artist, Tax Collector, and what a character receives by itself when its play starts (Merchant,
Architect, Bishop, Queen).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from donjon.engine import Action
from donjon.engine.action import Arg
from donjon.engine.chance import randrange
from donjon.games.citadels.actions import (
    A_MAGIC,
    A_MAGIC_DONE,
    A_NAVIGATOR_CARDS,
    A_NAVIGATOR_GOLD,
    A_SCHOLAR,
    A_SEER,
    ABBOT_TAKE,
    ACT,
    BEAUTIFY,
    CROWN,
    DISTRICT_KEYS,
    EMPEROR_CARD,
    EMPEROR_GOLD,
    LOOK,
    MAGIC_DISCARD,
    SPY_ON,
    SWAP,
    TYPE_INDEX,
    USED_ABBOT,
    USED_ABILITY,
    USED_CROWN,
    USED_TAXES,
    WIZARD_BUILD,
    WIZARD_KEEP,
    WIZARD_TAKE,
    district_of,
    number,
)
from donjon.games.citadels.building import complete_build, give
from donjon.games.citadels.cards import (
    ABBOT,
    ARCHITECT,
    ARTIST,
    BISHOP,
    DISTRICT_NAMES,
    DISTRICT_TYPE,
    EMPEROR,
    MERCHANT,
    MONUMENT,
    QUEEN,
    TAX_COLLECTOR,
    TYPES,
    VAULT,
)
from donjon.games.citadels.cities import build_cost, monument_room
from donjon.games.citadels.deck import draw, draw_to_hand, offer_cards
from donjon.games.citadels.frames import Decision
from donjon.games.citadels.knowledge import card_joined, card_left, hands_swapped, know

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState


# -- the ability of each character, as turn-menu actions ---------------------------------------


def spy_targets(st: CitadelsState, acts: list[Action], seat: int) -> None:
    for s in range(st.players):
        if s != seat:
            acts.extend(SPY_ON[s])


def magician_targets(st: CitadelsState, acts: list[Action], seat: int) -> None:
    acts.extend([SWAP[s] for s in range(st.players) if s != seat])
    if st.hands[seat]:
        acts.append(A_MAGIC)


def wizard_targets(st: CitadelsState, acts: list[Action], seat: int) -> None:
    hands = st.hands
    acts.extend([LOOK[s] for s in range(st.players) if s != seat and hands[s]])


def seer_targets(st: CitadelsState, acts: list[Action], seat: int) -> None:
    if any(st.hands[s] for s in range(st.players) if s != seat):
        acts.append(A_SEER)


def navigator_choices(st: CitadelsState, acts: list[Action], seat: int) -> None:
    acts.append(A_NAVIGATOR_GOLD)
    acts.append(A_NAVIGATOR_CARDS)


def scholar_choice(st: CitadelsState, acts: list[Action], seat: int) -> None:
    """§2.3 Scholar: with fewer than 7 cards left he draws what is left (option
    scholar_short_deck: or cannot use the ability)."""
    if len(st.deck) >= (7 if st.rules.scholar_needs_seven else 1):
        acts.append(A_SCHOLAR)


def crown_targets(st: CitadelsState, seat: int) -> list[int]:
    """§2.3 Emperor: the crown goes to another player, not the one holding it."""
    return [s for s in range(st.players) if s != seat and s != st.crown]


def other_power_actions(st: CitadelsState, acts: list[Action], seat: int, c: int,
                        mine: int, city: list[int]) -> None:
    """Once-per-turn powers beside the main ability (Emperor, Abbot, Artist, Tax Collector)."""
    used = st.used
    if c == EMPEROR and not used & USED_CROWN:
        acts.extend(CROWN[s] for s in crown_targets(st, seat))
    elif c == ABBOT and not used & USED_ABBOT:
        gold = st.gold
        richest = max(gold)
        if mine < richest:
            acts.extend(ABBOT_TAKE[s] for s in range(st.players) if gold[s] == richest)
    elif c == ARTIST and st.beautifications_left and mine:
        marks = st.beautified[seat]
        acts.extend(BEAUTIFY[d] for d in sorted({d for i, d in enumerate(city) if not marks[i]}))
    elif c == TAX_COLLECTOR and st.tax_pool and not used & USED_TAXES:
        acts.append(ACT("taxes", st.tax_pool))


# -- what a character gets by itself when its own play starts (§2.3) ---------------------------


def start_extras(st: CitadelsState) -> None:
    extra = START_OF_TURN.get(st.turn_character)
    if extra is not None:
        extra(st, st.turn_seat)


def _merchant_extra(st: CitadelsState, seat: int) -> None:  # seed 003: at the start of her turn
    st.gold[seat] += 1
    st.events.append(("merchant", (seat,)))


def _architect_extra(st: CitadelsState, seat: int) -> None:
    draw_to_hand(st, seat, 2)


def _bishop_extra(st: CitadelsState, seat: int) -> None:  # protection for the round's rest
    st.bishop_seat = seat


def _queen_extra(st: CitadelsState, seat: int) -> None:  # +3 gold next to the rank 4
    st.queen_seat = seat
    r4 = st.rank4_seat
    n = st.players
    if r4 >= 0 and r4 != seat and (r4 == (seat + 1) % n or r4 == (seat - 1) % n):
        st.gold[seat] += 3
        st.emit("queen", seat=seat, gold=3)


START_OF_TURN: Final[dict[int, Callable[[CitadelsState, int], None]]] = {
    MERCHANT: _merchant_extra,
    ARCHITECT: _architect_extra,
    BISHOP: _bishop_extra,
    QUEEN: _queen_extra,
}


# -- the abilities -----------------------------------------------------------------------------


def spy(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    t, kind = number(args[0]), TYPE_INDEX[args[1]]
    st.used |= USED_ABILITY
    hand = st.hands[t]
    know(st, seat, t, hand)
    st.commit()  # the Spy sees the hand
    matches = sum(1 for d in hand if DISTRICT_TYPE[d] == kind)
    taken = min(matches, st.gold[t])
    st.gold[t] -= taken
    st.gold[seat] += taken
    st.emit("spy", seat=seat, target=t, type=TYPES[kind],
            hand=[DISTRICT_NAMES[d] for d in hand], matches=matches, gold=taken)
    if matches:
        draw_to_hand(st, seat, matches)


def swap(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    t = number(args[0])
    st.used |= USED_ABILITY
    hands = st.hands
    hands[seat], hands[t] = hands[t], hands[seat]
    hands_swapped(st, seat, t)
    st.commit()  # each sees the other's hand
    st.emit("swap", seat=seat, target=t, seats=[seat, t],
            cards=[DISTRICT_NAMES[d] for d in hands[seat]])


def magic(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    st.used |= USED_ABILITY
    st.stack.append(MagicianDiscard(seat, 0))


def look(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    t = number(args[0])
    st.used |= USED_ABILITY
    st.duplicates_allowed = True  # §2.3 Wizard: duplicates allowed this turn
    st.emit("look", seat=seat, target=t)
    know(st, seat, t, st.hands[t])
    st.commit()  # the Wizard sees the hand
    st.stack.append(WizardTake(seat, t))


def seer(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    st.used |= USED_ABILITY
    n = st.players
    targets = []
    taken = []
    for i in range(1, n):
        t = (seat + i) % n
        hand = st.hands[t]
        if hand:
            d = hand.pop(randrange(st.rng, len(hand)))
            st.hands[seat].append(d)
            card_left(st, t, d, (seat, t))
            card_joined(st, seat, d, (seat, t))
            targets.append(t)
            taken.append(DISTRICT_NAMES[d])
    st.emit("seer", seat=seat, targets=targets, cards=taken)
    st.stack.append(SeerGive(seat, tuple(targets)))


def crown_emperor(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    t = number(args[0])
    st.used |= USED_CROWN
    st.crown = t
    st.emit("crown", seat=t, by=seat)
    if st.gold[t] or st.hands[t]:
        st.stack.append(EmperorTake(seat, t))


def abbot(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    t = number(args[0])
    st.used |= USED_ABBOT
    st.gold[t] -= 1
    st.gold[seat] += 1
    st.emit("abbot", seat=seat, target=t)


def navigator_gold(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    st.used |= USED_ABILITY
    st.gold[seat] += 4
    st.emit("navigator", seat=seat, gold=4)


def navigator_cards(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    st.used |= USED_ABILITY
    draw_to_hand(st, seat, 4)


def scholar(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    st.used |= USED_ABILITY
    cards = draw(st, 7)
    st.emit("scholar", seat=seat, count=len(cards))
    if len(cards) == 1:
        st.hands[seat].extend(cards)
        return
    offer_cards(st, seat, cards, scholar=True)


def beautify(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    d = district_of(args[0])
    st.beautifications_left -= 1
    st.gold[seat] -= 1
    marks = st.beautified[seat]
    for i, x in enumerate(st.cities[seat]):
        if x == d and not marks[i]:
            marks[i] = True
            break
    st.emit("beautify", seat=seat, district=DISTRICT_NAMES[d])


def taxes(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    st.used |= USED_TAXES
    st.gold[seat] += st.tax_pool
    st.emit("taxes", seat=seat, gold=st.tax_pool)
    st.tax_pool = 0


# -- their decisions ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MagicianDiscard(Decision):
    """§2.3 Magician: discard any number of cards, then draw as many (``discarded`` so far)."""

    discarded: int

    def options(self, state: CitadelsState) -> Sequence[Action]:
        return [MAGIC_DISCARD[d] for d in sorted(set(state.hands[self.seat]))] + [A_MAGIC_DONE]

    def resolve(self, state: CitadelsState, action: Action) -> None:
        seat = self.seat
        if action.kind == "mdiscard":
            d = district_of(action.args[0])
            state.hands[seat].remove(d)
            card_left(state, seat, d, (seat,))
            state.deck.insert(0, d)
            state.stack.append(MagicianDiscard(seat, self.discarded + 1))
        else:
            state.emit("magic", seat=seat, count=self.discarded, cards=[])
            draw_to_hand(state, seat, self.discarded)


MagicianDiscard.name = "magician"


@dataclass(frozen=True, slots=True)
class WizardTake(Decision):
    """§2.3 Wizard: take one card of ``target``'s hand (he is looking at it)."""

    target: int

    def options(self, state: CitadelsState) -> Sequence[Action]:
        return [WIZARD_TAKE[d] for d in sorted(set(state.hands[self.target]))]

    def resolve(self, state: CitadelsState, action: Action) -> None:
        seat, t, d = self.seat, self.target, district_of(action.args[0])
        state.hands[t].remove(d)
        state.hands[seat].append(d)
        card_left(state, t, d, (seat, t))
        card_joined(state, seat, d, (seat, t))
        state.commit()  # taken from another hand
        state.emit("take", seat=seat, target=t, seats=[seat, t], card=DISTRICT_NAMES[d])
        state.stack.append(WizardBuild(seat, d))


WizardTake.name = "wizard take"


@dataclass(frozen=True, slots=True)
class WizardBuild(Decision):
    """§2.3 Wizard: build the card taken at once (not counted toward the limit) or keep it."""

    district: int

    def options(self, state: CitadelsState) -> Sequence[Action]:
        seat, d = self.seat, self.district
        if ((state.gathered or state.rules.wizard_build_before_gather) and d != VAULT
                and state.gold[seat] >= build_cost(state, seat, d)
                and (d != MONUMENT or monument_room(state, seat))):
            return (WIZARD_BUILD[d], WIZARD_KEEP[d])
        return (WIZARD_KEEP[d],)

    def resolve(self, state: CitadelsState, action: Action) -> None:
        if action.kind == "wizbuild":
            seat, d = self.seat, self.district
            cost = build_cost(state, seat, d)
            state.hands[seat].remove(d)
            card_left(state, seat, d, None)
            state.gold[seat] -= cost
            complete_build(state, seat, d, cost, free=False)


WizardBuild.name = "wizard build"


@dataclass(frozen=True, slots=True)
class SeerGive(Decision):
    """§2.3 Seer: give one card to each player he took one from (``targets`` still owed)."""

    targets: tuple[int, ...]

    def options(self, state: CitadelsState) -> Sequence[Action]:
        t = self.targets[0]
        return [ACT("give", DISTRICT_KEYS[d], t) for d in sorted(set(state.hands[self.seat]))]

    def resolve(self, state: CitadelsState, action: Action) -> None:
        give(state, self.seat, district_of(action.args[0]), self.targets[0])
        if len(self.targets) > 1:
            state.stack.append(SeerGive(self.seat, self.targets[1:]))


SeerGive.name = "seer give"


@dataclass(frozen=True, slots=True)
class EmperorTake(Decision):
    """§2.3 Emperor: take 1 gold or 1 random card from the new crown holder ``target``."""

    target: int

    def options(self, state: CitadelsState) -> Sequence[Action]:
        t = self.target
        acts = []
        if state.gold[t]:
            acts.append(EMPEROR_GOLD[t])
        if state.hands[t]:
            acts.append(EMPEROR_CARD[t])
        return acts

    def resolve(self, state: CitadelsState, action: Action) -> None:
        seat, t = self.seat, self.target
        if action.kind == "empgold":
            state.gold[t] -= 1
            state.gold[seat] += 1
            state.emit("emperor_gold", seat=seat, target=t)
        else:
            hand = state.hands[t]
            d = hand.pop(randrange(state.rng, len(hand)))
            state.hands[seat].append(d)
            card_left(state, t, d, (seat, t))
            card_joined(state, seat, d, (seat, t))
            state.emit("take", seat=seat, target=t, seats=[seat, t], card=DISTRICT_NAMES[d])


EmperorTake.name = "emperor take"
