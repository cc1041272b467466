"""OpenSpiel's own test suite and bots over every game that has a research module."""

from __future__ import annotations

import pytest

from donjon.engine.research import research, research_games
from tests.adapters.helpers import CASES, IDS, need

pytestmark = pytest.mark.research

pyspiel = need("pyspiel")
np = need("numpy")
openspiel = need("donjon.adapters.openspiel")


def _load(name: str, players: int, **options):
    return pyspiel.load_game(openspiel.short_name(name), {"players": players, **options})


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_random_sim_test(name, players):
    """OpenSpiel's random simulation test: API consistency, clones, masks, observations and
    information states of every player at every step, serialisation round trips."""
    pyspiel.random_sim_test(_load(name, players), num_sims=5, serialize=True, verbose=False)


@pytest.mark.parametrize("name", research_games())
def test_heuristic_plays_uniform_random_in_evaluate_bots(name):
    from open_spiel.python.algorithms.evaluate_bots import evaluate_bots

    game = _load(name, 3)  # every game plays at three
    players = game.num_players()
    rng = np.random.RandomState(5)
    heuristic, others = 0.0, 0.0
    rounds = 6
    for i in range(rounds):
        seat = i % players
        bots = [openspiel.DonjonBot(game, s, "heuristic", seed=i) if s == seat
                else pyspiel.make_uniform_random_bot(s, 100 * i + s) for s in range(players)]
        returns = evaluate_bots(game.new_initial_state(), bots, rng)
        assert all(0.0 <= r <= 1.0 for r in returns)
        heuristic += returns[seat]
        others += (sum(returns) - returns[seat]) / (players - 1)
    assert heuristic > others, f"heuristic {heuristic / rounds:.2f}, random {others / rounds:.2f}"


def test_games_register_with_their_options_and_player_range():
    assert set(openspiel.register()) >= {"donjon_castle_rooms"}
    game = _load("castle-rooms", 2, win_rooms=5, hand_limit="exactly")
    assert game.num_players() == 2
    assert game.num_distinct_actions() == len(research("castle-rooms", 2).actions)
    assert game.get_type().max_num_players == 4
    with pytest.raises(ValueError, match="choose one of"):
        _load("castle-rooms", 2, hand_limit="sometimes")
    with pytest.raises(ValueError, match="2–4 players"):
        _load("castle-rooms", 7)


def test_serialising_a_state_round_trips_through_its_record():
    game = _load("castle-rooms", 3)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    for _ in range(4 + 25):
        state.apply_action(rng.choice(state.legal_actions()))
    text = pyspiel.serialize_game_and_state(game, state)
    copy_game, copy = pyspiel.deserialize_game_and_state(text)
    assert str(copy) == str(state) and copy.history() == state.history()
    assert copy.table.state == state.table.state
    for seat in range(3):
        assert copy.observation_tensor(seat) == state.observation_tensor(seat)
        assert copy.information_state_string(seat) == state.information_state_string(seat)


def test_tensors_and_strings_come_from_the_seat_view():
    game = _load("castle-rooms", 2)
    state = game.new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == openspiel.SEED_OUTCOMES
    for byte in (0, 0, 1, 2):
        state.apply_action(byte)
    table = state.table
    assert table.state.seed == 258
    description = research("castle-rooms", 2)
    for seat in range(2):
        assert state.observation_tensor(seat) == pytest.approx(
            description.observe(table.state.view(seat)))
        assert state.observation_string(seat) == table.observation_string(seat)
        info = state.information_state_string(seat)
        assert info.startswith(f"castle-rooms 2p seat {seat}")
    mover = state.current_player()
    state.apply_action(state.legal_actions()[0])
    info = state.information_state_string(mover)
    assert "\n> " in info  # the seat's own move, in its trail
