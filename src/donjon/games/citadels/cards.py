"""Citadels (2016 edition) data: districts, characters, presets (rules reference §1–§2).

Everything here is a table; the rules code reads it by index. A district *kind* is a small int
(basic kinds first, then the 30 uniques); a character is a small int ``3 * (rank - 1) + k``.
Actions and records name them by their stable catalogue ids instead (``DISTRICT_KEYS``,
``CHARACTER_KEYS``, ``TYPES``: ``"thieves-den"``, ``"tax-collector"``, ``"noble"``).
"""

from __future__ import annotations

from typing import Final

NOBLE: Final = 0
RELIGIOUS: Final = 1
TRADE: Final = 2
MILITARY: Final = 3
UNIQUE: Final = 4
TYPES: Final = ("noble", "religious", "trade", "military", "unique")
TYPES_FR: Final = ("noble", "religieux", "commerçant", "militaire", "merveille")


def catalogue_id(name: str) -> str:
    """A name as a stable catalogue id: lowercase kebab-case (``Thieves' Den`` → ``thieves-den``)."""
    return name.lower().replace("'", "").replace(" ", "-")

#: §1.3 the 54 basic districts: (English, French, type, cost, copies).
BASIC: Final[tuple[tuple[str, str, int, int, int], ...]] = (
    ("Manor", "Manoir", NOBLE, 3, 5),
    ("Castle", "Château", NOBLE, 4, 4),
    ("Palace", "Palais", NOBLE, 5, 3),
    ("Temple", "Temple", RELIGIOUS, 1, 3),
    ("Church", "Église", RELIGIOUS, 2, 3),
    ("Monastery", "Monastère", RELIGIOUS, 3, 3),
    ("Cathedral", "Cathédrale", RELIGIOUS, 5, 2),
    ("Tavern", "Taverne", TRADE, 1, 5),
    ("Market", "Marché", TRADE, 2, 4),
    ("Trading Post", "Échoppe", TRADE, 2, 3),
    ("Docks", "Comptoir", TRADE, 3, 3),
    ("Harbor", "Port", TRADE, 4, 3),
    ("Town Hall", "Hôtel de ville", TRADE, 5, 2),
    ("Watchtower", "Tour de guet", MILITARY, 1, 3),
    ("Prison", "Prison", MILITARY, 2, 3),
    ("Barracks", "Caserne", MILITARY, 3, 3),
    ("Fortress", "Forteresse", MILITARY, 5, 2),
)

#: §1.4 the 30 unique districts: (English, French, cost). The Secret Vault can never be built;
#: its printed cost is UNCONFIRMED and irrelevant (0 here, as XD and FR store it).
UNIQUE_DISTRICTS: Final[tuple[tuple[str, str, int], ...]] = (
    ("Armory", "Poudrière", 3),
    ("Basilica", "Basilique", 4),
    ("Capitol", "Capitole", 5),
    ("Dragon Gate", "Dracoport", 6),
    ("Factory", "Manufacture", 5),
    ("Framework", "Chantier", 3),
    ("Gold Mine", "Mine d'or", 6),
    ("Great Wall", "Grande Muraille", 6),
    ("Haunted Quarter", "Cour des Miracles", 2),
    ("Imperial Treasury", "Trésor Impérial", 5),
    ("Ivory Tower", "Tour d'Ivoire", 5),
    ("Keep", "Donjon", 3),
    ("Laboratory", "Laboratoire", 5),
    ("Library", "Bibliothèque", 6),
    ("Map Room", "Salle des Cartes", 5),
    ("Monument", "Monument", 4),
    ("Museum", "Musée", 4),
    ("Necropolis", "Nécropole", 5),
    ("Observatory", "Observatoire", 4),
    ("Park", "Parc", 6),
    ("Poor House", "Hospice", 4),
    ("Quarry", "Carrière", 5),
    ("School of Magic", "École de Magie", 6),
    ("Secret Vault", "Catacombes", 0),
    ("Smithy", "Forge", 5),
    ("Stables", "Écuries", 2),
    ("Statue", "Statue Équestre", 3),
    ("Theater", "Théâtre", 6),
    ("Thieves' Den", "Tripot", 6),
    ("Wishing Well", "Fontaine aux Souhaits", 5),
)

DISTRICT_NAMES: Final[tuple[str, ...]] = tuple(b[0] for b in BASIC) + tuple(u[0] for u in UNIQUE_DISTRICTS)
DISTRICT_NAMES_FR: Final[tuple[str, ...]] = tuple(b[1] for b in BASIC) + tuple(u[1] for u in UNIQUE_DISTRICTS)
DISTRICT_TYPE: Final[tuple[int, ...]] = tuple(b[2] for b in BASIC) + (UNIQUE,) * len(UNIQUE_DISTRICTS)
DISTRICT_COST: Final[tuple[int, ...]] = tuple(b[3] for b in BASIC) + tuple(u[2] for u in UNIQUE_DISTRICTS)
BASIC_COPIES: Final[tuple[int, ...]] = tuple(b[4] for b in BASIC)
DISTRICT_ID: Final[dict[str, int]] = {name: i for i, name in enumerate(DISTRICT_NAMES)}
DISTRICT_KEYS: Final[tuple[str, ...]] = tuple(catalogue_id(name) for name in DISTRICT_NAMES)
N_BASIC: Final = len(BASIC)
N_DISTRICTS: Final = len(DISTRICT_NAMES)


def _d(name: str) -> int:
    return DISTRICT_ID[name]


ARMORY: Final = _d("Armory")
BASILICA: Final = _d("Basilica")
CAPITOL: Final = _d("Capitol")
DRAGON_GATE: Final = _d("Dragon Gate")
FACTORY: Final = _d("Factory")
FRAMEWORK: Final = _d("Framework")
GOLD_MINE: Final = _d("Gold Mine")
GREAT_WALL: Final = _d("Great Wall")
HAUNTED: Final = _d("Haunted Quarter")
TREASURY: Final = _d("Imperial Treasury")
IVORY: Final = _d("Ivory Tower")
KEEP: Final = _d("Keep")
LABORATORY: Final = _d("Laboratory")
LIBRARY: Final = _d("Library")
MAP_ROOM: Final = _d("Map Room")
MONUMENT: Final = _d("Monument")
MUSEUM: Final = _d("Museum")
NECROPOLIS: Final = _d("Necropolis")
OBSERVATORY: Final = _d("Observatory")
PARK: Final = _d("Park")
POOR_HOUSE: Final = _d("Poor House")
QUARRY: Final = _d("Quarry")
SCHOOL: Final = _d("School of Magic")
VAULT: Final = _d("Secret Vault")
SMITHY: Final = _d("Smithy")
STABLES: Final = _d("Stables")
STATUE: Final = _d("Statue")
THEATER: Final = _d("Theater")
DEN: Final = _d("Thieves' Den")
WELL: Final = _d("Wishing Well")

#: §2.1 the 27 characters, three per rank; id = 3 * (rank - 1) + position.
CHARACTERS: Final[tuple[tuple[str, str], ...]] = (
    ("Assassin", "Assassin"), ("Witch", "Sorcière"), ("Magistrate", "Échevin"),
    ("Thief", "Voleur"), ("Spy", "Espion"), ("Blackmailer", "Maître-Chanteuse"),
    ("Magician", "Magicienne"), ("Wizard", "Sorcier"), ("Seer", "Voyante"),
    ("King", "Roi"), ("Emperor", "Empereur"), ("Patrician", "Patricien"),
    ("Bishop", "Évêque"), ("Abbot", "Abbé"), ("Cardinal", "Cardinal"),
    ("Merchant", "Marchande"), ("Alchemist", "Alchimiste"), ("Trader", "Négociant"),
    ("Architect", "Architecte"), ("Navigator", "Navigatrice"), ("Scholar", "Archiviste"),
    ("Warlord", "Condottiere"), ("Diplomat", "Diplomate"), ("Marshal", "Capitaine"),
    ("Queen", "Reine"), ("Artist", "Artiste"), ("Tax Collector", "Bailli"),
)
CHARACTER_NAMES: Final[tuple[str, ...]] = tuple(c[0] for c in CHARACTERS)
CHARACTER_NAMES_FR: Final[tuple[str, ...]] = tuple(c[1] for c in CHARACTERS)
CHARACTER_ID: Final[dict[str, int]] = {name: i for i, name in enumerate(CHARACTER_NAMES)}
CHARACTER_KEYS: Final[tuple[str, ...]] = tuple(catalogue_id(name) for name in CHARACTER_NAMES)
RANK: Final[tuple[int, ...]] = tuple(i // 3 + 1 for i in range(len(CHARACTERS)))

ASSASSIN: Final = 0
WITCH: Final = 1
MAGISTRATE: Final = 2
THIEF: Final = 3
SPY: Final = 4
BLACKMAILER: Final = 5
MAGICIAN: Final = 6
WIZARD: Final = 7
SEER: Final = 8
KING: Final = 9
EMPEROR: Final = 10
PATRICIAN: Final = 11
BISHOP: Final = 12
ABBOT: Final = 13
CARDINAL: Final = 14
MERCHANT: Final = 15
ALCHEMIST: Final = 16
TRADER: Final = 17
ARCHITECT: Final = 18
NAVIGATOR: Final = 19
SCHOLAR: Final = 20
WARLORD: Final = 21
DIPLOMAT: Final = 22
MARSHAL: Final = 23
QUEEN: Final = 24
ARTIST: Final = 25
TAX_COLLECTOR: Final = 26

#: §2.3 the district type a character gathers resources for (-1: none). The Alchemist has none.
INCOME_TYPE: Final[tuple[int, ...]] = tuple(
    {KING: NOBLE, EMPEROR: NOBLE, PATRICIAN: NOBLE, BISHOP: RELIGIOUS, ABBOT: RELIGIOUS,
     CARDINAL: RELIGIOUS, MERCHANT: TRADE, TRADER: TRADE, WARLORD: MILITARY, DIPLOMAT: MILITARY,
     MARSHAL: MILITARY}.get(c, -1)
    for c in range(27)
)
#: §2.3 income paid in cards rather than gold (Patrician, Cardinal); the Abbot chooses a mix.
INCOME_CARDS: Final[frozenset[int]] = frozenset({PATRICIAN, CARDINAL})
#: §4.4 building limit per character (default 1).
BUILD_LIMIT: Final[tuple[int, ...]] = tuple(
    {SEER: 2, ARCHITECT: 3, NAVIGATOR: 0, SCHOLAR: 2}.get(c, 1) for c in range(27)
)

#: §2.4 the casts. Each lists ranks 1–8 and the optional rank 9 (None: the rulebook gives none).
FIRST_GAME: Final = "first-game"
CASTS: Final[dict[str, tuple[str | None, ...]]] = {
    FIRST_GAME: ("Assassin", "Thief", "Magician", "King", "Bishop", "Merchant", "Architect",
                 "Warlord", None),
    "ambitious-aristocrats": ("Magistrate", "Thief", "Wizard", "Patrician", "Bishop", "Trader",
                              "Architect", "Marshal", "Queen"),
    "cunning-agents": ("Witch", "Blackmailer", "Magician", "Emperor", "Abbot", "Alchemist",
                       "Architect", "Warlord", "Tax Collector"),
    "illustrious-emissaries": ("Witch", "Spy", "Seer", "Emperor", "Bishop", "Merchant", "Scholar",
                               "Diplomat", "Artist"),
    "devious-dignitaries": ("Magistrate", "Blackmailer", "Wizard", "King", "Abbot", "Alchemist",
                            "Navigator", "Marshal", "Queen"),
    "tenacious-delegates": ("Assassin", "Spy", "Seer", "King", "Cardinal", "Trader", "Scholar",
                            "Diplomat", "Artist"),
    "vicious-nobles": ("Assassin", "Thief", "Magician", "Patrician", "Cardinal", "Merchant",
                       "Navigator", "Warlord", "Tax Collector"),
}
#: §2.4 each preset's name (English, French): the table form offers them by name
PRESET_NAMES: Final[dict[str, tuple[str, str]]] = {
    FIRST_GAME: ("First game", "Première partie"),
    "ambitious-aristocrats": ("Ambitious Aristocrats", "Aristocrates Ambitieux"),
    "cunning-agents": ("Cunning Agents", "Intrigants Subtils"),
    "illustrious-emissaries": ("Illustrious Emissaries", "Émissaires Illustres"),
    "devious-dignitaries": ("Devious Dignitaries", "Dignitaires Sournois"),
    "tenacious-delegates": ("Tenacious Delegates", "Oligarques Tenaces"),
    "vicious-nobles": ("Vicious Nobles", "Nobles Retors"),
}
PRESET_NAMES_FR: Final[dict[str, str]] = {key: names[1] for key, names in PRESET_NAMES.items()}

#: §1.5 and §2.4 the 14 uniques of each preset.
UNIQUE_SETS: Final[dict[str, tuple[str, ...]]] = {
    FIRST_GAME: ("Dragon Gate", "Factory", "Haunted Quarter", "Imperial Treasury", "Keep",
                 "Laboratory", "Library", "Map Room", "Quarry", "School of Magic", "Smithy",
                 "Statue", "Thieves' Den", "Wishing Well"),
    "ambitious-aristocrats": ("Capitol", "Factory", "Framework", "Great Wall", "Haunted Quarter",
                              "Keep", "Necropolis", "Park", "Poor House", "Quarry",
                              "School of Magic", "Stables", "Statue", "Thieves' Den"),
    "cunning-agents": ("Armory", "Basilica", "Dragon Gate", "Gold Mine", "Keep", "Monument",
                       "Museum", "Necropolis", "Park", "Poor House", "Quarry", "Secret Vault",
                       "Smithy", "Theater"),
    "illustrious-emissaries": ("Factory", "Framework", "Great Wall", "Haunted Quarter",
                               "Ivory Tower", "Keep", "Library", "Museum", "Observatory", "Park",
                               "Poor House", "Quarry", "School of Magic", "Smithy"),
    "devious-dignitaries": ("Dragon Gate", "Factory", "Framework", "Haunted Quarter", "Laboratory",
                            "Necropolis", "Park", "Poor House", "Secret Vault", "Smithy",
                            "Stables", "Theater", "Thieves' Den", "Wishing Well"),
    "tenacious-delegates": ("Basilica", "Capitol", "Haunted Quarter", "Imperial Treasury",
                            "Laboratory", "Library", "Map Room", "Observatory", "School of Magic",
                            "Secret Vault", "Smithy", "Stables", "Statue", "Wishing Well"),
    "vicious-nobles": ("Armory", "Basilica", "Dragon Gate", "Gold Mine", "Imperial Treasury",
                       "Ivory Tower", "Laboratory", "Map Room", "Monument", "Museum",
                       "School of Magic", "Statue", "Thieves' Den", "Wishing Well"),
}
RANDOM: Final = "random"


def cast_allowed(character: int, players: int) -> bool:
    """§2.1 player-count restrictions: no Emperor with 2 players, no Queen below 5."""
    if character == EMPEROR and players == 2:
        return False
    return not (character == QUEEN and players < 5)


# -- what players read: names with their articles, and what each thing does -------------------
# (the presentation, the log and the terminal read these; the rules never do)

#: the French gender of each name, for its article: "m", "f", "mp", "fp" (plural)
FRENCH_GENDER: Final[dict[str, str]] = {
    **dict.fromkeys(("Assassin", "Magistrate", "Thief", "Spy", "Wizard", "King", "Emperor",
                     "Patrician", "Bishop", "Abbot", "Cardinal", "Alchemist", "Trader",
                     "Architect", "Scholar", "Warlord", "Diplomat", "Marshal", "Artist",
                     "Tax Collector"), "m"),
    **dict.fromkeys(("Witch", "Blackmailer", "Magician", "Seer", "Merchant", "Navigator",
                     "Queen"), "f"),
    **dict.fromkeys(("Manor", "Castle", "Palace", "Temple", "Monastery", "Market", "Docks",
                     "Harbor", "Town Hall", "Capitol", "Dragon Gate", "Framework",
                     "Imperial Treasury", "Keep", "Laboratory", "Monument", "Museum",
                     "Observatory", "Park", "Poor House", "Theater", "Thieves' Den"), "m"),
    **dict.fromkeys(("Church", "Cathedral", "Tavern", "Trading Post", "Watchtower", "Prison",
                     "Barracks", "Fortress", "Armory", "Basilica", "Factory", "Gold Mine",
                     "Great Wall", "Haunted Quarter", "Ivory Tower", "Library", "Map Room",
                     "Necropolis", "Quarry", "School of Magic", "Smithy", "Statue",
                     "Wishing Well"), "f"),
    "Secret Vault": "fp",
    "Stables": "fp",
}

#: §2.3 what each character does (English, French)
CHARACTER_TEXTS: Final[dict[str, tuple[str, str]]] = {
    "Assassin": (
        "Name a character to kill: its player silently skips the whole turn.",
        "Désignez un personnage à assassiner : son joueur passe tout son tour, sans se "
        "révéler."),
    "Witch": (
        "After gathering, name a character to bewitch; your turn waits. When it is called, its "
        "player only gathers, and you play the rest of its turn with its powers, using your own "
        "hand, gold and city.",
        "Après avoir pris vos ressources, désignez un personnage à ensorceler ; votre tour "
        "s'interrompt. Quand il est appelé, son joueur prend seulement ses ressources, et vous "
        "jouez la suite de son tour avec ses pouvoirs, votre main, votre or et votre cité."),
    "Magistrate": (
        "Put three warrants face down on characters, one of them signed. When the character "
        "with the signed warrant pays to build its first district of the turn, you may "
        "confiscate it: its builder gets the gold back.",
        "Posez trois mandats face cachée sur des personnages, dont un signé. Quand le "
        "personnage au mandat signé paie pour bâtir son premier quartier du tour, vous pouvez "
        "le confisquer : son constructeur récupère l'or payé."),
    "Thief": (
        "Name a character of rank 3 or more, neither killed nor bewitched, to rob: when it is "
        "revealed, you take all its player's gold.",
        "Désignez un personnage de rang 3 ou plus, ni assassiné ni ensorcelé, à voler : quand "
        "il se révèle, vous prenez tout l'or de son joueur."),
    "Spy": (
        "Name a player and a district type, and look at that player's hand: for each card of "
        "that type, take 1 gold from them and draw 1 card.",
        "Désignez un joueur et un type de quartier, et regardez sa main : pour chaque carte de "
        "ce type, prenez-lui 1 pièce d'or et piochez 1 carte."),
    "Blackmailer": (
        "Put two threats face down on characters of rank 3 or more, one of them real. A "
        "threatened player, after gathering, pays you half their gold or refuses; then you may "
        "reveal the threat: if it is real, you take all their gold.",
        "Posez deux menaces face cachée sur des personnages de rang 3 ou plus, dont une vraie. "
        "Un joueur menacé, après avoir pris ses ressources, vous paie la moitié de son or ou "
        "refuse ; vous pouvez alors révéler la menace : si elle est vraie, vous prenez tout "
        "son or."),
    "Magician": (
        "Either swap your whole hand with another player's, or discard any number of cards to "
        "draw as many.",
        "Échangez toute votre main avec celle d'un autre joueur, ou défaussez autant de cartes "
        "que vous voulez pour en piocher autant."),
    "Wizard": (
        "Look at another player's hand and take one card: build it at once, outside your "
        "building limit, or keep it. This turn you may build identical districts.",
        "Regardez la main d'un autre joueur et prenez-lui une carte : bâtissez-la tout de "
        "suite, hors limite de construction, ou gardez-la. Ce tour-ci, vous pouvez bâtir des "
        "quartiers identiques."),
    "Seer": (
        "Take a random card from each other player, then give each of them one card of your "
        "choice. You may build up to 2 districts.",
        "Prenez une carte au hasard à chaque autre joueur, puis donnez-leur chacun une carte "
        "de votre choix. Vous pouvez bâtir jusqu'à 2 quartiers."),
    "King": (
        "Take the crown, even if you are killed (then at the end of the round). Gain 1 gold "
        "for each noble district in your city.",
        "Prenez la couronne, même assassiné (alors en fin de manche). Recevez 1 pièce d'or par "
        "quartier noble de votre cité."),
    "Emperor": (
        "Give the crown to another player, not the one who holds it, and take 1 gold or 1 "
        "random card from them. Gain 1 gold for each noble district in your city.",
        "Donnez la couronne à un autre joueur que celui qui la détient, et prenez-lui 1 pièce "
        "d'or ou 1 carte au hasard. Recevez 1 pièce d'or par quartier noble de votre cité."),
    "Patrician": (
        "Take the crown, even if you are killed (then at the end of the round). Draw 1 card "
        "for each noble district in your city.",
        "Prenez la couronne, même assassiné (alors en fin de manche). Piochez 1 carte par "
        "quartier noble de votre cité."),
    "Bishop": (
        "Gain 1 gold for each religious district in your city. This round the rank 8 "
        "character cannot use its power on your districts.",
        "Recevez 1 pièce d'or par quartier religieux de votre cité. Pour cette manche, le "
        "personnage de rang 8 ne peut pas utiliser son pouvoir sur vos quartiers."),
    "Abbot": (
        "Gain 1 gold or 1 card, in the mix you choose, for each religious district in your "
        "city. If you are not the richest, the richest player gives you 1 gold.",
        "Recevez 1 pièce d'or ou 1 carte, dans le mélange de votre choix, par quartier "
        "religieux de votre cité. Si vous n'êtes pas le plus riche, le joueur le plus riche "
        "vous donne 1 pièce d'or."),
    "Cardinal": (
        "Draw 1 card for each religious district in your city. Short of gold to build, take "
        "what is missing from another player, giving them 1 card for each gold.",
        "Piochez 1 carte par quartier religieux de votre cité. S'il vous manque de l'or pour "
        "bâtir, prenez ce qui manque à un autre joueur en lui donnant 1 carte par pièce."),
    "Merchant": (
        "Gain 1 extra gold, and 1 gold for each trade district in your city.",
        "Recevez 1 pièce d'or de plus, et 1 pièce d'or par quartier commerçant de votre "
        "cité."),
    "Alchemist": (
        "At the end of your turn, get back all the gold you paid to build districts this "
        "turn.",
        "À la fin de votre tour, récupérez tout l'or payé pour bâtir des quartiers pendant ce "
        "tour."),
    "Trader": (
        "Gain 1 gold for each trade district in your city. The trade districts you build do "
        "not count toward your building limit.",
        "Recevez 1 pièce d'or par quartier commerçant de votre cité. Les quartiers commerçants "
        "que vous bâtissez ne comptent pas dans votre limite de construction."),
    "Architect": (
        "Draw 2 extra cards. You may build up to 3 districts.",
        "Piochez 2 cartes de plus. Vous pouvez bâtir jusqu'à 3 quartiers."),
    "Navigator": (
        "Gain 4 gold or draw 4 cards. You cannot build this turn.",
        "Recevez 4 pièces d'or ou piochez 4 cartes. Vous ne pouvez rien bâtir ce tour-ci."),
    "Scholar": (
        "Draw 7 cards, keep one and shuffle the others back into the deck. You may build up to "
        "2 districts.",
        "Piochez 7 cartes, gardez-en une et remélangez les autres dans la pioche. Vous pouvez "
        "bâtir jusqu'à 2 quartiers."),
    "Warlord": (
        "Gain 1 gold for each military district in your city. Destroy a district by paying "
        "its cost minus 1, never in a completed city.",
        "Recevez 1 pièce d'or par quartier militaire de votre cité. Détruisez un quartier en "
        "payant son coût moins 1, jamais dans une cité complète."),
    "Diplomat": (
        "Gain 1 gold for each military district in your city. Exchange one of your districts "
        "for one in another city not completed, paying its owner the difference in cost.",
        "Recevez 1 pièce d'or par quartier militaire de votre cité. Échangez un de vos "
        "quartiers contre un quartier d'une autre cité non complète, en payant la différence "
        "de coût à son propriétaire."),
    "Marshal": (
        "Gain 1 gold for each military district in your city. Seize a district of cost 3 or "
        "less from another city not completed, paying its cost to its owner.",
        "Recevez 1 pièce d'or par quartier militaire de votre cité. Prenez un quartier de coût "
        "3 ou moins dans une autre cité non complète, en payant son coût à son "
        "propriétaire."),
    "Queen": (
        "If you sit next to the player of the rank 4 character, gain 3 gold.",
        "Si vous êtes assise à côté du joueur du personnage de rang 4, recevez 3 pièces "
        "d'or."),
    "Artist": (
        "Beautify up to 2 of your districts by putting 1 of your gold on each: each is worth 1 "
        "more for good.",
        "Embellissez jusqu'à 2 de vos quartiers en posant 1 de vos pièces d'or sur chacun : "
        "chacun vaut 1 de plus pour toujours."),
    "Tax Collector": (
        "While the Tax Collector is in the game, every player who builds a district puts 1 "
        "gold on it. On your turn, take all that gold.",
        "Tant que le Bailli est en jeu, tout joueur qui bâtit un quartier pose 1 pièce d'or "
        "dessus. À votre tour, prenez tout cet or."),
}

#: §1.4 what each unique district does (English, French)
UNIQUE_TEXTS: Final[dict[str, tuple[str, str]]] = {
    "Armory": (
        "During your turn, destroy the Armory to destroy a district of your choice, never in a "
        "completed city.",
        "Pendant votre tour, détruisez la Poudrière pour détruire un quartier de votre choix, "
        "jamais dans une cité complète."),
    "Basilica": (
        "At the end of the game, score 1 extra point for each district in your city with an "
        "odd cost.",
        "En fin de partie, marquez 1 point de plus par quartier de votre cité au coût "
        "impair."),
    "Capitol": (
        "At the end of the game, score 3 extra points if your city has at least 3 districts of "
        "the same type.",
        "En fin de partie, marquez 3 points de plus si votre cité compte au moins 3 quartiers "
        "du même type."),
    "Dragon Gate": (
        "At the end of the game, score 2 extra points.",
        "En fin de partie, marquez 2 points de plus."),
    "Factory": (
        "You pay 1 gold less to build any other unique district.",
        "Vous payez 1 pièce d'or de moins pour bâtir toute autre merveille."),
    "Framework": (
        "You may build a district by destroying the Framework instead of paying its cost.",
        "Vous pouvez bâtir un quartier en détruisant le Chantier au lieu de payer son coût."),
    "Gold Mine": (
        "When you take gold to gather resources, take 1 extra gold.",
        "Quand vous prenez de l'or comme ressources, prenez 1 pièce d'or de plus."),
    "Great Wall": (
        "The rank 8 character pays 1 more gold to use its power on any district in your city.",
        "Le personnage de rang 8 paie 1 pièce d'or de plus pour utiliser son pouvoir sur un "
        "quartier de votre cité."),
    "Haunted Quarter": (
        "At the end of the game, it counts as the district type of your choice.",
        "En fin de partie, elle compte comme le type de quartier de votre choix."),
    "Imperial Treasury": (
        "At the end of the game, score 1 extra point for each gold in your stash.",
        "En fin de partie, marquez 1 point de plus par pièce d'or de votre trésor."),
    "Ivory Tower": (
        "At the end of the game, score 5 extra points if it is the only unique district in "
        "your city.",
        "En fin de partie, marquez 5 points de plus si c'est la seule merveille de votre "
        "cité."),
    "Keep": (
        "The rank 8 character cannot use its power on the Keep.",
        "Le personnage de rang 8 ne peut pas utiliser son pouvoir sur le Donjon."),
    "Laboratory": (
        "Once per turn, discard a card from your hand to gain 2 gold.",
        "Une fois par tour, défaussez une carte de votre main pour recevoir 2 pièces d'or."),
    "Library": (
        "When you draw cards to gather resources, keep all the cards you draw.",
        "Quand vous piochez des cartes comme ressources, gardez toutes les cartes piochées."),
    "Map Room": (
        "At the end of the game, score 1 extra point for each card in your hand.",
        "En fin de partie, marquez 1 point de plus par carte de votre main."),
    "Monument": (
        "You cannot build it if your city has 5 or more districts. It counts as 2 districts "
        "toward a completed city.",
        "Vous ne pouvez pas le bâtir si votre cité compte 5 quartiers ou plus. Il compte pour "
        "2 quartiers dans une cité complète."),
    "Museum": (
        "Once per turn, put a card from your hand face down under the Museum. At the end of "
        "the game, score 1 extra point for each card under it.",
        "Une fois par tour, placez une carte de votre main face cachée sous le Musée. En fin "
        "de partie, marquez 1 point de plus par carte dessous."),
    "Necropolis": (
        "You may build the Necropolis by destroying one of your districts instead of paying "
        "its cost.",
        "Vous pouvez bâtir la Nécropole en détruisant un de vos quartiers au lieu de payer son "
        "coût."),
    "Observatory": (
        "When you draw cards to gather resources, draw 3 cards instead of 2.",
        "Quand vous piochez des cartes comme ressources, piochez-en 3 au lieu de 2."),
    "Park": (
        "If you have no cards in hand at the end of your turn, draw 2 cards.",
        "Si vous n'avez aucune carte en main à la fin de votre tour, piochez 2 cartes."),
    "Poor House": (
        "If you have no gold in your stash at the end of your turn, gain 1 gold.",
        "Si votre trésor est vide à la fin de votre tour, recevez 1 pièce d'or."),
    "Quarry": (
        "You may build districts identical to ones already in your city.",
        "Vous pouvez bâtir des quartiers identiques à ceux déjà dans votre cité."),
    "School of Magic": (
        "For the powers that gain resources for your districts, it counts as the type of your "
        "choice.",
        "Pour les pouvoirs qui rapportent des ressources selon vos quartiers, elle compte "
        "comme le type de votre choix."),
    "Secret Vault": (
        "It can never be built. At the end of the game, reveal it from your hand to score 3 "
        "extra points.",
        "Elles ne peuvent jamais être bâties. En fin de partie, révélez-les de votre main pour "
        "marquer 3 points de plus."),
    "Smithy": (
        "Once per turn, pay 2 gold to draw 3 cards.",
        "Une fois par tour, payez 2 pièces d'or pour piocher 3 cartes."),
    "Stables": (
        "Building the Stables does not count toward your building limit.",
        "Bâtir les Écuries ne compte pas dans votre limite de construction."),
    "Statue": (
        "At the end of the game, score 5 extra points if you hold the crown.",
        "En fin de partie, marquez 5 points de plus si vous avez la couronne."),
    "Theater": (
        "After each selection of characters, you may swap your character with an opponent's, "
        "without seeing it first.",
        "Après chaque choix des personnages, vous pouvez échanger votre personnage avec celui "
        "d'un adversaire, sans le voir d'abord."),
    "Thieves' Den": (
        "You may pay part or all of its cost with cards from your hand, 1 card for 1 gold.",
        "Vous pouvez payer tout ou partie de son coût avec des cartes de votre main, 1 carte "
        "pour 1 pièce d'or."),
    "Wishing Well": (
        "At the end of the game, score 1 extra point for each unique district in your city, "
        "this one included.",
        "En fin de partie, marquez 1 point de plus par merveille de votre cité, celle-ci "
        "comprise."),
}

#: §1.2 each district type: its name, a district of it and districts of it, and what it means
#: (English, French)
TYPE_WORDS: Final[tuple[tuple[tuple[str, str], tuple[str, str], tuple[str, str], tuple[str, str]], ...]] = (
    (("Noble", "Noble"), ("noble district", "quartier noble"),
     ("noble districts", "quartiers nobles"),
     ("Yellow districts with a crown: the rank 4 character gains a resource for each one in its "
      "city.",
      "Quartiers jaunes à la couronne : le personnage de rang 4 reçoit une ressource pour "
      "chacun dans sa cité.")),
    (("Religious", "Religieux"), ("religious district", "quartier religieux"),
     ("religious districts", "quartiers religieux"),
     ("Blue districts with a spire: the rank 5 character gains a resource for each one in its "
      "city.",
      "Quartiers bleus au clocher : le personnage de rang 5 reçoit une ressource pour chacun "
      "dans sa cité.")),
    (("Trade", "Commerçant"), ("trade district", "quartier commerçant"),
     ("trade districts", "quartiers commerçants"),
     ("Green districts with a purse: the rank 6 character gains a resource for each one in its "
      "city.",
      "Quartiers verts à la bourse : le personnage de rang 6 reçoit une ressource pour chacun "
      "dans sa cité.")),
    (("Military", "Militaire"), ("military district", "quartier militaire"),
     ("military districts", "quartiers militaires"),
     ("Red districts with a shield: the rank 8 character gains a resource for each one in its "
      "city.",
      "Quartiers rouges au bouclier : le personnage de rang 8 reçoit une ressource pour "
      "chacun dans sa cité.")),
    (("Unique", "Merveille"), ("unique district", "merveille"), ("unique districts", "merveilles"),
     ("Purple districts with a star: each has an effect of its own.",
      "Quartiers violets à l'étoile : chacun a son propre effet.")),
)

#: what a basic district is (English, French): it scores its cost
BASIC_TEXT: Final = (
    "A {kind}: it scores its cost at the end of the game.",
    "Un {kind} : il rapporte son coût en fin de partie.",
)

#: the pieces beside the cards, and marks on characters and cities: id -> (English name,
#: French name, English text, French text)
MARKERS: Final[dict[str, tuple[str, str, str, str]]] = {
    "crown": (
        "Crown", "Couronne",
        "Its holder calls the characters in rank order and chooses a character first next "
        "round.",
        "Son détenteur appelle les personnages par rang et choisit son personnage en premier "
        "à la manche suivante."),
    "warrant": (
        "Warrant", "Mandat",
        "One of the Magistrate's three warrants, face down: only the signed one confiscates.",
        "Un des trois mandats de l'Échevin, face cachée : seul le mandat signé confisque."),
    "signed-warrant": (
        "Signed warrant", "Mandat signé",
        "The Magistrate may confiscate the first district this character pays to build.",
        "L'Échevin peut confisquer le premier quartier que ce personnage paie pour bâtir."),
    "blank-warrant": (
        "Blank warrant", "Mandat blanc",
        "A decoy: it looks like the signed warrant but confiscates nothing.",
        "Un leurre : il ressemble au mandat signé mais ne confisque rien."),
    "threat": (
        "Threat", "Menace",
        "One of the Blackmailer's two threats, face down: only the real one takes the gold.",
        "Une des deux menaces de la Maître-Chanteuse, face cachée : seule la vraie prend "
        "l'or."),
    "real-threat": (
        "Real threat", "Vraie menace",
        "If this character's player refuses the bribe and the Blackmailer reveals it, she "
        "takes all their gold.",
        "Si le joueur de ce personnage refuse le pot-de-vin et que la Maître-Chanteuse la "
        "révèle, elle prend tout son or."),
    "blank-threat": (
        "Blank threat", "Fausse menace",
        "A bluff: revealed, it takes nothing.",
        "Un bluff : révélée, elle ne prend rien."),
    "killed": (
        "Killed", "Assassiné",
        "The Assassin named this character: its player skips the whole turn.",
        "L'Assassin a désigné ce personnage : son joueur passe tout son tour."),
    "robbed": (
        "Robbed", "Volé",
        "The Thief named this character: when it is revealed, the Thief takes all its "
        "player's gold.",
        "Le Voleur a désigné ce personnage : quand il se révèle, le Voleur prend tout l'or de "
        "son joueur."),
    "bewitched": (
        "Bewitched", "Ensorcelé",
        "The Witch named this character: its player only gathers, and the Witch plays the "
        "rest of its turn.",
        "La Sorcière a désigné ce personnage : son joueur prend seulement ses ressources, et "
        "la Sorcière joue la suite de son tour."),
    "protected": (
        "Protected", "Protégé",
        "The rank 5 Bishop protects this city: the rank 8 character cannot use its power on "
        "it this round.",
        "L'Évêque de rang 5 protège cette cité : le personnage de rang 8 ne peut pas utiliser "
        "son pouvoir sur elle pendant cette manche."),
    "first-complete": (
        "First complete city", "Première cité complète",
        "The first city to reach its size scores 4 extra points, and the game ends with this "
        "round.",
        "La première cité complète marque 4 points de plus, et la partie s'arrête à la fin de "
        "cette manche."),
    "complete-city": (
        "Complete city", "Cité complète",
        "A city that reached its size scores 2 extra points at the end (4 for the first).",
        "Une cité complète marque 2 points de plus en fin de partie (4 pour la première)."),
    "district-deck": (
        "District deck", "Pioche",
        "The district cards left to draw: discarded and destroyed districts go under it.",
        "Les quartiers qui restent à piocher : les quartiers défaussés et détruits vont "
        "dessous."),
    "gold": (
        "Gold", "Or",
        "A player's stash: gold pays for districts and powers.",
        "Le trésor d'un joueur : l'or paie les quartiers et les pouvoirs."),
    "face-down": (
        "Face-down character", "Personnage face cachée",
        "Set aside this round, unseen: nobody plays it.",
        "Écarté pour cette manche sans être montré : personne ne le joue."),
}

#: the names of the random choices of the cast and of the uniques (English, French)
RANDOM_NAMES: Final = (("One at random per rank", "Un au hasard par rang"),
                       ("14 at random", "14 au hasard"))

_VOWELS: Final = frozenset("AEIOUYHÀÂÉÈÊËÎÏÔÙÛaeiouyhàâéèêëîïôùû")


def character_name(c: int, lang: str) -> str:
    return CHARACTERS[c][lang == "fr"]


def district_name(d: int, lang: str) -> str:
    return DISTRICT_NAMES_FR[d] if lang == "fr" else DISTRICT_NAMES[d]


def the(english: str, lang: str, case: str = "") -> str:
    """A character's or district's name with its definite article, by its English name:
    "the Thief", "le Voleur", "l'Échevin", "les Écuries"; ``case`` "de" or "à" contracts the
    French article ("du Manoir", "aux Écuries")."""
    if lang != "fr":
        return f"the {english}"
    c = CHARACTER_ID.get(english)
    name = CHARACTERS[c][1] if c is not None else DISTRICT_NAMES_FR[DISTRICT_ID[english]]
    gender = FRENCH_GENDER[english]
    if gender.endswith("p"):
        article = {"de": "des ", "à": "aux "}.get(case, "les ")
        return article + name
    if name[0] in _VOWELS:
        return {"de": "de l'", "à": "à l'"}.get(case, "l'") + name
    if gender == "f":
        return {"de": "de la ", "à": "à la "}.get(case, "la ") + name
    return {"de": "du ", "à": "au "}.get(case, "le ") + name


def log_names(lang: str) -> dict[str, str]:
    """The game terms event arguments carry (English names), as a log sentence says them:
    characters and districts with their article, district types as districts of that type,
    the redacted card, the threats."""
    fr = lang == "fr"
    names = {name: the(name, lang) for name in (*CHARACTER_NAMES, *DISTRICT_NAMES)}
    names.update({key: words[2][fr] for key, words in zip(TYPES, TYPE_WORDS, strict=True)})
    names.update({"hidden": "une carte" if fr else "a card",
                  "real": "réelle" if fr else "real",
                  "bluff": "du bluff" if fr else "a bluff"})
    return names
