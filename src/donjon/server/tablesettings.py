"""A table's own settings, beside the game's options: its clock, whether it is private, whether
spectators may chat.

They travel in the creation request's ``options`` under their own names (``clock``,
``clock_bank``...), so that the lobby form draws them from the same metadata as a game's options
(``GET /api/table-settings``, each entry shaped like ``display.option_json``), and the server
takes them out before the game checks its own options.
"""

from __future__ import annotations

from typing import Any

from donjon.server.clocks import BANK_RANGE, INCREMENT_RANGE, MODES, NONE, PER_MOVE_RANGE
from donjon.server.errors import TableError
from donjon.server.i18n import t

#: name -> (default, allowed range or choices)
DEFAULTS: dict[str, Any] = {
    "clock": NONE, "clock_bank": 600, "clock_increment": 20, "clock_per_move": 24 * 3600,
    "private": False, "spectator_chat": True,
}
RANGES = {"clock_bank": BANK_RANGE, "clock_increment": INCREMENT_RANGE,
          "clock_per_move": PER_MOVE_RANGE}
#: the presets the lobby offers (any value within the range is accepted from the API)
PRESETS = {
    "clock_bank": [60, 180, 300, 600, 900, 1200, 1800, 3600],
    "clock_increment": [0, 5, 10, 20, 30, 60],
    "clock_per_move": [3600, 8 * 3600, 24 * 3600, 48 * 3600, 72 * 3600, 7 * 24 * 3600],
}
#: which clock mode shows which setting in the form
SHOWN_FOR = {"clock_bank": "realtime", "clock_increment": "realtime",
             "clock_per_move": "turn"}


def duration(seconds: int, lang: str) -> str:
    """A duration as players read it: "10 min", "20 s", "24 h", "7 days"."""
    if seconds % 86400 == 0 and seconds >= 2 * 86400:
        return t(lang, "duration_days", n=seconds // 86400)
    if seconds % 3600 == 0 and seconds >= 3600:
        return t(lang, "duration_hours", n=seconds // 3600)
    if seconds % 60 == 0 and seconds >= 60:
        return t(lang, "duration_minutes", n=seconds // 60)
    return t(lang, "duration_seconds", n=seconds)


def settings_json(lang: str) -> list[dict[str, Any]]:
    """Each table setting as the form reads an option (``display.option_json``'s shape), plus
    ``group`` ("clock" or "table") and ``shown_for`` (the clock mode it belongs to)."""
    out: list[dict[str, Any]] = []
    for name, default in DEFAULTS.items():
        entry: dict[str, Any] = {
            "name": name, "label": t(lang, f"setting_{name}"),
            "help": t(lang, f"setting_{name}_help"), "advanced": False,
            "type": type(default).__name__, "default": default, "choices": None,
            "values": None, "suggestions": None,
            "group": "clock" if name.startswith("clock") else "table",
            "shown_for": SHOWN_FOR.get(name),
        }
        if name == "clock":
            entry["choices"] = list(MODES)
            entry["values"] = [t(lang, f"clock_{mode}") for mode in MODES]
        elif name in PRESETS:
            entry["choices"] = PRESETS[name]
            entry["values"] = [duration(v, lang) for v in PRESETS[name]]
        entry["default_label"] = (entry["values"][entry["choices"].index(default)]
                                  if entry["choices"] else t(lang, "yes" if default else "no"))
        out.append(entry)
    return out


def split(options: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """The game's options, and the table's settings (every one, defaults filled in), from what
    the creation request sent; a setting out of range is refused (400 ``bad_setting``)."""
    game = {k: v for k, v in options.items() if k not in DEFAULTS}
    chosen = dict(DEFAULTS)
    for name, value in options.items():
        if name not in DEFAULTS:
            continue
        default = DEFAULTS[name]
        if type(value) is not type(default):
            raise TableError(400, "bad_setting", setting=t("en", f"setting_{name}"),
                             fields={"setting": name})
        if name == "clock" and value not in MODES:
            raise TableError(400, "bad_setting", setting=t("en", "setting_clock"),
                             fields={"setting": name})
        if name in RANGES:
            low, high = RANGES[name]
            if not low <= value <= high:
                raise TableError(400, "bad_setting", setting=t("en", f"setting_{name}"),
                                 fields={"setting": name})
        chosen[name] = value
    return game, chosen


def clock_json(settings: dict[str, Any]) -> dict[str, Any]:
    """The clock part of a table's settings, as ``clocks.ClockSettings.from_json`` reads it."""
    return {"mode": settings.get("clock", NONE), "bank": settings.get("clock_bank", 600),
            "increment": settings.get("clock_increment", 20),
            "per_move": settings.get("clock_per_move", 24 * 3600)}


def describe(settings: dict[str, Any], lang: str) -> str:
    """The clock in a few words: "Real time: 10 min + 20 s", "Turn-based: 24 h per move"."""
    mode = settings.get("clock", NONE)
    if mode == "realtime":
        return t(lang, "clock_realtime_is", bank=duration(settings["clock_bank"], lang),
                 increment=duration(settings["clock_increment"], lang))
    if mode == "turn":
        return t(lang, "clock_turn_is", limit=duration(settings["clock_per_move"], lang))
    return t(lang, "clock_none")
