"""Log sentences: every event the game emits reads as a sentence in English and French."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import F_FAVOUR, F_JOUST
from donjon.games.caylus.messages import MESSAGES
from tests.caylus.helpers import GAME, act, activate, bare, drive, put_tile

SOURCE = Path(__file__).resolve().parents[2] / "src" / "donjon" / "games" / "caylus"
LANGS = ("en", "fr")


def emitted_keys() -> set[str]:
    """Every event key named in an ``emit(...)`` call of the rules code."""
    keys = set()
    for path in SOURCE.glob("*.py"):
        keys |= set(re.findall(r"\bemit\(\s*\"([a-z_]+)\"", path.read_text("utf-8")))
    return keys


def random_events(players: int, seed: int, **options) -> list[dict]:
    s = GAME.new_game(players, seed=seed, **options)
    rng = random.Random(seed)
    while not s.is_over():
        seat = s.to_move()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    return s.log(None)


GAMES = [
    (2, 1, {}),
    (3, 2, {}),
    (4, 3, {}),
    (5, 4, {}),
    (4, 5, {"favours": "simple"}),
    (3, 6, {"lawyer_favour_delay": False, "scoring": "one-per-turn"}),
]


def test_the_source_emits_what_the_tables_spell():
    keys = emitted_keys()
    assert len(keys) >= 25
    for lang in LANGS:
        table = MESSAGES[lang]
        assert keys <= set(table), f"{lang}: no sentence for {sorted(keys - set(table))}"
        plain = {k.removesuffix(":you") for k in table}
        assert plain <= keys, f"{lang}: sentences for events never emitted: {plain - keys}"
    assert set(MESSAGES["en"]) == set(MESSAGES["fr"])


def assert_sentences(events: list[dict]) -> None:
    for event in events:
        key = event["key"]
        actor = event["args"].get("seat")
        for lang in LANGS:
            assert key in MESSAGES[lang], f"{lang}: no sentence for {key}"
            if actor is not None:
                assert key + ":you" in MESSAGES[lang], f"{lang}: no second person for {key}"
            for me in {None, actor, (0 if actor else 1)}:
                text = GAME.describe(event, me, lang)
                assert " · " not in text, f"{lang} fell back to the generic form: {text}"
                assert "{" not in text and "}" not in text, text


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_every_event_of_a_random_game_reads_as_a_sentence(players, seed, options):
    assert_sentences(random_events(players, seed, **options))


def test_rare_events_read_as_sentences():
    """Events random play seldom reaches: joust, owner bonus, trade, lost favour, Lawyer."""
    s = bare()
    s.deniers[0], s.cubes[0] = 2, [0, 0, 0, 2, 0]
    s.stack.append((F_JOUST, 0, 0, 0))
    drive(s)
    act(s, "joust: 1 denier + 1 cloth for a favour")
    act(s, "favour 1 PP")
    put_tile(s, 9, "s-farm", owner=1)
    activate(s, 0, 9)
    act(s, "bonus food", seat=1)
    s.scored, s.fav[0], s.fav_used[0] = 1, [0, 0, 3, 0], 0
    s.cubes[0] = [0, 0, 0, 0, 1]
    s.stack.append((F_FAVOUR, 0, 0, 0))
    drive(s)
    act(s, "favour trade")
    act(s, "take wood+stone")
    for _ in range(5):
        s.stack.append((F_FAVOUR, 0, 0, 0))
    drive(s)
    while s.to_move():
        act(s, s.legal_actions(0)[0].text)
    s.occ[2], s.cubes[0][B.CLOTH], s.deniers[0] = 1, 1, 1
    s._lawyer(0, 2, False)
    s._flush_conversions()
    events = s.log(None)
    keys = {e["key"] for e in events}
    assert {"joust", "owner_bonus", "trade", "favour_lost", "lawyer_pending", "residence"} <= keys
    assert_sentences(events)


def test_second_person_for_the_actor():
    event = {"key": "build", "args": {"seat": 1, "building": "Bank", "space": 12, "pp": 6}}
    assert GAME.describe(event, 1, "en") == "You build the Bank on R12 (+6 PP)"
    assert GAME.describe(event, 0, "en") == "Seat 1 builds the Bank on R12 (+6 PP)"
    assert GAME.describe(event, 1, "fr") == "Vous construisez le bâtiment Bank en R12 (+6 PP)"
    assert GAME.describe(event, None, "fr") == "Siège 1 construit le bâtiment Bank en R12 (+6 PP)"


def test_the_beginners_favour_names_its_reward():
    """The beginners' variant (rules §5: each favour is 3 PP) logs its choice like the table."""
    events = random_events(4, 5, favours="simple")
    favours = [e for e in events if e["key"] == "favour"]
    assert favours
    assert all(e["args"] == {"seat": e["args"]["seat"], "track": "simple", "column": 0,
                             "choice": "3 PP"} for e in favours)
