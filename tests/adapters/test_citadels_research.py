"""Citadels' research module (``donjon.games.citadels.research``): the amounts the state settles
are not numbered, the space follows the cast and unique districts of the options and holds every
kind of action the game spells, and the length is a cap because the rules allow endless play.
The shared contract (``test_research_contract``) checks the rest at every player count."""

from __future__ import annotations

import pytest

import donjon
from donjon.engine import Action
from donjon.engine.research import research
from donjon.games.citadels.actions import SPELLING

pytestmark = pytest.mark.research


def test_amounts_the_state_settles_share_a_number_and_choices_do_not():
    description = research("citadels", 4)
    # §2.3 Warlord: what a destruction costs follows from the city, not from the choice
    cheap = Action("destroy", (2, "castle", False, 3))
    dear = Action("destroy", (2, "castle", False, 4))
    assert description.index(cheap) == description.index(dear) == \
        description.actions.index(Action("destroy", (2, "castle", False)))
    assert description.index(Action("destroy", (2, "castle", True, 4))) != \
        description.index(dear)
    # §2.3 Abbot: the mix of gold and cards is a choice; its total is not
    mixes = {description.index(Action("income", (g, 3 - g))) for g in range(4)}
    assert len(mixes) == 4
    assert description.index(Action("income", (3, 0))) == \
        description.index(Action("income", (3, 2)))


@pytest.mark.parametrize(("options", "present", "absent"), [
    ({}, {"destroy", "kill", "rob", "swap", "den", "lab"}, {"seize", "armory", "theater"}),
    ({"characters": "ambitious-aristocrats", "districts": "ambitious-aristocrats"},
     {"seize", "sign", "confiscate", "look", "necro", "buildfw"}, {"destroy", "kill", "lab"}),
    ({"characters": "cunning-agents", "districts": "cunning-agents"},
     {"bewitch", "threat", "bribe", "taxes", "armory", "museum", "theater"}, {"beautify"}),
])
def test_the_space_holds_what_the_cast_and_districts_may_offer(options, present, absent):
    kinds = {kind for kind, _ in research("citadels", 5, options).actions.identities}
    assert present <= kinds and not absent & kinds


def test_with_every_character_and_district_possible_the_space_holds_every_kind():
    space = research("citadels", 5, {"characters": "random", "districts": "random"}).actions
    assert {kind for kind, _ in space.identities} == set(SPELLING)
    # a seat, a district or a character is named by its catalogue id, every seat up to 8
    assert ("theater", ("tax-collector", 7)) in space.identities


def test_endless_play_is_legal_so_the_length_is_a_cap():
    """§4.2–§4.4 after gathering a seat may always end its turn without building: a table
    where every seat takes gold and ends its turn is still going at the cap."""
    state = donjon.load("citadels").new_game(2, seed=1)
    cap = research("citadels", 2).max_game_length
    for _ in range(cap):
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        kinds = {action.kind: action for action in legal}
        state.apply(seat, kinds.get("end") or kinds.get("gold") or legal[0])
    assert not state.is_over() and not any(state.cities)
