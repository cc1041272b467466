"""Die Glücksritter rules (rules reference §2–§8) on the engine contract.

The state is flat: coins, castle pieces and flags are lists of ints indexed by seat; the
Documents are small ints (``data.DOCUMENTS``). A round is

1. **money** — a Ducats card puts coins drawn blind from the bag on fields 5 and 6;
2. **choice** — every seat at once (``to_move`` lists them all) may pay a ransom, play the
   yellow Pardon or Gift, commit red Documents face down, and finally chooses two different
   action cards face down (``choose 2 and 5``), which ends its choice. Several seats move at
   once here, so this phase is its own: ``waiting`` holds the seats still choosing;
3. **resolution** — the engine's decision stack (``StackState``) drives the rest: steps reveal
   and resolve the red Documents, reveal the action cards and resolve fields 1 to 6, and push
   the decisions they need (a target, a purchase, a reaction), each waiting for its seat. When
   the stack is empty the round ends (``_advance``).

Yellow Documents are playable "at any time" (§3). Windows give them a real chance where they
matter, without stalling the game:

- the start of the round (the choice step): Pardon (Y4) frees the Black Knight instead of paying
  the ransom; Gift (Y2) gives coins away;
- a theft announced (a Demolition, a Black Knight raid): the victim may answer a wall or tower
  theft with Safeguard (Y1), or a money raid with Gift (Y2);
- a duel about to be rolled: each duellist may play Champion (Y3); a duellist who has let it pass
  is asked again if the other plays one, so that the second can cancel the first (§8 A15).

A window opens only for a seat holding at least one Document, so whether it opens says nothing
the table does not already know (hand sizes are public); it then offers what that hand allows.

This module holds the state class — every field of the game, annotated once — with setup, the
round skeleton and the engine's entry points. The rules are plain functions and frames over this
state, in modules named after the game: ``coins.py`` (bag, gains, payments), ``choice.py`` (the
secret choice and the red Documents), ``fields.py`` (the reveal, fields 1–3, 5, 6), ``knight.py``
(the Black Knight, duel and raid), ``documents.py`` (Gift, Safeguard and the thefts),
``views.py`` (views and determinization); ``actions.py`` holds the actions and their texts,
``frames.py`` the two kinds of frame.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import floor
from typing import Any, ClassVar, Final

from donjon.engine import NOBODY, OWNER, Action, Result, Secret, StackState, Zone, ranks_from_keys
from donjon.engine.chance import randrange, shuffle
from donjon.engine.game import Setup
from donjon.games.gluecksritter.actions import MAX_SEATS, SEATING
from donjon.games.gluecksritter.choice import apply_choice, choice_actions
from donjon.games.gluecksritter.coins import COIN_WORDS, draw_coins
from donjon.games.gluecksritter.data import (
    BOX_COINS,
    BOX_PIECES,
    CASTLE,
    GOLD,
    SILVER,
    TOWER,
    WALL,
    document_deck,
)
from donjon.games.gluecksritter.frames import CHOICE, RESOLUTION, Step
from donjon.games.gluecksritter.options import TableRules
from donjon.games.gluecksritter.views import resample, view

#: The moves of the secret choice a seat may take back until the reveal, although others moved
#: since (``_undo_window``): what they set is hidden from everyone else and changes no one's
#: options.
SECRET_MOVES: Final = frozenset({"choose", "commit"})
#: players -> every seat, the seats choosing at the start of a round (copied)
SEATS: Final = tuple(list(range(players)) for players in range(MAX_SEATS + 1))


class GluecksritterState(StackState):
    __slots__ = (
        "rules", "round", "start", "phase", "over", "winners",
        "bag", "silver", "gold", "field", "walls", "towers", "supply", "jailed", "jailer",
        "docs", "doc_deck", "doc_discard", "ducat_deck", "ducat_discard", "ducat_card",
        "committed", "aims", "choice", "waiting", "gift", "revealed", "participants", "blocked",
        "champion",
    )

    ZONES = (
        Zone("docs", OWNER),  # Document hands (§8 A20: hidden, size public)
        Zone("committed", OWNER),  # red Documents committed face down, until revealed (§3.3)
        Zone("aims", OWNER),  # and their targets, with red_targets=on-committing
        Zone("choice", OWNER),  # the two action cards chosen face down, until revealed (§3.2)
        Zone("doc_deck", NOBODY),
        Zone("ducat_deck", NOBODY),
    )
    SECRETS = {
        "commit": (Secret(("doc",), "seat"),),
        "choose": (Secret(("cards",), "seat"),),
        "document": (Secret(("doc",), "seat"),),
    }
    #: Yellow Documents played face up, and a Document bought (its buyer sees the card).
    COMMITS: ClassVar[frozenset[str]] = frozenset(
        {"pardon", "gift", "safeguard", "champion", "buy-document"}
    )
    #: the events made anew each time they happen, recorded as their values
    #: (``engine.state.Event``; the commonest are made once, ``choice.CHOSEN``)
    EVENT_FIELDS = {
        "round": ("round", "start", "ducats", "tax", "customs", "tax_coins", "customs_coins"),
        "collect": ("seat", "field", "silver", "gold", "coins"),
        "commit": ("seat", "doc"),
        "cap": ("seat", "coin", "returned"),
        "raid": ("seat", "victim", "die"),
        "theft": ("seat", "thief", "what", "by"),
        "robbed": ("seat", "thief", "silver", "gold", "coins"),
    }

    #: the options, as the rules read them (shared by clones)
    rules: TableRules
    #: the round number, from 1
    round: int
    #: the start player of this round (§8 A8)
    start: int
    #: CHOICE or RESOLUTION (``frames``)
    phase: int
    over: bool
    winners: list[int]
    #: coins in the bag: [silver, gold]
    bag: list[int]
    #: each seat's coins
    silver: list[int]
    gold: list[int]
    #: the money fields: [tax silver, tax gold, customs silver, customs gold]
    field: list[int]
    #: each seat's castle
    walls: list[int]
    towers: list[int]
    #: castle pieces in the supply: [walls, towers]
    supply: list[int]
    #: whose Black Knight card is in the dungeon, and the duel winner who sent it there (-1)
    jailed: list[bool]
    jailer: list[int]
    #: Document hands (indexes into ``data.DOCUMENTS``), the deck (top last) and the used ones
    docs: list[list[int]]
    doc_deck: list[int]
    doc_discard: list[int]
    #: the Ducats cards (indexes into the chosen deck), and the card of this round (-1)
    ducat_deck: list[int]
    ducat_discard: list[int]
    ducat_card: int
    #: red Documents committed face down this round, each one's aim (``actions.AIM_ACTIONS``,
    #: -1 for none), and the two action cards chosen
    committed: list[list[int]]
    aims: list[list[int]]
    choice: list[list[int]]
    #: the seats still choosing (the choice step)
    waiting: list[int]
    #: the seat each seat is giving coins to (Y2), or -1
    gift: list[int]
    #: the action cards revealed this round, and who chose each field (index 1–6)
    revealed: list[list[int]]
    participants: list[list[int]]
    #: fields blocked this round (index 1–6)
    blocked: list[bool]
    #: who has played Champion in the duel being fought
    champion: list[bool]

    # -- setup (§2) ---------------------------------------------------------------------------

    @classmethod
    def setup(cls, setup: Setup) -> GluecksritterState:
        self = cls()
        self._init_base(setup)
        players, options = setup.players, setup.options
        self.rules = rules = TableRules.of(options)
        rng = self.rng
        s0, g0 = options["start_silver"], options["start_gold"]
        self.silver = [s0] * players
        self.gold = [g0] * players
        self.bag = [BOX_COINS[SILVER] - s0 * players, BOX_COINS[GOLD] - g0 * players]
        self.field = [0, 0, 0, 0]
        self.walls = [0] * players
        self.towers = [0] * players
        self.supply = list(BOX_PIECES)
        self.jailed = [False] * players
        self.jailer = [-1] * players
        self.docs = [[] for _ in range(players)]
        deck = document_deck(options["documents"])
        shuffle(rng, deck)
        self.doc_deck = deck
        self.doc_discard = []
        ducats = list(range(len(rules.ducat_cards)))
        shuffle(rng, ducats)
        self.ducat_deck = ducats
        self.ducat_discard = []
        self.ducat_card = -1
        self.committed = [[] for _ in range(players)]
        self.aims = [[] for _ in range(players)]
        self.choice = [[] for _ in range(players)]
        self.waiting = []
        self.gift = [-1] * players
        self.revealed = [[] for _ in range(players)]
        self.participants = [[] for _ in range(7)]
        self.blocked = [False] * 7
        self.stack = []
        self.champion = [False] * players
        self.phase = CHOICE
        self.over = False
        self.winners = []
        self.round = 0
        self.start = randrange(rng, players)  # a random start player (§8 A8)
        self._new_round()
        return self

    def _copy(self) -> GluecksritterState:
        other = GluecksritterState()
        other.rules = self.rules
        other.round = self.round
        other.start = self.start
        other.phase = self.phase
        other.over = self.over
        other.winners = self.winners.copy()
        other.bag = self.bag.copy()
        other.silver = self.silver.copy()
        other.gold = self.gold.copy()
        other.field = self.field.copy()
        other.walls = self.walls.copy()
        other.towers = self.towers.copy()
        other.supply = self.supply.copy()
        other.jailed = self.jailed.copy()
        other.jailer = self.jailer.copy()
        other.docs = [hand.copy() for hand in self.docs]
        other.doc_deck = self.doc_deck.copy()
        other.doc_discard = self.doc_discard.copy()
        other.ducat_deck = self.ducat_deck.copy()
        other.ducat_discard = self.ducat_discard.copy()
        other.ducat_card = self.ducat_card
        other.committed = [c.copy() for c in self.committed]
        other.aims = [a.copy() for a in self.aims]
        other.choice = [c.copy() for c in self.choice]
        other.waiting = self.waiting.copy()
        other.gift = self.gift.copy()
        other.revealed = [r.copy() for r in self.revealed]
        other.participants = [p.copy() for p in self.participants]
        other.blocked = self.blocked.copy()
        other.stack = self.stack.copy()  # frames are immutable
        other.champion = self.champion.copy()
        return other

    # -- what anyone may ask ------------------------------------------------------------------

    def ducats(self, seat: int) -> int:
        """The value of a seat's coins."""
        return self.silver[seat] + 2 * self.gold[seat]

    def can_pay(self, seat: int, price: int) -> bool:
        return self.silver[seat] + 2 * self.gold[seat] >= price

    def complete(self, seat: int) -> bool:
        return self.walls[seat] >= CASTLE[WALL] and self.towers[seat] >= CASTLE[TOWER]

    def order(self) -> list[int]:
        """Seats in seating order from the start player (§8 A8, A17)."""
        return list(SEATING[self.players][self.start])

    # -- the engine's entry points ------------------------------------------------------------

    def to_move(self) -> list[int]:
        if self.over:
            return []
        if self.phase == CHOICE:
            return self.waiting.copy()
        return [self.stack[-1].seat]

    def is_over(self) -> bool:
        return self.over

    def _legal_actions(self, seat: int) -> Sequence[Action]:
        if self.phase == CHOICE:
            return choice_actions(self, seat)
        return self.stack[-1].options(self)

    def _step(self, seat: int, action: Action) -> Sequence[Action]:
        """``StackState._step`` with the choice: a secret choice settles nothing until the last
        seat has chosen, and the round then resolves."""
        if self.phase == CHOICE:
            apply_choice(self, seat, action)
            return self._drive_on() if self.phase == RESOLUTION else ()
        self.stack.pop().resolve(self, action)
        return self._drive_on()

    def _play_random(self, rng: random.Random, limit: int) -> int:
        """``playout.play_random``, the loop written for this state: the engine's own loop asks
        ``to_move``, which copies the seats still choosing at every decision; here the seat is
        drawn from them where they are, and the move is played as ``_play`` would, its next
        answers taken from ``_step`` rather than offered (``_offer`` copies them into a tuple in
        a dict, which the next decision reads back and the move clears). The moves, the draws
        and the state left are those of ``apply`` (tests/engine/test_playout.py)."""
        if self.is_over() or limit == 0:  # (not ``self.over``: mypy would take it for False below)
            return 0
        stack = self.stack
        moves = self.moves
        commits = self.COMMITS
        draw = rng.random
        offered = self._legal  # what was offered for the first decision, if anything
        self._legal = None
        legal: Sequence[Action] | None = None  # the resolution's next answers, when known
        decisions = 0
        while True:
            if self.phase == CHOICE:  # a seat among those still choosing, as to_move lists them
                waiting = self.waiting
                count = len(waiting)
                seat = waiting[0] if count == 1 else waiting[floor(draw() * count)]
                legal = offered.get(seat) if offered is not None else None
                if legal is None:
                    legal = choice_actions(self, seat)
            else:
                seat = stack[-1].seat
                if legal is None:
                    legal = offered.get(seat) if offered is not None else None
                    if legal is None:
                        legal = stack[-1].options(self)
            offered = None
            count = len(legal)
            action = legal[0] if count == 1 else legal[floor(draw() * count)]
            moves.append((seat, action))
            legal = self._step(seat, action) or None  # None: a seat chooses, or a new round
            if action.kind in commits:
                self._barrier = len(moves)
            decisions += 1
            if self.over:
                return decisions
            if decisions == limit:
                if legal is not None:  # what ``_apply`` would have offered
                    self._offer(stack[-1].seat, legal)
                return decisions

    def _drive_on(self) -> Sequence[Action]:
        """``StackState._drive_on`` with a fast path for the round's steps (issue #14): a
        ``Step`` has no options by definition, so it is carried out without asking for them —
        the same as the engine's driver does with an empty answer, minus a call per step. When
        nothing is pending the round ends (what ``_advance`` does, called straight: it never
        asks for more driving). Returns the answers of the decision with a real choice it
        stops at; nothing when the round ended (the next round's choice, or the game's end)."""
        stack = self.stack
        while stack:
            frame = stack[-1]
            if isinstance(frame, Step):
                # the last frame off by ``clear``, not ``pop`` (``StackState``'s docstring):
                # compiled 1.8 % fewer instructions, pure 0.2 % more
                if len(stack) == 1:
                    stack.clear()
                else:
                    stack.pop()
                frame.lapse(self)
                continue
            options = frame.options(self)
            if len(options) > 1 or (options and not frame.forced):
                return options
            if len(stack) == 1:
                stack.clear()
            else:
                stack.pop()
            if options:
                frame.resolve(self, options[0])
            else:
                frame.lapse(self)
        self._end_round()
        return ()

    def _undo_window(self, seat: int) -> bool:
        """A seat may change its secret choice (a committed red Document, its two cards) until
        the reveal, although other seats chose since."""
        if self.phase != CHOICE:
            return False
        moves = self.moves
        for i in range(len(moves) - 1, self._barrier - 1, -1):
            if moves[i][0] == seat:
                return moves[i][1].kind in SECRET_MOVES
        return False

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> None:
        resample(self, seat, rng)

    # -- rounds (§3) --------------------------------------------------------------------------

    def _new_round(self) -> None:
        """§3.1 money, then the secret choice of every seat."""
        if (not self.ducat_deck and self.ducat_card >= 0
                and not self.rules.ducats_reshuffle):
            self._end_without_castle()
            return
        self.round += 1
        cards = self.rules.ducat_cards
        if self.ducat_card >= 0:  # last round's card is used up before any reshuffle
            self.ducat_discard.append(self.ducat_card)
        if not self.ducat_deck:  # reshuffle all used Ducats cards (§7.1)
            self.ducat_deck = self.ducat_discard
            self.ducat_discard = []
            shuffle(self.rng, self.ducat_deck)
            self.emit("reshuffle", deck="ducats")
        card = self.ducat_card = self.ducat_deck.pop()
        tax, customs = cards[card]
        field = self.field
        # ``x[i] = x[i] + n``, not ``x[i] += n``: compiled, an augmented assignment to a list's
        # item adds two objects (mypyc reads the item as an object), the plain one two ints
        s, g = draw_coins(self, tax)
        field[0] = field[0] + s
        field[1] = field[1] + g
        s2, g2 = draw_coins(self, customs)
        field[2] = field[2] + s2
        field[3] = field[3] + g2
        self.events.append(("round", (
            self.round, self.start, [tax, customs], [s, g], [s2, g2],
            COIN_WORDS[s][g],
            COIN_WORDS[s2][g2],
        )))
        self.phase = CHOICE
        self.waiting = SEATS[self.players].copy()

    def _advance(self) -> bool:
        """The stack is empty: the round is over (§3.5)."""
        self._end_round()
        return False

    def _end_round(self) -> None:
        """§8 A19: complete castles at the end of a round win, the most ducats among them; a
        further tie shares the win, or the game goes on (``final_tie``)."""
        walls, towers = self.walls, self.towers
        need_walls, need_towers = CASTLE
        # a loop, not ``max``: compiled, a builtin's call looks its name up and goes through
        # Python's calling convention (1.7 % of a compiled game where both were asked)
        done: list[int] = []
        for seat in range(self.players):
            if walls[seat] >= need_walls and towers[seat] >= need_towers:
                done.append(seat)
        if done:
            best = max(self.ducats(seat) for seat in done)
            winners = [seat for seat in done if self.ducats(seat) == best]
            if len(winners) == 1 or not self.rules.tie_plays_on:
                self.winners = winners
                self.over = True
                self.emit("end", winners=list(winners), complete=done)
                return
            self.emit("tie_play_on", seats=winners, ducats=best)
        self.blocked = [False] * 7
        # The pairs revealed this round are the state's own (their events are made once,
        # clones and views copy them): emptied in place, they are the next round's, and the
        # reveal hands them on to the choice after (``fields.Reveal``).
        for pair in self.revealed:
            pair.clear()
        # each field's seats emptied in place too (clones copy them; events copy them)
        for seats in self.participants:
            seats.clear()
        if self.rules.start_rotates:
            self.start = (self.start + 1) % self.players
        self._new_round()

    def _end_without_castle(self) -> None:
        """§7.1 with ``ducats_reshuffle=last-round``: the Ducats cards are used up and nobody
        has a complete castle: the most castle pieces win, then the most ducats."""
        keys = self._keys()
        best = max(keys)
        self.winners = [seat for seat, key in enumerate(keys) if key == best]
        self.over = True
        self.emit("ducats_out", winners=list(self.winners))

    def _keys(self) -> list[tuple[bool, int, int, int]]:
        """Each seat's standing, best highest: a complete castle (then its ducats), castle
        pieces, ducats."""
        keys = []
        for seat in range(self.players):
            done = self.complete(seat)
            ducats = self.ducats(seat)
            keys.append((done, ducats if done else -1, self.walls[seat] + self.towers[seat],
                         ducats))
        return keys

    def result(self) -> Result:
        """The score is the castle: walls and towers (``breakdown``). A complete castle ranks
        first, the most ducats first among complete ones, and the most ducats again between
        equal unfinished castles (§8 A19, §7.1): ``tiebreak`` names what of this ranked players
        otherwise than their scores alone would, and is empty when nothing did."""
        if not self.over:
            raise ValueError("the game is not over")
        keys = self._keys()
        scores = tuple(self.walls[s] + self.towers[s] for s in range(self.players))
        return Result(
            scores=scores,
            ranks=ranks_from_keys(list(keys)),
            tiebreak=tiebreak(scores, keys),
            details={
                "winners": list(self.winners),
                "ducats": [self.ducats(s) for s in range(self.players)],
                "walls": list(self.walls),
                "towers": list(self.towers),
                "rounds": self.round,
            },
            breakdown=tuple({"walls": self.walls[s], "towers": self.towers[s]}
                            for s in range(self.players)),
        )


#: ``Result.tiebreak``: what ranked players otherwise than their castle pieces (in English, for
#: records; ``presentation.TIEBREAKS`` says it in every language)
BY_COMPLETE_CASTLE: Final = "a complete castle first"
BY_DUCATS: Final = "the most ducats"
BY_BOTH: Final = "a complete castle first, then the most ducats"


def tiebreak(scores: Sequence[int], keys: Sequence[tuple[bool, int, int, int]]) -> str:
    """Which of a complete castle and the ducats ranked two players otherwise than their scores
    (equal scores, or the lower one ahead), or "" when the scores alone give the ranking."""
    by_castle = by_ducats = False
    for a in range(len(keys)):
        for b in range(a + 1, len(keys)):
            ka, kb = keys[a], keys[b]
            if ka == kb or (scores[a] != scores[b] and (scores[a] > scores[b]) == (ka > kb)):
                continue
            if ka[0] != kb[0]:
                by_castle = True
            else:
                by_ducats = True
    if by_castle:
        return BY_BOTH if by_ducats else BY_COMPLETE_CASTLE
    return BY_DUCATS if by_ducats else ""
