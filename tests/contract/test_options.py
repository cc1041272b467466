"""Every option speaks to players: a plain label and a one-line explanation in every language,
a name for each of its choices, and no developer's words (the table form shows them as they
are). Options that hold a rules resolution say which row of the rules reference they settle."""

from __future__ import annotations

import re

import pytest

import donjon
from donjon.engine import text

#: what a player must never read in the table form
DEVELOPER_WORDS = re.compile(
    r"§|PROPOSED|UNCONFIRMED|\bseed\b|\b[a-z]+_[a-z_]+\b|\bTrue\b|\bFalse\b|\bNone\b"
)

OPTIONS = [(name, option) for name in donjon.games() for option in donjon.load(name).options]


@pytest.mark.parametrize(("name", "option"), OPTIONS, ids=[f"{n}-{o.name}" for n, o in OPTIONS])
def test_option_reads_plainly_in_every_language(name, option):
    for lang in text.LANGUAGES:
        label, explained = option.label.get(lang, ""), option.help.get(lang, "")
        assert label.strip() and explained.strip(), f"{option.name}: no {lang} label or help"
        for words in (label, explained):
            assert not DEVELOPER_WORDS.search(words), f"{option.name} [{lang}]: {words!r}"
        assert label != option.name
        if option.choices is not None and not all(type(c) in (int, bool) for c in option.choices):
            for choice in option.choices:
                shown = option.values.get(choice, {}).get(lang, "")
                assert shown.strip(), f"{option.name}={choice!r} has no {lang} name"
                assert not DEVELOPER_WORDS.search(shown), f"{option.name}={choice!r}: {shown!r}"
    if option.proposed:
        assert option.rules.strip(), f"{option.name} settles a rules point but names no row"


@pytest.mark.parametrize("name", donjon.games())
def test_option_labels_are_distinct(name):
    for lang in text.LANGUAGES:
        labels = [o.label.get(lang) for o in donjon.load(name).options]
        assert len(labels) == len(set(labels)), f"two {name} options share a {lang} label"
