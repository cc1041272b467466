"""Caylus phases 1–3: income (§2 phase 1), placing workers (§2 phase 2) and the special buildings
(§2 phase 3).

Placement targets are ints inside the state: 0..27 the road, ``SPECIAL_TARGET + k`` the special
building ``k``, ``CASTLE_TARGET`` the castle; actions name them by the printed road number or the
building's id (``actions.TARGET_OF``).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from donjon.engine import Action, Frame
from donjon.games.caylus import buildings as B
from donjon.games.caylus import favours, provost
from donjon.games.caylus.actions import (
    DENIERS_WORDS,
    INN_LEAVE,
    INN_STAY,
    JOUST,
    NO_JOUST,
    P_BRIBE,
    P_PLACE,
    P_SPECIAL,
    PASS,
    STAY,
    TARGET_OF,
    target_action,
)
from donjon.games.caylus.buildings import (
    CATEGORY_COUNT,
    FIRST_PASS_BONUS,
    KEYS,
    POINTS_VISITORS,
    ROAD,
    TARGET_IDS,
    TILE_INCOME,
    TWO_PLAYER_LATE_COST,
    WORKABLE,
)

if TYPE_CHECKING:
    from donjon.games.caylus.state import CaylusState

# -- phase 1: income (§2 phase 1) ---------------------------------------------------------------


def new_turn(state: CaylusState) -> None:
    state.turn += 1
    players = state.players
    if players == 2 and state.turn > 1:
        state.order.reverse()  # §1.3: turn order alternates every turn
    income = [B.INCOME] * players
    # ``x[i] = x[i] + n`` rather than ``x[i] += n`` here and in the placements: compiled, the
    # augmented assignment to a list's item adds two objects (``activation.gain``)
    # by index, not ``zip``: compiled, ``zip(..., strict=True)`` is a call through Python's
    # calling convention with a keyword to parse
    road = state.road
    for space, o in enumerate(state.owner):
        if o >= 0:
            income[o] = income[o] + TILE_INCOME[road[space]]
    deniers = state.deniers
    for seat in range(players):
        deniers[seat] = deniers[seat] + income[seat]
    inn_right = state.inn[1]
    state.workers = [B.WORKERS - (seat == inn_right) for seat in range(players)]
    state.passed = []
    state.batches = [0] * players
    state.placer = 0
    state.begin(P_PLACE)
    order = state.order
    state.events.append(("turn", (state.turn, list(order), [income[s] for s in order])))


# -- phase 2: placing workers (§2 phase 2) ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceWorker(Frame):
    """Place one worker, or pass (§2 phase 2)."""

    def options(self, state: CaylusState) -> Sequence[Action]:
        # The hot path (three decisions in four of a random game are placements): the menu is
        # two ready-made lists joined, the places off the road by which are free
        # (``PLACES_OFF_ROAD``) and the free road buildings (``free_road``), instead of a walk
        # over every target; same answers, same order as ``targets``.
        seat = self.seat
        if state.workers[seat] <= 0:
            return ONLY_PASS
        money = state.deniers[seat]
        base = 1 if state.inn[1] == seat else BRIDGE[state.players][len(state.passed)]
        road_menu = state.free_road
        if road_menu is None:
            road_menu = free_road(state)
        if base <= money:
            # the mask of free places, by adding distinct bits (int additions are the fast
            # path of CPython 3.11; shifts and ors of comparisons' bools are not)
            gate, trading, guild, joust = state.special  # bits 0–3, in ``B.GATE``... order
            free = 0
            if gate < 0:
                free += 1
            if trading < 0:
                free += 2
            if guild < 0:
                free += 4
            if joust < 0:
                free += 8
            stables = state.stables
            if len(stables) < state.stables_spots and seat not in stables:
                free += STABLES_BIT
            if state.inn[0] < 0:
                free += INN_BIT
            if seat not in state.castle_workers:
                free += CASTLE_BIT
            return PLACES_OFF_ROAD[free] + road_menu
        if money >= 1:  # too poor for the going price: only one's own buildings, at 1 denier
            owner = state.owner
            return (PASS, *[a for a in road_menu if owner[TARGET_OF[a.args[0]]] == seat])
        return ONLY_PASS

    def resolve(self, state: CaylusState, action: Action) -> None:
        # The hot path (one decision in two of a random game is a placement): ``put``,
        # ``place_cost``, ``step_place`` and ``emit`` inlined for the road, the commonest case;
        # the events are recorded as their values (``CaylusState.EVENT_FIELDS``).
        seat = self.seat
        events = state.events
        if action is PASS:
            passed = state.passed
            first = not passed
            passed.append(seat)
            if first and (state.players > 2 or state.options["two_player_pass_bonus"]):
                state.deniers[seat] += FIRST_PASS_BONUS
                events.append(("pass_first", (seat, len(passed), FIRST_PASS_WORDS)))
            else:
                events.append(("pass", (seat, len(passed))))
        else:
            target = TARGET_OF[action.args[0]]
            if target < ROAD:
                owner = state.owner[target]
                cost = (1 if owner == seat or state.inn[1] == seat
                        else BRIDGE[state.players][len(state.passed)])
                state.deniers[seat] = state.deniers[seat] - cost
                state.workers[seat] = state.workers[seat] - 1
                # ``put`` on the road, in phase 2: the place leaves the menu (in road order: it
                # is found by bisection on its number); the owner of a used building scores 1
                state.occupant[target] = seat
                road_menu = state.free_road
                if road_menu is not None:
                    targets = state.free_road_targets
                    gone = bisect_left(targets, target)
                    del road_menu[gone]  # in place: the kept lists never leave the state
                    del targets[gone]
                if owner >= 0 and owner != seat:
                    state.score[owner] = state.score[owner] + 1
                    visitors = owner * CATEGORY_COUNT + POINTS_VISITORS
                    state.points[visitors] = state.points[visitors] + 1
                events.append(
                    ("place", (seat, target + 1, KEYS[state.road[target]], DENIERS_WORDS[cost])))
            else:
                cost = 1 if state.inn[1] == seat else BRIDGE[state.players][len(state.passed)]
                state.deniers[seat] = state.deniers[seat] - cost
                state.workers[seat] = state.workers[seat] - 1
                put(state, seat, target)
                events.append(("place_at", (seat, TARGET_IDS[target], DENIERS_WORDS[cost])))
        # The next placer at once (``step_place``, inlined: nothing else can be pending after a
        # placement, so ``_advance`` would do just this).
        # ``state.placer`` is this seat's place in the turn order: it was set as the frame was
        # pushed (here and in ``step_place``), and no other frame moves it
        order, passed, players = state.order, state.passed, state.players
        k = state.placer + 1
        state.placer = k
        if len(passed) == players:
            state.begin(P_SPECIAL)
            return
        k %= players
        while order[k] in passed:
            k = (k + 1) % players
        state.placer = k
        state.stack.append(PLACE[order[k]])


PlaceWorker.name = "place"


PLACE: Final = tuple(PlaceWorker(seat) for seat in range(5))

ONLY_PASS: Final[tuple[Action, ...]] = (PASS,)
#: the availability bits of the places off the road: bit k for the special building k
#: (``B.GATE``...``B.INN``), then the castle
STABLES_BIT: Final = 1 << B.STABLES
INN_BIT: Final = 1 << B.INN
CASTLE_BIT: Final = 1 << 6
#: by availability mask: pass, then the places off the road that are free, in ``targets``'s order
#: (the special buildings, the castle); lists, to be joined to the list ``free_road`` (never
#: changed: the join is a new list)
PLACES_OFF_ROAD: Final[tuple[list[Action], ...]] = tuple(
    [PASS, *[target_action("place", B.SPECIAL_TARGET + k) for k in range(6) if free >> k & 1],
     *([target_action("place", B.CASTLE_TARGET)] if free & CASTLE_BIT else [])]
    for free in range(CASTLE_BIT << 1)
)


#: by tile, by road index: the placement of a worker on that building there, so that the menu
#: is made of look-ups, not calls; a tile's row is made the first time the tile is on the road
#: (None: not yet), not at import (most processes never place a worker)
ROAD_PLACES: Final[list[tuple[Action, ...] | None]] = [None] * len(WORKABLE)


def _road_places(tile: int) -> tuple[Action, ...]:
    row = ROAD_PLACES[tile] = tuple(target_action("place", i, tile) for i in range(ROAD))
    return row


#: the same for the Gate's moves (``ROAD_PLACES``)
ROAD_GATES: Final[list[tuple[Action, ...] | None]] = [None] * len(WORKABLE)


def _road_gates(tile: int) -> tuple[Action, ...]:
    row = ROAD_GATES[tile] = tuple(target_action("gate", i, tile) for i in range(ROAD))
    return row


#: the Gate's moves off the road: by special building (``B.GATE``...; the Gate's own is never
#: offered), and to the castle
GATE_OFF_ROAD: Final = tuple(target_action("gate", B.SPECIAL_TARGET + k) for k in range(6))
GATE_TO_CASTLE: Final = target_action("gate", B.CASTLE_TARGET)
#: ``WORKABLE`` with one more entry, last, for the road's empty sites (tile -1): no work there
WORKABLE_OR_SITE: Final = (*WORKABLE, False)


def free_road(state: CaylusState) -> list[Action]:
    """The placements on the road now, in road order: every free building one may work on.

    Kept in ``state.free_road``, their places in ``state.free_road_targets``, through phase 2,
    where only placements change the road's workers (``put`` takes each one off, in place:
    lists, which never leave the state, where tuples were sliced and joined again at every
    placement); ``begin`` and ``changed`` forget it. As phase 2 begins nobody is on the road:
    then it is every building one may work on, which changes only with the road (a build, a
    residence), so it is kept too (``state.workable_road``, with the road it was worked out
    from) rather than worked out every turn."""
    road, occupant, rows = state.road, state.occupant, ROAD_PLACES
    known = state.workable_road
    if known is None or known[0] != road:
        workable: list[Action] = []
        places: list[int] = []
        for i, t in enumerate(road):  # one walk for both (a comprehension is a call in 3.11)
            if WORKABLE_OR_SITE[t]:
                workable.append((rows[t] or _road_places(t))[i])
                places.append(i)
        known = state.workable_road = (road.copy(), tuple(workable), tuple(places))
    if occupant.count(-1) == ROAD:
        menu, state.free_road_targets = list(known[1]), list(known[2])
    else:  # the workable placements still free, read off the kept ones
        free = [k for k, i in enumerate(known[2]) if occupant[i] < 0]
        menu = [known[1][k] for k in free]
        state.free_road_targets = [known[2][k] for k in free]
    state.free_road = menu
    return menu


def step_place(state: CaylusState) -> None:
    order, passed, players = state.order, state.passed, state.players
    if len(passed) == players:
        state.begin(P_SPECIAL)
        return
    k = state.placer % players
    while order[k] in passed:
        k = (k + 1) % players
    state.placer = k
    state.stack.append(PLACE[order[k]])


def base_cost(state: CaylusState) -> int:
    """The placement price on the bridge scale: 1 + passed players (2 players: 1, then 3)."""
    return BRIDGE[state.players][len(state.passed)]


#: by player count, by players passed: the placement price (the bridge scale, ``base_cost``;
#: a look-up, on the hot path)
BRIDGE: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple((TWO_PLAYER_LATE_COST if n else 1) if players == 2 else 1 + n
          for n in range(players + 1))
    for players in range(6)
)


def place_cost(state: CaylusState, seat: int, target: int) -> int:
    if state.inn[1] == seat:
        return 1  # §2: the Inn's right circle
    if target < B.ROAD and state.owner[target] == seat:
        return 1  # own building
    return base_cost(state)


def targets(state: CaylusState, seat: int, gate: bool = False) -> list[int]:
    """Where ``seat`` may put a worker now (phase 2), or send the Gate's worker (phase 3)."""
    out = []
    special = state.special
    for k in range(1 if gate else 0, 4):
        if special[k] < 0:
            out.append(B.SPECIAL_TARGET + k)
    stables = state.stables
    if len(stables) < state.stables_spots and seat not in stables:
        out.append(B.SPECIAL_TARGET + B.STABLES)
    inn = state.inn
    if inn[0] < 0 and not (gate and seat in inn):
        out.append(B.SPECIAL_TARGET + B.INN)
    if seat not in state.castle_workers:
        out.append(B.CASTLE_TARGET)
    occupant = state.occupant
    out += [i for i, t in enumerate(state.road) if WORKABLE_OR_SITE[t] and occupant[i] < 0]
    return out


def put(state: CaylusState, seat: int, target: int) -> None:
    """A worker arrives on ``target`` (placement or the Gate)."""
    if target < ROAD:
        state.occupant[target] = seat
        road_menu = state.free_road
        if road_menu is not None:  # the place is taken: off the placement menu
            if state.phase == P_PLACE:
                # the menu is in road order: the place is found by bisection on its number
                targets = state.free_road_targets
                gone = bisect_left(targets, target)
                del road_menu[gone]
                del targets[gone]
            else:
                state.free_road = None
        o = state.owner[target]
        if o >= 0 and o != seat:
            state.score[o] = state.score[o] + 1  # §2: the owner of a used building scores 1
            visitors = o * CATEGORY_COUNT + POINTS_VISITORS
            state.points[visitors] = state.points[visitors] + 1
    elif target == B.CASTLE_TARGET:
        state.castle_workers.append(seat)
    else:
        k = target - B.SPECIAL_TARGET
        if k == B.STABLES:
            state.stables.append(seat)
        elif k == B.INN:
            state.inn[0] = seat
        else:
            state.special[k] = seat


# -- phase 3: special buildings (§2 phase 3) ----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Gate(Frame):
    """Move the Gate's worker, free, to a free legal space, or leave it (§2 phase 3.1)."""

    def options(self, state: CaylusState) -> list[Action]:
        # ``targets(state, seat, gate=True)`` as answers: the places off the road by
        # ``target_action``, the road's from the ready-made rows (``ROAD_GATES``)
        seat = self.seat
        answers = [STAY]
        special = state.special
        for k in range(1, 4):
            if special[k] < 0:
                answers.append(GATE_OFF_ROAD[k])
        stables = state.stables
        if len(stables) < state.stables_spots and seat not in stables:
            answers.append(GATE_OFF_ROAD[B.STABLES])
        inn = state.inn
        if inn[0] < 0 and seat not in inn:
            answers.append(GATE_OFF_ROAD[B.INN])
        if seat not in state.castle_workers:
            answers.append(GATE_TO_CASTLE)
        occupant, rows = state.occupant, ROAD_GATES
        answers += [(rows[t] or _road_gates(t))[i] for i, t in enumerate(state.road)
                    if WORKABLE_OR_SITE[t] and occupant[i] < 0]
        return answers

    def resolve(self, state: CaylusState, action: Action) -> None:
        state.special[B.GATE] = -1
        if action is not STAY:
            target = TARGET_OF[action.args[0]]
            put(state, self.seat, target)
            if target < B.ROAD:
                state.events.append(("gate", (self.seat, target + 1, KEYS[state.road[target]])))
            else:
                state.emit("gate_at", seat=self.seat, place=TARGET_IDS[target])


Gate.name = "gate"


@dataclass(frozen=True, slots=True)
class Joust(Frame):
    """Pay 1 denier + 1 cloth for a royal favour, or not (§2 phase 3.4)."""

    def options(self, state: CaylusState) -> tuple[Action, ...]:
        return (JOUST, NO_JOUST) if can_joust(state, self.seat) else (NO_JOUST,)

    def resolve(self, state: CaylusState, action: Action) -> None:
        if action is JOUST:
            seat = self.seat
            price, cube = B.JOUST_PRICE
            state.deniers[seat] -= price
            state.cubes[seat][cube] -= 1
            state.emit("joust", seat=seat)
            favours.grant(state, seat)


Joust.name = "joust"


@dataclass(frozen=True, slots=True)
class StayAtInn(Frame):
    """Nobody came to the Inn's left circle: its right-circle worker stays or leaves (§2 phase
    3.6)."""

    def options(self, state: CaylusState) -> tuple[Action, ...]:
        return (INN_STAY, INN_LEAVE)

    def resolve(self, state: CaylusState, action: Action) -> None:
        if action is INN_LEAVE:
            state.inn[1] = -1
            state.events.append(("inn_out", (self.seat,)))


StayAtInn.name = "inn"


def can_joust(state: CaylusState, seat: int) -> bool:
    price, cube = B.JOUST_PRICE
    return state.deniers[seat] >= price and state.cubes[seat][cube] >= 1


GATE: Final = tuple(Gate(seat) for seat in range(5))
JOUST_FIELD: Final = tuple(Joust(seat) for seat in range(5))
INN: Final = tuple(StayAtInn(seat) for seat in range(5))


def step_special(state: CaylusState) -> None:
    """Phase 3: the special buildings in order (``state.cursor``: ``B.GATE`` to ``B.INN``).

    The steps that ask nobody anything follow one another in this loop rather than each through
    ``_advance`` and the driver (the hot path); it stops at the first decision pushed."""
    stack, special = state.stack, state.special
    while not stack:
        c = state.cursor
        state.cursor = c + 1
        if c == B.GATE:
            if special[B.GATE] >= 0:
                stack.append(GATE[special[B.GATE]])
        elif c == B.TRADING:
            seat = special[B.TRADING]
            if seat >= 0:
                state.deniers[seat] += B.TRADING_POST_DENIERS
                special[B.TRADING] = -1
                state.events.append(("trading_post", (seat, TRADING_POST_WORDS)))
        elif c == B.GUILD:
            if special[B.GUILD] >= 0:
                stack.append(provost.MERCHANTS_GUILD[special[B.GUILD]])
                special[B.GUILD] = -1
        elif c == B.JOUST:
            seat = special[B.JOUST]
            if seat >= 0:
                special[B.JOUST] = -1
                # a joust its player cannot pay for is no decision (it would resolve by itself
                # to no joust): not pushed at all
                if can_joust(state, seat):
                    stack.append(JOUST_FIELD[seat])
        elif c == B.STABLES:
            stables = state.stables
            if stables:  # §2 phase 3.5: occupants take positions 1, 2, 3 in spot order
                state.order = stables + [s for s in state.order if s not in stables]
                state.stables = []
                state.events.append(("stables", (list(state.order),)))
        elif c == B.INN:
            inn = state.inn
            if inn[0] >= 0:
                if inn[1] >= 0 and inn[1] != inn[0]:
                    state.events.append(("inn_out", (inn[1],)))
                inn[1] = inn[0]
                inn[0] = -1
                state.events.append(("inn", (inn[1],)))
            elif inn[1] >= 0:
                stack.append(INN[inn[1]])
        else:
            state.begin(P_BRIBE)
            return


TRADING_POST_WORDS: Final = DENIERS_WORDS[B.TRADING_POST_DENIERS]
FIRST_PASS_WORDS: Final = DENIERS_WORDS[FIRST_PASS_BONUS]
