"""Castle Rooms options: every resolution of ours (rules reference §3, §5 B1–B14) as a named
choice, and ``TableRules``, the options compiled once per game into what the rules code reads.

Each option's default is the rules reference's resolution; the other values are readings a real
table might play. B5 is confirmed (rooms only go at the right end of a row) and has no option.
No two points are the same choice: B7 (how many Dragons a row holds) and B14 (whether a row one
room short of winning may be blocked at all) are separate questions about the Dragon, and B9
(what counts when rows are compared) applies however the game ends (B10, B11).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from donjon.engine import Option
from donjon.games.castle_rooms.cards import DECKS, EITHER, ORIENTATION_INDEX

#: B2: which row a new row faces opposite to, or a free choice
OPPOSITE_NEWEST: Final = "opposite-newest"
OPPOSITE_LAST_BUILT: Final = "opposite-last-built"
FREE: Final = "free"
#: B11: how play ends once the last card is drawn
FINISH_TURN: Final = "finish-turn"
AT_ONCE: Final = "at-once"
LAST_TURN_EACH: Final = "last-turn-each"

OPTIONS: Final = (
    Option(
        "deck", "proposed", choices=tuple(DECKS), proposed=True, rules="§3",
        doc="room deck by connector (§3 PROPOSED: 6 copies of each of the 9 level pairs)",
        label={"en": "Room cards", "fr": "Cartes chambre"},
        help={
            "en": "How many room cards of each pair of passage levels the deck holds.",
            "fr": "Combien de cartes chambre de chaque paire de hauteurs de passage.",
        },
        values={"proposed": {
            "en": "Six of each of the nine level pairs",
            "fr": "Six de chacune des neuf paires de hauteurs",
        }},
    ),
    Option(
        "hand_limit", "at-most", choices=("at-most", "exactly"), proposed=True, rules="§5 B6",
        doc="end a turn with at most 2 cards (seed 004) or exactly 2 (one review) — §5 B6",
        label={"en": "Cards kept at the end of a turn", "fr": "Cartes gardées en fin de tour"},
        help={
            "en": "How many cards you may still hold when you end your turn.",
            "fr": "Combien de cartes vous pouvez garder en main en finissant votre tour.",
        },
        values={
            "at-most": {"en": "At most 2", "fr": "Au plus 2"},
            "exactly": {
                "en": "Exactly 2: place or discard as many cards as you drew",
                "fr": "Exactement 2 : posez ou défaussez autant de cartes que piochées",
            },
        },
    ),
    Option(
        "first_row", "choice", choices=("choice", "helmet-up", "swords-up"), proposed=True,
        rules="§5 B1",
        doc="orientation of a player's first row: their choice, or fixed — §5 B1",
        label={"en": "First row's orientation", "fr": "Sens de la première rangée"},
        help={
            "en": "Which way up each player's first row lies.",
            "fr": "Dans quel sens se pose la première rangée de chaque joueur.",
        },
        values={
            "choice": {"en": "The player chooses", "fr": "Au choix du joueur"},
            "helmet-up": {"en": "Helmet up", "fr": "Casque en haut"},
            "swords-up": {"en": "Swords up", "fr": "Épées en haut"},
        },
    ),
    Option(
        "win_rooms", 10, choices=tuple(range(3, 11)),
        doc="rooms in one row that win (§4 victory: 10); lower for a short game",
        label={"en": "Rooms in a row to win", "fr": "Chambres alignées pour gagner"},
        help={
            "en": "How many rooms in one row win the game; ten in the published game.",
            "fr": "Combien de chambres dans une même rangée font gagner ; dix dans le jeu édité.",
        },
    ),
    Option(
        "row_orientation", OPPOSITE_NEWEST, choices=(OPPOSITE_NEWEST, OPPOSITE_LAST_BUILT, FREE),
        proposed=True, rules="§5 B2",
        doc="§5 B2 PROPOSED: a new row faces opposite to the row started most recently; or "
            "opposite to the row last built on (the other sense of 'previous'); or freely",
        label={"en": "Orientation of new rows", "fr": "Sens des nouvelles rangées"},
        help={
            "en": "Which way up a new row lies once you have a row.",
            "fr": "Dans quel sens se pose une nouvelle rangée quand vous en avez déjà une.",
        },
        values={
            OPPOSITE_NEWEST: {
                "en": "Opposite to the row you started last",
                "fr": "À l'inverse de la dernière rangée commencée",
            },
            OPPOSITE_LAST_BUILT: {
                "en": "Opposite to the row you last added a room to",
                "fr": "À l'inverse de la dernière rangée où vous avez posé une chambre",
            },
            FREE: {"en": "Either way, as you choose", "fr": "Dans le sens de votre choix"},
        },
    ),
    Option(
        "open_rows", "all", choices=("all", "newest"), proposed=True, rules="§5 B3",
        doc="§5 B3 PROPOSED: every unblocked row may still grow; or only the newest row",
        label={"en": "Rows that can grow", "fr": "Rangées qui peuvent grandir"},
        help={
            "en": "Whether older rows may still be extended once you start a new one.",
            "fr": "Si les rangées plus anciennes grandissent encore une fois une autre commencée.",
        },
        values={
            "all": {
                "en": "All your rows free of Dragons",
                "fr": "Toutes vos rangées sans Dragon",
            },
            "newest": {
                "en": "Only the row you started last",
                "fr": "Seulement la dernière rangée commencée",
            },
        },
    ),
    Option(
        "new_row", "any-time", choices=("any-time", "when-stuck"), proposed=True, rules="§5 B4",
        doc="§5 B4 PROPOSED: a room may start a new row at any time; or only a room that fits "
            "at the end of none of your rows that may grow",
        label={"en": "Starting a new row", "fr": "Commencer une rangée"},
        help={
            "en": "When a room may start a new row instead of extending one.",
            "fr": "Quand une chambre peut commencer une nouvelle rangée au lieu d'en prolonger une.",
        },
        values={
            "any-time": {"en": "At any time", "fr": "À tout moment"},
            "when-stuck": {
                "en": "Only with a room that fits none of your rows",
                "fr": "Seulement avec une chambre qui ne va sur aucune de vos rangées",
            },
        },
    ),
    Option(
        "dragons", "one-per-row", choices=("one-per-row", "stacking"), proposed=True,
        rules="§5 B7",
        doc="§5 B7 PROPOSED: one Dragon per row; or Dragons pile up on a row, each needing "
            "its own Knight (B8: one Knight removes one Dragon)",
        label={"en": "Dragons on one row", "fr": "Dragons sur une rangée"},
        help={
            "en": "Whether a row already blocked by a Dragon may take another one.",
            "fr": "Si une rangée déjà bloquée par un Dragon peut en recevoir un autre.",
        },
        values={
            "one-per-row": {"en": "One Dragon at most", "fr": "Un seul Dragon"},
            "stacking": {
                "en": "Dragons pile up, and each needs its own Knight",
                "fr": "Les Dragons s'empilent, et chacun demande son Chevalier",
            },
        },
    ),
    Option(
        "knight", "rescue", choices=("rescue", "guard"), proposed=True, rules="§5 B8",
        doc="§5 B8 PROPOSED: a Knight only frees your row from a Dragon; or it may also stand "
            "guard on a free row of yours, driving off the next Dragon set there (both are "
            "discarded)",
        label={"en": "Playing a Knight", "fr": "Jouer un Chevalier"},
        help={
            "en": "Whether a Knight may wait on a free row to drive off the next Dragon.",
            "fr": "Si un Chevalier peut garder une rangée libre contre le prochain Dragon.",
        },
        values={
            "rescue": {
                "en": "Only to free a blocked row",
                "fr": "Seulement pour libérer une rangée bloquée",
            },
            "guard": {
                "en": "Also to guard a free row in advance",
                "fr": "Aussi pour garder d'avance une rangée libre",
            },
        },
    ),
    Option(
        "blocked_rows", "count", choices=("count", "ignored"), proposed=True, rules="§5 B9",
        doc="§5 B9 PROPOSED: a row under a Dragon counts when rows are compared at the end; "
            "or it counts for nothing",
        label={"en": "Blocked rows at the end", "fr": "Rangées bloquées en fin de partie"},
        help={
            "en": "Whether rows under a Dragon count when rows are compared at the end.",
            "fr": "Si les rangées sous un Dragon comptent quand on compare les rangées à la fin.",
        },
        values={
            "count": {"en": "They count", "fr": "Elles comptent"},
            "ignored": {"en": "They count for nothing", "fr": "Elles ne comptent pas"},
        },
    ),
    Option(
        "win_timing", "at-once", choices=("at-once", "end-of-turn"), proposed=True,
        rules="§5 B10",
        doc="§5 B10 PROPOSED: the row of ten wins at once; or at the end of that turn (the "
            "player finishes the turn, hand limit included)",
        label={"en": "When a full row wins", "fr": "Quand une rangée complète gagne"},
        help={
            "en": "Whether completing a row ends the game at once or when your turn ends.",
            "fr": "Si compléter une rangée arrête la partie aussitôt ou à la fin de votre tour.",
        },
        values={
            "at-once": {"en": "At once", "fr": "Aussitôt"},
            "end-of-turn": {"en": "When that turn ends", "fr": "À la fin de ce tour"},
        },
    ),
    Option(
        "deck_out", FINISH_TURN, choices=(FINISH_TURN, AT_ONCE, LAST_TURN_EACH), proposed=True,
        rules="§5 B11",
        doc="§5 B11 PROPOSED: whoever draws the last card finishes the turn, then the game "
            "ends; or it ends as that card is drawn; or every other player then plays one last "
            "turn without drawing. 'The round is completed' is no alternative: every turn draws "
            "2 and the piles left after the deal (56, 54, 56 cards) are 14, 9 and 7 rounds, so "
            "the last card always falls to the last player of a round",
        label={"en": "When the draw pile runs out", "fr": "Quand la pioche est épuisée"},
        help={
            "en": "How the game ends once the last card has been drawn.",
            "fr": "Comment la partie finit une fois la dernière carte piochée.",
        },
        values={
            FINISH_TURN: {
                "en": "The player who drew it finishes the turn",
                "fr": "Le joueur qui l'a piochée finit son tour",
            },
            AT_ONCE: {"en": "The game ends at once", "fr": "La partie s'arrête aussitôt"},
            LAST_TURN_EACH: {
                "en": "Every other player then plays one last turn",
                "fr": "Chaque autre joueur joue ensuite un dernier tour",
            },
        },
    ),
    Option(
        "first_player", "random", choices=("random", "first-seat"), proposed=True,
        rules="§5 B12",
        doc="§5 B12 PROPOSED: a random first player; or the table's first seat",
        label={"en": "First player", "fr": "Premier joueur"},
        help={"en": "Who takes the first turn.", "fr": "Qui joue le premier tour."},
        values={
            "random": {"en": "Drawn at random", "fr": "Tiré au sort"},
            "first-seat": {
                "en": "The first player at the table",
                "fr": "Le premier joueur de la table",
            },
        },
    ),
    Option(
        "hands", "hidden", choices=("hidden", "open"), proposed=True, rules="§5 B13",
        doc="§5 B13 PROPOSED: hands are hidden; or played open (the state class then declares "
            "no hidden hands, so views, logs and determinizations show them)",
        label={"en": "Cards in hand", "fr": "Cartes en main"},
        help={
            "en": "Whether players see each other's cards in hand.",
            "fr": "Si les joueurs voient les cartes en main des autres.",
        },
        values={
            "hidden": {"en": "Hidden", "fr": "Cachées"},
            "open": {"en": "Face up on the table", "fr": "Visibles sur la table"},
        },
    ),
    Option(
        "dragon_near_win", "allowed", choices=("allowed", "forbidden"), proposed=True,
        rules="§5 B14",
        doc="§5 B14 PROPOSED: a Dragon may block a row one room short of winning; or such a "
            "row is safe from Dragons",
        label={"en": "Dragon on a nearly full row", "fr": "Dragon sur une rangée presque pleine"},
        help={
            "en": "Whether a Dragon may block a row one room short of winning.",
            "fr": "Si un Dragon peut bloquer une rangée à une chambre de la victoire.",
        },
        values={
            "allowed": {"en": "Allowed", "fr": "Permis"},
            "forbidden": {
                "en": "Not allowed: that row is safe",
                "fr": "Interdit : cette rangée est à l'abri",
            },
        },
    ),
)

#: far above any row: with it, no row is ever too long for a Dragon (§5 B14 default)
NO_LIMIT: Final = 1 << 30


@dataclass(frozen=True, slots=True)
class TableRules:
    """The options as the rules code reads them, compiled once per game and shared by clones."""

    #: §5 B6: may a player go on playing at 2 cards or fewer?
    hand_at_most: bool
    #: §5 B1: the orientations a player's first row may take (an index into ``FACINGS``)
    first_rows: int
    #: §5 B2: OPPOSITE_NEWEST, OPPOSITE_LAST_BUILT or FREE
    row_orientation: str
    #: §5 B3: only the newest row may grow
    only_newest_grows: bool
    #: §5 B4: a room may start a new row only if it fits no row
    new_row_when_stuck: bool
    #: §5 B7: Dragons pile up on a row
    dragons_stack: bool
    #: §5 B8: a Knight may guard a free row in advance
    knights_guard: bool
    #: §5 B9: rows under a Dragon count when rows are compared
    blocked_rows_count: bool
    #: §4 victory, §5 B10: rooms in a row that win, and whether at once
    win_rooms: int
    win_at_once: bool
    #: §5 B11: FINISH_TURN, AT_ONCE or LAST_TURN_EACH
    deck_out: str
    #: §5 B12: the first player is drawn at random
    random_first_player: bool
    #: §5 B14: a row with this many rooms or more is safe from Dragons
    dragon_safe_from: int

    @staticmethod
    def of(options: dict[str, Any]) -> TableRules:
        first_row: str = options["first_row"]
        win_rooms: int = options["win_rooms"]
        return TableRules(
            hand_at_most=options["hand_limit"] == "at-most",
            first_rows=EITHER if first_row == "choice" else ORIENTATION_INDEX[first_row],
            row_orientation=options["row_orientation"],
            only_newest_grows=options["open_rows"] == "newest",
            new_row_when_stuck=options["new_row"] == "when-stuck",
            dragons_stack=options["dragons"] == "stacking",
            knights_guard=options["knight"] == "guard",
            blocked_rows_count=options["blocked_rows"] == "count",
            win_rooms=win_rooms,
            win_at_once=options["win_timing"] == "at-once",
            deck_out=options["deck_out"],
            random_first_player=options["first_player"] == "random",
            dragon_safe_from=(
                win_rooms - 1 if options["dragon_near_win"] == "forbidden" else NO_LIMIT
            ),
        )
