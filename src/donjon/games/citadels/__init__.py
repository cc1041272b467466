"""Citadels, 2016 edition (Citadelles 4e édition, as on Board Game Arena), 2–8 players.

Rules version 2 fixed what play showed wrong in version 1 (gathering comes first by default,
the Magistrate is asked after every warranted build, a Diplomat's exchange completes a city only
once whole, blank warrants may go on the Magistrate with ``warrant_on_rank1``); records and
tables of version 1 still replay and play on under version 1.
"""

from donjon.engine import Game, Version
from donjon.games.citadels.cast import check_table
from donjon.games.citadels.messages import MESSAGES
from donjon.games.citadels.options import OPTIONS, VERSION_1_DEFAULTS
from donjon.games.citadels.rulings import VERSION_1_LEGACY
from donjon.games.citadels.state import CitadelsState

GAME = Game(
    name="citadels",
    title="Citadels (2016)",
    min_players=2,
    max_players=8,
    version="2",
    state_class=CitadelsState,
    package=__name__,
    options=OPTIONS,
    versions={"1": Version(
        defaults=VERSION_1_DEFAULTS, legacy=VERSION_1_LEGACY,
        note="abilities any time in the turn; the Magistrate asked only after a signed build; "
             "a Diplomat's exchange checked completion halfway; warrant_on_rank1 had no effect",
    )},
    constraints=check_table,
    bots={"heuristic": "donjon.games.citadels.bots:HeuristicBot"},
    terminal="donjon.games.citadels.terminal:render",
    messages=MESSAGES,
)
