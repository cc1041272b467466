"""The research contract: a fixed, numbered action space and an observation tensor per game.

Learning code wants every decision as an index into one fixed list, a legal-action mask of one
fixed size, and each seat's view as a vector of fixed length. A game offers them in a module
``<game package>.research``, found by convention (nothing in the game's ``__init__`` changes),
which defines four functions over the game's resolved options:

``action_space(options) -> Iterable[(kind, args)]``
    every action identity the game can ever offer, at any player count it allows, in a stable
    order: the index of an identity in this sequence is its number, once and for all. Derive it
    from the game's own data tables and action constructors, never from a hand-copied list.
``max_game_length(players, options) -> int``
    an upper bound on the decisions (moves) of one game.
``observation_layout(players, options) -> Sequence[Segment]``
    the tensor's layout: named segments, each a run of slots with its meaning and bounds.
``encode(view, players, options) -> Mapping[segment name, Sequence[float]]``
    the tensor of one ``state.view(seat)``, segment by segment. Being a function of the view
    alone, it can never hold what the seat may not see.

and may define ``entry(kind, args) -> (kind, args)``: the identity an action is numbered by,
when some of its arguments are determined by the state (the gold a destruction costs): the
space then lists entries, and two legal actions never share one (checked at every mask).

``research(game, players, options)`` reads the module once and returns a :class:`Research`
that numbers actions, builds masks and tensors, and checks each against the declaration: a
legal action missing from the space raises :class:`ActionSpaceError` naming it, a segment of the
wrong size raises :class:`ObservationError`.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from types import ModuleType
from typing import TYPE_CHECKING, Any

from donjon.engine.action import Action, Arg, freeze
from donjon.engine.errors import NOT_LEGAL, IllegalAction
from donjon.engine.registry import load

if TYPE_CHECKING:
    from donjon.engine.game import Game
    from donjon.engine.state import State

#: an action's identity: its kind and its args
Identity = tuple[str, tuple[Arg, ...]]

#: the functions a research module defines
REQUIRED = ("action_space", "max_game_length", "observation_layout", "encode")

#: what a tensor may hold: numbers (a flag is an int)
_NUMBER = (int, float)
_PLAIN_NUMBERS = frozenset({int, float, bool})


def _plainly_within(values: list[Any], runs: Sequence[tuple[int, int, float, float]]) -> bool:
    """Whether every value is a plain int, float or flag, none NaN, each within the bounds of
    its run of slots (``start``, ``end``, ``low``, ``high``): the checked observation's answer
    for the whole tensor in a few C loops (a check of each value in Python was half the
    contract tests' time, and one per segment still two thirds of a checked observation's).
    False means "look value by value", which alone says what is wrong, or accepts a subclass
    of int or float."""
    if not _PLAIN_NUMBERS.issuperset(map(type, values)):
        return False
    try:
        total: float = sum(values)
    except OverflowError:  # an int past a float's range beside floats: named value by value
        return False
    if total != total:  # NaN sums to NaN (and min or max would pass it by)
        return False
    whole = len(values)
    for start, end, low, high in runs:
        run = values if start == 0 and end == whole else values[start:end]
        if run and (min(run) < low or max(run) > high):
            return False
    return True


class ResearchError(ValueError):
    """A game's research module does not keep its own declaration."""


class ActionSpaceError(ResearchError):
    """A legal action (or an index) that the declared action space does not hold."""


class ObservationError(ResearchError):
    """An encoded view that does not fit the declared layout."""


@dataclass(frozen=True)
class Segment:
    """A run of ``size`` slots of the observation tensor: what they mean (``doc``) and the bounds
    every value stays within (``low`` ≤ value ≤ ``high``)."""

    name: str
    size: int
    doc: str
    low: float = 0.0
    high: float = 1.0


class ActionSpace:
    """Every action a game can ever offer, numbered from 0 in the declared order."""

    __slots__ = ("game", "identities", "numbers")

    def __init__(self, game: str, identities: Iterable[Identity]):
        self.game = game
        self.identities: tuple[Identity, ...] = tuple(
            (kind, freeze(args)) for kind, args in identities
        )
        # each identity's number (read-only), keyed by the identity: a tuple hashes and compares
        # in C, as an Action would (the same hash, the same equality), without a call of
        # Action.__eq__ for each lookup
        index: dict[Identity, int] = {}
        for number, identity in enumerate(self.identities):
            if identity in index:
                kind, args = identity
                raise ResearchError(
                    f"{game}'s action space lists {kind} {list(args)} twice "
                    f"(numbers {index[identity]} and {number})"
                )
            index[identity] = number
        self.numbers: Mapping[Identity, int] = index

    def __len__(self) -> int:
        return len(self.identities)

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and (action.kind, action.args) in self.numbers

    def index(self, action: Action) -> int:
        """The number of ``action`` (by identity); ActionSpaceError if the space lacks it."""
        number = self.numbers.get((action.kind, action.args))
        if number is None:
            raise ActionSpaceError(
                f"{self.game} offers {str(action)!r} ({action.kind} {list(action.args)}), which "
                f"its research action space ({len(self)} actions) lacks: the game's "
                "research.action_space must list every action the game can offer"
            )
        return number

    def identity(self, number: int) -> Identity:
        """The identity numbered ``number``."""
        if number.__class__ is not int or not 0 <= number < len(self.identities):
            raise ActionSpaceError(
                f"{self.game} has actions 0 to {len(self.identities) - 1}, not {number!r}"
            )
        return self.identities[number]


@dataclass(frozen=True)
class Research:
    """One game's research description at a player count and options (see the module doc)."""

    game: Game
    players: int
    options: Mapping[str, Any]
    actions: ActionSpace
    layout: tuple[Segment, ...]
    max_game_length: int
    module: ModuleType

    @property
    def observation_size(self) -> int:
        return sum(segment.size for segment in self.layout)

    def bounds(self) -> tuple[list[float], list[float]]:
        """The lowest and highest value of every slot."""
        low: list[float] = []
        high: list[float] = []
        for segment in self.layout:
            low += [segment.low] * segment.size
            high += [segment.high] * segment.size
        return low, high

    # -- actions ------------------------------------------------------------------------------

    @cached_property
    def _entry(self) -> Callable[[str, tuple[Arg, ...]], Identity] | None:
        """The game's ``entry`` (an action's identity as the space numbers it), if it has one."""
        return getattr(self.module, "entry", None)

    def index(self, action: Action) -> int:
        entry = self._entry
        if entry is not None:
            action = Action(*entry(action.kind, action.args))
        return self.actions.index(action)

    def _numbered(self, state: State, seat: int) -> dict[int, Action]:
        """``seat``'s legal actions by number; ResearchError if two share one. The mask of
        every step: the space's own table is read here, and ``index`` only names a miss."""
        numbered: dict[int, Action] = {}
        entry = self._entry
        known = self.actions.numbers
        for action in state.legal_actions(seat):
            if entry is None:
                number = known.get((action.kind, action.args))
            else:
                kind, args = entry(action.kind, action.args)
                number = known.get((kind, args))
            if number is None:
                number = self.index(action)  # raises, naming the action the space lacks
            if number in numbered:
                raise ResearchError(
                    f"{self.game.name}'s research entry gives {str(numbered[number])!r} and "
                    f"{str(action)!r}, both legal now, the same number {number}"
                )
            numbered[number] = action
        return numbered

    def legal_indices(self, state: State, seat: int) -> list[int]:
        """The numbers of ``seat``'s legal actions now, ascending."""
        return sorted(self._numbered(state, seat))

    def legal_mask(self, state: State, seat: int) -> list[int]:
        """1 for each of ``seat``'s legal actions now, 0 elsewhere; as long as the space."""
        mask = [0] * len(self.actions)
        for number in self._numbered(state, seat):
            mask[number] = 1
        return mask

    def action(self, state: State, seat: int, number: int) -> Action:
        """``seat``'s legal Action numbered ``number``; IllegalAction if it is not legal now."""
        wanted = Action(*self.actions.identity(number))
        found = self._numbered(state, seat).get(number)
        if found is not None:
            return found
        raise IllegalAction(
            f"action {number} ({wanted}) is not legal for seat {seat} now; legal: "
            f"{self.legal_indices(state, seat)}",
            reason=NOT_LEGAL, seat=seat,
        )

    # -- observations -------------------------------------------------------------------------

    def observe(self, view: Mapping[str, Any], check: bool = False) -> list[float]:
        """The observation tensor of a view (``state.view(seat)``), as a flat list in layout
        order. ``check`` also verifies every value is a finite number within its bounds."""
        parts = self.module.encode(view, self.players, self.options)
        values: list[float] = []
        for segment in self.layout:
            part = parts.get(segment.name)
            if part is None or len(part) != segment.size:
                size = "nothing" if part is None else f"{len(part)} values"
                raise ObservationError(
                    f"{self.game.name}'s encoding gave {size} for segment {segment.name!r}, "
                    f"which the layout declares {segment.size} long"
                )
            values.extend(part)
        if len(parts) != len(self.layout):
            extra = sorted(set(parts) - {segment.name for segment in self.layout})
            raise ObservationError(
                f"{self.game.name}'s encoding gave segments the layout lacks: {extra}"
            )
        if check and not _plainly_within(values, self._runs):
            for segment in self.layout:
                for value in parts[segment.name]:
                    if not (isinstance(value, _NUMBER) and segment.low <= value <= segment.high):
                        raise ObservationError(
                            f"{self.game.name}'s segment {segment.name!r} holds {value!r}, "
                            f"outside its bounds {segment.low}…{segment.high}"
                        )
        return values

    @cached_property
    def _runs(self) -> tuple[tuple[int, int, float, float], ...]:
        """The layout's slots as runs of neighbouring segments with the same bounds
        (``start``, ``end``, ``low``, ``high``): a game has a few, against tens of segments."""
        runs: list[tuple[int, int, float, float]] = []
        start = 0
        for segment in self.layout:
            end = start + segment.size
            if runs and runs[-1][1] == start and runs[-1][2:] == (segment.low, segment.high):
                runs[-1] = (runs[-1][0], end, segment.low, segment.high)
            else:
                runs.append((start, end, segment.low, segment.high))
            start = end
        return tuple(runs)

    def observation(self, state: State, seat: int) -> list[float]:
        """The tensor of ``seat``'s view of ``state``."""
        return self.observe(state.view(seat))

    def describe_layout(self) -> list[dict[str, Any]]:
        """The layout as data: each segment's name, first slot, size, bounds and meaning."""
        out = []
        start = 0
        for segment in self.layout:
            out.append({"name": segment.name, "start": start, "size": segment.size,
                        "low": segment.low, "high": segment.high, "doc": segment.doc})
            start += segment.size
        return out


def research_module(game: Game) -> ModuleType | None:
    """The game's research module (``<package>.research``), or None if it has none."""
    if not game.package:
        return None
    name = f"{game.package}.research"
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name:
            return None
        raise
    missing = [f for f in REQUIRED if not callable(getattr(module, f, None))]
    if missing:
        raise ResearchError(f"{name} does not define {', '.join(missing)}")
    return module


def research_games() -> list[str]:
    """The registered games that have a research module, sorted."""
    from donjon.engine.registry import games

    return [name for name in games() if research_module(load(name)) is not None]


def research(
    game: Game | str, players: int, options: Mapping[str, Any] | None = None
) -> Research:
    """The research description of ``game`` at ``players`` with ``options`` (validated like a
    table's set-up; missing options take their defaults). ResearchError if the game has no
    research module."""
    name = game if isinstance(game, str) else game.name
    resolved = load(name).check(players, options or {})
    return _research(name, players, json.dumps(resolved, sort_keys=True))


@cache
def _research(name: str, players: int, options_json: str) -> Research:
    game = load(name)
    options: dict[str, Any] = json.loads(options_json)
    module = research_module(game)
    if module is None:
        raise ResearchError(
            f"{name} has no research module ({game.package}.research): it offers no fixed "
            "action space or observation tensor yet"
        )
    layout = tuple(module.observation_layout(players, options))
    names = [segment.name for segment in layout]
    if len(set(names)) != len(names):
        raise ResearchError(f"{name}'s observation layout repeats a segment name: {names}")
    length = module.max_game_length(players, options)
    if length.__class__ is not int or length <= 0:
        raise ResearchError(f"{name}'s max_game_length must be a positive int, not {length!r}")
    return Research(
        game=game, players=players, options=options,
        actions=ActionSpace(name, module.action_space(options)), layout=layout,
        max_game_length=length, module=module,
    )


# -- helpers for encoders ---------------------------------------------------------------------


def one_hot(index: int | None, size: int) -> list[float]:
    """``size`` zeros with a 1 at ``index`` (none for ``None``)."""
    values = [0.0] * size
    if index is not None:
        values[index] = 1.0
    return values


def actions_in(*values: object) -> list[Identity]:
    """Every Action held in ``values`` — tuples, lists, dicts (keys and values), nested — each
    identity once, in the order met: an action space from a game's own tables."""
    found: dict[Identity, None] = {}

    def walk(value: object) -> None:
        if isinstance(value, Action):
            found.setdefault(value.identity)
        elif isinstance(value, Mapping):
            for key, item in value.items():
                walk(key)
                walk(item)
        elif isinstance(value, tuple | list):
            for item in value:
                walk(item)

    for value in values:
        walk(value)
    return list(found)


def module_actions(module: ModuleType) -> list[Identity]:
    """Every Action the globals of ``module`` hold (its action tables), in declaration order."""
    return actions_in(*vars(module).values())


def counts(items: Iterable[Any], ids: Sequence[Any]) -> list[float]:
    """How many of each of ``ids`` ``items`` holds, in the order of ``ids``."""
    position = {item: i for i, item in enumerate(ids)}
    values = [0.0] * len(ids)
    for item in items:
        values[position[item]] += 1
    return values
