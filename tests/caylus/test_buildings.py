"""One test per building of the catalogue (rules reference §3, §9)."""

from __future__ import annotations

import pytest

from donjon.games.caylus import buildings as B
from donjon.games.caylus import construction, placement
from donjon.games.caylus.actions import P_ROAD
from donjon.games.caylus.construction import Build
from tests.caylus.helpers import ID, act, activate, bare, cubes, drive, new, put_tile, texts

# -- §3.3 neutral tiles and §3.2 fixed buildings ------------------------------------------------


@pytest.mark.parametrize(
    ("key", "choices", "pick", "gained"),
    [
        ("n-farm", ["take 1 food", "take 1 cloth"], "take 1 cloth", (0, 0, 0, 1, 0)),
        ("n-forest", ["take 1 wood", "take 1 food"], "take 1 wood", (0, 1, 0, 0, 0)),
        ("w-farm-food", ["take 2 food", "take 1 cloth"], "take 2 food", (2, 0, 0, 0, 0)),
        ("w-farm-cloth", ["take 2 cloth", "take 1 food"], "take 2 cloth", (0, 0, 0, 2, 0)),
    ],
)
def test_s3_production_with_a_choice(key, choices, pick, gained):
    """§3.3/§3.4: Farm (1F or 1C), Forest (1W or 1F), wood farms (2F or 1C / 2C or 1F);
    production is mandatory, so there is no way to decline."""
    s = bare()
    put_tile(s, 9, key, owner=1)
    activate(s, 0, 9)
    assert texts(s, 0) == choices
    act(s, pick)
    assert cubes(s, 0) == gained and s.to_move() == []


@pytest.mark.parametrize(
    ("key", "gained"),
    [
        ("n-sawmill", (0, 1, 0, 0, 0)),
        ("n-quarry", (0, 0, 1, 0, 0)),
        ("f-goldmine", (0, 0, 0, 0, 1)),
        ("w-sawmill", (0, 2, 0, 0, 0)),
        ("w-quarry", (0, 0, 2, 0, 0)),
    ],
)
def test_s3_production_without_choice_is_automatic(key, gained):
    """§3.2–§3.4 and §7.6 point 24: Sawmill +1W, Quarry +1S, Gold Mine +1G, wood Sawmill +2W,
    wood Quarry +2S — mandatory, resolved without a decision; wood tiles give no owner bonus."""
    s = bare()
    put_tile(s, 9, key, owner=1)
    activate(s, 0, 9)
    assert s.to_move() == []
    assert cubes(s, 0) == gained and cubes(s, 1) == (0, 0, 0, 0, 0)


@pytest.mark.parametrize(
    ("key", "gained", "bonus"),
    [
        ("s-farm", (2, 0, 0, 1, 0), ["bonus food", "bonus cloth"]),
        ("s-park", (1, 2, 0, 0, 0), ["bonus wood", "bonus food"]),
        ("s-workshop", (0, 0, 2, 1, 0), ["bonus stone", "bonus cloth"]),
    ],
)
def test_s3_5_stone_production_and_owner_bonus(key, gained, bonus):
    """§3.5: stone Farm +2F+1C, Park +2W+1F, Workshop +2S+1C; the owner chooses one bonus cube
    when another player uses it."""
    s = bare()
    put_tile(s, 9, key, owner=1)
    activate(s, 0, 9)
    assert cubes(s, 0) == gained
    assert s.to_move() == [1] and texts(s, 1) == bonus
    act(s, bonus[1], seat=1)
    assert sum(cubes(s, 1)) == 1 and s.cubes[1][B.CUBES.index(bonus[1].split()[1])] == 1


def test_s3_5_no_owner_bonus_on_own_stone_building():
    """§2 phase 5: no bonus when the owner uses their own stone production building."""
    s = bare()
    put_tile(s, 9, "s-park", owner=0)
    activate(s, 0, 9)
    assert s.to_move() == [] and cubes(s, 0) == (1, 2, 0, 0, 0)


@pytest.mark.parametrize(("key", "price"), [("n-market", 4), ("w-market", 6)])
def test_s3_marketplace_sells_one_cube_gold_included(key, price):
    """§3.3/§3.4, §7.6 point 20: a Marketplace sells exactly one cube, gold allowed."""
    s = bare()
    s.cubes[0] = [1, 0, 0, 0, 1]
    put_tile(s, 9, key)
    activate(s, 0, 9)
    assert texts(s, 0) == ["sell nothing", "sell food", "sell gold"]
    act(s, "sell gold")
    assert s.deniers[0] == price and cubes(s, 0) == (1, 0, 0, 0, 0) and s.to_move() == []


def test_s3_2_fixed_peddler_sells_one_cube_for_two_deniers():
    """§3.2, §7.6 point 21: the fixed Peddler: 2 deniers for one cube, never gold, one at most."""
    s = bare()
    s.deniers[0] = 5
    activate(s, 0, 6)
    assert texts(s, 0) == ["buy nothing", "buy food", "buy wood", "buy stone", "buy cloth"]
    act(s, "buy cloth")
    assert s.deniers[0] == 3 and cubes(s, 0) == (0, 0, 0, 1, 0) and s.to_move() == []


def test_s3_2_fixed_peddler_needs_two_deniers():
    """§3.2: with 1 denier the fixed Peddler can sell nothing."""
    s = bare()
    s.deniers[0] = 1
    activate(s, 0, 6)
    assert s.to_move() == [] and s.deniers[0] == 1


def test_s3_4_wood_peddler_one_or_two_different_cubes():
    """§3.4: the wood Peddler: 1 denier per cube, up to 2 cubes, which may differ, no gold."""
    s = bare()
    s.deniers[0] = 3
    put_tile(s, 9, "w-peddler", owner=1)
    activate(s, 0, 9)
    assert "buy gold" not in texts(s, 0)
    act(s, "buy wood")
    act(s, "buy stone")
    assert s.deniers[0] == 1 and cubes(s, 0) == (0, 1, 1, 0, 0) and s.to_move() == []


def test_s3_4_wood_peddler_may_stop_after_one():
    """§3.4: pay 1 denier for 1 cube, or 2 for 2."""
    s = bare()
    s.deniers[0] = 3
    put_tile(s, 9, "w-peddler")
    activate(s, 0, 9)
    act(s, "buy food")
    act(s, "buy nothing")
    assert s.deniers[0] == 2 and cubes(s, 0) == (1, 0, 0, 0, 0)


@pytest.mark.parametrize("space", [7, 2])
def test_s3_carpenters_build_one_wood_tile(space):
    """§3.2/§3.3, §2 phase 5: the fixed (R8) and neutral Carpenter build one wood tile on the
    first empty site, the builder's house on it, PP at once."""
    s = bare()
    if space == 2:
        s.road[2] = ID["n-carpenter"]
    s.cubes[0] = [2, 2, 0, 0, 0]
    activate(s, 0, space)
    options = texts(s, 0)
    assert options[0] == "build nothing"
    assert "build Food Farm" in options and "build Mason" in options
    assert "build Lawyer" not in options  # needs cloth
    act(s, "build Mason")
    assert s.road[8] == ID["w-mason"] and s.owner[8] == 0
    assert s.score[0] == 4 and cubes(s, 0) == (1, 1, 0, 0, 0)
    assert ID["w-mason"] not in s.supply
    assert s.to_move() == []  # §7.5 point 18: one building per worker


@pytest.mark.parametrize(
    ("key", "cost", "pp"),
    [
        ("w-farm-food", (1, 1, 0, 0, 0), 2),
        ("w-farm-cloth", (1, 1, 0, 0, 0), 2),
        ("w-sawmill", (1, 1, 0, 0, 0), 2),
        ("w-quarry", (1, 1, 0, 0, 0), 2),
        ("w-mason", (1, 1, 0, 0, 0), 4),
        ("w-lawyer", (0, 1, 0, 1, 0), 4),
        ("s-farm", (1, 0, 1, 0, 0), 3),
        ("s-park", (1, 0, 1, 0, 0), 3),
        ("s-workshop", (1, 0, 1, 0, 0), 3),
        ("s-architect", (1, 0, 1, 0, 0), 6),
        ("s-bank", (0, 1, 1, 0, 0), 6),
        ("s-alchemist", (1, 0, 1, 0, 0), 6),
        ("s-church", (0, 0, 1, 1, 0), 3),
        ("s-tailor", (0, 1, 1, 0, 0), 6),
        ("s-jeweller", (0, 0, 1, 1, 0), 6),
    ],
)
def test_s3_4_s3_5_tile_cost_and_prestige(key, cost, pp):
    """§3.4/§3.5 cost and PP of each wood and stone tile, paid exactly from the builder's cubes."""
    s = bare()
    s.cubes[0] = [3, 3, 3, 3, 3]
    kind = B.CATALOGUE[ID[key]].kind
    s.stack.append(Build(0, kind, B.NO_CUBE))
    drive(s)
    name = B.CATALOGUE[ID[key]].name
    act(s, f"build {name}")
    assert tuple(3 - x for x in cubes(s, 0)) == cost
    assert s.score[0] == pp
    assert s.road[8] == ID[key]


@pytest.mark.parametrize("key", ["w-market", "w-peddler"])
def test_s3_4_wood_any_cube_cost_includes_gold(key):
    """§3.4: Marketplace and Peddler cost 1 wood + 1 cube of any type, gold included."""
    s = bare()
    s.cubes[0] = [0, 1, 0, 0, 1]
    s.stack.append(Build(0, B.WOOD_B, B.NO_CUBE))
    drive(s)
    name = B.CATALOGUE[ID[key]].name
    assert texts(s, 0) == ["build nothing", "build Marketplace paying gold",
                           "build Peddler paying gold"]
    act(s, f"build {name} paying gold")
    assert cubes(s, 0) == (0, 0, 0, 0, 0) and s.score[0] == 4


def test_s3_4_mason_builds_one_stone_tile():
    """§3.4: the Mason builds one stone tile."""
    s = bare()
    s.cubes[0] = [1, 0, 1, 0, 0]
    put_tile(s, 8, "w-mason", owner=1)
    activate(s, 0, 8)
    options = texts(s, 0)
    assert "build Park" in options and "build Architect" in options
    assert options.count("build Architect") == 1  # two identical tiles, one choice
    act(s, "build Park")
    assert s.road[9] == ID["s-park"] and s.owner[9] == 0 and s.score[0] == 3


def test_s3_5_church_gives_a_favour_when_built():
    """§3.5: the Church gives 3 PP and 1 royal favour when built."""
    s = bare()
    s.cubes[0] = [0, 0, 1, 1, 0]
    s.stack.append(Build(0, B.STONE_B, B.NO_CUBE))
    drive(s)
    act(s, "build Church")
    assert s.score[0] == 3 and texts(s, 0)[0] == "favour 1 PP"
    act(s, "favour 1 PP")
    assert s.score[0] == 4


@pytest.mark.parametrize(
    ("key", "money", "gold_cubes", "choices", "pick", "after"),
    [
        ("s-church", 4, (0, 0, 0, 0, 0),
         ["decline", "pay 2 deniers for 3 PP", "pay 4 deniers for 5 PP"],
         "pay 4 deniers for 5 PP", (0, 5, (0, 0, 0, 0, 0))),
        ("s-bank", 5, (0, 0, 0, 0, 0),
         ["decline", "pay 2 deniers for 1 gold", "pay 5 deniers for 2 gold"],
         "pay 2 deniers for 1 gold", (3, 0, (0, 0, 0, 0, 1))),
        ("s-tailor", 0, (0, 0, 0, 3, 0),
         ["decline", "pay 2 cloth for 4 PP", "pay 3 cloth for 6 PP"],
         "pay 3 cloth for 6 PP", (0, 6, (0, 0, 0, 0, 0))),
        ("s-jeweller", 0, (0, 0, 0, 0, 2),
         ["decline", "pay 1 gold for 5 PP", "pay 2 gold for 9 PP"],
         "pay 2 gold for 9 PP", (0, 9, (0, 0, 0, 0, 0))),
    ],
)
def test_s3_5_exchange_buildings(key, money, gold_cubes, choices, pick, after):
    """§3.5: Church 2d→3PP / 4d→5PP, Bank 2d→1G / 5d→2G, Tailor 2C→4PP / 3C→6PP,
    Jeweller 1G→5PP / 2G→9PP; all optional."""
    s = bare()
    s.deniers[0] = money
    s.cubes[0] = list(gold_cubes)
    put_tile(s, 9, key, owner=0)
    activate(s, 0, 9)
    assert texts(s, 0) == choices
    act(s, pick)
    assert (s.deniers[0], s.score[0], cubes(s, 0)) == after


def test_s3_5_exchange_only_what_one_can_pay():
    """§3.5: the Church's 4-denier option needs 4 deniers."""
    s = bare()
    s.deniers[0] = 3
    put_tile(s, 9, "s-church", owner=1)
    activate(s, 0, 9)
    assert texts(s, 0) == ["decline", "pay 2 deniers for 3 PP"]


def test_s3_5_alchemist_mixed_cubes_never_gold():
    """§3.5, §7.6 point 22: Alchemist: 2 non-gold cubes → 1 gold, 4 → 2 gold, types mixed."""
    s = bare()
    s.cubes[0] = [1, 1, 1, 1, 3]
    put_tile(s, 9, "s-alchemist", owner=1)
    activate(s, 0, 9)
    options = texts(s, 0)
    assert "1 gold for food+wood" in options and "2 gold for food+wood+stone+cloth" in options
    assert not any("gold for" in o and o.split(" for ")[1].count("gold") for o in options)
    assert "1 gold for food+food" not in options
    act(s, "2 gold for food+wood+stone+cloth")
    assert cubes(s, 0) == (0, 0, 0, 0, 5)


def test_s3_5_architect_builds_prestige_on_own_residence():
    """§3.5/§3.6: the Architect builds a prestige tile on one of the user's own residences;
    the residence (and its income) is gone."""
    s = bare()
    s.cubes[0] = [0, 0, 2, 0, 1]
    put_tile(s, 9, "s-architect", owner=1)
    s.road[12], s.owner[12] = ID["residence"], 0
    s.road[13], s.owner[13] = ID["residence"], 1
    activate(s, 0, 9)
    assert texts(s, 0) == ["build nothing", "build Statue on R13"]
    act(s, "build Statue on R13")
    assert s.road[12] == ID["p-statue"] and s.owner[12] == 0 and s.score[0] == 7
    assert texts(s, 0)[0] == "favour 1 PP"  # the Statue's favour


def test_s3_5_architect_without_residence_does_nothing():
    """§3.6: prestige buildings only go on the builder's own residences."""
    s = bare()
    s.cubes[0] = [5, 5, 5, 5, 5]
    put_tile(s, 9, "s-architect", owner=1)
    s.road[12], s.owner[12] = ID["residence"], 1
    activate(s, 0, 9)
    assert s.to_move() == [] and s.score[0] == 0


@pytest.mark.parametrize(
    ("key", "cost", "pp", "favours", "income"),
    [
        ("p-statue", (0, 0, 2, 0, 1), 7, 1, 0),
        ("p-granary", (3, 0, 0, 0, 1), 10, 0, 0),
        ("p-library", (0, 3, 0, 0, 1), 10, 0, 1),
        ("p-weaver", (0, 0, 0, 3, 1), 12, 0, 0),
        ("p-theater", (0, 3, 0, 0, 2), 14, 1, 0),
        ("p-college", (0, 0, 3, 0, 2), 14, 1, 0),
        ("p-monument", (0, 0, 4, 0, 2), 14, 2, 0),
        ("p-hotel", (0, 0, 3, 0, 2), 16, 0, 2),
        ("p-cathedral", (0, 0, 5, 0, 3), 25, 0, 0),
    ],
)
def test_s3_6_prestige_tiles(key, cost, pp, favours, income):
    """§3.6: each prestige tile's cost, PP, favours when built, and income."""
    s = bare()
    s.cubes[0] = list(cost)
    s.road[12], s.owner[12] = ID["residence"], 0
    s.stack.append(Build(0, B.PRESTIGE, B.NO_CUBE))
    drive(s)
    name = B.CATALOGUE[ID[key]].name
    act(s, f"build {name} on R13")
    assert cubes(s, 0) == (0, 0, 0, 0, 0) and s.score[0] == pp
    pending = 0
    while s.to_move():
        pending += 1
        act(s, next(t for t in texts(s, 0) if t.startswith("favour")))
    assert pending == favours
    s.phase = 0
    s.inn = [-1, -1]
    before = s.deniers[0]
    placement.new_turn(s)
    assert s.deniers[0] - before == B.INCOME + income


def test_s3_4_lawyer_makes_a_residence():
    """§3.4, §3.7: the Lawyer: 1 denier + 1 cloth turns a neutral tile into a residence of the
    user's: +2 PP, +1 denier income; a converted neutral tile leaves the game."""
    s = bare()
    s.deniers[0] = 1
    s.cubes[0] = [0, 0, 0, 1, 0]
    put_tile(s, 9, "w-lawyer", owner=1)
    farm = s.road[0]
    activate(s, 0, 9)
    assert "convert R1 " + B.CATALOGUE[farm].name in texts(s, 0)
    act(s, "convert R1 " + B.CATALOGUE[farm].name)
    assert s.road[0] == ID["residence"] and s.owner[0] == 0 and s.score[0] == 2
    assert s.deniers[0] == 0 and cubes(s, 0) == (0, 0, 0, 0, 0)
    assert farm not in s.supply
    s.phase = 0
    s.inn = [-1, -1]
    placement.new_turn(s)
    assert s.deniers[0] == B.INCOME + 1


def test_s3_7_own_tile_converted_returns_to_supply():
    """§3.7, §7.3 point 10: an own wood/stone tile turned into a residence returns to the supply."""
    s = bare()
    s.deniers[0] = 1
    s.cubes[0] = [0, 0, 0, 1, 0]
    put_tile(s, 9, "w-lawyer", owner=1)
    put_tile(s, 10, "w-sawmill", owner=0)
    put_tile(s, 11, "w-quarry", owner=1)
    activate(s, 0, 9)
    options = texts(s, 0)
    assert "convert R11 Sawmill" in options
    assert "convert R12 Quarry" not in options  # another player's building
    assert "convert R10 Lawyer" not in options
    act(s, "convert R11 Sawmill")
    assert ID["w-sawmill"] in s.supply and s.road[10] == ID["residence"]


def test_s7_3_lawyer_invalid_targets():
    """§7.3 point 8: never fixed buildings, prestige, residences, or the Lawyer itself."""
    s = bare()
    s.deniers[0] = 1
    s.cubes[0] = [0, 0, 0, 1, 0]
    put_tile(s, 9, "w-lawyer", owner=0)
    s.road[10], s.owner[10] = ID["residence"], 0
    s.road[11], s.owner[11] = ID["p-statue"], 0
    targets = construction.lawyer_targets(s, 0)
    assert targets == [0, 1, 2, 3, 4, 5]


def test_s7_3_lawyer_needs_a_real_denier():
    """§7.3 point 13: a residence costs a real denier; gold does not stand in."""
    s = bare()
    s.cubes[0] = [0, 0, 0, 1, 5]
    put_tile(s, 9, "w-lawyer", owner=1)
    activate(s, 0, 9)
    assert s.to_move() == [] and s.road[0] != ID["residence"]


def test_s7_3_lawyer_waits_for_the_target_worker():
    """§3 phase 5, §7.3 point 9: a target holding a worker is paid for at once and converted
    once that building has been activated (its worker still uses the old building)."""
    s = new_road_state()
    s.deniers[0] = 1
    s.cubes[0] = [0, 0, 0, 1, 0]
    put_tile(s, 8, "w-lawyer", owner=1)
    put_tile(s, 10, "w-sawmill", owner=0)
    s.occupant[8], s.occupant[10] = 0, 2
    s.provost = 12
    s.changed()
    drive(s)
    act(s, "convert R11 Sawmill")
    # the play ran on into the next turn: paid 1 denier, then income 2 + 1 for the residence
    assert s.turn == 2 and s.deniers[0] == 1 - 1 + B.INCOME + 1
    # seat 2's worker on the Sawmill is activated before the conversion
    assert s.road[10] == ID["residence"] and s.owner[10] == 0 and s.score[0] == 2
    assert s.cubes[2][B.WOOD] == 2 and s.pending_residences == []


def new_road_state():
    """A game at the start of phase 5 with no workers on the road."""
    s = new(4)
    s.stack = []
    s.occupant = [-1] * 28
    s.phase = P_ROAD
    s.cursor = 0
    s.castle_workers = []
    s.deniers = [0] * 4
    s.cubes = [[0] * 5 for _ in range(4)]
    s.score = [0] * 4
    return s
