"""The royal favour table, cell by cell, and its rules (rules reference §5)."""

from __future__ import annotations

import pytest

from donjon.games.caylus import buildings as B
from donjon.games.caylus import favours
from donjon.games.caylus.actions import P_CASTLE, P_END
from donjon.games.caylus.favours import Favour
from tests.caylus.helpers import ID, act, bare, drive, texts


def favour_state(track: int, column: int, scored: int = 2):
    """Seat 0 owes one favour; its marker on ``track`` sits just left of ``column``."""
    s = bare()
    s.scored = scored
    s.section = min(scored, 2)
    s.favour_markers[0][track] = column - 1
    s.stack.append(Favour(0))
    drive(s)
    return s


@pytest.mark.parametrize("column", [1, 2, 3, 4, 5])
def test_s5_prestige_track_cell(column):
    """§5 line a: column k gives k PP; the marker moves to k."""
    s = favour_state(B.PRESTIGE_T, column)
    act(s, f"favour {column} PP")
    assert s.score[0] == column and s.favour_markers[0][B.PRESTIGE_T] == column


@pytest.mark.parametrize(("column", "deniers"), [(1, 3), (2, 4), (3, 5), (4, 6), (5, 7)])
def test_s5_deniers_track_cell(column, deniers):
    """§5 line b: 3, 4, 5, 6, 7 deniers."""
    s = favour_state(B.DENIERS_T, column)
    act(s, f"favour {deniers} deniers")
    assert s.deniers[0] == deniers and s.favour_markers[0][B.DENIERS_T] == column


@pytest.mark.parametrize(
    ("column", "choice", "gained"),
    [
        (1, "food", (1, 0, 0, 0, 0)),
        (2, "wood", (0, 1, 0, 0, 0)),
        (2, "stone", (0, 0, 1, 0, 0)),
        (3, "cloth", (0, 0, 0, 1, 0)),
        (5, "gold", (0, 0, 0, 0, 1)),
    ],
)
def test_s5_resources_track_cell(column, choice, gained):
    """§5 line c: 1 food; 1 wood or 1 stone; 1 cloth; (trade); 1 gold."""
    s = favour_state(B.RESOURCES_T, column)
    act(s, f"favour {choice}")
    assert tuple(s.cubes[0]) == gained and s.favour_markers[0][B.RESOURCES_T] == column


def test_s5_resources_track_column_4_trade():
    """§5 line c column 4: trade one cube (any, gold allowed) for two of your choice, no gold."""
    s = favour_state(B.RESOURCES_T, 4)
    s.cubes[0] = [0, 0, 0, 0, 1]
    s.changed()
    act(s, "favour trade")
    # the only cube to give is the gold: given without asking
    assert s.cubes[0] == [0, 0, 0, 0, 0]
    options = texts(s, 0)
    assert "take wood+stone" in options and "take cloth+cloth" in options
    assert not any("gold" in o for o in options)
    act(s, "take wood+stone")
    assert s.cubes[0] == [0, 1, 1, 0, 0]


def test_s5_resources_any_lower_column_may_be_taken():
    """§5 resolving, step 3: on lines c and d any column up to the marker may be taken."""
    s = favour_state(B.RESOURCES_T, 5)
    options = texts(s, 0)
    for choice in ("food", "wood", "stone", "cloth", "gold"):
        assert f"favour {choice}" in options
    assert "favour trade" not in options  # nothing to trade


def test_s5_buildings_track_column_1_nothing():
    """§5 line d column 1: nothing (the marker still moves)."""
    s = favour_state(B.BUILDINGS_T, 1)
    act(s, "favour building track, no effect")
    assert s.favour_markers[0][B.BUILDINGS_T] == 1 and s.to_move() == []


def test_s5_buildings_track_column_2_carpenter_one_wood_less():
    """§5 line d column 2, §7.5 point 19: build a wood tile paying 1 wood less."""
    s = favour_state(B.BUILDINGS_T, 2)
    s.cubes[0] = [1, 0, 0, 0, 0]
    s.changed()
    act(s, "favour carpenter")
    assert "build Food Farm" in texts(s, 0)
    act(s, "build Food Farm")
    assert s.cubes[0] == [0, 0, 0, 0, 0] and s.road[8] == ID["w-farm-food"]
    assert s.score[0] == 2 and s.owner[8] == 0


def test_s5_buildings_track_column_2_any_cube_tiles():
    """§5 line d column 2 on a W + any tile: only the 'any' cube is paid."""
    s = favour_state(B.BUILDINGS_T, 2)
    s.cubes[0] = [0, 0, 0, 0, 1]
    s.changed()
    act(s, "favour carpenter")
    assert texts(s, 0) == ["build nothing", "build Marketplace paying gold",
                           "build Peddler paying gold"]


def test_s5_buildings_track_column_3_mason_one_stone_less():
    """§5 line d column 3, §7.5 point 19 (rulebook: Park for 1 food): one stone less."""
    s = favour_state(B.BUILDINGS_T, 3)
    s.cubes[0] = [1, 0, 0, 0, 0]
    s.changed()
    act(s, "favour mason")
    act(s, "build Park")
    assert s.cubes[0] == [0, 0, 0, 0, 0] and s.road[8] == ID["s-park"]


def test_s5_buildings_track_column_3_church_favour_needs_another_track():
    """§5 (favour from a favour): Mason effect → Church → +1 favour, same phase, other track."""
    s = favour_state(B.BUILDINGS_T, 3)
    s.cubes[0] = [0, 0, 0, 1, 0]
    s.changed()
    act(s, "favour mason")
    act(s, "build Church")
    options = texts(s, 0)
    assert options and not any(o in ("favour mason", "favour carpenter") for o in options)
    assert not any(o.startswith("favour building track") for o in options)


def test_s5_buildings_track_column_4_residence_for_one_cloth():
    """§5 line d column 4: a residence paying 1 denier less (just 1 cloth); +2 PP."""
    s = favour_state(B.BUILDINGS_T, 4)
    s.cubes[0] = [0, 0, 0, 1, 0]
    s.changed()
    act(s, "favour lawyer")
    name = B.CATALOGUE[s.road[2]].name
    act(s, f"convert R3 {name}")
    assert s.road[2] == ID["residence"] and s.score[0] == 2
    assert s.deniers[0] == 0 and s.cubes[0] == [0, 0, 0, 0, 0]


def test_s5_buildings_track_column_5_architect_full_cost():
    """§5 line d column 5: a prestige tile on one's residence at full cost."""
    s = favour_state(B.BUILDINGS_T, 5)
    s.cubes[0] = [3, 0, 0, 0, 1]
    s.road[12], s.owner[12] = ID["residence"], 0
    s.changed()
    act(s, "favour architect")
    assert texts(s, 0) == ["build nothing", "build Granary on R13"]
    act(s, "build Granary on R13")
    assert s.score[0] == 10 and s.cubes[0] == [0, 0, 0, 0, 0]


def test_s5_building_effects_only_offered_when_possible():
    """§5: a building effect one cannot use is not offered (column 1 always is)."""
    s = favour_state(B.BUILDINGS_T, 5)
    options = [o for o in texts(s, 0) if o.startswith("favour")]
    assert "favour building track, no effect" in options
    assert not {"favour carpenter", "favour mason", "favour lawyer", "favour architect"} & set(
        options)


@pytest.mark.parametrize(("scored", "top"), [(0, 2), (1, 4), (2, 5)])
def test_s5_columns_unlocked_by_section(scored, top):
    """§5: columns 1–2 at the start, 3–4 after the Dungeon is scored, 5 after the Walls."""
    s = favour_state(B.PRESTIGE_T, 5, scored=scored)
    s.favour_markers[0][B.PRESTIGE_T] = 0
    for column in range(1, 6):
        s.tracks_used = [0] * 4
        s.stack.append(Favour(0))
        drive(s)
        act(s, f"favour {min(column, top)} PP")
    assert s.favour_markers[0][B.PRESTIGE_T] == top


def test_s5_blocked_track_still_chosen():
    """§5 resolving, step 4: a blocked track (marker at the highest open column) can still be
    chosen, and its effect taken again."""
    s = favour_state(B.DENIERS_T, 3, scored=0)
    s.favour_markers[0][B.DENIERS_T] = 2
    s.changed()
    act(s, "favour 4 deniers")
    assert s.favour_markers[0][B.DENIERS_T] == 2 and s.deniers[0] == 4


def test_s5_one_favour_per_track_per_phase_extras_lost():
    """§5: favours gained in the same phase go on different tracks; beyond four they are lost."""
    s = bare()
    for _ in range(5):
        s.stack.append(Favour(0))
    drive(s)
    chosen = []
    while s.to_move():
        option = texts(s, 0)[0]
        track = option
        chosen.append(track)
        act(s, option)
    # the fourth favour had one track left, with one effect: resolved without asking
    assert len(chosen) == 3 and s.favour_markers[0] == [1, 1, 1, 1]
    assert ("favour_lost", {"seat": 0}) in s.events


def test_s5_tracks_free_again_in_the_next_phase():
    """§5: the same track may be chosen again in a different phase of the same turn."""
    s = bare()
    s.tracks_used[0] = 0b1111
    s.begin(P_CASTLE)
    s.phase = 99
    s.stack.append(Favour(0))
    drive(s)
    assert "favour 1 PP" in texts(s, 0)


def test_s4_2_favours_during_dungeon_scoring_use_columns_1_2():
    """§5, §7.7 point 27: a favour gained while the Dungeon is scored cannot pass column 2;
    column 3 opens afterwards."""
    s = bare()
    s.favour_markers[0][B.PRESTIGE_T] = 2
    s.houses[0][0] = 2
    s.phase = P_END
    s.cursor = 1
    s.bailiff = 11
    drive(s)
    assert s.to_move() == [0] and s.scoring == 0
    assert "favour 2 PP" in texts(s, 0) and "favour 3 PP" not in texts(s, 0)
    act(s, "favour 2 PP")
    assert s.scored == 1 and B.UNLOCKED[s.scored] == 4


def test_s5_simple_variant_three_points():
    """§5 simplified variant: each favour is worth 3 PP."""
    s = bare(favours="simple")
    favours.grant(s, 0)
    drive(s)
    assert s.score[0] == 3 and s.to_move() == []
