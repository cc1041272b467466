"""Errors raised by the engine contract."""

from __future__ import annotations

from typing import Final

#: why an action was refused (``IllegalAction.reason``): a caller chooses its answer from the
#: reason, never from the message's words
NOT_TO_MOVE: Final = "not_to_move"  # the seat is not awaited now
NOT_LEGAL: Final = "not_legal"  # no legal action has that identity or text
BAD_SEAT: Final = "bad_seat"  # there is no such seat
BAD_ACTION: Final = "bad_action"  # not an action at all (wrong type, malformed identity)
GAME_OVER: Final = "game_over"  # the game has ended
CANNOT_UNDO: Final = "cannot_undo"  # nothing of the seat's may be taken back now
REASONS: Final = (NOT_TO_MOVE, NOT_LEGAL, BAD_SEAT, BAD_ACTION, GAME_OVER, CANNOT_UNDO)


class IllegalAction(ValueError):
    """An action that may not be applied now: unknown text, wrong seat, game over.

    The message says what was wrong and what is allowed; ``reason`` is one of ``REASONS``;
    ``allowed`` lists the legal actions' texts where that helps. The state is unchanged.
    """

    def __init__(
        self, message: str, *, reason: str = NOT_LEGAL, seat: int | None = None,
        allowed: list[str] | None = None,
    ):
        super().__init__(message)
        self.reason = reason
        self.seat = seat
        self.allowed = allowed or []
