"""Taking moves back (Board Game Arena's rule) in Die Glücksritter: a secret choice may change
until the reveal; nothing that showed anyone a card is taken back (§3.2, §3.3, §4, §5).

``undo`` replays the game from its seed, so a scenario set up by hand (``table``) asks only
``can_undo``; undoing itself is shown on games played from the start."""

from __future__ import annotations

import pytest

from donjon import IllegalAction
from tests.gluecksritter.helpers import GAME, choose, table


def test_s3_2_a_secret_choice_may_change_until_the_reveal():
    """§3.2: a seat that has chosen its two cards may take them back while others still choose,
    although others chose since; their choices stand."""
    state = GAME.new_game(3, seed=4)
    state.apply(0, "choose 2 and 5")
    state.apply(1, "choose 1 and 3")
    assert state.can_undo(0) and state.can_undo(1) and not state.can_undo(2)
    state.undo(0)
    assert state.to_move() == [0, 2] and state.choice[1] == [1, 3] and state.choice[0] == []
    state.apply(0, "choose 4 and 6")
    assert state.choice[0] == [4, 6]


def test_s3_3_a_committed_red_document_may_be_taken_back_until_the_reveal():
    """§3.3: a red Document committed face down goes back to the hand on undo, although others
    chose since."""
    state = table(3, docs=[["Windfall"], [], []])
    state.apply(0, "commit Windfall")
    state.apply(1, "choose 1 and 3")
    assert state.can_undo(0) and state.can_undo(1)
    state.apply(0, "choose 2 and 3")
    assert state.can_undo(0) and not state.can_undo(2)


def test_s3_2_the_last_choice_reveals_every_card_and_stands():
    """§3.2, §3.4: the last choice turns every card up: it is never taken back, even by a seat
    that is the first to decide after it."""
    state = table(3, silver=[0, 2, 2], gold=[3, 2, 2])
    choose(state, {1: (5, 6), 2: (5, 6)})
    state.apply(0, "choose 1 and 3")
    assert state.to_move() == [0]  # first to buy a tower
    assert not state.can_undo(0)
    with pytest.raises(IllegalAction):
        state.undo(0)


def test_s3_3_the_last_red_target_before_the_reveal_stands():
    """§3.3, §3.4: choosing the last red Document's target leads to the reveal of the action
    cards; the move stands even though its seat decides next."""
    state = table(3, docs=[["Blockade"], [], []], silver=[0, 2, 2], gold=[3, 2, 2])
    choose(state, {0: (1, 3), 1: (5, 6), 2: (5, 6)}, commits={0: ["Blockade"]})
    state.apply(0, "block field 2")
    assert state.to_move() == [0] and state.revealed[0] == [1, 3]
    assert not state.can_undo(0)


def test_s3_2_a_public_move_is_taken_back_only_while_nobody_moved_since():
    """§4 dungeon: paying the ransom is public; it may be taken back at once, not after another
    seat moved."""
    state = table(3, jailed=[True, False, False])
    state.apply(0, "pay the ransom of 4")
    assert state.can_undo(0)
    state.apply(1, "choose 1 and 3")
    assert not state.can_undo(0)


@pytest.mark.parametrize("move", ["play Pardon", "play Gift to seat 1"])
def test_s5_a_yellow_document_played_face_up_stands(move):
    """§5: a yellow Document played shows the card: never taken back."""
    state = table(3, docs=[["Pardon", "Gift"], [], []], jailed=[True, False, False])
    state.apply(0, move)
    assert not state.can_undo(0)


def test_s4_a_bought_document_stands():
    """§4 field 1: the buyer has seen the Document bought: the purchase stands."""
    state = table(3)
    choose(state, {0: (1, 5), 1: (1, 6), 2: (2, 3)})
    state.apply(0, "buy a Document for 4")
    assert not state.can_undo(0)


def test_s4_a_purchase_of_pieces_may_be_taken_back_while_still_to_decide():
    """§4 fields 2/3: buying walls shows nothing; while its seat still decides (towers next) it
    may be taken back."""
    state = table(3, silver=[0, 2, 2], gold=[7, 2, 2])
    choose(state, {0: (2, 3), 1: (5, 6), 2: (5, 6)})
    state.apply(0, "buy 1 wall for 4")
    assert state.to_move() == [0] and state.can_undo(0)
    state.apply(0, "buy no tower")
    assert not state.can_undo(0)
