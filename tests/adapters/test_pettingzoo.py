"""PettingZoo's API and seed tests over every game that has a research module."""

from __future__ import annotations

import warnings

import pytest

from tests.adapters.helpers import CASES, IDS, need

pytestmark = pytest.mark.research

need("pettingzoo")
np = need("numpy")
adapter = need("donjon.adapters.pettingzoo")

#: what api_test says of every environment whose observation is a dict holding an action mask
#: (PettingZoo's own classic games are on a list that silences it)
EXPECTED = ("Observation is not a NumPy array",
            "Observation space for each agent probably should be")


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
def test_api_test_and_seed_test(name, players):
    from pettingzoo.test import api_test, seed_test

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(adapter.env(name, players=players), num_cycles=1000)
        seed_test(lambda: adapter.env(name, players=players), num_cycles=500)
    unexpected = {str(w.message) for w in caught
                  if not str(w.message).startswith(EXPECTED)}
    assert not unexpected, unexpected


def test_only_the_agent_to_act_has_legal_actions_and_rewards_come_at_the_end():
    env = adapter.env("castle-rooms", players=3)
    env.reset(seed=3)
    table = env.unwrapped.table
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, info = env.last()
        if terminated:
            env.step(None)
            continue
        seat = int(agent.split("_")[1])
        assert seat in table.state.to_move()
        assert list(np.flatnonzero(observation["action_mask"])) == table.legal_indices(seat)
        for other in env.agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        env.step(int(np.flatnonzero(observation["action_mask"])[0]))
    ranks = table.state.result().ranks
    assert table.returns() == [(3 - r) / 2 for r in ranks]
