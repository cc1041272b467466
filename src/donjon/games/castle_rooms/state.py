"""Castle Rooms rules (rules reference §4–§6) on the engine contract.

A row is a flat list ``[orientation, dragon, exit, rooms]``: ``dragon`` is 1 while a Dragon
blocks it, ``exit`` the connector index a new room must match (in the row's orientation), and
``rooms`` the room types from left to right.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from donjon.engine import NOBODY, OWNER, ActionTable, Result, Secret, State, Zone, ranks_from_keys
from donjon.games.castle_rooms.cards import (
    DRAGONS,
    HELMET_UP,
    KNIGHTS,
    ORIENTATIONS,
    SWORDS_UP,
    CardSet,
    compile_deck,
)

ORIENT, DRAGON, EXIT, ROOMS = 0, 1, 2, 3


def _spell(kind: str, *args: Any) -> str:
    if kind == "play":
        name, row = args
        return f"play {name} on row {row + 1}"
    if kind == "new":
        name, orientation = args
        return f"new {ORIENTATIONS[orientation]} row with {name}"
    if kind == "dragon":
        target, row = args
        return f"dragon on seat {target} row {row + 1}"
    if kind == "knight":
        return f"knight on row {args[0] + 1}"
    if kind == "discard":
        return f"discard {args[0]}"
    return "end turn"


ACTIONS = ActionTable(_spell)
END_TURN = ACTIONS("end")


@cache
def card_set(deck: str) -> CardSet:
    return compile_deck(deck)


class CastleRoomsState(State):
    __slots__ = (
        "cards", "hands", "deck", "discard", "rows", "current", "drawn", "last_turn", "winner",
        "over",
    )

    ZONES = (Zone("hands", OWNER), Zone("deck", NOBODY))
    SECRETS = {
        "deal": (Secret(("cards",), "seat", "count"),),
        "draw": (Secret(("cards",), "seat", "count"),),
    }

    cards: CardSet
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    rows: list[list[list[Any]]]
    current: int
    drawn: int
    last_turn: bool
    winner: int
    over: bool

    @classmethod
    def setup(cls, game, players, seed, options) -> CastleRoomsState:
        self = cls.__new__(cls)
        self._init_base(game, players, seed, options)
        cards = self.cards = card_set(options["deck"])
        deck = [t for t, n in enumerate(cards.copies) for _ in range(n)]
        deck += [cards.dragon] * DRAGONS[players] + [cards.knight] * KNIGHTS[players]
        self.rng.shuffle(deck)
        self.deck = deck
        self.discard = []
        self.rows = [[] for _ in range(players)]
        self.hands = []
        for seat in range(players):  # §4 setup: two face-down cards each
            hand = [deck.pop(), deck.pop()]
            self.hands.append(hand)
            self.emit("deal", seat=seat, cards=[cards.names[t] for t in hand])
        self.current = self.rng.randrange(players)  # §5 B12: a random first player
        self.winner = -1
        self.over = False
        self.last_turn = False
        self.emit("first", seat=self.current)
        self._start_turn()
        return self

    def _copy(self) -> CastleRoomsState:
        other = CastleRoomsState.__new__(CastleRoomsState)
        other.cards = self.cards
        other.hands = [hand.copy() for hand in self.hands]
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.rows = [[[r[0], r[1], r[2], r[3].copy()] for r in rows] for rows in self.rows]
        other.current = self.current
        other.drawn = self.drawn
        other.last_turn = self.last_turn
        other.winner = self.winner
        other.over = self.over
        return other

    # -- turn structure (§4) ------------------------------------------------------------------

    def _start_turn(self) -> None:
        deck = self.deck
        drawn = [deck.pop() for _ in range(min(2, len(deck)))]
        self.hands[self.current].extend(drawn)
        self.drawn = len(drawn)
        names = self.cards.names
        self.emit("draw", seat=self.current, cards=[names[t] for t in drawn])
        if not deck:  # §5 B11: whoever draws the last card finishes the turn, then it ends
            self.last_turn = True

    def to_move(self) -> list[int]:
        return [] if self.over else [self.current]

    def is_over(self) -> bool:
        return self.over

    def _hand_open(self, hand: list[int]) -> bool:
        """May the seat still play cards? Under ``exactly`` only while above the limit (§5 B6)."""
        return self.options["hand_limit"] == "at-most" or len(hand) > 2

    def _legal_actions(self, seat: int) -> list:
        hand = self.hands[seat]
        actions = []
        if self._hand_open(hand):
            cards = self.cards
            rows = self.rows[seat]
            names = cards.names
            dragon = cards.dragon
            for t in set(hand):
                if t < dragon:
                    name = names[t]
                    for k, row in enumerate(rows):
                        if not row[DRAGON] and cards.effective[row[ORIENT]][t][0] == row[EXIT]:
                            actions.append(ACTIONS("play", name, k))
                    for orientation in self._new_row_orientations(rows):
                        actions.append(ACTIONS("new", name, orientation))
                    continue
                before = len(actions)
                if t == dragon:  # §5 B7: on an opponent's unblocked row
                    for target, their_rows in enumerate(self.rows):
                        if target != seat:
                            for k, row in enumerate(their_rows):
                                if not row[DRAGON]:
                                    actions.append(ACTIONS("dragon", target, k))
                else:  # §5 B8: a Knight needs one of your rows holding a Dragon
                    for k, row in enumerate(rows):
                        if row[DRAGON]:
                            actions.append(ACTIONS("knight", k))
                if len(actions) == before and len(hand) > 2:  # §4.5 forced discard
                    actions.append(ACTIONS("discard", names[t]))
        if len(hand) <= 2:
            actions.append(END_TURN)
        return actions

    def _new_row_orientations(self, rows: list) -> tuple[int, ...]:
        if rows:  # §5 B2: opposite to the row started most recently
            return (1 - rows[-1][ORIENT],)
        first = self.options["first_row"]  # §5 B1
        if first == "choice":
            return (HELMET_UP, SWORDS_UP)
        return (HELMET_UP,) if first == "helmet-up" else (SWORDS_UP,)

    def _apply(self, seat: int, action) -> None:
        kind = action.kind
        if kind == "end":
            self.emit("end_turn", seat=seat)
            if self.last_turn:
                self.over = True
                self.emit("deck_out", seat=seat)
                return
            self.current = (seat + 1) % self.players
            self._start_turn()
            return
        cards = self.cards
        hand = self.hands[seat]
        if kind == "play" or kind == "new":
            name = action.args[0]
            t = cards.names.index(name)
            hand.remove(t)
            rows = self.rows[seat]
            if kind == "new":
                orientation = action.args[1]
                row = [orientation, 0, cards.effective[orientation][t][1], [t]]
                rows.append(row)
                k = len(rows) - 1
                self.emit("new_row", seat=seat, card=name, row=k + 1,
                          orientation=ORIENTATIONS[orientation])
            else:
                k = action.args[1]
                row = rows[k]
                row[ROOMS].append(t)
                row[EXIT] = cards.effective[row[ORIENT]][t][1]
                self.emit("play", seat=seat, card=name, row=k + 1)
            if len(row[ROOMS]) >= self.options["win_rooms"]:  # §4 victory, §5 B10
                self.over = True
                self.winner = seat
                self.emit("win", seat=seat, row=k + 1)
        elif kind == "dragon":
            target, k = action.args
            hand.remove(cards.dragon)
            self.rows[target][k][DRAGON] = 1
            self.emit("dragon", seat=seat, target=target, row=k + 1)
        elif kind == "knight":
            k = action.args[0]
            hand.remove(cards.knight)
            self.rows[seat][k][DRAGON] = 0
            self.discard.append(cards.dragon)
            self.discard.append(cards.knight)
            self.emit("knight", seat=seat, row=k + 1)
        else:  # discard
            t = cards.names.index(action.args[0])
            hand.remove(t)
            self.discard.append(t)
            self.emit("discard", seat=seat, card=action.args[0])

    # -- end and scoring (§4 victory, §5 B11) -------------------------------------------------

    def row_lengths(self, seat: int) -> tuple[int, ...]:
        return tuple(sorted((len(r[ROOMS]) for r in self.rows[seat]), reverse=True))

    def result(self) -> Result:
        if not self.over:
            raise ValueError("the game is not over")
        keys = [self.row_lengths(seat) for seat in range(self.players)]
        return Result(
            scores=tuple(k[0] if k else 0 for k in keys),
            ranks=ranks_from_keys(keys),
            tiebreak="longest row, then second-longest, and so on",
            details={
                "rows": [list(k) for k in keys],
                "ended_by": "ten rooms" if self.winner >= 0 else "deck exhausted",
            },
        )

    # -- views --------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        cards = self.cards
        names, connectors = cards.names, cards.connectors
        return {
            "current": self.current,
            "deck": self.zone_view("deck", seat),
            "discard": [names[t] for t in self.discard],
            "hands": self.zone_view("hands", seat, show=names.__getitem__),
            "drawn": self.drawn,
            "last_turn": self.last_turn,
            "hand_limit": self.options["hand_limit"],
            "win_rooms": self.options["win_rooms"],
            "winner": self.winner if self.winner >= 0 else None,
            "rows": [
                [
                    {
                        "orientation": ORIENTATIONS[row[ORIENT]],
                        "dragon": bool(row[DRAGON]),
                        "exit": connectors[row[EXIT]],
                        "rooms": [
                            {
                                "card": names[t],
                                "entry": connectors[cards.effective[row[ORIENT]][t][0]],
                                "exit": connectors[cards.effective[row[ORIENT]][t][1]],
                            }
                            for t in row[ROOMS]
                        ],
                    }
                    for row in rows
                ]
                for rows in self.rows
            ],
        }
