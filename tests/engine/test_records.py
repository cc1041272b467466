"""Records: format 2 carries identities; records written before formats existed (moves as
``[seat, text]``, committed under tests/fixtures/legacy_v0) still replay to their results."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import donjon
from donjon.engine.record import read, record_move
from donjon.engine.state import RECORD_FORMAT

LEGACY = Path(__file__).parent.parent / "fixtures" / "legacy_v0" / "records"
FILES = sorted(LEGACY.glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_a_record_of_the_first_release_still_replays(path):
    record = read(path)
    assert "format" not in record and all(len(m) == 2 for m in record["moves"])
    state = donjon.replay(record)
    assert len(state.moves) == len(record["moves"])
    assert state.version == record["version"]  # played on under the rules it was made with
    if record["result"] is not None:  # the same outcome (the result now says more)
        result = state.result().to_json()
        assert state.is_over()
        for key in ("scores", "ranks", "winners"):
            assert result[key] == record["result"][key]
    # written again, it is a format 2 record that replays to the same state
    again = json.loads(json.dumps(state.record()))
    assert again["format"] == RECORD_FORMAT
    assert donjon.replay(again) == state
    assert [m[3] for m in again["moves"]] == [m[1] for m in record["moves"]]


def test_record_moves_of_either_format_are_read_strictly():
    assert record_move([1, "end turn"]) == (1, "end turn")
    seat, action = record_move([0, "pick", ["thief"], "pick Thief"])
    assert seat == 0 and action.identity == ("pick", ("thief",)) and action.text == "pick Thief"
    for bad in ([0], "pick", [0, 3], [0, "pick", "thief"], None):
        with pytest.raises(ValueError, match="a move is"):
            record_move(bad)


def test_a_record_from_a_newer_release_is_refused_clearly():
    state = donjon.load("castle-rooms").new_game(2, seed=1)
    record = state.record()
    with pytest.raises(ValueError, match="newer"):
        donjon.replay({**record, "format": RECORD_FORMAT + 1})
    with pytest.raises(ValueError, match="rules version"):
        donjon.replay({**record, "version": "999"})
