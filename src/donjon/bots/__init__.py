"""Bots: every one speaks only the engine contract.

A bot receives ``state.determinize(seat, rng)`` — never the true hidden state — and returns one of
its legal actions. A *blind* bot (random) needs only the list of legal actions, which is a
function of what the seat may see, and so skips the determinization.

Bots are made by name, parameters included (``ismcts:ms=500``), or by level (``easy``,
``normal``, ``hard``): see ``donjon.bots.names``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from donjon.bots.names import (
    BUILTIN,
    LEVELS,
    BotSpec,
    bot_levels,
    bot_names,
    check_bots,
    make_bot,
    parse_bot,
    split_bots,
)
from donjon.engine.action import Action

if TYPE_CHECKING:
    from donjon.engine.game import Game
    from donjon.engine.state import State

__all__ = [
    "BUILTIN", "LEVELS", "Bot", "BotSpec", "RandomBot", "bot_levels", "bot_names", "check_bots",
    "decide", "make_bot", "parse_bot", "split_bots",
]


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

    def choose_from(self, legal: Sequence[Action]) -> Action:
        return legal[int(self.rng.random() * len(legal))]


def decide(bot: Any, state: State, seat: int, rng: random.Random) -> Action:
    """Ask ``bot`` for ``seat``'s action, showing it only what the seat may know."""
    if getattr(bot, "blind", False):
        return bot.choose_from(state.legal_actions(seat))
    return bot.choose(state.determinize(seat, rng), seat)
