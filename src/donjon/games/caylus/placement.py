"""Caylus phases 2 and 3: placing workers (§2 phase 2) and the special buildings (§2 phase 3).

Placement targets are ints: 0..27 the road, ``SPECIAL_TARGET + k`` the special building ``k``,
``CASTLE_TARGET`` the castle.
"""

from __future__ import annotations

from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import (
    ACTIONS,
    F_GATE,
    F_GUILD,
    F_INN,
    F_JOUST,
    F_PLACE,
    INN_LEAVE,
    INN_STAY,
    JOUST,
    NO_JOUST,
    P_BRIBE,
    P_SPECIAL,
    PASS,
    STAY,
    target_action,
)
from donjon.games.caylus.buildings import WORKABLE


class Placement:
    """Phase 2 (workers onto the road, the special buildings and the castle) and phase 3."""

    __slots__ = ()

    # -- phase 2: placing workers (§2 phase 2) --------------------------------------------------

    def _step_place(self) -> None:
        order, passed, players = self.order, self.passed, self.players
        if len(passed) == players:
            self._begin(P_SPECIAL)
            return
        k = self.placer
        while order[k % players] in passed:
            k += 1
        self.placer = k % players
        self.stack.append((F_PLACE, order[self.placer], 0, 0))

    def base_cost(self) -> int:
        """The placement price on the bridge scale: 1 + passed players (2 players: 1, then 3)."""
        n = len(self.passed)
        if self.players == 2:
            return B.TWO_PLAYER_LATE_COST if n else 1
        return 1 + n

    def place_cost(self, seat: int, target: int) -> int:
        if self.inn[1] == seat:
            return 1  # §2: the Inn's right circle
        if target < B.ROAD and self.owner[target] == seat:
            return 1  # own building
        return self.base_cost()

    def targets(self, seat: int, gate: bool = False) -> list[int]:
        """Where ``seat`` may put a worker now (phase 2), or send the Gate's worker (phase 3)."""
        out = []
        spec = self.spec
        for k in range(1 if gate else 0, 4):
            if spec[k] < 0:
                out.append(B.SPECIAL_TARGET + k)
        stables = self.stables
        if (self.players > 2 and len(stables) < self.options["stables_spots"]
                and seat not in stables):
            out.append(B.SPECIAL_TARGET + B.STABLES)
        inn = self.inn
        if inn[0] < 0 and not (gate and seat in inn):
            out.append(B.SPECIAL_TARGET + B.INN)
        if seat not in self.castle_q:
            out.append(B.CASTLE_TARGET)
        road, occ = self.road, self.occ
        for i in range(B.ROAD):
            t = road[i]
            if t >= 0 and occ[i] < 0 and WORKABLE[t]:
                out.append(i)
        return out

    def _options_place(self, seat: int, a: int, b: int) -> list:
        acts = [PASS]
        if self.workers[seat] <= 0:
            return acts
        money = self.deniers[seat]
        base = 1 if self.inn[1] == seat else self.base_cost()
        owner, road = self.owner, self.road
        for target in self.targets(seat):
            if target < B.ROAD:
                if base <= money or (owner[target] == seat and money >= 1):
                    acts.append(target_action("place", target, road[target]))
            elif base <= money:
                acts.append(target_action("place", target))
        return acts

    def _resolve_place(self, seat: int, a: int, b: int, action) -> None:
        if action.kind == "pass":
            first = not self.passed
            self.passed.append(seat)
            bonus = 0
            if first and (self.players > 2 or self.options["two_player_pass_bonus"]):
                bonus = B.FIRST_PASS_BONUS
                self.deniers[seat] += bonus
            self.emit("pass", seat=seat, position=len(self.passed), deniers=bonus)
        else:
            target = action.args[0]
            cost = self.place_cost(seat, target)
            self.deniers[seat] -= cost
            self.workers[seat] -= 1
            self._put(seat, target)
            self.emit("place", seat=seat, target=action.args[1], cost=cost)
        self.placer = self.order.index(seat) + 1

    def _put(self, seat: int, target: int) -> None:
        """A worker arrives on ``target`` (placement or the Gate)."""
        if target < B.ROAD:
            self.occ[target] = seat
            o = self.owner[target]
            if o >= 0 and o != seat:
                self.score[o] += 1  # §2: the owner of a used building scores 1 at once
        elif target == B.CASTLE_TARGET:
            self.castle_q.append(seat)
        else:
            k = target - B.SPECIAL_TARGET
            if k == B.STABLES:
                self.stables.append(seat)
            elif k == B.INN:
                self.inn[0] = seat
            else:
                self.spec[k] = seat

    # -- phase 3: special buildings (§2 phase 3) ------------------------------------------------

    def _step_special(self) -> None:
        c = self.cursor
        self.cursor = c + 1
        spec = self.spec
        if c == B.GATE:
            if spec[0] >= 0:
                self.stack.append((F_GATE, spec[0], 0, 0))
        elif c == B.TRADING:
            seat = spec[1]
            if seat >= 0:
                self.deniers[seat] += B.TRADING_POST_DENIERS
                spec[1] = -1
                self.emit("trading_post", seat=seat, deniers=B.TRADING_POST_DENIERS)
        elif c == B.GUILD:
            if spec[2] >= 0:
                self.stack.append((F_GUILD, spec[2], 0, 0))
                spec[2] = -1
        elif c == B.JOUST:
            if spec[3] >= 0:
                self.stack.append((F_JOUST, spec[3], 0, 0))
                spec[3] = -1
        elif c == B.STABLES:
            stables = self.stables
            if stables:  # §2 phase 3.5: occupants take positions 1, 2, 3 in spot order
                self.order = stables + [s for s in self.order if s not in stables]
                self.stables = []
                self.emit("stables", order=list(self.order))
        elif c == B.INN:
            inn = self.inn
            if inn[0] >= 0:
                if inn[1] >= 0 and inn[1] != inn[0]:
                    self.emit("inn_out", seat=inn[1])
                inn[1] = inn[0]
                inn[0] = -1
                self.emit("inn", seat=inn[1])
            elif inn[1] >= 0:
                self.stack.append((F_INN, inn[1], 0, 0))
        else:
            self._begin(P_BRIBE)

    def _options_gate(self, seat: int, a: int, b: int) -> list:
        acts = [STAY]
        road = self.road
        for target in self.targets(seat, gate=True):
            acts.append(target_action("gate", target, road[target] if target < B.ROAD else -1))
        return acts

    def _resolve_gate(self, seat: int, a: int, b: int, action) -> None:
        self.spec[0] = -1
        if action.kind == "gate":
            self._put(seat, action.args[0])
            self.emit("gate", seat=seat, target=action.args[1])

    def _options_guild(self, seat: int, a: int, b: int) -> list:
        return [ACTIONS("guild", k) for k in self._provost_moves(B.GUILD_REACH, None)]

    def _options_joust(self, seat: int, a: int, b: int) -> list:
        price, cube = B.JOUST_PRICE
        if self.deniers[seat] >= price and self.cubes[seat][cube] >= 1:
            return [JOUST, NO_JOUST]
        return [NO_JOUST]

    def _resolve_joust(self, seat: int, a: int, b: int, action) -> None:
        if action.kind == "joust":
            price, cube = B.JOUST_PRICE
            self.deniers[seat] -= price
            self.cubes[seat][cube] -= 1
            self.emit("joust", seat=seat)
            self._favour(seat)

    def _options_inn(self, seat: int, a: int, b: int) -> list:
        return [INN_STAY, INN_LEAVE]

    def _resolve_inn(self, seat: int, a: int, b: int, action) -> None:
        if action.kind == "innleave":
            self.inn[1] = -1
            self.emit("inn_out", seat=seat)
