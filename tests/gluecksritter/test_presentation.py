"""Die Glücksritter as people read it (issue #9): the catalogue, action labels, the "what to do
now" line, log sentences naming players, the score's breakdown and the tie-break, and the
terminal drawing, in English and French."""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

from donjon.engine import text
from donjon.engine.text import LANGUAGES, describe, terminal_drawing
from donjon.games.gluecksritter import presentation
from donjon.games.gluecksritter.actions import ACTIONS
from donjon.games.gluecksritter.data import DOC_IDS, DOCUMENTS, FIELD_IDS, NOUNS
from donjon.games.gluecksritter.messages import MESSAGES
from donjon.games.gluecksritter.state import BY_BOTH, BY_COMPLETE_CASTLE, BY_DUCATS
from tests.gluecksritter.helpers import GAME, table
from tests.gluecksritter.test_messages import VARIANTS, emitted_keys

NAMES = ["Alice", "Émile", "Bruno", "Chloé", "Denis", "Ulysse"]
SNAKE = re.compile(r"\b[a-z]+_[a-z_]+\b")
SEATS = re.compile(r"\b(seat|siège|sieges?|sièges)\b", re.IGNORECASE)
KEBAB = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
#: English words a French text must not hold (the catalogue's English-only names are added)
ENGLISH = re.compile(r"\b(the|and|of|wall|walls|tower|towers|silver|gold|coins?|field|knight|"
                     r"raid|play|take|buy|free|round|nothing|hidden|dice|thief|supply)\b", re.IGNORECASE)
#: counted nouns in the wrong number
BAD_PLURALS = {
    "en": re.compile(r"(?<![\d.])1 (walls|towers|silver coins|gold coins|ducats)\b|"
                     r"\b(0|[2-9]|\d\d+) (wall|tower|silver coin|gold coin|ducat)\b"),
    "fr": re.compile(r"(?<![\d.])[01] (murs|tours|pièces|ducats)\b|"
                     r"\b([2-9]|\d\d+) (mur|tour|pièce|ducat)\b"),
}
#: event arguments that hold no player (a new argument must be named here or in SEAT_ARGS)
NOT_PLAYERS = {
    "round", "ducats", "tax", "customs", "tax_coins", "customs_coins", "deck", "cards", "doc",
    "paid", "coin", "silver", "gold", "coins", "field", "piece", "blocked", "price", "count",
    "pieces", "by", "rolls", "roll", "die", "what", "returned", "goes",
}


def _english_only_names() -> set[str]:
    english = {item["id"]: item["name"] for item in presentation.catalogue("en")}
    french = {item["id"]: item["name"] for item in presentation.catalogue("fr")}
    return {name for key, name in english.items() if french[key] != name}


def _games(per_variant: int = 2):
    """Random games over every option mix and player count: (state, seat to move) at each
    decision, then (state, None) at the end."""
    for v, options in enumerate(VARIANTS):
        for i in range(per_variant):
            players = 3 + (v + i) % 4
            seed = 1000 * v + i
            state = GAME.new_game(players, seed=seed, **options)
            rng = random.Random(seed)
            while not state.is_over():
                seat = rng.choice(state.to_move())
                yield state, seat
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
            yield state, None


# -- the catalogue -------------------------------------------------------------------------------


def test_the_catalogue_explains_every_field_document_coin_and_piece_in_every_language():
    """The six fields (by printed number), the ten Documents, both coins, walls and towers,
    the castle, the Black Knight card and the dungeon, the bag, the Ducats cards, the Document
    deck and the start player: kebab-case ids, a name, a type and a text in every language."""
    wanted = {*FIELD_IDS[1:], *DOC_IDS, "silver", "gold", "wall", "tower", "castle",
              "black-knight", "dungeon", "bag", "ducats-card", "documents", "start-player"}
    by_lang = {lang: text.catalogue(GAME, lang) for lang in LANGUAGES}
    for items in by_lang.values():
        ids = [item["id"] for item in items]
        assert len(ids) == len(set(ids)) and set(ids) == wanted
        for item in items:
            assert KEBAB.fullmatch(item["id"]), item["id"]
            assert item["name"].strip() and item["text"].strip() and item["type"]
            for shown in (item["name"], item["text"], item["type"], item["cost"] or ""):
                assert not SNAKE.search(shown) and "§" not in shown and not SEATS.search(shown)
    english = {item["id"]: item for item in by_lang["en"]}
    for item in by_lang["fr"]:
        assert item["text"] != english[item["id"]]["text"]
        assert not ENGLISH.search(item["text"]), item["text"]
    assert english["field-2"]["name"] == "Farmer Johann"
    assert "6 each if several did" in english["field-2"]["text"]
    assert english["royal-grant"]["type"] == "Red Document"
    assert {i["id"]: i for i in by_lang["fr"]}["pardon"]["name"] == "Grâce"
    # a copy each time: a caller may not spoil the next one's
    by_lang["en"][0]["name"] = "spoiled"
    assert presentation.catalogue("en")[0]["name"] == "Brother Jacob"


def test_action_arguments_are_catalogue_ids():
    """Documents, coins and pieces in action arguments are catalogue ids."""
    ids = {item["id"] for item in presentation.catalogue("en")}
    for action in ACTIONS.known():
        for arg in action.args:
            if isinstance(arg, str) and arg not in ("die", "money", "castle-piece"):
                assert arg in ids, (action, arg)


# -- labels ----------------------------------------------------------------------------------------


def test_labels_of_every_legal_action_read_in_both_languages():
    """Every legal action of random games, over every option mix and 3 to 6 players, has a
    label in each language: non-empty, unique at that moment, naming players (no seat number,
    no identifier), French differing from English and free of English words."""
    english_only = _english_only_names()
    kinds = set()
    for state, seat in _games():
        if seat is None:
            continue
        legal = state.legal_actions(seat)
        labels = {}
        for lang in LANGUAGES:
            labels[lang] = [text.label(GAME, a, lang, NAMES[:state.players]) for a in legal]
            assert len(set(labels[lang])) == len(legal), labels[lang]
            for shown in labels[lang]:
                assert shown.strip() and not SEATS.search(shown) and not SNAKE.search(shown)
                assert not BAD_PLURALS[lang].search(shown), shown
                assert shown[0].isupper(), shown
        for action, en, fr in zip(legal, labels["en"], labels["fr"], strict=True):
            kinds.add(action.kind)
            assert en != fr, en
            assert not ENGLISH.search(fr) and not any(n in fr for n in english_only), fr
            for i, arg in enumerate(action.args):  # a player argument is named
                if action.kind in ("gift", "raid") and i == 0 or (
                        action.kind == "demolish" and i == 1):
                    assert NAMES[arg] in en and NAMES[arg] in fr
    assert kinds >= {"choose", "commit", "gift", "give", "stop", "block", "demolish", "grant",
                     "build", "no-build", "take-gold", "raid", "steal", "ransom", "pardon",
                     "safeguard", "allow", "champion", "roll", "buy-document", "no-document",
                     "rest"}, kinds


def test_labels_say_what_the_move_does():
    state = table(4, docs=[["Blockade", "Demolition", "Gift"], [], [], []], walls=[0, 1, 0, 0],
                  towers=[0, 0, 0, 1], red_targets="on-committing")
    en = {a.text: text.label(GAME, a, "en", NAMES[:4]) for a in state.legal_actions(0)}
    fr = {a.text: text.label(GAME, a, "fr", NAMES[:4]) for a in state.legal_actions(0)}
    assert en["choose 2 and 4"] == "Choose fields 2 and 4"
    assert fr["choose 2 and 4"] == "Choisissez les cases 2 et 4"
    assert en["commit Blockade on field 6"] == "Play Blockade face down on field 6"
    assert fr["commit Blockade on field 6"] == "Jouez Blocus face cachée sur la case 6"
    assert en["commit Demolition on a wall of seat 1"] == (
        "Play Demolition face down on one of Émile's walls")
    assert fr["commit Demolition on a wall of seat 1"] == (
        "Jouez Démolition face cachée sur un des murs d'Émile")
    assert fr["commit Demolition on a tower of seat 3"] == (
        "Jouez Démolition face cachée sur une des tours de Chloé")
    assert en["play Gift to seat 2"] == "Play Gift for Bruno"
    raid = ACTIONS("raid", 0, "money")
    assert text.label(GAME, raid, "en", NAMES) == "Raid Alice for money"
    assert text.label(GAME, raid, "fr", NAMES) == "Attaquez Alice pour son argent"
    build = ACTIONS("build", "tower", 2, 7)
    assert text.label(GAME, build, "en", NAMES) == "Buy 2 towers for 14 ducats"
    assert text.label(GAME, ACTIONS("build", "wall", 1, 4), "fr", NAMES) == (
        "Achetez 1 mur pour 4 ducats")
    assert text.label(GAME, ACTIONS("no-build", "tower"), "fr", NAMES) == "N'achetez aucune tour"
    # without names, players are numbered from 1
    assert text.label(GAME, raid, "en") == "Raid Player 1 for money"


# -- the "what to do now" line -----------------------------------------------------------------


def test_the_prompt_asks_the_seat_to_move_and_only_it():
    english_only = _english_only_names()
    asked = set()
    for state, _seat in _games(per_variant=1):
        for viewer in (None, *range(state.players)):
            view = state.view(viewer)
            for lang in LANGUAGES:
                line = text.prompt(GAME, view, lang, NAMES[:state.players])
                if viewer is None or viewer not in state.to_move():
                    assert line == ""
                    continue
                assert line.strip() and not SEATS.search(line) and not SNAKE.search(line)
                if lang == "fr":
                    assert not ENGLISH.search(line) and not any(n in line for n in english_only)
                decision = view["decision"]
                asked.add(view["phase"] if decision is None else decision["kind"])
    assert asked >= {"choice", "target", "theft", "duel", "buy-document", "build",
                     "black-knight", "steal"}, asked


def test_the_prompt_mentions_red_documents_and_the_dungeon():
    state = table(3, docs=[["Windfall"], [], []], jailed=[True, False, False])
    line = text.prompt(GAME, state.view(0), "en", NAMES)
    assert line.startswith("Choose two action cards") and "red Documents" in line
    assert "dungeon" in line
    assert text.prompt(GAME, state.view(1), "fr", NAMES) == (
        "Choisissez deux cartes action, face cachée.")


# -- log sentences --------------------------------------------------------------------------------


def test_sentences_name_players_and_never_say_seat():
    """Every event of random games (every option mix, 3 to 6 players), read by the acting
    player, another one and a spectator: players by name, no "seat"/"siège", French without an
    English word, counted nouns in the right number."""
    english_only = _english_only_names()
    seen = set()
    for state, seat in _games(per_variant=1):
        if seat is not None:
            continue
        names = NAMES[:state.players]
        seen |= {event["key"] for event in state.log(None)}
        logs = {s: state.log(s) for s in (None, *range(state.players))}
        for n, event in enumerate(logs[None]):
            args = event["args"]
            assert set(args) <= presentation.SEAT_ARGS | NOT_PLAYERS, (event["key"], set(args))
            for key, value in args.items():  # players are numbers, game terms are named
                values = value if isinstance(value, list) else [value]
                if key in presentation.SEAT_ARGS:
                    assert all(type(v) is int for v in values), (event["key"], key, value)
                for v in values:
                    if isinstance(v, str):
                        assert all(v in MESSAGES[lang]["_names"] for lang in LANGUAGES), (
                            event["key"], key, v)
            actor = args.get("seat")
            for viewer in (actor, (actor or 0) + 1, None):
                viewer = viewer if viewer is None or viewer < state.players else 0
                shown = logs[viewer][n]
                for lang in LANGUAGES:
                    line = describe(GAME, shown, viewer, lang, names)
                    assert not SEATS.search(line) and not SNAKE.search(line), line
                    assert not BAD_PLURALS[lang].search(line), line
                    if lang == "fr":
                        assert not ENGLISH.search(line), line
                        assert not any(name in line for name in english_only), line
                    for key in presentation.SEAT_ARGS - {"seat"}:
                        value = args.get(key)
                        for s in value if isinstance(value, list) else [value]:
                            if isinstance(s, int) and key in line_keys(event["key"], lang):
                                assert names[s] in line, (line, key)
    assert len(emitted_keys() - seen) <= 3, sorted(emitted_keys() - seen)


def line_keys(key: str, lang: str) -> set[str]:
    """The arguments a sentence template uses."""
    used = set()
    for template in (MESSAGES[lang].get(key, ""), MESSAGES[lang].get(key + ":you", "")):
        used |= set(re.findall(r"\{(\w+)\}", template))
    return used


def test_the_logs_game_terms_come_from_the_data_table():
    names = MESSAGES["fr"]["_names"]
    for document in DOCUMENTS:
        assert names[document.name] == document.fr
    assert names["wall"] == NOUNS["wall"].fr and names["3 silver"] == "3 pièces d'argent"
    assert names["1 tower"] == "1 tour" and MESSAGES["en"]["_names"]["2 tower"] == "2 towers"


def test_an_amount_reads_right_in_both_languages():
    state = table(3, field=(1, 0, 3, 2), silver=[2, 0, 0], gold=[2, 0, 0])  # nobody buys
    state.apply(0, "choose 5 and 6")
    state.apply(1, "choose 2 and 3")
    state.apply(2, "choose 2 and 3")
    shown = [describe(GAME, e, 0, lang, NAMES[:3]) for e in state.log(0) for lang in LANGUAGES
             if e["key"] == "collect"]
    assert "You collect from field 5: 1 silver coin" in shown
    assert "Vous ramassez sur la case 6 : 3 pièces d'argent, 2 pièces d'or" in shown


# -- the result -----------------------------------------------------------------------------------


def _ended(walls, towers, silver, gold, **options):
    """The result of a game ending now: at the end of a round, or the Ducats cards used up
    when no castle is complete (``ducats_reshuffle=last-round``)."""
    state = table(len(walls), walls=walls, towers=towers, silver=silver, gold=gold, **options)
    if any(state.complete(seat) for seat in range(state.players)):
        state._end_round()
    else:
        state._end_without_castle()
    assert state.is_over()
    return state.result()


def test_the_breakdown_adds_up_to_the_score_in_random_games():
    """The score is the castle: walls and towers, each a category of ``CATEGORIES``."""
    for state, seat in _games(per_variant=1):
        if seat is not None:
            continue
        result = state.result()
        assert len(result.breakdown) == state.players
        for score, part in zip(result.scores, result.breakdown, strict=True):
            assert set(part) == set(presentation.CATEGORIES) and sum(part.values()) == score
        if not result.tiebreak:  # the scores alone rank the players
            for a in range(state.players):
                for b in range(state.players):
                    if result.scores[a] > result.scores[b]:
                        assert result.ranks[a] < result.ranks[b]
                    if result.scores[a] == result.scores[b]:
                        assert result.ranks[a] == result.ranks[b]
        assert result.tiebreak in ("", *presentation.TIEBREAKS)


def test_s8_a19_no_tiebreak_when_the_castles_alone_rank_the_players():
    result = _ended([4, 2, 1], [4, 1, 0], [2, 2, 2], [2, 2, 2])
    assert result.ranks == (1, 2, 3) and result.tiebreak == ""
    assert result.breakdown == ({"walls": 4, "towers": 4}, {"walls": 2, "towers": 1},
                                {"walls": 1, "towers": 0})
    # equal castles, equal ducats: a tie nobody broke
    result = _ended([4, 4, 1], [4, 4, 0], [2, 2, 2], [2, 2, 2])
    assert result.ranks == (1, 1, 3) and result.tiebreak == ""


def test_s8_a19_complete_castles_tied_on_pieces_are_ranked_by_ducats():
    result = _ended([4, 4, 1], [4, 4, 0], [2, 3, 2], [2, 2, 2])
    assert result.ranks == (2, 1, 3) and result.tiebreak == BY_DUCATS
    # unfinished castles of equal size too (the Ducats cards ran out)
    result = _ended([2, 2, 1], [1, 1, 0], [2, 3, 2], [2, 2, 2])
    assert result.ranks == (2, 1, 3) and result.tiebreak == BY_DUCATS


def test_s8_a9_a_complete_castle_outranks_a_bigger_unfinished_one():
    """castle_limit=no-limit: 4 walls and 4 towers win over 7 walls and 2 towers."""
    result = _ended([4, 7, 0], [4, 2, 0], [2, 2, 2], [2, 2, 2], castle_limit="no-limit")
    assert result.ranks == (1, 2, 3) and result.scores == (8, 9, 0)
    assert result.tiebreak == BY_COMPLETE_CASTLE
    result = _ended([4, 7, 1, 1], [4, 2, 0, 0], [2, 2, 2, 3], [2, 2, 2, 2],
                    castle_limit="no-limit")
    assert result.tiebreak == BY_BOTH


def test_tiebreaks_and_categories_read_in_every_language():
    for table_ in (presentation.TIEBREAKS, presentation.CATEGORIES):
        for texts in table_.values():
            assert set(texts) == set(LANGUAGES) and texts["en"] != texts["fr"]
    assert presentation.CATEGORIES["towers"]["fr"] == "Tours"


# -- the terminal ----------------------------------------------------------------------------------


def test_the_terminal_names_players_and_speaks_the_language():
    state = GAME.new_game(4, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        seat = rng.choice(state.to_move())
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    for lang, words in (("en", ("Round", "Brother Jacob")), ("fr", ("Manche", "Frère Jacob"))):
        for viewer in (None, 0, 1):
            console = Console(width=140, record=True, file=io.StringIO())
            console.print(terminal_drawing(GAME, state.view(viewer), viewer, lang, NAMES[:4]))
            shown = console.export_text()
            assert all(w in shown for w in words) and "Bruno" in shown
            assert not SEATS.search(shown) and not SNAKE.search(shown)
            if lang == "fr":
                assert not re.search(r"\b(wall|tower|silver|gold|field|round)\b", shown), shown
