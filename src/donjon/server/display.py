"""What people read of a table, in their language: players' names, bot levels, option labels.

Seats are always named by the players' names: a person by their account name, a bot by its
place and level ("Bot 2 (easy)" / "Robot 2 (facile)"), a free seat as free — never "seat N".
The client names seats the same way from the same messages (``js/common.js``, ``seatName``).
Options are shown by their player texts (``Option.label``, ``help``, ``values``), never by their
Python names or developer notes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

import donjon
from donjon.bots import LEVELS
from donjon.engine.game import Option
from donjon.server.i18n import t

if TYPE_CHECKING:
    from donjon.server.tables import SeatInfo

#: bots of the first releases, stored by name at their tables: what players read for them
OLD_BOTS = {"random": "level_random", "heuristic": "level_normal", "ismcts": "level_hard"}


def bot_level(bot: str | None, lang: str) -> str:
    """A bot seat's level as players read it (a level, or an older table's bot name)."""
    name = (bot or "").split(":", 1)[0].strip()
    if name in LEVELS:
        return t(lang, f"level_{name}")
    return t(lang, OLD_BOTS.get(name, "level_other"))


def seat_name(seat: SeatInfo, index: int, lang: str) -> str:
    if seat.kind == "bot":
        return t(lang, "bot_at_seat", n=index + 1, level=bot_level(seat.bot, lang))
    return seat.name or t(lang, "free_seat")


def player_names(seats: Sequence[SeatInfo], lang: str) -> list[str]:
    """Every seat's name, by seat."""
    return [seat_name(seat, i, lang) for i, seat in enumerate(seats)]


def _text(texts: Mapping[str, str], lang: str) -> str:
    return texts.get(lang) or texts.get("en") or ""


def _readable(name: str) -> str:
    """An option without a label (a game still being written): its name in words."""
    return name.replace("_", " ").capitalize()


def value_label(option: Option, value: Any, lang: str) -> str:
    """One value of an option as players read it."""
    named = option.values.get(value) if isinstance(value, str | int) else None
    if named:
        return _text(named, lang)
    if isinstance(value, bool):
        return t(lang, "yes" if value else "no")
    if value is None:
        return "—"
    if isinstance(value, list | tuple):
        return ", ".join(value_label(option, v, lang) for v in value)
    return str(value)


def option_json(option: Option, lang: str) -> dict[str, Any]:
    """An option for the table form: what it is called and does, its values' names, whether it
    is advanced (a rules resolution), its type, choices and default. Never its developer note."""
    default = option.default
    entry: dict[str, Any] = {
        "name": option.name,
        "label": _text(option.label, lang) or _readable(option.name),
        "help": _text(option.help, lang),
        "advanced": option.proposed,
        "type": type(default).__name__ if default is not None else "str",
        "default": default,
        "default_label": value_label(option, default, lang),
        "choices": list(option.choices) if option.choices is not None else None,
        "values": None,
        "suggestions": None,
    }
    if option.choices is not None:
        entry["values"] = [value_label(option, c, lang) for c in option.choices]
    elif option.values:  # a free value with named presets (Citadels' cast: "first-game"...)
        entry["suggestions"] = [
            {"value": v, "label": _text(texts, lang)} for v, texts in option.values.items()
        ]
    elif isinstance(default, str):  # a free text with no named preset: never show it raw
        entry["suggestions"] = [{"value": default, "label": t(lang, "usual_choice")}]
        entry["default_label"] = t(lang, "usual_choice")
    return entry


@cache
def options_json(game_name: str, lang: str) -> tuple[dict[str, Any], ...]:
    return tuple(option_json(o, lang) for o in donjon.load(game_name).options)


def table_options(game_name: str, options: Mapping[str, Any], lang: str) -> list[dict[str, Any]]:
    """A table's options as players read them: label, value, and whether it is the default."""
    game = donjon.load(game_name)
    shown = []
    for option in game.options:
        if option.name not in options:
            continue
        value = options[option.name]
        free = option.choices is None and not option.values and isinstance(option.default, str)
        shown.append({
            "label": _text(option.label, lang) or _readable(option.name),
            "value": t(lang, "usual_choice") if free and value == option.default
            else value_label(option, value, lang),
            "changed": value != option.default or type(value) is not type(option.default),
            "advanced": option.proposed,
        })
    return shown
