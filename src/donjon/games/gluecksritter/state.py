"""Die Glücksritter rules (rules reference §2–§8) on the engine contract.

The state is flat: coins, castle pieces and flags are lists of ints indexed by seat; the
Documents are small ints (``data.DOCUMENTS``). A round is

1. **money** — a Ducats card puts coins drawn blind from the bag on fields 5 and 6;
2. **choice** — every seat at once (``to_move`` lists them all) may pay a ransom, play the
   yellow Pardon or Gift, commit red Documents face down, and finally chooses two different
   action cards face down (``choose 2 and 5``), which ends its choice;
3. **resolution** — an *agenda* (a stack of small tasks, last is next) drives the rest: the
   committed red Documents are revealed and resolved, the action cards revealed, fields 1 to 6
   resolved, the round ended. A task that needs a person's decision (a target, a purchase, a
   reaction) stays on top of the agenda until its seat answers; ``to_move`` is that seat.

Yellow Documents are playable "at any time" (§3). Reaction windows give them a real chance
where they matter, without stalling the game:

- the start of the round (the choice step): Pardon (Y4) frees the Black Knight instead of paying
  the ransom; Gift (Y2) gives coins away;
- a theft announced (a Demolition, a Black Knight raid): the victim may answer a wall or tower
  theft with Safeguard (Y1), or a money raid with Gift (Y2);
- a duel about to be rolled: each duellist may play Champion (Y3); a duellist who has let it pass
  is asked again if the other plays one, so that the second can cancel the first (§8 A15).

A window opens only for a seat holding at least one Document, so whether it opens says nothing
the table does not already know (hand sizes are public); it then offers what that hand allows.

This module holds the State class, setup, the round skeleton and the agenda; the rules live in
mixins named after the game: ``coins.py`` (bag, gains, payments), ``choice.py`` (the secret
choice and the red Documents), ``fields.py`` (fields 1–3, 5, 6), ``knight.py`` (the Black Knight,
duel and raid), ``documents.py`` (Gift, Safeguard and the thefts), ``views.py`` (views and
determinization); ``actions.py`` holds the action texts and the agenda's task kinds.
"""

from __future__ import annotations

from donjon.engine import NOBODY, OWNER, Result, Secret, State, Zone, ranks_from_keys
from donjon.games.gluecksritter.actions import (
    BUY_DOC,
    CHOICE,
    D_BUILD,
    D_BUY_DOC,
    D_DUEL,
    D_KNIGHT,
    D_STEAL,
    D_TARGET,
    D_WINDOW,
    DECISION,
    NO_DOC,
    T_DUEL_ROLL,
    T_FIELD,
    T_RED,
    T_REVEAL,
)
from donjon.games.gluecksritter.choice import Choice
from donjon.games.gluecksritter.coins import Coins
from donjon.games.gluecksritter.data import (
    BOX_COINS,
    BOX_PIECES,
    BUILDERS,
    CASTLE,
    DOC_NAMES,
    DOCUMENT_PRICE,
    DUCATS_DECKS,
    GOLD,
    SILVER,
    TOWER,
    WALL,
    document_deck,
)
from donjon.games.gluecksritter.documents import Documents
from donjon.games.gluecksritter.fields import Fields
from donjon.games.gluecksritter.knight import Knight
from donjon.games.gluecksritter.views import Views


class GluecksritterState(Choice, Fields, Knight, Documents, Coins, Views, State):
    __slots__ = (
        "round", "start", "phase", "over", "winners",
        "bag", "silver", "gold", "field", "walls", "towers", "supply", "jailed",
        "docs", "doc_deck", "doc_discard", "ducat_deck", "ducat_discard", "ducat_card",
        "committed", "choice", "waiting", "gift", "reds", "revealed", "participants",
        "blocked", "agenda", "champion",
    )

    ZONES = (
        Zone("docs", OWNER),  # Document hands (§8 A20: hidden, size public)
        Zone("committed", OWNER),  # red Documents committed face down, until revealed (§3.3)
        Zone("choice", OWNER),  # the two action cards chosen face down, until revealed (§3.2)
        Zone("doc_deck", NOBODY),
        Zone("ducat_deck", NOBODY),
    )
    SECRETS = {
        "commit": (Secret(("doc",), "seat"),),
        "choose": (Secret(("cards",), "seat"),),
        "document": (Secret(("doc",), "seat"),),
    }

    round: int
    start: int
    phase: int
    over: bool
    winners: list[int]
    bag: list[int]
    silver: list[int]
    gold: list[int]
    field: list[int]
    walls: list[int]
    towers: list[int]
    supply: list[int]
    jailed: list[bool]
    docs: list[list[int]]
    doc_deck: list[int]
    doc_discard: list[int]
    ducat_deck: list[int]
    ducat_discard: list[int]
    ducat_card: int
    committed: list[list[int]]
    choice: list[list[int]]
    waiting: list[int]
    gift: list[int]
    reds: list[tuple[int, int]]
    revealed: list[list[int]]
    participants: list[list[int]]
    blocked: list[bool]
    agenda: list[tuple[int, int, int, int]]
    champion: list[bool]

    # -- setup (§2) ---------------------------------------------------------------------------

    @classmethod
    def setup(cls, game, players, seed, options) -> GluecksritterState:
        self = cls.__new__(cls)
        self._init_base(game, players, seed, options)
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
        self.docs = [[] for _ in range(players)]
        deck = document_deck(options["documents"])
        rng.shuffle(deck)
        self.doc_deck = deck
        self.doc_discard = []
        ducats = list(range(len(DUCATS_DECKS[options["ducats"]])))
        rng.shuffle(ducats)
        self.ducat_deck = ducats
        self.ducat_discard = []
        self.ducat_card = -1
        self.committed = [[] for _ in range(players)]
        self.choice = [[] for _ in range(players)]
        self.gift = [-1] * players
        self.reds = []
        self.revealed = [[] for _ in range(players)]
        self.participants = [[] for _ in range(7)]
        self.blocked = [False] * 7
        self.agenda = []
        self.champion = [False] * players
        self.over = False
        self.winners = []
        self.round = 0
        self.start = rng.randrange(players)  # a random start player, then clockwise (§8 A8)
        self._new_round()
        return self

    def _copy(self) -> GluecksritterState:
        other = GluecksritterState.__new__(GluecksritterState)
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
        other.docs = [hand.copy() for hand in self.docs]
        other.doc_deck = self.doc_deck.copy()
        other.doc_discard = self.doc_discard.copy()
        other.ducat_deck = self.ducat_deck.copy()
        other.ducat_discard = self.ducat_discard.copy()
        other.ducat_card = self.ducat_card
        other.committed = [c.copy() for c in self.committed]
        other.choice = [c.copy() for c in self.choice]
        other.waiting = self.waiting.copy()
        other.gift = self.gift.copy()
        other.reds = self.reds.copy()
        other.revealed = [r.copy() for r in self.revealed]
        other.participants = [p.copy() for p in self.participants]
        other.blocked = self.blocked.copy()
        other.agenda = self.agenda.copy()
        other.champion = self.champion.copy()
        return other

    # -- rounds (§3) --------------------------------------------------------------------------

    def _new_round(self) -> None:
        """§3.1 money, then the secret choice of every seat."""
        self.round += 1
        cards = DUCATS_DECKS[self.options["ducats"]]
        if self.ducat_card >= 0:  # last round's card is used up before any reshuffle
            self.ducat_discard.append(self.ducat_card)
        if not self.ducat_deck:  # reshuffle all used Ducats cards (§7.1 PROPOSED)
            self.ducat_deck = self.ducat_discard
            self.ducat_discard = []
            self.rng.shuffle(self.ducat_deck)
            self.emit("reshuffle", deck="ducats")
        card = self.ducat_card = self.ducat_deck.pop()
        tax, customs = cards[card]
        field = self.field
        s, g = self._draw_coins(tax)
        field[0] += s
        field[1] += g
        s2, g2 = self._draw_coins(customs)
        field[2] += s2
        field[3] += g2
        self.emit("round", round=self.round, start=self.start, ducats=[tax, customs],
                  tax=[s, g], customs=[s2, g2])
        self.phase = CHOICE
        self.waiting = list(range(self.players))

    def to_move(self) -> list[int]:
        if self.over:
            return []
        if self.phase == CHOICE:
            return self.waiting.copy()
        return [self.agenda[-1][1]]

    def is_over(self) -> bool:
        return self.over

    def order(self) -> list[int]:
        """Seats in seating order from the start player (§8 A8, A17)."""
        n, start = self.players, self.start
        return [*range(start, n), *range(start)]

    # -- legal actions ------------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list:
        if self.gift[seat] >= 0:  # giving coins, one at a time (Y2)
            return self._giving_actions(seat)
        if self.phase == CHOICE:
            return self._choice_actions(seat)
        kind, seat, a, b = self.agenda[-1]
        if kind == D_BUILD:
            return self._build_actions(seat, a, b)
        if kind == D_BUY_DOC:
            return [BUY_DOC, NO_DOC]
        if kind == D_KNIGHT:
            return self._knight_actions(seat)
        if kind == D_DUEL:
            return self._duel_actions(seat)
        if kind == D_WINDOW:
            return self._window_actions(seat, a, b)
        if kind == D_STEAL:
            return self._steal_actions(seat)
        return self._target_actions(seat, a)  # D_TARGET

    # -- applying actions ---------------------------------------------------------------------

    def _apply(self, seat: int, action) -> None:
        if self.gift[seat] >= 0:
            self._apply_giving(seat, action)
            return
        kind = action.kind
        if kind == "gift":
            self._play_gift(seat, action.args[0])
            return
        if self.phase == CHOICE:
            self._apply_choice(seat, action, kind)
            return
        _, who, a, b = self.agenda.pop()
        DECIDE[kind](self, who, a, b, action.args)
        self._run()

    # -- the agenda ---------------------------------------------------------------------------

    def _run(self) -> None:
        """Carry out automatic tasks until a decision is awaited or the round ends."""
        agenda = self.agenda
        while agenda:
            task = agenda[-1]
            kind = task[0]
            if kind >= DECISION:
                if self._awaits(task):
                    return
                agenda.pop()
                self._skip(task)
                continue
            agenda.pop()
            if kind == T_FIELD:
                self._field(task[2])
            elif kind == T_RED:
                self._red(task[1], task[2])
            elif kind == T_REVEAL:
                self._reveal()
            elif kind == T_DUEL_ROLL:
                self._duel_roll(task[2], task[3])
            else:
                self._end_round()
                return

    def _awaits(self, task: tuple[int, int, int, int]) -> bool:
        """Does this decision need its seat? Only public facts decide (hand sizes, coins)."""
        kind, seat, a, b = task
        if kind == D_WINDOW:
            return bool(self.docs[seat])
        if kind == D_DUEL:
            return bool(self.docs[seat]) and not self.champion[seat]
        if kind == D_BUY_DOC:
            return (self.silver[seat] + 2 * self.gold[seat] >= DOCUMENT_PRICE
                    and bool(self.doc_deck or self.doc_discard))
        if kind == D_BUILD:  # at least one piece: in the supply, room in the castle, money
            piece = BUILDERS[a][0]
            have = self.walls[seat] if piece == WALL else self.towers[seat]
            return (self.supply[piece] > 0 and have < CASTLE[piece]
                    and self.silver[seat] + 2 * self.gold[seat] >= b)
        if kind == D_TARGET:
            return len(self._target_actions(seat, a)) > 1
        return True  # D_KNIGHT, D_STEAL

    def _skip(self, task: tuple[int, int, int, int]) -> None:
        """A decision nobody needs to take: carry out its only outcome."""
        kind, seat, a, b = task
        if kind == D_WINDOW:
            self._theft(seat, a, b)
        elif kind == D_TARGET:
            options = self._target_actions(seat, a)
            if options:
                DECIDE[options[0].kind](self, seat, a, b, options[0].args)
            else:
                self.doc_discard.append(a)
                self.emit("fizzle", seat=seat, doc=DOC_NAMES[a])

    # -- end of the round and of the game (§3.5, §8 A19) --------------------------------------

    def complete(self, seat: int) -> bool:
        return self.walls[seat] >= CASTLE[WALL] and self.towers[seat] >= CASTLE[TOWER]

    def _end_round(self) -> None:
        walls, towers = self.walls, self.towers
        need_walls, need_towers = CASTLE
        done = [seat for seat in range(self.players)
                if walls[seat] >= need_walls and towers[seat] >= need_towers]
        if done:
            best = max(self.ducats(seat) for seat in done)
            self.winners = [seat for seat in done if self.ducats(seat) == best]
            self.over = True
            self.emit("end", winners=list(self.winners), complete=done)
            return
        self.blocked = [False] * 7
        self.revealed = [[] for _ in range(self.players)]
        self.participants = [[] for _ in range(7)]
        self.start = (self.start + 1) % self.players
        self._new_round()

    def result(self) -> Result:
        if not self.over:
            raise ValueError("the game is not over")
        keys = []
        for seat in range(self.players):
            done = self.complete(seat)
            keys.append((done, self.ducats(seat) if done else -1,
                         self.walls[seat] + self.towers[seat], self.ducats(seat)))
        return Result(
            scores=tuple(self.walls[s] + self.towers[s] for s in range(self.players)),
            ranks=ranks_from_keys(keys),
            tiebreak="complete castles first, the most ducats among them; then castle pieces, "
                     "then ducats",
            details={
                "winners": list(self.winners),
                "ducats": [self.ducats(s) for s in range(self.players)],
                "walls": list(self.walls),
                "towers": list(self.towers),
                "rounds": self.round,
            },
        )


#: Action kind -> what a decision taken with it does: ``(state, seat, a, b, args)``, where
#: ``seat, a, b`` come from the agenda task and ``args`` from the action.
DECIDE = {
    "build": Fields._do_build,
    "no_build": Fields._do_no_build,
    "buy_doc": Fields._do_buy_doc,
    "no_doc": Fields._do_no_doc,
    "gold": Knight._do_gold,
    "raid": Knight._do_raid,
    "pass": Knight._do_pass,
    "steal": Knight._do_steal,
    "champion": Knight._do_champion,
    "roll": Knight._do_roll,
    "safeguard": Documents._do_safeguard,
    "allow": Documents._do_allow,
    "block": Choice._do_block,
    "demolish": Choice._do_demolish,
    "grant": Choice._do_grant,
}
