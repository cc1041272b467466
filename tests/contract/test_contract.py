"""The shared contract every registered game must honour (DESIGN.md, "The engine contract").

Parametrized over the registry: a new game package is tested by adding it, nothing else.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import donjon
from donjon import IllegalAction
from donjon.engine import errors, text
from donjon.engine.text import rules
from tests.contract.helpers import cases, play_random, random_step

SEEDS = st.integers(min_value=0, max_value=2**63 - 1)
CASES = cases()
IDS = [f"{name}-{n}p" for name, n in CASES]


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@settings(max_examples=4)
@given(seed=SEEDS)
def test_random_games_finish_with_a_valid_result(name, players, seed):
    state = donjon.load(name).new_game(players, seed=seed)
    play_random(state, random.Random(seed))
    assert state.is_over() and state.to_move() == []
    result = state.result()
    assert len(result.scores) == players and len(result.ranks) == players
    assert min(result.ranks) == 1 and all(1 <= r <= players for r in result.ranks)
    # Ranks are a competition ranking: a rank r is shared by exactly the seats tied at r.
    for rank in set(result.ranks):
        assert sum(r < rank for r in result.ranks) == rank - 1
    json.dumps(result.to_json())
    json.dumps(state.view(None))


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@settings(max_examples=2)
@given(seed=SEEDS)
def test_action_texts_are_unique_and_parse_back(name, players, seed):
    state = donjon.load(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over():
        for seat in state.to_move():
            texts = [a.text for a in state.legal_actions(seat)]
            assert len(texts) == len(set(texts)), f"duplicate action texts: {texts}"
            assert all(t == " ".join(t.split()) and t for t in texts)
        seat = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(seat))
        by_text = state.clone()
        by_text.apply(seat, action.text)
        state.apply(seat, action)
        assert by_text == state


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@settings(max_examples=2)
@given(seed=SEEDS)
def test_illegal_actions_raise_and_change_nothing(name, players, seed):
    state = donjon.load(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over():
        if step % 3 == 0:
            before = state.clone()
            mover = rng.choice(state.to_move())
            with pytest.raises(IllegalAction) as error:
                state.apply(mover, "no such action at all")
            assert "legal" in str(error.value) and error.value.reason == errors.NOT_LEGAL
            with pytest.raises(IllegalAction) as error:
                state.apply(mover, {"kind": "no such kind", "args": []})
            assert error.value.reason == errors.NOT_LEGAL
            with pytest.raises(IllegalAction) as error:
                state.apply(mover, {"kind": "x", "args": [[[[[[1]]]]]]})
            assert error.value.reason == errors.BAD_ACTION
            idle = [s for s in range(players) if s not in state.to_move()]
            if idle:
                action = state.legal_actions(mover)[0]
                with pytest.raises(IllegalAction) as error:
                    state.apply(idle[0], action)
                assert error.value.reason == errors.NOT_TO_MOVE
                assert state.legal_actions(idle[0]) == ()
            with pytest.raises(IllegalAction) as error:
                state.apply(players, "end turn")
            assert error.value.reason == errors.BAD_SEAT
            with pytest.raises(IllegalAction) as error:
                state.apply(mover, 42)
            assert error.value.reason == errors.BAD_ACTION
            assert state == before
        random_step(state, rng)
        step += 1
    finished = state.clone()
    for seat in range(players):
        with pytest.raises(IllegalAction) as error:
            state.apply(seat, "end turn")
        assert error.value.reason == errors.GAME_OVER
        assert not state.can_undo(seat)
    assert state == finished


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@settings(max_examples=2)
@given(seed=SEEDS, cut=st.floats(0, 1))
def test_clones_are_independent(name, players, seed, cut):
    state = donjon.load(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    length = play_random(state.clone(), random.Random(seed))
    for _ in range(int(length * cut)):
        random_step(state, rng)
    snapshot = state.clone()
    assert snapshot == state
    copy = state.clone()
    play_random(copy, random.Random(seed + 1))
    assert state == snapshot, "playing a clone changed the original"
    if not state.is_over():
        play_random(state, random.Random(seed + 2))
        fresh = snapshot.clone()
        assert fresh == snapshot, "playing the original changed a clone"


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@settings(max_examples=2)
@given(seed=SEEDS, cut=st.floats(0, 1))
def test_records_replay_to_the_identical_state(name, players, seed, cut):
    state = donjon.load(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    length = play_random(state.clone(), random.Random(seed))
    for _ in range(int(length * cut)):
        random_step(state, rng)
    record = json.loads(json.dumps(state.record()))
    assert donjon.replay(record) == state
    play_random(state, rng)
    record = json.loads(json.dumps(state.record()))
    replayed = donjon.replay(record)
    assert replayed == state and replayed.result() == state.result()
    assert record["result"] == state.result().to_json()


def _hidden_items(state, seat: int) -> tuple[list, list]:
    """Items in the zones hidden from ``seat``, and the other seats' OWNER parts."""
    pool = [item for part in state.hidden_parts(seat) for item in part]
    owned = [
        part
        for zone in type(state).ZONES if zone.seen_by == donjon.engine.OWNER
        for i, part in enumerate(getattr(state, zone.attr)) if i != seat
    ]
    return pool, owned


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@settings(max_examples=1)
@given(seed=SEEDS)
def test_views_and_logs_leak_nothing_and_determinizations_agree(name, players, seed):
    """For every seat at every step, what a seat sees is the same in a determinization."""
    state = donjon.load(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    step, chances, changed = 0, 0, 0
    while True:
        for seat in range(players):
            view = state.view(seat)
            json.dumps(view)
            assert view["seat"] == seat
            other = state.determinize(seat, random.Random(rng.random()))
            assert other.view(seat) == view, f"seat {seat}'s view differs in a determinization"
            assert [a.text for a in other.legal_actions(seat)] == [
                a.text for a in state.legal_actions(seat)
            ]
            assert other.seed is None and other.moves == [] and not other.can_undo(seat)
            with pytest.raises(ValueError, match="determinized"):
                other.record()
            if step % 5 == 0 or state.is_over():
                log = state.log(seat)
                json.dumps(log)
                assert other.log(seat) == log, f"seat {seat}'s log differs in a determinization"
            pool, parts = _hidden_items(state, seat)
            if len(set(map(repr, pool))) > 1 and any(parts):
                chances += 1
                others = [s for s in range(players) if s != seat]
                changed += any(other.view(s) != state.view(s) for s in others)
        if step % 25 == 0 and not state.is_over():
            seat = rng.choice(state.to_move())
            play_random(state.determinize(seat, rng), rng)
        if state.is_over():
            break
        random_step(state, rng)
        step += 1
    json.dumps(state.log(None))
    if chances >= 5:
        assert changed > 0, "determinization never changed what other seats hold"


@pytest.mark.parametrize("name", donjon.games())
def test_bad_input_is_refused_clearly(name):
    game = donjon.load(name)
    with pytest.raises(ValueError, match="players"):
        game.new_game(game.max_players + 1)
    with pytest.raises(ValueError, match="no option"):
        game.new_game(game.min_players, seed=1, no_such_option=3)
    state = game.new_game(game.min_players, seed=1)
    with pytest.raises(IllegalAction, match="no seat"):
        state.view(-1)
    with pytest.raises(IllegalAction, match="no seat"):
        state.legal_actions(game.max_players + 5)
    with pytest.raises(ValueError, match="no game"):
        donjon.load("no-such-game")


@pytest.mark.parametrize("name", donjon.games())
def test_game_declares_rules_and_bots(name):
    game = donjon.load(name)
    for lang in text.LANGUAGES:
        assert rules(game, lang).strip()
    assert "heuristic" in game.bots
    for option in game.options:
        assert option.doc, f"option {option.name} has no documentation"
        assert option.validate(option.default) == option.default


@pytest.mark.parametrize(("name", "players"), CASES, ids=IDS)
@settings(max_examples=1)
@given(seed=SEEDS)
def test_logs_reveal_nothing_a_view_hides(name, players, seed):
    """A move played in the true world and in a determinization for seat s (same generator
    from then on) must tell s the same thing whenever s's views afterwards agree: otherwise the
    log carries something hidden from s (an undeclared secret)."""
    state = donjon.load(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    compared = 0
    while not state.is_over():
        mover = rng.choice(state.to_move())
        action = rng.choice(state.legal_actions(mover))
        mark = len(state.events)
        for seat in range(players):
            world = state.determinize(seat, rng)
            world.rng = random.Random()
            world.rng.setstate(state.rng.getstate())
            if action.text not in {a.text for a in world.legal_actions(mover)}:
                continue
            truth = state.clone()
            truth.apply(mover, action.text)
            world.apply(mover, action.text)
            if truth.view(seat) == world.view(seat):
                compared += 1
                assert world.log(seat, since=mark) == truth.log(seat, since=mark), (
                    f"after {mover}: {action.text!r}, seat {seat}'s log depends on what it "
                    "cannot see"
                )
        state.apply(mover, action)
    assert compared > 0


def _option_variants() -> list[tuple[str, str, object]]:
    """Every non-default value of every option with a finite set of values."""
    variants = []
    for name in donjon.games():
        for option in donjon.load(name).options:
            if option.choices is not None:
                values = [v for v in option.choices if v != option.default]
            elif isinstance(option.default, bool):
                values = [not option.default]
            else:
                continue
            variants += [(name, option.name, value) for value in values]
    return variants


VARIANTS = _option_variants()


@pytest.mark.parametrize(
    ("name", "option", "value"), VARIANTS, ids=[f"{n}-{o}={v}" for n, o, v in VARIANTS]
)
def test_every_option_value_plays_by_the_contract(name, option, value):
    """Each option value, at every player count: random games end, and what each seat sees
    agrees with its determinizations along the way."""
    game = donjon.load(name)
    played = 0
    for players in range(game.min_players, game.max_players + 1):
        seed = players * 7919 + len(option)
        try:
            game.check(players, {option: value})
        except ValueError as refused:  # an option for some player counts only: said clearly
            assert option in str(refused) or "players" in str(refused)
            with pytest.raises(ValueError):
                game.new_game(players, seed=seed, **{option: value})
            continue
        played += 1
        state = game.new_game(players, seed=seed, **{option: value})
        rng = random.Random(seed)
        step = 0
        while not state.is_over():
            if step % 11 == 0:
                for seat in range(players):
                    world = state.determinize(seat, rng)
                    assert world.view(seat) == state.view(seat)
            random_step(state, rng)
            step += 1
            assert step < 50_000
        assert donjon.replay(state.record()) == state
    assert played, f"{option}={value!r} is refused at every player count"
