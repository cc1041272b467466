"""Castle Rooms (Giampaolo Razzino, Little Rocket Games): build a row of ten castle rooms."""

from donjon.engine import Game
from donjon.games.castle_rooms.messages import MESSAGES
from donjon.games.castle_rooms.options import OPTIONS
from donjon.games.castle_rooms.state import CastleRoomsState

GAME = Game(
    name="castle-rooms",
    title="Castle Rooms",
    min_players=2,
    max_players=4,
    version="1",
    state_class=CastleRoomsState,
    package=__name__,
    options=OPTIONS,
    bots={"heuristic": "donjon.games.castle_rooms.bots:HeuristicBot"},
    terminal="donjon.games.castle_rooms.terminal:render",
    messages=MESSAGES,
)
