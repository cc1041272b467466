"""``donjon.engine.playout.play_random``: random play, the same as through the public contract
(``to_move``, ``legal_actions``, ``apply``) draw for draw and field for field."""

from __future__ import annotations

import random

import pytest

import donjon
from donjon.engine.playout import play_random


def by_hand(state, rng, limit=-1):
    """The same play written out: the mover drawn among several, then a legal action; a single
    legal action is played without a draw."""
    played = 0
    while played != limit and not state.is_over():
        movers = state.to_move()
        seat = movers[int(rng.random() * len(movers))] if len(movers) > 1 else movers[0]
        legal = state.legal_actions(seat)
        action = legal[int(rng.random() * len(legal))] if len(legal) > 1 else legal[0]
        state.apply(seat, action)
        played += 1
    return played


@pytest.mark.parametrize("name", donjon.games())
def test_a_random_game_is_played_to_its_end_with_the_draws_written_out(name):
    game = donjon.load(name)
    for seed in range(3):
        players = game.min_players + seed % (game.max_players - game.min_players + 1)
        state, expected = game.new_game(players, seed=seed), game.new_game(players, seed=seed)
        rng, same = random.Random(seed), random.Random(seed)
        decisions = play_random(state, rng)
        assert state.is_over() and decisions == by_hand(expected, same) > 0
        assert state.moves == expected.moves and state.result() == expected.result()
        assert state == expected  # every field, the log and the undo barrier with them
        assert rng.getstate() == same.getstate()  # not one draw more or less


@pytest.mark.parametrize("name", donjon.games())
def test_each_move_leaves_the_state_apply_leaves(name):
    """The loop applies the drawn action by its index in the legal actions, not through
    ``apply``: after every move, the same state (undo barrier included) as ``apply``'s, and the
    same legal actions offered next."""
    game = donjon.load(name)
    state, expected = game.new_game(game.max_players, seed=11), game.new_game(game.max_players,
                                                                             seed=11)
    rng, same = random.Random(5), random.Random(5)
    while not state.is_over():
        assert play_random(state, rng, 1) == 1 == by_hand(expected, same, 1)
        assert state == expected and state._barrier == expected._barrier
        for seat in expected.to_move():
            assert state.legal_actions(seat) == expected.legal_actions(seat)


def test_the_play_stops_after_the_limit_and_goes_on_from_there():
    game = donjon.load("citadels")
    state, expected = game.new_game(5, seed=4), game.new_game(5, seed=4)
    rng, same = random.Random(1), random.Random(1)
    assert play_random(state, rng, 40) == 40 == by_hand(expected, same, 40)
    assert len(state.moves) == 40 and not state.is_over()
    play_random(state, rng)
    by_hand(expected, same)
    assert state.moves == expected.moves and state.is_over()


def test_a_finished_game_plays_nothing():
    state = donjon.load("castle-rooms").new_game(2, seed=3)
    play_random(state, random.Random(0))
    moves = list(state.moves)
    assert play_random(state, random.Random(0)) == 0 and state.moves == moves
