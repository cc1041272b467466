"""Research environments over the engine's research contract (``donjon.engine.research``).

- ``donjon.adapters.openspiel``: every game as an OpenSpiel Python game
  (``pyspiel.load_game("donjon_citadels", {"players": 5})``);
- ``donjon.adapters.pettingzoo``: every game as a PettingZoo AEC environment
  (``donjon.adapters.pettingzoo.env("citadels", players=5)``).

Both need the ``research`` extra (``pip install 'donjon[research]'``); ``donjon.adapters.table``
holds what they share and needs nothing beyond donjon.
"""

from __future__ import annotations

EXTRA_HINT = "install the research extra: pip install 'donjon[research]'"
