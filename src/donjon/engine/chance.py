"""Drawing from a state's generator: ``shuffle`` and ``randrange``, drawn exactly as Python's
``random.Random.shuffle`` and ``randrange(n)`` draw them.

Both are written here rather than called on the generator because ``random``'s own are Python
code: the compiled build would run them interpreted, and a Citadels game shuffles its deck and,
every round, its characters (and a search's determinizations shuffle hidden cards at every
iteration). They take the same bits from the same Mersenne Twister in the same order as CPython
3.11–3.13's (``_randbelow_with_getrandbits``), so records made with either replay identically
(a test compares them draw for draw); and the games' draws no longer hang on the Python code of
the ``random`` module, only on its generator.
"""

from __future__ import annotations

from random import Random
from typing import Any, Final


def randrange(rng: Random, n: int) -> int:
    """A number drawn uniformly from ``0 … n - 1``, as ``rng.randrange(n)`` draws it.

    Raises ValueError when ``n`` is not positive, as ``randrange`` does."""
    if n <= 0:
        raise ValueError(f"empty range for randrange({n})")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:  # rejection: at most half the draws in the worst case
        r = rng.getrandbits(k)
    return r


def shuffle(rng: Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place, as ``rng.shuffle(items)`` does (Fisher–Yates from the end)."""
    getrandbits = rng.getrandbits
    last = len(items) - 1
    bits = _BITS if last < len(_BITS) else [(i + 1).bit_length() for i in range(last + 1)]
    for i in range(last, 0, -1):
        # randrange(rng, i + 1), written out: no call, nor check, per card of a shuffled deck;
        # the bits of i + 1 read from a table, not asked of the int
        k = bits[i]
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


#: ``(i + 1).bit_length()`` for the decks of the games (the largest, Caylus's and Citadels',
#: hold under a hundred cards)
_BITS: Final = [(i + 1).bit_length() for i in range(128)]
