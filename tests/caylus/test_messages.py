"""Log sentences: every event the game emits reads as a sentence in English and French."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from donjon.engine.text import describe
from donjon.games.caylus import buildings as B
from donjon.games.caylus import construction
from donjon.games.caylus.favours import Favour
from donjon.games.caylus.messages import MESSAGES
from donjon.games.caylus.placement import Joust
from donjon.games.caylus.presentation import catalogue
from tests.caylus.helpers import GAME, act, activate, bare, drive, put_tile

SOURCE = Path(__file__).resolve().parents[2] / "src" / "donjon" / "games" / "caylus"
LANGS = ("en", "fr")


def emitted_keys() -> set[str]:
    """Every event key named in an ``emit(...)`` call of the rules code, or in an event the hot
    path appends to ``events`` itself (``events.append(("key", (...)))``)."""
    keys = set()
    for path in SOURCE.glob("*.py"):
        keys |= set(re.findall(r"(?:\bemit\(|\bevents\.append\(\s*\()\s*\"([a-z_]+)\"",
                               path.read_text("utf-8")))
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
        plain = {k.removesuffix(":you") for k in table} - {"_names"}
        assert plain <= keys, f"{lang}: sentences for events never emitted: {plain - keys}"
    assert set(MESSAGES["en"]) == set(MESSAGES["fr"])


def _words(text: str) -> set[str]:
    return set(re.findall(r"[A-Za-zÀ-ÿ']+", text.lower()))


def english_only_words() -> set[str]:
    """Words of the English names and sentences that French never uses (as the browser tests
    build their list): none may appear in a French log line."""
    english, french = set(), set()
    for lang, words in (("en", english), ("fr", french)):
        for item in catalogue(lang):
            words |= _words(item["name"])
        for key, template in MESSAGES[lang].items():
            if key != "_names":
                words |= _words(re.sub(r"\{\w+\}", " ", template))
        words |= {w for name in MESSAGES[lang]["_names"].values() for w in _words(name)}
    return english - french


ENGLISH_ONLY = english_only_words()
#: catalogue ids with a hyphen ("w-market", "favour-deniers-3"): never shown as they are
IDS = {item["id"] for item in catalogue("en") if "-" in item["id"]}


def assert_sentences(events: list[dict]) -> None:
    names = {"en": ["Ann", "Bob", "Cleo", "Dan", "Eve"], "fr": ["Anne", "Bruno", "Chloé", "Denis",
                                                                 "Élise"]}
    for event in events:
        key = event["key"]
        actor = event["args"].get("seat")
        for lang in LANGS:
            assert key in MESSAGES[lang], f"{lang}: no sentence for {key}"
            if actor is not None:
                assert key + ":you" in MESSAGES[lang], f"{lang}: no second person for {key}"
            for me in {None, actor, (0 if actor else 1)}:
                text = describe(GAME, event, me, lang, names[lang])
                assert " · " not in text, f"{lang} fell back to the generic form: {text}"
                assert "{" not in text and "}" not in text, text
                assert not re.search(r"\b(seats?|sièges?)\b", text, re.I), text
                assert not re.search(r"[a-z]+_[a-z]+", text), text
                assert not any(i in text for i in IDS), text
                if lang == "fr":
                    assert not _words(text) & ENGLISH_ONLY, (text, _words(text) & ENGLISH_ONLY)


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_every_event_of_a_random_game_reads_as_a_sentence(players, seed, options):
    assert_sentences(random_events(players, seed, **options))


def test_rare_events_read_as_sentences():
    """Events random play seldom reaches: joust, owner bonus, trade, lost favour, Lawyer."""
    s = bare()
    s.deniers[0], s.cubes[0] = 2, [0, 0, 0, 2, 0]
    s.stack.append(Joust(0))
    drive(s)
    act(s, "joust: 1 denier + 1 cloth for a favour")
    act(s, "favour 1 PP")
    put_tile(s, 9, "s-farm", owner=1)
    activate(s, 0, 9)
    act(s, "bonus food", seat=1)
    s.scored, s.favour_markers[0], s.tracks_used[0] = 1, [0, 0, 3, 0], 0
    s.cubes[0] = [0, 0, 0, 0, 1]
    s.stack.append(Favour(0))
    drive(s)
    act(s, "favour trade")
    act(s, "take wood+stone")
    for _ in range(5):
        s.stack.append(Favour(0))
    drive(s)
    while s.to_move():
        act(s, s.legal_actions(0)[0].text)
    s.occupant[2], s.cubes[0][B.CLOTH], s.deniers[0] = 1, 1, 1
    construction.lawyer(s, 0, 2, False)
    construction.flush_residences(s)
    events = s.log(None)
    keys = {e["key"] for e in events}
    assert {"joust", "owner_bonus", "trade", "favour_lost", "lawyer_pending", "residence"} <= keys
    assert_sentences(events)


def test_second_person_for_the_actor():
    event = {"key": "build", "args": {"seat": 1, "building": "s-bank", "space": 12, "pp": 6}}
    assert describe(GAME, event, 1, "en") == "You build the Bank on R12 (+6 PP)"
    assert describe(GAME, event, 0, "en") == "Player 2 builds the Bank on R12 (+6 PP)"
    assert describe(GAME, event, 1, "fr") == "Vous construisez la Banque en R12 (+6 PP)"
    assert describe(GAME, event, None, "fr") == "Joueur 2 construit la Banque en R12 (+6 PP)"


def test_french_logs_name_things_in_french():
    """The issue: "cube wood", "Gold Mine" and building names stayed English in French logs."""
    place = {"key": "place", "args": {"seat": 0, "space": 16, "building": "f-goldmine",
                                      "cost": "2 deniers"}}
    assert describe(GAME, place, None, "fr") == (
        "Joueur 1 pose un ouvrier sur la Mine d'or (R16) pour 2 deniers")
    assert describe(GAME, place, None, "en") == (
        "Player 1 places a worker on the Gold Mine (R16) for 2 deniers")
    sell = {"key": "sell", "args": {"seat": 0, "cube": "wood", "deniers": "4 deniers"}}
    assert describe(GAME, sell, 0, "fr") == "Vous vendez 1 bois pour 4 deniers"
    stables = {"key": "place_at", "args": {"seat": 2, "place": "stables", "cost": "1 denier"}}
    assert describe(GAME, stables, None, "fr") == "Joueur 3 pose un ouvrier aux Écuries pour 1 denier"
    assert describe(GAME, stables, None, "en") == "Player 3 places a worker in the Stables for 1 denier"
    produce = {"key": "produce", "args": {"seat": 1, "space": 3, "building": "s-workshop",
                                          "cubes": ["2 stone", "1 cloth"]}}
    assert describe(GAME, produce, None, "fr") == (
        "Joueur 2 utilise l'Atelier (R3) et prend 2 pierres, 1 tissu")


def test_logs_name_players_never_seats():
    """The issue: seats numbered from 0 in logs while players are named from 1."""
    turn = {"key": "turn", "args": {"turn": 2, "order": [2, 0, 1], "income": [2, 3, 2]}}
    assert describe(GAME, turn, None, "en", ["Ann", "Bob", "Cleo"]) == (
        "Turn 2 begins. Turn order: Cleo, Ann, Bob; income in turn order: 2, 3, 2")
    assert describe(GAME, turn, None, "fr") == (
        "Début du tour 2. Ordre du tour : Joueur 3, Joueur 1, Joueur 2 ; revenus dans l'ordre "
        "du tour : 2, 3, 2")
    over = {"key": "game_over", "args": {"winners": [1, 2], "score": 54}}
    assert describe(GAME, over, None, "en", ["Ann", "Bob", "Cleo"]) == (
        "The game is over. Best score: Bob, Cleo, with 54 PP")


def test_the_beginners_favour_names_its_reward():
    """The beginners' variant (rules §5: each favour is 3 PP) logs its reward."""
    events = random_events(4, 5, favours="simple")
    favours = [e for e in events if e["key"] == "favour_simple"]
    assert favours and not [e for e in events if e["key"] == "favour"]
    assert all(e["args"] == {"seat": e["args"]["seat"], "pp": 3} for e in favours)
    assert describe(GAME, favours[0], None, "fr").endswith("prend une faveur royale : 3 PP")
