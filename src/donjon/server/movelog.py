"""A table's move log read back: the state it stands for, under the rules it was played with,
and its record when those rules are gone.

The log is append-only. A move entry holds the move's identity (``kind``, ``args``) and its text;
rows the first release wrote hold only the text and replay by it. An undo entry replays as
``state.undo(seat)``: the seat's last standing move no longer stands.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import donjon
from donjon.engine import Game, State
from donjon.engine.state import RECORD_FORMAT
from donjon.server.store import LogEntry, TableRow

#: ``closed_reason`` of a table made under a rules version this release no longer plays
OLD_RULES = "old_rules"


def plays_rules(row: TableRow) -> bool:
    """Whether this release still plays the rules version ``row`` was made under (a game that
    does not load at all is a bug to report, not old rules: it raises)."""
    game = donjon.load(row.game)
    return row.game_version == game.version or row.game_version in game.versions


def rebuild(row: TableRow) -> State:
    """The state of a started table: its log replayed under its own rules version. Raises
    ValueError naming the entry that does not replay."""
    game: Game = donjon.load(row.game)
    state = game.new_game(row.players, seed=row.seed, version=row.game_version, **row.options)
    replay(state, row.moves, row.id)
    if len(row.moves) != row.version:
        raise ValueError(f"table {row.id}: {len(row.moves)} log entries but version {row.version}")
    return state


def replay(state: State, entries: Sequence[LogEntry], table_id: str, first: int = 1) -> None:
    """Log entries (numbered from ``first``) played on ``state`` in order. Raises ValueError
    naming the entry that does not replay."""
    for number, entry in enumerate(entries, first):
        try:
            if entry.undo:
                state.undo(entry.seat)
            else:
                state.apply(entry.seat, entry.action)
        except ValueError as error:
            raise ValueError(
                f"table {table_id}: entry {number} ({entry.seat}: {entry.text}) does not replay: "
                f"{error}"
            ) from None


def standing(entries: list[LogEntry]) -> list[LogEntry]:
    """The moves that stand, read from the log alone (without the rules): an undo takes back its
    seat's last standing move, which is the only move the engine lets a seat take back."""
    kept: list[LogEntry] = []
    for entry in entries:
        if not entry.undo:
            kept.append(entry)
            continue
        for i in range(len(kept) - 1, -1, -1):
            if kept[i].seat == entry.seat:
                del kept[i]
                break
        else:
            raise ValueError(f"an undo of seat {entry.seat} with no move of that seat standing")
    return kept


def record_of(row: TableRow) -> dict[str, Any]:
    """The record of a table whose state cannot be rebuilt (its rules version is gone): the
    standing moves as the log holds them (``[seat, text]`` for first-release rows), under the
    version it was played with, and the stored result."""
    return {
        "format": RECORD_FORMAT,
        "game": row.game,
        "version": row.game_version,
        "players": row.players,
        "options": row.options,
        "seed": row.seed,
        "moves": [entry.to_record() for entry in standing(row.moves)],
        "result": row.result,
    }
