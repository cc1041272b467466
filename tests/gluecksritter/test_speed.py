"""The tables the hot paths read instead of calling (issue #14) say what the calls say."""

from __future__ import annotations

from donjon.arena.bench import PURE, running_build
from donjon.games.gluecksritter.coins import COIN_WORDS
from donjon.games.gluecksritter.data import MOST_COUNTED, coin_amounts


def test_coin_words_made_once_are_the_events_amounts():
    for silver in range(MOST_COUNTED + 1):
        for gold in range(MOST_COUNTED + 1):
            assert COIN_WORDS[silver][gold] == coin_amounts(silver, gold), (silver, gold)


def _items(event):
    """An event with its arguments in order: events made once must list them as ``emit``."""
    key, args = event
    return key, list(args.items())


def test_events_made_once_are_those_emit_would_write():
    from donjon.games.gluecksritter.actions import MAX_SEATS
    from donjon.games.gluecksritter.choice import CHOSEN
    from donjon.games.gluecksritter.data import DOC_NAMES, DOCUMENT_PRICE, FREE, amount
    from donjon.games.gluecksritter.fields import BUILDS, DECLINED, REVEALED, TAKEN

    for seat in range(MAX_SEATS):
        for a in range(1, 7):
            for b in range(a + 1, 7):
                assert _items(CHOSEN[seat][a][b]) == (
                    "choose", [("seat", seat), ("cards", [a, b])])
                assert _items(REVEALED[seat][a][b]) == (
                    "reveal", [("seat", seat), ("cards", [a, b])])
        for k in range(1, 7):
            assert _items(DECLINED[k][seat]) == ("decline", [("seat", seat), ("field", k)])
        for doc, name in enumerate(DOC_NAMES):
            for paid, price in ((0, FREE), (DOCUMENT_PRICE, f"{DOCUMENT_PRICE} ducat")):
                assert _items(TAKEN[paid][seat][doc]) == ("document", [
                    ("seat", seat), ("doc", name), ("paid", paid), ("price", price)])
    for (field, price), frames in BUILDS.items():
        for seat, frame in enumerate(frames):
            # the very same event; compiled, the pair may be boxed afresh where a typed
            # variable held it, and only its arguments are shared
            if running_build() == PURE:
                assert frame.events[0] is DECLINED[field][seat]
            assert frame.events[0] == DECLINED[field][seat]
            assert frame.events[0][1] is DECLINED[field][seat][1]
            piece = "wall" if field == 2 else "tower"
            for count in (1, 2):
                assert _items(frame.events[count]) == ("build", [
                    ("seat", seat), ("piece", piece), ("count", count),
                    ("paid", count * price), ("pieces", amount(count, piece))])
