"""Clocks, the two ways people play: *real-time* (a time bank per player and an increment when
their turn ends: Fischer, e.g. 10 min + 20 s) and *turn-based* (a time limit per turn, e.g. 24 h,
reset each time the turn comes back).

A clock runs on the server only: it is a value written with every entry of the move log (in the
same transaction), holding for each seat the seconds it had left when its clock last started
(``left``) and when that was (``since``, Unix time; None while it waits). Remaining time is
``left - (now - since)``, so a restart neither loses nor grants time: the truth is the wall clock
and what the database holds. Only seats played by a person have a clock (``left`` None for a
bot, or a person a bot replaced). Several seats to move at once (simultaneous choices) each run
their own and run out on their own.

The engine's view stays deterministic: the time left goes in the server's state message.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

NONE, REALTIME, TURN = "none", "realtime", "turn"
MODES = (NONE, REALTIME, TURN)

#: what a table's clock may be set to, in seconds (the lobby offers presets inside these)
BANK_RANGE = (5, 4 * 3600)
INCREMENT_RANGE = (0, 600)
PER_MOVE_RANGE = (5, 14 * 24 * 3600)


@dataclass(frozen=True, slots=True)
class ClockSettings:
    mode: str = NONE
    #: real-time: each seat's bank, and what a seat gains when its turn ends
    bank: int = 600
    increment: int = 20
    #: turn-based: the time a seat has for each of its turns
    per_move: int = 24 * 3600

    @property
    def on(self) -> bool:
        return self.mode != NONE

    def to_json(self) -> dict[str, Any]:
        return {"mode": self.mode, "bank": self.bank, "increment": self.increment,
                "per_move": self.per_move}

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | None) -> ClockSettings:
        if not data:
            return cls()
        return cls(mode=str(data.get("mode", NONE)), bank=int(data.get("bank", 600)),
                   increment=int(data.get("increment", 20)),
                   per_move=int(data.get("per_move", 24 * 3600)))


@dataclass(slots=True)
class Clock:
    settings: ClockSettings
    left: list[float | None]
    since: list[float | None]
    #: the seats whose time ran out (a bot took them over), in order
    flagged: list[int] = field(default_factory=list)

    @classmethod
    def start(cls, settings: ClockSettings, players: int, clocked: Iterable[int],
              to_move: Iterable[int], now: float) -> Clock:
        """The clocks of a game that starts now: each clocked seat's full time, running for
        the seats to move."""
        full = float(settings.bank if settings.mode == REALTIME else settings.per_move)
        people = set(clocked)
        clock = cls(settings, [full if seat in people else None for seat in range(players)],
                    [None] * players)
        clock.update(None, False, to_move, now)
        return clock

    def remaining(self, seat: int, now: float) -> float | None:
        left, since = self.left[seat], self.since[seat]
        if left is None:
            return None
        return left - (now - since) if since is not None else left

    def deadline(self, seat: int) -> float | None:
        left, since = self.left[seat], self.since[seat]
        return None if left is None or since is None else since + left

    def next_deadline(self) -> float | None:
        moments = [d for seat in range(len(self.left)) if (d := self.deadline(seat)) is not None]
        return min(moments) if moments else None

    def out_of_time(self, now: float) -> list[int]:
        return [seat for seat in range(len(self.left))
                if (d := self.deadline(seat)) is not None and d <= now]

    def update(self, mover: int | None, moved: bool, to_move: Iterable[int], now: float) -> None:
        """After an entry of the log at ``now`` (``mover``'s move, or its undo when not
        ``moved``; None at the start): a seat no longer to move stops (gaining the increment if
        its own move ended its turn, in real time); a seat newly to move starts (with the full
        limit again, turn-based); a seat still to move runs on."""
        running = set(to_move)
        for seat, left in enumerate(self.left):
            if left is None:
                continue
            was, will = self.since[seat] is not None, seat in running
            if was and not will:
                spent = now - (self.since[seat] or now)
                left -= spent
                if self.settings.mode == REALTIME and moved and seat == mover:
                    left += self.settings.increment
                self.left[seat], self.since[seat] = left, None
            elif will and not was:
                if self.settings.mode == TURN:
                    self.left[seat] = float(self.settings.per_move)
                self.since[seat] = now

    def stop(self, seat: int, now: float) -> None:
        """``seat`` is no longer a person's (a bot took it over): its clock is gone."""
        if self.left[seat] is not None and self.since[seat] is not None:
            self.left[seat] = self.remaining(seat, now)
        self.left[seat], self.since[seat] = None, None

    def to_json(self) -> dict[str, Any]:
        return {"settings": self.settings.to_json(), "left": self.left, "since": self.since,
                "flagged": self.flagged}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Clock:
        return cls(ClockSettings.from_json(data.get("settings")), list(data["left"]),
                   list(data["since"]), list(data.get("flagged", [])))

    def message(self, now: float) -> dict[str, Any]:
        """What the state message carries: each seat's seconds left now (None: no clock), and
        whether it runs; the client counts down from there."""
        return {
            "mode": self.settings.mode, "increment": self.settings.increment,
            "per_move": self.settings.per_move,
            "seats": [
                None if self.left[seat] is None else {
                    "left": round(max(0.0, self.remaining(seat, now) or 0.0), 2),
                    "running": self.since[seat] is not None,
                }
                for seat in range(len(self.left))
            ],
        }
