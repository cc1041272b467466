"""What the server refuses: an HTTP status, a stable code the client can test, and the arguments
of its message (``err_<code>`` in i18n, in the caller's language).

A refusal may name a more precise message (``key``) and carry more JSON fields (``fields``): a
move the game refuses is ``{"error": "illegal", "reason": <IllegalAction.reason>, ...}`` with
the message of its reason (``err_illegal_<reason>``).
"""

from __future__ import annotations

from typing import Any

from donjon.engine import Action, IllegalAction
from donjon.engine.action import thaw
from donjon.engine.errors import CANNOT_UNDO, GAME_OVER, NOT_LEGAL, NOT_TO_MOVE, REASONS

#: the refusals of the engine that mean "not now" (409) rather than "not that" (400)
CONFLICTS = frozenset({NOT_TO_MOVE, CANNOT_UNDO, GAME_OVER})


class Refused(Exception):
    def __init__(self, status: int, code: str, detail: str = "",
                 headers: dict[str, str] | None = None, *, key: str | None = None,
                 fields: dict[str, Any] | None = None, **args: Any):
        super().__init__(detail or code)
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers or {}
        self.key = key or f"err_{code}"
        self.fields = fields or {}
        self.args_ = args


class TableError(Refused):
    """A request a table refuses (a seat taken, a move not allowed...)."""


class ApiError(Refused):
    """A request the web layer refuses (no session, no CSRF token, a body that is not JSON...)."""


def illegal(error: IllegalAction, wanted: Action | str) -> TableError:
    """The engine's refusal of ``wanted`` (what a seat sent), for people: the status from its
    reason, never from its words; the message, in the caller's language, from the reason, what
    was sent and the texts of the legal actions (the seat's own)."""
    reason = error.reason
    args: dict[str, Any] = {}
    if reason == NOT_LEGAL:
        if isinstance(wanted, str):
            sent = wanted
        else:
            sent = wanted.text or f"{wanted.kind} {thaw(wanted.args)}"
        shown = "; ".join(error.allowed[:30]) + ("; …" if len(error.allowed) > 30 else "")
        args = {"action": sent[:200], "allowed": shown}
    return TableError(409 if reason in CONFLICTS else 400, "illegal",
                      key=f"err_illegal_{reason}" if reason in REASONS else "err_illegal",
                      fields={"reason": reason}, **args)
