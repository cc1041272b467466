"""Games on a Ray cluster (issue #12, "the arena on Ray"): a local cluster of two workers gives
the same outcomes, in the same order, as a run in this process, whenever the bots are budgeted
in iterations (a time budget depends on the machine)."""

from __future__ import annotations

import pytest

from donjon.arena.simulate import Summary, run

ray = pytest.importorskip("ray")

BOTS = ["heuristic", "random", "ismcts:iterations=8"]


def test_a_local_ray_cluster_plays_the_same_games_as_this_process():
    here = list(run("castle-rooms", 24, 3, BOTS, seed=11))
    # one cluster for the test: the run uses a cluster already started, and leaves it running
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    try:
        on_ray = list(run("castle-rooms", 24, 3, BOTS, seed=11, ray="local", workers=2))
        assert ray.is_initialized()
    finally:
        ray.shutdown()
    assert [(o.seed, o.bots, o.scores, o.ranks, o.decisions) for o in on_ray] == [
        (o.seed, o.bots, o.scores, o.ranks, o.decisions) for o in here]
    summaries = Summary(), Summary()
    for summary, outcomes in zip(summaries, (here, on_ray), strict=True):
        for outcome in outcomes:
            summary.add(outcome)
    assert summaries[0] == summaries[1] and summaries[0].games == 24
