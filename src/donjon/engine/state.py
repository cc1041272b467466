"""The State contract every game implements, and what all games share.

A game's State subclass keeps flat, annotated data (lists and ints) in ``__slots__`` and
implements:

- ``setup(setup)``: a new game from a checked ``Setup`` (a classmethod: ``self = cls()``, then
  ``self._init_base(setup)``, then deal with ``self.rng``);
- ``to_move()``: the seats whose decision is awaited now (several for simultaneous choices);
- ``_legal_actions(seat)``: every legal Action of a seat that is to move (or the game offers
  them as it goes, with ``_offer``);
- ``_apply(seat, action)``: apply an action known to be legal;
- ``is_over()``, ``result()``;
- ``_view(seat)``: the JSON-ready view, reading hidden zones only through ``zone_view``;
- ``_copy()``: an independent copy of the game's own slots (see ``clone``);

and declares ``ZONES`` (hidden zones), ``SECRETS`` (secret event arguments), ``COMMITS``
(the move kinds that reveal something or pass the turn, so cannot be taken back) and, for
events it records as tuples of values, ``EVENT_FIELDS`` (their arguments' names). This base
class derives validation, text parsing, ``view``, ``log``, ``clone``, ``determinize``, undo,
records and equality from those.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final

from donjon.engine.action import Action, same, thaw
from donjon.engine.errors import (
    BAD_ACTION,
    BAD_SEAT,
    CANNOT_UNDO,
    GAME_OVER,
    NOT_LEGAL,
    NOT_TO_MOVE,
    IllegalAction,
)
from donjon.engine.hidden import NOBODY, OWNER, Secret, Zone, deal_back, may_read, redacted

if TYPE_CHECKING:
    from donjon.engine.game import Game, Result, Setup

#: a log event: its key and its arguments, a dict, or the tuple of their values in the order
#: ``State.EVENT_FIELDS`` names them (for the events of every turn: a tuple costs a fraction of
#: a dict to make and to free); ``log`` and ``determinize`` name them, as must any other reader
#: of ``events``
Event = tuple[str, Any]

#: the format of the records ``State.record`` writes (records without one are format 1:
#: moves as ``[seat, text]``)
RECORD_FORMAT: Final = 2

_NO_ACTIONS: Final[tuple[Action, ...]] = ()


class State(ABC):
    __slots__ = (
        "game", "players", "options", "seed", "version", "legacy", "_rng", "_rng_shared",
        "moves", "events", "_legal", "_barrier", "_seen", "_shared_view", "_commits",
    )

    ZONES: ClassVar[tuple[Zone, ...]] = ()
    SECRETS: ClassVar[Mapping[str, tuple[Secret, ...]]] = {}
    #: move kinds that reveal something to anyone or pass the turn: never undone (a move that
    #: draws from the generator is never undone either, whatever its kind)
    COMMITS: ClassVar[frozenset[str]] = frozenset()
    #: the events recorded as a tuple of values (``Event``): the names of their arguments
    EVENT_FIELDS: ClassVar[Mapping[str, tuple[str, ...]]] = {}

    game: Game
    players: int
    options: dict[str, Any]
    seed: int | None
    #: the rules version this game plays under, and the fixed behaviours of an older one
    version: str
    legacy: frozenset[str]
    #: the moves that stand, in order
    moves: list[tuple[int, Action]]
    events: list[Event]
    _rng: random.Random
    _rng_shared: bool
    _legal: dict[int, Sequence[Action]] | None
    #: moves before this index can never be taken back
    _barrier: int
    #: each seat's redacted copy of ``events`` (a prefix), for determinizations
    _seen: dict[int, list[Event]] | None
    #: what every seat's view shows alike (``shared_view``), and the position it was made at:
    #: the last move standing (the very tuple) and the number of moves
    _shared_view: tuple[Any, int, dict[str, Any]] | None
    #: the class's ``COMMITS``, read by every move from the state itself: compiled, a class
    #: attribute read through an instance goes through Python's protocol (1 % of a compiled
    #: random game of Castle Rooms, which plays each move through ``_play``)
    _commits: frozenset[str]

    # -- construction -------------------------------------------------------------------------

    def _init_base(self, setup: Setup) -> None:
        self.game = setup.game
        self.players = setup.players
        self.options = setup.options
        self.seed = setup.seed
        self.version = setup.version
        self.legacy = setup.legacy
        self._rng = random.Random(setup.seed)
        self._rng_shared = False
        self.moves = []
        self.events = []
        self._legal = None
        self._barrier = 0
        self._seen = None
        self._shared_view = None
        self._commits = self.COMMITS

    @property
    def rng(self) -> random.Random:
        """The state's own seeded generator, the only source of chance.

        Using it during a move makes that move final (chance was drawn: no undo). Clones share
        one generator until either draws from it (copy on write): copying a Mersenne Twister
        costs more than copying a whole game's lists.
        """
        self._barrier = len(self.moves)
        if self._rng_shared:
            rng = random.Random()
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
    def setup(cls, setup: Setup) -> State:
        """A new game: ``self = cls()``, ``self._init_base(setup)``, then deal with ``rng``."""

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

    def legal_actions(self, seat: int) -> Sequence[Action]:
        """Every legal action for ``seat`` now (an immutable sequence); empty if the seat is not
        to move."""
        if type(seat) is not int or not 0 <= seat < self.players:
            self._check_seat(seat)
        cache = self._legal
        if cache is not None:
            actions = cache.get(seat)
            if actions is not None:
                return actions
        actions = self._legal_actions(seat) if seat in self.to_move() else _NO_ACTIONS
        if type(actions) is not tuple:
            actions = tuple(actions)
        if cache is None:
            self._legal = {seat: actions}
        else:
            cache[seat] = actions
        return actions

    def _offer(self, seat: int, actions: Sequence[Action]) -> None:
        """Set ``seat``'s legal actions now, when the game has just computed them (the one way
        a game writes the cache; ``apply`` clears it)."""
        offered = actions if type(actions) is tuple else tuple(actions)
        cache = self._legal
        if cache is None:
            self._legal = {seat: offered}
        else:
            cache[seat] = offered

    def changed(self) -> None:
        """Forget what was derived from the fields: call it after editing a state's fields by
        hand (a test's scenario, a determinization rewriting hidden parts)."""
        self._legal = None
        self._seen = None
        self._shared_view = None

    def apply(self, seat: int, action: Action | str | Mapping[str, Any]) -> None:
        """Apply ``action`` for ``seat``: an Action, its text, or its identity as JSON
        (``{"kind": ..., "args": [...]}``).

        Raises IllegalAction, naming what was wrong and what is allowed, and changes nothing.
        """
        cache = self._legal
        legal = cache.get(seat) if cache is not None and type(seat) is int else None
        if legal is None:
            legal = self.legal_actions(seat)
        for candidate in legal:  # actions are interned: identity is the fast path
            if candidate is action:
                break
        else:
            action = self._find(seat, action, legal)
        self._play(seat, action)

    def _play(self, seat: int, action: Action) -> None:
        """Play ``action``, one of ``seat``'s legal actions now (the very object): ``apply``
        once the action is found among them. The engine's random play (``playout``) draws one
        from the legal actions, so calls this directly: searching the list for it was 3 % of a
        random Citadels game's instructions, and a tenth of a Caylus decision's bytecodes (its
        long lists of placements)."""
        self._legal = None
        moves = self.moves
        moves.append((seat, action))
        self._apply(seat, action)
        if action.kind in self._commits:
            self._barrier = len(moves)

    def _play_random(self, rng: random.Random, limit: int) -> int:
        """The game's own random play, for ``playout.play_random``: where a game can play its
        decisions one after another without what ``apply`` keeps between two calls, it plays
        up to ``limit`` (-1: no limit) of them and returns how many, leaving the state, the
        draws from ``rng`` and the moves that ``play_random``'s own loop would. -1: the game
        has none (the default)."""
        return -1

    def _find(self, seat: int, action: Any, legal: Sequence[Action]) -> Action:
        if self.is_over():
            raise IllegalAction(
                "the game is over; no action is allowed", reason=GAME_OVER, seat=seat
            )
        if not legal:
            waiting = ", ".join(str(s) for s in self.to_move())
            raise IllegalAction(
                f"seat {seat} is not to move; waiting for seat {waiting}",
                reason=NOT_TO_MOVE, seat=seat,
            )
        if isinstance(action, Mapping):
            try:
                action = Action.from_json(action)
            except ValueError as error:
                raise IllegalAction(str(error), reason=BAD_ACTION, seat=seat) from None
        if isinstance(action, Action):
            for candidate in legal:
                if candidate == action and same(candidate.args, action.args):
                    return candidate
            wanted = str(action)
        elif isinstance(action, str):
            wanted = " ".join(action.split())
            for candidate in legal:
                if candidate.text == wanted:
                    return candidate
        else:
            raise IllegalAction(
                "an action is an Action, its text or its identity, not "
                f"{type(action).__name__}", reason=BAD_ACTION, seat=seat,
            )
        allowed = [a.text for a in legal]
        shown = "; ".join(allowed[:30]) + ("; …" if len(allowed) > 30 else "")
        raise IllegalAction(
            f"{wanted!r} is not legal for seat {seat} now; legal: {shown}",
            reason=NOT_LEGAL, seat=seat, allowed=allowed,
        )

    def _check_seat(self, seat: Any) -> None:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(
                f"there is no seat {seat!r}; seats are 0 to {self.players - 1}",
                reason=BAD_SEAT, seat=None,
            )

    @abstractmethod
    def _legal_actions(self, seat: int) -> Sequence[Action]:
        """Every legal action of a seat that is to move."""

    @abstractmethod
    def _apply(self, seat: int, action: Action) -> None:
        """Apply an action the base class has validated."""

    def commit(self) -> None:
        """Make the move being applied final: it revealed something (a card turned over, a
        secret choice shown) although its kind does not always do so."""
        self._barrier = len(self.moves)

    # -- undo (Board Game Arena's rule) -------------------------------------------------------

    def _undo_window(self, seat: int) -> bool:
        """May ``seat`` still take back a move although others moved since, or although it is
        not to move? Only for secret simultaneous choices, until they are revealed; a game
        with such choices overrides."""
        return False

    def _undoable(self, seat: int) -> int:
        """The index in ``moves`` of the move ``seat`` may take back, or -1."""
        if self.seed is None or self.is_over():
            return -1
        moves = self.moves
        barrier = self._barrier
        window = None
        for i in range(len(moves) - 1, barrier - 1, -1):
            if moves[i][0] == seat:
                if i < len(moves) - 1 or seat not in self.to_move():
                    if window is None:
                        window = self._undo_window(seat)
                    if not window:
                        return -1
                return i
        return -1

    def can_undo(self, seat: int) -> bool:
        """May ``seat`` take back its last move? While it is still its turn (or its secret
        choice is not yet revealed), when no chance was drawn and nothing was revealed since."""
        self._check_seat(seat)
        return self._undoable(seat) >= 0

    def undo(self, seat: int) -> None:
        """Back to the state before ``seat``'s last undoable move: the move no longer stands.
        Raises IllegalAction (and changes nothing) when ``can_undo(seat)`` does not hold."""
        self._check_seat(seat)
        i = self._undoable(seat)
        if i < 0:
            raise IllegalAction(
                f"seat {seat} has no move it may take back now", reason=CANNOT_UNDO, seat=seat
            )
        standing = self.moves[:i] + self.moves[i + 1:]
        fresh = self.rebuild(standing)
        for name, value in fresh._slots().items():
            setattr(self, name, value)

    def rebuild(self, moves: Sequence[tuple[int, Action]]) -> State:
        """This game from its start, with ``moves`` played (same seed, options and rules)."""
        from donjon.engine.game import Setup

        if self.seed is None:
            raise ValueError("a determinized state has no start to rebuild from")
        fresh = type(self).setup(Setup(
            self.game, self.players, self.seed, self.options, self.version, self.legacy
        ))
        for seat, action in moves:
            fresh.apply(seat, action)
        return fresh

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
        """What ``seat`` may know, hidden zones read through ``zone_view``: a new dict."""

    def shared_view(self, make: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        """The part of the views that every seat and spectator sees alike, made by ``make``
        once a position: a server sends each seat a view after every move, and the public
        board is most of it. The same dict (and what it holds) goes into every seat's view, so
        ``_view`` copies it before adding the seat's own keys, and nothing may modify it.

        A position is known by its last move (the very tuple ``apply`` appended) and the number
        of moves: no move is played without both changing, and ``changed`` forgets it."""
        # read as Any: compiled, a tuple[int, Action] taken from the list is unboxed and boxed
        # again into a new object, and the identity below would never hold
        moves: list[Any] = self.moves
        last = moves[-1] if moves else None
        memo = self._shared_view
        if memo is not None and memo[0] is last and memo[1] == len(moves):
            return memo[2]
        shared = make()
        self._shared_view = (last, len(moves), shared)
        return shared

    def zone_view(
        self, attr: str, seat: int | None, show: Callable[[Any], Any] | None = None
    ) -> Any:
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

    def _event_for(self, key: str, args: Any, seat: int | None) -> dict[str, Any]:
        return {"key": key, "args": self._redact(key, args, seat)}

    def _redact(self, key: str, args: Any, seat: int | None) -> dict[str, Any]:
        named: dict[str, Any] = (
            dict(zip(self.EVENT_FIELDS[key], args, strict=True))
            if type(args) is tuple else args  # an event recorded as its values (``Event``)
        )
        secrets = self.SECRETS.get(key)
        if not secrets:
            return named
        shown = dict(named)
        for secret in secrets:
            if not may_read(secret, named, seat):
                for name in secret.args:
                    if name in shown:
                        shown[name] = redacted(shown[name], secret.redact)
        return shown

    def _seen_events(self, seat: int) -> list[Event]:
        """``events`` as ``seat`` may see them, kept between calls: events are append-only, so
        only the new ones are redacted (a determinization costs the same late as early)."""
        cache = self._seen
        if cache is None:
            cache = self._seen = {}
        seen = cache.get(seat)
        if seen is None:
            seen = cache[seat] = []
        events = self.events
        if len(seen) < len(events):
            redact = self._redact
            seen.extend((key, redact(key, args, seat)) for key, args in events[len(seen):])
        return seen

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A clone in which everything hidden from ``seat`` is resampled consistently with
        ``view(seat)`` and ``log(seat)``; it keeps no trace of the true hidden state."""
        self._check_seat(seat)
        events = self._seen_events(seat).copy() if self.SECRETS else self.events.copy()
        state = self._clone(events)
        state.seed = None
        state.moves = []
        state._barrier = 0
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
        return self._clone(self.events.copy())  # events are never mutated once emitted

    def _clone(self, events: list[Event]) -> State:
        other = self._copy()
        other.game = self.game
        other.players = self.players
        other.options = self.options  # never mutated after setup
        other.seed = self.seed
        other.version = self.version
        other.legacy = self.legacy
        other._rng = self._rng
        other._rng_shared = self._rng_shared = True
        other.moves = self.moves.copy()
        other.events = events
        other._legal = None
        other._barrier = self._barrier
        other._seen = None
        other._shared_view = None
        other._commits = self._commits
        return other

    @abstractmethod
    def _copy(self) -> State:
        """A new state (``cls()``) with the game's own slots copied by hand."""

    def _slots(self) -> dict[str, Any]:
        """Every slot that is set, by name (the state's whole content)."""
        out: dict[str, Any] = {}
        for name in slot_names(type(self)):
            if hasattr(self, name):
                out[name] = getattr(self, name)
        return out

    def _fields(self) -> dict[str, Any]:
        out = self._slots()
        for name in ("_legal", "game", "_rng", "_rng_shared", "_seen", "_shared_view",
                     "_commits"):
            out.pop(name, None)
        out["rng"] = self._rng.getstate()
        out["game"] = self.game.name
        return out

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return type(self) is type(other) and self._fields() == other._fields()

    __hash__ = None  # type: ignore[assignment]  # states are mutable: never dict keys

    def record(self) -> dict[str, Any]:
        """The game record: replaying it reproduces this state exactly. Moves are
        ``[seat, kind, args, text]``: the identity, then the text as a readable alias."""
        if self.seed is None:
            raise ValueError("a determinized state has no record")
        return {
            "format": RECORD_FORMAT,
            "game": self.game.name,
            "version": self.version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
            "moves": [
                [seat, action.kind, thaw(action.args), action.text] for seat, action in self.moves
            ],
            "result": self.result().to_json() if self.is_over() else None,
        }

    def __repr__(self) -> str:
        status = "over" if self.is_over() else f"to move {self.to_move()}"
        return f"<{self.game.name} {self.players}p seed={self.seed} moves={len(self.moves)} {status}>"


_SLOT_NAMES: Final[dict[type, tuple[str, ...]]] = {}


def slot_names(cls: type) -> tuple[str, ...]:
    """The names of the slots of a state class and its bases: its ``__slots__``, or, compiled by
    mypyc (whose classes keep no ``__slots__``), the attributes it declares
    (``__mypyc_attrs__``, which also lists some dunder names, left out)."""
    names = _SLOT_NAMES.get(cls)
    if names is None:
        found: dict[str, None] = {}
        for base in cls.__mro__:
            own = base.__dict__.get("__slots__") or base.__dict__.get("__mypyc_attrs__", ())
            for name in (own,) if isinstance(own, str) else own:
                if not name.startswith("__"):
                    found[name] = None
        names = _SLOT_NAMES[cls] = tuple(found)
    return names
