"""``State.shared_view``: the part of the views every seat sees alike is made once a position
and shared by the seats' views; a view served from it is always the view of the position as it
stands (after a move, an undo, a hand-made change), and one seat's view is its own dict."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import donjon
from tests.contract.helpers import cases, random_step

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
CASES = cases()
IDS = [f"{name}-{n}p" for name, n in CASES]


def _views(state) -> list[dict]:
    return [state.view(seat) for seat in [None, *range(state.players)]]


def _made_afresh(state) -> list[dict]:
    """The same views with nothing remembered: from a clone, which starts with no memo."""
    return _views(state.clone())


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@settings(max_examples=1, deadline=None)
@given(seed=SEEDS)
def test_views_follow_every_move_and_undo(name, players, seed):
    state = donjon.load(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over() and steps < 400:
        assert _views(state) == _made_afresh(state), f"a stale view after {steps} moves"
        seat, _ = random_step(state, rng)
        steps += 1
        if rng.random() < 0.2 and state.can_undo(seat):
            state.undo(seat)
            steps += 1
            assert _views(state) == _made_afresh(state), "a stale view after an undo"
    assert _views(state) == _made_afresh(state)


@pytest.mark.parametrize("name", donjon.games())
def test_each_seat_gets_its_own_view(name):
    game = donjon.load(name)
    state = game.new_game(game.min_players, seed=3)
    rng = random.Random(3)
    for _ in range(6):
        if not state.is_over():
            random_step(state, rng)
    first, second = state.view(0), state.view(1)
    first["scribbled"] = True
    assert "scribbled" not in state.view(1) and "scribbled" not in second
    assert "scribbled" not in state.view(0), "a caller's change reached the next view"


def test_a_public_board_is_made_once_a_position():
    """Caylus hides nothing: every seat's view holds the one board made for the position."""
    state = donjon.load("caylus").new_game(3, seed=5)
    rng = random.Random(5)
    random_step(state, rng)
    views = [state.view(seat) for seat in (None, 0, 1, 2)]
    assert all(view["road"] is views[0]["road"] for view in views)
    assert [view["seat"] for view in views] == [None, 0, 1, 2]
    random_step(state, rng)
    assert state.view(0)["road"] is not views[0]["road"], "a move must make the board again"
    # a scenario edits fields by hand, then says so (``changed``): the board is made again
    deniers = state.view(0)["holdings"][1]["deniers"]
    state.deniers[1] += 7
    state.changed()
    assert state.view(0)["holdings"][1]["deniers"] == deniers + 7
    assert state.view(2)["holdings"] is state.view(0)["holdings"]
