"""Bots by name, with their parameters in the name, and the levels the web table offers.

A bot name is ``bot`` or ``bot:parameter=value,parameter=value`` — ``random``, ``heuristic``,
``ismcts:ms=500,exploration=0.5`` — so that one string names a bot everywhere: ``arena``,
``simulate``, ``play``, records of tournaments, the web table. Parameters are the bot's own
keyword arguments (``ismcts``: ``iterations``, ``milliseconds`` alias ``ms``, ``exploration``,
``rollout_limit``), plus ``blunder=p``, which any bot takes: with probability p it plays a
uniformly random legal action instead of its own choice.

A list of bots on the command line is comma-separated; a piece holding ``=`` but no ``:`` goes
on with the previous bot's parameters: ``ismcts:ms=500,exploration=0.5,heuristic`` is two bots.

Levels (``easy``, ``normal``, ``hard``) name a bot per game (``bot_levels``) and are accepted
wherever a bot name is.
"""

from __future__ import annotations

import inspect
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from donjon.engine.game import load_dotted

if TYPE_CHECKING:
    from donjon.bots import Bot
    from donjon.engine.action import Action
    from donjon.engine.game import Game
    from donjon.engine.state import State

BUILTIN = {
    "random": "donjon.bots:RandomBot",
    "ismcts": "donjon.bots.ismcts:ISMCTSBot",
}

LEVELS = ("easy", "normal", "hard")
#: what each level plays, unless a game says otherwise in ``GAME_LEVELS``: the heuristic, and
#: the heuristic playing a random legal action instead of its own choice one move in five, or
#: one in two. A 4-player arena of easy, normal, the heuristic and random (60 games) ranked them
#: in that order at Caylus and Die Glücksritter, with intervals apart.
DEFAULT_LEVELS: Mapping[str, str] = {
    "easy": "heuristic:blunder=0.5",
    "normal": "heuristic:blunder=0.2",
    "hard": "heuristic",
}
#: the search bot with a fifth of a second of one core a move (its CPU time), searching only its
#: own move (the profiles' ``tree=1``), each judged by heuristic playouts. Arenas of random, the
#: heuristic and it (2026-11-30, docs/research.md) rate it far above the heuristic at Caylus (4
#: players: 564 against 188, intervals apart) and Citadels (5 players: 285 against 101). At
#: Castle Rooms and Die Glücksritter the plain search was level with the heuristic or far below
#: it (its most visited move was a lottery among moves judged by a few playouts each); there
#: the profiles anchor it on the heuristic (``anchor``): 200-game arenas (2026-12-01) rate it
#: level with the heuristic at Castle Rooms (276 against 257) and above it at Die Glücksritter
#: (252 against 184, intervals overlapping by 9 points; with 0.3 s a move 280 (237…326)
#: against 154 (116…194), intervals apart, so "hard" thinks 0.3 s a move there). Castle Rooms'
#: search now plays its own seat with a planner (the heuristic chaining the rooms of its turn
#: and keeping rooms in hand, 61 % ahead of the heuristic alone) anchored at half a standard
#: error: 65–68 % ahead of the heuristic in 60-game sets, and 60-game arenas of random, the
#: heuristic and it (2026-12-01, --seed 1 and 2) rate it 315 (253…395) against 169 (103…239)
#: and 308 (232…405) against 175 (132…239). At 0.2 and 0.3 s a move its 200-game intervals
#: still overlapped the heuristic's; at 0.5 s a 600-game arena rates it 304 (278…344) against
#: 214 (184…252), intervals apart, so "hard" thinks 0.5 s a move there.
SEARCH_LEVEL = "ismcts:ms=200"
#: per game, the levels that differ from ``DEFAULT_LEVELS``: Castle Rooms forgives a blunder in
#: five (its 4-player arena rated it level with the heuristic), not one in three (90 points
#: below it, 120 above a blunder in two)
GAME_LEVELS: Mapping[str, Mapping[str, str]] = {
    "castle-rooms": {"normal": "heuristic:blunder=0.35", "hard": "ismcts:ms=500"},
    "caylus": {"hard": SEARCH_LEVEL},
    "citadels": {"hard": SEARCH_LEVEL},
    "gluecksritter": {"hard": "ismcts:ms=300"},
}

#: the parameter every bot takes (``BlunderingBot``)
BLUNDER = "blunder"


@dataclass(frozen=True)
class BotSpec:
    """A bot name parsed: the bot, and its parameters as given (values read as numbers or
    flags where they parse)."""

    bot: str
    params: tuple[tuple[str, Any], ...] = ()

    def __str__(self) -> str:
        if not self.params:
            return self.bot
        return self.bot + ":" + ",".join(f"{k}={_show(v)}" for k, v in self.params)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return "none" if value is None else str(value)


def _value(text: str) -> Any:
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def parse_bot(name: str) -> BotSpec:
    """``"ismcts:ms=500,exploration=0.5"`` → BotSpec("ismcts", (("ms", 500), ("exploration",
    0.5))). ValueError on a malformed name."""
    bot, _, rest = name.strip().partition(":")
    bot = bot.strip()
    if not bot or "=" in bot or "," in bot:
        raise ValueError(f"a bot is named bot or bot:parameter=value,..., not {name!r}")
    params: list[tuple[str, Any]] = []
    for piece in rest.split(",") if rest.strip() else []:
        key, sep, text = piece.partition("=")
        key = key.strip()
        if not sep or not key or not text.strip():
            raise ValueError(f"bot parameters are parameter=value, not {piece.strip()!r} "
                             f"(in {name!r})")
        if any(key == k for k, _ in params):
            raise ValueError(f"bot parameter {key!r} is given twice in {name!r}")
        params.append((key, _value(text.strip())))
    return BotSpec(bot, tuple(params))


def split_bots(text: str) -> list[str]:
    """A comma-separated list of bot names; ``parameter=value`` pieces stay with their bot."""
    names: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if "=" in piece and ":" not in piece and names:
            names[-1] += "," + piece
        else:
            names.append(piece)
    return names


def bot_names(game: Game) -> list[str]:
    """The bots a game can play (their parameters aside)."""
    return sorted(set(BUILTIN) | set(game.bots))


def bot_levels(game: Game) -> dict[str, str]:
    """Each level's bot name for ``game``: ``{"easy": ..., "normal": ..., "hard": ...}``."""
    return {**DEFAULT_LEVELS, **GAME_LEVELS.get(game.name, {})}


def _factory(game: Game, bot: str) -> Any:
    path = game.bots.get(bot) or BUILTIN.get(bot)
    if path is None:
        known = ", ".join([*bot_names(game), *LEVELS])
        raise ValueError(f"no bot {bot!r} for {game.name}; bots: {known}")
    return load_dotted(path)


def _parameters(factory: Any) -> dict[str, inspect.Parameter]:
    """The keyword parameters a bot factory takes, besides the game and the seed."""
    return {
        name: p for name, p in inspect.signature(factory).parameters.items()
        if name not in ("self", "game", "seed")
        and p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
    }


#: the type a parameter annotated ``X | None`` (default None) takes, by its annotation's text
_ANNOTATED: Mapping[str, type] = {
    "int | None": int, "float | None": float, "str | None": str, "bool | None": bool,
}


def _coerce(bot: str, key: str, value: Any, parameter: inspect.Parameter) -> Any:
    """``value`` as the parameter takes it (an int where a float is expected, ...)."""
    default = parameter.default
    if default is inspect.Parameter.empty:
        return value
    if default is None:
        expected = _ANNOTATED.get(str(parameter.annotation).replace("Optional[", ""))
        if expected is None or value is None:
            return value
    else:
        expected = type(default)
    if expected is float and type(value) is int:
        return float(value)
    if type(value) is not expected:
        like = f" (like {_show(default)})" if default is not None else ""
        raise ValueError(f"bot {bot!r}: {key}={_show(value)} must be {expected.__name__}{like}")
    return value


def resolve(game: Game, name: str) -> tuple[Any, dict[str, Any], float]:
    """The factory of bot ``name``, its keyword arguments, and its blunder rate; ValueError
    naming an unknown bot or parameter and what is allowed."""
    if name.strip() in LEVELS:
        name = bot_levels(game)[name.strip()]
    spec = parse_bot(name)
    factory = _factory(game, spec.bot)
    parameters = _parameters(factory)
    aliases: Mapping[str, str] = getattr(factory, "ALIASES", {})
    kwargs: dict[str, Any] = {}
    blunder = 0.0
    for key, value in spec.params:
        if key == BLUNDER:
            if type(value) not in (int, float) or not 0 <= value <= 1:
                raise ValueError(f"bot {spec.bot!r}: blunder={_show(value)} must be a "
                                 "probability from 0 to 1")
            blunder = float(value)
            continue
        target = aliases.get(key, key)
        if target not in parameters:
            allowed = [p + "".join(f" (or {a})" for a, t in aliases.items() if t == p)
                       for p in parameters]
            raise ValueError(f"bot {spec.bot!r} has no parameter {key!r}; parameters: "
                             f"{', '.join([*allowed, BLUNDER])}")
        kwargs[target] = _coerce(spec.bot, key, value, parameters[target])
    return factory, kwargs, blunder


def make_bot(game: Game, name: str, seed: int | None = None, **kwargs: Any) -> Bot:
    """A bot by name (``random``, ``ismcts:ms=500``, ``heuristic:blunder=0.2``, a level...);
    ``kwargs`` add to the parameters in the name. The bot's ``name`` is the name given."""
    factory, params, blunder = resolve(game, name)
    bot: Bot = factory(game, seed=seed, **{**params, **kwargs})
    if blunder > 0:
        bot = BlunderingBot(bot, blunder, seed)
    if ":" in name or name.strip() in LEVELS:
        bot.name = name.strip()
    return bot


def check_bots(game: Game, names: Sequence[str]) -> list[str]:
    """The names, each checked to build (ValueError otherwise)."""
    for name in names:
        resolve(game, name)
    return list(names)


class BlunderingBot:
    """Any bot that, with probability ``rate``, plays a uniformly random legal action."""

    def __init__(self, inner: Bot, rate: float, seed: int | None):
        self.inner = inner
        self.rate = rate
        self.name = inner.name
        self.blind = inner.blind
        self.rng = random.Random(None if seed is None else seed ^ 0xB1D)

    def choose(self, state: State, seat: int) -> Action:
        legal = state.legal_actions(seat)
        if self.rng.random() < self.rate:
            return legal[int(self.rng.random() * len(legal))]
        return self.inner.choose(state, seat)

    def choose_from(self, legal: Sequence[Action]) -> Action:
        """For a blind inner bot, which chooses from the legal actions alone."""
        if self.rng.random() < self.rate:
            return legal[int(self.rng.random() * len(legal))]
        chosen: Action = self.inner.choose_from(legal)  # type: ignore[attr-defined]  # blind bots have it
        return chosen
