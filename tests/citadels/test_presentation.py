"""Citadels as people read it (issue #9): the catalogue, action labels, the "what to do now" line,
the log's sentences, the score's breakdown and the tie-break, the presets' names and the
terminal drawing, in English and in French, naming players."""

from __future__ import annotations

import random
import re
from functools import cache

import pytest

from donjon.engine import text
from donjon.engine.text import LANGUAGES, describe
from donjon.games.citadels import presentation
from donjon.games.citadels.actions import SPELLING
from donjon.games.citadels.cards import (
    CASTS,
    CHARACTER_KEYS,
    CHARACTER_NAMES,
    DISTRICT_KEYS,
    DISTRICT_NAMES,
    MARKERS,
    RANDOM,
    TYPES,
    UNIQUE_SETS,
    catalogue_id,
    log_names,
)
from donjon.games.citadels.messages import MESSAGES
from donjon.games.citadels.options import OPTIONS
from donjon.games.citadels.scoring import TIEBREAK_GOLD, TIEBREAK_RANK
from donjon.games.citadels.state import OVER
from donjon.games.citadels.terminal import render
from tests.citadels.scenario import GAME, new, setup_seat, turn

NAMES = ["Alice", "Émile", "Bruno", "Chloé", "Denis", "Ève", "Fanny", "Hugo"]
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
SEATS = re.compile(r"\b(seat|siège|sièges)\b", re.IGNORECASE)
PRESETS = [*CASTS, RANDOM]


@cache
def _games() -> tuple:
    """Finished random games: every preset (its cast and its uniques) at every player count."""
    out = []
    for i, preset in enumerate(PRESETS):
        for players in range(2, 9):
            seed = 10 * players + i
            state = GAME.new_game(players, seed=seed, characters=preset, districts=preset)
            rng = random.Random(seed)
            moments = []
            while not state.is_over():
                seat = state.to_move()[0]
                legal = state.legal_actions(seat)
                moments.append((legal, state.view(seat), seat))
                state.apply(seat, legal[rng.randrange(len(legal))])
            out.append((state, moments))
    return tuple(out)


def _english_only() -> list[re.Pattern]:
    """Catalogue names whose French form differs and that no French name contains."""
    english = {i["id"]: i["name"] for i in presentation.catalogue("en")}
    french = {i["id"]: i["name"] for i in presentation.catalogue("fr")}
    out = []
    for key, name in english.items():
        word = re.compile(r"(?<![\w'])" + re.escape(name) + r"(?![\w'])")
        if french[key] != name and not any(word.search(f) for f in french.values()):
            out.append(word)
    return out


ENGLISH = _english_only()


# -- catalogue ------------------------------------------------------------------------------------


def test_the_catalogue_explains_every_character_district_type_and_marker():
    """§1.2–§2.3: the 27 characters, the 17 basic and 30 unique districts, the five types, the
    crown, warrants and threats (signed, blank, face down), the marks on characters and
    cities: a name and a text in every language, kebab-case ids, a cost for districts."""
    expected = {*CHARACTER_KEYS, *DISTRICT_KEYS, *TYPES, *MARKERS}
    assert {"crown", "signed-warrant", "blank-warrant", "real-threat", "blank-threat"} <= expected
    by_lang = {lang: text.catalogue(GAME, lang) for lang in LANGUAGES}
    for items in by_lang.values():
        ids = [item["id"] for item in items]
        assert len(ids) == len(set(ids)) and set(ids) == expected
        for item in items:
            assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", item["id"])
            assert item["name"].strip() and item["text"].strip()
            assert not SNAKE.search(item["text"]) and "§" not in item["text"]
            assert not SEATS.search(item["text"])
            if item["kind"] == "district" and item["id"] != "secret-vault":
                assert isinstance(item["cost"], int) and item["type"]
    english = {item["id"]: item for item in by_lang["en"]}
    french = {item["id"]: item for item in by_lang["fr"]}
    for key, item in french.items():
        assert item["text"] != english[key]["text"], key
    assert english["thieves-den"]["name"] == "Thieves' Den"
    assert french["thieves-den"]["name"] == "Tripot" and french["thieves-den"]["cost"] == 6
    assert french["magistrate"]["type"] == "Rang 1" and english["queen"]["type"] == "Rank 9"
    assert french["manor"]["type"] == "Quartier noble"
    assert english["tax-collector"]["art"] == {"rank": 9, "income": None}
    assert english["king"]["art"] == {"rank": 4, "income": "noble"}
    assert english["watchtower"]["art"] == {"type": "military", "cost": 1}


def test_every_name_a_view_shows_is_a_catalogue_id_by_its_kebab_case():
    """Views name characters and districts by their English names; the renderer finds their
    catalogue ids as ``cards.catalogue_id`` makes them."""
    ids = {item["id"] for item in presentation.catalogue("en")}
    for name in (*CHARACTER_NAMES, *DISTRICT_NAMES):
        assert catalogue_id(name) in ids


# -- labels ---------------------------------------------------------------------------------------


def test_labels_of_every_legal_action_read_in_both_languages():
    """Every legal action of random games, under every preset and player count, has a label in
    each language: non-empty, unique at that moment, naming players (no seat, no identifier),
    the French one differing from the English one and free of English names."""
    kinds = set()
    for state, moments in _games():
        names = NAMES[:state.players]
        for legal, _, _ in moments:
            shown = {lang: [text.label(GAME, a, lang, names) for a in legal] for lang in LANGUAGES}
            for labels in shown.values():
                assert len(set(labels)) == len(labels), labels
                for label in labels:
                    assert label.strip() and not SEATS.search(label) and not SNAKE.search(label)
            for action, en, fr in zip(legal, shown["en"], shown["fr"], strict=True):
                kinds.add(action.kind)
                assert en != fr, en
                assert not any(word.search(fr) for word in ENGLISH), fr
    assert kinds == set(SPELLING) == set(presentation.LABELS)


def _labels(state, seat, lang="en"):
    return {a.text: text.label(GAME, a, lang, NAMES[:state.players])
            for a in state.legal_actions(seat)}


def test_labels_name_characters_players_and_districts_with_their_articles():
    st = new(4, seed=3)
    seat = st.to_move()[0]
    picks = {a.args[0]: a for a in st.legal_actions(seat) if a.kind == "pick"}
    some = next(iter(picks.values()))
    name = some.text.removeprefix("pick ")
    assert text.label(GAME, some, "en") == f"Choose the {name}"
    thief = next((a for a in picks.values() if a.args == ("thief",)), None)
    if thief is not None:
        assert text.label(GAME, thief, "fr") == "Choisissez le Voleur"
    st = new(4, "Warlord")
    turn(st, 0, "Warlord")
    setup_seat(st, 0, gold=5, hand=[], city=["Watchtower"])
    setup_seat(st, 1, city=["Castle", "Church"])
    st.apply(0, "take gold")
    labels, french = _labels(st, 0), _labels(st, 0, "fr")
    assert labels["destroy Castle of seat 1 for 3 gold"] == "Destroy Émile's Castle for 3 gold"
    assert french["destroy Castle of seat 1 for 3 gold"] == (
        "Détruisez le Château d'Émile pour 3 pièces d'or")
    assert labels["destroy Church of seat 1 for 1 gold"] == "Destroy Émile's Church for 1 gold"
    assert french["destroy Church of seat 1 for 1 gold"] == (
        "Détruisez l'Église d'Émile pour 1 pièce d'or")
    assert labels["destroy Watchtower of seat 0 for 0 gold"] == (
        "Destroy Alice's Watchtower for free")
    assert french["collect 1 gold"] == "Percevez vos revenus : 1 pièce d'or"
    assert labels["end turn"] == "End your turn"


def test_a_beautified_district_and_its_twin_read_apart():
    """§2.3 Artist: a beautified district is another target than its plain twin (Quarry)."""
    st = new(4, "Warlord")
    turn(st, 0, "Warlord")
    setup_seat(st, 0, gold=9, hand=[], city=["Quarry"])
    setup_seat(st, 1, city=["Manor", "Manor"])
    st.beautified[1] = [True, False]
    st.changed()
    st.apply(0, "take gold")
    labels, french = _labels(st, 0), _labels(st, 0, "fr")
    assert labels["destroy Manor* of seat 1 for 3 gold"] == (
        "Destroy Émile's beautified Manor for 3 gold")
    assert french["destroy Manor* of seat 1 for 3 gold"] == (
        "Détruisez le Manoir embelli d'Émile pour 3 pièces d'or")
    assert french["destroy Manor of seat 1 for 2 gold"] == (
        "Détruisez le Manoir d'Émile pour 2 pièces d'or")


# -- prompt ---------------------------------------------------------------------------------------


def test_the_prompt_speaks_to_the_player_to_move_only():
    for state, moments in _games()[::5]:
        for _, view, seat in moments[::7]:
            assert view["seat"] == seat
            for lang in LANGUAGES:
                line = text.prompt(GAME, view, lang, NAMES)
                assert line and not SEATS.search(line) and not SNAKE.search(line), line
                assert not any(word.search(line) for word in ENGLISH) or lang == "en", line
        for s in range(state.players):
            assert text.prompt(GAME, state.view(s), "fr") == ""
        assert text.prompt(GAME, state.view(None), "en") == ""


def test_the_prompt_says_what_this_decision_asks():
    st = new(4, "Warlord")
    turn(st, 0, "Warlord")
    assert text.prompt(GAME, st.view(0), "en") == "Warlord: first take gold or draw cards."
    assert text.prompt(GAME, st.view(0), "fr") == (
        "Condottiere : prenez d'abord de l'or ou piochez des cartes.")
    st.apply(0, "take gold")
    assert text.prompt(GAME, st.view(0), "en") == (
        "Warlord: use your power, build or end your turn.")
    assert text.prompt(GAME, st.view(1), "en") == ""
    st = new(2, seed=5)
    seat = st.to_move()[0]
    assert text.prompt(GAME, st.view(seat), "en") == "Choose a character to keep."
    while len(st.view(st.to_move()[0])["draft_cards"]) != 5:
        mover = st.to_move()[0]
        st.apply(mover, st.legal_actions(mover)[0])
    mover = st.to_move()[0]
    assert st.legal_actions(mover)[0].kind == "fdiscard"  # §3.3
    assert text.prompt(GAME, st.view(mover), "fr") == (
        "Choisissez un personnage à écarter face cachée.")


# -- the log --------------------------------------------------------------------------------------


def test_the_logs_game_terms_come_from_the_cards_table():
    for lang in LANGUAGES:
        assert MESSAGES[lang]["_names"] == log_names(lang)
    assert log_names("fr")["Stables"] == "les Écuries" and log_names("fr")["Thief"] == "le Voleur"
    assert log_names("en")["noble"] == "noble districts"


def test_log_sentences_name_players_and_speak_french_throughout():
    """Every event of random games, read by each seat and a spectator: players by their names
    (never a seat number), French without English names, no "1 cards" or "1 pièces"."""
    for state, _ in _games()[::3]:
        names = NAMES[:state.players]
        for reader in (0, 1, None):
            for event in state.log(reader):
                for lang in LANGUAGES:
                    sentence = describe(GAME, event, reader, lang, names)
                    assert not SEATS.search(sentence) and " · " not in sentence, sentence
                    assert not re.search(r"\b1 (cards|cartes|pièces)\b", sentence), sentence
                    assert not re.search(r"\b[02-9] (card|carte|pièce)\b", sentence), sentence
                    if lang == "fr":
                        assert not any(w.search(sentence) for w in ENGLISH), sentence


def test_sentences_of_targets_read_as_the_players_names():
    st = new(4, "Warlord")
    turn(st, 0, "Warlord")
    setup_seat(st, 0, gold=5, hand=[], city=[])
    setup_seat(st, 1, city=["Castle"])
    st.apply(0, "take gold")
    st.apply(0, "destroy Castle of seat 1 for 3 gold")
    event = st.log(1)[-1]
    assert describe(GAME, event, 1, "en", NAMES[:4]) == (
        "Alice destroys the Castle in Émile's city for 3 gold")
    assert describe(GAME, event, 0, "fr", NAMES[:4]) == (
        "Vous détruisez le Château chez Émile (or payé : 3)")
    first = GAME.new_game(4, seed=1).log(None)
    rounds = [e for e in first if e["key"] == "round"]
    assert describe(GAME, rounds[0], None, "fr", NAMES[:4]).startswith("Manche 1 : ")
    assert "choisit en premier" in describe(GAME, rounds[0], None, "fr", NAMES[:4])


# -- result ---------------------------------------------------------------------------------------


def test_the_breakdown_adds_up_to_the_score_in_named_categories():
    for state, _ in _games():
        result = state.result()
        assert len(result.breakdown) == state.players
        for score, parts in zip(result.scores, result.breakdown, strict=True):
            assert set(parts) <= set(presentation.CATEGORIES)
            assert sum(parts.values()) == score and all(v for v in parts.values())
        assert result.tiebreak in ("", *presentation.TIEBREAKS)


def _ended(cities, ranks, gold=None, **options):
    st = new(len(cities), **options)
    for seat, city in enumerate(cities):
        setup_seat(st, seat, city=city, hand=[], gold=(gold or [0] * len(cities))[seat])
    st.highest_revealed_rank = list(ranks)
    st.phase = OVER
    st.stack.clear()
    st.changed()
    return st.result()


def test_s5_the_tiebreak_is_told_only_when_the_highest_rank_decided():
    """§5: equal scores go to the player who revealed the highest rank in the last round; the
    result names a tie-break only when one told tied players apart."""
    decided = _ended([["Manor"], ["Manor"], ["Temple"], []], [3, 5, 2, 1])
    assert decided.scores[:2] == (3, 3) and decided.ranks == (2, 1, 3, 4)
    assert decided.tiebreak == TIEBREAK_RANK
    assert decided.breakdown[0] == {"districts": 3}
    untied = _ended([["Manor"], ["Castle"], ["Temple"], []], [3, 5, 2, 1])
    assert untied.tiebreak == ""
    shared = _ended([["Manor"], ["Manor"], ["Temple"], ["Church"]], [4, 4, 2, 1])
    assert shared.ranks[:2] == (1, 1) and shared.tiebreak == ""
    by_gold = _ended([["Manor"], ["Manor"], ["Temple"], ["Church"]], [4, 4, 2, 1],
                     gold=[1, 2, 0, 0],
                     residual_tie="most-gold")
    assert by_gold.ranks[:2] == (2, 1) and by_gold.tiebreak == TIEBREAK_GOLD
    for words in presentation.TIEBREAKS.values():
        assert all(words[lang].strip() for lang in LANGUAGES)


def test_s5_the_breakdown_gathers_the_bonuses_of_uniques_and_completion():
    """§5: costs, +3 for the five types, the uniques' bonuses together, +4 for the first
    complete city and +2 for the others."""
    st = new(4)
    setup_seat(st, 0, hand=[], gold=0,
               city=["Manor", "Temple", "Tavern", "Watchtower", "Dragon Gate", "Castle", "Church"])
    setup_seat(st, 1, hand=["Secret Vault"], gold=0,
               city=["Manor", "Temple", "Tavern", "Watchtower", "Palace", "Castle", "Church"])
    st.first_complete = 0
    st.phase = OVER
    st.stack.clear()
    st.changed()
    result = st.result()
    assert result.breakdown[0] == {"districts": 18, "five-types": 3, "uniques": 2,
                                   "first-complete": 4}
    # a Secret Vault shown from the hand: 3 points, and the unique type (seed 003 default)
    assert result.breakdown[1] == {"districts": 17, "five-types": 3, "uniques": 3, "complete": 2}
    assert result.scores[:2] == (27, 25)


def test_the_categories_ui_words_and_presets_read_in_every_language():
    for table in (presentation.CATEGORIES, presentation.TIEBREAKS, presentation.UI):
        for words in table.values():
            assert all(words[lang].strip() for lang in LANGUAGES)
            assert not SNAKE.search(words["en"]) and not SEATS.search(words["fr"])
    options = {option.name: option for option in OPTIONS}
    for name, sets in (("characters", CASTS), ("districts", UNIQUE_SETS)):
        values = options[name].values
        assert list(values) == [*sets, RANDOM]
        for words in values.values():
            assert all(words[lang].strip() for lang in LANGUAGES)
    assert options["characters"].values["cunning-agents"] == {
        "en": "Cunning Agents", "fr": "Intrigants Subtils"}
    assert options["districts"].values[RANDOM]["fr"] == "14 au hasard"


# -- terminal -------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_drawing_names_players_in_the_viewers_language(lang):
    from rich.console import Console

    st = new(4, "Warlord")
    turn(st, 0, "Warlord", {1: "Bishop"})
    setup_seat(st, 0, hand=["Thieves' Den", "Manor"], city=["Watchtower"])
    setup_seat(st, 1, city=["Castle"])
    console = Console(width=160, record=True)
    console.print(render(st.view(0), 0, lang, NAMES[:4]))
    drawn = console.export_text()
    assert "Alice" in drawn and "Émile" in drawn
    assert not SEATS.search(drawn) and "Player" not in drawn and "Joueur" not in drawn
    if lang == "fr":
        assert "Tripot" in drawn and "Condottiere" in drawn and "Château" in drawn
        assert not any(word.search(drawn) for word in ENGLISH), drawn
    else:
        assert "Thieves' Den" in drawn and "Warlord" in drawn
