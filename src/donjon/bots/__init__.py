"""Bots: every one speaks only the engine contract.

A bot receives ``state.determinize(seat, rng)`` — never the true hidden state — and returns one of
its legal actions. A *blind* bot (random) needs only the list of legal actions, which is a
function of what the seat may see, and so skips the determinization.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

from donjon.engine.action import Action
from donjon.engine.game import load_dotted

if TYPE_CHECKING:
    from donjon.engine.game import Game
    from donjon.engine.state import State


class Bot(Protocol):
    name: str
    blind: bool

    def choose(self, state: State, seat: int) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    blind = True

    def __init__(self, game: Game | None = None, seed: int | None = None):
        self.name = "random"
        self.rng = random.Random(seed)

    def choose(self, state: State, seat: int) -> Action:
        return self.choose_from(state.legal_actions(seat))

    def choose_from(self, legal: list[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]


def decide(bot: Any, state: State, seat: int, rng: random.Random) -> Action:
    """Ask ``bot`` for ``seat``'s action, showing it only what the seat may know."""
    if getattr(bot, "blind", False):
        return bot.choose_from(state.legal_actions(seat))
    return bot.choose(state.determinize(seat, rng), seat)


BUILTIN = {
    "random": "donjon.bots:RandomBot",
    "ismcts": "donjon.bots.ismcts:ISMCTSBot",
}


def bot_names(game: Game) -> list[str]:
    return sorted(set(BUILTIN) | set(game.bots))


def make_bot(game: Game, name: str, seed: int | None = None, **kwargs: Any):
    """A bot by name: ``random``, ``ismcts``, or one of the game's own (``heuristic``...)."""
    path = game.bots.get(name) or BUILTIN.get(name)
    if path is None:
        raise ValueError(f"no bot {name!r} for {game.name}; bots: {', '.join(bot_names(game))}")
    return load_dotted(path)(game, seed=seed, **kwargs)
