"""The contract's second part: moves have a stable identity, legal actions cannot be corrupted,
undo follows Board Game Arena's rule, and options are checked strictly (engine contract v2)."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import donjon
from donjon import IllegalAction
from donjon.engine import errors
from donjon.engine.action import Action
from tests.contract.helpers import cases, random_step

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
CASES = cases()
IDS = [f"{name}-{n}p" for name, n in CASES]


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@settings(max_examples=2)
@given(seed=SEEDS)
def test_every_legal_action_round_trips_through_json(name, players, seed):
    state = donjon.load(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        for seat in state.to_move():
            legal = state.legal_actions(seat)
            identities = [json.dumps(a.to_json(), sort_keys=True) for a in legal]
            assert len(set(identities)) == len(identities), "two legal actions share an identity"
            for action, identity in zip(legal, identities, strict=True):
                back = Action.from_json(json.loads(identity))
                assert back == action and hash(back) == hash(action)
                assert back.text == "" and action.text  # the text is an alias, not identity
        seat = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        by_identity = state.clone()
        by_identity.apply(seat, json.loads(json.dumps(action.to_json())))
        state.apply(seat, action)
        assert by_identity == state


@pytest.mark.parametrize("name", donjon.games())
def test_legal_actions_cannot_be_corrupted_by_a_caller(name):
    state = donjon.load(name).new_game(donjon.load(name).min_players, seed=5)
    seat = state.to_move()[0]
    legal = state.legal_actions(seat)
    assert isinstance(legal, tuple)
    with pytest.raises(AttributeError):
        legal.clear()  # type: ignore[attr-defined]
    state.apply(seat, legal[0].text)  # the cache is intact: the move is still legal


def _revealed(before, after, mover: int, action, rng: random.Random) -> list[int]:
    """The seats (other than the mover) who learned something hidden from them by this move: in
    a world resampled for them, the same move would have shown them something else."""
    told = []
    for seat in range(before.players):
        if seat == mover:
            continue
        for _ in range(3):
            world = before.determinize(seat, rng)
            world.rng = random.Random()
            world.rng.setstate(before._rng.getstate())
            if action not in world.legal_actions(mover):
                continue
            world.apply(mover, action)
            if world.view(seat) != after.view(seat):
                told.append(seat)
                break
    return told


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@settings(max_examples=1)
@given(seed=SEEDS)
def test_undo_restores_the_state_and_never_takes_back_chance_a_reveal_or_a_turn(
    name, players, seed
):
    state = donjon.load(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    undone = 0
    while not state.is_over():
        mover = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(mover))
        before = state.clone()
        generator = state._rng.getstate()
        state.apply(mover, action)
        drew = state._rng.getstate() != generator
        passed = any(s not in before.to_move() for s in state.to_move())
        for seat in range(players):
            if seat != mover:
                # nobody takes back a move that is not theirs or was made before this one
                assert not state.can_undo(seat) or before.can_undo(seat)
        if not state.can_undo(mover):
            continue
        assert not drew, f"{action.text!r} drew from the generator but may be undone"
        assert not passed, f"{action.text!r} passed the turn but may be undone"
        told = _revealed(before, state, mover, action, rng)
        assert not told, f"{action.text!r} told seats {told} something but may be undone"
        back = state.clone()
        back.undo(mover)
        assert back == before, f"undoing {action.text!r} did not restore the state"
        for seat in [*range(players), None]:
            assert back.view(seat) == before.view(seat)
        undone += 1
        if rng.random() < 0.3:  # sometimes really take it back and choose again
            state.undo(mover)
    for seat in range(players):
        assert not state.can_undo(seat)
        with pytest.raises(IllegalAction) as error:
            state.undo(seat)
        assert error.value.reason == errors.CANNOT_UNDO


@pytest.mark.parametrize("name", donjon.games())
def test_undone_moves_leave_the_record(name):
    game = donjon.load(name)
    state = game.new_game(game.min_players, seed=11)
    rng = random.Random(11)
    for _ in range(400):
        if state.is_over():
            break
        seat, _ = random_step(state, rng)
        if state.can_undo(seat):
            kept = len(state.moves)
            state.undo(seat)
            assert len(state.moves) == kept - 1
            assert donjon.replay(json.loads(json.dumps(state.record()))) == state
            return
    pytest.fail(f"no undoable move in 400 random {name} moves")


def _typed_variants(game) -> list[tuple[str, object]]:
    """Values of the wrong exact type for each option: a flag for a number, a number for a
    flag, a float for an integer."""
    bad: list[tuple[str, object]] = []
    for option in game.options:
        default = option.default
        if isinstance(default, bool):
            bad += [(option.name, int(default)), (option.name, "true")]
        elif isinstance(default, int):
            bad += [(option.name, True), (option.name, float(default))]
        elif isinstance(default, str):
            bad += [(option.name, 1)]
    return bad


@pytest.mark.parametrize("name", donjon.games())
def test_options_compare_by_exact_type(name):
    game = donjon.load(name)
    for option, value in _typed_variants(game):
        with pytest.raises(ValueError, match=option):
            game.check(game.min_players, {option: value})
        with pytest.raises(ValueError, match=option):
            game.new_game(game.min_players, seed=1, **{option: value})
    for players in (True, 2.0, "3", game.min_players - 1, game.max_players + 1):
        with pytest.raises(ValueError, match="players"):
            game.check(players, {})
    assert game.check(game.min_players, {}) == {o.name: o.default for o in game.options}
