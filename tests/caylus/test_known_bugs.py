"""The known bugs of public Caylus engines (rules reference §7.8), proved absent here."""

from __future__ import annotations

from donjon.games.caylus import buildings as B
from donjon.games.caylus import placement
from donjon.games.caylus.actions import P_END, P_SPECIAL
from donjon.games.caylus.construction import Build
from donjon.games.caylus.placement import Joust
from donjon.games.caylus.provost import MerchantsGuild
from tests.caylus.helpers import ID, act, activate, bare, drive, put_tile, texts


def test_s7_8_mankalas_stables_are_not_a_pairwise_swap():
    """§7.8 Mankalas: stables as pairwise swaps. Order 0,1,2,3, stables 3 then 2 → 3,2,0,1
    (a swap would give 3,2,1,0 or similar)."""
    s = bare()
    s.order = [0, 1, 2, 3]
    s.stables = [3, 2]
    s.phase = P_SPECIAL
    s.cursor = B.STABLES
    placement.step_special(s)
    assert s.order == [3, 2, 0, 1]


def test_s7_8_mankalas_church_two_deniers_give_three_points():
    """§7.8 Mankalas: Church 2 d → 4 PP. It is 3 PP (4 d → 5 PP)."""
    s = bare()
    s.deniers[0] = 2
    put_tile(s, 9, "s-church", owner=1)
    activate(s, 0, 9)
    act(s, "pay 2 deniers for 3 PP")
    assert s.score[0] == 3 and s.deniers[0] == 0


def test_s7_8_mankalas_tailor_costs_stone_and_wood():
    """§7.8 Mankalas: Tailor cost wrong. It is stone + wood (not cloth)."""
    assert B.CATALOGUE[ID["s-tailor"]].cost == B.cubes(s=1, w=1)
    s = bare()
    s.cubes[0] = [0, 0, 1, 1, 0]
    s.stack.append(Build(0, B.STONE_B, B.NO_CUBE))
    drive(s)
    assert "build Tailor" not in texts(s, 0)


def test_s7_8_mankalas_park_produces_two_wood_one_food():
    """§7.8 Mankalas: Park production wrong. It is +2 wood +1 food."""
    s = bare()
    put_tile(s, 9, "s-park", owner=0)
    activate(s, 0, 9)
    assert s.cubes[0] == [1, 2, 0, 0, 0]


def test_s7_8_pindia_alchemist_costs_stone_and_food():
    """§7.8 pindia: Alchemist cost W + S. It is stone + food."""
    s = bare()
    s.cubes[0] = [0, 1, 1, 0, 0]
    s.stack.append(Build(0, B.STONE_B, B.NO_CUBE))
    drive(s)
    assert "build Alchemist" not in texts(s, 0) and "build Bank" in texts(s, 0)
    s.cubes[0] = [1, 0, 1, 0, 0]
    s.changed()
    assert "build Alchemist" in texts(s, 0)


def test_s7_8_pindia_provost_may_stand_on_r28():
    """§7.8 pindia: `< LAST_SPACE` forbids R28. Here the Guild can put the provost on R28."""
    s = bare()
    s.provost = 25
    s.stack.append(MerchantsGuild(0))
    drive(s)
    assert texts(s, 0)[-1] == "provost +2"
    act(s, "provost +2")
    assert s.provost == B.LAST == 27


def test_s7_8_pindia_road_has_28_spaces():
    """§7.8 pindia: a 30-slot road. Ours has 28 spaces and 19 sites."""
    s = bare()
    assert len(s.road) == len(s.owner) == len(s.occupant) == 28
    assert len(B.SITES) == 19 and B.SITES[0] == 8 and B.SITES[-1] == 27


def test_s7_8_pindia_section_penalty_clamps_at_zero():
    """§7.8 pindia: section penalties do not clamp. Ours never go below 0."""
    s = bare()
    s.score = [1, 0, 3, 0]
    s.phase = P_END
    s.cursor = 1
    s.bailiff = 11
    drive(s)
    assert s.score[:3] == [0, 0, 1]


def test_s7_8_corentindug_joust_is_one_denier_one_cloth_for_a_favour():
    """§7.8 CorentinDug: joust field as "4 d → gold". It is 1 denier + 1 cloth → 1 favour."""
    s = bare()
    s.deniers[0] = 4
    s.stack.append(Joust(0))
    drive(s)
    assert s.to_move() == []  # no cloth: nothing to do
    assert s.cubes[0][B.GOLD] == 0 and s.deniers[0] == 4
