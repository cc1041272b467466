"""French log sentences: every game term in event arguments is translated (messages ``_names``)."""

from __future__ import annotations

import random
import re

import pytest

import donjon
from donjon.engine.text import describe
from donjon.games.citadels.cards import (
    CHARACTER_NAMES,
    CHARACTER_NAMES_FR,
    DISTRICT_NAMES,
    DISTRICT_NAMES_FR,
    TYPES,
    TYPES_FR,
)
from donjon.games.citadels.messages import MESSAGES

GAME = donjon.load("citadels")
NAMES = MESSAGES["fr"]["_names"]


def _english_only() -> list[re.Pattern]:
    """English terms that cannot appear in a correct French sentence (not the French name too,
    nor a word of it: Assassin, Temple, Prison, Monument, Statue…)."""
    pairs = (list(zip(CHARACTER_NAMES, CHARACTER_NAMES_FR, strict=True))
             + list(zip(DISTRICT_NAMES, DISTRICT_NAMES_FR, strict=True))
             + list(zip(TYPES, TYPES_FR, strict=True)))
    french = [fr for _, fr in pairs]
    out = []
    for en, _ in pairs:
        word = re.compile(r"(?<![\w'])" + re.escape(en) + r"(?![\w'])")
        if not any(word.search(fr) for fr in french):
            out.append(word)
    return out


ENGLISH = _english_only()


def test_every_name_has_a_french_form():
    for name in (*CHARACTER_NAMES, *DISTRICT_NAMES, *TYPES, "hidden"):
        assert NAMES.get(name), name
    assert len(set(CHARACTER_NAMES_FR)) == 27 and len(set(DISTRICT_NAMES_FR)) == len(DISTRICT_NAMES)


@pytest.mark.parametrize("players, characters, districts", [
    (2, "first-game", "cunning-agents"),
    (3, "cunning-agents", "vicious-nobles"),
    (4, "illustrious-emissaries", "illustrious-emissaries"),
    (5, "devious-dignitaries", "devious-dignitaries"),
    (6, "tenacious-delegates", "tenacious-delegates"),
    (7, "vicious-nobles", "ambitious-aristocrats"),
    (8, "ambitious-aristocrats", "random"),
    (5, "random", "random"),
])
def test_french_log_has_no_english_term(players, characters, districts):
    rng = random.Random(players)
    for seed in range(3):
        st = GAME.new_game(players, seed=seed, characters=characters, districts=districts)
        while not st.is_over():
            seat = st.to_move()[0]
            st.apply(seat, rng.choice(st.legal_actions(seat)))
        for viewer in (0, 1, None):  # an actor of many events, another seat, a spectator
            for event in st.log(viewer):
                for me in (viewer, None):
                    text = describe(GAME, event, me, "fr")
                    assert " · " not in text, text
                    for word in ENGLISH:
                        assert not word.search(text), (word.pattern, text)
