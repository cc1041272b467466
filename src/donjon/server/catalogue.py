"""What the lobby and the tables offer: the games that load, their options and bot levels, and
each game's catalogue (every card, character, building... with its effect text) in a language."""

from __future__ import annotations

import json
import logging
from collections.abc import Mapping
from functools import cache
from typing import Any

import donjon
from donjon.bots import LEVELS, bot_levels, bot_names, make_bot
from donjon.engine import text
from donjon.server.display import options_json
from donjon.server.i18n import t

log = logging.getLogger("donjon.server")


@cache
def available_bots(name: str) -> tuple[str, ...]:
    """The bots a table of ``name`` accepts: the levels whose bot builds, then every bot that
    builds by name (scripts and older tables name them; a missing module is left out)."""
    game = donjon.load(name)
    found = []
    for bot in [*LEVELS, *bot_names(game)]:
        try:
            make_bot(game, bot, seed=0)
        except Exception:  # noqa: BLE001 - an optional bot that is not installed
            continue
        found.append(bot)
    return tuple(found)


def offered_levels(name: str) -> list[str]:
    """The bot levels the table form offers (easy, normal, hard), those that build."""
    levels = bot_levels(donjon.load(name))
    built = available_bots(name)
    return [level for level in LEVELS if level in levels and level in built]


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


def game_catalogue(lang: str = "en") -> list[dict[str, Any]]:
    """Every game for the table form, in ``lang``: players, options (see
    ``display.option_json``), bot levels by name and label, and every bot that builds."""
    out = []
    for name in playable_games():
        game = donjon.load(name)
        out.append({
            "name": name,
            "title": game.title,
            "min_players": game.min_players,
            "max_players": game.max_players,
            "options": list(options_json(name, lang)),
            "levels": [{"name": level, "label": t(lang, f"level_{level}")}
                       for level in offered_levels(name)],
            "bots": list(available_bots(name)),
        })
    return out


def _texts(table: Any, lang: str) -> dict[str, str]:
    """A presentation table ``{id: {lang: text}}`` in one language."""
    if not isinstance(table, Mapping):
        return {}
    return {str(k): (v.get(lang) or v.get("en") or str(k)) for k, v in table.items()
            if isinstance(v, Mapping)}


@cache
def items_of(name: str, lang: str) -> dict[str, Any]:
    """A game's catalogue in ``lang``: ``items`` (id, kind, name, text, cost, type), the names
    of its score ``categories`` and of its ``tiebreaks`` (``Result.tiebreak`` -> text), and the
    words its renderer shows (``ui``: key -> text, ``ctx.t`` in the browser), from the game's
    presentation (``CATEGORIES``, ``TIEBREAKS``, ``UI``; empty for a game without one yet)."""
    game = donjon.load(name)
    shown = text.presentation(game)
    return {
        "game": name,
        "lang": lang,
        "items": [dict(item) for item in text.catalogue(game, lang)],
        "categories": _texts(getattr(shown, "CATEGORIES", None), lang),
        "tiebreaks": _texts(getattr(shown, "TIEBREAKS", None), lang),
        "ui": _texts(getattr(shown, "UI", None), lang),
    }


@cache
def items_json(name: str, lang: str) -> str:
    """``items_of`` as JSON text, made once: the table and replay pages embed it in a script
    element, so no ``<`` may close it early."""
    return json.dumps(items_of(name, lang), ensure_ascii=False).replace("<", "\\u003c")
