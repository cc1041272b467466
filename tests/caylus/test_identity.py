"""Action identity (engine contract v2): answers name things as the game does — road spaces by
their printed number, buildings, cubes and favour tracks by id — never by a table's index, and
keep the texts of the first release (old records replay by text)."""

from __future__ import annotations

import random

from donjon.engine.action import Action
from donjon.games.caylus import buildings as B
from donjon.games.caylus.construction import Build
from donjon.games.caylus.favours import Favour
from tests.caylus.helpers import activate, bare, drive, new, put_tile

#: every catalogue id an action may name
IDS = ({b.key for b in B.CATALOGUE} | {s[0] for s in B.SPECIALS} | {"castle"} | set(B.CUBES)
       | set(B.TRACKS) | {"trade"})


def identities(s) -> dict[str, tuple]:
    return {a.text: (a.kind, a.args) for a in s.legal_actions(s.to_move()[0])}


def test_placements_name_road_spaces_by_number_and_buildings_by_id():
    """§1.4 (R1–R28), §3.1: ``place R8 Carpenter`` is R8; ``place Gate`` is the Gate."""
    s = new(4, seed=2)
    shown = identities(s)
    assert shown["pass"] == ("pass", ())
    assert shown["place R8 Carpenter"] == ("place", (8,))
    assert shown["place R16 Gold Mine"] == ("place", (16,))
    assert shown["place Gate"] == ("place", ("gate",))
    assert shown["place Trading Post"] == ("place", ("trading-post",))
    assert shown["place Merchants' Guild"] == ("place", ("guild",))
    assert shown["place Castle"] == ("place", ("castle",))
    s.apply(s.to_move()[0], {"kind": "place", "args": [8]})
    assert s.moves[-1][1].text == "place R8 Carpenter"


def test_building_answers_name_tiles_and_cubes():
    """§3.4: the tile built by its key, the 'any' cube paid by its name."""
    s = bare()
    s.cubes[0] = [0, 1, 0, 0, 1]
    s.stack.append(Build(0, B.WOOD_B, B.NO_CUBE))
    drive(s)
    shown = identities(s)
    assert shown["build nothing"] == ("no-build", ())
    assert shown["build Marketplace paying gold"] == ("build", ("w-market", "gold"))
    s.cubes[0] = [3, 3, 3, 3, 3]
    s.road[12], s.owner[12] = B.INDEX["residence"], 0
    s.stack.append(Build(0, B.PRESTIGE, B.NO_CUBE))
    drive(s)
    assert identities(s)["build Statue on R13"] == ("architect", ("p-statue", 13))


def test_production_exchange_and_castle_answers_name_cubes():
    """§3.4, §3.5, §4.1: gains, exchange alternatives and batches by cube names."""
    s = bare()
    put_tile(s, 9, "w-farm-food", owner=1)
    activate(s, 0, 9)
    assert identities(s) == {"take 2 food": ("produce", ("food", "food")),
                             "take 1 cloth": ("produce", ("cloth",))}
    s = bare()
    s.deniers[0] = 5
    put_tile(s, 9, "s-bank", owner=1)
    activate(s, 0, 9)
    assert identities(s)["pay 5 deniers for 2 gold"] == ("exchange", ("s-bank", 5))


def test_favours_name_their_track_and_column():
    """§5: a favour is its track's id and the column taken (and the cube, on the resources
    track)."""
    s = bare()
    s.scored = 2
    s.cubes[0] = [1, 0, 0, 0, 0]
    s.stack.append(Favour(0))
    drive(s)
    shown = identities(s)
    assert shown["favour 1 PP"] == ("favour", ("prestige", 1))
    assert shown["favour 3 deniers"] == ("favour", ("deniers", 1))
    assert shown["favour food"] == ("favour", ("resources", 1, "food"))
    assert shown["favour building track, no effect"] == ("favour", ("buildings", 1))


def test_every_argument_of_random_play_is_an_id_or_a_printed_number():
    """No answer carries a table's index: every string is a catalogue id, every number a road
    space (1–28), a provost shift (−3..3), a column (1–5) or an amount paid."""
    for players in (2, 5):
        s = new(players, seed=players)
        rng = random.Random(players)
        while not s.is_over():
            seat = s.to_move()[0]
            legal = s.legal_actions(seat)
            for action in legal:
                for arg in action.args:
                    assert isinstance(arg, str | int) and not isinstance(arg, bool), action
                    if isinstance(arg, str):
                        assert arg in IDS, action
                    else:
                        assert -3 <= arg <= 28, action
                assert Action.from_json(action.to_json()) == action
            s.apply(seat, rng.choice(legal))
