"""Language and presentation: everything a person reads, apart from the rules of play.

The engine itself speaks in identities (action kinds and args, event keys and args); this module
turns them into words in one of ``LANGUAGES``, from the tables each game package declares: log
sentences (``Game.messages``), the rules summary (``rules_<lang>.md``), and the game's
``presentation`` module (found by convention, ``<game package>.presentation``; see
``Presentation``): the catalogue of every card, character, building or Document with its effect
text, the label a person reads for each action, the "what to do now" line, and the names of the
score categories. Players are named by their names, never "seat N".

A broken template (a missing argument, a stray brace) falls back to a plain rendering for a
player, but raises under test (``STRICT``, set by the test suite), so it is found before a player
meets it.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Final, Protocol, TypedDict, cast

if TYPE_CHECKING:
    from donjon.engine.action import Action
    from donjon.engine.game import Game

#: every language donjon speaks, the first being the fallback
LANGUAGES: Final = ("en", "fr")
#: a broken template raises instead of falling back (the test suite sets it)
STRICT = False

_PLAYER: Final = {"en": "Player {n}", "fr": "Joueur {n}"}
_YOU: Final = {"en": "You", "fr": "Vous"}


class TemplateError(ValueError):
    """A log template that does not format with its event's arguments."""


class CatalogueItem(TypedDict, total=False):
    """One thing of a game a person may want explained: ``id`` (the stable catalogue id that
    actions and views use), ``kind`` (``"character"``, ``"district"``, ``"building"``…),
    ``name`` and ``text`` (what it does) in the language asked, and where they apply its
    ``cost`` and ``type`` (in words)."""

    id: str
    kind: str
    name: str
    text: str
    cost: int | str | None
    type: str | None


class Presentation(Protocol):
    """What a game's ``presentation`` module declares (every text in every language)."""

    #: the event arguments that hold a seat (or a list of seats): shown as players' names
    SEAT_ARGS: frozenset[str]
    #: score categories of ``Result.breakdown``: id -> {lang: name}
    CATEGORIES: Mapping[str, Mapping[str, str]]

    def catalogue(self, lang: str) -> list[CatalogueItem]:
        """Every card, character, building, Document… of the game."""
        ...

    def label(self, action: Action, lang: str, names: Sequence[str]) -> str:
        """What a person reads for ``action``, naming players by ``names``."""
        ...

    def prompt(self, view: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
        """What the seat of ``view`` is asked to do now ("" when nothing)."""
        ...


def presentation(game: Game) -> Presentation | None:
    """The game's ``presentation`` module, or None if it has none."""
    return _presentation(game.package)


@cache
def _presentation(package: str) -> Presentation | None:
    if not package:
        return None
    try:
        module = importlib.import_module(f"{package}.presentation")
    except ModuleNotFoundError as error:
        if error.name != f"{package}.presentation":
            raise
        return None
    return cast("Presentation", module)


def catalogue(game: Game, lang: str) -> list[CatalogueItem]:
    """Every item of the game explained in ``lang`` (empty for a game without a
    presentation)."""
    shown = presentation(game)
    return shown.catalogue(check_language(lang)) if shown else []


def label(game: Game, action: Action, lang: str = "en", names: Sequence[str] | None = None) -> str:
    """What a person reads for ``action``: in ``lang``, naming players by ``names``."""
    shown = presentation(game)
    if shown is None:
        return action.text
    return shown.label(action, check_language(lang), names or default_names(game, lang))


def prompt(game: Game, view: Mapping[str, Any], lang: str = "en",
           names: Sequence[str] | None = None) -> str:
    """The "what to do now" line for the seat of ``view``."""
    shown = presentation(game)
    if shown is None:
        return ""
    return shown.prompt(view, check_language(lang), names or default_names(game, lang))


def default_names(game: Game, lang: str, players: int | None = None) -> list[str]:
    """Players' names when no other is known: "Player 1", "Player 2"…"""
    return [player_name(seat, lang) for seat in range(players or game.max_players)]


def check_language(lang: str) -> str:
    if lang not in LANGUAGES:
        raise ValueError(f"no language {lang!r}; languages: {', '.join(LANGUAGES)}")
    return lang


def rules(game: Game, lang: str = "en") -> str:
    """The game's rules summary in our own words, in ``lang``."""
    check_language(lang)
    return resources.files(game.package).joinpath(f"rules_{lang}.md").read_text("utf-8")


def player_name(seat: int, lang: str = "en") -> str:
    """A player's name when no other is known: numbered from 1, as players count."""
    return _PLAYER[check_language(lang)].format(n=seat + 1)


def describe(
    game: Game, event: Mapping[str, Any], me: int | None = None, lang: str = "en",
    names: Sequence[str] | None = None,
) -> str:
    """One log event as a sentence in ``lang``; ``me`` reads it in the second person, ``names``
    are the players' names by seat."""
    check_language(lang)
    args = event["args"]
    actor = args.get("seat")
    if actor is None or actor.__class__ is not int:
        who = ""
    elif actor == me:
        who = _YOU[lang]
    else:
        who = _name(actor, lang, names)
    table = game.messages.get(lang) or game.messages.get(LANGUAGES[0], {})
    key = event["key"]
    # "key:you" is the second-person sentence, for the seat that acted.
    template = (actor == me and actor is not None and table.get(key + ":you")) or table.get(key)
    terms = table.get("_names", {})
    shown_game = presentation(game)
    seat_args = shown_game.SEAT_ARGS if shown_game else frozenset()
    shown = {
        k: _seats(v, lang, names) if k in seat_args and k != "seat" else _text(v, terms)
        for k, v in args.items()
    }
    if template:
        try:
            return str(template.format(who=who, **shown))
        except (KeyError, IndexError, ValueError) as error:
            if STRICT:
                raise TemplateError(
                    f"{game.name} [{lang}] template {key!r} fails on {sorted(args)}: {error!r}"
                ) from None
    elif STRICT:
        raise TemplateError(f"{game.name} has no [{lang}] sentence for event {key!r}")
    rest = ", ".join(f"{k}: {v}" for k, v in shown.items() if k != "seat")
    return f"{who} · {key.replace('_', ' ')}" + (f" ({rest})" if rest else "")


def _name(seat: int, lang: str, names: Sequence[str] | None) -> str:
    return names[seat] if names and 0 <= seat < len(names) else player_name(seat, lang)


def _seats(value: Any, lang: str, names: Sequence[str] | None) -> str:
    """A seat argument (or a list of seats) as players' names."""
    if isinstance(value, list | tuple):
        return ", ".join(_seats(v, lang, names) for v in value) if value else "—"
    if value.__class__ is int:
        return _name(value, lang, names)
    return str(value)


def _text(value: Any, terms: Mapping[str, str]) -> str:
    """An argument as text: lists joined, game terms translated through ``terms``."""
    if isinstance(value, list | tuple):
        return ", ".join(_text(v, terms) for v in value) if value else "—"
    if isinstance(value, str):
        return terms.get(value, value)
    return str(value)


def terminal_drawing(
    game: Game, view: Mapping[str, Any], seat: int | None, lang: str = "en",
    names: Sequence[str] | None = None,
) -> Any:
    """The game's own terminal drawing of a view (a Rich renderable), or None.

    The drawing function is ``render(view, seat, lang=..., names=...)``: players are named, text
    is in ``lang``."""
    if game.terminal is None:
        return None
    from donjon.engine.game import load_dotted

    render = load_dotted(game.terminal)
    return render(view, seat, lang=check_language(lang),
                  names=list(names or default_names(game, lang, view.get("players"))))
