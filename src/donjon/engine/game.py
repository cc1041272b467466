"""A game: its name, player counts, options, and how to start a state."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from donjon.engine.state import State


@dataclass(frozen=True)
class Option:
    """A named game option with its default and the values it allows.

    ``proposed`` marks options whose default is our resolution of a point no source settles
    (PROPOSED / UNCONFIRMED in the rules reference): the option is how to change it.
    ``check`` validates (and may normalise) a value, raising ``ValueError`` with a clear message.
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    check: Callable[[Any], Any] | None = None
    proposed: bool = False

    def validate(self, value: Any) -> Any:
        if self.choices is not None and value not in self.choices:
            allowed = ", ".join(repr(c) for c in self.choices)
            raise ValueError(f"option {self.name}={value!r} is not allowed; choose one of {allowed}")
        if self.check is not None:
            return self.check(value)
        if self.choices is None and self.default is not None and not isinstance(value, type(self.default)):
            raise ValueError(
                f"option {self.name}={value!r} must be of type {type(self.default).__name__}"
            )
        return value


@dataclass(frozen=True)
class Result:
    """The end of a game: scores, ranks with ties (1 is best), and how ties were broken."""

    scores: tuple[Any, ...]
    ranks: tuple[int, ...]
    tiebreak: str = ""
    details: dict[str, Any] = field(default_factory=dict)

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
        }


def ranks_from_keys(keys: list[Any]) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3, ...) where a higher key is better and equal keys tie."""
    ordered = sorted(keys, reverse=True)
    return tuple(ordered.index(k) + 1 for k in keys)


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
    #: bot name -> dotted path "module:factory"; the factory takes (game, **kwargs)
    bots: dict[str, str] = field(default_factory=dict)
    #: dotted path "module:function" drawing a view in the terminal (Rich renderable)
    terminal: str | None = None
    package: str = ""
    #: log sentences: language -> event key -> template over the event's args and ``who`` (the
    #: acting seat: "You" / "Seat 2"); "key:you" gives the second-person form; lists are joined;
    #: the entry "_names" (a dict) translates game terms found in the arguments.
    messages: dict[str, dict[str, str]] = field(default_factory=dict)

    def option(self, name: str) -> Option:
        for option in self.options:
            if option.name == name:
                return option
        raise KeyError(name)

    def resolve_options(self, given: dict[str, Any]) -> dict[str, Any]:
        """Every option's value: the defaults, overridden by ``given`` (validated)."""
        known = {o.name: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            allowed = ", ".join(sorted(known)) or "none"
            raise ValueError(f"{self.name} has no option {', '.join(unknown)}; options: {allowed}")
        return {
            name: (option.validate(given[name]) if name in given else option.default)
            for name, option in known.items()
        }

    def new_game(self, players: int, seed: int | None = None, **options: Any) -> State:
        if not isinstance(players, int) or isinstance(players, bool):
            raise ValueError(f"players must be an integer, not {players!r}")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(
                f"{self.title} is for {self.min_players}–{self.max_players} players, not {players}"
            )
        if seed is None:
            seed = random.SystemRandom().randrange(2**63)
        elif not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an integer, not {seed!r}")
        return self.state_class.setup(self, players, seed, self.resolve_options(options))

    def rules(self, lang: str = "en") -> str:
        """The rules summary in our own words, in English (``en``) or French (``fr``)."""
        if lang not in ("en", "fr"):
            raise ValueError(f"no rules in {lang!r}; languages: en, fr")
        return resources.files(self.package).joinpath(f"rules_{lang}.md").read_text("utf-8")

    def make_bot(self, name: str, **kwargs: Any):
        from donjon.bots import make_bot

        return make_bot(self, name, **kwargs)

    def render_terminal(self, view: dict[str, Any], seat: int | None):
        if self.terminal is None:
            return None
        return load_dotted(self.terminal)(view, seat)


    def describe(self, event: dict[str, Any], me: int | None = None, lang: str = "en") -> str:
        """One log event as a sentence in ``lang`` (a generic one if the game has none)."""
        args = event["args"]
        actor = args.get("seat")
        you, seat_word = ("Vous", "Siège") if lang == "fr" else ("You", "Seat")
        who = "" if actor is None else (you if actor == me else f"{seat_word} {actor}")
        table = self.messages.get(lang) or self.messages.get("en", {})
        key = event["key"]
        # "key:you" is the second-person sentence, for the seat that acted.
        template = (actor == me and actor is not None and table.get(key + ":you")) or table.get(key)
        names = table.get("_names", {})
        shown = {k: _text(v, names) for k, v in args.items()}
        if template:
            try:
                return template.format(who=who, **shown)
            except (KeyError, IndexError, ValueError):
                pass
        rest = ", ".join(f"{k}: {v}" for k, v in shown.items() if k != "seat")
        return f"{who} · {event['key'].replace('_', ' ')}" + (f" ({rest})" if rest else "")


def _text(value: Any, names: dict[str, str]) -> str:
    """An argument as text: lists joined, game terms translated through ``names``."""
    if isinstance(value, (list, tuple)):
        return ", ".join(_text(v, names) for v in value) if value else "—"
    if isinstance(value, str):
        return names.get(value, value)
    return str(value)


def load_dotted(path: str) -> Any:
    module, _, attr = path.partition(":")
    return getattr(importlib.import_module(module), attr)
