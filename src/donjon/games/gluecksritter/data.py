"""Die Glücksritter components and numbers, as data (rules reference §2, §4–§8).

Everything the rules code needs to know about the box lives here as tables. The values no
source confirms (the Ducats cards, the Document mix) are the PROPOSED ones of §7; another
reading drops in as another entry of ``DUCATS_DECKS`` or ``DOCUMENT_MIXES`` and is selected by
the game options ``ducats`` and ``documents``.
"""

from __future__ import annotations

from typing import NamedTuple

# -- coins (§2, SEED 60/40) --------------------------------------------------------------------

SILVER, GOLD = 0, 1
COIN_NAMES = ("silver", "gold")
COIN_VALUE = (1, 2)
#: Coins in the box: 60 silver (value 1) and 40 gold (value 2) — SEED.
BOX_COINS = (60, 40)
#: §3 coin cap (CONFIRMED): whoever holds this many coins of one kind returns half of them.
COIN_CAP = 8

# -- castle pieces (§2 CONFIRMED) ----------------------------------------------------------------

WALL, TOWER = 0, 1
PIECE_NAMES = ("wall", "tower")
#: 24 walls and 24 towers in the box; all stay in play whatever the player count (§8 A21).
BOX_PIECES = (24, 24)
#: A complete castle: 4 walls and 4 towers (§1, §8 A19). Never more of a kind (§8 A9).
CASTLE = (4, 4)

# -- action cards and fields (§4) --------------------------------------------------------------

#: Field number -> (English name, French name).  Index 0 is unused.
FIELDS = (
    ("", ""),
    ("Brother Jacob", "Frère Jacob"),
    ("Farmer Johann", "Johann le fermier"),
    ("Master Ehrenfried", "Ehrenfried le maître-artisan"),
    ("Black Knight", "Chevalier Noir"),
    ("Tax collector", "Receveur des impôts"),
    ("Customs officer", "Douanier"),
)
MONK, FARMER, CRAFTSMAN, KNIGHT, TAX, CUSTOMS = 1, 2, 3, 4, 5, 6
#: §4 fields 2 and 3: (piece bought, price alone, price when several chose it) — 4/6 CONFIRMED,
#: 5/7 SEED.
BUILDERS = {FARMER: (WALL, 4, 6), CRAFTSMAN: (TOWER, 5, 7)}
#: §4: at most two pieces per visit (CONFIRMED).
MAX_BUY = 2
#: §4 field 1 with several players: each may buy one Document for 4 ducats (SEED).
DOCUMENT_PRICE = 4
#: §4 dungeon: the ransom of a jailed Black Knight card (CONFIRMED), paid to the bag (§8 A4, A16).
RANSOM = 4

# -- dice (§2, §6) -----------------------------------------------------------------------------

MONEY_BAG, CASTLE_FACE = 0, 1
#: The special die: four money-bag faces and two castle faces (CONFIRMED).
SPECIAL_DIE = (MONEY_BAG, MONEY_BAG, MONEY_BAG, MONEY_BAG, CASTLE_FACE, CASTLE_FACE)
SPECIAL_FACES = ("money bag", "castle")

# -- Documents (§5) ----------------------------------------------------------------------------


class Document(NamedTuple):
    code: str  # the reference's label, R1..R6 and Y1..Y4
    name: str  # English name used in action texts
    fr: str  # French name
    red: bool  # red seal: committed during the choice, resolved before the reveal
    en_text: str
    fr_text: str


DOCUMENTS = (
    Document("R1", "Blockade", "Blocus", True,
             "Block one board field for this round.",
             "Bloque une case du plateau pour ce tour."),
    Document("R2", "Demolition", "Démolition", True,
             "Remove a wall or tower from another player's castle (back to the supply).",
             "Retire un mur ou une tour du château d'un autre joueur (retour à la réserve)."),
    Document("R3", "Windfall", "Aubaine", True,
             "Draw 5 coins blind from the bag.",
             "Tire 5 pièces au hasard dans le sac."),
    Document("R4", "Royal grant", "Faveur royale", True,
             "Take a wall or tower from the supply for free; its field (2 or 3) is blocked this round.",
             "Prends un mur ou une tour gratuitement ; la case correspondante (2 ou 3) est bloquée ce tour."),
    Document("R5", "Tax silver", "Argent du fisc", True,
             "Take all silver coins on the tax collector (field 5).",
             "Prends toutes les pièces d'argent du receveur des impôts (case 5)."),
    Document("R6", "Toll silver", "Argent du péage", True,
             "Take all silver coins on the customs officer (field 6).",
             "Prends toutes les pièces d'argent du douanier (case 6)."),
    Document("Y1", "Safeguard", "Sauvegarde", False,
             "Cancel the theft of one of your walls or towers.",
             "Annule le vol d'un de tes murs ou d'une de tes tours."),
    Document("Y2", "Gift", "Cadeau", False,
             "Give any number of your coins to another player.",
             "Donne autant de tes pièces que tu veux à un autre joueur."),
    Document("Y3", "Champion", "Champion", False,
             "Win the Black Knight duel.",
             "Gagne le duel du Chevalier Noir."),
    Document("Y4", "Pardon", "Grâce", False,
             "Free your Black Knight card from the dungeon.",
             "Libère ta carte Chevalier Noir du donjon."),
)
(BLOCKADE, DEMOLITION, WINDFALL, GRANT, TAX_SILVER, TOLL_SILVER,
 SAFEGUARD, GIFT, CHAMPION, PARDON) = range(len(DOCUMENTS))
DOC_NAMES = tuple(d.name for d in DOCUMENTS)
RED = tuple(d.red for d in DOCUMENTS)
#: R3: coins drawn blind from the bag (SEED).
WINDFALL_COINS = 5
#: R5/R6: which money field each skims (field 5 or 6).
SKIM_FIELD = {TAX_SILVER: TAX, TOLL_SILVER: CUSTOMS}

#: §7.2: copies of each Document in the deck of 25.
DOCUMENT_MIXES: dict[str, dict[int, int]] = {
    # PROPOSED: 15 red + 10 yellow.
    "proposed": {
        BLOCKADE: 3, DEMOLITION: 3, WINDFALL: 3, GRANT: 2, TAX_SILVER: 2, TOLL_SILVER: 2,
        SAFEGUARD: 3, GIFT: 2, CHAMPION: 2, PARDON: 3,
    },
}

# -- Ducats cards (§7.1) -----------------------------------------------------------------------

#: §7.1: each card is (coins for the tax collector, coins for the customs officer), drawn blind.
DUCATS_DECKS: dict[str, tuple[tuple[int, int], ...]] = {
    # PROPOSED: two copies of every pair in {2,3,4} x {2,3,4} = 18 cards.
    "proposed": tuple((tax, customs) for tax in (2, 3, 4) for customs in (2, 3, 4) for _ in range(2)),
}


def document_deck(mix: str) -> list[int]:
    """The Document deck of a mix, unshuffled."""
    return [doc for doc, copies in DOCUMENT_MIXES[mix].items() for _ in range(copies)]


#: The reference's PROPOSED points that no option changes, and where this package settles them
#: (each option's doc in ``__init__.py`` names the points it controls).
FIXED_RESOLUTIONS = {
    "§8 A4": "spent money (purchases, Documents, ransom) goes into the bag, the only bank",
    "§8 A5": "payments are made gold first; a gold coin pays an odd last ducat when no silver is "
             "left and the bag gives one silver back (the payer overpays if the bag has none); "
             "shares of fields 5/6 change a gold of the field for two silver of the bag",
    "§8 A7": "a draw from a short bag takes what is there",
    "§8 A8": "several on field 1 buy in seating order from the start player; the start player "
             "is drawn at random and moves one seat clockwise each round",
    "§8 A9": "buying is optional, at most 2 pieces a visit (MAX_BUY), never more than 4 of a kind "
             "(CASTLE), served in seating order from the start player, no debt",
    "§8 A15": "Champion (Y3) wins the duel outright; if both duellists play one they cancel; a "
              "duellist who let the chance pass is asked again when the other plays one",
    "§8 A16": "the ransom (RANSOM) and Pardon (Y4) are played in the choice step of a round, the "
              "only moment a jailed card matters",
    "§8 A17": "red Documents resolve in seating order from the start player; their targets are "
              "chosen when they resolve",
    "§8 A19": "complete castles at the end of a round win; most ducats among them; a further tie "
              "shares the win",
    "§7.1 §7.2": "an empty Ducats or Document deck is rebuilt by shuffling its used cards",
    "§3 coin cap": "a gain that leaves 8+ after returning half returns half again (15 → 8 → 4)",
    "yellow windows": "a yellow Document is offered at the start of a round (Pardon, Gift), when "
                      "a theft is announced (Safeguard to its victim; Gift to the victim of a "
                      "money raid) and before a duel (Champion); a window opens for a seat holding "
                      "any Document, so opening it reveals nothing",
}
