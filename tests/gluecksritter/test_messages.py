"""Die Glücksritter log sentences (messages.py): every event reads as a sentence in English and
French, for the seat that acted, another seat (secret arguments redacted) and a spectator."""

from __future__ import annotations

import random
import re
from pathlib import Path

import donjon.games.gluecksritter as package
from donjon.engine.text import describe
from donjon.games.gluecksritter.messages import MESSAGES
from tests.gluecksritter.helpers import GAME

SOURCE = Path(package.__file__).parent
VARIANTS = (
    {},
    {"raid": "attacker-chooses", "sharing": "deal-coins", "raided_piece": "to-supply"},
    {"duel": "one-roll", "safeguard": "knight-only", "coin_cap": "keep-smaller-half"},
    {"start_silver": 4, "start_gold": 4, "field_leftover": "bag", "raid_money": "all-coins"},
    {"ducats_reshuffle": "last-round", "monk_shared": "nobody", "ransom_to": "duel-winner",
     "final_tie": "play-on", "spent_money": "tax-collector", "change": "no-change"},
    {"red_targets": "on-committing", "red_order": "seal-number", "champions": "first-played-wins",
     "gift_window": "round-start-only", "castle_limit": "no-limit", "start_player": "stays",
     "short_bag": "nothing", "coin_cap_repeats": False, "documents_reshuffle": "out-of-play"},
)


#: an event: ``emit("key", ...)``, or written straight into the log as ``("key", {...})`` or
#: ``("key", (...))`` (its values, ``EVENT_FIELDS``) on the hot path (issue #14)
EVENT = re.compile(r'\bemit\(\s*"(\w+)"|\(\s*"(\w+)",\s*[{(]')
#: the modules that emit no event (their ``("id", {...})`` tuples are tables)
NOT_RULES = {"messages.py", "presentation.py", "options.py", "data.py", "research.py",
             "terminal.py"}


def emitted_keys() -> set[str]:
    keys = set()
    for path in SOURCE.glob("*.py"):
        if path.name not in NOT_RULES:
            keys.update(a or b for a, b in EVENT.findall(path.read_text("utf-8")))
    return keys


def test_every_emitted_event_has_a_sentence_in_english_and_french():
    keys = emitted_keys()
    assert len(keys) >= 38
    for lang in ("en", "fr"):
        table = MESSAGES[lang]
        assert keys <= set(table), (lang, sorted(keys - set(table)))
        extra = {k.removesuffix(":you") for k in table if k != "_names"} - keys
        assert not extra, (lang, sorted(extra))
    assert GAME.messages is MESSAGES


def test_sentences_never_fall_back_for_actor_other_seat_and_spectator():
    """Over random games (every option family), each event as the acting seat, another seat
    and a spectator read it is a sentence: no generic form, no raw value, no unread secret."""
    seen = set()
    for i in range(16):
        players = 3 + i % 4
        state = GAME.new_game(players, seed=300 + i, **VARIANTS[i % len(VARIANTS)])
        rng = random.Random(i)
        while not state.is_over():
            seat = rng.choice(state.to_move())
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        logs = {s: state.log(s) for s in (None, *range(players))}
        for n, event in enumerate(logs[None]):
            actor = event["args"].get("seat")
            viewers = (actor if actor is not None else 0, ((actor or 0) + 1) % players, None)
            for viewer in viewers:
                shown = logs[viewer][n]
                for lang in ("en", "fr"):
                    text = describe(GAME, shown, viewer, lang)
                    seen.add(shown["key"])
                    assert " · " not in text, (lang, text)
                    for raw in ("None", "hidden", "{", "}"):
                        assert raw not in text, (lang, text)
                    if lang == "fr":
                        for word in (" wall", " tower", " silver", " gold", "knight"):
                            assert word not in text, text
    assert len(seen) >= 35, sorted(emitted_keys() - seen)


def test_secret_arguments_are_named_only_for_their_seat():
    """§3.2, §3.3: the chosen cards and a committed Document appear in the chooser's sentence
    only; others read that a choice was made."""
    state = GAME.new_game(3, seed=4)
    state.apply(0, "choose 2 and 5")
    event_you = state.log(0)[-1]
    event_other = state.log(1)[-1]
    assert describe(GAME, event_you, 0) == "You choose action cards 2, 5"
    assert describe(GAME, event_other, 1) == "Player 1 has chosen two action cards"
    assert describe(GAME, state.log(None)[-1], None, "fr") == "Joueur 1 a choisi deux cartes action"
    assert describe(GAME, event_you, 0, "fr") == "Vous choisissez les cartes action 2, 5"
