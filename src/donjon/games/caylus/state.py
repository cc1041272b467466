"""Caylus rules (rules reference §1–§7) on the engine contract: the state and the phases.

The state is flat: per-seat lists of ints, the road as three lists of 28 ints (building, owner,
worker), and a stack of pending decisions (``donjon.engine.decisions``). Every decision is a
small frozen frame naming who decides and its context (the building, the space, the price...);
its class knows the legal answers and what an answer does. A decision with one possible answer (a
forced pass, a mandatory production without choice, an optional effect nobody can afford)
resolves by itself and is not a move; a favour with no track left lapses.

Caylus hides nothing once set up (the neutral tiles lie face up) and draws no chance after it,
so the state declares no hidden zone and a determinization is a plain clone.

This module holds the state's fields (their one annotated home) and walks the phases; the rules
of each phase are plain functions over the state, with their decisions, in their own module:

- ``placement.py``: phase 1, income; phase 2, placing workers; phase 3, the special buildings;
- ``provost.py``: the provost's moves (the Merchants' Guild and phase 4);
- ``activation.py``: phase 5, activating the road, and the effects of the buildings;
- ``construction.py``: building tiles, and residences (the Lawyer);
- ``castle.py``: phase 6, the castle; phase 7, the bailiff and the end of the turn;
- ``favours.py``: royal favours; ``scoring.py``: section and final scoring.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from donjon.engine import Action, Result, StackState
from donjon.engine.chance import shuffle
from donjon.engine.game import Setup
from donjon.games.caylus import activation, castle, construction, placement, provost, scoring
from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import (
    P_BRIBE,
    P_CASTLE,
    P_END,
    P_OVER,
    P_PLACE,
    P_ROAD,
    P_SPECIAL,
    PHASE_NAMES,
)
from donjon.games.caylus.buildings import CATALOGUE, CATEGORY_COUNT, CUBES, KEYS, KINDS, NAMES


class CaylusState(StackState):
    __slots__ = (
        "order", "deniers", "score", "cubes", "favour_markers", "tracks_used", "workers",
        "road", "owner", "occupant", "supply", "special", "stables", "inn", "castle_workers",
        "passed", "bailiff", "provost", "filled", "houses", "section", "scored",
        "turn", "phase", "cursor", "placer", "batches", "pending_residences",
        "scoring", "final", "lawyer_points", "stables_spots", "points", "free_road",
        "free_road_targets", "workable_road",
    )

    # Caylus is open information (rules reference, issue: "nearly open"): the neutral tiles are
    # placed face up at setup and nothing is drawn later, so no zone is hidden.
    ZONES = ()
    SECRETS = {}
    #: the answers that always end their player's turn: a worker placed or a pass (one worker per
    #: turn, §2 phase 2), a special building used (phase 3), a bribe (phase 4), the last batch
    #: delivered. A turn of several decisions (a building's activation, a castle delivery, the
    #: favours of one event and what they build) ends when none of its decisions is left: then
    #: ``_advance`` commits. Nothing is hidden or drawn after setup, so only turns limit undo.
    COMMITS: ClassVar[frozenset[str]] = frozenset({
        "pass", "place", "gate", "stay", "guild", "no-joust", "inn-stay", "inn-leave", "bribe",
        "no-bribe", "stop",
    })
    #: the events of every turn, recorded as their values (``engine.state.Event``: their dicts
    #: were 5 % of a random game's instructions, 11 % compiled); the others, by ``emit``
    EVENT_FIELDS = {
        "turn": ("turn", "order", "income"),
        "place": ("seat", "space", "building", "cost"),
        "place_at": ("seat", "place", "cost"),
        "pass": ("seat", "position"),
        "pass_first": ("seat", "position", "deniers"),
        "gate": ("seat", "space", "building"),
        "inn": ("seat",),
        "inn_out": ("seat",),
        "stables": ("order",),
        "trading_post": ("seat", "deniers"),
        "produce": ("seat", "space", "building", "cubes"),
        "sell": ("seat", "cube", "deniers"),
        "buy": ("seat", "cube", "deniers"),
        "guild": ("seat", "shift", "space"),
        "bribe": ("seat", "shift", "space", "paid"),
        "bailiff": ("space",),
        "build": ("seat", "building", "space", "pp"),
        "castle": ("seat", "section", "pp"),
        "castle_empty": ("seat", "penalty"),
        "section_penalty": ("seat", "section", "penalty"),
    }

    #: turn order (seats), first to last
    order: list[int]
    deniers: list[int]
    score: list[int]
    #: per seat, cubes by type (food, wood, stone, cloth, gold)
    cubes: list[list[int]]
    #: per seat, the column of each favour track's marker (0: left of column 1)
    favour_markers: list[list[int]]
    #: per seat, the favour tracks used this phase (bit k: track k)
    tracks_used: list[int]
    #: per seat, workers left to place this turn
    workers: list[int]
    #: per road space (R1 is 0): the tile there (-1: an empty site), its owner, the worker on it
    road: list[int]
    owner: list[int]
    occupant: list[int]
    #: the tiles still in the supply, in catalogue order
    supply: list[int]
    #: the seat on the Gate, the Trading Post, the Merchants' Guild and the Joust Field (-1: none)
    special: list[int]
    #: the seats on the stable spots, in spot order
    stables: list[int]
    #: the seats on the Inn's left and right circles (-1: none)
    inn: list[int]
    #: the seats with a worker at the castle, in arrival order
    castle_workers: list[int]
    #: the seats that have passed this turn, in passing order
    passed: list[int]
    bailiff: int
    provost: int
    #: houses in each castle section, and per section the houses of each seat
    filled: list[int]
    houses: list[list[int]]
    #: the castle section being built (3: the castle is full), and how many have been scored
    section: int
    scored: int
    turn: int
    phase: int
    #: where the current phase has got to (a step, a worker, a road space)
    cursor: int
    #: the turn-order position that places next in phase 2
    placer: int
    #: per seat, batches delivered to the castle this turn
    batches: list[int]
    #: residences paid for whose building still holds a worker: (road space, seat)
    pending_residences: list[tuple[int, int]]
    #: the section being scored now (-1: none)
    scoring: int
    #: the final bonuses by seat, once the game is over
    final: list[dict[str, int]] | None
    #: the Lawyer tile's PP (an option: the printings differ)
    lawyer_points: int
    #: the stable spots a worker may take (the option ``stables_spots``; none with 2 players:
    #: the stables are not used, rules §1.3), read where phase 2's places are listed rather
    #: than looked up in the options
    stables_spots: int
    #: each seat's score by category (``buildings.SCORE_CATEGORIES``), flat for cheap copies:
    #: seat ``s``'s category ``k`` is at ``s * CATEGORY_COUNT + k``; they add up to ``score``
    points: list[int]
    #: derived, a cache (not part of the game's content): the placements on the road open now,
    #: during phase 2 (``placement.free_road``); None: to be worked out again
    free_road: list[Action] | None
    #: the road places of ``free_road``'s placements, in the same order (read only while
    #: ``free_road`` is kept): a placement finds its answer's place in the menu by bisection
    #: of these ints, not of the answers by a key
    free_road_targets: list[int]
    #: derived, a cache (not part of the game's content): the road as it was, and the
    #: placements on every building of it one may work on, workers aside (``free_road`` and
    #: ``free_road_targets`` when nobody is on the road, as each phase 2 begins); None: to be
    #: worked out again
    workable_road: tuple[list[int], tuple[Action, ...], tuple[int, ...]] | None

    @classmethod
    def setup(cls, setup: Setup) -> CaylusState:
        self = cls()
        self._init_base(setup)
        players, options = setup.players, setup.options
        rng = self.rng
        order = list(range(players))
        shuffle(rng, order)  # §1.2 step 1: turn order at random
        self.order = order
        money = B.START_DENIERS_2P if players == 2 else B.START_DENIERS
        self.deniers = [0] * players
        for position, seat in enumerate(order):
            self.deniers[seat] = money[position]
        self.score = [0] * players
        self.points = [0] * (players * CATEGORY_COUNT)
        self.cubes = [list(B.START_CUBES) for _ in range(players)]
        self.favour_markers = [[0, 0, 0, 0] for _ in range(players)]
        self.tracks_used = [0] * players
        self.workers = [B.WORKERS] * players
        neutral = list(B.NEUTRAL_TILES)
        shuffle(rng, neutral)  # §1.4: R1–R6 in random order, face up
        road = [-1] * B.ROAD
        road[0:6] = neutral
        for space, tile in B.FIXED_AT.items():
            road[space] = tile
        self.road = road
        self.owner = [-1] * B.ROAD
        self.occupant = [-1] * B.ROAD
        supply = list(B.BUILDABLE)
        if not options["jeweller"]:
            supply.remove(B.JEWELLER_ID)
        if options["architects"] == 1:
            supply.remove(B.SECOND_ARCHITECT_ID)
        self.supply = supply
        self.lawyer_points = options["lawyer_points"]
        self.stables_spots = options["stables_spots"] if players > 2 else 0
        self.special = [-1, -1, -1, -1]
        self.stables = []
        self.inn = [-1, -1]
        self.castle_workers = []
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
        self.pending_residences = []
        self.scoring = -1
        self.final = None
        self.free_road = None
        self.free_road_targets = []
        self.workable_road = None
        self.emit("setup", order=list(order), road=[KEYS[t] for t in neutral],
                  deniers=[self.deniers[s] for s in order])
        placement.new_turn(self)
        self._drive()
        return self

    def _copy(self) -> CaylusState:
        o = CaylusState()
        o.order = self.order.copy()
        o.deniers = self.deniers.copy()
        o.score = self.score.copy()
        o.points = self.points.copy()
        o.cubes = [c.copy() for c in self.cubes]
        o.favour_markers = [f.copy() for f in self.favour_markers]
        o.tracks_used = self.tracks_used.copy()
        o.workers = self.workers.copy()
        o.road = self.road.copy()
        o.owner = self.owner.copy()
        o.occupant = self.occupant.copy()
        o.supply = self.supply.copy()
        o.special = self.special.copy()
        o.stables = self.stables.copy()
        o.inn = self.inn.copy()
        o.castle_workers = self.castle_workers.copy()
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
        o.stack = self.stack.copy()  # frames are immutable: shared
        o.batches = self.batches.copy()
        o.pending_residences = self.pending_residences.copy()
        o.scoring = self.scoring
        o.final = self.final
        o.lawyer_points = self.lawyer_points
        o.stables_spots = self.stables_spots
        road_menu = self.free_road  # changed in place by placements: copied, while kept
        if road_menu is None:
            o.free_road, o.free_road_targets = None, []
        else:
            o.free_road, o.free_road_targets = road_menu.copy(), self.free_road_targets.copy()
        o.workable_road = self.workable_road  # never mutated: shared
        return o

    def changed(self) -> None:
        super().changed()
        self.free_road = None
        self.workable_road = None

    def _fields(self) -> dict[str, Any]:
        fields = super()._fields()
        fields.pop("free_road", None)  # caches: two states that are equal may differ in them
        fields.pop("free_road_targets", None)
        fields.pop("workable_road", None)
        return fields

    # -- the contract -------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == P_OVER

    def result(self) -> Result:
        return scoring.result(self)

    # -- the phases ---------------------------------------------------------------------------

    def _step(self, seat: int, action: Action) -> Sequence[Action]:
        # ``StackState._step`` with its ``_drive_on`` loop inlined (a call less per move, the
        # hot path); the same steps in the same order: resolve the answer, then resolve the
        # forced frames and lapse the empty ones, and take the phase's next step when nothing
        # is pending, until a decision with a choice is awaited.
        stack = self.stack
        # the last frame off by ``clear``, not ``pop`` (``StackState``'s docstring): compiled
        # 3.2 % fewer instructions, pure the same
        if len(stack) == 1:
            frame = stack[0]
            stack.clear()
        else:
            frame = stack.pop()
        frame.resolve(self, action)
        while True:
            if stack:
                frame = stack[-1]
                options = frame.options(self)
                if len(options) > 1 or (options and not frame.forced):
                    return options
                if len(stack) == 1:
                    stack.clear()
                else:
                    stack.pop()
                if options:
                    frame.resolve(self, options[0])
                else:
                    frame.lapse(self)
            elif not self._advance():
                return ()

    def _advance(self) -> bool:
        """Nothing is pending: the turn whose decisions these were is over (so it can no longer
        be taken back), and the phase takes its next step. Each phase's function is called by
        name, the commonest first, not looked up in a table: compiled, a function taken from a
        table is called through Python's calling convention: 2.8 % of a compiled random game,
        where this method's call from ``_step`` costs a pure one 0.6 %."""
        self._barrier = len(self.moves)  # self.commit(), inlined: this runs after most moves
        phase = self.phase
        if phase == P_ROAD:
            activation.step_road(self)
        elif phase == P_BRIBE:
            provost.step_bribe(self)
        elif phase == P_SPECIAL:
            placement.step_special(self)
        elif phase == P_CASTLE:
            castle.step_castle(self)
        elif phase == P_PLACE:
            placement.step_place(self)
        elif phase == P_END:
            castle.step_end(self)
        else:  # over (or a test's phase that stops here)
            return False
        return True

    def begin(self, phase: int) -> None:
        """Start ``phase`` from its first step; favour tracks are free again (§5: one favour
        per track per phase)."""
        self.phase = phase
        self.cursor = 0
        self.tracks_used = [0] * self.players
        self.free_road = None

    # -- views --------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        # nothing is hidden in Caylus: every seat's view is the same board, made once
        return dict(self.shared_view(self._board_view))

    def _board_view(self) -> dict[str, Any]:
        road, owner, occupant = self.road, self.owner, self.occupant
        frame = self.pending()
        pending: dict[str, Any] | None = None
        if frame is not None:
            pending = {"decision": frame.name, "seat": frame.seat}
            building = activation.building_of(self, frame)
            if building >= 0:
                pending["building"] = KEYS[building]
            if isinstance(frame, construction.Build):
                pending["builds"] = frame.kind
                pending["discount"] = CUBES[frame.discount] if frame.discount >= 0 else None
            elif isinstance(frame, activation.Sell | activation.Buy):
                pending["price"] = frame.price
        return {
            "turn": self.turn,
            "phase": PHASE_NAMES[self.phase],
            "pending": pending,
            "order": list(self.order),
            "passed": list(self.passed),
            "bailiff": self.bailiff + 1,
            "provost": self.provost + 1,
            "place_cost": placement.base_cost(self),
            "road": [
                {
                    "space": i + 1,
                    "building": CATALOGUE[road[i]].key if road[i] >= 0 else None,
                    "name": NAMES[road[i]] if road[i] >= 0 else None,
                    "kind": KINDS[road[i]] if road[i] >= 0 else "site",
                    "owner": owner[i] if owner[i] >= 0 else None,
                    "worker": occupant[i] if occupant[i] >= 0 else None,
                }
                for i in range(B.ROAD)
            ],
            "special": {
                "gate": _seat(self.special[0]),
                "trading_post": _seat(self.special[1]),
                "guild": _seat(self.special[2]),
                "joust": _seat(self.special[3]),
                "stables": list(self.stables),
                "inn": [_seat(self.inn[0]), _seat(self.inn[1])],
            },
            "castle": {
                "workers": list(self.castle_workers),
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
            "lawyer_pending": [space + 1 for space, _ in self.pending_residences],
            # the road space whose building is working now (phase 5, while it asks something)
            "activating": (self.cursor - 1) // 2 + 1 if self.phase == P_ROAD and frame else None,
            "holdings": [
                {
                    "deniers": self.deniers[s],
                    "score": self.score[s],
                    "cubes": dict(zip(CUBES, self.cubes[s], strict=True)),
                    "workers": self.workers[s],
                    "favours": dict(zip(B.TRACKS, self.favour_markers[s], strict=True)),
                    "favour_used": [
                        B.TRACKS[k] for k in range(4) if self.tracks_used[s] >> k & 1
                    ],
                    "batches": self.batches[s],
                }
                for s in range(self.players)
            ],
        }


def _seat(x: int) -> int | None:
    return x if x >= 0 else None
