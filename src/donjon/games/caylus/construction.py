"""Caylus construction: building wood, stone and prestige tiles (§3.4–§3.6) and residences (the
Lawyer and the favour track, §3.7, §7.3).

A build decision's frame holds ``a`` the kind code (0 wood, 1 stone, 2 prestige) and ``b`` the
cube type the favour track takes off the cost (or -1). A Lawyer decision's ``a`` is 1 when the
residence comes from a favour (no denier to pay).
"""

from __future__ import annotations

from bisect import insort

from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import ACTIONS, DECLINE, NO_BUILD, P_SPECIAL, label
from donjon.games.caylus.buildings import (
    ANY,
    CATALOGUE,
    COSTS,
    KINDS,
    KINDS_BY_CODE,
    NAMES,
    PRESTIGE,
    RESIDENCE_ID,
    SITES,
    STONE_B,
    TILE_FAVOURS,
    WOOD_B,
)


def _affords(c, cost, discount: int) -> bool:
    for t in range(5):
        need = cost[t] - (1 if t == discount else 0)
        if c[t] < need:
            return False
    return True


class Construction:
    """Tiles built on the road's free sites or on residences; buildings turned into residences."""

    __slots__ = ()

    # -- building a tile --------------------------------------------------------------------------

    def free_site(self) -> int:
        road = self.road
        for i in SITES:
            if road[i] < 0:
                return i
        return -1

    def build_options(self, seat: int, code: int, discount: int) -> list:
        """Tiles ``seat`` can build now: ``code`` 0 wood, 1 stone, 2 prestige; ``discount`` is
        the cube type the favour track takes off the cost (or -1)."""
        c = self.cubes[seat]
        acts = []
        kind = KINDS_BY_CODE[code]
        if kind == PRESTIGE:
            road, owner = self.road, self.owner
            homes = [i for i in range(B.ROAD) if road[i] == RESIDENCE_ID and owner[i] == seat]
            if not homes:
                return acts
            for tile in self.supply:
                if KINDS[tile] == PRESTIGE and _affords(c, COSTS[tile], -1):
                    for i in homes:
                        acts.append(ACTIONS("architect", tile, i))
            return acts
        if self.free_site() < 0:
            return acts
        seen = set()
        for tile in self.supply:
            if KINDS[tile] != kind:
                continue
            name = NAMES[tile]
            if name in seen:
                continue  # identical tiles (the two Architects): one choice
            seen.add(name)
            cost = COSTS[tile]
            if not _affords(c, cost, discount):
                continue
            if ANY[tile]:
                for p in range(5):
                    need = cost[p] - (1 if p == discount else 0) + 1
                    if c[p] >= need:
                        acts.append(ACTIONS("build", tile, p))
            else:
                acts.append(ACTIONS("build", tile, -1))
        return acts

    def _options_build(self, seat: int, a: int, b: int) -> list:
        return [NO_BUILD] + self.build_options(seat, a, b)

    def _resolve_build(self, seat: int, a: int, b: int, action) -> None:
        verb = action.kind
        if verb == "architect":
            tile, space = action.args
            c = self.cubes[seat]
            cost = COSTS[tile]
            for t in range(5):
                c[t] -= cost[t]
            self.supply.remove(tile)
            self.road[space] = tile
            self._built(seat, tile, space)
        elif verb != "nobuild":
            self._build(seat, action.args[0], action.args[1], b)

    def _build(self, seat: int, tile: int, pay: int, discount: int) -> None:
        c = self.cubes[seat]
        cost = COSTS[tile]
        for t in range(5):
            c[t] -= cost[t]
        if discount >= 0:
            c[discount] += 1
        if pay >= 0:
            c[pay] -= 1
        self.supply.remove(tile)
        space = self.free_site()
        self.road[space] = tile
        self.owner[space] = seat
        self._built(seat, tile, space)

    def _built(self, seat: int, tile: int, space: int) -> None:
        pp = self.lawyer_pp if tile == B.LAWYER_ID else CATALOGUE[tile].pp
        self.score[seat] += pp
        self.emit("build", seat=seat, building=NAMES[tile], space=space + 1, pp=pp)
        for _ in range(TILE_FAVOURS[tile]):
            self._favour(seat)

    # -- residences -----------------------------------------------------------------------------

    def lawyer_targets(self, seat: int) -> list[int]:
        """§7.3: neutral tiles, or the seat's own wood/stone tiles other than the Lawyer."""
        road, owner = self.road, self.owner
        pending = [e[0] for e in self.pending_conv]
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

    def _options_lawyer(self, seat: int, a: int, b: int) -> list:
        if (self.cubes[seat][B.CLOTH] < B.RESIDENCE_CLOTH
                or (not a and self.deniers[seat] < B.RESIDENCE_DENIERS)):
            return [DECLINE]
        road = self.road
        return [DECLINE] + [ACTIONS("convert", i, label(i, road[i]))
                            for i in self.lawyer_targets(seat)]

    def _resolve_lawyer(self, seat: int, a: int, b: int, action) -> None:
        if action.kind == "convert":
            self._lawyer(seat, action.args[0], bool(a))

    def _lawyer(self, seat: int, space: int, favour: bool) -> None:
        if not favour:
            self.deniers[seat] -= B.RESIDENCE_DENIERS
        self.cubes[seat][B.CLOTH] -= B.RESIDENCE_CLOTH
        occupied = self.occ[space] >= 0
        if occupied and (not favour or self.options["lawyer_favour_delay"]
                         or self.phase != P_SPECIAL):
            # §7.3 point 9: paid now, converted once that building has been activated
            self.pending_conv.append((space, seat))
            self.emit("lawyer_pending", seat=seat, space=space + 1)
        else:
            self._convert(space, seat)

    def _convert(self, space: int, seat: int) -> None:
        t = self.road[space]
        if KINDS[t] != B.NEUTRAL:
            insort(self.supply, t)  # a player's tile returns to the supply
        self.road[space] = RESIDENCE_ID
        self.owner[space] = seat
        self.score[seat] += CATALOGUE[RESIDENCE_ID].pp
        self.emit("residence", seat=seat, space=space + 1, replaced=NAMES[t])

    def _flush_conversions(self) -> None:
        pending, self.pending_conv = self.pending_conv, []
        for space, seat in pending:
            self._convert(space, seat)
