"""What each seat may know (rules reference §8 A20): the views, and the determinization that
resamples what a seat cannot see consistently with its view.

Document hands, committed red Documents and chosen action cards are the hidden zones
(``GluecksritterState.ZONES``); hand sizes are public.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from donjon.engine.chance import randrange, shuffle
from donjon.games.gluecksritter.actions import AIM_ACTIONS, AIM_OF_TARGET, PAIRS, number
from donjon.games.gluecksritter.choice import AIMED, TARGETS, RedDocument
from donjon.games.gluecksritter.data import DOC_NAMES, RED, TOWER, WALL
from donjon.games.gluecksritter.frames import CHOICE, Decision

if TYPE_CHECKING:
    from donjon.games.gluecksritter.state import GluecksritterState


def decision_view(state: GluecksritterState) -> dict[str, Any] | None:
    """The decision awaited in the resolution: its name, seat and what it is about."""
    for frame in state.stack[::-1]:
        if isinstance(frame, Decision):
            details = frame.details()
            if details is not None:
                return {"kind": frame.name, "seat": frame.seat, **details}
    return None


def _aim(aim: int) -> dict[str, Any] | None:
    """A committed Document's target, as the action that will carry it out: ``{"kind":
    "block", "args": [3]}``."""
    if aim < 0:
        return None
    action = AIM_ACTIONS[aim]
    return {"kind": action.kind, "args": list(action.args)}


def view(state: GluecksritterState, seat: int | None) -> dict[str, Any]:
    shown = _view(state, seat)
    if state.rules.aim_on_commit:  # each committed Document's target, to its owner only
        shown["aims"] = state.zone_view("aims", seat, show=_aim)
    return shown


def _view(state: GluecksritterState, seat: int | None) -> dict[str, Any]:
    shown = dict(state.shared_view(lambda: _table_view(state)))
    shown["ducats_deck"] = state.zone_view("ducat_deck", seat)
    shown["documents_deck"] = state.zone_view("doc_deck", seat)
    shown["hands"] = state.zone_view("docs", seat, show=DOC_NAMES.__getitem__)
    shown["committed"] = state.zone_view("committed", seat, show=DOC_NAMES.__getitem__)
    shown["choices"] = state.zone_view("choice", seat)
    return shown


def _table_view(state: GluecksritterState) -> dict[str, Any]:
    """What every seat sees alike (``State.shared_view``): nothing of a hidden zone."""
    over = state.over
    choosing = state.phase == CHOICE
    field = state.field
    cards = state.rules.ducat_cards
    return {
        "round": state.round,
        "start": state.start,
        "phase": "over" if over else ("choice" if choosing else "resolution"),
        "decision": None if over or choosing else decision_view(state),
        "bag": {"silver": state.bag[0], "gold": state.bag[1]},
        "tax": {"silver": field[0], "gold": field[1]},
        "customs": {"silver": field[2], "gold": field[3]},
        "blocked": [k for k in range(1, 7) if state.blocked[k]],
        "supply": {"walls": state.supply[WALL], "towers": state.supply[TOWER]},
        "ducats_card": list(cards[state.ducat_card]) if state.ducat_card >= 0 else None,
        "documents_discard": [DOC_NAMES[d] for d in state.doc_discard],
        "waiting": state.waiting.copy() if choosing and not over else [],
        "giving": [g if g >= 0 else None for g in state.gift],
        "reds": [
            [frame.seat, DOC_NAMES[frame.doc]]
            for frame in state.stack[::-1] if isinstance(frame, RedDocument)
        ],
        "revealed": [list(c) for c in state.revealed],
        "fields": [list(p) for p in state.participants],
        "winners": list(state.winners),
        "coins": [
            {"silver": state.silver[s], "gold": state.gold[s], "ducats": state.ducats(s)}
            for s in range(state.players)
        ],
        "walls": list(state.walls),
        "towers": list(state.towers),
        "jailed": list(state.jailed),
    }


def resample(state: GluecksritterState, seat: int, rng: random.Random) -> None:
    """Deal the Documents ``seat`` cannot see back at random, red ones to the committed piles
    (only red Documents can be committed, each with a target it could take), and give every other seat that has chosen a random
    pair of the action cards it holds. The Ducats deck is shuffled."""
    others = [s for s in range(state.players) if s != seat]
    pool = state.doc_deck.copy()
    for s in others:
        pool.extend(state.docs[s])
        pool.extend(state.committed[s])
    shuffle(rng, pool)
    reds = [d for d in pool if RED[d]]
    rest = [d for d in pool if not RED[d]]
    for s in others:
        count = len(state.committed[s])
        state.committed[s] = reds[:count]
        del reds[:count]
    if state.rules.aim_on_commit:  # each a target it could have been committed with
        for s in others:
            aims = []
            for doc in state.committed[s]:
                targets = TARGETS[s][doc].options(state) if doc in AIMED else ()
                aims.append(AIM_OF_TARGET[targets[randrange(rng, len(targets))]] if targets
                            else -1)
            state.aims[s] = aims
    rest.extend(reds)
    shuffle(rng, rest)
    for s in others:
        count = len(state.docs[s])
        state.docs[s] = rest[:count]
        del rest[:count]
    state.doc_deck = rest
    shuffle(rng, state.ducat_deck)
    for s in others:
        if state.choice[s]:
            pairs = PAIRS[1 if state.jailed[s] else 0]
            pair = pairs[randrange(rng, len(pairs))]
            state.choice[s] = [number(pair, 0), number(pair, 1)]
