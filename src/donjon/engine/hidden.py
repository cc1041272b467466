"""Hidden information, declared once per game.

A game declares its hidden **zones** (where cards or choices lie that not everyone may see) and
its **secret event arguments** (the parts of a log entry only some seats may read). ``view``,
``log`` and the default ``determinize`` of :class:`donjon.engine.state.State` are all derived
from these declarations, so a consumer can only see what the declaration allows.
"""

from __future__ import annotations

import random
from typing import Any, Final, NamedTuple

from donjon.engine.chance import shuffle

#: Who may see a zone's contents. Everyone always sees its size.
OWNER: Final = "owner"  # a per-seat zone (a hand): each seat sees its own part
NOBODY: Final = "nobody"  # a shared zone (a deck): no seat sees its contents or order


class Zone(NamedTuple):
    """A hidden zone: the state attribute holding it and who may see inside.

    ``OWNER`` zones are lists indexed by seat (each a list of items); ``NOBODY`` zones are one
    list. The default determinization shuffles together every item a seat cannot see and deals
    them back into the same zones with the same sizes.
    """

    attr: str
    seen_by: str


class Secret(NamedTuple):
    """Arguments of a log event that only some seats may read.

    ``seen_by`` names the event argument holding the seat (or list of seats) allowed to read
    ``args``; ``None`` means nobody reads them until a later public event reveals them.
    Other seats get the argument replaced by ``redact``: ``"count"`` (the length of a list),
    or ``"hidden"`` (the string ``"hidden"``).
    """

    args: tuple[str, ...]
    seen_by: str | None = "seat"
    redact: str = "hidden"


def redacted(value: Any, how: str) -> Any:
    """``value`` as a seat that may not read it sees it (idempotent: a determinized state's
    log is already redacted)."""
    if how == "count":
        return value if isinstance(value, int) else len(value)
    return "hidden"


def may_read(secret: Secret, args: dict[str, Any], seat: int | None) -> bool:
    if seat is None or secret.seen_by is None:
        return False
    allowed = args.get(secret.seen_by)
    if isinstance(allowed, (list, tuple)):
        return seat in allowed
    return allowed == seat


def deal_back(parts: list[list[Any]], rng: random.Random) -> None:
    """Shuffle together the items of ``parts`` and deal them back, each list keeping its size.

    The heart of a determinization: what a seat cannot tell apart is redistributed at random.
    """
    pool = [item for part in parts for item in part]
    shuffle(rng, pool)
    start = 0
    for part in parts:
        end = start + len(part)
        part[:] = pool[start:end]
        start = end
