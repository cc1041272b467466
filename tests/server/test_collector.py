"""The garbage collector's pauses under many loaded tables (``collector``): what lives is
frozen every second, and swept now and then; which is sound only while the games' states hold
no reference cycles."""

from __future__ import annotations

import gc
import random

import pytest
from fastapi.testclient import TestClient

import donjon
from donjon.server.app import create_app
from donjon.server.collector import Collector


@pytest.fixture
def collector_state():
    """The collector's tests freeze and unfreeze this process's objects: leave nothing frozen
    and automatic collection as it was."""
    enabled = gc.isenabled()
    yield
    gc.set_debug(0)
    gc.unfreeze()
    gc.collect()
    if enabled:
        gc.enable()


@pytest.mark.parametrize("game_name", donjon.games())
def test_a_games_states_hold_no_reference_cycles(game_name, collector_state):
    """A state, its clones and determinizations, once dropped, are freed by their reference
    counts: the collector finds nothing of donjon's among the garbage (a frozen table's state
    that later ends is then never leaked)."""
    game = donjon.load(game_name)
    gc.disable()
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)  # what a collection finds unreachable stays in gc.garbage
    rng = random.Random(game_name)
    for players in (game.min_players, game.max_players):
        state = game.new_game(players, seed=rng.randrange(2**32))
        while not state.is_over():
            seat = state.to_move()[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
            if rng.random() < 0.05:
                guess = state.determinize(seat, rng)
                guess.view(seat)
                guess.log(seat)
        state.clone().view(None)
        state.log(0)
        del state
    gc.collect()
    cyclic = [type(o) for o in gc.garbage if type(o).__module__.startswith("donjon.")]
    gc.garbage.clear()
    assert cyclic == []


def test_every_look_freezes_what_lives_and_a_sweep_reclaims_frozen_cycles(collector_state):
    """What lives at a look is frozen, without waiting for a full pass (under load full passes
    came every few seconds and scanned every state renewed since: pauses of 250 ms)."""
    collector = Collector(sweep_seconds=60)
    frozen_before = gc.get_freeze_count()
    cycle: list[object] = []
    cycle.append(cycle)
    collector.look(now=collector.swept_at + 1)
    assert collector.freezes == 1 and gc.get_freeze_count() > frozen_before
    gc.set_debug(gc.DEBUG_SAVEALL)
    marker = id(cycle)
    # dropped once frozen, the cycle is not collected by any pass, full or not...
    del cycle
    gc.collect()
    assert marker not in {id(o) for o in gc.garbage}
    # ...until the sweep
    collector.look(now=collector.swept_at + 60)
    assert collector.sweeps == 1 and marker in {id(o) for o in gc.garbage}
    gc.garbage.clear()


def test_a_look_collects_the_young_garbage_before_freezing(collector_state):
    collector = Collector(sweep_seconds=60)
    gc.set_debug(gc.DEBUG_SAVEALL)
    cycle: list[object] = []
    cycle.append(cycle)
    marker = id(cycle)
    del cycle  # garbage already, in the young generations
    collector.look(now=collector.swept_at + 1)
    assert marker in {id(o) for o in gc.garbage}  # collected, not frozen
    gc.garbage.clear()


def test_a_collector_set_to_zero_never_freezes(collector_state):
    collector = Collector(sweep_seconds=0)
    frozen_before = gc.get_freeze_count()
    collector.look(now=collector.swept_at + 10_000)
    assert gc.get_freeze_count() == frozen_before and collector.freezes == collector.sweeps == 0


def test_only_an_application_alone_in_its_process_tunes_the_collector(tmp_path):
    url = f"sqlite:///{tmp_path / 'collector.sqlite3'}"
    with TestClient(create_app(url, secret_key="test-secret-key")) as shared:
        assert shared.app.state.collector is None
    with TestClient(create_app(url, secret_key="test-secret-key", own_process=True)) as alone:
        assert isinstance(alone.app.state.collector, Collector)
        assert alone.get("/readyz").status_code == 200
