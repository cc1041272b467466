"""Caylus data: cubes, the building catalogue, the road, the castle and the favour table.

Everything here is a table (rules reference §1.4, §3, §4, §5, §9). The rules modules read
these tables and never name a building in an ``if``.
"""

from __future__ import annotations

from typing import NamedTuple

# -- cubes (§0) ---------------------------------------------------------------------------------

FOOD, WOOD, STONE, CLOTH, GOLD = range(5)
CUBES = ("food", "wood", "stone", "cloth", "gold")
CUBES_FR = ("nourriture", "bois", "pierre", "tissu", "or")
NON_GOLD = (FOOD, WOOD, STONE, CLOTH)

# -- building kinds -----------------------------------------------------------------------------

NEUTRAL, FIXED, WOOD_B, STONE_B, PRESTIGE, RESIDENCE = (
    "neutral", "fixed", "wood", "stone", "prestige", "residence",
)
#: kinds a worker may be placed on (§2 phase 2, legal targets)
WORKABLE_KINDS = (NEUTRAL, FIXED, WOOD_B, STONE_B)


def cubes(f: int = 0, w: int = 0, s: int = 0, c: int = 0, g: int = 0) -> tuple[int, ...]:
    return (f, w, s, c, g)


class Building(NamedTuple):
    """One building tile.

    ``effect`` names what a worker does there (phase 5), ``data`` its numbers:

    - ``produce``: the alternative gains (5-tuples of cubes); a single one is mandatory.
    - ``sell``: ``(deniers,)`` for one cube of any type, gold included.
    - ``buy``: ``(most cubes, deniers per cube)``; never gold.
    - ``build``: ``(kind,)`` of tile built (wood, stone, prestige).
    - ``exchange``: alternatives ``(pay deniers, pay cubes, gain deniers, gain cubes, gain PP)``.
    - ``alchemist``: alternatives ``(non-gold cubes paid, gold gained)``.
    - ``lawyer``: turn a building into a residence.

    ``bonus`` lists the cube types the owner chooses one from when another player uses it.
    ``any`` counts cost cubes of any type (gold included, the white cube).
    """

    key: str
    name: str
    fr: str
    kind: str
    cost: tuple[int, ...] = cubes()
    any: int = 0
    pp: int = 0
    favours: int = 0
    income: int = 0
    effect: str = ""
    data: tuple = ()
    bonus: tuple[int, ...] = ()


def _ex(pay_d=0, pay=cubes(), gain_d=0, gain=cubes(), pp=0):
    return (pay_d, pay, gain_d, gain, pp)


CATALOGUE: tuple[Building, ...] = (
    # §3.3 neutral tiles (shuffled onto R1–R6)
    Building("n-farm", "Farm", "Ferme", NEUTRAL, effect="produce",
             data=(cubes(f=1), cubes(c=1))),
    Building("n-forest", "Forest", "Forêt", NEUTRAL, effect="produce",
             data=(cubes(w=1), cubes(f=1))),
    Building("n-sawmill", "Sawmill", "Scierie", NEUTRAL, effect="produce", data=(cubes(w=1),)),
    Building("n-quarry", "Quarry", "Carrière", NEUTRAL, effect="produce", data=(cubes(s=1),)),
    Building("n-market", "Marketplace", "Marché", NEUTRAL, effect="sell", data=(4,)),
    Building("n-carpenter", "Carpenter", "Charpentier", NEUTRAL, effect="build", data=(WOOD_B,)),
    # §3.2 fixed buildings printed on the board (R7, R8, R16)
    Building("f-peddler", "Peddler", "Colporteur", FIXED, effect="buy", data=(1, 2)),
    Building("f-carpenter", "Carpenter", "Charpentier", FIXED, effect="build", data=(WOOD_B,)),
    Building("f-goldmine", "Gold Mine", "Mine d'or", FIXED, effect="produce", data=(cubes(g=1),)),
    # §3.4 wood tiles
    Building("w-farm-food", "Food Farm", "Ferme (nourriture)", WOOD_B, cubes(f=1, w=1), pp=2,
             effect="produce", data=(cubes(f=2), cubes(c=1))),
    Building("w-farm-cloth", "Cloth Farm", "Ferme (tissu)", WOOD_B, cubes(f=1, w=1), pp=2,
             effect="produce", data=(cubes(c=2), cubes(f=1))),
    Building("w-sawmill", "Sawmill", "Scierie", WOOD_B, cubes(f=1, w=1), pp=2,
             effect="produce", data=(cubes(w=2),)),
    Building("w-quarry", "Quarry", "Carrière", WOOD_B, cubes(f=1, w=1), pp=2,
             effect="produce", data=(cubes(s=2),)),
    Building("w-market", "Marketplace", "Marché", WOOD_B, cubes(w=1), any=1, pp=4,
             effect="sell", data=(6,)),
    Building("w-peddler", "Peddler", "Colporteur", WOOD_B, cubes(w=1), any=1, pp=4,
             effect="buy", data=(2, 1)),
    Building("w-mason", "Mason", "Maçon", WOOD_B, cubes(f=1, w=1), pp=4,
             effect="build", data=(STONE_B,)),
    Building("w-lawyer", "Lawyer", "Notaire", WOOD_B, cubes(w=1, c=1), pp=4, effect="lawyer"),
    # §3.5 stone tiles
    Building("s-farm", "Stone Farm", "Ferme de pierre", STONE_B, cubes(f=1, s=1), pp=3,
             effect="produce", data=(cubes(f=2, c=1),), bonus=(FOOD, CLOTH)),
    Building("s-park", "Park", "Parc", STONE_B, cubes(f=1, s=1), pp=3,
             effect="produce", data=(cubes(w=2, f=1),), bonus=(WOOD, FOOD)),
    Building("s-workshop", "Workshop", "Atelier", STONE_B, cubes(f=1, s=1), pp=3,
             effect="produce", data=(cubes(s=2, c=1),), bonus=(STONE, CLOTH)),
    Building("s-architect", "Architect", "Architecte", STONE_B, cubes(f=1, s=1), pp=6,
             effect="build", data=(PRESTIGE,)),
    Building("s-architect-2", "Architect", "Architecte", STONE_B, cubes(f=1, s=1), pp=6,
             effect="build", data=(PRESTIGE,)),
    Building("s-bank", "Bank", "Banque", STONE_B, cubes(w=1, s=1), pp=6, effect="exchange",
             data=(_ex(pay_d=2, gain=cubes(g=1)), _ex(pay_d=5, gain=cubes(g=2)))),
    Building("s-alchemist", "Alchemist", "Alchimiste", STONE_B, cubes(f=1, s=1), pp=6,
             effect="alchemist", data=((2, 1), (4, 2))),
    Building("s-church", "Church", "Église", STONE_B, cubes(s=1, c=1), pp=3, favours=1,
             effect="exchange", data=(_ex(pay_d=2, pp=3), _ex(pay_d=4, pp=5))),
    Building("s-tailor", "Tailor", "Tailleur", STONE_B, cubes(w=1, s=1), pp=6, effect="exchange",
             data=(_ex(pay=cubes(c=2), pp=4), _ex(pay=cubes(c=3), pp=6))),
    Building("s-jeweller", "Jeweller", "Joaillier", STONE_B, cubes(s=1, c=1), pp=6,
             effect="exchange", data=(_ex(pay=cubes(g=1), pp=5), _ex(pay=cubes(g=2), pp=9))),
    # §3.6 prestige tiles (built on one of the builder's residences)
    Building("p-statue", "Statue", "Statue", PRESTIGE, cubes(s=2, g=1), pp=7, favours=1),
    Building("p-granary", "Granary", "Grenier", PRESTIGE, cubes(f=3, g=1), pp=10),
    Building("p-library", "Library", "Bibliothèque", PRESTIGE, cubes(w=3, g=1), pp=10, income=1),
    Building("p-weaver", "Weaver", "Tisserand", PRESTIGE, cubes(c=3, g=1), pp=12),
    Building("p-theater", "Theater", "Théâtre", PRESTIGE, cubes(w=3, g=2), pp=14, favours=1),
    Building("p-college", "College", "Université", PRESTIGE, cubes(s=3, g=2), pp=14, favours=1),
    Building("p-monument", "Monument", "Monument", PRESTIGE, cubes(s=4, g=2), pp=14, favours=2),
    Building("p-hotel", "Hotel", "Hôtel", PRESTIGE, cubes(s=3, g=2), pp=16, income=2),
    Building("p-cathedral", "Cathedral", "Cathédrale", PRESTIGE, cubes(s=5, g=3), pp=25),
    # §3.7 residence (unlimited; made by the Lawyer or the favour track)
    Building("residence", "Residence", "Résidence", RESIDENCE, pp=2, income=1),
)

INDEX = {b.key: i for i, b in enumerate(CATALOGUE)}
NEUTRAL_TILES = tuple(i for i, b in enumerate(CATALOGUE) if b.kind == NEUTRAL)
FIXED_AT = {6: INDEX["f-peddler"], 7: INDEX["f-carpenter"], 15: INDEX["f-goldmine"]}
RESIDENCE_ID = INDEX["residence"]
LAWYER_ID = INDEX["w-lawyer"]
JEWELLER_ID = INDEX["s-jeweller"]
SECOND_ARCHITECT_ID = INDEX["s-architect-2"]
WORKABLE = tuple(b.kind in WORKABLE_KINDS for b in CATALOGUE)
#: tiles a player may build (each unique); residences are unlimited and never in the supply
BUILDABLE = tuple(i for i, b in enumerate(CATALOGUE) if b.kind in (WOOD_B, STONE_B, PRESTIGE))

#: Lawyer tile PP by printing (§7.3 point 12): first printing 4, later printings 3
LAWYER_POINTS = (4, 3)

# -- the catalogue by column, indexed by tile (what the rules read on the hot path) -------------

NAMES = tuple(b.name for b in CATALOGUE)
KINDS = tuple(b.kind for b in CATALOGUE)
COSTS = tuple(b.cost for b in CATALOGUE)
ANY = tuple(b.any for b in CATALOGUE)
EFFECT = tuple(b.effect for b in CATALOGUE)
DATA = tuple(b.data for b in CATALOGUE)
BONUS = tuple(b.bonus for b in CATALOGUE)
TILE_FAVOURS = tuple(b.favours for b in CATALOGUE)
TILE_INCOME = tuple(b.income for b in CATALOGUE)
#: the kind of tile a build decision is for, as a small int in a stack frame: 0 wood, 1 stone,
#: 2 prestige
KINDS_BY_CODE = (WOOD_B, STONE_B, PRESTIGE)
KIND_CODE = {WOOD_B: 0, STONE_B: 1, PRESTIGE: 2}

# -- the road (§1.4) ----------------------------------------------------------------------------

ROAD = 28  # R1..R28 are indexes 0..27
NEUTRAL_SPACES = range(6)  # R1–R6
SITES = tuple(range(8, 15)) + tuple(range(16, 28))  # R9–R15, R17–R28: the 19 building sites
START = 5  # bailiff and provost start on R6
LAST = ROAD - 1  # the provost can go no further than R28

# -- special buildings (§3.1), in resolution order ----------------------------------------------

SPECIALS = (
    ("gate", "Gate", "Porte"),
    ("trading-post", "Trading Post", "Comptoir"),
    ("guild", "Merchants' Guild", "Guilde des marchands"),
    ("joust", "Joust Field", "Champ de joute"),
    ("stables", "Stables", "Écuries"),
    ("inn", "Inn", "Auberge"),
)
GATE, TRADING, GUILD, JOUST, STABLES, INN = range(6)
SPECIAL_NAMES = tuple(s[1] for s in SPECIALS)
#: placement targets: 0..27 the road, 100 + k the special building k, 106 the castle
SPECIAL_TARGET = 100
CASTLE_TARGET = 106
TRADING_POST_DENIERS = 3
JOUST_PRICE = (1, CLOTH)  # 1 denier + 1 cloth for 1 favour
GUILD_REACH = 3  # the Merchants' Guild moves the provost up to 3 spaces, free
BRIBE_REACH = 3  # phase 4: up to 3 spaces at 1 denier each

# -- setup (§1.2, §1.3) ------------------------------------------------------------------------
# §1.1 supply limits: cubes, houses and residences are unlimited (FAQ); deniers are treated as
# unlimited too (UNCONFIRMED: the FAQ names only cubes and houses), so no count is kept.

START_DENIERS = (5, 6, 6, 7, 7)  # by turn-order position
START_DENIERS_2P = (5, 5)
START_CUBES = cubes(f=2, w=1)
WORKERS = 6
INCOME = 2  # phase 1 base income
FIRST_PASS_BONUS = 1
TWO_PLAYER_LATE_COST = 3  # §1.3: once the opponent has passed

# -- the castle (§4) ---------------------------------------------------------------------------

SECTIONS = ("dungeon", "walls", "towers")
SECTIONS_EN = ("Dungeon", "Walls", "Towers")
SECTIONS_FR = ("Donjon", "Murailles", "Tours")
SECTION_SIZE = (6, 10, 14)
SECTION_POINTS = (5, 4, 3)
SECTION_TRIGGER = (11, 17, 23)  # R12, R18, R24
SECTION_PENALTY = (2, 3, 4)  # no house in the section when it is scored
#: favours by houses in the section when it is scored (index = houses, capped at the end)
SECTION_FAVOURS = (
    (0, 0, 1, 1, 1, 1, 1),
    (0, 0, 1, 2, 2, 3, 3),
    (0, 0, 1, 1, 2, 2, 3),
)
EMPTY_CASTLE_PENALTY = 2  # a castle worker who delivers nothing
BEST_BUILDER_MIN = 1  # §2 phase 6 point 6 (UNCONFIRMED but obvious): no batch, no favour
#: the batches one may deliver: food plus two other different types (gold allowed)
BATCHES = tuple(
    (FOOD, a, b) for a in (WOOD, STONE, CLOTH, GOLD) for b in (WOOD, STONE, CLOTH, GOLD) if a < b
)

# -- the royal favour table (§5) ---------------------------------------------------------------

TRACKS = ("prestige", "deniers", "resources", "buildings")
TRACKS_FR = ("prestige", "deniers", "ressources", "bâtiments")
PRESTIGE_T, DENIERS_T, RESOURCES_T, BUILDINGS_T = range(4)
#: the highest open column, by number of sections scored: 1–2, then 3–4, then 5
UNLOCKED = (2, 4, 5, 5)
FAVOUR_PP = (0, 1, 2, 3, 4, 5)
FAVOUR_DENIERS = (0, 3, 4, 5, 6, 7)
#: resources track, per column: the gains one may take (column 4 is the trade)
FAVOUR_RESOURCES = {
    1: (("food", cubes(f=1)),),
    2: (("wood", cubes(w=1)), ("stone", cubes(s=1))),
    3: (("cloth", cubes(c=1)),),
    5: (("gold", cubes(g=1)),),
}
TRADE_COLUMN = 4  # give 1 cube (any, gold included) for 2 cubes of your choice (no gold)
#: buildings track, per column: (effect name, kind built, discounted cube type)
FAVOUR_BUILDINGS = {
    1: ("nothing", None, None),
    2: ("carpenter", WOOD_B, WOOD),
    3: ("mason", STONE_B, STONE),
    4: ("lawyer", RESIDENCE, None),
    5: ("architect", PRESTIGE, None),
}
SIMPLE_FAVOUR_PP = 3  # beginners' variant: each favour is 3 PP

# -- residences (§3.7) -------------------------------------------------------------------------

RESIDENCE_DENIERS = 1
RESIDENCE_CLOTH = 1

# -- final scoring (§6) ------------------------------------------------------------------------

GOLD_PP = 3
CUBES_PER_PP = 3
DENIERS_PER_PP = 4
