"""Errors raised by the engine contract."""

from __future__ import annotations


class IllegalAction(ValueError):
    """An action that may not be applied now: unknown text, wrong seat, game over.

    The message says what was wrong and what is allowed; the state is unchanged.
    """

    def __init__(self, message: str, *, seat: int | None = None, allowed: list[str] | None = None):
        super().__init__(message)
        self.seat = seat
        self.allowed = allowed or []
