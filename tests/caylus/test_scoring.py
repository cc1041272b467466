"""Section scoring, the end of the game and final scoring (rules reference §4, §6)."""

from __future__ import annotations

import random

import pytest

from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import P_CASTLE, P_END
from donjon.games.caylus.favours import Favour
from tests.caylus.helpers import act, bare, drive, new, texts


def scoring_state(section: int, houses: list[int], score=None):
    s = bare()
    s.section = s.scored = section
    s.houses[section] = list(houses)
    s.filled[section] = sum(houses)
    if score is not None:
        s.score = list(score)
    s.phase = P_END
    s.cursor = 1
    s.bailiff = B.SECTION_TRIGGER[section]
    s.order = [0, 1, 2, 3]
    return s


def count_favours(s, seat):
    n = 0
    while s.to_move() == [seat] and isinstance(s.pending(), Favour):
        act(s, texts(s, seat)[0], seat=seat)
        n += 1
    return n


@pytest.mark.parametrize(
    ("section", "houses", "favours"),
    [
        (0, 2, 1), (0, 6, 1),
        (1, 2, 1), (1, 3, 2), (1, 4, 2), (1, 5, 3),
        (2, 2, 1), (2, 3, 1), (2, 4, 2), (2, 5, 2), (2, 6, 3),
    ],
)
def test_s4_2_section_favours(section, houses, favours):
    """§4.2 (and seed 000): Dungeon 2+ → 1; Walls 2/3/5 → 1/2/3; Towers 2/4/6 → 1/2/3."""
    s = scoring_state(section, [houses, 1, 1, 1])
    drive(s)
    assert s.scoring == section
    assert count_favours(s, 0) == favours


@pytest.mark.parametrize(("section", "penalty"), [(0, 2), (1, 3), (2, 4)])
def test_s4_2_section_penalty_no_house_never_below_zero(section, penalty):
    """§4.2 and §7.8 (pindia forgets the clamp): no house costs 2/3/4 PP, the score never
    drops below 0; a single house is neither penalised nor rewarded."""
    s = scoring_state(section, [0, 0, 1, 1], score=[10, 1, 5, 5])
    drive(s)
    assert s.score[0] == 10 - penalty
    assert s.score[1] == 0
    assert s.score[2] == 5


def test_s2_p7_scored_when_bailiff_reaches_trigger():
    """§2 phase 7 point 3: the Dungeon is scored when the bailiff reaches R12."""
    s = bare()
    s.phase = P_END
    s.cursor = 0
    s.bailiff = s.provost = 10
    drive(s)
    assert s.scored == 1 and s.section == 1
    s2 = bare()
    s2.phase = P_END
    s2.cursor = 0
    s2.bailiff = s2.provost = 9
    drive(s2)
    assert s2.scored == 0


def test_s2_p7_scored_when_section_full():
    """§4.1: a full section is scored at the end of the turn; play moves to the next one."""
    s = bare()
    s.filled[0] = 6
    s.houses[0] = [3, 3, 0, 0]
    s.order = [0, 1, 2, 3]
    s.phase = P_END
    s.cursor = 0
    drive(s)
    assert s.scoring == 0
    assert count_favours(s, 0) == 1 and count_favours(s, 1) == 1
    assert s.scored == 1 and s.section == 1


def test_s4_2_section_scored_once_gaps_stay():
    """§4.2: a scored section is not scored again; its gaps stay empty (houses go on)."""
    s = bare()
    s.section = s.scored = 1
    s.filled[0] = 3
    s.castle_workers = [0]
    s.cubes[0] = [1, 1, 1, 0, 0]
    s.phase = P_CASTLE
    s.cursor = 0
    drive(s)
    act(s, "deliver food+wood+stone")
    assert s.filled == [3, 1, 0] and s.score[0] == 4


def test_s4_2_two_sections_due_sequential_by_default():
    """§4.2 open case (option ``scoring``): Dungeon reached by the bailiff and Walls full the same
    turn: both scored in order by default; one per turn with ``one-per-turn``."""
    for option, expected in (("sequential", 2), ("one-per-turn", 1)):
        s = bare(scoring=option)
        s.filled = [6, 10, 0]
        s.phase = P_END
        s.cursor = 0
        s.bailiff = s.provost = 10
        drive(s)
        assert s.scored == expected, option


def test_s6_game_ends_after_towers_with_final_bonuses():
    """§6: after the Towers are scored: 3 PP per gold, 1 per 3 other cubes, 1 per 4 deniers."""
    s = bare()
    s.section = s.scored = 2
    s.houses[2] = [1, 1, 1, 1]
    s.cubes[0] = [2, 2, 1, 0, 2]
    s.deniers[0] = 9
    s.score[0] = 10
    s.phase = P_END
    s.cursor = 0
    s.bailiff = s.provost = 22
    drive(s)
    assert s.is_over() and s.to_move() == []
    assert s.score[0] == 10 + 6 + 1 + 2
    assert s.result().details["final_bonus"][0] == {"gold": 6, "cubes": 1, "deniers": 2}


def test_s6_ties_share_the_victory():
    """§6: no tie-breaker: every tied player wins."""
    s = bare()
    s.section = s.scored = 2
    s.houses[2] = [1, 1, 1, 1]
    s.score = [20, 20, 5, 20]
    s.phase = P_END
    s.cursor = 0
    s.bailiff = s.provost = 22
    drive(s)
    result = s.result()
    assert result.ranks == (1, 1, 4, 1) and result.winners == [0, 1, 3]


def test_s2_game_length_at_most_eighteen_turns():
    """§2 phase 7 bounds: the bailiff moves 1–2 a turn from R6, so at most 18 turns."""
    for seed in range(3):
        s = new(3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_move()[0]
            legal = s.legal_actions(seat)
            s.apply(seat, legal[rng.randrange(len(legal))])
        assert 1 <= s.turn <= 18
        assert s.bailiff <= B.SECTION_TRIGGER[2]
