"""Die Glücksritter (Klaus Kreowski, Schmidt Spiele, 1999): the first to build a castle of four
walls and four towers wins.

Every option marked ``proposed`` is our resolution of a point the rules reference
(``rules/gluecksritter.md``) lists as PROPOSED; its doc names the section.
"""

from donjon.engine import Game, Option
from donjon.games.gluecksritter.data import DOCUMENT_MIXES, DUCATS_DECKS
from donjon.games.gluecksritter.messages import MESSAGES
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
    options=(
        Option(
            "ducats", "proposed", choices=tuple(DUCATS_DECKS), proposed=True,
            doc="the 18 Ducats cards (§7.1 PROPOSED: two of each pair in {2,3,4}×{2,3,4} coins)",
        ),
        Option(
            "documents", "proposed", choices=tuple(DOCUMENT_MIXES), proposed=True,
            doc="the mix of the 25 Documents (§7.2 PROPOSED: 15 red, 10 yellow)",
        ),
        Option(
            "start_silver", 2, choices=(0, 1, 2, 3, 4),
            doc="silver coins each player starts with (§2 setup, §8 A1: 2)",
        ),
        Option(
            "start_gold", 2, choices=(0, 1, 2, 3, 4),
            doc="gold coins each player starts with (§2 setup, §8 A1: 2)",
        ),
        Option(
            "coin_cap", "keep-larger-half", choices=("keep-larger-half", "keep-smaller-half"),
            proposed=True,
            doc="8+ coins of one kind: return ⌊n/2⌋ (keep the larger half) or ⌈n/2⌉ (§8 A3)",
        ),
        Option(
            "field_leftover", "stays", choices=("stays", "bag"), proposed=True,
            doc="the remainder of a shared field 5/6 stays there, or goes to the bag (§8 A6, A12)",
        ),
        Option(
            "sharing", "equal-value", choices=("equal-value", "deal-coins"), proposed=True,
            doc="several on field 5/6: each takes ⌊value/n⌋ ducats (equal-value), or the coins "
                "are dealt out one by one, gold first, from the start player (§8 A12)",
        ),
        Option(
            "knight_may_pass", True, choices=(True, False), proposed=True,
            doc="the lone Black Knight may decline to act (§8 A13)",
        ),
        Option(
            "raid", "special-die", choices=("special-die", "attacker-chooses"), proposed=True,
            doc="a raid takes money or a castle piece as the special die says, or as the "
                "attacker chooses (§6, §8 A14)",
        ),
        Option(
            "raid_money", "all-gold", choices=("all-gold", "all-coins"), proposed=True,
            doc="a money raid takes all the victim's gold (all silver if no gold), or every coin "
                "(§8 A14)",
        ),
        Option(
            "raided_piece", "to-attacker", choices=("to-attacker", "to-supply"), proposed=True,
            doc="a stolen wall or tower goes to the attacker's castle (the supply if full) or "
                "straight to the supply (§8 A14)",
        ),
        Option(
            "duel", "high-roll", choices=("high-roll", "one-roll"), proposed=True,
            doc="the duel: each rolls the normal die, higher wins, ties rerolled (high-roll); or "
                "one roll, 1–3 the first duellist in seating order, 4–6 the second (§8 A15)",
        ),
        Option(
            "safeguard", "demolition-and-knight", choices=("demolition-and-knight", "knight-only"),
            proposed=True,
            doc="the thefts Safeguard (Y1) cancels: a Demolition (R2) and a Black Knight's theft "
                "of a piece, or only the Black Knight's (§8 A18)",
        ),
        Option(
            "red_limit", 0, choices=(0, 1, 2, 3), proposed=True,
            doc="red Documents one player may commit per round; 0 = any number (§8 A17)",
        ),
    ),
    bots={"heuristic": "donjon.games.gluecksritter.bots:HeuristicBot"},
    terminal="donjon.games.gluecksritter.terminal:render",
)
