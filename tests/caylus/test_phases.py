"""Setup and the seven phases (rules reference §1, §2, §7.1–§7.4)."""

from __future__ import annotations

import pytest

from donjon import IllegalAction
from donjon.games.caylus import activation, castle, placement
from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import P_BRIBE, P_CASTLE, P_END, P_PLACE, P_ROAD, P_SPECIAL
from donjon.games.caylus.favours import Favour
from donjon.games.caylus.placement import Joust
from donjon.games.caylus.provost import Bribe, MerchantsGuild
from tests.caylus.helpers import ID, act, bare, drive, new, passive, play_until, put_tile, texts

# -- §1 setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [3, 4, 5])
def test_s1_2_setup_deniers_by_turn_order_and_first_income(players):
    """§1.2: 5/6/6/7/7 deniers by turn-order position, 1 wood + 2 food, 6 workers; income is
    collected on turn 1 too, so the first player places with 7."""
    s = new(players, seed=3)
    for position, seat in enumerate(s.order):
        assert s.deniers[seat] == B.START_DENIERS[position] + B.INCOME
        assert s.cubes[seat] == [2, 1, 0, 0, 0]
        assert s.workers[seat] == 6
    assert s.deniers[s.order[0]] == 7
    assert s.to_move() == [s.order[0]] and s.turn == 1


def test_s1_3_two_players_start_with_five_and_alternate():
    """§1.3: both players start with 5 deniers; the turn order alternates every turn."""
    s = new(2, seed=4)
    assert s.deniers == [7, 7]
    first = s.order[0]
    play_until(s, lambda s: s.turn == 2, passive)
    assert s.order[0] != first
    play_until(s, lambda s: s.turn == 3, passive)
    assert s.order[0] == first


def test_s1_3_two_players_no_stables_and_late_cost_three():
    """§1.3: no stables with 2 players; once the opponent has passed, any building one does not
    own costs 3, the castle and special buildings included; one's own still costs 1."""
    s = new(2, seed=5)
    first, second = s.order
    assert "place Stables" not in texts(s)
    act(s, "pass")
    assert placement.base_cost(s) == 3
    put_tile(s, 9, "w-sawmill", owner=second)
    s.changed()
    s.deniers[second] = 4
    options = texts(s)
    assert "place Castle" in options and "place Gate" in options
    act(s, "place Gate")
    assert s.deniers[second] == 1
    assert texts(s) == ["pass", "place R10 Sawmill"]


def test_s1_4_road_layout():
    """§1.4: six neutral tiles on R1–R6 in random order; Peddler R7, Carpenter R8, Gold Mine R16;
    19 empty sites; bailiff and provost on R6; 28 spaces."""
    s = new(4, seed=9)
    assert sorted(s.road[:6]) == sorted(B.NEUTRAL_TILES)
    assert s.road[6] == ID["f-peddler"] and s.road[7] == ID["f-carpenter"]
    assert s.road[15] == ID["f-goldmine"]
    assert len(s.road) == 28 and s.road.count(-1) == 19 == len(B.SITES)
    assert s.bailiff == s.provost == 5
    orders = {tuple(new(4, seed=k).road[:6]) for k in range(12)}
    assert len(orders) > 1


# -- §2 phase 2: placing workers -----------------------------------------------------------------


def test_s2_p2_cost_rises_with_each_pass_and_first_passer_gains_one():
    """§2 phase 2: cost = 1 + players passed; the first to pass gains 1 denier."""
    s = new(4, seed=2)
    a, b, c, d = s.order
    money_a = s.deniers[a]
    act(s, "place Gate")
    assert s.deniers[a] == money_a - 1
    money_b = s.deniers[b]
    act(s, "pass")
    assert s.deniers[b] == money_b + 1 and s.passed == [b]
    money_c = s.deniers[c]
    act(s, "pass")
    assert s.deniers[c] == money_c  # only the first passer gains
    money_d = s.deniers[d]
    act(s, "place Trading Post")
    assert s.deniers[d] == money_d - 3  # two have passed
    assert s.to_move() == [a]  # passed players are skipped


def test_s2_p2_own_building_costs_one():
    """§2 phase 2: one's own building costs 1 whatever the bridge says, and scores nothing."""
    s = new(4, seed=2)
    a, b, c, d = s.order
    put_tile(s, 10, "w-quarry", owner=b)
    s.changed()
    act(s, "pass")  # a passes: the bridge price is now 2
    money = s.deniers[b]
    act(s, "place R11 Quarry")
    assert s.deniers[b] == money - 1 and s.score[b] == 0
    money = s.deniers[c]
    act(s, "place Gate")
    assert s.deniers[c] == money - 2


def test_s2_p2_owner_scores_when_opponent_places():
    """§2 phase 2: placing on an opponent's building: its owner gains 1 PP at once."""
    s = new(4, seed=2)
    a, b = s.order[:2]
    put_tile(s, 9, "w-sawmill", owner=b)
    s.changed()
    act(s, "place R10 Sawmill")
    assert s.score[b] == 1


def test_s2_p2_illegal_targets_and_one_worker_per_building():
    """§2 phase 2: never a residence, a prestige tile or an empty site; one worker per building."""
    s = new(4, seed=2)
    s.road[9], s.owner[9] = ID["residence"], 1
    s.road[10], s.owner[10] = ID["p-statue"], 1
    s.changed()
    options = texts(s)
    assert not any(o.startswith(("place R10", "place R11", "place R12")) for o in options)
    assert "place R7 Peddler" in options and "place R16 Gold Mine" in options
    act(s, "place R7 Peddler")
    assert "place R7 Peddler" not in texts(s)


def test_s2_p2_castle_one_worker_per_player():
    """§2 phase 2: the castle takes one worker per player, in arrival order."""
    s = new(3, seed=2)
    a, b, c = s.order
    act(s, "place Castle")
    act(s, "place Castle")
    act(s, "pass")
    assert "place Castle" not in texts(s, a)
    assert s.castle_workers == [a, b]


def test_s2_p2_stables_three_players_one_each():
    """§2 phase 2: the stables take up to 3 workers, at most one per player."""
    s = new(4, seed=2)
    a, b, c, d = s.order
    act(s, "place Stables")
    act(s, "place Stables")
    act(s, "place Stables")
    assert "place Stables" not in texts(s)  # full
    act(s, "pass")
    assert "place Stables" not in texts(s, a)


def test_s2_p2_must_pass_without_money():
    """§2 phase 2: a player who cannot pay must pass (forced, not asked)."""
    s = new(4, seed=2)
    a, b, c, d = s.order
    s.deniers[b] = 0
    act(s, "place Gate")
    assert s.passed == [b] and s.to_move() == [c]
    assert s.deniers[b] == 1  # first to pass


def test_s2_p2_six_workers():
    """§1.2 / §2 phase 2: six workers each; with none left a player must pass."""
    s = new(3, seed=2)
    seat, b, c = s.order
    s.workers[seat] = 1
    s.deniers[seat] = 50
    s.changed()
    act(s, "place Gate")
    assert s.workers[seat] == 0
    act(s, "pass")
    act(s, "pass")
    # no worker left: forced to pass without being asked
    assert s.passed == [b, c, seat] and s.phase != P_PLACE


def test_s2_p2_inn_right_pays_one_and_has_five_workers():
    """§2 phase 2, §7.4 point 15: the Inn's right-circle holder pays 1 for every placement
    (castle included, owners still score) and has only 5 workers to place."""
    s = new(4, seed=2)
    a, b, c, d = s.order
    s.inn = [-1, c]
    s.workers = [6, 6, 6, 6]
    s.workers[c] = 5
    put_tile(s, 9, "w-sawmill", owner=a)
    s.changed()
    act(s, "pass")
    act(s, "pass")
    money = s.deniers[c]
    act(s, "place Castle")
    assert s.deniers[c] == money - 1
    act(s, "pass")
    money = s.deniers[c]
    act(s, "place R10 Sawmill")
    assert s.deniers[c] == money - 1 and s.score[a] == 1


def test_s2_p2_inn_left_only_when_empty_even_with_own_right():
    """§2 phase 2: the Inn takes a worker on its left circle only; the right may hold one's own."""
    s = new(4, seed=2)
    a = s.order[0]
    s.inn = [-1, a]
    s.changed()
    act(s, "place Inn")
    assert s.inn == [a, a]
    assert "place Inn" not in texts(s)


def test_s2_new_turn_workers_reset():
    """§1.2: all six workers come home each turn; an Inn worker on the right stays there."""
    s = bare(4)
    s.inn = [-1, 2]
    s.phase = 0
    placement.new_turn(s)
    assert s.workers == [6, 6, 5, 6]


# -- §2 phase 3: special buildings ---------------------------------------------------------------


def specials(players=4, seed=2):
    """A state at the start of phase 3 with nothing placed yet."""
    s = new(players, seed)
    s.stack = []
    s.passed = list(s.order)
    s.phase = P_PLACE
    return s


def test_s2_p3_gate_moves_worker_free_and_owner_scores():
    """§2 phase 3.1, §7.4 point 14: the Gate's worker moves free to any free legal space; an
    opponent's building gives its owner 1 PP; the moved worker is used this turn."""
    s = specials()
    a, b, c, d = s.order
    s.special[0] = a
    put_tile(s, 9, "w-sawmill", owner=b)
    money = s.deniers[a]
    drive(s)
    assert s.to_move() == [a]
    options = texts(s)
    assert options[0] == "do not move" and "move to Castle" in options
    assert "move to Gate" not in options and "move to R10 Sawmill" in options
    act(s, "move to Trading Post")
    # the Trading Post resolves after the Gate: +3; then the provost phase asks ``a`` first
    assert s.deniers[a] == money + 3 and s.special[0] == -1
    assert s.phase == P_BRIBE and s.to_move() == [a]


def test_s2_p3_gate_to_opponent_building():
    """§7.4 point 14: moving onto an opponent's building gives that owner 1 PP."""
    s = specials()
    a, b, c, d = s.order
    s.special[0] = a
    put_tile(s, 9, "w-sawmill", owner=b)
    drive(s)
    act(s, "move to R10 Sawmill")
    assert s.score[b] == 1 and s.occupant[9] == a and s.phase == P_BRIBE


def test_s2_p3_gate_not_to_castle_twice():
    """§7.4 point 14: not to the castle if the player already has a castle worker."""
    s = specials()
    a = s.order[0]
    s.special[0] = a
    s.castle_workers = [a]
    drive(s)
    assert "move to Castle" not in texts(s)


def test_s2_p3_trading_post_three_deniers():
    """§3.1 S2: the Trading Post gives 3 deniers."""
    s = specials()
    a = s.order[0]
    s.special[1] = a
    money = s.deniers[a]
    s.cursor = B.TRADING
    s.phase = P_SPECIAL
    placement.step_special(s)
    assert s.deniers[a] == money + 3


def test_s2_p3_guild_moves_provost_free_within_limits():
    """§2 phase 3.3, §7.1 point 1: the Guild moves the provost up to 3 either way, free, never
    before R1 nor past R28."""
    s = bare()
    s.provost = 1
    s.stack.append(MerchantsGuild(0))
    drive(s)
    assert texts(s, 0) == ["provost -1", "leave provost", "provost +1", "provost +2",
                           "provost +3"]
    act(s, "provost +3")
    assert s.provost == 4 and s.deniers[0] == 0
    s.provost = 26
    s.stack.append(MerchantsGuild(0))
    drive(s)
    assert texts(s, 0)[-1] == "provost +1"


def test_s2_p3_joust_one_denier_one_cloth_for_a_favour():
    """§2 phase 3.4: the Joust Field: 1 denier + 1 cloth for 1 favour."""
    s = bare()
    s.deniers[0] = 1
    s.cubes[0] = [0, 0, 0, 1, 0]
    s.stack.append(Joust(0))
    drive(s)
    assert texts(s, 0) == ["joust: 1 denier + 1 cloth for a favour", "do not joust"]
    act(s, "joust: 1 denier + 1 cloth for a favour")
    assert s.deniers[0] == 0 and s.cubes[0][B.CLOTH] == 0
    assert texts(s, 0)[0].startswith("favour")


def test_s2_p3_joust_needs_cloth():
    """§7.5 point 17: the cloth must already be owned."""
    s = bare()
    s.deniers[0] = 5
    s.stack.append(Joust(0))
    drive(s)
    assert s.to_move() == []


def test_s2_p3_stables_reorder_not_pairwise():
    """§2 phase 3.5 and §7.8 (Mankalas's pairwise swap): order R,G,O,B with Blue on stable 1 and
    Red on stable 2 gives B,R,G,O."""
    s = specials()
    red, green, orange, blue = 0, 1, 2, 3
    s.order = [red, green, orange, blue]
    s.stables = [blue, red]
    s.phase = P_SPECIAL
    s.cursor = B.STABLES
    placement.step_special(s)
    assert s.order == [blue, red, green, orange]


def test_s2_p3_inn_left_moves_right_and_displaces():
    """§2 phase 3.6: a worker on the left circle moves to the right; the one there goes home."""
    s = specials()
    s.inn = [1, 2]
    s.phase = P_SPECIAL
    s.cursor = B.INN
    placement.step_special(s)
    assert s.inn == [-1, 1]


def test_s2_p3_inn_right_may_stay_or_leave():
    """§2 phase 3.6: with nobody on the left, the right-circle holder stays or leaves."""
    s = bare()
    s.inn = [-1, 2]
    s.phase = P_SPECIAL
    s.cursor = B.INN
    placement.step_special(s)
    s.phase = 99
    drive(s)
    assert texts(s, 2) == ["stay at the inn", "leave the inn"]
    act(s, "leave the inn")
    assert s.inn == [-1, -1]


# -- §2 phase 4: the provost ---------------------------------------------------------------------


def test_s2_p4_bribe_in_passing_order_one_denier_per_space():
    """§2 phase 4: in passing order, each may pay 1 denier per space (1–3) either way."""
    s = new(4, seed=2)
    a, b, c, d = s.order
    s.deniers = [9, 9, 9, 9]
    s.deniers[c] = 2
    s.changed()
    act(s, "pass")
    act(s, "pass")
    # c cannot pay 3: forced to pass (not asked); then d
    assert s.passed == [a, b, c] and s.to_move() == [d]
    act(s, "pass")
    # phase 3 is empty; phase 4 asks the passers in passing order
    assert s.phase == P_BRIBE and s.to_move() == [a]
    assert texts(s) == ["do not bribe", "bribe provost -3", "bribe provost -2",
                        "bribe provost -1", "bribe provost +1", "bribe provost +2",
                        "bribe provost +3"]
    act(s, "bribe provost +2")
    assert s.provost == 7 and s.deniers[a] == 9 + 1 - 2
    assert s.to_move() == [b]
    act(s, "do not bribe")
    assert s.to_move() == [c] and texts(s) == ["do not bribe", "bribe provost -2",
                                              "bribe provost -1", "bribe provost +1",
                                              "bribe provost +2"]


def test_s7_1_provost_can_reach_r28():
    """§7.1 point 1, §7.8 (pindia's `< LAST_SPACE`): the provost may stop on R28."""
    s = bare()
    s.provost = 25
    s.deniers[0] = 3
    s.stack.append(Bribe(0))
    drive(s)
    assert "bribe provost +2" in texts(s, 0) and "bribe provost +3" not in texts(s, 0)
    act(s, "bribe provost +2")
    assert s.provost == 27


def test_s7_1_provost_never_before_r1():
    """§7.1 point 1: R1 is the lowest; the provost never reaches the bridge."""
    s = bare()
    s.provost = 1
    s.deniers[0] = 3
    s.stack.append(Bribe(0))
    drive(s)
    assert "bribe provost -1" in texts(s, 0) and "bribe provost -2" not in texts(s, 0)


# -- §2 phase 5: activation ----------------------------------------------------------------------


def test_s2_p5_beyond_provost_nothing_and_no_refund():
    """§2 phase 5, §7.2 point 4: workers beyond the provost return with no effect; costs are
    not refunded and owners keep their PP."""
    s = new(4, seed=2)
    a, b, c, d = s.order
    put_tile(s, 9, "w-sawmill", owner=b)
    s.changed()
    money = s.deniers[a]
    act(s, "place R10 Sawmill")
    assert s.score[b] == 1 and s.deniers[a] == money - 1
    while s.phase == P_PLACE:
        act(s, "pass")
    while s.phase == P_BRIBE:
        act(s, "do not bribe")
    # the provost stayed on R6: the Sawmill on R10 did nothing; a new turn has begun
    assert s.turn == 2 and s.cubes[a][B.WOOD] == 1 and s.score[b] == 1
    assert s.deniers[a] == money - 1 + B.INCOME and s.occupant[9] == -1


def test_s2_p5_r1_always_activates():
    """§7.1 / §2 phase 4: the provost's lowest space is R1, so R1 always activates."""
    s = bare()
    s.road[0] = ID["n-sawmill"]
    s.occupant[0] = 1
    s.provost = 0
    s.phase = P_ROAD
    s.cursor = 0
    activation.step_road(s)
    assert s.cubes[1][B.WOOD] == 1


# -- §2 phase 6: the castle ----------------------------------------------------------------------


def castle_state(players=4):
    s = bare(players)
    s.phase = P_CASTLE
    s.cursor = 0
    return s


def test_s2_p6_batch_is_food_plus_two_different():
    """§2 phase 6, §4.1 (seed 000): a batch is 3 different cubes, one of them food."""
    s = castle_state()
    s.castle_workers = [0]
    s.cubes[0] = [2, 2, 0, 0, 1]
    castle.step_castle(s)
    s.phase = 99
    drive(s)
    assert texts(s, 0) == ["stop delivering", "deliver food+wood+gold"]
    act(s, "deliver food+wood+gold")
    assert s.score[0] == 5 and s.houses[0][0] == 1 and s.filled[0] == 1
    assert s.to_move() == []  # no second batch possible: auto stop


def test_s2_p6_spill_over_scores_where_the_house_lands():
    """§2 phase 6 point 4: one house completes the Dungeon, one spills to the Walls: 5 + 4."""
    s = castle_state()
    s.filled[0] = 5
    s.castle_workers = [0]
    s.cubes[0] = [2, 2, 2, 0, 0]
    castle.step_castle(s)
    s.phase = 99
    drive(s)
    act(s, "deliver food+wood+stone")
    act(s, "deliver food+wood+stone")
    assert s.score[0] == 9 and s.filled == [6, 1, 0]
    assert s.houses[0][0] == 1 and s.houses[1][0] == 1


def test_s2_p6_empty_castle_worker_loses_two_never_below_zero():
    """§2 phase 6 point 5: a castle worker who delivers nothing loses 2 PP (floor 0)."""
    s = castle_state()
    s.castle_workers = [0, 1]
    s.score = [1, 5, 0, 0]
    s.cubes[0] = [1, 1, 1, 0, 0]
    drive(s)
    act(s, "stop delivering")
    assert s.score[0] == 0 and s.score[1] == 3


def test_s2_p6_no_penalty_when_towers_full():
    """§2 phase 6 point 5, §7.6 point 25: no penalty when no room is left in the castle."""
    s = castle_state()
    s.section = 2
    s.filled = [6, 10, 14]
    s.castle_workers = [0]
    s.score = [5, 0, 0, 0]
    s.cubes[0] = [3, 3, 3, 3, 3]
    drive(s)  # runs on: the Towers are full, so they are scored and the game ends
    keys = [key for key, _ in s.events]
    assert "castle" not in keys[-6:] and "castle_empty" not in keys
    assert s.final[0]["gold"] == 9  # the cubes were kept


def test_s2_p6_best_builder_ties_to_earliest_arrival():
    """§2 phase 6 point 6: the most batches this turn gains 1 favour; ties: earliest arrival;
    nobody gets it when nobody delivered."""
    s = castle_state()
    s.castle_workers = [2, 1]
    s.cubes[2] = [1, 1, 1, 0, 0]
    s.cubes[1] = [1, 1, 1, 0, 0]
    drive(s)
    act(s, "deliver food+wood+stone", seat=2)
    act(s, "deliver food+wood+stone", seat=1)
    assert s.to_move() == [2] and texts(s, 2)[0].startswith("favour")


def test_s2_p6_no_best_builder_without_batches():
    """§2 phase 6 point 6 (UNCONFIRMED; option ``best_builder``, default): no batch, no
    favour."""
    s = castle_state()
    s.castle_workers = [2]
    drive(s)
    keys = [key for key, _ in s.events]
    assert "castle_empty" in keys and "best_builder" not in keys
    assert not any(isinstance(f, Favour) for f in s.stack)


# -- §2 phase 7: bailiff and provost -------------------------------------------------------------


@pytest.mark.parametrize(("provost", "bailiff", "moved"), [(9, 7, 2), (7, 7, 1), (5, 7, 1)])
def test_s2_p7_bailiff_moves_two_if_provost_ahead_else_one(provost, bailiff, moved):
    """§2 phase 7, §7.1 point 3: +2 when the provost is strictly ahead, else +1; the provost
    then joins the bailiff."""
    s = bare()
    s.phase = P_END
    s.cursor = 0
    s.provost, s.bailiff = provost, bailiff
    castle.step_end(s)
    assert s.bailiff == bailiff + moved and s.provost == s.bailiff


def test_s2_placing_is_refused_clearly_for_wrong_seat():
    """§2 phase 2: only the seat in turn may place."""
    s = new(4, seed=2)
    other = s.order[1]
    with pytest.raises(IllegalAction, match="not to move"):
        s.apply(other, "pass")
