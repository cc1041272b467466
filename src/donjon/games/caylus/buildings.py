"""Caylus data: cubes, the building catalogue, the road, the castle and the favour table.

Everything here is a table (rules reference §1.4, §3, §4, §5, §9). The rules modules read
these tables and never name a building in an ``if``.
"""

from __future__ import annotations

from typing import Final, NamedTuple

# -- cubes (§0) ---------------------------------------------------------------------------------

FOOD: Final = 0
WOOD: Final = 1
STONE: Final = 2
CLOTH: Final = 3
GOLD: Final = 4
CUBES: Final = ("food", "wood", "stone", "cloth", "gold")
CUBES_FR: Final = ("nourriture", "bois", "pierre", "tissu", "or")
#: "2 pierres": French plurals (the English names serve for any number: "2 stone")
CUBES_FR_PLURAL: Final = ("nourriture", "bois", "pierres", "tissus", "or")
NON_GOLD: Final = (FOOD, WOOD, STONE, CLOTH)

# -- building kinds -----------------------------------------------------------------------------

NEUTRAL: Final = "neutral"
FIXED: Final = "fixed"
WOOD_B: Final = "wood"
STONE_B: Final = "stone"
PRESTIGE: Final = "prestige"
RESIDENCE: Final = "residence"
#: kinds a worker may be placed on (§2 phase 2, legal targets)
WORKABLE_KINDS: Final = (NEUTRAL, FIXED, WOOD_B, STONE_B)
#: each kind in words (English, French)
KIND_WORDS: Final = {
    NEUTRAL: ("Neutral building", "Bâtiment neutre"),
    FIXED: ("Fixed building", "Bâtiment fixe"),
    WOOD_B: ("Wood building", "Bâtiment de bois"),
    STONE_B: ("Stone building", "Bâtiment de pierre"),
    PRESTIGE: ("Prestige building", "Bâtiment de prestige"),
    RESIDENCE: ("Residence", "Résidence"),
}


#: cube counts by type: (food, wood, stone, cloth, gold)
Cubes = tuple[int, int, int, int, int]


def cubes(f: int = 0, w: int = 0, s: int = 0, c: int = 0, g: int = 0) -> Cubes:
    return (f, w, s, c, g)


class ExchangeRate(NamedTuple):
    """One alternative of an exchange building (Bank, Church, Tailor, Jeweller)."""

    pay_deniers: int = 0
    pay: Cubes = cubes()
    gain_deniers: int = 0
    gain: Cubes = cubes()
    pp: int = 0

    @property
    def paid(self) -> int:
        """How much the alternative takes (deniers, or cubes): it names the alternative."""
        return self.pay_deniers or sum(self.pay)


class Building(NamedTuple):
    """One building tile.

    ``effect`` names what a worker does there (phase 5); its numbers are in the columns that
    effect reads:

    - ``produce``: ``gains``, the alternative gains; a single one is mandatory.
    - ``sell``: ``price``, the deniers for one cube of any type, gold included.
    - ``buy``: ``most`` cubes at ``price`` deniers each; never gold.
    - ``build``: ``builds``, the kind of tile built (wood, stone, prestige).
    - ``exchange``: ``exchanges``, its alternatives.
    - ``alchemist``: ``alchemy``, alternatives ``(non-gold cubes paid, gold gained)``.
    - ``lawyer``: turn a building into a residence.

    ``bonus`` lists the cube types the owner chooses one from when another player uses it.
    ``any`` counts cost cubes of any type (gold included, the white cube).

    What people read: ``name`` and ``fr`` (with its article ``article``: "le", "la", "l'"),
    and what a worker there does, ``text`` and ``text_fr`` (its points, favours and income when
    built are said from the columns above).
    """

    key: str
    name: str
    fr: str
    kind: str
    cost: Cubes = cubes()
    any: int = 0
    pp: int = 0
    favours: int = 0
    income: int = 0
    effect: str = ""
    gains: tuple[Cubes, ...] = ()
    price: int = 0
    most: int = 0
    builds: str = ""
    exchanges: tuple[ExchangeRate, ...] = ()
    alchemy: tuple[tuple[int, int], ...] = ()
    bonus: tuple[int, ...] = ()
    article: str = "le"
    text: str = ""
    text_fr: str = ""


class Thing(NamedTuple):
    """Something else of the board that people read about (a special building, the castle and
    its sections, a favour track, a cube, a piece), with its words as ``Building`` has them."""

    key: str
    name: str
    fr: str
    article: str
    text: str
    text_fr: str
    #: the English preposition for a worker there ("at the Gate", "in the Stables")
    at: str = "at"


_AT_FR: Final = {"le": "au ", "la": "à la ", "l'": "à l'", "les": "aux "}


def french_the(name: str, article: str) -> str:
    """"la Scierie", "l'Atelier", "les Écuries"."""
    return name if not article else f"{article}{name}" if article == "l'" else f"{article} {name}"


def french_at(name: str, article: str) -> str:
    """"à la Porte", "au Comptoir", "à l'Auberge", "aux Écuries"."""
    return _AT_FR[article] + name


_CARPENTER: Final = ("Build 1 wood building.", "Construisez 1 bâtiment de bois.")
_PRESTIGE: Final = ("A prestige building: built on one of your residences, it takes no worker.",
             "Bâtiment de prestige : construit sur l'une de vos résidences, il ne reçoit pas "
             "d'ouvrier.")
_ARCHITECT: Final = ("Build 1 prestige building on one of your residences, paying its cost.",
              "Construisez 1 bâtiment de prestige sur l'une de vos résidences, en payant son "
              "coût.")

CATALOGUE: Final[tuple[Building, ...]] = (
    # §3.3 neutral tiles (shuffled onto R1–R6)
    Building("n-farm", "Farm", "Ferme", NEUTRAL, effect="produce",
             gains=(cubes(f=1), cubes(c=1)), article="la",
             text="Take 1 food or 1 cloth.", text_fr="Prenez 1 nourriture ou 1 tissu."),
    Building("n-forest", "Forest", "Forêt", NEUTRAL, effect="produce",
             gains=(cubes(w=1), cubes(f=1)), article="la",
             text="Take 1 wood or 1 food.", text_fr="Prenez 1 bois ou 1 nourriture."),
    Building("n-sawmill", "Sawmill", "Scierie", NEUTRAL, effect="produce", gains=(cubes(w=1),),
             article="la", text="Take 1 wood.", text_fr="Prenez 1 bois."),
    Building("n-quarry", "Quarry", "Carrière", NEUTRAL, effect="produce", gains=(cubes(s=1),),
             article="la", text="Take 1 stone.", text_fr="Prenez 1 pierre."),
    Building("n-market", "Marketplace", "Marché", NEUTRAL, effect="sell", price=4,
             text="Sell 1 cube of any type, gold too, for 4 deniers.",
             text_fr="Vendez 1 cube de n'importe quel type, or compris, pour 4 deniers."),
    Building("n-carpenter", "Carpenter", "Charpentier", NEUTRAL, effect="build", builds=WOOD_B,
             text=_CARPENTER[0], text_fr=_CARPENTER[1]),
    # §3.2 fixed buildings printed on the board (R7, R8, R16)
    Building("f-peddler", "Peddler", "Colporteur", FIXED, effect="buy", most=1, price=2,
             text="Pay 2 deniers for 1 cube of your choice (not gold).",
             text_fr="Payez 2 deniers pour 1 cube au choix (pas d'or)."),
    Building("f-carpenter", "Carpenter", "Charpentier", FIXED, effect="build", builds=WOOD_B,
             text=_CARPENTER[0], text_fr=_CARPENTER[1]),
    Building("f-goldmine", "Gold Mine", "Mine d'or", FIXED, effect="produce", gains=(cubes(g=1),),
             article="la", text="Take 1 gold.", text_fr="Prenez 1 or."),
    # §3.4 wood tiles
    Building("w-farm-food", "Food Farm", "Ferme à nourriture", WOOD_B, cubes(f=1, w=1), pp=2,
             effect="produce", gains=(cubes(f=2), cubes(c=1)), article="la",
             text="Take 2 food or 1 cloth.", text_fr="Prenez 2 nourriture ou 1 tissu."),
    Building("w-farm-cloth", "Cloth Farm", "Ferme à tissu", WOOD_B, cubes(f=1, w=1), pp=2,
             effect="produce", gains=(cubes(c=2), cubes(f=1)), article="la",
             text="Take 2 cloth or 1 food.", text_fr="Prenez 2 tissus ou 1 nourriture."),
    Building("w-sawmill", "Sawmill", "Scierie", WOOD_B, cubes(f=1, w=1), pp=2,
             effect="produce", gains=(cubes(w=2),), article="la",
             text="Take 2 wood.", text_fr="Prenez 2 bois."),
    Building("w-quarry", "Quarry", "Carrière", WOOD_B, cubes(f=1, w=1), pp=2,
             effect="produce", gains=(cubes(s=2),), article="la",
             text="Take 2 stone.", text_fr="Prenez 2 pierres."),
    Building("w-market", "Marketplace", "Marché", WOOD_B, cubes(w=1), any=1, pp=4,
             effect="sell", price=6,
             text="Sell 1 cube of any type, gold too, for 6 deniers.",
             text_fr="Vendez 1 cube de n'importe quel type, or compris, pour 6 deniers."),
    Building("w-peddler", "Peddler", "Colporteur", WOOD_B, cubes(w=1), any=1, pp=4,
             effect="buy", most=2, price=1,
             text="Pay 1 denier for 1 cube, or 2 deniers for 2 cubes, of your choice (not gold).",
             text_fr="Payez 1 denier pour 1 cube, ou 2 deniers pour 2 cubes, au choix (pas "
                     "d'or)."),
    Building("w-mason", "Mason", "Maçon", WOOD_B, cubes(f=1, w=1), pp=4,
             effect="build", builds=STONE_B,
             text="Build 1 stone building.", text_fr="Construisez 1 bâtiment de pierre."),
    Building("w-lawyer", "Lawyer", "Notaire", WOOD_B, cubes(w=1, c=1), pp=4, effect="lawyer",
             text="Pay 1 denier and 1 cloth to turn a neutral building, or one of your own wood "
                  "or stone buildings, into a residence.",
             text_fr="Payez 1 denier et 1 tissu pour transformer un bâtiment neutre, ou l'un de "
                     "vos bâtiments de bois ou de pierre, en résidence."),
    # §3.5 stone tiles
    Building("s-farm", "Stone Farm", "Ferme de pierre", STONE_B, cubes(f=1, s=1), pp=3,
             effect="produce", gains=(cubes(f=2, c=1),), bonus=(FOOD, CLOTH), article="la",
             text="Take 2 food and 1 cloth. When another player uses it, its owner takes 1 food "
                  "or 1 cloth.",
             text_fr="Prenez 2 nourriture et 1 tissu. Quand un autre joueur l'utilise, son "
                     "propriétaire prend 1 nourriture ou 1 tissu."),
    Building("s-park", "Park", "Parc", STONE_B, cubes(f=1, s=1), pp=3,
             effect="produce", gains=(cubes(w=2, f=1),), bonus=(WOOD, FOOD),
             text="Take 2 wood and 1 food. When another player uses it, its owner takes 1 wood "
                  "or 1 food.",
             text_fr="Prenez 2 bois et 1 nourriture. Quand un autre joueur l'utilise, son "
                     "propriétaire prend 1 bois ou 1 nourriture."),
    Building("s-workshop", "Workshop", "Atelier", STONE_B, cubes(f=1, s=1), pp=3,
             effect="produce", gains=(cubes(s=2, c=1),), bonus=(STONE, CLOTH), article="l'",
             text="Take 2 stone and 1 cloth. When another player uses it, its owner takes 1 "
                  "stone or 1 cloth.",
             text_fr="Prenez 2 pierres et 1 tissu. Quand un autre joueur l'utilise, son "
                     "propriétaire prend 1 pierre ou 1 tissu."),
    Building("s-architect", "Architect", "Architecte", STONE_B, cubes(f=1, s=1), pp=6,
             effect="build", builds=PRESTIGE, article="l'",
             text=_ARCHITECT[0], text_fr=_ARCHITECT[1]),
    Building("s-architect-2", "Architect", "Architecte", STONE_B, cubes(f=1, s=1), pp=6,
             effect="build", builds=PRESTIGE, article="l'",
             text=_ARCHITECT[0], text_fr=_ARCHITECT[1]),
    Building("s-bank", "Bank", "Banque", STONE_B, cubes(w=1, s=1), pp=6, effect="exchange",
             exchanges=(ExchangeRate(pay_deniers=2, gain=cubes(g=1)),
                        ExchangeRate(pay_deniers=5, gain=cubes(g=2))), article="la",
             text="Pay 2 deniers for 1 gold, or 5 deniers for 2 gold.",
             text_fr="Payez 2 deniers pour 1 or, ou 5 deniers pour 2 or."),
    Building("s-alchemist", "Alchemist", "Alchimiste", STONE_B, cubes(f=1, s=1), pp=6,
             effect="alchemist", alchemy=((2, 1), (4, 2)), article="l'",
             text="Pay 2 cubes for 1 gold, or 4 cubes for 2 gold (cubes of any type but gold).",
             text_fr="Payez 2 cubes pour 1 or, ou 4 cubes pour 2 or (cubes de tout type sauf "
                     "l'or)."),
    Building("s-church", "Church", "Église", STONE_B, cubes(s=1, c=1), pp=3, favours=1,
             effect="exchange",
             exchanges=(ExchangeRate(pay_deniers=2, pp=3), ExchangeRate(pay_deniers=4, pp=5)),
             article="l'",
             text="Pay 2 deniers for 3 PP, or 4 deniers for 5 PP.",
             text_fr="Payez 2 deniers pour 3 PP, ou 4 deniers pour 5 PP."),
    Building("s-tailor", "Tailor", "Tailleur", STONE_B, cubes(w=1, s=1), pp=6, effect="exchange",
             exchanges=(ExchangeRate(pay=cubes(c=2), pp=4), ExchangeRate(pay=cubes(c=3), pp=6)),
             text="Pay 2 cloth for 4 PP, or 3 cloth for 6 PP.",
             text_fr="Payez 2 tissus pour 4 PP, ou 3 tissus pour 6 PP."),
    Building("s-jeweller", "Jeweller", "Joaillier", STONE_B, cubes(s=1, c=1), pp=6,
             effect="exchange",
             exchanges=(ExchangeRate(pay=cubes(g=1), pp=5), ExchangeRate(pay=cubes(g=2), pp=9)),
             text="Pay 1 gold for 5 PP, or 2 gold for 9 PP.",
             text_fr="Payez 1 or pour 5 PP, ou 2 or pour 9 PP."),
    # §3.6 prestige tiles (built on one of the builder's residences)
    Building("p-statue", "Statue", "Statue", PRESTIGE, cubes(s=2, g=1), pp=7, favours=1,
             article="la", text=_PRESTIGE[0], text_fr=_PRESTIGE[1]),
    Building("p-granary", "Granary", "Grenier", PRESTIGE, cubes(f=3, g=1), pp=10,
             text=_PRESTIGE[0], text_fr=_PRESTIGE[1]),
    Building("p-library", "Library", "Bibliothèque", PRESTIGE, cubes(w=3, g=1), pp=10, income=1,
             article="la", text=_PRESTIGE[0], text_fr=_PRESTIGE[1]),
    Building("p-weaver", "Weaver", "Tisserand", PRESTIGE, cubes(c=3, g=1), pp=12,
             text=_PRESTIGE[0], text_fr=_PRESTIGE[1]),
    Building("p-theater", "Theater", "Théâtre", PRESTIGE, cubes(w=3, g=2), pp=14, favours=1,
             text=_PRESTIGE[0], text_fr=_PRESTIGE[1]),
    Building("p-college", "College", "Université", PRESTIGE, cubes(s=3, g=2), pp=14, favours=1,
             article="l'", text=_PRESTIGE[0], text_fr=_PRESTIGE[1]),
    Building("p-monument", "Monument", "Monument", PRESTIGE, cubes(s=4, g=2), pp=14, favours=2,
             text=_PRESTIGE[0], text_fr=_PRESTIGE[1]),
    Building("p-hotel", "Hotel", "Hôtel", PRESTIGE, cubes(s=3, g=2), pp=16, income=2,
             article="l'", text=_PRESTIGE[0], text_fr=_PRESTIGE[1]),
    Building("p-cathedral", "Cathedral", "Cathédrale", PRESTIGE, cubes(s=5, g=3), pp=25,
             article="la", text=_PRESTIGE[0], text_fr=_PRESTIGE[1]),
    # §3.7 residence (unlimited; made by the Lawyer or the favour track)
    Building("residence", "Residence", "Résidence", RESIDENCE, pp=2, income=1, article="la",
             text="Made by the Lawyer or the buildings track on a neutral building or one of "
                  "your own; it takes no worker, and an Architect may build on it.",
             text_fr="Faite par le Notaire ou la piste des bâtiments sur un bâtiment neutre ou "
                     "l'un des vôtres ; elle ne reçoit pas d'ouvrier, et un Architecte peut "
                     "bâtir dessus."),
)

INDEX: Final[dict[str, int]] = {b.key: i for i, b in enumerate(CATALOGUE)}
NEUTRAL_TILES: Final = tuple(i for i, b in enumerate(CATALOGUE) if b.kind == NEUTRAL)
FIXED_AT: Final = {6: INDEX["f-peddler"], 7: INDEX["f-carpenter"], 15: INDEX["f-goldmine"]}
RESIDENCE_ID: Final = INDEX["residence"]
LAWYER_ID: Final = INDEX["w-lawyer"]
JEWELLER_ID: Final = INDEX["s-jeweller"]
SECOND_ARCHITECT_ID: Final = INDEX["s-architect-2"]
WORKABLE: Final = tuple(b.kind in WORKABLE_KINDS for b in CATALOGUE)
#: tiles a player may build (each unique); residences are unlimited and never in the supply
BUILDABLE: Final = tuple(i for i, b in enumerate(CATALOGUE) if b.kind in (WOOD_B, STONE_B, PRESTIGE))

#: Lawyer tile PP by printing (§7.3 point 12): first printing 4, later printings 3
LAWYER_POINTS: Final = (4, 3)

# -- the catalogue by column, indexed by tile (what the rules read on the hot path) -------------

KEYS: Final = tuple(b.key for b in CATALOGUE)
NAMES: Final = tuple(b.name for b in CATALOGUE)
KINDS: Final = tuple(b.kind for b in CATALOGUE)
COSTS: Final = tuple(b.cost for b in CATALOGUE)
ANY: Final = tuple(b.any for b in CATALOGUE)
EFFECT: Final = tuple(b.effect for b in CATALOGUE)
GAINS: Final = tuple(b.gains for b in CATALOGUE)
PRICE: Final = tuple(b.price for b in CATALOGUE)
MOST: Final = tuple(b.most for b in CATALOGUE)
BUILDS: Final = tuple(b.builds for b in CATALOGUE)
EXCHANGES: Final = tuple(b.exchanges for b in CATALOGUE)
ALCHEMY: Final = tuple(b.alchemy for b in CATALOGUE)
BONUS: Final = tuple(b.bonus for b in CATALOGUE)
TILE_FAVOURS: Final = tuple(b.favours for b in CATALOGUE)
TILE_INCOME: Final = tuple(b.income for b in CATALOGUE)

# -- the road (§1.4) ----------------------------------------------------------------------------

ROAD: Final = 28  # R1..R28 are indexes 0..27
NEUTRAL_SPACES: Final = range(6)  # R1–R6
SITES: Final = tuple(range(8, 15)) + tuple(range(16, 28))  # R9–R15, R17–R28: the 19 building sites
START: Final = 5  # bailiff and provost start on R6
LAST: Final = ROAD - 1  # the provost can go no further than R28

# -- special buildings (§3.1), in resolution order ----------------------------------------------

SPECIALS: Final = (
    Thing("gate", "Gate", "Porte", "la",
          "In phase 3, move this worker, free, to any free space: a road building, a special "
          "building or the castle.",
          "En phase 3, déplacez gratuitement cet ouvrier vers n'importe quelle place libre : un "
          "bâtiment de la route, un bâtiment spécial ou le château."),
    Thing("trading-post", "Trading Post", "Comptoir", "le",
          "Take 3 deniers.", "Prenez 3 deniers."),
    Thing("guild", "Merchants' Guild", "Guilde des marchands", "la",
          "Move the provost up to 3 spaces forward or back, free.",
          "Déplacez gratuitement le prévôt de 3 cases au plus, vers l'avant ou vers l'arrière."),
    Thing("joust", "Joust Field", "Champ de joute", "le",
          "Pay 1 denier and 1 cloth for a royal favour.",
          "Payez 1 denier et 1 tissu pour une faveur royale.", at="on"),
    Thing("stables", "Stables", "Écuries", "les",
          "Up to 3 workers, one per player: they move to the head of the turn order, in the "
          "order they came. Not used with 2 players.",
          "Jusqu'à 3 ouvriers, un par joueur : ils passent en tête de l'ordre du tour, dans "
          "l'ordre de leur arrivée. Pas utilisées à 2 joueurs.", at="in"),
    Thing("inn", "Inn", "Auberge", "l'",
          "The worker moves to the right-hand room and may stay there turn after turn: while it "
          "does, each of your workers costs 1 denier to place, but you have one fewer.",
          "L'ouvrier passe dans la salle de droite et peut y rester de tour en tour : tant qu'il "
          "y est, chacun de vos ouvriers coûte 1 denier à poser, mais vous en avez un de moins."),
)
GATE: Final = 0
TRADING: Final = 1
GUILD: Final = 2
JOUST: Final = 3
STABLES: Final = 4
INN: Final = 5
SPECIAL_NAMES: Final = tuple(s[1] for s in SPECIALS)
#: placement targets inside the state: 0..27 the road, 100 + k the special building k, 106 the
#: castle (actions name them by the printed road number or the building's id, ``TARGET_IDS``)
SPECIAL_TARGET: Final = 100
CASTLE_TARGET: Final = 106
#: the id of each placement target off the road
TARGET_IDS: Final = {SPECIAL_TARGET + k: s[0] for k, s in enumerate(SPECIALS)} | {CASTLE_TARGET: "castle"}
TRADING_POST_DENIERS: Final = 3
JOUST_PRICE: Final = (1, CLOTH)  # 1 denier + 1 cloth for 1 favour
GUILD_REACH: Final = 3  # the Merchants' Guild moves the provost up to 3 spaces, free
BRIBE_REACH: Final = 3  # phase 4: up to 3 spaces at 1 denier each

# -- setup (§1.2, §1.3) ------------------------------------------------------------------------
# §1.1 supply limits: cubes, houses and residences are unlimited (FAQ); deniers are treated as
# unlimited too (UNCONFIRMED: the FAQ names only cubes and houses), so no count is kept.

START_DENIERS: Final = (5, 6, 6, 7, 7)  # by turn-order position
START_DENIERS_2P: Final = (5, 5)
START_CUBES: Final = cubes(f=2, w=1)
WORKERS: Final = 6
INCOME: Final = 2  # phase 1 base income
FIRST_PASS_BONUS: Final = 1
TWO_PLAYER_LATE_COST: Final = 3  # §1.3: once the opponent has passed

# -- the castle (§4) ---------------------------------------------------------------------------

SECTIONS: Final = ("dungeon", "walls", "towers")
SECTIONS_EN: Final = ("Dungeon", "Walls", "Towers")
SECTIONS_FR: Final = ("Donjon", "Murailles", "Tours")
SECTION_SIZE: Final = (6, 10, 14)
SECTION_POINTS: Final = (5, 4, 3)
SECTION_TRIGGER: Final = (11, 17, 23)  # R12, R18, R24
SECTION_PENALTY: Final = (2, 3, 4)  # no house in the section when it is scored
#: favours by houses in the section when it is scored (index = houses, capped at the end)
SECTION_FAVOURS: Final = (
    (0, 0, 1, 1, 1, 1, 1),
    (0, 0, 1, 2, 2, 3, 3),
    (0, 0, 1, 1, 2, 2, 3),
)
EMPTY_CASTLE_PENALTY: Final = 2  # a castle worker who delivers nothing
#: the batches one may deliver: food plus two other different types (gold allowed)
BATCHES: Final = tuple(
    (FOOD, a, b) for a in (WOOD, STONE, CLOTH, GOLD) for b in (WOOD, STONE, CLOTH, GOLD) if a < b
)

CASTLE: Final = Thing(
    "castle", "Castle", "Château", "le",
    f"Deliver batches of 3 cubes of different types, one of them food: each puts one of your "
    f"houses in the section being built and scores its points. Delivering nothing costs "
    f"{EMPTY_CASTLE_PENALTY} PP; the most batches of the turn earns a royal favour.",
    f"Livrez des lots de 3 cubes de types différents, dont une nourriture : chacun place l'une "
    f"de vos maisons dans la section en construction et rapporte ses points. Ne rien livrer "
    f"coûte {EMPTY_CASTLE_PENALTY} PP ; le plus de lots du tour gagne une faveur royale.",
)


def _favour_steps(s: int) -> list[tuple[int, int]]:
    """Where section ``s``'s favours step up: (houses, favours)."""
    table = SECTION_FAVOURS[s]
    return [(houses, n) for houses, n in enumerate(table) if houses and n != table[houses - 1]]


def _section_text(s: int) -> str:
    steps = _favour_steps(s)
    favours = ", ".join(
        f"{h}{' houses' if i == 0 else ''}{' or more' if i == len(steps) - 1 else ''} earn {k}"
        f"{' royal favour' if i == 0 else ''}" for i, (h, k) in enumerate(steps))
    return (f"{SECTION_SIZE[s]} spaces, {SECTION_POINTS[s]} PP a batch. Scored when the bailiff "
            f"reaches R{SECTION_TRIGGER[s] + 1} or when it is full: no house there costs "
            f"{SECTION_PENALTY[s]} PP; {favours}.")


def _section_text_fr(s: int) -> str:
    steps = _favour_steps(s)
    favours = ", ".join(
        f"{h}{' maisons' if i == 0 else ''}{' ou plus' if i == len(steps) - 1 else ''} "
        f"{'rapportent' if i == 0 else 'en rapportent'} {k}{' faveur royale' if i == 0 else ''}"
        for i, (h, k) in enumerate(steps))
    return (f"{SECTION_SIZE[s]} places, {SECTION_POINTS[s]} PP par lot. Décompte quand le "
            f"bailli atteint R{SECTION_TRIGGER[s] + 1} ou quand la section est pleine : n'y avoir "
            f"aucune maison coûte {SECTION_PENALTY[s]} PP ; {favours}.")


SECTION_WORDS: Final = (
    Thing("dungeon", "Dungeon", "Donjon", "le", _section_text(0), _section_text_fr(0)),
    Thing("walls", "Walls", "Murailles", "les", _section_text(1), _section_text_fr(1)),
    Thing("towers", "Towers", "Tours", "les", _section_text(2), _section_text_fr(2)),
)

# -- the royal favour table (§5) ---------------------------------------------------------------

TRACKS: Final = ("prestige", "deniers", "resources", "buildings")
TRACKS_FR: Final = ("prestige", "deniers", "ressources", "bâtiments")
PRESTIGE_T: Final = 0
DENIERS_T: Final = 1
RESOURCES_T: Final = 2
BUILDINGS_T: Final = 3
#: the highest open column, by number of sections scored: 1–2, then 3–4, then 5
UNLOCKED: Final = (2, 4, 5, 5)
FAVOUR_PP: Final = (0, 1, 2, 3, 4, 5)
FAVOUR_DENIERS: Final = (0, 3, 4, 5, 6, 7)
#: resources track, per column: the cubes one may take one of (column 4 is the trade)
FAVOUR_RESOURCES: Final[dict[int, tuple[str, ...]]] = {
    1: ("food",),
    2: ("wood", "stone"),
    3: ("cloth",),
    5: ("gold",),
}
TRADE_COLUMN: Final = 4  # give 1 cube (any, gold included) for 2 cubes of your choice (no gold)
NO_CUBE: Final = -1
#: buildings track, per column: (effect name, kind built or "", discounted cube type or NO_CUBE)
FAVOUR_BUILDINGS: Final[dict[int, tuple[str, str, int]]] = {
    1: ("nothing", "", NO_CUBE),
    2: ("carpenter", WOOD_B, WOOD),
    3: ("mason", STONE_B, STONE),
    4: ("lawyer", RESIDENCE, NO_CUBE),
    5: ("architect", PRESTIGE, NO_CUBE),
}
SIMPLE_FAVOUR_PP: Final = 3  # beginners' variant: each favour is 3 PP

_TRACK_TEXT: Final = (
    "Each favour taken on a track moves its marker one column right, as far as the open columns "
    "allow (1–2 at first, 3–4 once the Dungeon is scored, 5 once the Walls are), then gives the "
    "effect of one column up to the marker. One favour per track in each phase.",
    "Chaque faveur prise sur une piste avance son marqueur d'une colonne, autant que les colonnes "
    "ouvertes le permettent (1–2 au début, 3–4 une fois le Donjon décompté, 5 une fois les "
    "Murailles décomptées), puis donne l'effet d'une colonne jusqu'au marqueur. Une faveur par "
    "piste et par phase.",
)
TRACK_WORDS: Final = (
    Thing("prestige", "Prestige", "Prestige", "le", *_TRACK_TEXT),
    Thing("deniers", "Deniers", "Deniers", "les", *_TRACK_TEXT),
    Thing("resources", "Resources", "Ressources", "les", *_TRACK_TEXT),
    Thing("buildings", "Buildings", "Bâtiments", "les", *_TRACK_TEXT),
)


class FavourWords(NamedTuple):
    """One cell of the favour table in words: a short ``name`` (what the cell gives) and what it
    does, in English and French."""

    name: str
    fr: str
    text: str
    text_fr: str


#: each cell of the favour table as the catalogue names it, by track, by column - 1
FAVOUR_IDS: Final = tuple(tuple(f"favour-{track}-{column}" for column in range(1, 6)) for track in TRACKS)
#: by track, by column - 1
FAVOUR_WORDS: Final[tuple[tuple[FavourWords, ...], ...]] = (
    tuple(FavourWords(f"{pp} PP", f"{pp} PP", f"Take {pp} PP.", f"Prenez {pp} PP.")
          for pp in FAVOUR_PP[1:]),
    tuple(FavourWords(f"{n} deniers", f"{n} deniers", f"Take {n} deniers.", f"Prenez {n} deniers.")
          for n in FAVOUR_DENIERS[1:]),
    (
        FavourWords("1 food", "1 nourriture", "Take 1 food.", "Prenez 1 nourriture."),
        FavourWords("1 wood or 1 stone", "1 bois ou 1 pierre", "Take 1 wood or 1 stone.",
                    "Prenez 1 bois ou 1 pierre."),
        FavourWords("1 cloth", "1 tissu", "Take 1 cloth.", "Prenez 1 tissu."),
        FavourWords("Trade 1 cube for 2", "Échanger 1 cube contre 2",
                    "Give 1 cube of any type, gold too, for 2 cubes of your choice (not gold).",
                    "Donnez 1 cube de n'importe quel type, or compris, contre 2 cubes au choix "
                    "(pas d'or)."),
        FavourWords("1 gold", "1 or", "Take 1 gold.", "Prenez 1 or."),
    ),
    (
        FavourWords("No effect", "Aucun effet", "No effect: the marker just moves on.",
                    "Aucun effet : le marqueur avance seulement."),
        FavourWords("Wood building, 1 wood less", "Bâtiment de bois, 1 bois de moins",
                    "Build 1 wood building, as a Carpenter, paying 1 wood less.",
                    "Construisez 1 bâtiment de bois, comme le Charpentier, pour 1 bois de moins."),
        FavourWords("Stone building, 1 stone less", "Bâtiment de pierre, 1 pierre de moins",
                    "Build 1 stone building, as a Mason, paying 1 stone less.",
                    "Construisez 1 bâtiment de pierre, comme le Maçon, pour 1 pierre de moins."),
        FavourWords("Residence for 1 cloth", "Résidence pour 1 tissu",
                    "Turn a building into a residence, as the Lawyer, for 1 cloth and no denier.",
                    "Transformez un bâtiment en résidence, comme le Notaire, pour 1 tissu et sans "
                    "denier."),
        FavourWords("Prestige building", "Bâtiment de prestige",
                    "Build 1 prestige building on one of your residences, as an Architect, at "
                    "full cost.",
                    "Construisez 1 bâtiment de prestige sur l'une de vos résidences, comme "
                    "l'Architecte, au prix normal."),
    ),
)

# -- residences (§3.7) -------------------------------------------------------------------------

RESIDENCE_DENIERS: Final = 1
RESIDENCE_CLOTH: Final = 1

# -- final scoring (§6) ------------------------------------------------------------------------

GOLD_PP: Final = 3
CUBES_PER_PP: Final = 3
DENIERS_PER_PP: Final = 4

# -- what people read about the other things of the game (the catalogue) -------------------------

CUBE_WORDS: Final = (
    Thing("food", "Food", "Nourriture", "la",
          "A resource, from the farms and the Forest; every castle batch needs one.",
          "Une ressource, des fermes et de la Forêt ; chaque lot du château en demande une."),
    Thing("wood", "Wood", "Bois", "le",
          "A resource, from the Forest and the sawmills; wood buildings cost it.",
          "Une ressource, de la Forêt et des scieries ; les bâtiments de bois en coûtent."),
    Thing("stone", "Stone", "Pierre", "la",
          "A resource, from the quarries; stone and prestige buildings cost it.",
          "Une ressource, des carrières ; les bâtiments de pierre et de prestige en coûtent."),
    Thing("cloth", "Cloth", "Tissu", "le",
          "A resource, from the farms; the Lawyer, the Joust Field and the Tailor take it.",
          "Une ressource, des fermes ; le Notaire, le Champ de joute et le Tailleur en "
          "prennent."),
    Thing("gold", "Gold", "Or", "l'",
          f"The rarest resource: prestige buildings need it, and each left at the end is worth "
          f"{GOLD_PP} PP.",
          f"La ressource la plus rare : les bâtiments de prestige en demandent, et chacune "
          f"restante à la fin vaut {GOLD_PP} PP."),
)

PIECES: Final = (
    Thing("provost", "Provost", "Prévôt", "le",
          "Only the road buildings up to the provost work this turn. Players who passed may pay "
          f"1 denier a space to move it up to {BRIBE_REACH} spaces; the Merchants' Guild moves "
          "it free.",
          "Seuls les bâtiments de la route jusqu'au prévôt fonctionnent ce tour. Les joueurs qui "
          f"ont passé peuvent payer 1 denier par case pour le déplacer de {BRIBE_REACH} cases au "
          "plus ; la Guilde des marchands le déplace gratuitement."),
    Thing("bailiff", "Bailiff", "Bailli", "le",
          "Moves on at the end of each turn, 2 spaces if the provost is ahead of it, else 1. "
          "When it reaches "
          + ", ".join(f"R{t + 1}" for t in SECTION_TRIGGER)
          + " the castle's Dungeon, Walls and Towers are scored.",
          "Avance à la fin de chaque tour, de 2 cases si le prévôt est devant lui, sinon de 1. "
          "Quand il atteint "
          + ", ".join(f"R{t + 1}" for t in SECTION_TRIGGER)
          + ", le Donjon, les Murailles puis les Tours du château sont décomptés."),
    Thing("bridge", "Bridge", "Pont", "le",
          f"Where players go when they pass, in passing order. The first to pass takes "
          f"{FIRST_PASS_BONUS} denier; each pass makes placing a worker cost 1 denier more.",
          f"Là où vont les joueurs qui passent, dans l'ordre. Le premier qui passe prend "
          f"{FIRST_PASS_BONUS} denier ; chaque passe fait coûter 1 denier de plus la pose d'un "
          f"ouvrier."),
    Thing("worker", "Worker", "Ouvrier", "l'",
          f"Each player has {WORKERS}. Placed one at a time on buildings, the castle or the "
          f"special buildings, they work in the order of the road.",
          f"Chaque joueur en a {WORKERS}. Posés un par un sur les bâtiments, le château ou les "
          f"bâtiments spéciaux, ils travaillent dans l'ordre de la route."),
    Thing("house", "House", "Maison", "la",
          "Marks the owner of a building on the road (each other player's worker placed there "
          "gives its owner 1 PP), or a batch delivered to the castle.",
          "Marque le propriétaire d'un bâtiment de la route (chaque ouvrier d'un autre joueur "
          "posé dessus lui rapporte 1 PP), ou un lot livré au château."),
    Thing("road", "Road", "Route", "la",
          f"R1 to R{ROAD}: neutral buildings first, then the fixed ones and the sites where new "
          f"buildings go, in order. At the end of each turn the buildings with a worker work, from "
          f"R1 up to the provost.",
          f"De R1 à R{ROAD} : les bâtiments neutres d'abord, puis les fixes et les terrains où "
          f"vont les nouveaux bâtiments, dans l'ordre. À chaque tour, les bâtiments occupés "
          f"fonctionnent, de R1 jusqu'au prévôt."),
    Thing("site", "Building site", "Terrain", "le",
          "An empty space of the road: the next building built goes on the first free site.",
          "Une place vide de la route : le prochain bâtiment construit va sur le premier terrain "
          "libre."),
    Thing("supply", "Buildings to build", "Bâtiments à construire", "les",
          "The wood, stone and prestige buildings not built yet, one of each. A Carpenter "
          "builds wood ones, a Mason stone ones, an Architect prestige ones on a residence.",
          "Les bâtiments de bois, de pierre et de prestige pas encore construits, un de chaque. "
          "Le Charpentier construit ceux de bois, le Maçon ceux de pierre, l'Architecte ceux de "
          "prestige sur une résidence."),
    Thing("favours", "Royal favours", "Faveurs royales", "les",
          "Four tracks of five columns. A favour (the castle, the Joust Field, some buildings) "
          "moves your marker on one track and gives that column's effect or one to its left.",
          "Quatre pistes de cinq colonnes. Une faveur (le château, le Champ de joute, certains "
          "bâtiments) avance votre marqueur sur une piste et donne l'effet de sa colonne ou "
          "d'une colonne à sa gauche."),
    Thing("denier", "Denier", "Denier", "le",
          f"Money: pays for workers, the provost and some buildings. Each {DENIERS_PER_PP} left "
          f"at the end are worth 1 PP.",
          f"L'argent : il paie les ouvriers, le prévôt et certains bâtiments. Chaque tranche de "
          f"{DENIERS_PER_PP} restante à la fin vaut 1 PP."),
)

# -- score categories (``Result.breakdown``) ---------------------------------------------------

POINTS_BUILDINGS: Final = 0
POINTS_VISITORS: Final = 1
POINTS_CASTLE: Final = 2
POINTS_PENALTIES: Final = 3
POINTS_FAVOURS: Final = 4
POINTS_EXCHANGES: Final = 5
POINTS_GOLD: Final = 6
POINTS_CUBES: Final = 7
POINTS_DENIERS: Final = 8
_BUYS_PRESTIGE: Final = tuple(b for b in CATALOGUE if any(rate.pp for rate in b.exchanges))
#: id, English name, French name, in the order the state keeps them
SCORE_CATEGORIES: Final = (
    ("buildings", "Buildings built", "Bâtiments construits"),
    ("visitors", "Workers on your buildings", "Ouvriers sur vos bâtiments"),
    ("castle", "Castle batches", "Lots livrés au château"),
    ("penalties", "Castle penalties", "Pénalités du château"),
    ("favours", "Royal favours", "Faveurs royales"),
    ("exchanges", ", ".join(b.name for b in _BUYS_PRESTIGE), ", ".join(b.fr for b in _BUYS_PRESTIGE)),
    ("gold", f"Gold left ({GOLD_PP} PP each)", f"Or restant ({GOLD_PP} PP chacun)"),
    ("cubes", f"Cubes left (1 PP per {CUBES_PER_PP})", f"Cubes restants (1 PP pour {CUBES_PER_PP})"),
    ("deniers", f"Deniers left (1 PP per {DENIERS_PER_PP})",
     f"Deniers restants (1 PP pour {DENIERS_PER_PP})"),
)
CATEGORY_COUNT: Final = len(SCORE_CATEGORIES)

#: the phases of a turn in which players decide (§2; the income of phase 1 is paid by itself),
#: by the view's ``phase``: catalogue id, English, French and what happens
PHASE_WORDS: Final = {
    "placement": Thing(
        "phase-placement", "Workers", "Ouvriers", "les",
        "In turn order, each player places one worker, paying the bridge's price (1 denier on "
        "their own buildings), or passes; the first to pass takes 1 denier.",
        "Dans l'ordre du tour, chacun pose un ouvrier, au prix indiqué par le pont (1 denier sur "
        "ses propres bâtiments), ou passe ; le premier qui passe prend 1 denier."),
    "special buildings": Thing(
        "phase-special-buildings", "Special buildings", "Bâtiments spéciaux", "les",
        "The special buildings work in order: Gate, Trading Post, Merchants' Guild, Joust Field, "
        "Stables, Inn.",
        "Les bâtiments spéciaux fonctionnent dans l'ordre : Porte, Comptoir, Guilde des "
        "marchands, Champ de joute, Écuries, Auberge."),
    "provost": Thing(
        "phase-provost", "Provost", "Prévôt", "le",
        f"In passing order, players who passed may pay 1 denier a space to move the provost up "
        f"to {BRIBE_REACH} spaces, forward or back.",
        f"Dans l'ordre où ils ont passé, les joueurs peuvent payer 1 denier par case pour "
        f"déplacer le prévôt de {BRIBE_REACH} cases au plus, vers l'avant ou l'arrière."),
    "activation": Thing(
        "phase-activation", "Road", "Route", "la",
        "The road works from R1 up to the provost: each building with a worker gives its effect; "
        "workers beyond the provost do nothing.",
        "La route fonctionne de R1 jusqu'au prévôt : chaque bâtiment occupé donne son effet ; "
        "les ouvriers au-delà du prévôt ne font rien."),
    "castle": Thing(
        "phase-castle", "Castle", "Château", "le",
        "In arrival order, castle workers deliver batches; the most batches of the turn earns a "
        "royal favour.",
        "Dans l'ordre d'arrivée, les ouvriers du château livrent des lots ; le plus de lots du "
        "tour gagne une faveur royale."),
    "end of turn": Thing(
        "phase-end-of-turn", "End of turn", "Fin du tour", "la",
        "The bailiff moves on, 2 spaces if the provost is ahead of it, else 1, and the provost "
        "joins it; a castle section may be scored.",
        "Le bailli avance, de 2 cases si le prévôt est devant lui, sinon de 1, et le prévôt le "
        "rejoint ; une section du château peut être décomptée."),
}
TURN: Final = Thing(
    "turn", "Turn", "Tour", "le",
    f"Each turn: income (2 deniers, and more for residences), workers, special buildings, "
    f"provost, road, castle, end of turn. The game ends once the Towers are scored, at the "
    f"latest when the bailiff reaches R{SECTION_TRIGGER[2] + 1}.",
    f"Chaque tour : revenus (2 deniers, et plus grâce aux résidences), ouvriers, bâtiments "
    f"spéciaux, prévôt, route, château, fin du tour. La partie s'arrête une fois les Tours "
    f"décomptées, au plus tard quand le bailli atteint R{SECTION_TRIGGER[2] + 1}.",
)
