"""Edition differences and our resolutions of UNCONFIRMED points, each a named option
(rules reference §1.1, §1.3, §4.2, §7.3, §7.4)."""

from __future__ import annotations

import pytest

from donjon.games.caylus import buildings as B
from donjon.games.caylus import state as S
from tests.caylus.helpers import GAME, ID, act, bare, new, passive, play_until, put_tile, texts


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
    s.stack.append((S.F_BUILD, 0, 0, -1))
    s._legal = None
    s._run()
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


def test_s7_4_stables_spots_option():
    """§7.4 point 16 UNCONFIRMED: three stable spots at 3 players by default."""
    s = new(3, seed=1, stables_spots=2)
    act(s, "place Stables")
    act(s, "place Stables")
    assert "place Stables" not in texts(s)


@pytest.mark.parametrize(("option", "converted_in_castle_phase"),
                         [("end-of-activation", True), ("end-of-turn", False)])
def test_s7_3_lawyer_target_beyond_provost(option, converted_in_castle_phase):
    """§7.3 point 9 UNCONFIRMED: a Lawyer target whose worker is beyond the provost becomes a
    residence at the end of phase 5 (default) or at the end of the turn."""
    s = new(4, seed=2, lawyer_unactivated=option)
    s.stack = []
    s.occ = [-1] * 28
    s.phase, s.cursor = S.P_ROAD, 0
    s.deniers = [1, 0, 0, 0]
    s.cubes = [[1, 1, 1, 1, 0]] + [[0] * 5 for _ in range(3)]
    put_tile(s, 8, "w-lawyer", owner=1)
    put_tile(s, 20, "w-sawmill", owner=0)
    s.occ[8], s.occ[20] = 0, 2
    s.castle_q = [0]
    s.provost = 10
    s._legal = None
    s._run()
    act(s, "convert R21 Sawmill")
    # the castle phase now asks seat 0 for its batches
    assert s.phase == S.P_CASTLE
    assert (s.road[20] == ID["residence"]) is converted_in_castle_phase
    assert s.cubes[2][B.WOOD] == 0  # beyond the provost: no production
    play_until(s, lambda s: s.turn == 2, passive)
    assert s.road[20] == ID["residence"]


def test_s7_3_lawyer_favour_delay_option():
    """§7.3 point 9 UNCONFIRMED: a column-4 residence made in phase 3 on an occupied building
    waits for its activation by default; converted at once with the option off."""
    for delay, pending in ((True, [(20, 0)]), (False, [])):
        s = bare(lawyer_favour_delay=delay)
        s.phase = S.P_SPECIAL
        s.cubes[0] = [0, 0, 0, 1, 0]
        put_tile(s, 20, "w-sawmill", owner=0)
        s.occ[20] = 2
        s._lawyer(0, 20, True)
        assert s.pending_conv == pending


def test_s5_favours_option_simple():
    """§5 beginners' variant as an option: every favour is 3 PP."""
    assert GAME.option("favours").default == "table"
    s = bare(favours="simple")
    s._favour(1)
    assert s.score[1] == 3
