"""A game: its name, player counts, options, rules versions, and how to start a state.

``Game.check(players, options)`` is the one validation of a table's set-up: ``new_game`` and the
server's table creation both call it, so a table that cannot start is refused when it is made.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from donjon.engine.state import State

#: a text in every language: ``{"en": ..., "fr": ...}``
Texts = Mapping[str, str]


@dataclass(frozen=True)
class Option:
    """A named game option with its default and the values it allows.

    Values compare by exact type: ``True`` is not an integer and ``5.0`` is not ``5``.
    ``proposed`` marks options whose default is our resolution of a point no source settles
    (PROPOSED / UNCONFIRMED in the rules reference, row ``rules``): the option is how to change
    it, and the table form shows it under "Advanced". ``doc`` is the developer's note (with the
    rules reference); ``label`` and ``help`` are what a player reads, in every language, and
    ``values`` names each choice for players (``{choice: {"en": ..., "fr": ...}}``).
    ``check`` validates (and may normalise) a value, raising ``ValueError`` with a clear message.
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], Any] | None = None
    proposed: bool = False
    label: Texts = field(default_factory=dict)
    help: Texts = field(default_factory=dict)
    values: Mapping[Any, Texts] = field(default_factory=dict)
    rules: str = ""

    def validate(self, value: Any) -> Any:
        if self.choices is not None:
            if not any(type(c) is type(value) and c == value for c in self.choices):
                allowed = ", ".join(repr(c) for c in self.choices)
                raise ValueError(
                    f"option {self.name}={value!r} is not allowed; choose one of {allowed}"
                )
        elif self.check is None and self.default is not None and type(value) is not type(
            self.default
        ):
            raise ValueError(
                f"option {self.name}={value!r} must be of type {type(self.default).__name__}"
            )
        if self.check is not None:
            return self.check(value)
        return value


@dataclass(frozen=True)
class Version:
    """An older rules version this release still plays, for the records and tables made under
    it: ``defaults`` are option values that version had (for options added since), ``legacy``
    names the behaviours it had that were fixed since (the state reads ``state.legacy``)."""

    defaults: Mapping[str, Any] = field(default_factory=dict)
    legacy: frozenset[str] = frozenset()
    note: str = ""


@dataclass(frozen=True)
class Result:
    """The end of a game: scores, ranks with ties (1 is best), and how ties were broken.

    ``tiebreak`` describes the rule that was applied, and is empty when no tie had to be broken.
    ``breakdown`` gives each seat's score by category (ids named in the game's presentation,
    ``CATEGORIES``); a seat's categories add up to its score.
    """

    scores: tuple[Any, ...]
    ranks: tuple[int, ...]
    tiebreak: str = ""
    details: dict[str, Any] = field(default_factory=dict)
    breakdown: tuple[Mapping[str, int], ...] = ()

    @property
    def winners(self) -> list[int]:
        return [seat for seat, rank in enumerate(self.ranks) if rank == 1]

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "winners": self.winners,
            "tiebreak": self.tiebreak,
            "details": self.details,
            "breakdown": [dict(b) for b in self.breakdown],
        }


def ranks_from_keys(keys: list[Any]) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3, ...) where a higher key is better and equal keys tie."""
    ordered = sorted(keys, reverse=True)
    return tuple(ordered.index(k) + 1 for k in keys)


def _exact_int(value: Any) -> bool:
    return type(value) is int


@dataclass
class Game:
    """One registered game. ``new_game`` is the way in; everything else is data."""

    name: str
    title: str
    min_players: int
    max_players: int
    version: str
    state_class: type[State]
    options: tuple[Option, ...] = ()
    #: older rules versions still played (records and running tables made under them)
    versions: Mapping[str, Version] = field(default_factory=dict)
    #: checks a table's set-up beyond each option alone (an option allowed only for some
    #: player counts); raises ValueError naming the problem and what is allowed
    constraints: Callable[[int, dict[str, Any]], None] | None = None
    #: bot name -> dotted path "module:factory"; the factory takes (game, **kwargs)
    bots: dict[str, str] = field(default_factory=dict)
    #: dotted path "module:function" drawing a view in the terminal (Rich renderable)
    terminal: str | None = None
    package: str = ""
    #: log sentences: language -> event key -> template (see ``donjon.engine.text``)
    messages: dict[str, dict[str, Any]] = field(default_factory=dict)
    #: the checked options of a set-up with every default under the current rules, by player
    #: count, with the options and constraints they were checked against: a simulation or a
    #: search makes thousands of such games, and checking their options cost a sixth of a new
    #: Citadels game
    _defaults_checked: dict[int, tuple[Any, Any, dict[str, Any]]] = field(
        default_factory=dict, init=False, repr=False, compare=False)

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def resolve_options(
        self, given: Mapping[str, Any], defaults: Mapping[str, Any] | None = None
    ) -> dict[str, Any]:
        """Every option's value: the defaults (or ``defaults``, an older version's), overridden
        by ``given`` (validated)."""
        if not isinstance(given, Mapping):
            raise ValueError(f"options must be a mapping of names to values, not {given!r}")
        known = {o.name: o for o in self.options}
        unknown = sorted(str(k) for k in set(given) - set(known))
        if unknown:
            allowed = ", ".join(sorted(known)) or "none"
            raise ValueError(f"{self.name} has no option {', '.join(unknown)}; options: {allowed}")
        older = defaults or {}
        return {
            name: (
                option.validate(given[name]) if name in given
                else older.get(name, option.default)
            )
            for name, option in known.items()
        }

    def check(
        self, players: Any, options: Mapping[str, Any] | None = None, version: str | None = None
    ) -> dict[str, Any]:
        """The one validation of a table's set-up: the player count, each option's value, and
        the options together with the player count. Returns every option's value; raises
        ValueError naming what is wrong and what is allowed."""
        if not _exact_int(players):
            raise ValueError(f"players must be an integer, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {players}"
            )
        usual = not options and version is None
        if usual:
            checked = self._defaults_checked.get(players)
            if (checked is not None and checked[0] is self.options
                    and checked[1] is self.constraints):
                return dict(checked[2])  # a copy: each game owns its options
        rules = self.rules_version(version)
        resolved = self.resolve_options(options or {}, rules.defaults if rules else None)
        if self.constraints is not None:
            self.constraints(players, resolved)
        if usual:
            self._defaults_checked[players] = (self.options, self.constraints, dict(resolved))
        return resolved

    def rules_version(self, version: str | None) -> Version | None:
        """The older version ``version`` names (None for the current one); ValueError if this
        release cannot play it."""
        if version is None or version == self.version:
            return None
        rules = self.versions.get(version)
        if rules is None:
            known = ", ".join([self.version, *self.versions])
            raise ValueError(f"{self.title} rules version {version!r} is unknown; known: {known}")
        return rules

    def new_game(
        self, players: int, seed: int | None = None, *, version: str | None = None,
        **options: Any,
    ) -> State:
        """A new game. ``version`` plays under an older rules version (for old records)."""
        resolved = self.check(players, options, version)
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif not _exact_int(seed):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        rules = self.rules_version(version)
        return self.state_class.setup(Setup(
            self, players, seed, resolved, version or self.version,
            rules.legacy if rules else frozenset(),
        ))


@dataclass(frozen=True, slots=True)
class Setup:
    """What a new state is made from: ``State.setup(setup)`` receives it, checked."""

    game: Game
    players: int
    seed: int
    options: dict[str, Any]
    #: the rules version the game plays under, and that version's fixed behaviours
    version: str
    legacy: frozenset[str]


def load_dotted(path: str) -> Any:
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)
