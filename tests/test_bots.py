"""Bots: they only play legal actions, see only what their seat may, and play to a standard."""

from __future__ import annotations

import random

import pytest

import donjon
from donjon.arena.simulate import simulate
from donjon.bots import RandomBot, bot_names, decide, make_bot


@pytest.mark.parametrize("name", donjon.games())
@pytest.mark.parametrize("bot", ["random", "heuristic"])
def test_bots_play_whole_games_legally(name, bot):
    game = donjon.load(name)
    for players in (game.min_players, game.max_players):
        state = game.new_game(players, seed=players)
        bots = [make_bot(game, bot, seed=s) for s in range(players)]
        rng = random.Random(0)
        while not state.is_over():
            seat = state.to_move()[0]
            action = decide(bots[seat], state, seat, rng)
            assert action in state.legal_actions(seat)
            state.apply(seat, action)


def test_non_blind_bots_never_receive_the_true_state():
    game = donjon.load("castle-rooms")
    seen = []

    class Spy:
        blind = False
        name = "spy"

        def choose(self, state, seat):
            seen.append(state)
            return state.legal_actions(seat)[0]

    state = game.new_game(3, seed=4)
    seat = state.to_move()[0]
    decide(Spy(), state, seat, random.Random(1))
    assert seen[0] is not state and seen[0].seed is None and seen[0].moves == []


def test_unknown_bot_is_refused_with_the_list():
    game = donjon.load("castle-rooms")
    with pytest.raises(ValueError, match="heuristic"):
        make_bot(game, "genius")
    assert {"random", "heuristic", "ismcts"} <= set(bot_names(game))


def test_random_bot_is_uniform_over_legal_actions():
    bot = RandomBot(seed=3)
    picks = [bot.choose_from(["a", "b", "c"]) for _ in range(3000)]
    assert all(800 < picks.count(x) < 1200 for x in "abc")


def test_castle_rooms_heuristic_beats_three_random_bots():
    """One heuristic against three random players wins far more than its 25 % share."""
    summary = simulate("castle-rooms", 120, 4, ["heuristic", "random", "random", "random"], seed=9)
    assert summary.win_rate("heuristic") > 0.7


def test_ismcts_beats_random_at_castle_rooms():
    game = donjon.load("castle-rooms")
    wins = 0
    for seed in range(6):
        state = game.new_game(2, seed=seed)
        bots = [make_bot(game, "ismcts", seed=seed, iterations=60), RandomBot(seed=seed)]
        if seed % 2:
            bots.reverse()
        rng = random.Random(seed)
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, decide(bots[seat], state, seat, rng))
        ismcts_seat = 1 if seed % 2 else 0
        wins += state.result().ranks[ismcts_seat] == 1
    assert wins >= 5
