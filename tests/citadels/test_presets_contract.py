"""The engine contract over every cast preset (the shared suite plays the default cast only):
determinizations agree with views and legal actions, clones are equal, records replay."""

from __future__ import annotations

import json
import random

import pytest

import donjon
from tests.citadels.scenario import GAME

PRESETS = ["random", "ambitious-aristocrats", "cunning-agents", "illustrious-emissaries",
           "devious-dignitaries", "tenacious-delegates", "vicious-nobles"]


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_s4_7_presets_keep_the_contract(preset, players):
    """§4.7 information model, for every cast: what a seat sees and may do is the same in a
    determinization; the game replays from its record."""
    districts = "random" if preset == "random" else preset
    st = GAME.new_game(players, seed=players * 7 + len(preset), characters=preset,
                       districts=districts, rank9="yes")
    rng = random.Random(players)
    step = 0
    while not st.is_over():
        mover = st.to_move()[0]
        if step % 3 == 0:
            for seat in range(players):
                view = st.view(seat)
                json.dumps(view)
                world = st.determinize(seat, random.Random(step))
                assert world.view(seat) == view
                assert [a.text for a in world.legal_actions(seat)] == [
                    a.text for a in st.legal_actions(seat)]
            assert st.clone() == st
        if step % 40 == 0:
            world = st.determinize(mover, random.Random(step))
            for _ in range(3000):
                if world.is_over():
                    break
                s = world.to_move()[0]
                legal = world.legal_actions(s)
                world.apply(s, legal[rng.randrange(len(legal))])
            assert world.is_over()
        legal = st.legal_actions(mover)
        st.apply(mover, legal[rng.randrange(len(legal))])
        step += 1
    assert donjon.replay(st.record()) == st
    json.dumps(st.log(None))
