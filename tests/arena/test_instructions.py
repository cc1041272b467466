"""``donjon bench --instructions``: instructions per random game, counted by valgrind."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

import donjon
from donjon.arena import instructions
from donjon.cli import app

SUMMARY = """==5263== Cachegrind, a high-precision tracing profiler
==5263== Command: python -c ...
==5263==
==5263== I   refs:      1,137,639,331
"""

needs_valgrind = pytest.mark.skipif(instructions.valgrind() is None,
                                    reason="valgrind is not installed")


def test_the_total_is_read_from_cachegrinds_summary():
    assert instructions.total(SUMMARY) == 1_137_639_331
    with pytest.raises(ValueError, match="no instruction count"):
        instructions.total("==1== Memcheck, a memory error detector\n")


def test_the_counted_games_are_random_games_from_seeds_in_order():
    game = donjon.load("castle-rooms")
    moves = 0
    for seed in range(3):
        rng = random.Random(seed)
        state = game.new_game(3, seed=seed)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)  # a single action is played without a draw
            state.apply(seat, legal[int(rng.random() * len(legal))] if len(legal) > 1 else legal[0])
        moves += len(state.moves)
    assert instructions.play("castle-rooms", 3, 3) == moves
    # warm-up games first (other seeds) change neither the measured games nor their count
    assert instructions.play("castle-rooms", 3, 3, warmup=2) == moves


@needs_valgrind
def test_a_count_leaves_the_start_up_out_and_is_the_same_each_time():
    first = instructions.per_game("castle-rooms", 2, 2)
    again = instructions.per_game("castle-rooms", 2, 2)
    # a game of two-player Castle Rooms is some millions of instructions; the start-up
    # (interpreter, imports: tens of millions) is not in it
    assert 5e5 < first["instructions_per_game"] < 2e7
    # one string hashing in every count (PYTHONHASHSEED): the same count to a thousandth
    assert abs(first["instructions_per_game"] - again["instructions_per_game"]) \
        < 0.001 * first["instructions_per_game"]
    assert first["decisions_per_game"] == again["decisions_per_game"] > 10


@needs_valgrind
def test_warm_up_games_leave_out_what_a_process_does_once():
    """Caylus makes each building's placements the first time it is seen on the road: the
    first games of a process pay for it, the timed benchmark's thousands of games do not."""
    cold = instructions.per_game("caylus", 2, 1)
    warm = instructions.per_game("caylus", 2, 1, warmup=2)
    assert warm["warmup"] == 2 and warm["decisions_per_game"] == cold["decisions_per_game"]
    assert warm["instructions_per_game"] < 0.95 * cold["instructions_per_game"]


@needs_valgrind
def test_bench_writes_the_counts_as_json(tmp_path):
    out = tmp_path / "instructions.json"
    result = CliRunner().invoke(app, ["bench", "castle-rooms", "-p", "2", "--instructions",
                                      "--games", "1", "--warmup", "1", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "Instructions per random game" in result.output
    written = json.loads(out.read_text())
    assert written["measure"] == "instructions" and written["games"] == 1
    assert written["warmup"] == 1
    assert written["results"][0]["game"] == "castle-rooms"
    assert written["results"][0]["instructions_per_game"] > 0


def test_bench_wants_at_least_one_game():
    result = CliRunner().invoke(app, ["bench", "castle-rooms", "--instructions", "--games", "0"])
    assert result.exit_code == 2 and "at least one game" in result.output
    result = CliRunner().invoke(app, ["bench", "castle-rooms", "--instructions", "--warmup",
                                      "-1"])
    assert result.exit_code == 2 and "warm-up" in result.output
