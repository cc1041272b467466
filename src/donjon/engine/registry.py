"""The registry of games: each package under ``donjon.games`` exposing ``GAME``.

Games are found by name, without the engine importing any of them itself; packages installed by
others register through the ``donjon.games`` entry-point group.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from importlib.metadata import entry_points

from donjon.engine.game import Game


@cache
def _catalogue() -> dict[str, str]:
    import donjon.games as package

    found = {}
    for module in pkgutil.iter_modules(package.__path__):
        if module.ispkg:
            found[module.name.replace("_", "-")] = f"{package.__name__}.{module.name}"
    for entry in entry_points(group="donjon.games"):
        found[entry.name] = entry.value
    return found


def games() -> list[str]:
    """The registered game names, sorted."""
    return sorted(_catalogue())


@cache
def load(name: str) -> Game:
    """The game registered as ``name`` (e.g. ``"citadels"``)."""
    catalogue = _catalogue()
    if name not in catalogue:
        raise ValueError(f"no game {name!r}; games: {', '.join(sorted(catalogue))}")
    module = importlib.import_module(catalogue[name].partition(":")[0])
    game: Game = module.GAME
    return game
