"""Game records: JSON that replays to the identical state.

Format 2 (``"format": 2``) holds each move that stands as ``[seat, kind, args, text]``: the
identity, then the text as a readable alias. Records written before formats existed (format 1)
hold moves as ``[seat, text]`` and still replay, by text. A record replays under the rules
version it was played with (``"version"``), for as long as the game still knows that version.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Final

from donjon.engine.action import Action, freeze
from donjon.engine.registry import load
from donjon.engine.state import RECORD_FORMAT, State

RECORD_KEYS: Final = ("game", "version", "players", "options", "seed", "moves")


def record_move(move: Any) -> tuple[int, Action | str]:
    """One move of a record of any format: the seat and the action (an identity, or a text in
    format 1). Raises ValueError on anything else."""
    if isinstance(move, list | tuple):
        if len(move) == 2 and isinstance(move[1], str):
            return move[0], move[1]
        if len(move) in (3, 4) and isinstance(move[1], str) and isinstance(move[2], list):
            text = move[3] if len(move) == 4 and isinstance(move[3], str) else ""
            return move[0], Action(move[1], freeze(move[2]), text)
    raise ValueError(f"a move is [seat, kind, args, text] or [seat, text], not {move!r}")


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """Rebuild a state from a record (the first ``upto`` moves, or all)."""
    missing = [k for k in RECORD_KEYS if k not in record]
    if missing:
        raise ValueError(f"not a game record: missing {', '.join(missing)}")
    form = record.get("format", 1)
    if form not in (1, RECORD_FORMAT):
        raise ValueError(f"record format {form!r} is newer than this release reads")
    game = load(record["game"])
    state = game.new_game(
        record["players"], seed=record["seed"], version=record["version"], **record["options"]
    )
    moves: Sequence[Any] = record["moves"] if upto is None else record["moves"][:upto]
    for number, move in enumerate(moves, 1):
        seat, action = record_move(move)
        try:
            state.apply(seat, action)
        except ValueError as error:
            raise ValueError(f"move {number} ({seat}: {action}) does not replay: {error}") from None
    return state


def save(record: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, ensure_ascii=False, indent=1), "utf-8")


def read(path: str | Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(Path(path).read_text("utf-8"))
    return data
