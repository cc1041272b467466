"""Caylus for research: every action numbered, and a seat's view as a tensor
(see ``donjon.engine.research``).

The action space is every answer of the game's own action tables (``actions``), in the order
the module declares them, then the answers its constructors make when first needed: placing a
worker on, moving it by the Gate to, or converting every road space and special building;
building every wood and stone tile (paying its "any" cube with each cube, where it has one);
building every prestige tile on every road space.

The bailiff advances at least one space a turn from R6, and the game ends once he has triggered
the towers (R24), so a game has at most 19 turns; how many decisions a turn holds has no simple
bound, so ``max_game_length`` is a cap of ``CAP_PER_SEAT_TURN`` decisions a seat and a turn:
random games stay under a tenth of it.

Caylus hides nothing: the view is the whole table. The tensor encodes who views and who is to
move, the turn, phase and pending decision, the turn order and passes, the bailiff and provost,
every road space (its building, owner and worker), the special buildings' workers, the castle,
the building supply, the residences to come, and each seat's deniers, points, cubes, workers and
favours. Counts of things the box holds a fixed number of lie in [0, 1]; deniers, points and
cubes, which have no fixed maximum, are scaled (``SCALE``) and bounded loosely.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, Final

from donjon.engine import Frame
from donjon.engine.research import Identity, Segment, actions_in, module_actions, one_hot
from donjon.games.caylus import actions as tables
from donjon.games.caylus import buildings as B

#: the largest number of turns (see the module doc)
TURNS: Final = B.SECTION_TRIGGER[-1] - B.START + 1
#: decisions a seat and a turn before a game is cut
CAP_PER_SEAT_TURN: Final = 40
#: deniers, points and cubes are divided by these; their bounds are 100 times as much
SCALE: Final = {"deniers": 20, "score": 100, "cubes": 10}
KEYS: Final = tuple(b.key for b in B.CATALOGUE)
SPECIAL_SEATS: Final = ("gate", "trading_post", "guild", "joust")
MAX_STABLES: Final = 3
FAVOUR_COLUMNS: Final = max(B.UNLOCKED)


@cache
def _decisions() -> tuple[str, ...]:
    """The names of every decision frame of Caylus, sorted (found once: a walk of every frame
    class was a fifth of an encoding)."""
    found: set[str] = set()
    todo: list[type[Any]] = [Frame]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if cls.__module__.startswith("donjon.games.caylus."):
            found.add(cls.name)
    return tuple(sorted(found))


def _targets() -> list[int]:
    return [*range(B.ROAD), *B.TARGET_IDS]


def action_space(options: Mapping[str, Any]) -> list[Identity]:
    made = []
    for kind in ("place", "gate", "convert"):
        made += [tables.target_action(kind, target) for target in _targets()]
    for tile in B.BUILDABLE:
        if B.KINDS[tile] == B.PRESTIGE:
            made += [tables.architect_action(tile, space) for space in range(B.ROAD)]
        else:
            made.append(tables.build_action(tile))
            if B.ANY[tile]:
                made += [tables.build_action(tile, cube) for cube in range(len(B.CUBES))]
    # the tables first; a constructor's answer already there keeps its number
    return list(dict.fromkeys([*module_actions(tables), *actions_in(made)]))


def max_game_length(players: int, options: Mapping[str, Any]) -> int:
    return CAP_PER_SEAT_TURN * players * TURNS


def observation_layout(players: int, options: Mapping[str, Any]) -> list[Segment]:
    p, k = players, len(KEYS)
    decisions = _decisions()
    loose = 100.0
    return [
        Segment("viewer", p, "1 at the viewing seat (none for a spectator)"),
        Segment("to_move", p, "1 at each seat to move now"),
        Segment("turn", 1, f"turn / {TURNS}"),
        Segment("phase", len(tables.PHASE_NAMES), f"one of {', '.join(tables.PHASE_NAMES)}"),
        Segment("pending", len(decisions), f"the decision pending: {', '.join(decisions)}"),
        Segment("pending_seat", p, "1 at the seat that decides"),
        Segment("pending_building", k, "the building the decision is about (one-hot by tile)"),
        Segment("order", p * p, "per position in the turn order, 1 at its seat"),
        Segment("passed", p, "per seat: 0, or its place among those who passed / seats"),
        Segment("road_markers", 3, f"bailiff, provost / {B.ROAD}; the placement price / {players + 1}"),
        Segment("road", B.ROAD * (k + 2 * p),
                "per road space R1–R28: its building (one-hot by tile, none for an empty site), "
                "1 at its owner, 1 at the seat of its worker"),
        Segment("specials", len(SPECIAL_SEATS) * p,
                f"per special building ({', '.join(SPECIAL_SEATS)}): 1 at its worker's seat"),
        Segment("stables", MAX_STABLES * p, "per place in the stables: 1 at its seat"),
        Segment("inn", 2 * p, "per place at the inn: 1 at its seat"),
        Segment("castle_workers", 2 * p,
                f"per seat: its workers at the castle / {B.WORKERS}, its first arrival / "
                f"{B.WORKERS * p}"),
        Segment("castle", 4 + 3 * (2 + p),
                "the section being built (dungeon, walls, towers, none); per section: filled / "
                "size, 1 if scored, each seat's houses / size"),
        Segment("favour_columns", 1, f"favour columns open / {FAVOUR_COLUMNS}"),
        Segment("supply", k, "1 for each tile still in the supply"),
        Segment("lawyer_pending", B.ROAD, "1 at each road space becoming a residence"),
        Segment("holdings", p * 3, "per seat: deniers / {deniers}, points / {score}, workers / "
                f"{B.WORKERS}".format(**SCALE), high=loose),
        Segment("cubes", p * len(B.CUBES), f"per seat, per cube ({', '.join(B.CUBES)}): "
                f"cubes / {SCALE['cubes']}", high=loose),
        Segment("favours", p * 8, f"per seat, per track ({', '.join(B.TRACKS)}): marker / "
                f"{FAVOUR_COLUMNS}, 1 if used this phase"),
        Segment("batches", p, "per seat: batches delivered this turn / 10", high=loose),
        Segment("ranks", p, "once over, per seat: (players - rank) / (players - 1)"),
    ]


def _seat(seat: int | None, players: int) -> list[float]:
    return one_hot(seat, players)


#: each tile's one-hot row, and an empty site's, made once: the road is most of the tensor
_TILE_ROWS: Final[Mapping[str | None, tuple[float, ...]]] = {
    None: (0.0,) * len(KEYS),
    **{key: tuple(one_hot(number, len(KEYS))) for number, key in enumerate(KEYS)},
}


@cache
def _seat_rows(players: int) -> dict[int | None, tuple[float, ...]]:
    """Each seat's one-hot row, and nobody's, at a player count."""
    return {seat: tuple(one_hot(seat, players)) for seat in (None, *range(players))}


def encode(view: Mapping[str, Any], players: int,
           options: Mapping[str, Any]) -> dict[str, list[float]]:
    p = players
    decisions = _decisions()
    pending = view["pending"] or {}
    passed = view["passed"]
    seats = _seat_rows(p)
    road: list[float] = []
    for space in view["road"]:
        road += _TILE_ROWS[space["building"]]
        road += seats[space["owner"]]
        road += seats[space["worker"]]
    special = view["special"]
    stables = [*special["stables"], *[None] * (MAX_STABLES - len(special["stables"]))]
    workers = view["castle"]["workers"]
    castle = one_hot(B.SECTIONS.index(view["castle"]["section"])
                     if view["castle"]["section"] is not None else 3, 4)
    for section in view["castle"]["sections"]:
        size = section["size"]
        castle += [section["filled"] / size, 1.0 if section["scored"] else 0.0,
                   *(h / size for h in section["houses"])]
    holdings = view["holdings"]
    ranks = view["result"]["ranks"] if view["over"] else None
    return {
        "viewer": _seat(view["seat"], p),
        "to_move": [1.0 if s in view["to_move"] else 0.0 for s in range(p)],
        "turn": [view["turn"] / TURNS],
        "phase": one_hot(tables.PHASE_NAMES.index(view["phase"]), len(tables.PHASE_NAMES)),
        "pending": one_hot(decisions.index(pending["decision"]) if pending else None,
                           len(decisions)),
        "pending_seat": _seat(pending.get("seat"), p),
        "pending_building": one_hot(KEYS.index(pending["building"])
                                    if "building" in pending else None, len(KEYS)),
        "order": [v for seat in view["order"] for v in _seat(seat, p)],
        "passed": [(passed.index(s) + 1) / p if s in passed else 0.0 for s in range(p)],
        "road_markers": [view["bailiff"] / B.ROAD, view["provost"] / B.ROAD,
                         view["place_cost"] / (p + 1)],
        "road": road,
        "specials": [v for name in SPECIAL_SEATS for v in _seat(special[name], p)],
        "stables": [v for seat in stables for v in _seat(seat, p)],
        "inn": [v for seat in special["inn"] for v in _seat(seat, p)],
        "castle_workers": [
            *(workers.count(s) / B.WORKERS for s in range(p)),
            *((workers.index(s) + 1) / (B.WORKERS * p) if s in workers else 0.0
              for s in range(p)),
        ],
        "castle": castle,
        "favour_columns": [view["favour_columns"] / FAVOUR_COLUMNS],
        "supply": [1.0 if key in view["supply"] else 0.0 for key in KEYS],
        "lawyer_pending": [1.0 if space in view["lawyer_pending"] else 0.0
                           for space in range(1, B.ROAD + 1)],
        "holdings": [v for h in holdings for v in (h["deniers"] / SCALE["deniers"],
                                                    h["score"] / SCALE["score"],
                                                    h["workers"] / B.WORKERS)],
        "cubes": [h["cubes"][cube] / SCALE["cubes"] for h in holdings for cube in B.CUBES],
        "favours": [v for h in holdings for track in B.TRACKS
                    for v in (h["favours"][track] / FAVOUR_COLUMNS,
                              1.0 if track in h["favour_used"] else 0.0)],
        "batches": [h["batches"] / 10 for h in holdings],
        "ranks": [0.0] * p if ranks is None else [(p - r) / (p - 1) for r in ranks],
    }
