"""What people read (the table issue #9): the catalogue, action labels, the "what to do now"
line, the score broken down by category, and the tie-break line."""

from __future__ import annotations

import random
import re

import pytest

from donjon.bots import decide
from donjon.engine import text
from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import P_ROAD
from donjon.games.caylus.activation import OwnerBonus
from donjon.games.caylus.bots import HeuristicBot
from donjon.games.caylus.construction import Build, Residence
from donjon.games.caylus.favours import Favour
from donjon.games.caylus.presentation import CATEGORIES, SEAT_ARGS, catalogue, label, prompt
from tests.caylus.helpers import GAME, act, bare, drive, new, put_tile

LANGS = ("en", "fr")
NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve"]
SNAKE = re.compile(r"[a-z]+_[a-z]+")
SEAT = re.compile(r"\b(seats?|sièges?)\s*\d", re.I)
IDS = {item["id"] for item in catalogue("en") if "-" in item["id"]}

GAMES = [(2, 11, {}), (3, 12, {}), (4, 13, {}), (5, 14, {}), (4, 15, {"favours": "simple"}),
         (3, 16, {"jeweller": False, "architects": 1})]


def assert_labels(actions) -> None:
    """Labels of one moment's legal actions: readable, unique, in each language."""
    shown = {lang: [label(a, lang, NAMES) for a in actions] for lang in LANGS}
    for lang, labels in shown.items():
        assert len(set(labels)) == len(labels), (lang, labels)
        for words, action in zip(labels, actions, strict=True):
            assert words.strip(), action
            assert not SNAKE.search(words) and not SEAT.search(words), words
            assert not any(i in words for i in IDS), words
            assert "Player" not in words and "Joueur" not in words, words
    for en, fr, action in zip(shown["en"], shown["fr"], actions, strict=True):
        assert en != fr, (action, en)


def view(s, seat):
    """``seat``'s view of a hand-made state (whose phase is one the driver does not know)."""
    idle, s.phase = s.phase, P_ROAD
    try:
        return s.view(seat)
    finally:
        s.phase = idle


def random_game(players: int, seed: int, **options):
    s = new(players, seed, **options)
    rng = random.Random(seed)
    while not s.is_over():
        yield s
        seat = s.to_move()[0]
        s.apply(seat, rng.choice(s.legal_actions(seat)))
    yield s


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_every_legal_action_of_a_random_game_has_a_label_in_both_languages(players, seed,
                                                                            options):
    for s in random_game(players, seed, **options):
        if s.is_over():
            break
        seat = s.to_move()[0]
        assert_labels(s.legal_actions(seat))
        view = s.view(seat)
        for lang in LANGS:
            line = prompt(view, lang, NAMES)
            assert line and not SNAKE.search(line) and "{" not in line, (view["pending"], line)
            assert prompt(s.view(None), lang, NAMES) == ""
        assert prompt(view, "en", NAMES) != prompt(view, "fr", NAMES)


def test_labels_name_the_building_the_space_and_the_choice():
    """The issue's examples: "Place a worker on R10 Sawmill", "Build the Marketplace paying
    gold" (§3.4: the Marketplace's cube of any type), French complete."""
    s = new(4, seed=2)
    legal = {a.text: a for a in s.legal_actions(s.to_move()[0])}
    assert label(legal["place R16 Gold Mine"], "en", NAMES) == "Place a worker on R16 Gold Mine"
    assert label(legal["place R16 Gold Mine"], "fr", NAMES) == (
        "Posez un ouvrier sur la Mine d'or (R16)")
    assert label(legal["place Stables"], "en", NAMES) == "Place a worker in the Stables"
    assert label(legal["place Stables"], "fr", NAMES) == "Posez un ouvrier aux Écuries"
    assert label(legal["place Castle"], "fr", NAMES) == "Posez un ouvrier au Château"
    assert label(legal["pass"], "fr", NAMES) == "Passez"
    b = bare()
    b.cubes[0] = [0, 1, 0, 0, 1]
    b.stack.append(Build(0, B.WOOD_B, B.NO_CUBE))
    drive(b)
    built = {a.text: a for a in b.legal_actions(0)}
    assert label(built["build Marketplace paying gold"], "en", NAMES) == (
        "Build the Marketplace (any cube: gold)")
    assert label(built["build Marketplace paying gold"], "fr", NAMES) == (
        "Construisez le Marché (cube au choix : or)")


def test_rare_decisions_have_labels_and_prompts():
    """Decisions random play seldom reaches: the Architect on a residence, the Lawyer, the
    owner's bonus, the trade, the buildings track."""
    s = bare()
    s.cubes[0] = [5, 5, 5, 5, 5]
    s.deniers[0] = 5
    s.road[12], s.owner[12] = B.INDEX["residence"], 0
    s.stack.append(Build(0, B.PRESTIGE, B.NO_CUBE))
    drive(s)
    assert_labels(s.legal_actions(0))
    shown = {a.text: a for a in s.legal_actions(0)}
    assert label(shown["build Statue on R13"], "fr", NAMES) == (
        "Construisez la Statue sur votre résidence en R13")
    assert prompt(view(s, 0), "en", NAMES) == "Build a prestige building, or nothing"
    act(s, "build nothing")
    s.stack.append(Residence(0, False))
    drive(s)
    assert_labels(s.legal_actions(0))
    assert prompt(view(s, 0), "fr", NAMES).startswith("Choisissez un bâtiment à transformer")
    convert = next(a for a in s.legal_actions(0) if a.kind == "convert")
    assert label(convert, "en", NAMES).startswith("Turn the ")
    act(s, "decline")
    put_tile(s, 9, "s-farm", owner=1)
    s.occupant[9] = 0
    s.stack.append(OwnerBonus(1, B.INDEX["s-farm"]))
    drive(s)
    assert_labels(s.legal_actions(1))
    assert prompt(view(s, 1), "en", NAMES) == (
        "Another player used the Stone Farm, your building: choose your bonus")
    act(s, "bonus food", seat=1)
    s.scored, s.favour_markers[0], s.tracks_used[0] = 2, [3, 3, 3, 4], 0
    s.stack.append(Favour(0))
    drive(s)
    assert_labels(s.legal_actions(0))
    act(s, "favour trade")
    assert_labels(s.legal_actions(0))
    assert prompt(view(s, 0), "en", NAMES) == "Choose the cube you give for the trade"
    act(s, "give gold")
    assert_labels(s.legal_actions(0))
    assert label(s.legal_actions(0)[0], "fr", NAMES) == "Prenez 2 nourriture"


def test_the_view_names_the_road_space_at_work():
    """§2 phase 5: while a building on the road asks its worker something, the view says which
    space is working (the table highlights it); otherwise ``activating`` is None."""
    working = 0
    for s in random_game(3, 4):
        if s.is_over():
            break
        view = s.view(None)
        if view["activating"] is not None:
            assert view["phase"] == "activation"
            assert view["road"][view["activating"] - 1]["building"] is not None
            working += 1
        else:
            assert view["phase"] != "activation"
    assert working


def test_catalogue_is_complete_in_both_languages():
    """Every building (§3), special building, castle part (§4), favour (§5), cube and piece has
    a name and a text in English and French; every id an action or a view names is in it."""
    for lang in LANGS:
        items = catalogue(lang)
        ids = [item["id"] for item in items]
        assert len(ids) == len(set(ids))
        for item in items:
            assert item["name"].strip() and item["text"].strip() and item["type"], item
            assert not SNAKE.search(item["text"]), item
        assert {b.key for b in B.CATALOGUE} <= set(ids)
        assert {s.key for s in B.SPECIALS} | {"castle", *B.SECTIONS, *B.TRACKS, *B.CUBES} <= set(ids)
        assert {key for track in B.FAVOUR_IDS for key in track} <= set(ids)
        assert {"provost", "bailiff", "bridge"} <= set(ids)
    en = {item["id"]: item for item in catalogue("en")}
    fr = {item["id"]: item for item in catalogue("fr")}
    assert en.keys() == fr.keys()
    for key, item in en.items():
        if key not in ("p-statue", "p-monument"):  # the same word in both languages
            assert item["text"] != fr[key]["text"], key
    assert en["w-market"]["cost"] == "1 wood + 1 cube of any type"
    assert fr["w-market"]["cost"] == "1 bois + 1 cube au choix"
    assert "4 PP" in en["w-market"]["text"] and "6 deniers" in en["w-market"]["text"]
    assert "1 royal favour" in en["s-church"]["text"]
    assert "faveur royale" in fr["s-church"]["text"]
    assert "income" in en["p-hotel"]["text"] and "2 deniers" in en["p-hotel"]["text"]
    assert text.catalogue(GAME, "fr") == catalogue("fr")


def test_catalogue_art_draws_every_building_from_the_table():
    """The renderer draws icons from ``art`` (no game data of its own): every building's cost,
    points and what a worker does there (§3)."""
    items = {item["id"]: item for item in catalogue("en")}
    for b in B.CATALOGUE:
        art = items[b.key]["art"]
        assert art["points"] == b.pp
        assert sum(art["cost"].values()) == sum(b.cost) + b.any
        if b.kind in B.WORKABLE_KINDS:
            assert art["does"], b.key
    assert items["s-bank"]["art"]["does"] == [{"pay": {"denier": 2}, "get": {"gold": 1}},
                                              {"pay": {"denier": 5}, "get": {"gold": 2}}]
    assert items["favour-buildings-2"]["art"]["does"] == [{"get": {"build-wood": 1},
                                                           "less": {"wood": 1}}]
    assert items["w-market"]["art"]["cost"] == {"wood": 1, "any": 1}


def test_catalogue_texts_agree_with_the_numbers():
    """The effect texts are written by hand: the numbers they say are the table's."""
    for b in B.CATALOGUE:
        for rate in b.exchanges:
            if rate.pp:
                assert f"{rate.pp} PP" in b.text and f"{rate.pp} PP" in b.text_fr, b.key
        if b.effect == "sell":
            assert f"{b.price} deniers" in b.text and f"{b.price} deniers" in b.text_fr, b.key
        for gain in b.gains:
            for t, n in enumerate(gain):
                if n:
                    assert f"{n} {B.CUBES[t]}" in b.text, b.key


@pytest.mark.parametrize("players,seed,options", GAMES)
def test_breakdown_adds_up_to_the_score_and_no_tie_is_broken(players, seed, options):
    """§6: the score by category adds up; tied players share the victory, so ``tiebreak`` is
    always empty (the issue: "Ties broken by: none…" was shown when nobody tied)."""
    *_, s = random_game(players, seed, **options)
    result = s.result()
    assert result.tiebreak == ""
    assert len(result.breakdown) == players
    for score, parts in zip(result.scores, result.breakdown, strict=True):
        assert set(parts) == set(CATEGORIES)
        assert sum(parts.values()) == score
        assert parts["penalties"] <= 0
    assert result.to_json()["breakdown"][0] == dict(result.breakdown[0])
    assert s.view(0)["result"]["breakdown"]


def test_breakdown_counts_each_source_of_points():
    """§2 (a worker on another's building: 1 PP), §4 (batches, penalties never below 0), §5
    (favours), §6 (final bonuses), in a game of heuristic bots (random play seldom reaches the
    castle), with the beginners' favours (3 PP each, §5)."""
    s = new(4, seed=21, favours="simple")
    rng = random.Random(21)
    bots = [HeuristicBot(seed=seat) for seat in range(4)]
    while not s.is_over():
        seat = s.to_move()[0]
        s.apply(seat, decide(bots[seat], s, seat, rng))
    totals = {key: 0 for key in CATEGORIES}
    for parts in s.result().breakdown:
        for key, points in parts.items():
            totals[key] += points
    for key in ("buildings", "visitors", "castle", "favours"):
        assert totals[key] > 0, (key, totals)
    final = s.result().details["final_bonus"]
    for score, parts, bonus in zip(s.score, s.result().breakdown, final, strict=True):
        assert sum(parts.values()) == score
        assert (parts["gold"], parts["cubes"], parts["deniers"]) == (  # §6
            bonus["gold"], bonus["cubes"], bonus["deniers"])


def test_a_tie_is_shared_not_broken():
    """§6: "Ties: every tied player wins"."""
    for seed in range(200):
        *_, s = random_game(2, seed)
        if s.score[0] == s.score[1]:
            result = s.result()
            assert result.ranks == (1, 1) and result.tiebreak == ""
            return
    pytest.skip("no tie among the seeds tried")


def test_categories_and_seat_arguments():
    for names in CATEGORIES.values():
        assert set(names) == set(LANGS) and names["en"] != names["fr"]
    assert {"order", "winners"} == SEAT_ARGS
