"""Citadels (2016 edition) data: districts, characters, presets (rules reference §1–§2).

Everything here is a table; the rules code reads it by index. A district *kind* is a small int
(basic kinds first, then the 30 uniques); a character is a small int ``3 * (rank - 1) + k``.
"""

from __future__ import annotations

NOBLE, RELIGIOUS, TRADE, MILITARY, UNIQUE = range(5)
TYPES = ("noble", "religious", "trade", "military", "unique")
TYPES_FR = ("noble", "religieux", "commerçant", "militaire", "merveille")

#: §1.3 the 54 basic districts: (English, French, type, cost, copies).
BASIC = (
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
UNIQUE_DISTRICTS = (
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

DISTRICT_NAMES: tuple[str, ...] = tuple(b[0] for b in BASIC) + tuple(u[0] for u in UNIQUE_DISTRICTS)
DISTRICT_NAMES_FR: tuple[str, ...] = tuple(b[1] for b in BASIC) + tuple(u[1] for u in UNIQUE_DISTRICTS)
DISTRICT_TYPE: tuple[int, ...] = tuple(b[2] for b in BASIC) + (UNIQUE,) * len(UNIQUE_DISTRICTS)
DISTRICT_COST: tuple[int, ...] = tuple(b[3] for b in BASIC) + tuple(u[2] for u in UNIQUE_DISTRICTS)
BASIC_COPIES: tuple[int, ...] = tuple(b[4] for b in BASIC)
DISTRICT_ID = {name: i for i, name in enumerate(DISTRICT_NAMES)}
N_BASIC = len(BASIC)
N_DISTRICTS = len(DISTRICT_NAMES)


def _d(name: str) -> int:
    return DISTRICT_ID[name]


ARMORY, BASILICA, CAPITOL, DRAGON_GATE, FACTORY, FRAMEWORK, GOLD_MINE, GREAT_WALL = (
    _d("Armory"), _d("Basilica"), _d("Capitol"), _d("Dragon Gate"), _d("Factory"),
    _d("Framework"), _d("Gold Mine"), _d("Great Wall"),
)
HAUNTED, TREASURY, IVORY, KEEP, LABORATORY, LIBRARY, MAP_ROOM, MONUMENT = (
    _d("Haunted Quarter"), _d("Imperial Treasury"), _d("Ivory Tower"), _d("Keep"),
    _d("Laboratory"), _d("Library"), _d("Map Room"), _d("Monument"),
)
MUSEUM, NECROPOLIS, OBSERVATORY, PARK, POOR_HOUSE, QUARRY, SCHOOL, VAULT = (
    _d("Museum"), _d("Necropolis"), _d("Observatory"), _d("Park"), _d("Poor House"),
    _d("Quarry"), _d("School of Magic"), _d("Secret Vault"),
)
SMITHY, STABLES, STATUE, THEATER, DEN, WELL = (
    _d("Smithy"), _d("Stables"), _d("Statue"), _d("Theater"), _d("Thieves' Den"),
    _d("Wishing Well"),
)

#: §2.1 the 27 characters, three per rank; id = 3 * (rank - 1) + position.
CHARACTERS = (
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
CHAR_NAMES: tuple[str, ...] = tuple(c[0] for c in CHARACTERS)
CHAR_NAMES_FR: tuple[str, ...] = tuple(c[1] for c in CHARACTERS)
CHAR_ID = {name: i for i, name in enumerate(CHAR_NAMES)}
CHAR_RANK: tuple[int, ...] = tuple(i // 3 + 1 for i in range(len(CHARACTERS)))

(ASSASSIN, WITCH, MAGISTRATE, THIEF, SPY, BLACKMAILER, MAGICIAN, WIZARD, SEER, KING, EMPEROR,
 PATRICIAN, BISHOP, ABBOT, CARDINAL, MERCHANT, ALCHEMIST, TRADER, ARCHITECT, NAVIGATOR, SCHOLAR,
 WARLORD, DIPLOMAT, MARSHAL, QUEEN, ARTIST, TAX_COLLECTOR) = range(27)

#: §2.3 the district type a character gathers resources for (-1: none). The Alchemist has none.
INCOME_TYPE: tuple[int, ...] = tuple(
    {KING: NOBLE, EMPEROR: NOBLE, PATRICIAN: NOBLE, BISHOP: RELIGIOUS, ABBOT: RELIGIOUS,
     CARDINAL: RELIGIOUS, MERCHANT: TRADE, TRADER: TRADE, WARLORD: MILITARY, DIPLOMAT: MILITARY,
     MARSHAL: MILITARY}.get(c, -1)
    for c in range(27)
)
#: §2.3 income paid in cards rather than gold (Patrician, Cardinal); the Abbot chooses a mix.
INCOME_CARDS = frozenset({PATRICIAN, CARDINAL})
#: §4.4 building limit per character (default 1).
BUILD_LIMIT: tuple[int, ...] = tuple(
    {SEER: 2, ARCHITECT: 3, NAVIGATOR: 0, SCHOLAR: 2}.get(c, 1) for c in range(27)
)

#: §2.4 the casts. Each lists ranks 1–8 and the optional rank 9 (None: the rulebook gives none).
FIRST_GAME = "first-game"
CASTS: dict[str, tuple[str, ...]] = {
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
PRESET_NAMES_FR = {
    FIRST_GAME: "Première partie",
    "ambitious-aristocrats": "Aristocrates Ambitieux",
    "cunning-agents": "Intrigants Subtils",
    "illustrious-emissaries": "Émissaires Illustres",
    "devious-dignitaries": "Dignitaires Sournois",
    "tenacious-delegates": "Oligarques Tenaces",
    "vicious-nobles": "Nobles Retors",
}

#: §1.5 and §2.4 the 14 uniques of each preset.
UNIQUE_SETS: dict[str, tuple[str, ...]] = {
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
RANDOM = "random"

#: §3.2 face-up discards: F = max(0, cast size − players − 2) for 4–8 players.
def faceup_count(cast_size: int, players: int) -> int:
    return max(0, cast_size - players - 2)


def cast_allowed(char: int, players: int) -> bool:
    """§2.1 player-count restrictions: no Emperor with 2 players, no Queen below 5."""
    if char == EMPEROR and players == 2:
        return False
    return not (char == QUEEN and players < 5)
