"""Die Glücksritter components and numbers, as data (rules reference §2, §4–§8).

Everything the rules code needs to know about the box lives here as tables. The values no
source confirms (the Ducats cards, the Document mix) are the PROPOSED ones of §7; another
reading drops in as another entry of ``DUCATS_DECKS`` or ``DOCUMENT_MIXES`` and is selected by
the game options ``ducats`` and ``documents``.
"""

from __future__ import annotations

from typing import Final, NamedTuple

# -- coins (§2, SEED 60/40) --------------------------------------------------------------------

SILVER: Final = 0
GOLD: Final = 1
#: Coin kinds by index, as action arguments and log words name them.
COIN_NAMES: Final = ("silver", "gold")
COIN_VALUE: Final = (1, 2)
#: Coins in the box: 60 silver (value 1) and 40 gold (value 2) — SEED.
BOX_COINS: Final = (60, 40)
#: §3 coin cap (CONFIRMED): whoever holds this many coins of one kind returns half of them.
COIN_CAP: Final = 8

# -- castle pieces (§2 CONFIRMED) ----------------------------------------------------------------

WALL: Final = 0
TOWER: Final = 1
#: Castle pieces by index, as action arguments and log words name them.
PIECE_NAMES: Final = ("wall", "tower")
#: 24 walls and 24 towers in the box; all stay in play whatever the player count (§8 A21).
BOX_PIECES: Final = (24, 24)
#: A complete castle: 4 walls and 4 towers (§1, §8 A19). Never more of a kind (§8 A9).
CASTLE: Final = (4, 4)

# -- action cards and fields (§4) --------------------------------------------------------------

#: Field number -> (English name, French name).  Index 0 is unused.
FIELDS: Final = (
    ("", ""),
    ("Brother Jacob", "Frère Jacob"),
    ("Farmer Johann", "Johann le fermier"),
    ("Master Ehrenfried", "Ehrenfried le maître-artisan"),
    ("Black Knight", "Chevalier Noir"),
    ("Tax collector", "Receveur des impôts"),
    ("Customs officer", "Douanier"),
)
MONK: Final = 1
FARMER: Final = 2
CRAFTSMAN: Final = 3
KNIGHT: Final = 4
TAX: Final = 5
CUSTOMS: Final = 6
#: §4 fields 2 and 3: (piece bought, price alone, price when several chose it) — 4/6 CONFIRMED,
#: 5/7 SEED.
BUILDERS: Final = {FARMER: (WALL, 4, 6), CRAFTSMAN: (TOWER, 5, 7)}
#: §4: at most two pieces per visit (CONFIRMED).
MAX_BUY: Final = 2
#: §4 field 1 with several players: each may buy one Document for 4 ducats (SEED).
DOCUMENT_PRICE: Final = 4
#: §4 dungeon: the ransom of a jailed Black Knight card (CONFIRMED), paid to the bag (§8 A4, A16).
RANSOM: Final = 4

# -- dice (§2, §6) -----------------------------------------------------------------------------

MONEY_BAG: Final = 0
CASTLE_FACE: Final = 1
#: The special die: four money-bag faces and two castle faces (CONFIRMED).
SPECIAL_DIE: Final = (MONEY_BAG, MONEY_BAG, MONEY_BAG, MONEY_BAG, CASTLE_FACE, CASTLE_FACE)
SPECIAL_FACES: Final = ("money bag", "castle")

# -- Documents (§5) ----------------------------------------------------------------------------


class Document(NamedTuple):
    code: str  # the reference's label, R1..R6 and Y1..Y4
    id: str  # the stable catalogue id actions carry ("royal-grant")
    name: str  # English name used in action texts
    fr: str  # French name
    red: bool  # red seal: committed during the choice, resolved before the reveal
    en_text: str
    fr_text: str


DOCUMENTS: Final = (
    Document("R1", "blockade", "Blockade", "Blocus", True,
             "Block one board field for this round.",
             "Bloquez une case du plateau pour cette manche."),
    Document("R2", "demolition", "Demolition", "Démolition", True,
             "Remove a wall or tower from another player's castle (back to the supply).",
             "Retirez un mur ou une tour du château d'un autre joueur (retour à la réserve)."),
    Document("R3", "windfall", "Windfall", "Aubaine", True,
             "Draw 5 coins blind from the bag.",
             "Tirez 5 pièces au hasard dans le sac."),
    Document("R4", "royal-grant", "Royal grant", "Faveur royale", True,
             "Take a wall or tower from the supply for free; its field (2 or 3) is blocked this round.",
             "Prenez gratuitement un mur ou une tour de la réserve ; sa case (2 ou 3) est bloquée pour cette manche."),
    Document("R5", "tax-silver", "Tax silver", "Argent du fisc", True,
             "Take all silver coins on the tax collector (field 5).",
             "Prenez toutes les pièces d'argent du receveur des impôts (case 5)."),
    Document("R6", "toll-silver", "Toll silver", "Argent du péage", True,
             "Take all silver coins on the customs officer (field 6).",
             "Prenez toutes les pièces d'argent du douanier (case 6)."),
    Document("Y1", "safeguard", "Safeguard", "Sauvegarde", False,
             "Cancel the theft of one of your walls or towers.",
             "Annulez le vol d'un de vos murs ou d'une de vos tours."),
    Document("Y2", "gift", "Gift", "Cadeau", False,
             "Give any number of your coins to another player.",
             "Donnez autant de vos pièces que vous voulez à un autre joueur."),
    Document("Y3", "champion", "Champion", "Champion", False,
             "Win the Black Knight duel.",
             "Gagnez le duel du Chevalier Noir."),
    Document("Y4", "pardon", "Pardon", "Grâce", False,
             "Free your Black Knight card from the dungeon.",
             "Libérez votre carte Chevalier Noir du donjon."),
)
BLOCKADE: Final = 0
DEMOLITION: Final = 1
WINDFALL: Final = 2
GRANT: Final = 3
TAX_SILVER: Final = 4
TOLL_SILVER: Final = 5
SAFEGUARD: Final = 6
GIFT: Final = 7
CHAMPION: Final = 8
PARDON: Final = 9
DOC_NAMES: Final = tuple(d.name for d in DOCUMENTS)
DOC_IDS: Final = tuple(d.id for d in DOCUMENTS)
RED: Final = tuple(d.red for d in DOCUMENTS)
#: R3: coins drawn blind from the bag (SEED).
WINDFALL_COINS: Final = 5
#: R5/R6: which money field each skims (field 5 or 6).
SKIM_FIELD: Final = {TAX_SILVER: TAX, TOLL_SILVER: CUSTOMS}

#: §7.2: copies of each Document in the deck of 25.
DOCUMENT_MIXES: Final[dict[str, dict[int, int]]] = {
    # PROPOSED: 15 red + 10 yellow.
    "proposed": {
        BLOCKADE: 3, DEMOLITION: 3, WINDFALL: 3, GRANT: 2, TAX_SILVER: 2, TOLL_SILVER: 2,
        SAFEGUARD: 3, GIFT: 2, CHAMPION: 2, PARDON: 3,
    },
}

# -- Ducats cards (§7.1) -----------------------------------------------------------------------

#: §7.1: each card is (coins for the tax collector, coins for the customs officer), drawn blind.
DUCATS_DECKS: Final[dict[str, tuple[tuple[int, int], ...]]] = {
    # PROPOSED: two copies of every pair in {2,3,4} x {2,3,4} = 18 cards.
    "proposed": tuple((tax, customs) for tax in (2, 3, 4) for customs in (2, 3, 4) for _ in range(2)),
}


def document_deck(mix: str) -> list[int]:
    """The Document deck of a mix, unshuffled."""
    deck: list[int] = []
    for doc, copies in DOCUMENT_MIXES[mix].items():  # a loop: cheaper than a comprehension
        deck += [doc] * copies
    return deck


# -- what people read: names and texts in every language (the catalogue, labels, the log) -------


class Texts(NamedTuple):
    """One text in every language."""

    en: str
    fr: str


class Item(NamedTuple):
    """A thing of the game a person may want explained (``presentation.catalogue``)."""

    id: str  # the stable catalogue id, as actions and views name it
    kind: str
    name: Texts
    text: Texts
    type: Texts
    cost: Texts | None = None


def _field_id(number: int) -> str:
    return f"field-{number}"


#: field number -> its catalogue id ("field-2": fields are named by their printed number)
FIELD_IDS: Final = tuple(_field_id(k) if k else "" for k in range(7))
#: field number -> what it does (index 0 unused); the defaults of the options
FIELD_TEXTS: Final = (
    Texts("", ""),
    Texts(f"Alone: take the top Document for free. Several: each may buy one for "
          f"{DOCUMENT_PRICE} ducats.",
          f"Seul : prenez gratuitement le Document du dessus de la pioche. À plusieurs : "
          f"chacun peut en acheter un pour {DOCUMENT_PRICE} ducats."),
    Texts(f"Buy up to {MAX_BUY} walls, {BUILDERS[FARMER][1]} ducats each if you came alone, "
          f"{BUILDERS[FARMER][2]} each if several did.",
          f"Achetez jusqu'à {MAX_BUY} murs, {BUILDERS[FARMER][1]} ducats l'unité si vous êtes "
          f"seul, {BUILDERS[FARMER][2]} à plusieurs."),
    Texts(f"Buy up to {MAX_BUY} towers, {BUILDERS[CRAFTSMAN][1]} ducats each if you came "
          f"alone, {BUILDERS[CRAFTSMAN][2]} each if several did.",
          f"Achetez jusqu'à {MAX_BUY} tours, {BUILDERS[CRAFTSMAN][1]} ducats l'unité si vous "
          f"êtes seul, {BUILDERS[CRAFTSMAN][2]} à plusieurs."),
    Texts("Alone: take all the gold on field 5 or on field 6, or raid another player. Two: "
          "they duel and the loser's card goes to the dungeon. Three or more: all go there.",
          "Seul : prenez tout l'or de la case 5 ou de la case 6, ou attaquez un autre joueur. "
          "À deux : duel, la carte du perdant va au donjon. À trois ou plus : toutes y vont."),
    Texts("Alone: take every coin lying here. Several: share their value equally; what "
          "cannot be shared stays.",
          "Seul : prenez toutes les pièces posées ici. À plusieurs : partagez-en la valeur "
          "à parts égales ; le reste demeure."),
    Texts("Alone: take every coin lying here. Several: share their value equally; what "
          "cannot be shared stays.",
          "Seul : prenez toutes les pièces posées ici. À plusieurs : partagez-en la valeur "
          "à parts égales ; le reste demeure."),
)
_FIELD_TYPE: Final = Texts("Action field", "Case action")
#: when each seal of Document is played
SEAL_TYPES: Final = (Texts("Yellow Document", "Document jaune"), Texts("Red Document", "Document rouge"))
SEAL_TIMING: Final = (
    Texts("Yellow: play it face up when it is useful.",
          "Jaune : jouez-le face visible au moment utile."),
    Texts("Red: play it face down while choosing; it acts before the cards are revealed.",
          "Rouge : jouez-le face cachée pendant le choix ; il agit avant la révélation des "
          "cartes."),
)
_PIECE_TYPE: Final = Texts("Castle piece", "Pièce de château")
_COIN_TYPE: Final = Texts("Coin", "Pièce de monnaie")
_SETUP: Final = Texts("Game material", "Matériel")

#: every catalogue item besides the fields and the Documents
THINGS: Final = (
    Item("silver", "coin", Texts("Silver coin", "Pièce d'argent"),
         Texts(f"Worth {COIN_VALUE[SILVER]} ducat. Whoever holds {COIN_CAP} or more silver "
               f"coins returns half of them to the bag at once.",
               f"Vaut {COIN_VALUE[SILVER]} ducat. Qui détient {COIN_CAP} pièces d'argent ou "
               f"plus en rend aussitôt la moitié au sac."),
         _COIN_TYPE),
    Item("gold", "coin", Texts("Gold coin", "Pièce d'or"),
         Texts(f"Worth {COIN_VALUE[GOLD]} ducats. Whoever holds {COIN_CAP} or more gold coins "
               f"returns half of them to the bag at once.",
               f"Vaut {COIN_VALUE[GOLD]} ducats. Qui détient {COIN_CAP} pièces d'or ou plus en "
               f"rend aussitôt la moitié au sac."),
         _COIN_TYPE),
    Item("wall", "piece", Texts("Wall", "Mur"),
         Texts(f"Bought from Farmer Johann (field 2). A complete castle has {CASTLE[WALL]} walls "
               f"and {CASTLE[TOWER]} towers.",
               f"S'achète chez Johann le fermier (case 2). Un château complet compte "
               f"{CASTLE[WALL]} murs et {CASTLE[TOWER]} tours."),
         _PIECE_TYPE,
         Texts(f"{BUILDERS[FARMER][1]} ducats alone, {BUILDERS[FARMER][2]} when several buy",
               f"{BUILDERS[FARMER][1]} ducats seul, {BUILDERS[FARMER][2]} à plusieurs")),
    Item("tower", "piece", Texts("Tower", "Tour"),
         Texts(f"Bought from Master Ehrenfried (field 3). A complete castle has {CASTLE[WALL]} "
               f"walls and {CASTLE[TOWER]} towers.",
               f"S'achète chez Ehrenfried le maître-artisan (case 3). Un château complet compte "
               f"{CASTLE[WALL]} murs et {CASTLE[TOWER]} tours."),
         _PIECE_TYPE,
         Texts(f"{BUILDERS[CRAFTSMAN][1]} ducats alone, {BUILDERS[CRAFTSMAN][2]} when several "
               f"buy",
               f"{BUILDERS[CRAFTSMAN][1]} ducats seul, {BUILDERS[CRAFTSMAN][2]} à plusieurs")),
    Item("castle", "castle", Texts("Castle", "Château"),
         Texts(f"{CASTLE[WALL]} walls and {CASTLE[TOWER]} towers make a complete castle. At the "
               f"end of a round a complete castle wins; among several, the most ducats.",
               f"{CASTLE[WALL]} murs et {CASTLE[TOWER]} tours font un château complet. À la fin "
               f"d'une manche, un château complet gagne ; entre plusieurs, le plus de ducats."),
         Texts("Goal", "But du jeu")),
    Item("black-knight", "card", Texts("Black Knight card", "Carte Chevalier Noir"),
         Texts("Your action card 4. Riding alone he takes the gold of field 5 or 6, or raids a "
               "player for money or a wall or tower; two Black Knights duel with the die.",
               "Votre carte action 4. Seul, il prend l'or de la case 5 ou 6, ou attaque un "
               "joueur pour son argent, un mur ou une tour ; deux Chevaliers Noirs se "
               "battent en duel au dé."),
         Texts("Action card", "Carte action")),
    Item("dungeon", "place", Texts("Dungeon", "Donjon"),
         Texts(f"A Black Knight card sent here cannot be chosen. Free it at the start of a round "
               f"with a ransom of {RANSOM} ducats, or with Pardon.",
               f"Une carte Chevalier Noir envoyée ici ne peut plus être choisie. Libérez-la au "
               f"début d'une manche par une rançon de {RANSOM} ducats, ou avec Grâce."),
         _SETUP, Texts(f"ransom: {RANSOM} ducats", f"rançon : {RANSOM} ducats")),
    Item("bag", "place", Texts("Coin bag", "Sac de pièces"),
         Texts("Holds every coin that nobody owns. Coins come out of it blind, and money spent "
               "goes back into it.",
               "Contient toutes les pièces que personne ne possède. On y tire les pièces au "
               "hasard, et l'argent dépensé y retourne."),
         _SETUP),
    Item("ducats-card", "card", Texts("Ducats card", "Carte Ducats"),
         Texts("One is turned up each round: how many coins are drawn blind from the bag onto "
               "the tax collector (field 5) and the customs officer (field 6).",
               "Une est retournée à chaque manche : combien de pièces sont tirées du sac au "
               "hasard pour le receveur des impôts (case 5) et le douanier (case 6)."),
         _SETUP),
    Item("documents", "deck", Texts("Documents", "Documents"),
         Texts("Brother Jacob hands out the top card. Each hand is hidden, but everyone knows "
               "how many Documents each player holds.",
               "Frère Jacob donne la carte du dessus. Les mains sont cachées, mais chacun sait "
               "combien de Documents tient chaque joueur."),
         _SETUP),
    Item("start-player", "marker", Texts("Start player", "Premier joueur"),
         Texts("Acts first among several on a field, and red Documents resolve from this "
               "player on. The role passes to the next player each round.",
               "Agit le premier parmi plusieurs sur une case, et les Documents rouges agissent "
               "à partir de ce joueur. Le rôle passe au joueur suivant à chaque manche."),
         _SETUP),
)


def catalogue_items() -> tuple[Item, ...]:
    """Every catalogue item: the six fields, the ten Documents, then the rest (``THINGS``)."""
    fields = tuple(
        Item(FIELD_IDS[k], "field", Texts(*FIELDS[k]), FIELD_TEXTS[k], _FIELD_TYPE)
        for k in range(1, 7)
    )
    documents = tuple(
        Item(d.id, "document", Texts(d.name, d.fr),
             Texts(f"{d.en_text} {SEAL_TIMING[d.red].en}", f"{d.fr_text} {SEAL_TIMING[d.red].fr}"),
             SEAL_TYPES[d.red])
        for d in DOCUMENTS
    )
    return fields + documents + THINGS


# -- counted words: "3 silver coins", "1 tour" ---------------------------------------------------


class Noun(NamedTuple):
    """A counted noun: singular and plural in each language, and its French gender."""

    en: str
    en_plural: str
    fr: str
    fr_plural: str
    feminine: bool


#: what events and labels count, by the id actions and events name it
NOUNS: Final = {
    "silver": Noun("silver coin", "silver coins", "pièce d'argent", "pièces d'argent", True),
    "gold": Noun("gold coin", "gold coins", "pièce d'or", "pièces d'or", True),
    "wall": Noun("wall", "walls", "mur", "murs", False),
    "tower": Noun("tower", "towers", "tour", "tours", True),
    "ducat": Noun("ducat", "ducats", "ducat", "ducats", False),
}


def counted(count: int, noun: str, lang: str) -> str:
    """"3 walls", "1 tour", "0 ducat": French counts 0 and 1 in the singular."""
    words = NOUNS[noun]
    if lang == "fr":
        return f"{count} {words.fr if count <= 1 else words.fr_plural}"
    return f"{count} {words.en if count == 1 else words.en_plural}"


#: the most coins or pieces an event ever counts (every coin of a kind in the box)
MOST_COUNTED: Final = max(BOX_COINS)
#: an event's amount of nothing, and the price of a Document that cost nothing
NOTHING: Final = "nothing"
FREE: Final = "free"


def amount(count: int, noun: str) -> str:
    """An amount as events carry it ("3 silver"): the log's ``_names`` reads it in words."""
    return f"{count} {noun}"


#: coin kind -> count -> its amount, made once (events count coins often)
COIN_AMOUNTS: Final = tuple(
    tuple(amount(n, name) for n in range(MOST_COUNTED + 1)) for name in COIN_NAMES
)


def coin_amounts(silver: int, gold: int) -> list[str]:
    """Coins as events carry them: ``["3 silver", "1 gold"]``, kinds without a coin left out,
    ``["nothing"]`` for none."""
    words = []
    if silver:
        words.append(COIN_AMOUNTS[SILVER][silver])
    if gold:
        words.append(COIN_AMOUNTS[GOLD][gold])
    return words or [NOTHING]


#: the other words events carry, by the id they carry them as (the log's ``_names`` adds the
#: Documents, the castle pieces and every amount)
EVENT_WORDS: Final = {
    "money": Texts("money", "argent"),
    "silver": Texts("silver", "d'argent"),  # "a silver coin", "une pièce d'argent"
    "gold": Texts("gold", "d'or"),
    "castle-piece": Texts("a castle piece", "une pièce de château"),
    "thief": Texts("to the thief's castle", "vers le château du voleur"),
    "supply": Texts("back to the supply", "retour à la réserve"),
    "ducats": Texts("Ducats cards", "cartes Ducats"),
    "documents": Texts("Documents", "Documents"),
    "money bag": Texts("a money bag", "un sac d'argent"),
    "castle": Texts("a castle", "un château"),
    "dice": Texts("by the dice", "aux dés"),
    NOTHING: Texts("nothing", "rien"),
    FREE: Texts("free", "gratuit"),
    "hidden": Texts("hidden", "caché"),
}
