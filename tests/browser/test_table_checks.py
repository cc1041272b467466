"""The browser checks themselves (``table_checks``), on a page stood in for: what they let
pass and what they refuse, without a browser."""

from __future__ import annotations

import pytest

from tests.browser import table_checks as checks


class _Page:
    """What ``no_english_in_french`` reads of a page: its language, visible text and table."""

    def __init__(self, visible: str, table_id: str) -> None:
        self.lang = "fr"
        self.visible = visible
        self.table_id = table_id

    def evaluate(self, script: str):
        if script == checks.VISIBLE_TEXT:
            return self.visible
        if "dataset.table" in script and "seats" not in script:
            return self.table_id
        return []  # no seat's name


def test_a_tables_random_id_in_the_title_is_not_an_english_word():
    # a table's id is nine random letters and digits: "zJ7vA8Saw" once failed a French
    # whole-game test with "saw" (a word of Castle Rooms' English texts) seen in the page title
    assert "saw" in checks.english_words("castle-rooms")
    page = _Page("Salle du trône · Table zJ7vA8Saw", "zJ7vA8Saw")
    checks.no_english_in_french(page, "castle-rooms")


def test_an_english_word_beside_the_tables_id_is_still_named_with_where_it_is():
    page = _Page("Salle du trône · Table zJ7vA8Saw \n Marie a lu « saw »", "zJ7vA8Saw")
    with pytest.raises(AssertionError, match=r"\['saw'\]; seen in: \['.*Marie a lu « saw »"):
        checks.no_english_in_french(page, "castle-rooms")
