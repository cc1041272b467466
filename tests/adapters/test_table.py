"""The adapters' ``Table`` keeps what OpenSpiel asks at every step (the state's description,
a seat's action counts, its tensor and string) up to date move by move: the same as computed
from the whole history or the view now, on the table and on copies that go their own ways."""

from __future__ import annotations

import hashlib
import json
import random

import pytest

try:
    import numpy as np
except ImportError:  # without the research extra, whose adapters alone ask for arrays
    np = None

from donjon.adapters.table import Table, compact
from donjon.engine.research import research_games


def _standard(value) -> str:
    """Canonical JSON as the standard module writes it: what ``compact`` must give."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _described_from_scratch(table: Table) -> str:
    state = table.state
    moves = [[s, a.kind, a.to_json()["args"]] for s, a in state.moves]
    digest = hashlib.sha1(_standard(moves).encode()).hexdigest()[:16]
    return (f"{state.game.name} {state.players}p seed {state.seed}, {len(state.moves)} "
            f"moves (digest {digest}), to move {state.to_move()}\n" + _standard(table.view(None)))


def _counts_from_scratch(table: Table, seat: int) -> list[float]:
    values = [0.0] * len(table.research.actions)
    for mover, action in table.state.moves:
        if mover == seat:
            values[table.research.index(action)] += 1
    return values


def _seen_as_now(table: Table, seat: int | None) -> None:
    """The tensor (as a list, and as the adapters' read-only array, kept since the last move)
    and string are those of the view now, asked twice (as OpenSpiel does); the caller's list is
    its own."""
    view = table.state.view(seat)
    for _ in range(2):
        tensor = table.observation(seat)
        assert tensor == table.research.observe(view)
        if np is not None:
            array = table.observation_array(seat)
            assert array.dtype == np.float32
            assert np.array_equal(array, np.array(tensor, np.float32))
            with pytest.raises(ValueError):
                array[0] = 99  # shared by whoever asks: copied, never written
        assert table.observation_string(seat) == _standard(view)
        tensor[0] += 99


@pytest.mark.parametrize("name", research_games())
def test_description_and_action_counts_follow_the_moves_on_copies_too(name):
    rng = random.Random(name)
    table = Table.new(name, 3, {}, seed=7)
    copies: list[Table] = []
    steps = 0
    while not table.is_over() and steps < 150:
        seat = rng.choice(table.movers())
        table.apply_index(seat, rng.choice(table.legal_indices(seat)))
        steps += 1
        if rng.random() < 0.3:  # asked now and then, as OpenSpiel's tests and a learner do
            assert table.describe() == _described_from_scratch(table)
            counts = table.own_action_counts(seat)
            assert counts == _counts_from_scratch(table, seat)
            counts[0] += 99  # the caller's list is its own
            assert table.own_action_counts(seat) == _counts_from_scratch(table, seat)
            _seen_as_now(table, rng.choice([None, 0, 1, 2]))
        if steps % 25 == 0:
            for seen in (None, 0, 1, 2):  # what a copy starts with, then loses as it moves
                _seen_as_now(table, seen)
            copies.append(table.copy())
            _seen_as_now(copies[-1], 1)
    for seen in (None, 0, 1, 2):  # kept before the copies below move: they keep their own
        _seen_as_now(table, seen)
    for copy in copies:  # each copy plays on from where it was made
        for _ in range(20):
            if copy.is_over():
                break
            seat = rng.choice(copy.movers())
            copy.apply_index(seat, rng.choice(copy.legal_indices(seat)))
        assert copy.describe() == _described_from_scratch(copy)
        for seat in range(3):
            assert copy.own_action_counts(seat) == _counts_from_scratch(copy, seat)
            _seen_as_now(copy, seat)
    assert table.describe() == _described_from_scratch(table)
    for seen in (None, 0, 1, 2):
        _seen_as_now(table, seen)


@pytest.mark.parametrize("name", research_games())
def test_strings_are_the_standard_modules_canonical_json(name):
    """``compact`` (orjson) writes every view, event and move's arguments character for
    character as ``json.dumps`` with sorted keys and no spaces: the strings of an older release
    stay valid, at every player count."""
    rng = random.Random(name)
    for players in range(3, 6):
        try:
            table = Table.new(name, players, {}, seed=players)
        except ValueError:
            continue  # outside the game's range
        state = table.state
        while not table.is_over():
            for seat in (None, *range(players)):
                assert compact(state.view(seat)) == _standard(state.view(seat))
            seat = rng.choice(table.movers())
            table.apply_index(seat, rng.choice(table.legal_indices(seat)))
            args = state.moves[-1][1].to_json()["args"]
            assert compact(args) == _standard(args)
        for seat in (None, *range(players)):
            events = state.log(seat)
            assert compact(events) == _standard(events)
    # what orjson would sort by its text, not its value, is written by the standard module
    assert compact({10: "x", 2: ["é", None, True]}) == '{"2":["é",null,true],"10":"x"}'
