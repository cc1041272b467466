"""Caylus (William Attia, Ystari 2005): build the castle and the road to it, for 2–5 players."""

from donjon.engine import Game, Option
from donjon.games.caylus.messages import MESSAGES
from donjon.games.caylus.state import CaylusState

GAME = Game(
    name="caylus",
    title="Caylus",
    min_players=2,
    max_players=5,
    version="1",
    state_class=CaylusState,
    package=__name__,
    messages=MESSAGES,
    options=(
        Option(
            "jeweller", True, choices=(True, False),
            doc="include the Jeweller stone tile (2nd edition / promo; rules §1.1, recommended on)",
        ),
        Option(
            "architects", 2, choices=(1, 2), proposed=True,
            doc="Architect tiles in the stone set: 2 as in the 1st printing; the 2nd edition "
                "probably kept both (rules §1.1 UNCONFIRMED)",
        ),
        Option(
            "lawyer_points", 4, choices=(4, 3),
            doc="PP of the Lawyer tile: 4 (1st printing, tiles and implementations) or 3 (later "
                "printings) — rules §7.3 point 12",
        ),
        Option(
            "two_player_pass_bonus", True, choices=(True, False), proposed=True,
            doc="with 2 players the first to pass still gains 1 denier (rules §1.3 UNCONFIRMED)",
        ),
        Option(
            "lawyer_unactivated", "end-of-activation",
            choices=("end-of-activation", "end-of-turn"), proposed=True,
            doc="when a Lawyer target whose worker never activates (beyond the provost) becomes a "
                "residence: at the end of phase 5, or at the end of the turn as pindia does "
                "(rules §7.3 point 9 UNCONFIRMED)",
        ),
        Option(
            "lawyer_favour_delay", True, choices=(True, False), proposed=True,
            doc="a favour-track residence (column 4) made in phase 3 on an occupied building also "
                "waits for that building's activation (rules §7.3 point 9 UNCONFIRMED)",
        ),
        Option(
            "scoring", "sequential", choices=("sequential", "one-per-turn"), proposed=True,
            doc="two sections due at the same end of turn: score both in order, or one per turn "
                "as pindia does (rules §4.2 open case)",
        ),
        Option(
            "stables_spots", 3, choices=(1, 2, 3), proposed=True,
            doc="stable spots with 3+ players; all 3 at 3 players as far as found "
                "(rules §7.4 point 16 UNCONFIRMED)",
        ),
        Option(
            "favours", "table", choices=("table", "simple"),
            doc="royal favours: the favour table (§5), or the beginners' variant, 3 PP each",
        ),
    ),
    bots={"heuristic": "donjon.games.caylus.bots:HeuristicBot"},
    terminal="donjon.games.caylus.terminal:render",
)
