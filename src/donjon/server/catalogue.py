"""What the lobby offers: the games that load, their options, and the bot levels that build."""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

import donjon
from donjon.bots import bot_names, make_bot

log = logging.getLogger("donjon.server")


@cache
def available_bots(name: str) -> tuple[str, ...]:
    """The bot levels of a game that can actually be built (a missing module is left out)."""
    game = donjon.load(name)
    found = []
    for bot in bot_names(game):
        try:
            make_bot(game, bot, seed=0)
        except Exception:  # noqa: BLE001 - an optional bot that is not installed
            continue
        found.append(bot)
    return tuple(found)


def playable_games() -> list[str]:
    """The registered games that load (one still being written must not break the lobby)."""
    found = []
    for name in donjon.games():
        try:
            donjon.load(name)
        except Exception:  # noqa: BLE001
            log.exception("game %s does not load", name)
            continue
        found.append(name)
    return found


def game_catalogue() -> list[dict[str, Any]]:
    out = []
    for name in playable_games():
        game = donjon.load(name)
        out.append({
            "name": name,
            "title": game.title,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "options": [
                {"name": o.name, "default": o.default, "doc": o.doc, "proposed": o.proposed,
                 "choices": list(o.choices) if o.choices is not None else None,
                 "type": type(o.default).__name__}
                for o in game.options
            ],
            "bots": list(available_bots(name)),
        })
    return out
