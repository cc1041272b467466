"""What the server refuses: an HTTP status, a stable code the client can test, and the arguments
of its message (``err_<code>`` in i18n, in the caller's language)."""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    def __init__(self, status: int, code: str, detail: str = "",
                 headers: dict[str, str] | None = None, **args: Any):
        super().__init__(detail or code)
        self.status = status
        self.code = code
        self.detail = detail
        self.headers = headers or {}
        self.args_ = args


class TableError(Refused):
    """A request a table refuses (a seat taken, a move not allowed...)."""


class ApiError(Refused):
    """A request the web layer refuses (no session, no CSRF token, a body that is not JSON...)."""
