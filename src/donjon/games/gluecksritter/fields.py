"""The action cards revealed and the fields resolved from 1 to 6 (rules reference §3.4, §4,
§8 A6, A8–A10, A12): Brother Jacob's Documents, the farmer's walls and the master's towers,
the tax collector's and the customs officer's money. Field 4, the Black Knight, is in
``knight.py``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from donjon.engine import Action
from donjon.engine.chance import shuffle
from donjon.engine.state import Event
from donjon.games.gluecksritter.actions import (
    BUILD,
    BUY_DOCUMENT,
    MAX_SEATS,
    NO_DOCUMENT,
    SEATING,
    number,
)
from donjon.games.gluecksritter.coins import COIN_WORDS, gain, pay
from donjon.games.gluecksritter.data import (
    BUILDERS,
    CASTLE,
    COIN_CAP,
    DOC_NAMES,
    DOCUMENT_PRICE,
    FREE,
    GOLD,
    KNIGHT,
    MAX_BUY,
    MONK,
    PIECE_NAMES,
    SILVER,
    TAX,
    WALL,
    amount,
)
from donjon.games.gluecksritter.frames import NO_ACTIONS, Decision, Step
from donjon.games.gluecksritter.knight import DUEL_ROLLS, DUELS, LONE_KNIGHTS

if TYPE_CHECKING:
    from donjon.games.gluecksritter.state import GluecksritterState


@dataclass(frozen=True, slots=True)
class Reveal(Step):
    """§3.4: every seat's two action cards are turned up; then the fields someone chose are
    resolved from 1 to 6."""

    def lapse(self, state: GluecksritterState) -> None:
        state.commit()  # the move that led here showed every card: it stands
        # Hot path (issue #14): once a round, and it makes no list. The events are made once
        # (``REVEALED``); the round's end left ``participants`` and ``revealed`` empty
        # (``_end_round``): the fields are filled in place, and the empty pairs become the next
        # round's choice.
        participants = state.participants
        choice = state.choice
        events = state.events
        for seat in SEATING[state.players][state.start]:  # ``state.order()``
            first, second = choice[seat]
            participants[first].append(seat)
            participants[second].append(seat)
            events.append(REVEALED[seat][first][second])
        # every seat chose: each one's pair is face up now
        state.revealed, state.choice = choice, state.revealed
        stack = state.stack
        # the fields from 6 down to 1, so that the stack resolves field 1 first (a range:
        # compiled, a loop over a tuple constant goes through Python's iterator protocol)
        for k in range(6, 0, -1):
            if participants[k]:
                stack.append(FIELD_STEPS[k])


@dataclass(frozen=True, slots=True)
class ResolveField(Step):
    """One field someone chose (§3.4: from 1 to 6), for the seats that chose it, in seating
    order from the start player."""

    field: int

    def lapse(self, state: GluecksritterState) -> None:
        k = self.field
        seats = state.participants[k]
        if state.blocked[k]:  # §8 A17: whoever chose a blocked field loses that action
            state.emit("blocked", field=k, seats=list(seats))
            return
        if k >= TAX:  # fields 5 and 6, asked first: the most often chosen (issue #14)
            collect(state, k, seats)
            return
        several = len(seats) > 1
        stack = state.stack
        if k == MONK:
            if not several:
                take_document(state, seats[0], 0)
            elif state.rules.monk_serves_several:
                for seat in reversed(seats):  # the first seat asked first
                    stack.append(BUY_DOCUMENTS[seat])
            else:  # Brother Jacob serves only one who comes alone (§8 A8)
                state.emit("monk_crowded", seats=list(seats))
        elif k == KNIGHT:
            if not several:
                stack.append(LONE_KNIGHTS[seats[0]])
            elif len(seats) == 2:
                a, b = seats
                state.champion[a] = state.champion[b] = False
                state.emit("duel", seats=[a, b])
                stack.append(DUEL_ROLLS[a][b])
                stack.append(DUELS[b][a])
                stack.append(DUELS[a][b])
            else:  # three or more: every Black Knight to the dungeon, nobody acts
                for seat in seats:
                    state.jailed[seat] = True
                    state.jailer[seat] = -1
                state.emit("dungeon", seats=list(seats))
        else:  # the farmer (2) or the master (3)
            builds = FIELD_BUILDS[k][several]
            for seat in reversed(seats):  # the first seat asked first
                stack.append(builds[seat])


#: seat -> first field -> second field -> the event of revealing that pair, made once (events
#: are never changed once emitted: see ``choice.CHOSEN``)
REVEALED: Final = tuple(
    tuple(tuple(("reveal", {"seat": seat, "cards": [a, b]}) for b in range(7)) for a in range(7))
    for seat in range(MAX_SEATS)
)
#: field -> the step resolving it (index 0 unused)
FIELD_STEPS: Final = tuple(ResolveField(-1, k) for k in range(7))


# -- field 1: Brother Jacob (§4, §5, §7.2, §8 A8) -----------------------------------------------


def take_document(state: GluecksritterState, seat: int, paid: int) -> None:
    """The top Document to a seat's hand; when the deck is empty the used Documents are
    shuffled into a new one, unless ``documents_reshuffle`` keeps them out (§7.2)."""
    deck = state.doc_deck
    if not deck:
        if not state.doc_discard or not state.rules.documents_reshuffle:
            return
        deck.extend(state.doc_discard)
        state.doc_discard = []
        shuffle(state.rng, deck)
        state.emit("reshuffle", deck="documents")
    doc = deck.pop()
    state.docs[seat].append(doc)
    state.events.append(TAKEN[paid][seat][doc])  # hot: made once (``TAKEN``)


#: Document's price paid (none, or on field 1 several) -> seat -> Document -> the event of
#: taking it, made once (events are never changed once emitted: see ``choice.CHOSEN``)
TAKEN: Final = {
    paid: tuple(
        tuple(
            ("document", {"seat": seat, "doc": DOC_NAMES[doc], "paid": paid,
                          "price": amount(paid, "ducat") if paid else FREE})
            for doc in range(len(DOC_NAMES))
        )
        for seat in range(MAX_SEATS)
    )
    for paid in (0, DOCUMENT_PRICE)
}
#: field -> seat -> the event of buying nothing there, made once (index 0 unused)
DECLINED: Final = tuple(
    tuple(("decline", {"seat": seat, "field": k}) for seat in range(MAX_SEATS)) for k in range(7)
)


def documents_left(state: GluecksritterState) -> bool:
    """Is there a Document to take, in the deck or by reshuffling the used ones?"""
    return bool(state.doc_deck) or (
        bool(state.doc_discard) and state.rules.documents_reshuffle
    )


@dataclass(frozen=True, slots=True)
class BuyDocument(Decision):
    """§4 field 1 several: may buy one Document for 4 ducats (asked when it can)."""

    def options(self, state: GluecksritterState) -> Sequence[Action]:
        seat = self.seat
        if state.silver[seat] + 2 * state.gold[seat] >= DOCUMENT_PRICE and (
            state.doc_deck or (state.doc_discard and state.rules.documents_reshuffle)
        ):  # ``documents_left``, inline (issue #14)
            return BUY_OR_NOT
        return NO_ACTIONS

    def resolve(self, state: GluecksritterState, action: Action) -> None:
        if action.kind == "buy-document":
            pay(state, self.seat, DOCUMENT_PRICE)
            take_document(state, self.seat, DOCUMENT_PRICE)
        else:  # hot: the event made once
            state.events.append(DECLINED[MONK][self.seat])


BuyDocument.name = "buy-document"


#: seat -> its decision (frames are immutable: made once, shared)
BUY_DOCUMENTS: Final = tuple(BuyDocument(seat) for seat in range(MAX_SEATS))
#: the answers of field 1 several, made once
BUY_OR_NOT: Final = (BUY_DOCUMENT, NO_DOCUMENT)


# -- fields 2 and 3: the farmer and the master (§4, §8 A9, A10) ---------------------------------


@dataclass(frozen=True, slots=True)
class Build(Decision):
    """§4 fields 2/3: buy 0, 1 or 2 pieces at ``price`` each (asked when one is possible)."""

    field: int
    price: int
    #: what the field builds (``BUILDERS``), the answers by the most pieces one may buy
    #: (``OFFERS``), and the events by the pieces bought (none: ``DECLINED``): made with the
    #: frame, not looked up or written at each question (issue #14)
    piece: int = dataclasses.field(compare=False, repr=False)
    offers: tuple[tuple[Action, ...], ...] = dataclasses.field(compare=False, repr=False)
    events: tuple[Event, ...] = dataclasses.field(compare=False, repr=False)

    def options(self, state: GluecksritterState) -> Sequence[Action]:
        seat, piece = self.seat, self.piece
        # Hot path (issue #14): ``min(MAX_BUY, supply, room, affordable)`` without the call.
        most = (state.silver[seat] + 2 * state.gold[seat]) // self.price  # affordable
        if most > MAX_BUY:
            most = MAX_BUY
        supply = state.supply[piece]
        if supply < most:
            most = supply
        if state.rules.castle_limited:  # room left in the castle (§8 A9)
            room = CASTLE[piece] - (state.walls[seat] if piece == WALL else state.towers[seat])
            if room < most:
                most = room
        if most <= 0:
            return NO_ACTIONS
        return self.offers[most]

    def resolve(self, state: GluecksritterState, action: Action) -> None:
        seat = self.seat
        if action.kind == "no-build":
            state.events.append(self.events[0])
            return
        piece = self.piece
        count = number(action, 1)
        pay(state, seat, count * self.price)
        state.supply[piece] -= count
        if piece == WALL:
            state.walls[seat] += count
        else:
            state.towers[seat] += count
        state.events.append(self.events[count])

    def details(self) -> dict[str, Any] | None:
        return {"field": self.field, "price": self.price}


Build.name = "build"


#: (piece, price a piece) -> the most pieces a seat may buy -> its answers, most first
OFFERS: Final = {
    key: tuple((*answers[most:0:-1], answers[0]) for most in range(MAX_BUY + 1))
    for key, answers in BUILD.items()
}


def built(seat: int, field: int, price: int, piece: int) -> tuple[Event, ...]:
    """A build decision's events, made once: buying nothing, then by the pieces bought."""
    name = PIECE_NAMES[piece]
    return (DECLINED[field][seat], *(
        ("build", {"seat": seat, "piece": name, "count": count, "paid": count * price,
                   "pieces": amount(count, name)})
        for count in range(1, MAX_BUY + 1)
    ))


#: (field, price a piece) -> seat -> its decision
BUILDS: Final = {
    (field, price): tuple(
        Build(seat, field, price, piece, OFFERS[piece, price], built(seat, field, price, piece))
        for seat in range(MAX_SEATS)
    )
    for field, (piece, alone, several) in BUILDERS.items() for price in (alone, several)
}
#: field -> [several chose it] -> seat -> its decision
FIELD_BUILDS: Final = {
    field: (BUILDS[field, alone], BUILDS[field, several])
    for field, (_, alone, several) in BUILDERS.items()
}


# -- fields 5 and 6: the tax collector and the customs officer (§4, §8 A12) ---------------------


def collect(state: GluecksritterState, k: int, seats: list[int]) -> None:
    """Fields 5 and 6: alone take everything; several share it (§8 A12)."""
    # Hot path (issue #14): the field's coins stay in locals while the shares are taken, a
    # gain that stays under the coin cap is written straight (``gain`` applies the cap), and
    # the events are written as ``emit`` would, without the call.
    field = state.field
    i = 0 if k == TAX else 2
    here_silver, here_gold = field[i], field[i + 1]
    silvers, golds = state.silver, state.gold
    events = state.events
    if len(seats) == 1:
        seat = seats[0]
        field[i] = field[i + 1] = 0
        coins = COIN_WORDS[here_silver][here_gold]
        events.append(("collect", (seat, k, here_silver, here_gold, coins)))
        silver, gold = silvers[seat] + here_silver, golds[seat] + here_gold
        if silver < COIN_CAP and gold < COIN_CAP:
            silvers[seat] = silver
            golds[seat] = gold
        else:
            gain(state, seat, here_silver, here_gold)
        return
    shares: list[tuple[int, int]] = []
    if state.rules.deal_coins:  # one coin each in turn, gold first
        dealt = [[0, 0] for _ in seats]
        turn = 0
        for coin in (GOLD, SILVER):
            while field[i + coin]:
                field[i + coin] -= 1
                dealt[turn % len(seats)][coin] += 1
                turn += 1
        shares = [(silver, gold) for silver, gold in dealt]
    else:  # equal value: each gets ⌊V/n⌋ ducats, with change from the bag
        share = (here_silver + 2 * here_gold) // len(seats)
        half = share // 2
        bag = state.bag
        change = state.rules.bag_gives_change
        for _ in seats:
            # Each share is taken off what the previous ones left: gold first, then silver,
            # changing a gold coin of the field for two silver of the bag when an odd ducat
            # needs it (§8 A5; without change the share comes up short).
            gold = half if half < here_gold else here_gold
            rest = share - 2 * gold
            if rest > here_silver and here_gold > gold and bag[SILVER] >= 2 and change:
                here_gold -= 1
                here_silver += 2
                bag[GOLD] += 1
                bag[SILVER] -= 2
            silver = rest if rest < here_silver else here_silver
            here_silver -= silver
            here_gold -= gold
            shares.append((silver, gold))
        if state.rules.leftover_to_bag:
            bag[SILVER] += here_silver
            bag[GOLD] += here_gold
            here_silver = here_gold = 0
        field[i] = here_silver
        field[i + 1] = here_gold
    # by index, not ``zip``: compiled, ``zip(..., strict=True)`` is a call through Python's
    # calling convention with a keyword to parse
    for j, seat in enumerate(seats):
        silver, gold = shares[j]
        coins = COIN_WORDS[silver][gold]
        events.append(("collect", (seat, k, silver, gold, coins)))
        total_silver, total_gold = silvers[seat] + silver, golds[seat] + gold
        if total_silver < COIN_CAP and total_gold < COIN_CAP:
            silvers[seat] = total_silver
            golds[seat] = total_gold
        else:
            gain(state, seat, silver, gold)
