"""The State contract every game implements, and what all games share.

A game's State subclass keeps flat data (lists and ints) in ``__slots__`` and implements:

- ``setup(game, players, seed, options)``: a new game (a classmethod);
- ``to_move()``: the seats whose decision is awaited now (several for simultaneous choices);
- ``_legal_actions(seat)``: the complete list of legal Actions for a seat that is to move;
- ``_apply(seat, action)``: apply an action known to be legal;
- ``is_over()``, ``result()``;
- ``_view(seat)``: the JSON-ready view, reading hidden zones only through ``zone_view``;
- ``_copy()``: an independent copy of the game's own slots (see ``clone``).

and declares ``ZONES`` (hidden zones) and ``SECRETS`` (secret event arguments). This base class
derives validation, text parsing, ``view``, ``log``, ``clone``, ``determinize``, records and
equality from those.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar

from donjon.engine.action import Action
from donjon.engine.errors import IllegalAction
from donjon.engine.game import Game, Result
from donjon.engine.hidden import NOBODY, OWNER, Secret, Zone, deal_back, may_read, redacted

Event = tuple[str, dict[str, Any]]


class State(ABC):
    __slots__ = (
        "game", "players", "options", "seed", "_rng", "_rng_shared", "moves", "events", "_legal"
    )

    ZONES: ClassVar[tuple[Zone, ...]] = ()
    SECRETS: ClassVar[dict[str, tuple[Secret, ...]]] = {}

    game: Game
    players: int
    options: dict[str, Any]
    seed: int | None
    moves: list[tuple[int, Action]]
    events: list[Event]

    # -- construction -------------------------------------------------------------------------

    def _init_base(self, game: Game, players: int, seed: int, options: dict[str, Any]) -> None:
        self.game = game
        self.players = players
        self.options = options
        self.seed = seed
        self._rng = random.Random(seed)
        self._rng_shared = False
        self.moves = []
        self.events = []
        self._legal = None

    @property
    def rng(self) -> random.Random:
        """The state's own seeded generator, the only source of chance.

        Clones share one generator until either draws from it (copy on write): copying a
        Mersenne Twister costs more than copying a whole game's lists.
        """
        if self._rng_shared:
            rng = random.Random.__new__(random.Random)
            rng.setstate(self._rng.getstate())
            self._rng = rng
            self._rng_shared = False
        return self._rng

    @rng.setter
    def rng(self, value: random.Random) -> None:
        self._rng = value
        self._rng_shared = False

    @classmethod
    @abstractmethod
    def setup(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> State:
        """A new game: create with ``cls.__new__(cls)``, call ``_init_base``, deal with ``rng``."""

    # -- the contract -------------------------------------------------------------------------

    @abstractmethod
    def to_move(self) -> list[int]:
        """The seats whose decision is awaited now; ``[]`` when the game is over."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the game has ended."""

    @abstractmethod
    def result(self) -> Result:
        """Scores and ranks of a finished game."""

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action for ``seat`` now; empty if the seat is not to move."""
        if seat.__class__ is not int or not 0 <= seat < self.players:
            self._check_seat(seat)
        cache = self._legal
        if cache is None:
            actions = self._legal_actions(seat) if seat in self.to_move() else []
            self._legal = {seat: actions}
            return actions
        actions = cache.get(seat)
        if actions is None:
            actions = cache[seat] = self._legal_actions(seat) if seat in self.to_move() else []
        return actions

    def apply(self, seat: int, action: Action | str) -> None:
        """Apply ``action`` (an Action or its text) for ``seat``.

        Raises IllegalAction, naming what was wrong and what is allowed, and changes nothing.
        """
        cache = self._legal
        legal = cache.get(seat) if cache is not None and seat.__class__ is int else None
        if legal is None:
            legal = self.legal_actions(seat)
        for candidate in legal:  # actions are interned: identity is the fast path
            if candidate is action:
                break
        else:
            action = self._find(seat, action, legal)
        self._legal = None
        self.moves.append((seat, action))
        self._apply(seat, action)

    def _find(self, seat: int, action: Any, legal: list[Action]) -> Action:
        if self.is_over():
            raise IllegalAction("the game is over; no action is allowed", seat=seat)
        if not legal:
            waiting = ", ".join(str(s) for s in self.to_move())
            raise IllegalAction(
                f"seat {seat} is not to move; waiting for seat {waiting}", seat=seat
            )
        text = action.text if isinstance(action, Action) else action
        if not isinstance(text, str):
            raise IllegalAction(
                f"an action is an Action or its text, not {type(action).__name__}", seat=seat
            )
        wanted = " ".join(text.split())
        for candidate in legal:
            if candidate.text == wanted:
                return candidate
        allowed = [a.text for a in legal]
        shown = "; ".join(allowed[:30]) + ("; …" if len(allowed) > 30 else "")
        raise IllegalAction(
            f"{text!r} is not legal for seat {seat} now; legal: {shown}", seat=seat, allowed=allowed
        )

    def _check_seat(self, seat: Any) -> None:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < self.players:
            raise IllegalAction(
                f"there is no seat {seat!r}; seats are 0 to {self.players - 1}", seat=None
            )

    @abstractmethod
    def _legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of a seat that is to move."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Apply an action the base class has validated."""

    # -- hidden information -------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """Exactly what ``seat`` may know, JSON-ready; ``None`` is a spectator."""
        if seat is not None:
            self._check_seat(seat)
        view = self._view(seat)
        view["game"] = self.game.name
        view["players"] = self.players
        view["seat"] = seat
        view["to_move"] = self.to_move()
        view["over"] = self.is_over()
        if view["over"]:
            view["result"] = self.result().to_json()
        return view

    @abstractmethod
    def _view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, hidden zones read through ``zone_view``."""

    def zone_view(self, attr: str, seat: int | None, show=None) -> Any:
        """A hidden zone as ``seat`` may see it: contents where allowed, else the size.

        An OWNER zone becomes a list per seat (contents for the seat's own part, a count for the
        others); a NOBODY zone becomes its size. ``show`` maps one item to its JSON form.
        """
        zone = self._zone(attr)
        value = getattr(self, attr)
        if zone.seen_by == NOBODY:
            return len(value)
        return [
            ([show(x) for x in part] if show else list(part)) if i == seat else len(part)
            for i, part in enumerate(value)
        ]

    def _zone(self, attr: str) -> Zone:
        for zone in self.ZONES:
            if zone.attr == attr:
                return zone
        raise KeyError(f"{type(self).__name__} declares no hidden zone {attr!r}")

    def emit(self, key: str, **args: Any) -> None:
        """Record a log event; arguments declared in SECRETS reach only the seats allowed."""
        self.events.append((key, args))

    def log(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The events so far (from number ``since`` on) as ``seat`` may see them (``None``: a
        spectator)."""
        if seat is not None:
            self._check_seat(seat)
        return [self._event_for(key, args, seat) for key, args in self.events[since:]]

    def _event_for(self, key: str, args: dict[str, Any], seat: int | None) -> dict[str, Any]:
        secrets = self.SECRETS.get(key)
        shown = dict(args)
        if secrets:
            for secret in secrets:
                if not may_read(secret, args, seat):
                    for name in secret.args:
                        if name in shown:
                            shown[name] = redacted(shown[name], secret.redact)
        return {"key": key, "args": shown}

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A clone in which everything hidden from ``seat`` is resampled consistently with
        ``view(seat)`` and ``log(seat)``; it keeps no trace of the true hidden state."""
        self._check_seat(seat)
        state = self.clone()
        state.seed = None
        state.moves = []
        if self.SECRETS:  # a game with no secret arguments shares its events as they are
            state.events = [
                (key, self._event_for(key, args, seat)["args"]) for key, args in self.events
            ]
        state.rng = random.Random(rng.getrandbits(64))
        state._resample(seat, rng)
        state._legal = None
        return state

    def hidden_parts(self, seat: int) -> list[list[Any]]:
        """The lists, among the declared zones, whose contents ``seat`` may not see: the other
        seats' parts of OWNER zones and every NOBODY zone (the lists themselves, not copies)."""
        parts: list[list[Any]] = []
        for zone in self.ZONES:
            value = getattr(self, zone.attr)
            if zone.seen_by == OWNER:
                parts.extend(part for i, part in enumerate(value) if i != seat)
            else:
                parts.append(value)
        return parts

    def _resample(self, seat: int, rng: random.Random) -> None:
        """Deal every item hidden from ``seat`` back at random into the same zones with the same
        sizes. Games whose knowledge is richer override."""
        deal_back(self.hidden_parts(seat), rng)

    # -- copies, equality, records ------------------------------------------------------------

    def clone(self) -> State:
        """An independent copy: flat lists copied by hand, never ``copy.deepcopy``."""
        other = self._copy()
        other.game = self.game
        other.players = self.players
        other.options = self.options  # never mutated after setup
        other.seed = self.seed
        other._rng = self._rng
        other._rng_shared = self._rng_shared = True
        other.moves = self.moves.copy()
        other.events = self.events.copy()  # events are never mutated once emitted
        other._legal = None
        return other

    @abstractmethod
    def _copy(self) -> State:
        """A new state with the game's own slots copied by hand."""

    def _fields(self) -> dict[str, Any]:
        names: list[str] = []
        for cls in type(self).__mro__:
            names.extend(getattr(cls, "__slots__", ()))
        out = {}
        for name in names:
            if name in ("_legal", "game", "_rng", "_rng_shared") or not hasattr(self, name):
                continue
            out[name] = getattr(self, name)
        out["rng"] = self._rng.getstate()
        out["game"] = self.game.name
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]

    def record(self) -> dict[str, Any]:
        """The game record: replaying it reproduces this state exactly."""
        if self.seed is None:
            raise ValueError("a determinized state has no record")
        return {
            "game": self.game.name,
            "version": self.game.version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "moves": [[seat, action.text] for seat, action in self.moves],
            "result": self.result().to_json() if self.is_over() else None,
        }

    def __repr__(self) -> str:
        status = "over" if self.is_over() else f"to move {self.to_move()}"
        return f"<{self.game.name} {self.players}p seed={self.seed} moves={len(self.moves)} {status}>"
