"""Edition differences and our resolutions of UNCONFIRMED points, each a named option
(rules reference §1.1, §1.3, §2 phase 6, §4.2, §7.3, §7.4), and the player counts they apply to."""

from __future__ import annotations

import pytest

from donjon.games.caylus import buildings as B
from donjon.games.caylus import construction, favours
from donjon.games.caylus.actions import P_CASTLE, P_ROAD, P_SPECIAL
from donjon.games.caylus.construction import Build
from donjon.games.caylus.favours import Favour
from tests.caylus.helpers import (
    GAME,
    ID,
    act,
    bare,
    drive,
    new,
    passive,
    play_until,
    put_tile,
    texts,
)


def test_s1_1_jeweller_and_architects_in_the_supply():
    """§1.1: the 10-stone set (2 Architects + Jeweller) by default; options remove them."""
    assert ID["s-jeweller"] in new().supply and ID["s-architect-2"] in new().supply
    assert ID["s-jeweller"] not in new(jeweller=False).supply
    assert ID["s-architect-2"] not in new(architects=1).supply
    assert GAME.option("architects").proposed


@pytest.mark.parametrize("points", [4, 3])
def test_s7_3_lawyer_points_option(points):
    """§7.3 point 12: the Lawyer tile is 4 PP (first printing) or 3 (later printings)."""
    s = bare(lawyer_points=points)
    s.cubes[0] = [0, 1, 0, 1, 0]
    s.stack.append(Build(0, B.WOOD_B, B.NO_CUBE))
    s.changed()
    drive(s)
    act(s, "build Lawyer")
    assert s.score[0] == points


def test_s1_3_two_player_pass_bonus_option():
    """§1.3 UNCONFIRMED: the first passer's denier with 2 players (on by default)."""
    for option, bonus in ((True, 1), (False, 0)):
        s = new(2, seed=1, two_player_pass_bonus=option)
        seat = s.order[0]
        money = s.deniers[seat]
        act(s, "pass")
        assert s.deniers[seat] == money + bonus


@pytest.mark.parametrize("spots", [1, 2, 3])
def test_s7_4_stables_spots_option(spots):
    """§7.4 point 16 UNCONFIRMED: three stable spots at 3 players by default; the option takes
    1 or 2."""
    s = new(3, seed=1, stables_spots=spots)
    for _ in range(spots):
        act(s, "place Stables")
    assert "place Stables" not in texts(s)
    assert len(s.stables) == spots


@pytest.mark.parametrize(("option", "favour"), [("needs-a-batch", False),
                                                ("earliest-arrival", True)])
def test_s2_p6_best_builder_when_nobody_delivers(option, favour):
    """§2 phase 6 point 6 UNCONFIRMED: when no castle worker delivers, nobody is the best builder
    (default), or the earliest arrival is, reading "ties go to the earliest arrival" literally."""
    s = bare(best_builder=option)
    s.phase, s.cursor = P_CASTLE, 0
    s.castle_workers = [2, 1]
    drive(s)
    keys = [key for key, _ in s.events]
    assert keys.count("castle_empty") == 2
    assert ("best_builder" in keys) is favour
    if favour:
        assert s.events[keys.index("best_builder")][1] == {"seat": 2, "batches": 0}
        assert s.to_move() == [2] and isinstance(s.pending(), Favour)


@pytest.mark.parametrize("option", ["needs-a-batch", "earliest-arrival"])
def test_s2_p6_best_builder_option_changes_nothing_once_someone_delivers(option):
    """§2 phase 6 point 6: with a batch delivered, the most batches wins, ties to the earliest
    arrival, whatever the option."""
    s = bare(best_builder=option)
    s.phase, s.cursor = P_CASTLE, 0
    s.castle_workers = [2, 1]
    s.cubes[1] = [1, 1, 1, 0, 0]
    drive(s)
    act(s, "deliver food+wood+stone", seat=1)
    assert s.to_move() == [1] and isinstance(s.pending(), Favour)


def test_s1_3_two_player_options_are_refused_at_other_player_counts():
    """§1.3: the first-pass denier option is for 2 players; the Stables (and their spots) are
    not used with 2 (§7.4 point 16): a table that sets them where they mean nothing is refused,
    naming the option."""
    with pytest.raises(ValueError, match="two_player_pass_bonus"):
        GAME.check(3, {"two_player_pass_bonus": False})
    with pytest.raises(ValueError, match="stables_spots"):
        GAME.check(2, {"stables_spots": 1})
    assert GAME.check(2, {"two_player_pass_bonus": False})["two_player_pass_bonus"] is False
    assert GAME.check(5, {"stables_spots": 2})["stables_spots"] == 2


@pytest.mark.parametrize(("option", "converted_in_castle_phase"),
                         [("end-of-activation", True), ("end-of-turn", False)])
def test_s7_3_lawyer_target_beyond_provost(option, converted_in_castle_phase):
    """§7.3 point 9 UNCONFIRMED: a Lawyer target whose worker is beyond the provost becomes a
    residence at the end of phase 5 (default) or at the end of the turn."""
    s = new(4, seed=2, lawyer_unactivated=option)
    s.stack = []
    s.occupant = [-1] * 28
    s.phase, s.cursor = P_ROAD, 0
    s.deniers = [1, 0, 0, 0]
    s.cubes = [[1, 1, 1, 1, 0]] + [[0] * 5 for _ in range(3)]
    put_tile(s, 8, "w-lawyer", owner=1)
    put_tile(s, 20, "w-sawmill", owner=0)
    s.occupant[8], s.occupant[20] = 0, 2
    s.castle_workers = [0]
    s.provost = 10
    s.changed()
    drive(s)
    act(s, "convert R21 Sawmill")
    # the castle phase now asks seat 0 for its batches
    assert s.phase == P_CASTLE
    assert (s.road[20] == ID["residence"]) is converted_in_castle_phase
    assert s.cubes[2][B.WOOD] == 0  # beyond the provost: no production
    play_until(s, lambda s: s.turn == 2, passive)
    assert s.road[20] == ID["residence"]


def test_s7_3_lawyer_favour_delay_option():
    """§7.3 point 9 UNCONFIRMED: a column-4 residence made in phase 3 on an occupied building
    waits for its activation by default; converted at once with the option off."""
    for delay, pending in ((True, [(20, 0)]), (False, [])):
        s = bare(lawyer_favour_delay=delay)
        s.phase = P_SPECIAL
        s.cubes[0] = [0, 0, 0, 1, 0]
        put_tile(s, 20, "w-sawmill", owner=0)
        s.occupant[20] = 2
        construction.lawyer(s, 0, 20, True)
        assert s.pending_residences == pending


def test_s5_favours_option_simple():
    """§5 beginners' variant as an option: every favour is 3 PP."""
    assert GAME.option("favours").default == "table"
    s = bare(favours="simple")
    favours.grant(s, 1)
    assert s.score[1] == 3
