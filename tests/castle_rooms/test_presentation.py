"""Castle Rooms as people read it: the catalogue, action labels, the "what to do now" line, the
log's game terms, the score's breakdown and the tie-break (issue #9)."""

from __future__ import annotations

import random
import re

import pytest

from donjon.engine import text
from donjon.engine.text import LANGUAGES, describe
from donjon.games.castle_rooms import presentation
from donjon.games.castle_rooms.cards import DECKS, ORIENTATIONS, card_set, log_names
from donjon.games.castle_rooms.messages import MESSAGES
from donjon.games.castle_rooms.terminal import render
from tests.castle_rooms.helpers import DOWN, GAME, UP, scenario

NAMES = ["Alice", "Émile", "Bruno", "Chloé"]
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
SEATS = re.compile(r"\b(seat|siège)\b", re.IGNORECASE)


def _variants():
    yield {}
    for option in GAME.options:
        for value in option.choices or ():
            if value != option.default and option.name != "win_rooms":
                yield {option.name: value}
    yield {"win_rooms": 3, "win_timing": "end-of-turn"}


def _moments(games_per_variant=1):
    """(state, seat) at every decision of random games, over every option and player count."""
    for options in _variants():
        for players in (2, 3, 4):
            for seed in range(games_per_variant):
                state = GAME.new_game(players, seed=seed, **options)
                rng = random.Random(seed)
                while not state.is_over():
                    seat = state.to_move()[0]
                    yield state, seat
                    legal = state.legal_actions(seat)
                    state.apply(seat, legal[rng.randrange(len(legal))])
                yield state, None


def _english_only_names():
    """Catalogue names whose French form differs (they must not appear in French)."""
    english = {item["id"]: item["name"] for item in presentation.catalogue("en")}
    french = {item["id"]: item["name"] for item in presentation.catalogue("fr")}
    return {name for id_, name in english.items() if french[id_] != name}


# -- catalogue ------------------------------------------------------------------------------------


def test_the_catalogue_explains_every_card_a_view_can_show_in_every_language():
    """Every room of every deck by its connector pair, the Dragon, the Knight, both ways a row
    lies and both piles: a name, a type and a text in every language, kebab-case ids."""
    shown = {name for deck in DECKS for name in card_set(deck).names} | set(ORIENTATIONS)
    shown |= {"new-row", "draw-pile", "discard-pile"}
    by_lang = {lang: text.catalogue(GAME, lang) for lang in LANGUAGES}
    for items in by_lang.values():
        ids = [item["id"] for item in items]
        assert len(ids) == len(set(ids)) and set(ids) == shown
        for item in items:
            assert re.fullmatch(r"[a-zA-Z0-9]+(-[a-zA-Z0-9]+)*", item["id"])
            assert item["name"].strip() and item["text"].strip() and item["type"]
            assert not SNAKE.search(item["text"]) and "§" not in item["text"]
    english = {item["id"]: item for item in by_lang["en"]}
    for item in by_lang["fr"]:
        assert item["text"] != english[item["id"]]["text"]
    assert english["L-M"]["name"] == "L-M"
    assert {i["id"]: i["name"] for i in by_lang["fr"]}["L-M"] == "B-M"


def test_s3_a_rooms_text_tells_its_passages_either_way_up():
    """§3: turned swords up, a room's edges swap and its heights mirror: L-M reads M-H."""
    room = {i["id"]: i for i in presentation.catalogue("en")}["L-M"]
    assert "enters low on the left and leaves at mid height" in room["text"]
    assert "swords-up row it enters at mid height and leaves high" in room["text"]
    room = {i["id"]: i for i in presentation.catalogue("fr")}["L-M"]
    assert "entre en bas à gauche et sort à mi-hauteur" in room["text"]


# -- labels ---------------------------------------------------------------------------------------


def test_labels_of_every_legal_action_read_in_both_languages():
    """Every legal action of random games, under every option and player count, has a label in
    each language: non-empty, unique at that moment, naming players (no seat, no identifier),
    French differing from English and free of the English card names."""
    english_only = _english_only_names()
    kinds = set()
    for state, seat in _moments():
        if seat is None:
            continue
        legal = state.legal_actions(seat)
        labels = {}
        for lang in LANGUAGES:
            labels[lang] = [text.label(GAME, a, lang, NAMES[:state.players]) for a in legal]
            assert len(set(labels[lang])) == len(legal), labels[lang]
            for shown in labels[lang]:
                assert shown.strip() and not SEATS.search(shown) and not SNAKE.search(shown)
                assert "helmet-up" not in shown and "swords-up" not in shown
        for action, en, fr in zip(legal, labels["en"], labels["fr"], strict=True):
            kinds.add(action.kind)
            assert en != fr
            assert not any(name in fr for name in english_only), fr
    assert kinds == {"play", "new", "dragon", "knight", "guard", "discard", "end"}


def test_labels_count_rows_from_one_and_name_the_target():
    state = scenario(hands=[["L-M", "dragon", "knight"], []],
                     rows=[[(UP, True, ["M-L"])], [(DOWN, False, ["M-M"])]])
    labels = {a.text: text.label(GAME, a, "en", NAMES[:2]) for a in state.legal_actions(0)}
    french = {a.text: text.label(GAME, a, "fr", NAMES[:2]) for a in state.legal_actions(0)}
    assert labels["dragon on seat 1 row 1"] == "Dragon on Émile's row 1"
    assert french["dragon on seat 1 row 1"] == "Dragon sur la rangée 1 d'Émile"
    assert labels["knight on row 1"] == "Knight: drive the Dragon off your row 1"
    assert labels["new swords-up row with L-M"] == "Start a new row with L-M, swords up"
    assert french["new swords-up row with L-M"] == "Commencez une rangée avec B-M, épées en haut"
    state = scenario(hands=[["L-M", "M-H", "H-H"], []], rows=[[(UP, False, ["M-L"])], []])
    play = next(a for a in state.legal_actions(0) if a.text == "play L-M on row 1")
    assert text.label(GAME, play, "fr", ["Bruno", "Chloé"]) == "Posez B-M sur votre rangée 1"
    assert text.label(GAME, play, "en") == "Play L-M on your row 1"


# -- prompt ---------------------------------------------------------------------------------------


def test_the_prompt_speaks_to_the_player_to_move_only():
    for state, seat in _moments():
        if seat is None:
            assert all(text.prompt(GAME, state.view(s), lang) == ""
                       for s in range(state.players) for lang in LANGUAGES)
            continue
        for lang in LANGUAGES:
            assert text.prompt(GAME, state.view(seat), lang, NAMES)
            assert text.prompt(GAME, state.view(None), lang) == ""
            others = [s for s in range(state.players) if s != seat]
            assert all(text.prompt(GAME, state.view(s), lang) == "" for s in others)


def test_the_prompt_follows_the_hand_limit():
    """§4.3, §5 B6: above 2 cards the player must play; at 2 or fewer they may end the turn."""
    full = scenario(hands=[["L-M", "M-H", "H-H"], []])
    assert "at most 2" in text.prompt(GAME, full.view(0), "en")
    assert "2 cartes au plus" in text.prompt(GAME, full.view(0), "fr")
    two = scenario(hands=[["L-M", "M-H"], []])
    assert text.prompt(GAME, two.view(0), "en") == "Play more cards, or end your turn."
    exactly = scenario(hands=[["L-M", "M-H"], []], hand_limit="exactly")
    assert text.prompt(GAME, exactly.view(0), "fr") == "Terminez votre tour."
    last = scenario(hands=[["L-M"], []], deck=[])
    last.final_turns = 1
    assert text.prompt(GAME, last.view(0), "en").endswith("This is your last turn.")


# -- log ------------------------------------------------------------------------------------------


def test_the_logs_game_terms_come_from_the_cards_table():
    for lang in LANGUAGES:
        assert MESSAGES[lang]["_names"] == log_names(lang)
        assert set(card_set("proposed").names) <= set(log_names(lang))


def test_log_sentences_name_the_dragons_target_and_speak_french_throughout():
    """A Dragon's target is a player's name (``SEAT_ARGS``); French sentences use the French
    card names; hidden cards read as a count, never "1 cards"."""
    english_only = _english_only_names()
    state = scenario(hands=[["dragon", "L-M"], []], rows=[[], [(UP, False, ["M-M"])]])
    state.apply(0, "dragon on seat 1 row 1")
    state.apply(0, "new helmet-up row with L-M")
    events = state.log(1)
    assert describe(GAME, events[-2], 1, "en", NAMES[:2]) == (
        "Alice sets a Dragon on Émile's row 1")
    assert describe(GAME, events[-2], 0, "fr", NAMES[:2]) == (
        "Vous posez un Dragon chez Émile, sur la rangée 1")
    assert describe(GAME, events[-1], 1, "fr", NAMES[:2]) == (
        "Alice commence la rangée 1 (casque en haut) avec B-M")
    for state, seat in _moments():
        if seat is not None:
            continue
        for reader in [*range(state.players), None]:
            for event in state.log(reader):
                sentence = describe(GAME, event, reader, "fr", NAMES)
                assert not any(name in sentence for name in english_only), sentence
                assert not re.search(r"\b1 (cards|cartes)\b", sentence)


# -- result ---------------------------------------------------------------------------------------


def test_the_breakdown_adds_up_to_the_score_in_named_categories():
    for state, seat in _moments():
        if seat is not None:
            continue
        result = state.result()
        assert len(result.breakdown) == state.players
        for score, parts in zip(result.scores, result.breakdown, strict=True):
            assert set(parts) <= set(presentation.CATEGORIES)
            assert sum(parts.values()) == score
        assert result.tiebreak in ("", *presentation.TIEBREAKS)


def _deck_out(rows):
    state = scenario(players=len(rows), rows=rows, deck=[])
    state.final_turns = 1
    state.apply(0, "end turn")
    return state.result()


def test_s5_b11_the_tiebreak_is_told_only_when_next_longest_rows_decided():
    """§5 B11: rows compare longest first; the result names a tie-break only when two players'
    longest rows were equal and a later row decided, not when nobody tied nor for a full tie
    (a shared place)."""
    decided = _deck_out([[(UP, False, ["M-M"] * 6), (DOWN, False, ["M-M"] * 3)],
                         [(UP, False, ["M-M"] * 6), (DOWN, False, ["M-M"] * 2)]])
    assert decided.ranks == (1, 2) and decided.tiebreak == "next-longest rows"
    assert set(presentation.TIEBREAKS[decided.tiebreak]) == set(LANGUAGES)
    assert decided.breakdown == ({"longest-row": 6}, {"longest-row": 6})
    untied = _deck_out([[(UP, False, ["M-M"] * 6)], [(UP, False, ["M-M"] * 5)]])
    assert untied.ranks == (1, 2) and untied.tiebreak == ""
    shared = _deck_out([[(UP, False, ["M-M"] * 6)], [(DOWN, False, ["M-M"] * 6)]])
    assert shared.ranks == (1, 1) and shared.tiebreak == ""
    won = scenario(hands=[["M-M"], []], rows=[[(UP, False, ["M-M"] * 9)], []])
    won.apply(0, "play M-M on row 1")
    assert won.result().tiebreak == "" and won.result().breakdown[0] == {"longest-row": 10}


def test_the_categories_and_tiebreaks_read_in_every_language():
    for table in (presentation.CATEGORIES, presentation.TIEBREAKS, presentation.UI):
        for words in table.values():
            assert all(words[lang].strip() for lang in LANGUAGES)


# -- terminal -------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_terminal_drawing_names_players_in_the_viewers_language(lang):
    from rich.console import Console

    state = scenario(hands=[["dragon", "L-M", "knight"], []],
                     rows=[[(UP, True, ["M-L"])], [(DOWN, False, ["M-M", "M-M"])]])
    console = Console(width=120, record=True)
    console.print(render(state.view(0), 0, lang, NAMES[:2]))
    drawn = console.export_text()
    assert "Alice" in drawn and "Émile" in drawn
    assert not SEATS.search(drawn) and "Player" not in drawn and "Joueur" not in drawn
    if lang == "fr":
        assert "B-M" in drawn and "Chevalier" in drawn
        assert not any(name in drawn for name in _english_only_names())
