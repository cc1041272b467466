"""Caylus decision frames are immutable values (``donjon.engine.Frame``), so the rules make each
distinct one once and share it: a frozen dataclass costs more to make than to look up, and the
phases push hundreds of frames a game."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final, TypeVar

from donjon.engine import Frame

if TYPE_CHECKING:
    pass

F = TypeVar("F", bound=Frame)

_MADE: Final[dict[tuple[object, ...], object]] = {}


def made(kind: Callable[..., F], *fields: int | str | bool) -> F:
    """The frame ``kind(*fields)``, made once."""
    key = (kind,) + fields
    frame = _MADE.get(key)
    if frame is None:
        made_now = kind(*fields)
        _MADE[key] = made_now
        return made_now
    # the cache holds, under (kind, fields), the frame kind(*fields): an F (no ``cast``: a call
    # on the hot path)
    return frame  # type: ignore[return-value]
