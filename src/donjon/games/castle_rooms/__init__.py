"""Castle Rooms (Giampaolo Razzino, Little Rocket Games): build a row of ten castle rooms."""

from donjon.engine import Game, Option
from donjon.games.castle_rooms.cards import DECKS
from donjon.games.castle_rooms.messages import MESSAGES
from donjon.games.castle_rooms.state import CastleRoomsState

GAME = Game(
    name="castle-rooms",
    title="Castle Rooms",
    min_players=2,
    max_players=4,
    version="1",
    state_class=CastleRoomsState,
    package=__name__,
    options=(
        Option(
            "deck", "proposed", choices=tuple(DECKS), proposed=True,
            doc="room deck by connector (§3 PROPOSED: 6 copies of each of the 9 level pairs)",
        ),
        Option(
            "hand_limit", "at-most", choices=("at-most", "exactly"), proposed=True,
            doc="end a turn with at most 2 cards (seed 004) or exactly 2 (one review) — §5 B6",
        ),
        Option(
            "first_row", "choice", choices=("choice", "helmet-up", "swords-up"), proposed=True,
            doc="orientation of a player's first row: their choice, or fixed — §5 B1",
        ),
        Option(
            "win_rooms", 10, choices=tuple(range(3, 11)),
            doc="rooms in one row that win at once (§4 victory: 10)",
        ),
    ),
    bots={"heuristic": "donjon.games.castle_rooms.bots:HeuristicBot"},
    terminal="donjon.games.castle_rooms.terminal:render",
    messages=MESSAGES,
)
