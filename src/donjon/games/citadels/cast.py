"""The cast and the unique districts of a game (rules reference §1.5, §2.1, §2.4, §3.3, §3.4):
the ``characters`` and ``districts`` options turned into ids at setup (with the state's own
generator for the random ones), and the cast checked against the player count
(``check_table``, the game's ``constraints``: a table that cannot be played is refused when it is
made).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from donjon.engine.chance import randrange, shuffle
from donjon.games.citadels.cards import (
    CASTS,
    CHARACTER_ID,
    DISTRICT_ID,
    DISTRICT_TYPE,
    EMPEROR,
    QUEEN,
    RANDOM,
    RANK,
    UNIQUE,
    UNIQUE_SETS,
    cast_allowed,
)

UNIQUE_IDS: Final = tuple(d for d, t in enumerate(DISTRICT_TYPE) if t == UNIQUE)


def _uses_rank9(options: Mapping[str, Any], players: int) -> bool:
    if players == 2:
        return False
    if players in (3, 8):
        return True
    return bool(options["rank9"] == "yes")


def _cast_names(options: Mapping[str, Any], players: int) -> list[str] | None:
    """The names of a preset or explicit cast at this player count (None: a random cast)."""
    value = options["characters"]
    rank9 = _uses_rank9(options, players)
    if value == RANDOM:
        return None
    if value in CASTS:
        preset = list(CASTS[value])
        chosen = preset[8] if preset[8] is not None else options["first_game_rank9"]
        if preset[3] == "Emperor" and players == 2:
            preset[3] = options["emperor_substitute"]
        if chosen == "Queen" and players < 5:
            chosen = options["queen_substitute"]
        names = [n for n in preset[:8] if n is not None]
        return names + [chosen] if rank9 else names
    names = [v.strip() for v in value.split(",")]
    if len(names) == 9 and options["rank9"] == "no" and players not in (3, 8):
        names = [n for n in names if RANK[CHARACTER_ID[n]] != 9]
    return names


def check_table(players: int, options: dict[str, Any]) -> None:
    """§2.1 the cast against the player count (``Game.constraints``): no Emperor with 2
    players, no Queen below 5, no rank 9 with 2, a rank 9 with 3 and 8."""
    names = _cast_names(options, players)
    if names is None:
        return
    if len(names) == 9 and players == 2:
        raise ValueError("option characters: rank 9 is not used with 2 players; name one "
                         "character for each rank 1–8")
    if len(names) == 8 and players in (3, 8):
        raise ValueError(f"option characters: {players} players need a rank 9 character in the "
                         "cast (Queen, Artist or Tax Collector)")
    for name in names:
        c = CHARACTER_ID[name]
        if c == EMPEROR and players == 2:
            raise ValueError("option characters: the Emperor cannot be used with 2 players; "
                             "choose the King or the Patrician for rank 4")
        if c == QUEEN and not cast_allowed(c, players):
            raise ValueError(f"option characters: the Queen cannot be used with {players} "
                             "players (5 or more); choose the Artist or the Tax Collector")


def resolve_cast(options: Mapping[str, Any], players: int,
                 rng: random.Random) -> tuple[int, ...]:
    """The character ids of this game's cast, in rank order (§2.1, §2.4, §3.3, §3.4)."""
    names = _cast_names(options, players)
    if names is None:
        cast = []
        for rank in range(1, 10 if _uses_rank9(options, players) else 9):
            pool = [c for c in range(3 * rank - 3, 3 * rank) if cast_allowed(c, players)]
            cast.append(pool[randrange(rng, len(pool))])
        return tuple(cast)
    check_table(players, dict(options))
    return tuple(sorted((CHARACTER_ID[n] for n in names), key=RANK.__getitem__))


def resolve_uniques(options: Mapping[str, Any], rng: random.Random) -> tuple[int, ...]:
    value = options["districts"]
    if value == RANDOM:
        pool = list(UNIQUE_IDS)
        shuffle(rng, pool)
        return tuple(sorted(pool[:14]))
    names = UNIQUE_SETS[value] if value in UNIQUE_SETS else [v.strip() for v in value.split(",")]
    return tuple(sorted(DISTRICT_ID[n] for n in names))
