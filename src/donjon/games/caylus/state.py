"""Caylus rules (rules reference §1–§7) on the engine contract: the state and the turn.

The state is flat: per-seat lists of ints, the road as three lists of 28 ints (building, owner,
worker), and a stack of pending decisions. Every decision is a small action; a decision with one
possible answer (a forced pass, a mandatory production without choice, an optional effect
nobody can afford) resolves by itself and is not recorded as a move.

A stack frame is a tuple ``(kind, seat, a, b)``: the decision ``kind`` awaited from ``seat``, with
two small ints of context (``actions.py``). Caylus hides nothing once set up (the neutral tiles lie
face up), so the state declares no hidden zone and a determinization is a plain clone.

The rules of each phase live in their own module, mixed into the state:

- ``placement.py``: phase 2, placing workers; phase 3, the special buildings;
- ``castle.py``: phase 4, the provost; phase 6, the castle; phase 7, the bailiff;
- ``activation.py``: phase 5, activating the road, and the effects of the buildings;
- ``construction.py``: building tiles, and residences (the Lawyer);
- ``favours.py``: royal favours; ``scoring.py``: section and final scoring.

This module holds the state itself, phase 1 (income), the driver that walks the phases, and the
table that sends each kind of decision to its options and its resolution.
"""

from __future__ import annotations

from typing import Any

from donjon.engine import State
from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import (
    F_ALCH,
    F_BONUS,
    F_BRIBE,
    F_BUILD,
    F_BUY,
    F_CASTLE,
    F_EXCH,
    F_FAVOUR,
    F_GATE,
    F_GIVE,
    F_GUILD,
    F_INN,
    F_JOUST,
    F_LAWYER,
    F_PLACE,
    F_PROD,
    F_SELL,
    F_TAKE,
    FRAME_NAMES,
    P_BRIBE,
    P_CASTLE,
    P_END,
    P_OVER,
    P_PLACE,
    P_ROAD,
    P_SPECIAL,
    PHASE_NAMES,
)
from donjon.games.caylus.activation import Activation
from donjon.games.caylus.buildings import CATALOGUE, CUBES, KINDS, NAMES, TILE_INCOME
from donjon.games.caylus.castle import Castle
from donjon.games.caylus.construction import Construction
from donjon.games.caylus.favours import Favours
from donjon.games.caylus.placement import Placement
from donjon.games.caylus.scoring import Scoring


class CaylusState(Placement, Castle, Activation, Construction, Favours, Scoring, State):
    __slots__ = (
        "order", "deniers", "score", "cubes", "fav", "fav_used", "workers",
        "road", "owner", "occ", "supply", "spec", "stables", "inn", "castle_q",
        "passed", "bailiff", "provost", "filled", "houses", "section", "scored",
        "turn", "phase", "cursor", "placer", "stack", "batches", "pending_conv",
        "scoring", "final", "lawyer_pp",
    )

    # Caylus is open information (rules reference, issue: "nearly open"): the neutral tiles are
    # placed face up at setup and nothing is drawn later, so no zone is hidden.
    ZONES = ()
    SECRETS = {}

    @classmethod
    def setup(cls, game, players, seed, options) -> CaylusState:
        self = cls.__new__(cls)
        self._init_base(game, players, seed, options)
        rng = self.rng
        order = list(range(players))
        rng.shuffle(order)  # §1.2 step 1: turn order at random
        self.order = order
        money = B.START_DENIERS_2P if players == 2 else B.START_DENIERS
        self.deniers = [0] * players
        for position, seat in enumerate(order):
            self.deniers[seat] = money[position]
        self.score = [0] * players
        self.cubes = [list(B.START_CUBES) for _ in range(players)]
        self.fav = [[0, 0, 0, 0] for _ in range(players)]
        self.fav_used = [0] * players
        self.workers = [B.WORKERS] * players
        neutral = list(B.NEUTRAL_TILES)
        rng.shuffle(neutral)  # §1.4: R1–R6 in random order, face up
        road = [-1] * B.ROAD
        road[0:6] = neutral
        for space, tile in B.FIXED_AT.items():
            road[space] = tile
        self.road = road
        self.owner = [-1] * B.ROAD
        self.occ = [-1] * B.ROAD
        supply = list(B.BUILDABLE)
        if not options["jeweller"]:
            supply.remove(B.JEWELLER_ID)
        if options["architects"] == 1:
            supply.remove(B.SECOND_ARCHITECT_ID)
        self.supply = supply
        self.lawyer_pp = options["lawyer_points"]
        self.spec = [-1, -1, -1, -1]
        self.stables = []
        self.inn = [-1, -1]
        self.castle_q = []
        self.passed = []
        self.bailiff = self.provost = B.START
        self.filled = [0, 0, 0]
        self.houses = [[0] * players for _ in range(3)]
        self.section = 0
        self.scored = 0
        self.turn = 0
        self.phase = P_PLACE
        self.cursor = 0
        self.placer = 0
        self.stack = []
        self.batches = [0] * players
        self.pending_conv = []
        self.scoring = -1
        self.final = None
        self.emit("setup", order=list(order), road=[NAMES[t] for t in neutral],
                  deniers=list(self.deniers))
        self._new_turn()
        self._run()
        return self

    def _copy(self) -> CaylusState:
        o = CaylusState.__new__(CaylusState)
        o.order = self.order.copy()
        o.deniers = self.deniers.copy()
        o.score = self.score.copy()
        o.cubes = [c.copy() for c in self.cubes]
        o.fav = [f.copy() for f in self.fav]
        o.fav_used = self.fav_used.copy()
        o.workers = self.workers.copy()
        o.road = self.road.copy()
        o.owner = self.owner.copy()
        o.occ = self.occ.copy()
        o.supply = self.supply.copy()
        o.spec = self.spec.copy()
        o.stables = self.stables.copy()
        o.inn = self.inn.copy()
        o.castle_q = self.castle_q.copy()
        o.passed = self.passed.copy()
        o.bailiff = self.bailiff
        o.provost = self.provost
        o.filled = self.filled.copy()
        o.houses = [h.copy() for h in self.houses]
        o.section = self.section
        o.scored = self.scored
        o.turn = self.turn
        o.phase = self.phase
        o.cursor = self.cursor
        o.placer = self.placer
        o.stack = self.stack.copy()
        o.batches = self.batches.copy()
        o.pending_conv = self.pending_conv.copy()
        o.scoring = self.scoring
        o.final = self.final
        o.lawyer_pp = self.lawyer_pp
        return o

    # -- the contract -------------------------------------------------------------------------

    def to_move(self) -> list[int]:
        stack = self.stack
        return [stack[-1][1]] if stack else []

    def is_over(self) -> bool:
        return self.phase == P_OVER

    def _legal_actions(self, seat: int) -> list:
        return self._options(self.stack[-1])

    def _apply(self, seat: int, action) -> None:
        self._resolve(self.stack.pop(), action)
        self._run()

    # -- the driver ---------------------------------------------------------------------------

    def _run(self) -> None:
        """Advance until a decision with two or more answers is awaited, or the game ends."""
        stack = self.stack
        while True:
            if stack:
                frame = stack[-1]
                options = self._options(frame)
                if len(options) > 1:
                    self._legal = {frame[1]: options}
                    return
                stack.pop()
                if options:
                    self._resolve(frame, options[0])
                else:  # §5: a favour with every track used this phase is lost
                    self.emit("favour_lost", seat=frame[1])
                continue
            phase = self.phase
            if phase == P_PLACE:
                self._step_place()
            elif phase == P_SPECIAL:
                self._step_special()
            elif phase == P_BRIBE:
                self._step_bribe()
            elif phase == P_ROAD:
                self._step_road()
            elif phase == P_CASTLE:
                self._step_castle()
            elif phase == P_END:
                self._step_end()
            else:
                return

    def _options(self, frame) -> list:
        """The legal answers to the decision ``frame``."""
        kind, seat, a, b = frame
        return _OPTIONS[kind](self, seat, a, b)

    def _resolve(self, frame, action) -> None:
        """Carry out ``action``, the answer to the decision ``frame``."""
        kind, seat, a, b = frame
        _RESOLVE[kind](self, seat, a, b, action)

    def _begin(self, phase: int) -> None:
        self.phase = phase
        self.cursor = 0
        self.fav_used = [0] * self.players  # §5: one favour per track per phase

    # -- phase 1: income (§2 phase 1) -----------------------------------------------------------

    def _new_turn(self) -> None:
        self.turn += 1
        players = self.players
        if players == 2 and self.turn > 1:
            self.order.reverse()  # §1.3: turn order alternates every turn
        income = [B.INCOME] * players
        road, owner = self.road, self.owner
        for i in range(B.ROAD):
            o = owner[i]
            if o >= 0:
                income[o] += TILE_INCOME[road[i]]
        deniers = self.deniers
        for seat in range(players):
            deniers[seat] += income[seat]
        inn_right = self.inn[1]
        self.workers = [B.WORKERS - (seat == inn_right) for seat in range(players)]
        self.passed = []
        self.batches = [0] * players
        self.placer = 0
        self._begin(P_PLACE)
        self.emit("turn", turn=self.turn, order=list(self.order), income=income)

    # -- views ----------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        road, owner, occ = self.road, self.owner, self.occ
        frame = self.stack[-1] if self.stack else None
        pending = None
        if frame is not None:
            pending = {"decision": FRAME_NAMES[frame[0]], "seat": frame[1]}
            if frame[0] in (F_PROD, F_BONUS, F_EXCH, F_ALCH):
                pending["building"] = NAMES[frame[2]]
        return {
            "turn": self.turn,
            "phase": PHASE_NAMES[self.phase],
            "pending": pending,
            "order": list(self.order),
            "passed": list(self.passed),
            "bailiff": self.bailiff + 1,
            "provost": self.provost + 1,
            "place_cost": self.base_cost(),
            "road": [
                {
                    "space": i + 1,
                    "building": CATALOGUE[road[i]].key if road[i] >= 0 else None,
                    "name": NAMES[road[i]] if road[i] >= 0 else None,
                    "kind": KINDS[road[i]] if road[i] >= 0 else "site",
                    "owner": owner[i] if owner[i] >= 0 else None,
                    "worker": occ[i] if occ[i] >= 0 else None,
                }
                for i in range(B.ROAD)
            ],
            "special": {
                "gate": _seat(self.spec[0]),
                "trading_post": _seat(self.spec[1]),
                "guild": _seat(self.spec[2]),
                "joust": _seat(self.spec[3]),
                "stables": list(self.stables),
                "inn": [_seat(self.inn[0]), _seat(self.inn[1])],
            },
            "castle": {
                "workers": list(self.castle_q),
                "section": B.SECTIONS[self.section] if self.section < 3 else None,
                "sections": [
                    {
                        "name": B.SECTIONS[s],
                        "size": B.SECTION_SIZE[s],
                        "points": B.SECTION_POINTS[s],
                        "filled": self.filled[s],
                        "houses": list(self.houses[s]),
                        "scored": s < self.scored,
                    }
                    for s in range(3)
                ],
            },
            "favour_columns": B.UNLOCKED[self.scored],
            "supply": [CATALOGUE[t].key for t in self.supply],
            "lawyer_pending": [e[0] + 1 for e in self.pending_conv],
            "holdings": [
                {
                    "deniers": self.deniers[s],
                    "score": self.score[s],
                    "cubes": dict(zip(CUBES, self.cubes[s], strict=True)),
                    "workers": self.workers[s],
                    "favours": dict(zip(B.TRACKS, self.fav[s], strict=True)),
                    "favour_used": [B.TRACKS[k] for k in range(4) if self.fav_used[s] >> k & 1],
                    "batches": self.batches[s],
                }
                for s in range(self.players)
            ],
        }


#: each kind of decision: (its legal answers, its resolution), as functions of
#: ``(state, seat, a, b)`` and ``(state, seat, a, b, action)``
DECISIONS = {
    F_PLACE: (Placement._options_place, Placement._resolve_place),
    F_GATE: (Placement._options_gate, Placement._resolve_gate),
    F_GUILD: (Placement._options_guild, Castle._resolve_guild),
    F_JOUST: (Placement._options_joust, Placement._resolve_joust),
    F_INN: (Placement._options_inn, Placement._resolve_inn),
    F_BRIBE: (Castle._options_bribe, Castle._resolve_bribe),
    F_PROD: (Activation._options_produce, Activation._resolve_produce),
    F_BONUS: (Activation._options_bonus, Activation._resolve_bonus),
    F_SELL: (Activation._options_sell, Activation._resolve_sell),
    F_BUY: (Activation._options_buy, Activation._resolve_buy),
    F_BUILD: (Construction._options_build, Construction._resolve_build),
    F_EXCH: (Activation._options_exchange, Activation._resolve_exchange),
    F_ALCH: (Activation._options_alchemist, Activation._resolve_alchemist),
    F_LAWYER: (Construction._options_lawyer, Construction._resolve_lawyer),
    F_CASTLE: (Castle._options_castle, Castle._resolve_castle),
    F_FAVOUR: (Favours._options_favour, Favours._resolve_favour),
    F_GIVE: (Favours._options_give, Favours._resolve_give),
    F_TAKE: (Favours._options_take, Favours._resolve_take),
}
assert sorted(DECISIONS) == list(range(len(FRAME_NAMES)))
_OPTIONS = tuple(DECISIONS[kind][0] for kind in range(len(FRAME_NAMES)))
_RESOLVE = tuple(DECISIONS[kind][1] for kind in range(len(FRAME_NAMES)))


def _seat(x: int):
    return x if x >= 0 else None
