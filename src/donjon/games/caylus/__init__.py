"""Caylus (William Attia, Ystari 2005): build the castle and the road to it, for 2–5 players."""

from typing import Any

from donjon.engine import Game, Option
from donjon.games.caylus.messages import MESSAGES
from donjon.games.caylus.state import CaylusState


def constraints(players: int, options: dict[str, Any]) -> None:
    """Options that mean something only at some player counts are refused at the others."""
    if players != 2 and options["two_player_pass_bonus"] is not True:
        raise ValueError(
            f"option two_player_pass_bonus=False is not allowed with {players} players: it is "
            "for 2-player games (with more, the first to pass always gains 1 denier)"
        )
    if players == 2 and options["stables_spots"] != 3:
        raise ValueError(
            f"option stables_spots={options['stables_spots']} is not allowed with 2 players: "
            "the Stables are not used with 2; it is for 3 to 5 players"
        )


GAME = Game(
    name="caylus",
    title="Caylus",
    min_players=2,
    max_players=5,
    version="1",
    state_class=CaylusState,
    package=__name__,
    messages=MESSAGES,
    constraints=constraints,
    options=(
        Option(
            "jeweller", True, choices=(True, False),
            doc="include the Jeweller stone tile (2nd edition / promo; rules §1.1, recommended on)",
            label={"en": "Jeweller", "fr": "Joaillier"},
            help={
                "en": "Include the Jeweller, a stone building of the second edition (first a "
                      "promotional tile).",
                "fr": "Inclure le Joaillier, bâtiment de pierre de la deuxième édition (d'abord "
                      "une tuile promotionnelle).",
            },
        ),
        Option(
            "architects", 2, choices=(1, 2), proposed=True, rules="§1.1",
            doc="Architect tiles in the stone set: 2 as in the 1st printing; the 2nd edition "
                "probably kept both (rules §1.1 UNCONFIRMED)",
            label={"en": "Architect tiles", "fr": "Tuiles Architecte"},
            help={
                "en": "How many Architects are among the stone buildings: two in the first "
                      "printing, and probably in the second edition too.",
                "fr": "Nombre d'Architectes parmi les bâtiments de pierre : deux dans la "
                      "première édition, et probablement dans la deuxième aussi.",
            },
        ),
        Option(
            "lawyer_points", 4, choices=(4, 3),
            doc="PP of the Lawyer tile: 4 (1st printing, tiles and implementations) or 3 (later "
                "printings) — rules §7.3 point 12",
            label={"en": "Lawyer's prestige points", "fr": "Points de prestige du Notaire"},
            help={
                "en": "The Lawyer is worth 4 prestige points in the first printing, 3 in later "
                      "printings.",
                "fr": "Le Notaire vaut 4 points de prestige dans la première édition, 3 dans les "
                      "suivantes.",
            },
        ),
        Option(
            "two_player_pass_bonus", True, choices=(True, False), proposed=True, rules="§1.3",
            doc="with 2 players the first to pass still gains 1 denier (rules §1.3 UNCONFIRMED)",
            label={"en": "First to pass gains a denier with 2 players",
                   "fr": "Denier du premier qui passe à 2 joueurs"},
            help={
                "en": "With two players, the first to pass still gains 1 denier: the two-player "
                      "rules do not say otherwise.",
                "fr": "À deux joueurs, le premier qui passe gagne quand même 1 denier : les "
                      "règles à deux ne disent pas le contraire.",
            },
        ),
        Option(
            "lawyer_unactivated", "end-of-activation",
            choices=("end-of-activation", "end-of-turn"), proposed=True, rules="§7.3 point 9",
            doc="when a Lawyer target whose worker never activates (beyond the provost) becomes a "
                "residence: at the end of phase 5, or at the end of the turn as pindia does "
                "(rules §7.3 point 9 UNCONFIRMED)",
            label={"en": "Residence on a building whose worker never acts",
                   "fr": "Résidence sur un bâtiment dont l'ouvrier n'agit pas"},
            help={
                "en": "When the Lawyer's target holds a worker beyond the provost, it becomes a "
                      "residence at the end of the road's activation, or at the end of the turn.",
                "fr": "Quand la cible du Notaire porte un ouvrier au-delà du prévôt, elle devient "
                      "une résidence à la fin de l'activation de la route, ou à la fin du tour.",
            },
            values={
                "end-of-activation": {"en": "At the end of the road's activation",
                                      "fr": "À la fin de l'activation de la route"},
                "end-of-turn": {"en": "At the end of the turn", "fr": "À la fin du tour"},
            },
        ),
        Option(
            "lawyer_favour_delay", True, choices=(True, False), proposed=True,
            rules="§7.3 point 9",
            doc="a favour-track residence (column 4) made in phase 3 on an occupied building also "
                "waits for that building's activation (rules §7.3 point 9 UNCONFIRMED)",
            label={"en": "Favour residences wait for the worker",
                   "fr": "Les résidences de faveur attendent l'ouvrier"},
            help={
                "en": "A residence from the favour table, made during the special buildings on a "
                      "building that holds a worker, waits until that worker has used it.",
                "fr": "Une résidence de la table des faveurs, faite pendant les bâtiments "
                      "spéciaux sur un bâtiment occupé, attend que son ouvrier l'ait utilisé.",
            },
        ),
        Option(
            "scoring", "sequential", choices=("sequential", "one-per-turn"), proposed=True,
            rules="§4.2",
            doc="two sections due at the same end of turn: score both in order, or one per turn "
                "as pindia does (rules §4.2 open case)",
            label={"en": "Two castle sections due together",
                   "fr": "Deux sections du château dues ensemble"},
            help={
                "en": "When two sections are due at the same end of turn: score both, one after "
                      "the other, or only one per turn.",
                "fr": "Quand deux sections sont dues à la même fin de tour : les décompter toutes "
                      "les deux, l'une après l'autre, ou une seule par tour.",
            },
            values={
                "sequential": {"en": "Both, one after the other",
                               "fr": "Les deux, l'une après l'autre"},
                "one-per-turn": {"en": "One per turn", "fr": "Une par tour"},
            },
        ),
        Option(
            "stables_spots", 3, choices=(1, 2, 3), proposed=True, rules="§7.4 point 16",
            doc="stable spots with 3+ players; all 3 at 3 players as far as found "
                "(rules §7.4 point 16 UNCONFIRMED)",
            label={"en": "Stable spots", "fr": "Places aux Écuries"},
            help={
                "en": "How many workers the Stables take with three or more players.",
                "fr": "Nombre d'ouvriers que les Écuries accueillent à trois joueurs ou plus.",
            },
        ),
        Option(
            "favours", "table", choices=("table", "simple"),
            doc="royal favours: the favour table (§5), or the beginners' variant, 3 PP each",
            label={"en": "Royal favours", "fr": "Faveurs royales"},
            help={
                "en": "The favour table, or the beginners' variant where each favour is worth 3 "
                      "prestige points.",
                "fr": "La table des faveurs, ou la variante pour débutants où chaque faveur vaut "
                      "3 points de prestige.",
            },
            values={
                "table": {"en": "The favour table", "fr": "La table des faveurs"},
                "simple": {"en": "3 prestige points each (beginners)",
                           "fr": "3 points de prestige chacune (débutants)"},
            },
        ),
        Option(
            "best_builder", "needs-a-batch", choices=("needs-a-batch", "earliest-arrival"),
            proposed=True, rules="§2 phase 6 point 6",
            doc="the best builder's favour when no castle worker delivered: nobody (pindia; "
                "obvious but unconfirmed), or the earliest arrival, reading the tie rule "
                "literally (rules §2 phase 6 point 6 UNCONFIRMED)",
            label={"en": "Best builder when nobody delivers",
                   "fr": "Meilleur bâtisseur quand personne ne livre"},
            help={
                "en": "When the castle's workers deliver nothing, nobody earns the best "
                      "builder's favour, or the earliest to arrive does, as ties go to them.",
                "fr": "Quand les ouvriers au château ne livrent rien, personne ne reçoit la "
                      "faveur du meilleur bâtisseur, ou le premier arrivé la reçoit, comme en "
                      "cas d'égalité.",
            },
            values={
                "needs-a-batch": {"en": "Nobody", "fr": "Personne"},
                "earliest-arrival": {"en": "The earliest to arrive", "fr": "Le premier arrivé"},
            },
        ),
    ),
    bots={"heuristic": "donjon.games.caylus.bots:HeuristicBot"},
    terminal="donjon.games.caylus.terminal:render",
)
