"""A character's turn (rules reference §4.2–§4.4): the turn menu, gathering resources and
income, and the rules each action of the menu sends to.

The menu lists what the playing character may do now; the abilities, the unique districts
and the building options it lists come from ``powers*``, ``districts`` and ``building``. By
default (seed 003, Board Game Arena) a character gathers first and only then uses abilities;
with ``ability_timing=any-time`` (the rulebook; rules version 1) abilities may come before.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from donjon.engine import Action
from donjon.engine.action import Arg
from donjon.games.citadels import (
    building,
    districts,
    powers,
    powers_cities,
    powers_naming,
)
from donjon.games.citadels.actions import (
    A_DRAW,
    A_END,
    A_GOLD,
    ACT,
    BEWITCH,
    GATHER,
    NORMAL,
    USED_ABILITY,
    USED_CROWN,
    USED_INCOME,
    WITCH_FIRST,
    number,
)
from donjon.games.citadels.calling import end_turn
from donjon.games.citadels.cards import (
    ABBOT,
    ARTIST,
    ASSASSIN,
    BLACKMAILER,
    CHARACTER_KEYS,
    DIPLOMAT,
    DISTRICT_NAMES,
    DISTRICT_TYPE,
    EMPEROR,
    GOLD_MINE,
    INCOME_CARDS,
    INCOME_TYPE,
    LIBRARY,
    MAGICIAN,
    MAGISTRATE,
    MARSHAL,
    N_BASIC,
    NAVIGATOR,
    NECROPOLIS,
    OBSERVATORY,
    SCHOLAR,
    SCHOOL,
    SEER,
    SPY,
    STABLES,
    TAX_COLLECTOR,
    THIEF,
    TRADER,
    WARLORD,
    WIZARD,
)
from donjon.games.citadels.deck import draw, draw_to_hand, offer_cards
from donjon.games.citadels.frames import Decision

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState

Menu = Callable[["CitadelsState", list[Action], int], None]
Handler = Callable[["CitadelsState", int, tuple[Arg, ...]], None]

#: the main ability of each active character, as turn-menu actions (§2.3)
ABILITY_MENU: Final[dict[int, Menu]] = {
    ASSASSIN: powers_naming.kill_targets,
    MAGISTRATE: powers_naming.sign_targets,
    THIEF: powers_naming.rob_targets,
    BLACKMAILER: powers_naming.threat_targets,
    SPY: powers.spy_targets,
    MAGICIAN: powers.magician_targets,
    WIZARD: powers.wizard_targets,
    SEER: powers.seer_targets,
    NAVIGATOR: powers.navigator_choices,
    SCHOLAR: powers.scholar_choice,
    WARLORD: powers_cities.destroy_targets,
    DIPLOMAT: powers_cities.exchange_targets,
    MARSHAL: powers_cities.seize_targets,
}
ACTIVE: Final = frozenset(ABILITY_MENU)
#: the characters with once-per-turn powers beside the main ability
OTHER_POWERS: Final = frozenset({EMPEROR, ABBOT, ARTIST, TAX_COLLECTOR})
#: the same, indexed by character (the turn menu reads them at every decision)
ABILITY_BY_CHARACTER: Final[tuple[Menu | None, ...]] = tuple(
    ABILITY_MENU.get(c) for c in range(len(CHARACTER_KEYS)))
HAS_OTHER_POWER: Final = tuple(c in OTHER_POWERS for c in range(len(CHARACTER_KEYS)))
#: income actions by amount (``[k - 1]``), interned once for the usual amounts; the Abbot's
#: mixed ones and larger amounts are interned as needed
INCOMES: Final = 16
INCOME_IN_GOLD: Final = tuple(ACT("income", k, 0) for k in range(1, INCOMES + 1))
INCOME_IN_CARDS: Final = tuple(ACT("income", 0, k) for k in range(1, INCOMES + 1))


# -- gathering (§4.3) and income (§2.2) --------------------------------------------------------


def take_gold(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    amount = 3 if st.city_kinds[seat] >> GOLD_MINE & 1 else 2
    gold = st.gold  # not ``+=`` on the item: compiled, that is generic (``draft``)
    gold[seat] = gold[seat] + amount
    st.gathered = True
    st.events.append(("gather_gold", (seat, amount)))


def draw_cards(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    kinds = st.city_kinds[seat]
    cards = draw(st, 3 if kinds >> OBSERVATORY & 1 else 2)
    st.gathered = True
    st.events.append(("gather_cards", (seat, len(cards))))
    if kinds >> LIBRARY & 1 or len(cards) <= 1:
        st.hands[seat].extend(cards)
        st.events.append(("draw", (seat, [DISTRICT_NAMES[d] for d in cards])))
        return
    offer_cards(st, seat, cards, scholar=False)


def income(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    g, k = number(args[0]), number(args[1])
    st.used |= USED_INCOME
    st.gold[seat] += g
    st.events.append(("income", (seat, g, k)))
    if k:
        draw_to_hand(st, seat, k)


def end(st: CitadelsState, seat: int, args: tuple[Arg, ...]) -> None:
    end_turn(st, True)


#: the rules of each kind of turn-menu action
HANDLERS: Final[dict[str, Handler]] = {
    "gold": take_gold,
    "draw": draw_cards,
    "income": income,
    "kill": powers_naming.kill,
    "bewitch": powers_naming.bewitch,
    "sign": powers_naming.sign,
    "rob": powers_naming.rob,
    "threat": powers_naming.threaten,
    "spy": powers.spy,
    "swap": powers.swap,
    "magic": powers.magic,
    "look": powers.look,
    "seer": powers.seer,
    "crown": powers.crown_emperor,
    "abbot": powers.abbot,
    "navgold": powers.navigator_gold,
    "navcards": powers.navigator_cards,
    "scholar": powers.scholar,
    "beautify": powers.beautify,
    "taxes": powers.taxes,
    "destroy": powers_cities.destroy_district,
    "dtake": powers_cities.exchange,
    "seize": powers_cities.seize,
    "armory": districts.armory,
    "lab": districts.laboratory,
    "museum": districts.museum,
    "smithy": districts.smithy,
    "build": building.build,
    "buildfw": building.build_with_framework,
    "necro": building.build_necropolis,
    "den": building.build_den,
    "borrow": building.borrow,
    "end": end,
}


@dataclass(frozen=True, slots=True)
class TurnMenu(Decision):
    """The playing character's next action (§4.2–§4.4)."""

    def options(self, st: CitadelsState) -> Sequence[Action]:
        """Everything the playing character may do now (§4.2–§4.4)."""
        seat = self.seat
        gathered = st.gathered
        if not gathered:
            if st.turn_mode != NORMAL or st.threat_marker >= 0 or st.rules.gather_first:
                return GATHER
            acts = [A_GOLD, A_DRAW]
        elif st.turn_mode == WITCH_FIRST:
            return [BEWITCH[x] for x in powers_naming.eligible(st, 2)]
        else:
            acts = []
        c = st.turn_character
        mine = st.gold[seat]
        city = st.cities[seat]
        used = st.used
        kinds = st.city_kinds[seat]
        # income (§2.2): once, all at once
        t = INCOME_TYPE[c]
        if t >= 0 and not used & USED_INCOME:
            k = kinds >> SCHOOL & 1
            for d in city:
                if DISTRICT_TYPE[d] == t:
                    k += 1
            if k:
                if c == ABBOT:
                    acts.extend(ACT("income", g, k - g) for g in range(k + 1))
                elif c in INCOME_CARDS:
                    acts.append(INCOME_IN_CARDS[k - 1] if k <= INCOMES else ACT("income", 0, k))
                else:
                    acts.append(INCOME_IN_GOLD[k - 1] if k <= INCOMES else ACT("income", k, 0))
        # the character's powers (tables by character: an index, not a set or dict look-up)
        ability = ABILITY_BY_CHARACTER[c]
        if ability is not None and not used & USED_ABILITY:
            ability(st, acts, seat)
        if HAS_OTHER_POWER[c]:
            powers.other_power_actions(st, acts, seat, c, mine, city)
        hand = st.hands[seat]
        if kinds & districts.WITH_ACTIONS:
            districts.unique_actions(st, acts, seat, mine, kinds, hand)
        if not gathered:  # nothing to build and no end of turn before gathering
            return acts
        if hand and c != NAVIGATOR and (st.builds_left > 0 or kinds >> N_BASIC or c == TRADER
                                        or STABLES in hand or NECROPOLIS in hand):
            # with no build left, only a city with uniques (the Framework), the Trader, the
            # Stables and the Necropolis build: build_actions' first test, made here before
            # the hand is sorted (most menus after a build)
            ordered = hand.copy()  # sorted in place: ``sorted`` looks up and calls list.sort
            ordered.sort()
            building.build_actions(st, acts, seat, c, mine, hand, city, ordered)
        if not (c == EMPEROR and not used & USED_CROWN and powers.crown_targets(st, seat)):
            acts.append(A_END)
        return acts

    def resolve(self, state: CitadelsState, action: Action) -> None:
        HANDLERS[action.kind](state, self.seat, action.args)


TurnMenu.name = "turn"
TurnMenu.shown = False


#: the turn menu of each seat, made once
TURN_MENUS: Final = tuple(TurnMenu(s) for s in range(8))
