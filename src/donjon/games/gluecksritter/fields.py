"""The action cards revealed and the fields resolved from 1 to 6 (rules reference §3.4, §4,
§8 A6, A8, A9, A12): Brother Jacob's Documents, the farmer's walls and the master's towers,
the tax collector's and the customs officer's money. Field 4, the Black Knight, is in
``knight.py``.
"""

from __future__ import annotations

from donjon.games.gluecksritter.actions import (
    BUILD,
    D_BUILD,
    D_BUY_DOC,
    D_DUEL,
    D_KNIGHT,
    FIELD_TASKS,
    T_DUEL_ROLL,
)
from donjon.games.gluecksritter.data import (
    BUILDERS,
    CASTLE,
    CRAFTSMAN,
    DOC_NAMES,
    DOCUMENT_PRICE,
    FARMER,
    GOLD,
    KNIGHT,
    MAX_BUY,
    MONK,
    PIECE_NAMES,
    SILVER,
    TAX,
    WALL,
)


class Fields:
    """§3.4 the reveal, §4 fields 1, 2, 3, 5 and 6."""

    __slots__ = ()

    def _reveal(self) -> None:
        participants = [[], [], [], [], [], [], []]
        choice, revealed = self.choice, self.revealed
        for seat in self.order():
            cards = revealed[seat] = choice[seat]
            participants[cards[0]].append(seat)
            participants[cards[1]].append(seat)
        self.choice = [[] for _ in choice]
        self.participants = participants
        self.emit("reveal", cards=[[a, b] for a, b in revealed])
        # then the fields someone chose, from 1 to 6 (§3.4)
        self.agenda.extend([FIELD_TASKS[k] for k in range(6, 0, -1) if participants[k]])

    def _field(self, k: int) -> None:
        seats = self.participants[k]
        if not seats:
            return
        if self.blocked[k]:  # §8 A17: whoever chose a blocked field loses that action
            self.emit("blocked", field=k, seats=list(seats))
            return
        several = len(seats) > 1
        agenda = self.agenda
        if k == MONK:
            if several:
                agenda.extend((D_BUY_DOC, seat, 0, 0) for seat in reversed(seats))
            else:
                self._take_document(seats[0], 0)
        elif k in (FARMER, CRAFTSMAN):
            price = BUILDERS[k][2 if several else 1]
            agenda.extend((D_BUILD, seat, k, price) for seat in reversed(seats))
        elif k == KNIGHT:
            if len(seats) == 1:
                agenda.append((D_KNIGHT, seats[0], 0, 0))
            elif len(seats) == 2:
                a, b = seats
                self.champion[a] = self.champion[b] = False
                self.emit("duel", seats=[a, b])
                agenda.append((T_DUEL_ROLL, -1, a, b))
                agenda.append((D_DUEL, b, a, 0))
                agenda.append((D_DUEL, a, b, 0))
            else:  # three or more: every Black Knight to the dungeon, nobody acts
                for seat in seats:
                    self.jailed[seat] = True
                self.emit("dungeon", seats=list(seats))
        else:
            self._collect(k, seats)

    # -- field 1: Brother Jacob (§4, §5, §7.2) ---------------------------------------------------

    def _take_document(self, seat: int, paid: int) -> None:
        """The top Document to a seat's hand; the discards are reshuffled when the deck is
        empty (§7.2 PROPOSED)."""
        deck = self.doc_deck
        if not deck:
            if not self.doc_discard:
                return
            deck.extend(self.doc_discard)
            self.doc_discard = []
            self.rng.shuffle(deck)
            self.emit("reshuffle", deck="documents")
        doc = deck.pop()
        self.docs[seat].append(doc)
        self.emit("document", seat=seat, doc=DOC_NAMES[doc], paid=paid)

    def _do_buy_doc(self, seat: int, a: int, b: int, args: tuple) -> None:
        self._pay(seat, DOCUMENT_PRICE)
        self._take_document(seat, DOCUMENT_PRICE)

    def _do_no_doc(self, seat: int, a: int, b: int, args: tuple) -> None:
        self.emit("decline", seat=seat, field=MONK)

    # -- fields 2 and 3: the farmer and the master (§4, §8 A9) ----------------------------------

    def _build_actions(self, seat: int, field: int, price: int) -> list:
        piece = BUILDERS[field][0]
        have = self.walls[seat] if piece == WALL else self.towers[seat]
        most = min(MAX_BUY, self.supply[piece], CASTLE[piece] - have,
                   (self.silver[seat] + 2 * self.gold[seat]) // price)
        if most <= 0:
            return []
        options = BUILD[piece, price]  # [no, 1, 2, ...]
        return options[most:0:-1] + [options[0]]

    def _do_build(self, seat: int, a: int, b: int, args: tuple) -> None:
        piece, count, price = args
        self._pay(seat, count * price)
        self.supply[piece] -= count
        if piece == WALL:
            self.walls[seat] += count
        else:
            self.towers[seat] += count
        self.emit("build", seat=seat, piece=PIECE_NAMES[piece], count=count, paid=count * price)

    def _do_no_build(self, seat: int, a: int, b: int, args: tuple) -> None:
        self.emit("decline", seat=seat, field=a)

    # -- fields 5 and 6: the tax collector and the customs officer (§4, §8 A12) -----------------

    def _collect(self, k: int, seats: list[int]) -> None:
        """Fields 5 and 6: alone take everything; several share it (§8 A12)."""
        field = self.field
        i = 0 if k == TAX else 2
        if len(seats) == 1:
            silver, gold = field[i], field[i + 1]
            field[i] = field[i + 1] = 0
            self.emit("collect", seat=seats[0], field=k, silver=silver, gold=gold)
            self._gain(seats[0], silver, gold)
            return
        if self.options["sharing"] == "deal-coins":
            shares = [[0, 0] for _ in seats]
            turn = 0
            for coin in (GOLD, SILVER):
                while field[i + coin]:
                    field[i + coin] -= 1
                    shares[turn % len(seats)][coin] += 1
                    turn += 1
        else:  # equal value: each gets ⌊V/n⌋ ducats, with change from the bag
            share = (field[i] + 2 * field[i + 1]) // len(seats)
            shares = [self._take_value(i, share) for _ in seats]
            if self.options["field_leftover"] == "bag":
                self.bag[SILVER] += field[i]
                self.bag[GOLD] += field[i + 1]
                field[i] = field[i + 1] = 0
        for seat, (silver, gold) in zip(seats, shares, strict=True):
            self.emit("collect", seat=seat, field=k, silver=silver, gold=gold)
            self._gain(seat, silver, gold)

    def _take_value(self, i: int, value: int) -> list[int]:
        """Take coins worth ``value`` off a money field: gold first, then silver, changing a
        gold coin of the field for two silver of the bag when an odd ducat needs it."""
        field = self.field
        gold = min(field[i + 1], value // 2)
        rest = value - 2 * gold
        if rest > field[i] and field[i + 1] > gold and self.bag[SILVER] >= 2:
            field[i + 1] -= 1
            field[i] += 2
            self.bag[GOLD] += 1
            self.bag[SILVER] -= 2
        silver = min(field[i], rest)
        field[i] -= silver
        field[i + 1] -= gold
        return [silver, gold]
