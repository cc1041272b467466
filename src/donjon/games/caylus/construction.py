"""Caylus construction: building wood, stone and prestige tiles (§3.4–§3.6) and residences (the
Lawyer and the favour track, §3.7, §7.3)."""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from donjon.engine import Action, Frame
from donjon.games.caylus import buildings as B
from donjon.games.caylus import favours
from donjon.games.caylus.actions import (
    CUBE_OF,
    DECLINE,
    NO_BUILD,
    P_SPECIAL,
    TARGET_OF,
    TILE_OF,
    architect_action,
    build_action,
    number,
    target_action,
)
from donjon.games.caylus.buildings import (
    ANY,
    CATALOGUE,
    CATEGORY_COUNT,
    COSTS,
    KEYS,
    KINDS,
    NAMES,
    PRESTIGE,
    RESIDENCE_ID,
    SITES,
    STONE_B,
    TILE_FAVOURS,
    WOOD_B,
)

if TYPE_CHECKING:
    from donjon.games.caylus.state import CaylusState


# Ready-made tables for the build menu (the hot path: a Carpenter or a Mason is used in most
# turns), so that it costs a few comparisons per tile rather than loops and calls.

#: by discount + 1 (``NO_CUBE`` is -1), by tile: the cubes the tile needs, the discount taken off
NEEDS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple(tuple(cost[t] - (t == discount) for t in range(5)) for cost in COSTS)
    for discount in range(B.NO_CUBE, 5)
)


#: by tile: whether it is identical to the tile before it in the catalogue (the second
#: Architect): the two are one choice
TWIN: Final[tuple[bool, ...]] = tuple(
    tile > 0 and NAMES[tile] == NAMES[tile - 1] for tile in range(len(NAMES)))


def _affords(c: list[int], need: tuple[int, ...]) -> bool:
    return (c[0] >= need[0] and c[1] >= need[1] and c[2] >= need[2] and c[3] >= need[3]
            and c[4] >= need[4])


# -- building a tile ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Build(Frame):
    """Build one tile of ``kind`` (wood, stone or prestige), ``discount`` (a cube type, or
    ``NO_CUBE``) off its cost, or nothing: a Carpenter, Mason or Architect, or the favour
    track."""

    kind: str
    discount: int

    def options(self, state: CaylusState) -> list[Action]:
        return [NO_BUILD] + build_options(state, self.seat, self.kind, self.discount)

    def resolve(self, state: CaylusState, action: Action) -> None:
        if action is NO_BUILD:
            return
        seat, args = self.seat, action.args
        tile = TILE_OF[args[0]]
        if action.kind == "architect":
            space = number(args[1]) - 1
            c = state.cubes[seat]
            cost = COSTS[tile]
            for t in range(5):
                c[t] -= cost[t]
            state.supply.remove(tile)
            state.road[space] = tile
            built(state, seat, tile, space)
        else:
            build(state, seat, tile, CUBE_OF[args[1]] if len(args) > 1 else B.NO_CUBE,
                  self.discount)


Build.name = "build"


def free_site(state: CaylusState) -> int:
    road = state.road
    for i in SITES:
        if road[i] < 0:
            return i
    return -1


def build_options(state: CaylusState, seat: int, kind: str, discount: int) -> list[Action]:
    """The tiles of ``kind`` that ``seat`` can build now, ``discount`` (a cube type, or
    ``NO_CUBE``) off the cost."""
    c = state.cubes[seat]
    acts: list[Action] = []
    if kind == PRESTIGE:
        road, owner = state.road, state.owner
        homes = [i for i in range(B.ROAD) if road[i] == RESIDENCE_ID and owner[i] == seat]
        if not homes:
            return acts
        for tile in state.supply:
            if KINDS[tile] == PRESTIGE and _affords(c, COSTS[tile]):
                for i in homes:
                    acts.append(architect_action(tile, i))
        return acts
    if free_site(state) < 0:
        return acts
    needs = NEEDS[discount + 1]
    previous = -2
    # the supply is in catalogue order (``insort`` returns a tile to its place): read once,
    # where a search of it for each tile of the kind cost 5 % of a compiled game
    for tile in state.supply:
        if KINDS[tile] != kind:
            continue
        if TWIN[tile] and previous == tile - 1:  # identical tiles: one choice, the first left
            continue
        previous = tile
        need = needs[tile]
        if not (c[0] >= need[0] and c[1] >= need[1] and c[2] >= need[2] and c[3] >= need[3]
                and c[4] >= need[4]):  # ``_affords``, inlined
            continue
        if ANY[tile]:
            for p in range(5):
                if c[p] > need[p]:  # one more of the cube paying for "any"
                    acts.append(build_action(tile, p))
        else:
            acts.append(BUILD_ANSWERS[tile])
    return acts


#: by wood or stone tile without an "any" cube: its build answer (``build_action(tile)``), made
#: once here rather than looked up per menu
BUILD_ANSWERS: Final[dict[int, Action]] = {
    tile: build_action(tile) for tile in B.BUILDABLE if KINDS[tile] in (WOOD_B, STONE_B)
    and not ANY[tile]
}


def build(state: CaylusState, seat: int, tile: int, pay: int, discount: int) -> None:
    """``seat`` builds ``tile`` on the first free site, paying its "any" cube with ``pay``."""
    c = state.cubes[seat]
    cost = COSTS[tile]
    for t in range(5):
        c[t] -= cost[t]
    if discount >= 0:
        c[discount] += 1
    if pay >= 0:
        c[pay] -= 1
    state.supply.remove(tile)
    space = free_site(state)
    state.road[space] = tile
    state.owner[space] = seat
    built(state, seat, tile, space)


def built(state: CaylusState, seat: int, tile: int, space: int) -> None:
    pp = state.lawyer_points if tile == B.LAWYER_ID else CATALOGUE[tile].pp
    state.score[seat] += pp
    state.points[seat * CATEGORY_COUNT + B.POINTS_BUILDINGS] += pp
    state.events.append(("build", (seat, KEYS[tile], space + 1, pp)))
    for _ in range(TILE_FAVOURS[tile]):
        favours.grant(state, seat)


# -- residences ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Residence(Frame):
    """Turn a building into a residence for 1 cloth, and 1 denier unless it comes from a
    ``favour`` (the Lawyer, or the favour track's column 4), or decline."""

    favour: bool

    def options(self, state: CaylusState) -> list[Action]:
        seat = self.seat
        if (state.cubes[seat][B.CLOTH] < B.RESIDENCE_CLOTH
                or (not self.favour and state.deniers[seat] < B.RESIDENCE_DENIERS)):
            return [DECLINE]
        road = state.road
        return [DECLINE] + [target_action("convert", i, road[i])
                            for i in lawyer_targets(state, seat)]

    def resolve(self, state: CaylusState, action: Action) -> None:
        if action is not DECLINE:
            lawyer(state, self.seat, TARGET_OF[action.args[0]], self.favour)


Residence.name = "lawyer"


def lawyer_targets(state: CaylusState, seat: int) -> list[int]:
    """§7.3: neutral tiles, or the seat's own wood/stone tiles other than the Lawyer."""
    road, owner = state.road, state.owner
    pending = [space for space, _ in state.pending_residences]
    out = []
    for i in range(B.ROAD):
        t = road[i]
        if t < 0 or i in pending:
            continue
        kind = KINDS[t]
        if kind == B.NEUTRAL or (
            kind in (WOOD_B, STONE_B) and owner[i] == seat and t != B.LAWYER_ID
        ):
            out.append(i)
    return out


def lawyer(state: CaylusState, seat: int, space: int, favour: bool) -> None:
    """``seat`` pays for a residence on road index ``space``."""
    if not favour:
        state.deniers[seat] -= B.RESIDENCE_DENIERS
    state.cubes[seat][B.CLOTH] -= B.RESIDENCE_CLOTH
    occupied = state.occupant[space] >= 0
    if occupied and (not favour or state.options["lawyer_favour_delay"]
                     or state.phase != P_SPECIAL):
        # §7.3 point 9: paid now, converted once that building has been activated
        state.pending_residences.append((space, seat))
        state.emit("lawyer_pending", seat=seat, space=space + 1)
    else:
        convert(state, space, seat)


def convert(state: CaylusState, space: int, seat: int) -> None:
    t = state.road[space]
    if KINDS[t] != B.NEUTRAL:
        insort(state.supply, t)  # a player's tile returns to the supply
    state.road[space] = RESIDENCE_ID
    state.owner[space] = seat
    pp = CATALOGUE[RESIDENCE_ID].pp
    state.score[seat] += pp
    state.points[seat * CATEGORY_COUNT + B.POINTS_BUILDINGS] += pp
    state.emit("residence", seat=seat, space=space + 1, replaced=KEYS[t])


def flush_residences(state: CaylusState) -> None:
    """Every residence still waiting for its building's worker is made now."""
    pending, state.pending_residences = state.pending_residences, []
    for space, seat in pending:
        convert(state, space, seat)
