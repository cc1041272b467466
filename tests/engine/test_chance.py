"""``donjon.engine.chance`` draws exactly as ``random.Random`` does: records made before it
replay identically."""

from __future__ import annotations

import random

import pytest

from donjon.engine.chance import randrange, shuffle

SIZES = [*range(40), 54, 68, 97, 128, 129, 1000]


@pytest.mark.parametrize("seed", range(0, 200, 7))
def test_shuffle_and_randrange_draw_as_random_does(seed):
    ours, theirs = random.Random(seed), random.Random(seed)
    for n in SIZES:
        mine, python = list(range(n)), list(range(n))
        shuffle(ours, mine)
        theirs.shuffle(python)
        assert mine == python
        if n:
            assert randrange(ours, n) == theirs.randrange(n)
        # the same bits taken: the generators go on alike
        assert ours.getstate() == theirs.getstate()


def test_an_empty_range_is_refused_as_random_refuses_it():
    with pytest.raises(ValueError, match="empty range"):
        randrange(random.Random(1), 0)
    with pytest.raises(ValueError):
        random.Random(1).randrange(0)
