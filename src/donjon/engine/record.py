"""Game records: JSON that replays to the identical state."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from donjon.engine.registry import load
from donjon.engine.state import State

RECORD_KEYS = ("game", "version", "players", "options", "seed", "moves")


def replay(record: dict[str, Any], upto: int | None = None) -> State:
    """Rebuild a state from a record (the first ``upto`` moves, or all)."""
    missing = [k for k in RECORD_KEYS if k not in record]
    if missing:
        raise ValueError(f"not a game record: missing {', '.join(missing)}")
    game = load(record["game"])
    state = game.new_game(record["players"], seed=record["seed"], **record["options"])
    moves = record["moves"] if upto is None else record["moves"][:upto]
    for number, (seat, text) in enumerate(moves, 1):
        try:
            state.apply(seat, text)
        except ValueError as error:
            raise ValueError(f"move {number} ({seat}: {text!r}) does not replay: {error}") from None
    return state


def save(record: dict[str, Any], path: str | Path) -> None:
    Path(path).write_text(json.dumps(record, ensure_ascii=False, indent=1), "utf-8")


def read(path: str | Path) -> dict[str, Any]:
    return json.loads(Path(path).read_text("utf-8"))
