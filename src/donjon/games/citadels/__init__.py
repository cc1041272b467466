"""Citadels, 2016 edition (Citadelles 4e édition, as on Board Game Arena), 2–8 players."""

from donjon.engine import Game
from donjon.games.citadels.messages import MESSAGES
from donjon.games.citadels.options import OPTIONS
from donjon.games.citadels.state import CitadelsState

GAME = Game(
    name="citadels",
    title="Citadels (2016)",
    min_players=2,
    max_players=8,
    version="1",
    state_class=CitadelsState,
    package=__name__,
    options=OPTIONS,
    bots={"heuristic": "donjon.games.citadels.bots:HeuristicBot"},
    terminal="donjon.games.citadels.terminal:render",
    messages=MESSAGES,
)
