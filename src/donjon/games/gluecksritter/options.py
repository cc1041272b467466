"""Die Glücksritter options: every resolution of ours (rules reference §3, §6–§8) as a named
choice, and ``TableRules``, the options compiled once per game into what the rules code reads.

Each option's default is the rules reference's resolution (PROPOSED or SEED there); the other
values are readings a real table might play, and each changes play. ``SETTLED`` lists the few
points of the reference that stay fixed, and why no other reading is possible.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from donjon.engine import Option
from donjon.games.gluecksritter.data import DOCUMENT_MIXES, DUCATS_DECKS


def _texts(en: str, fr: str) -> dict[str, str]:
    return {"en": en, "fr": fr}


OPTIONS: Final = (
    # -- the box (§2, §7) -------------------------------------------------------------------
    Option(
        "ducats", "proposed", choices=tuple(DUCATS_DECKS), proposed=True, rules="§7.1",
        doc="the 18 Ducats cards (§7.1 PROPOSED: two of each pair in {2,3,4}×{2,3,4} coins)",
        label=_texts("Ducats cards", "Cartes Ducats"),
        help=_texts(
            "How many coins each Ducats card puts on the tax collector and the customs officer.",
            "Combien de pièces chaque carte Ducats pose sur le receveur et sur le douanier.",
        ),
        values={"proposed": _texts(
            "Two of each pair from 2 to 4 coins", "Deux de chaque paire de 2 à 4 pièces"
        )},
    ),
    Option(
        "documents", "proposed", choices=tuple(DOCUMENT_MIXES), proposed=True, rules="§7.2",
        doc="the mix of the 25 Documents (§7.2 PROPOSED: 15 red, 10 yellow)",
        label=_texts("Document mix", "Répartition des Documents"),
        help=_texts(
            "How many copies of each Document the deck of 25 holds.",
            "Combien d'exemplaires de chaque Document compte la pioche de 25.",
        ),
        values={"proposed": _texts("15 red and 10 yellow", "15 rouges et 10 jaunes")},
    ),
    Option(
        "ducats_reshuffle", "reshuffle", choices=("reshuffle", "last-round"), proposed=True,
        rules="§7.1",
        doc="an empty Ducats deck: reshuffle the used cards (§7.1 PROPOSED), or the game ends "
            "(most castle pieces, then most ducats)",
        label=_texts("When the Ducats cards run out", "Quand les cartes Ducats sont épuisées"),
        help=_texts(
            "The used cards are shuffled into a new deck, or the game ends: the most castle "
            "pieces win, then the most ducats.",
            "Les cartes jouées forment une nouvelle pioche, ou la partie s'arrête : le plus de "
            "pièces de château gagne, puis le plus de ducats.",
        ),
        values={
            "reshuffle": _texts("Shuffle them again", "On les remélange"),
            "last-round": _texts("The game ends", "La partie s'arrête"),
        },
    ),
    Option(
        "documents_reshuffle", "reshuffle", choices=("reshuffle", "out-of-play"),
        proposed=True, rules="§7.2",
        doc="an empty Document deck: reshuffle the used Documents (§7.2 PROPOSED), or used "
            "Documents stay out of the game",
        label=_texts("When the Documents run out", "Quand les Documents sont épuisés"),
        help=_texts(
            "Used Documents are shuffled into a new deck, or they stay out of the game.",
            "Les Documents joués forment une nouvelle pioche, ou ils restent hors du jeu.",
        ),
        values={
            "reshuffle": _texts("Shuffle them again", "On les remélange"),
            "out-of-play": _texts("Out of the game", "Hors du jeu"),
        },
    ),
    Option(
        "start_silver", 2, choices=(0, 1, 2, 3, 4), rules="§8 A1",
        doc="silver coins each player starts with (§2 setup, §8 A1: 2)",
        label=_texts("Silver coins at the start", "Pièces d'argent au départ"),
        help=_texts(
            "Silver coins (worth 1 ducat) each player starts with.",
            "Pièces d'argent (1 ducat) de chaque joueur au départ.",
        ),
    ),
    Option(
        "start_gold", 2, choices=(0, 1, 2, 3, 4), rules="§8 A1",
        doc="gold coins each player starts with (§2 setup, §8 A1: 2)",
        label=_texts("Gold coins at the start", "Pièces d'or au départ"),
        help=_texts(
            "Gold coins (worth 2 ducats) each player starts with.",
            "Pièces d'or (2 ducats) de chaque joueur au départ.",
        ),
    ),
    # -- money (§3, §8 A3–A7, A12) ------------------------------------------------------------
    Option(
        "coin_cap", "keep-larger-half", choices=("keep-larger-half", "keep-smaller-half"),
        proposed=True, rules="§8 A3",
        doc="8+ coins of one kind: return ⌊n/2⌋ (keep the larger half) or ⌈n/2⌉ (§8 A3)",
        label=_texts("Eight coins of a kind", "Huit pièces d'une sorte"),
        help=_texts(
            "Holding 8 or more coins of one kind, you return half of them; an odd number "
            "keeps the larger or the smaller half.",
            "Avec 8 pièces ou plus d'une sorte, vous en rendez la moitié ; un nombre impair "
            "garde la plus grande ou la plus petite moitié.",
        ),
        values={
            "keep-larger-half": _texts("Keep the larger half", "Garder la plus grande moitié"),
            "keep-smaller-half": _texts("Keep the smaller half", "Garder la plus petite moitié"),
        },
    ),
    Option(
        "coin_cap_repeats", True, choices=(True, False), proposed=True, rules="§3",
        doc="a gain that leaves 8+ after returning half returns half again (15 → 8 → 4), or "
            "half only once (§3 coin cap)",
        label=_texts("Return half again", "Rendre encore la moitié"),
        help=_texts(
            "Still holding 8 or more after returning half, you return half again (15, then 8, "
            "then 4).",
            "S'il vous reste 8 pièces ou plus après en avoir rendu la moitié, vous en rendez "
            "encore la moitié (15, puis 8, puis 4).",
        ),
    ),
    Option(
        "spent_money", "bag", choices=("bag", "tax-collector"), proposed=True, rules="§8 A4",
        doc="where purchases, Documents and ransoms are paid: into the bag (§8 A4 PROPOSED), or "
            "onto the tax collector's field 5",
        label=_texts("Where spent money goes", "Où va l'argent dépensé"),
        help=_texts(
            "Money paid for pieces, Documents and ransoms goes into the bag, or onto the tax "
            "collector for whoever takes field 5 next.",
            "L'argent payé pour les pièces, les Documents et les rançons va dans le sac, ou sur "
            "le receveur des impôts pour qui prendra la case 5.",
        ),
        values={
            "bag": _texts("Into the bag", "Dans le sac"),
            "tax-collector": _texts("Onto the tax collector", "Sur le receveur des impôts"),
        },
    ),
    Option(
        "change", "bag-gives-change", choices=("bag-gives-change", "no-change"), proposed=True,
        rules="§8 A5",
        doc="a gold coin paying an odd last ducat gets a silver back from the bag, and a shared "
            "field changes a gold for two silver of the bag (§8 A5 PROPOSED); or no change: the "
            "payer overpays and a share comes up short",
        label=_texts("Change from the bag", "Monnaie rendue par le sac"),
        help=_texts(
            "The bag gives change when gold pays an odd amount or a share needs silver, or it "
            "never does: you overpay and a share comes up short.",
            "Le sac rend la monnaie quand de l'or paie un montant impair ou qu'une part demande "
            "de l'argent, ou jamais : on paie trop et une part est plus petite.",
        ),
        values={
            "bag-gives-change": _texts("The bag gives change", "Le sac rend la monnaie"),
            "no-change": _texts("No change", "Pas de monnaie"),
        },
    ),
    Option(
        "short_bag", "what-is-there", choices=("what-is-there", "nothing"), proposed=True,
        rules="§8 A7",
        doc="a draw from a bag holding fewer coins than asked takes what is there (§8 A7 "
            "PROPOSED), or nothing",
        label=_texts("Drawing from a short bag", "Tirage dans un sac trop maigre"),
        help=_texts(
            "When the bag holds fewer coins than a draw asks for, you draw what is there, or "
            "nothing at all.",
            "Quand le sac contient moins de pièces qu'un tirage n'en demande, on tire ce qu'il "
            "y a, ou rien du tout.",
        ),
        values={
            "what-is-there": _texts("What is there", "Ce qu'il y a"),
            "nothing": _texts("Nothing", "Rien"),
        },
    ),
    Option(
        "field_leftover", "stays", choices=("stays", "bag"), proposed=True, rules="§8 A6, A12",
        doc="the remainder of a shared field 5/6 stays there, or goes to the bag (§8 A6, A12)",
        label=_texts("Remainder of a shared field", "Reste d'une case partagée"),
        help=_texts(
            "What cannot be split equally on field 5 or 6 stays there for the next round, or "
            "goes back to the bag.",
            "Ce qui ne se partage pas également sur la case 5 ou 6 y reste pour la manche "
            "suivante, ou retourne au sac.",
        ),
        values={
            "stays": _texts("Stays on the field", "Reste sur la case"),
            "bag": _texts("Back to the bag", "Retourne au sac"),
        },
    ),
    Option(
        "sharing", "equal-value", choices=("equal-value", "deal-coins"), proposed=True,
        rules="§8 A12",
        doc="several on field 5/6: each takes ⌊value/n⌋ ducats (equal-value), or the coins "
            "are dealt out one by one, gold first, from the start player (§8 A12)",
        label=_texts("Sharing fields 5 and 6", "Partage des cases 5 et 6"),
        help=_texts(
            "Players sharing field 5 or 6 each take the same value in ducats, or the coins are "
            "dealt out one by one, gold first.",
            "Les joueurs qui partagent la case 5 ou 6 prennent chacun la même valeur en ducats, "
            "ou les pièces sont distribuées une à une, l'or d'abord.",
        ),
        values={
            "equal-value": _texts("Equal value each", "Même valeur chacun"),
            "deal-coins": _texts("Deal the coins out", "Distribuer les pièces"),
        },
    ),
    # -- the fields (§8 A8, A9) ---------------------------------------------------------------
    Option(
        "monk_shared", "each-may-buy", choices=("each-may-buy", "nobody"), proposed=True,
        rules="§8 A8",
        doc="several on field 1: each may buy one Document for 4, in seating order (§8 A8 "
            "PROPOSED), or Brother Jacob serves only a player who comes alone",
        label=_texts("Brother Jacob for several", "Frère Jacob pour plusieurs"),
        help=_texts(
            "When several choose Brother Jacob, each may buy one Document for 4 ducats, or "
            "nobody gets one.",
            "Quand plusieurs choisissent Frère Jacob, chacun peut acheter un Document pour 4 "
            "ducats, ou personne n'en reçoit.",
        ),
        values={
            "each-may-buy": _texts("Each may buy one", "Chacun peut en acheter un"),
            "nobody": _texts("Nobody gets one", "Personne n'en reçoit"),
        },
    ),
    Option(
        "start_player", "rotates", choices=("rotates", "stays"), proposed=True, rules="§8 A8",
        doc="the start player (drawn at random) moves one seat clockwise each round (§8 A8 "
            "PROPOSED), or keeps the role all game",
        label=_texts("Start player", "Premier joueur"),
        help=_texts(
            "The start player moves one seat clockwise each round, or keeps the role all game.",
            "Le premier joueur change à chaque manche dans le sens horaire, ou le reste toute la "
            "partie.",
        ),
        values={
            "rotates": _texts("Moves on each round", "Change à chaque manche"),
            "stays": _texts("Keeps the role", "Reste le même"),
        },
    ),
    Option(
        "castle_limit", "four-of-each", choices=("four-of-each", "no-limit"), proposed=True,
        rules="§8 A9",
        doc="a castle never holds more than 4 walls and 4 towers (§8 A9 PROPOSED), or no limit "
            "(spare pieces guard against thefts)",
        label=_texts("Castle size", "Taille du château"),
        help=_texts(
            "A castle holds at most 4 walls and 4 towers, or players may build more as spares "
            "against thefts.",
            "Un château compte au plus 4 murs et 4 tours, ou l'on peut en bâtir davantage, en "
            "réserve contre les vols.",
        ),
        values={
            "four-of-each": _texts("At most 4 of each", "Au plus 4 de chaque"),
            "no-limit": _texts("No limit", "Sans limite"),
        },
    ),
    # -- the Black Knight (§6, §8 A13–A16) ----------------------------------------------------
    Option(
        "knight_may_pass", True, choices=(True, False), proposed=True, rules="§8 A13",
        doc="the lone Black Knight may decline to act (§8 A13)",
        label=_texts("The Black Knight may rest", "Le Chevalier Noir peut se reposer"),
        help=_texts(
            "A Black Knight riding alone may choose to do nothing.",
            "Un Chevalier Noir seul peut choisir de ne rien faire.",
        ),
    ),
    Option(
        "raid", "special-die", choices=("special-die", "attacker-chooses"), proposed=True,
        rules="§6, §8 A14",
        doc="a raid takes money or a castle piece as the special die says, or as the "
            "attacker chooses (§6, §8 A14)",
        label=_texts("What a raid takes", "Ce que prend une attaque"),
        help=_texts(
            "The special die decides between money and a castle piece, or the attacker chooses.",
            "Le dé spécial décide entre l'argent et une pièce de château, ou l'attaquant choisit.",
        ),
        values={
            "special-die": _texts("The special die decides", "Le dé spécial décide"),
            "attacker-chooses": _texts("The attacker chooses", "L'attaquant choisit"),
        },
    ),
    Option(
        "raid_money", "all-gold", choices=("all-gold", "all-coins"), proposed=True,
        rules="§8 A14",
        doc="a money raid takes all the victim's gold (all silver if no gold), or every coin "
            "(§8 A14)",
        label=_texts("A money raid", "Une attaque pour l'argent"),
        help=_texts(
            "A money raid takes all the victim's gold (their silver if they have none), or "
            "every coin.",
            "Une attaque pour l'argent prend tout l'or de la victime (son argent si elle n'a "
            "pas d'or), ou toutes ses pièces.",
        ),
        values={
            "all-gold": _texts("All the gold", "Tout l'or"),
            "all-coins": _texts("Every coin", "Toutes les pièces"),
        },
    ),
    Option(
        "raided_piece", "to-attacker", choices=("to-attacker", "to-supply"), proposed=True,
        rules="§8 A14",
        doc="a stolen wall or tower goes to the attacker's castle (the supply if full) or "
            "straight to the supply (§8 A14)",
        label=_texts("A stolen castle piece", "Une pièce de château volée"),
        help=_texts(
            "A wall or tower taken by the Black Knight joins the attacker's castle (the supply "
            "when it is full), or goes back to the supply.",
            "Un mur ou une tour pris par le Chevalier Noir rejoint le château de l'attaquant "
            "(la réserve s'il est plein), ou retourne à la réserve.",
        ),
        values={
            "to-attacker": _texts("To the attacker", "À l'attaquant"),
            "to-supply": _texts("Back to the supply", "Retour à la réserve"),
        },
    ),
    Option(
        "duel", "high-roll", choices=("high-roll", "one-roll"), proposed=True, rules="§8 A15",
        doc="the duel: each rolls the normal die, higher wins, ties rerolled (high-roll); or "
            "one roll, 1–3 the first duellist in seating order, 4–6 the second (§8 A15)",
        label=_texts("Black Knight duel", "Duel des Chevaliers Noirs"),
        help=_texts(
            "Each duellist rolls and the higher wins (ties roll again), or one roll: 1 to 3 "
            "the first duellist in seating order, 4 to 6 the second.",
            "Chaque duelliste lance le dé et le plus haut gagne (on relance les égalités), ou "
            "un seul lancer : 1 à 3 le premier duelliste dans l'ordre des sièges, 4 à 6 le "
            "second.",
        ),
        values={
            "high-roll": _texts("Each rolls, higher wins", "Chacun lance, le plus haut gagne"),
            "one-roll": _texts("One roll decides", "Un seul lancer décide"),
        },
    ),
    Option(
        "champions", "cancel-out", choices=("cancel-out", "first-played-wins"), proposed=True,
        rules="§8 A15",
        doc="both duellists play Champion: they cancel and the dice decide, a duellist who let "
            "the chance pass being asked again (§8 A15 PROPOSED); or the first Champion wins "
            "and cannot be answered",
        label=_texts("Two Champions in a duel", "Deux Champions dans un duel"),
        help=_texts(
            "If both duellists play Champion they cancel out and the dice decide, or the first "
            "one played wins and cannot be answered.",
            "Si les deux duellistes jouent Champion, ils s'annulent et les dés décident, ou le "
            "premier joué gagne sans réplique possible.",
        ),
        values={
            "cancel-out": _texts("They cancel out", "Ils s'annulent"),
            "first-played-wins": _texts("The first one wins", "Le premier gagne"),
        },
    ),
    Option(
        "ransom_to", "bank", choices=("bank", "duel-winner"), proposed=True, rules="§8 A16",
        doc="the ransom goes where spent money goes (§8 A4, A16 PROPOSED), or to the player "
            "whose Black Knight won the duel that jailed the card (three or more jailed "
            "together: as spent money)",
        label=_texts("Who receives the ransom", "Qui reçoit la rançon"),
        help=_texts(
            "The ransom goes where all spent money goes, or to the player whose Black Knight "
            "won the duel that jailed the card.",
            "La rançon va là où va l'argent dépensé, ou au joueur dont le Chevalier Noir a "
            "gagné le duel qui a emprisonné la carte.",
        ),
        values={
            "bank": _texts("Like any payment", "Comme tout paiement"),
            "duel-winner": _texts("The winner of the duel", "Le vainqueur du duel"),
        },
    ),
    # -- Documents (§5, §8 A17, A18) ----------------------------------------------------------
    Option(
        "red_limit", 0, choices=(0, 1, 2, 3), proposed=True, rules="§8 A17",
        doc="red Documents one player may commit per round; 0 = any number (§8 A17)",
        label=_texts("Red Documents per round", "Documents rouges par manche"),
        help=_texts(
            "How many red Documents one player may commit in a round; 0 means any number.",
            "Combien de Documents rouges un joueur peut engager en une manche ; 0 veut dire "
            "autant qu'il veut.",
        ),
    ),
    Option(
        "red_order", "seating-order", choices=("seating-order", "seal-number"), proposed=True,
        rules="§8 A17",
        doc="revealed red Documents resolve in seating order from the start player (§8 A17 "
            "PROPOSED), or by their number R1–R6 (Blockade first), then seating order",
        label=_texts("Order of the red Documents", "Ordre des Documents rouges"),
        help=_texts(
            "Revealed red Documents take effect in seating order from the start player, or by "
            "their number (Blockade first, Toll silver last).",
            "Les Documents rouges révélés agissent dans l'ordre des sièges depuis le premier "
            "joueur, ou selon leur numéro (Blocus d'abord, Argent du péage en dernier).",
        ),
        values={
            "seating-order": _texts("In seating order", "Dans l'ordre des sièges"),
            "seal-number": _texts("By Document number", "Par numéro de Document"),
        },
    ),
    Option(
        "red_targets", "on-resolving", choices=("on-resolving", "on-committing"),
        proposed=True, rules="§8 A17",
        doc="a Blockade, Demolition or Royal grant names its target when it resolves (§8 A17 "
            "PROPOSED), or face down with the Document when it is committed (it fizzles if the "
            "target is gone by then)",
        label=_texts("When red Documents take aim", "Quand viser avec un Document rouge"),
        help=_texts(
            "A Blockade, Demolition or Royal grant names its target when it takes effect, or "
            "secretly when it is committed.",
            "Un Blocus, une Démolition ou une Faveur royale désigne sa cible au moment d'agir, "
            "ou en secret quand on l'engage.",
        ),
        values={
            "on-resolving": _texts("When it takes effect", "Au moment d'agir"),
            "on-committing": _texts("Secretly, when committed", "En secret, en l'engageant"),
        },
    ),
    Option(
        "safeguard", "demolition-and-knight", choices=("demolition-and-knight", "knight-only"),
        proposed=True, rules="§8 A18",
        doc="the thefts Safeguard (Y1) cancels: a Demolition (R2) and a Black Knight's theft "
            "of a piece, or only the Black Knight's (§8 A18)",
        label=_texts("What Safeguard cancels", "Ce qu'annule Sauvegarde"),
        help=_texts(
            "Safeguard cancels a Demolition and a Black Knight's theft of a piece, or only the "
            "Black Knight's.",
            "Sauvegarde annule une Démolition et le vol d'une pièce par le Chevalier Noir, ou "
            "seulement celui du Chevalier Noir.",
        ),
        values={
            "demolition-and-knight": _texts(
                "A Demolition and the Black Knight", "Une Démolition et le Chevalier Noir"
            ),
            "knight-only": _texts("Only the Black Knight", "Seulement le Chevalier Noir"),
        },
    ),
    Option(
        "gift_window", "round-start-and-raids",
        choices=("round-start-and-raids", "round-start-only"), proposed=True,
        rules="§3, §5 Y2",
        doc="Gift (Y2), playable 'at any time', is offered at the start of a round and to the "
            "victim of a money raid (our windows), or only at the start of a round",
        label=_texts("When Gift may be played", "Quand jouer Cadeau"),
        help=_texts(
            "Gift may be played at the start of a round and when the Black Knight comes for "
            "your money, or only at the start of a round.",
            "Cadeau se joue au début d'une manche et quand le Chevalier Noir vient pour votre "
            "argent, ou seulement au début d'une manche.",
        ),
        values={
            "round-start-and-raids": _texts(
                "Start of a round and money raids", "Début de manche et attaques pour l'argent"
            ),
            "round-start-only": _texts("Start of a round only", "Début de manche seulement"),
        },
    ),
    # -- the end (§8 A19) ---------------------------------------------------------------------
    Option(
        "final_tie", "shared", choices=("shared", "play-on"), proposed=True, rules="§8 A19",
        doc="complete castles with the most and equal ducats share the win (§8 A19 PROPOSED), "
            "or the game goes on for another round",
        label=_texts("Tie between complete castles", "Égalité entre châteaux complets"),
        help=_texts(
            "Complete castles with equally many ducats share the win, or the game goes on for "
            "another round.",
            "Des châteaux complets avec autant de ducats se partagent la victoire, ou la partie "
            "continue une manche de plus.",
        ),
        values={
            "shared": _texts("They share the win", "Ils partagent la victoire"),
            "play-on": _texts("Play another round", "On joue une manche de plus"),
        },
    ),
)

#: Points of the rules reference that no option changes, and why none can.
SETTLED: Final = {
    "§8 A9 (no debt)": "a seat buys only what it can pay: nothing in the box records a debt",
    "§8 A16 (when)": "the ransom and Pardon are offered in the choice step: a jailed card only "
                     "matters when cards are chosen, so freeing it at any other moment plays "
                     "the same",
    "yellow windows": "a window opens for every seat holding any Document, whatever it is: "
                      "opening it only for a seat that can play something would tell the "
                      "table what that seat holds",
}


@dataclass(frozen=True, slots=True)
class TableRules:
    """The options as the rules code reads them, compiled once per game and shared by clones."""

    #: §7.1: the Ducats cards, (coins for field 5, coins for field 6)
    ducat_cards: tuple[tuple[int, int], ...]
    #: §7.1, §7.2: an empty deck is rebuilt from the used cards
    ducats_reshuffle: bool
    documents_reshuffle: bool
    #: §8 A3: an odd count keeps the larger half; §3: half again while 8 or more remain
    cap_keeps_larger_half: bool
    cap_repeats: bool
    #: §8 A4: payments go into the bag (else onto field 5)
    spent_to_bag: bool
    #: §8 A5: the bag makes change
    bag_gives_change: bool
    #: §8 A7: a short bag gives nothing (else what it holds)
    short_bag_gives_nothing: bool
    #: §8 A6, A12: a shared field's remainder goes to the bag; the coins are dealt out
    leftover_to_bag: bool
    deal_coins: bool
    #: §8 A8: several on field 1 may each buy; the start player moves on each round
    monk_serves_several: bool
    start_rotates: bool
    #: §8 A9: at most 4 walls and 4 towers in a castle
    castle_limited: bool
    #: §8 A13, A14
    knight_may_rest: bool
    raid_by_die: bool
    raid_takes_all_coins: bool
    stolen_piece_to_attacker: bool
    #: §8 A15: each duellist rolls; two Champions cancel out
    duel_high_roll: bool
    champions_cancel: bool
    #: §8 A16: a duel's loser pays the ransom to the winner
    ransom_to_winner: bool
    #: §8 A17: red Documents per player and round (0: any), resolved by seal number, and
    #: aimed when committed
    red_limit: int
    reds_by_seal: bool
    aim_on_commit: bool
    #: §8 A18: Safeguard answers a Demolition; §3, §5 Y2: Gift answers a money raid
    safeguard_stops_demolition: bool
    gift_answers_raids: bool
    #: §8 A19: complete castles tied on ducats play on
    tie_plays_on: bool

    @staticmethod
    def of(options: dict[str, Any]) -> TableRules:
        key = tuple(options.items())
        rules = _COMPILED.get(key)
        if rules is None:
            rules = _COMPILED[key] = TableRules._compile(options)
        return rules

    @staticmethod
    def _compile(options: dict[str, Any]) -> TableRules:
        red_limit: int = options["red_limit"]
        return TableRules(
            ducat_cards=DUCATS_DECKS[options["ducats"]],
            ducats_reshuffle=options["ducats_reshuffle"] == "reshuffle",
            documents_reshuffle=options["documents_reshuffle"] == "reshuffle",
            cap_keeps_larger_half=options["coin_cap"] == "keep-larger-half",
            cap_repeats=options["coin_cap_repeats"] is True,
            spent_to_bag=options["spent_money"] == "bag",
            bag_gives_change=options["change"] == "bag-gives-change",
            short_bag_gives_nothing=options["short_bag"] == "nothing",
            leftover_to_bag=options["field_leftover"] == "bag",
            deal_coins=options["sharing"] == "deal-coins",
            monk_serves_several=options["monk_shared"] == "each-may-buy",
            start_rotates=options["start_player"] == "rotates",
            castle_limited=options["castle_limit"] == "four-of-each",
            knight_may_rest=options["knight_may_pass"] is True,
            raid_by_die=options["raid"] == "special-die",
            raid_takes_all_coins=options["raid_money"] == "all-coins",
            stolen_piece_to_attacker=options["raided_piece"] == "to-attacker",
            duel_high_roll=options["duel"] == "high-roll",
            champions_cancel=options["champions"] == "cancel-out",
            ransom_to_winner=options["ransom_to"] == "duel-winner",
            red_limit=red_limit,
            reds_by_seal=options["red_order"] == "seal-number",
            aim_on_commit=options["red_targets"] == "on-committing",
            safeguard_stops_demolition=options["safeguard"] == "demolition-and-knight",
            gift_answers_raids=options["gift_window"] == "round-start-and-raids",
            tie_plays_on=options["final_tie"] == "play-on",
        )


#: the options of the tables seen so far, compiled (a table's options never change)
_COMPILED: Final[dict[tuple[tuple[str, Any], ...], TableRules]] = {}
