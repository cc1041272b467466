"""Die Glücksritter (Klaus Kreowski, Schmidt Spiele, 1999): the first to build a castle of four
walls and four towers wins.

Every option marked ``proposed`` is our resolution of a point the rules reference
(``rules/gluecksritter.md``) lists as PROPOSED; its ``rules`` names the row (``options.py``).
"""

from donjon.engine import Game
from donjon.games.gluecksritter.messages import MESSAGES
from donjon.games.gluecksritter.options import OPTIONS
from donjon.games.gluecksritter.state import GluecksritterState

GAME = Game(
    name="gluecksritter",
    title="Die Glücksritter",
    min_players=3,
    max_players=6,
    version="1",
    state_class=GluecksritterState,
    package=__name__,
    messages=MESSAGES,
    options=OPTIONS,
    bots={"heuristic": "donjon.games.gluecksritter.bots:HeuristicBot"},
    terminal="donjon.games.gluecksritter.terminal:render",
)
