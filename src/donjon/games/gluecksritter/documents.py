"""Yellow Documents in their windows (rules reference §5, §8 A14, A18): the Gift (Y2) given coin
by coin, and the thefts a Safeguard (Y1) may cancel.

A theft is announced first: its victim's window (``Theft``) opens if the victim holds any
Document — whatever it is, so that the window says nothing about the hand — and offers Safeguard
against a wall or tower theft, Gift against a money raid (``gift_window``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from donjon.engine import Action
from donjon.games.gluecksritter.actions import (
    ALLOW,
    COIN_INDEX,
    GIFT_TO,
    GIVE,
    MAX_SEATS,
    SAFEGUARD_ACTION,
    STOP,
    number,
    word,
)
from donjon.games.gluecksritter.coins import COIN_WORDS, gain
from donjon.games.gluecksritter.data import (
    CASTLE,
    COIN_NAMES,
    GIFT,
    GOLD,
    PIECE_NAMES,
    SAFEGUARD,
    SILVER,
    WALL,
)
from donjon.games.gluecksritter.frames import NO_ACTIONS, Decision

if TYPE_CHECKING:
    from donjon.games.gluecksritter.state import GluecksritterState

#: What a theft takes: a wall, a tower (``data.WALL``, ``data.TOWER``) or money.
MONEY: Final = 2
#: A theft's object as the log and the views name it.
THEFT_NAMES: Final = ("wall", "tower", "money")


# -- Gift (Y2) ----------------------------------------------------------------------------------


def gift_actions(state: GluecksritterState, seat: int) -> list[Action]:
    return [GIFT_TO[other] for other in range(state.players) if other != seat]


def giving_actions(state: GluecksritterState, seat: int) -> list[Action]:
    actions = []
    if state.silver[seat]:
        actions.append(GIVE[SILVER])
    if state.gold[seat]:
        actions.append(GIVE[GOLD])
    actions.append(STOP)
    return actions


def play_gift(state: GluecksritterState, seat: int, to: int) -> None:
    state.docs[seat].remove(GIFT)
    state.doc_discard.append(GIFT)
    state.gift[seat] = to
    state.emit("gift", seat=seat, to=to)


def give_or_stop(state: GluecksritterState, seat: int, action: Action) -> bool:
    """One coin given (Y2: the recipient's coin cap applies at once), or the Gift ended.
    Returns whether the seat goes on giving."""
    to = state.gift[seat]
    if action.kind == "give":
        coin = COIN_INDEX[word(action)]
        state.emit("give", seat=seat, to=to, coin=COIN_NAMES[coin])
        if coin == SILVER:
            state.silver[seat] -= 1
            gain(state, to, 1, 0)
        else:
            state.gold[seat] -= 1
            gain(state, to, 0, 1)
        return True
    state.emit("gift_end", seat=seat, to=to)
    state.gift[seat] = -1
    return False


@dataclass(frozen=True, slots=True)
class Giving(Decision):
    """A Gift played in a theft window: the seat gives coins one at a time until it stops (the
    window is asked again after)."""

    def options(self, state: GluecksritterState) -> Sequence[Action]:
        return giving_actions(state, self.seat)

    def resolve(self, state: GluecksritterState, action: Action) -> None:
        if give_or_stop(state, self.seat, action):
            state.stack.append(self)

    def details(self) -> dict[str, Any] | None:
        return None  # the views show the theft window it was played in


Giving.name = "gift"
Giving.forced = False  # "stop giving" is asked even when no coin is left


# -- thefts (§8 A14, A18) -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Theft(Decision):
    """The victim's window on a theft announced by ``thief``: Safeguard (Y1) against a piece
    theft, Gift (Y2) against a money raid, or let it happen."""

    thief: int
    what: int  # WALL, TOWER or MONEY
    by_document: bool  # a Demolition (the piece goes to the supply), else the Black Knight

    def options(self, state: GluecksritterState) -> Sequence[Action]:
        seat = self.seat
        hand = state.docs[seat]
        if not hand:
            return NO_ACTIONS
        if self.what == MONEY:
            actions = []
            if GIFT in hand and (state.silver[seat] or state.gold[seat]):
                actions = gift_actions(state, seat)
        else:
            actions = [SAFEGUARD_ACTION] if SAFEGUARD in hand else []
        actions.append(ALLOW)
        return actions

    def resolve(self, state: GluecksritterState, action: Action) -> None:
        kind = action.kind
        if kind == "allow":
            theft(state, self.seat, self.thief, self.what, self.by_document)
        elif kind == "safeguard":  # Y1 cancels the theft of a wall or tower (§8 A18)
            state.docs[self.seat].remove(SAFEGUARD)
            state.doc_discard.append(SAFEGUARD)
            state.emit("safeguard", seat=self.seat, thief=self.thief,
                       piece=PIECE_NAMES[self.what])
        else:  # a Gift: give coins away, then the window again
            state.stack.append(self)
            play_gift(state, self.seat, number(action))
            state.stack.append(GIVINGS[self.seat])

    def lapse(self, state: GluecksritterState) -> None:
        theft(state, self.seat, self.thief, self.what, self.by_document)

    def details(self) -> dict[str, Any] | None:
        return {"thief": self.thief, "what": THEFT_NAMES[self.what],
                "by": "document" if self.by_document else "knight"}


Theft.name = "theft"
Theft.forced = False  # asked whenever the victim holds a Document


#: seat -> its Gift in a theft window; [by a Demolition] -> what -> victim -> thief -> window
GIVINGS: Final = tuple(Giving(seat) for seat in range(MAX_SEATS))
THEFTS: Final = tuple(
    tuple(
        tuple(
            tuple(Theft(victim, thief, what, by_document) for thief in range(MAX_SEATS))
            for victim in range(MAX_SEATS)
        )
        for what in range(len(THEFT_NAMES))
    )
    for by_document in (False, True)
)


def announce_theft(
    state: GluecksritterState, victim: int, thief: int, what: int, by_document: bool
) -> None:
    """A theft is announced: the victim's window comes first (Y1, Y2, §8 A18)."""
    state.events.append(("theft", (victim, thief, THEFT_NAMES[what],
                                   "document" if by_document else "knight")))
    rules = state.rules
    if (by_document and not rules.safeguard_stops_demolition) or (
        what == MONEY and not rules.gift_answers_raids
    ):  # nothing can answer it: no window
        theft(state, victim, thief, what, by_document)
        return
    state.stack.append(THEFTS[by_document][what][victim][thief])


def theft(state: GluecksritterState, victim: int, thief: int, what: int, by_document: bool) -> None:
    if by_document:  # a Demolition: the piece goes back to the supply
        if lose_piece(state, victim, what):
            state.supply[what] += 1
            state.emit("demolished", seat=victim, piece=PIECE_NAMES[what])
        return
    if what == MONEY:
        silver, gold = state.silver[victim], state.gold[victim]
        if not state.rules.raid_takes_all_coins and gold:
            silver = 0  # all the victim's gold, or all their silver if they have none
        state.silver[victim] -= silver
        state.gold[victim] -= gold
        state.events.append(("robbed", (victim, thief, silver, gold,
                                        COIN_WORDS[silver][gold])))
        gain(state, thief, silver, gold)
        return
    if not lose_piece(state, victim, what):
        return
    have = state.walls if what == WALL else state.towers
    rules = state.rules
    if rules.stolen_piece_to_attacker and (
        have[thief] < CASTLE[what] or not rules.castle_limited
    ):
        have[thief] += 1
        goes = "thief"
    else:
        state.supply[what] += 1
        goes = "supply"
    state.emit("stolen", seat=victim, thief=thief, piece=PIECE_NAMES[what], goes=goes)


def lose_piece(state: GluecksritterState, seat: int, piece: int) -> bool:
    have = state.walls if piece == WALL else state.towers
    if have[seat]:
        have[seat] -= 1
        return True
    return False
