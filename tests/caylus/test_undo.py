"""Undo (engine contract v2, Board Game Arena's rule): Caylus hides nothing after setup and draws
no chance after it, so a move may be taken back while it is still its player's turn. What a turn
is, phase by phase:

- placing workers (§2 phase 2): one worker placed, or a pass, is a whole turn, even when the
  same player places again because everyone else has passed;
- the special buildings (§2 phase 3) and the provost (§2 phase 4): one decision each; the Joust
  Field's turn runs on through the favour it buys;
- the road (§2 phase 5): the decisions of one building's activation (a Peddler's two purchases,
  what a Carpenter builds and the favours printed on it);
- the castle (§2 phase 6): one player's deliveries, until they stop;
- favours: those one event gives a player (a section scoring, a tile's printed favours) and what
  they build.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from donjon import IllegalAction
from donjon.engine.action import Action
from donjon.games.caylus.activation import Buy
from donjon.games.caylus.favours import Favour
from donjon.games.caylus.state import CaylusState
from tests.caylus.helpers import new

Found = tuple[CaylusState, CaylusState, int, Action]


def first_move(wanted: Callable[[CaylusState, CaylusState, int, Action], bool],
               players: int = 3, games: int = 80) -> Found:
    """The first move of random play (fixed seeds) for which ``wanted(before, after, seat,
    action)`` holds."""
    for seed in range(games):
        s = new(players, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_move()[0]
            action = rng.choice(s.legal_actions(seat))
            before = s.clone()
            s.apply(seat, action)
            if wanted(before, s, seat, action):
                return before, s, seat, action
    raise AssertionError("no such move in the games searched")


def still_to_move(after: CaylusState, seat: int) -> bool:
    return after.to_move() == [seat]


def assert_taken_back(found: Found) -> None:
    before, after, seat, action = found
    assert after.can_undo(seat), f"{action.text!r} should be undoable"
    after.undo(seat)
    assert after == before
    assert after.view(None) == before.view(None)


def test_placing_a_worker_is_a_whole_turn_even_twice_in_a_row():
    """§2 phase 2: one action per turn; with 2 players, once the opponent has passed the same
    player places again, but each placement still ends a turn."""
    before, after, seat, action = first_move(
        lambda b, a, seat, act: act.kind == "place" and still_to_move(a, seat), players=2)
    assert not after.can_undo(seat)
    with pytest.raises(IllegalAction, match="no move it may take back"):
        after.undo(seat)


@pytest.mark.parametrize("kind", ["place", "pass", "gate", "guild", "bribe", "no-bribe", "stop"])
def test_single_decision_turns_are_final(kind):
    """§2 phases 2–4 and 6: a placement, a pass, the Gate, the Guild, a bribe, the end of one's
    deliveries cannot be taken back."""
    _, after, seat, _ = first_move(lambda b, a, seat, act: act.kind == kind)
    assert not after.can_undo(seat)


def test_a_peddler_purchase_may_be_taken_back_until_the_activation_ends():
    """§3.4 wood Peddler: the first cube bought may be taken back while the second purchase is
    still to decide; the end of the activation is final."""
    assert_taken_back(first_move(
        lambda b, a, seat, act: act.kind == "buy" and isinstance(a.pending(), Buy)))
    _, after, seat, _ = first_move(
        lambda b, a, seat, act: act.kind == "no-buy" and b.can_undo(seat))
    assert not after.can_undo(seat)


def test_a_castle_delivery_may_be_taken_back_while_delivering():
    """§2 phase 6: a player's batches are one turn, until they stop delivering."""
    assert_taken_back(first_move(
        lambda b, a, seat, act: act.kind == "deliver" and still_to_move(a, seat)))


def test_the_joust_may_be_taken_back_until_its_favour_is_chosen():
    """§2 phase 3.4: paying for the joust and choosing its favour are one turn."""
    found = first_move(lambda b, a, seat, act: act.kind == "joust")
    assert isinstance(found[1].pending(), Favour)
    assert_taken_back(found)
    _, after, seat, _ = first_move(
        lambda b, a, seat, act: act.kind == "favour" and b.moves[-1:] != []
        and b.moves[-1][1].kind == "joust" and not still_to_move(a, seat))
    assert not after.can_undo(seat)


def test_favours_of_one_event_are_one_turn():
    """§4.2, §5: a player owed several favours at once may take back an earlier choice while
    the later ones are pending."""
    def owed(state: CaylusState, seat: int) -> int:
        return sum(isinstance(f, Favour) and f.seat == seat for f in state.stack)

    assert_taken_back(first_move(
        lambda b, a, seat, act: act.kind == "favour" and owed(b, seat) >= 2, players=4))


def test_nobody_takes_back_another_players_move():
    """Undo is for the player whose turn it still is."""
    _, after, seat, _ = first_move(
        lambda b, a, seat, act: act.kind == "deliver" and still_to_move(a, seat))
    others = [s for s in range(after.players) if s != seat]
    assert all(not after.can_undo(s) for s in others)
