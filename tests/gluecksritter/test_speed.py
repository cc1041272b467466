"""The tables the hot paths read instead of calling (issue #14) say what the calls say."""

from __future__ import annotations

from donjon.games.gluecksritter.coins import GOLD_WORDS, SILVER_WORDS
from donjon.games.gluecksritter.data import MOST_COUNTED, NOTHING, coin_amounts


def test_coin_words_made_once_are_the_events_amounts():
    for silver in range(MOST_COUNTED + 1):
        for gold in range(MOST_COUNTED + 1):
            inline = [*SILVER_WORDS[silver], *GOLD_WORDS[gold]] or [NOTHING]
            assert inline == coin_amounts(silver, gold), (silver, gold)
