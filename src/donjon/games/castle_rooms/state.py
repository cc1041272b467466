"""Castle Rooms rules (rules reference §4–§6) on the engine contract.

A row is a flat list of ints, ``[orientation, dragons, guard, exit, room, room, ...]``:
``dragons`` counts the Dragons blocking it, ``guard`` is 1 while a Knight guards it (§5 B8
option), ``exit`` is the connector index a new room must match (in the row's orientation), and
the room types follow from left to right, so a row holds ``len(row) - ROOMS`` rooms.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final, cast

from donjon.engine import (
    NOBODY,
    OWNER,
    Action,
    Result,
    Secret,
    Setup,
    State,
    Zone,
    ranks_from_keys,
)
from donjon.engine.action import Arg
from donjon.engine.chance import randrange, shuffle
from donjon.games.castle_rooms.actions import END_TURN, ActionTables, action_tables
from donjon.games.castle_rooms.cards import (
    DRAGONS,
    EITHER,
    HELMET_UP,
    KNIGHTS,
    ORIENTATION_INDEX,
    ORIENTATIONS,
    SWORDS_UP,
    CardSet,
    card_set,
    faces,
    room_views,
)
from donjon.games.castle_rooms.options import (
    AT_ONCE,
    FINISH_TURN,
    FREE,
    LAST_TURN_EACH,
    OPPOSITE_NEWEST,
    TableRules,
)

#: a row's fields (Final: compiled, each is a constant, not a look-up of the module's dict)
ORIENT: Final = 0
DRAGONS_ON: Final = 1
GUARD: Final = 2
EXIT: Final = 3
ROOMS: Final = 4

HANDS: Final = Zone("hands", OWNER)
DECK: Final = Zone("deck", NOBODY)


def rooms_in(row: list[int]) -> int:
    return len(row) - ROOMS


class CastleRoomsState(State):
    __slots__ = (
        "cards", "tables", "rules", "hands", "deck", "discard", "rows", "last_built", "current",
        "drawn", "final_turns", "winner", "over",
    )

    # §5 B13: hands hidden, deck face down; rows and the discard pile are public
    ZONES: ClassVar[tuple[Zone, ...]] = (HANDS, DECK)
    SECRETS: ClassVar[Mapping[str, tuple[Secret, ...]]] = {
        "deal": (Secret(("cards",), "seat", "count"),),
        "draw": (Secret(("cards",), "seat", "count"),),
        "draw_last": (Secret(("cards",), "seat", "count"),),
    }
    # ending a turn passes it, and the next player draws
    COMMITS: ClassVar[frozenset[str]] = frozenset({"end"})
    #: the events of every turn, recorded as their values (``engine.state.Event``)
    EVENT_FIELDS: ClassVar[Mapping[str, tuple[str, ...]]] = {
        "draw": ("seat", "cards"),
        "draw_last": ("seat", "cards"),
        "new_row": ("seat", "card", "row", "orientation"),
        "play": ("seat", "card", "row"),
        "end_turn": ("seat",),
    }

    cards: CardSet
    tables: ActionTables
    rules: TableRules
    hands: list[list[int]]
    deck: list[int]
    discard: list[int]
    rows: list[list[list[int]]]
    #: each seat's row it last added a room to (§5 B2 option), -1 before its first row
    last_built: list[int]
    current: int
    drawn: int
    #: turns still to play once the draw pile is empty, the current one included (§5 B11);
    #: -1 while cards remain
    final_turns: int
    winner: int
    over: bool

    @classmethod
    def setup(cls, setup: Setup) -> CastleRoomsState:
        self = OpenHandsState() if setup.options["hands"] == "open" else CastleRoomsState()
        self._init_base(setup)
        players, options = setup.players, setup.options
        self.rules = rules = TableRules.of(options)
        cards = self.cards = card_set(options["deck"])
        self.tables = action_tables(options["deck"])
        deck = [t for t, n in enumerate(cards.copies) for _ in range(n)]
        deck += [cards.dragon] * DRAGONS[players] + [cards.knight] * KNIGHTS[players]
        shuffle(self.rng, deck)
        self.deck = deck
        self.discard = []
        self.rows = [[] for _ in range(players)]
        self.last_built = [-1] * players
        self.hands = []
        for seat in range(players):  # §4 setup: two face-down cards each
            hand = [deck.pop(), deck.pop()]
            self.hands.append(hand)
            self.emit("deal", seat=seat, cards=[cards.names[t] for t in hand])
        # §5 B12: a random first player, or the table's first seat
        self.current = randrange(self.rng, players) if rules.random_first_player else 0
        self.winner = -1
        self.over = False
        self.final_turns = -1
        self.emit("first", seat=self.current)
        self._start_turn()
        return self

    def _copy(self) -> CastleRoomsState:
        other = type(self)()
        other.cards = self.cards
        other.tables = self.tables
        other.rules = self.rules
        other.hands = [hand.copy() for hand in self.hands]
        other.deck = self.deck.copy()
        other.discard = self.discard.copy()
        other.rows = [[row.copy() for row in rows] for rows in self.rows]
        other.last_built = self.last_built.copy()
        other.current = self.current
        other.drawn = self.drawn
        other.final_turns = self.final_turns
        other.winner = self.winner
        other.over = self.over
        return other

    # -- turn structure (§4) ------------------------------------------------------------------

    def _start_turn(self) -> None:
        deck = self.deck
        if not deck:  # §5 B11 option: the last turns after the pile ran out draw nothing
            self.drawn = 0
            self.emit("no_draw", seat=self.current)
            return
        drawn = [deck.pop() for _ in range(min(2, len(deck)))]
        self.hands[self.current].extend(drawn)
        self.drawn = len(drawn)
        names = self.cards.names
        # one card is drawn only when it is the pile's last (the log says so, not "1 cards")
        self.events.append(("draw" if len(drawn) == 2 else "draw_last",
                            (self.current, [names[t] for t in drawn])))
        if not deck:
            self._pile_runs_out()

    def _pile_runs_out(self) -> None:
        """§5 B11: the last card was just drawn."""
        ending = self.rules.deck_out
        if ending == FINISH_TURN:  # whoever drew it finishes the turn
            self.final_turns = 1
        elif ending == LAST_TURN_EACH:  # then every other seat plays once more
            self.final_turns = self.players
            self.emit("last_turns")
        else:
            assert ending == AT_ONCE
            self.final_turns = 0
            self.over = True
            self.emit("deck_out", seat=self.current)

    def to_move(self) -> list[int]:
        return [] if self.over else [self.current]

    def is_over(self) -> bool:
        return self.over

    def _legal_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        rules = self.rules
        actions: list[Action] = []
        # §5 B6: under "exactly", cards are played only while above the limit
        if rules.hand_at_most or len(hand) > 2:
            cards = self.cards
            tables = self.tables
            rows = self.rows[seat]
            effective = cards.effective
            dragon = cards.dragon
            # §5 B3: every row may grow, or only the newest
            growing = len(rows) - 1 if rules.only_newest_grows and rows else 0
            facing = -1
            for t in set(hand):
                if t < dragon:
                    # the room's entry in each orientation, as two ints: compiled, a tuple of
                    # them is made and its ints boxed at every card
                    entry_helmet_up = effective[HELMET_UP][t][0]
                    entry_swords_up = effective[SWORDS_UP][t][0]
                    fits = False
                    for k in range(growing, len(rows)):
                        row = rows[k]
                        if not row[DRAGONS_ON] and row[EXIT] == (
                                entry_swords_up if row[ORIENT] else entry_helmet_up):
                            actions.append(tables.play[t][k])
                            fits = True
                    if fits and rules.new_row_when_stuck:  # §5 B4
                        continue
                    if facing < 0:
                        facing = self._new_row_facing(seat)
                    actions += tables.new[t][facing]
                    continue
                before = len(actions)
                if t == dragon:
                    self._dragon_targets(seat, actions)
                else:  # §5 B8: a Knight frees one of your rows holding a Dragon
                    for k, row in enumerate(rows):
                        if row[DRAGONS_ON]:
                            actions.append(tables.knight[k])
                    if rules.knights_guard:  # or guards a free one (option)
                        for k, row in enumerate(rows):
                            if not row[DRAGONS_ON] and not row[GUARD]:
                                actions.append(tables.guard[k])
                if len(actions) == before and len(hand) > 2:  # §4.5 forced discard
                    actions.append(tables.discard[t])
        if len(hand) <= 2:
            actions.append(END_TURN)
        return actions

    def _dragon_targets(self, seat: int, actions: list[Action]) -> None:
        """§5 B7: an opponent's row without a Dragon (any row if they pile up); §5 B14: even
        one room short of winning, unless the option keeps such a row safe."""
        rules = self.rules
        stack = rules.dragons_stack
        too_long = ROOMS + rules.dragon_safe_from
        for target, their_rows in enumerate(self.rows):
            if target != seat:
                aimed = self.tables.dragon[target]
                for k, row in enumerate(their_rows):
                    if (stack or not row[DRAGONS_ON]) and len(row) < too_long:
                        actions.append(aimed[k])

    def _new_row_facing(self, seat: int) -> int:
        """The orientations a new row of ``seat`` may take, an index into ``FACINGS``."""
        rows = self.rows[seat]
        rules = self.rules
        if not rows:  # §5 B1
            return rules.first_rows
        facing = rules.row_orientation  # §5 B2: opposite to the previous row, or free
        if facing == OPPOSITE_NEWEST:
            return 1 - rows[-1][ORIENT]
        if facing == FREE:
            return EITHER
        return 1 - rows[self.last_built[seat]][ORIENT]

    def _apply(self, seat: int, action: Action) -> None:
        kind = action.kind
        if kind == "end":
            self._end_turn(seat)
            return
        cards = self.cards
        hand = self.hands[seat]
        args: tuple[Arg, ...] = action.args
        if kind == "play" or kind == "new":
            # the legal actions are built as (card id, row index) or (card id, orientation id)
            name = cast(str, args[0])
            t = cards.by_name[name]
            hand.remove(t)
            rows = self.rows[seat]
            if kind == "new":
                orientation = ORIENTATION_INDEX[cast(str, args[1])]
                row = [orientation, 0, 0, cards.effective[orientation][t][1], t]
                rows.append(row)
                k = len(rows) - 1
                self.events.append(
                    ("new_row", (seat, name, k + 1, ORIENTATIONS[orientation])))
            else:
                k = cast(int, args[1])
                row = rows[k]
                row.append(t)
                row[EXIT] = cards.effective[row[ORIENT]][t][1]
                self.events.append(("play", (seat, name, k + 1)))
            self.last_built[seat] = k
            rules = self.rules
            if len(row) - ROOMS >= rules.win_rooms and self.winner < 0:  # §4 victory
                self.winner = seat
                if rules.win_at_once:  # §5 B10
                    self.over = True
                    self.emit("win", seat=seat, row=k + 1, rooms=rules.win_rooms)
                else:
                    self.emit("row_complete", seat=seat, row=k + 1, rooms=rules.win_rooms)
        elif kind == "dragon":
            target, k = cast("tuple[int, int]", args)
            hand.remove(cards.dragon)
            row = self.rows[target][k]
            if row[GUARD]:  # §5 B8 option: the guarding Knight drives it off at once
                row[GUARD] = 0
                self.discard.append(cards.dragon)
                self.discard.append(cards.knight)
                self.emit("dragon_driven_off", seat=seat, target=target, row=k + 1)
            else:
                row[DRAGONS_ON] += 1
                self.emit("dragon", seat=seat, target=target, row=k + 1)
        elif kind == "knight":
            k = cast(int, args[0])
            hand.remove(cards.knight)
            self.rows[seat][k][DRAGONS_ON] -= 1
            self.discard.append(cards.dragon)
            self.discard.append(cards.knight)
            self.emit("knight", seat=seat, row=k + 1)
        elif kind == "guard":
            k = cast(int, args[0])
            hand.remove(cards.knight)
            self.rows[seat][k][GUARD] = 1
            self.emit("guard", seat=seat, row=k + 1)
        else:  # discard
            name = cast(str, args[0])
            t = cards.by_name[name]
            hand.remove(t)
            self.discard.append(t)
            self.emit("discard", seat=seat, card=name)

    def _end_turn(self, seat: int) -> None:
        self.events.append(("end_turn", (seat,)))
        if self.winner >= 0:  # §5 B10 option: the row completed this turn wins now
            self.over = True
            rooms = self.rules.win_rooms
            k = next(k for k, row in enumerate(self.rows[seat]) if len(row) - ROOMS >= rooms)
            self.emit("win", seat=seat, row=k + 1, rooms=rooms)
            return
        if self.final_turns > 0:  # §5 B11
            self.final_turns -= 1
            if self.final_turns == 0:
                self.over = True
                self.emit("deck_out", seat=seat)
                return
        self.current = (seat + 1) % self.players
        self._start_turn()

    # -- end and scoring (§4 victory, §5 B9, B11) ---------------------------------------------

    def row_lengths(self, seat: int) -> tuple[int, ...]:
        """The rooms of each row that counts, longest first (§5 B9: blocked rows count, or
        not)."""
        counted = self.rules.blocked_rows_count
        return tuple(sorted(
            (len(row) - ROOMS for row in self.rows[seat] if counted or not row[DRAGONS_ON]),
            reverse=True,
        ))

    def result(self) -> Result:
        if not self.over:
            raise ValueError("the game is not over")
        lengths = [self.row_lengths(seat) for seat in range(self.players)]
        # a completed row wins outright; the others compare rows longest first (§5 B11)
        keys = [(seat == self.winner, *k) for seat, k in enumerate(lengths)]
        scores = tuple(k[0] if k else 0 for k in lengths)
        # the next-longest rows decided only if two players' longest rows tied (a full tie
        # is a shared place, not a tie-break)
        broken = any(
            keys[a][:2] == keys[b][:2] and keys[a] != keys[b]
            for a in range(self.players) for b in range(a)
        )
        return Result(
            scores=scores,
            ranks=ranks_from_keys(keys),
            tiebreak="next-longest rows" if broken else "",
            breakdown=tuple({"longest-row": score} for score in scores),
            details={
                "rows": [list(k) for k in lengths],
                "ended_by": "ten rooms" if self.winner >= 0 else "deck exhausted",
            },
        )

    # -- views --------------------------------------------------------------------------------

    def _hands_view(self, seat: int | None) -> list[list[str] | int]:
        """The hands as the zone declaration allows (§5 B13: hidden, or open to all)."""
        names = self.cards.names
        if HANDS in self.ZONES:
            hands: list[list[str] | int] = self.zone_view("hands", seat, show=names.__getitem__)
            return hands
        return [[names[t] for t in hand] for hand in self.hands]

    def _view(self, seat: int | None) -> dict[str, Any]:
        view = dict(self.shared_view(self._table_view))
        view["deck"] = self.zone_view("deck", seat)
        view["hands"] = self._hands_view(seat)
        return view

    def _table_view(self) -> dict[str, Any]:
        """What every seat sees alike: the rows, the discard pile, the turn."""
        cards = self.cards
        names, connectors = cards.names, cards.connectors
        rooms = room_views(self.options["deck"])
        return {
            "current": self.current,
            "discard": [names[t] for t in self.discard],
            "drawn": self.drawn,
            "last_turn": self.final_turns == 1,
            "final_turns": self.final_turns if self.final_turns >= 0 else None,
            "hand_limit": self.options["hand_limit"],
            "win_rooms": self.rules.win_rooms,
            "winner": self.winner if self.winner >= 0 else None,
            # the connectors from low to high, and each room either way up (for drawing)
            "connectors": list(connectors),
            "faces": faces(self.options["deck"]),
            "rows": [
                [
                    {
                        "orientation": ORIENTATIONS[row[ORIENT]],
                        "dragon": row[DRAGONS_ON] > 0,
                        "dragons": row[DRAGONS_ON],
                        "guard": row[GUARD] > 0,
                        "exit": connectors[row[EXIT]],
                        "rooms": [rooms[row[ORIENT]][t] for t in row[ROOMS:]],
                    }
                    for row in rows
                ]
                for rows in self.rows
            ],
        }


class OpenHandsState(CastleRoomsState):
    """§5 B13 option ``hands="open"``: every hand lies face up, so only the draw pile is
    hidden. The declarations alone change: views, logs and determinizations follow them."""

    __slots__ = ()

    ZONES = (DECK,)
    SECRETS = {}
