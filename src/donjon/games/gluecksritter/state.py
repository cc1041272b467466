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
"""

from __future__ import annotations

import random
from typing import Any

from donjon.engine import NOBODY, OWNER, ActionTable, Result, Secret, State, Zone, ranks_from_keys
from donjon.games.gluecksritter.data import (
    BLOCKADE,
    BOX_COINS,
    BOX_PIECES,
    BUILDERS,
    CASTLE,
    CASTLE_FACE,
    CHAMPION,
    COIN_CAP,
    COIN_NAMES,
    CRAFTSMAN,
    CUSTOMS,
    DEMOLITION,
    DOC_NAMES,
    DOCUMENT_PRICE,
    DUCATS_DECKS,
    FARMER,
    GIFT,
    GOLD,
    GRANT,
    KNIGHT,
    MAX_BUY,
    MONEY_BAG,
    MONK,
    PARDON,
    PIECE_NAMES,
    RANSOM,
    RED,
    SAFEGUARD,
    SILVER,
    SKIM_FIELD,
    SPECIAL_DIE,
    SPECIAL_FACES,
    TAX,
    TOWER,
    WALL,
    WINDFALL,
    WINDFALL_COINS,
    document_deck,
)

# -- actions -----------------------------------------------------------------------------------

MONEY = 2  # a theft's object: WALL (0), TOWER (1) or MONEY (2)
BY_DOCUMENT, BY_KNIGHT = 0, 1  # who steals: a Demolition or the Black Knight
RAID_DIE, RAID_MONEY, RAID_PIECE = -1, 0, 1


def _spell(kind: str, *args: Any) -> str:
    if kind == "choose":
        return f"choose {args[0]} and {args[1]}"
    if kind == "commit":
        return f"commit {DOC_NAMES[args[0]]}"
    if kind == "gift":
        return f"play Gift to seat {args[0]}"
    if kind == "give":
        return f"give 1 {COIN_NAMES[args[0]]}"
    if kind == "block":
        return f"block field {args[0]}"
    if kind == "demolish":
        return f"demolish a {PIECE_NAMES[args[0]]} of seat {args[1]}"
    if kind == "grant":
        return f"take a free {PIECE_NAMES[args[0]]}"
    if kind == "build":
        piece, count, price = args
        return f"buy {count} {PIECE_NAMES[piece]}{'s' if count > 1 else ''} for {count * price}"
    if kind == "no_build":
        return f"buy no {PIECE_NAMES[args[0]]}"
    if kind == "gold":
        return f"take the gold on field {args[0]}"
    if kind == "raid":
        victim, how = args
        what = ("", " for money", " for a castle piece")[how + 1]
        return f"raid seat {victim}{what}"
    if kind == "steal":
        return f"steal a {PIECE_NAMES[args[0]]}"
    return FIXED_TEXTS[kind]


FIXED_TEXTS = {
    "ransom": f"pay the ransom of {RANSOM}",
    "pardon": "play Pardon",
    "stop": "stop giving",
    "safeguard": "play Safeguard",
    "allow": "let the theft happen",
    "champion": "play Champion",
    "roll": "roll the dice",
    "buy_doc": f"buy a Document for {DOCUMENT_PRICE}",
    "no_doc": "buy no Document",
    "pass": "let the Black Knight rest",
}

ACTIONS = ActionTable(_spell)
#: (piece, price) -> [buy none, buy 1, buy 2]
BUILD = {
    (piece, price): [ACTIONS("no_build", piece)]
    + [ACTIONS("build", piece, count, price) for count in range(1, MAX_BUY + 1)]
    for piece, alone, several in BUILDERS.values() for price in (alone, several)
}
CHOOSE = {(a, b): ACTIONS("choose", a, b) for a in range(1, 7) for b in range(a + 1, 7)}
#: The pairs a seat may choose, free or with its Black Knight card in the dungeon (§8 A11).
PAIRS = (
    tuple(CHOOSE.values()),
    tuple(action for (a, b), action in CHOOSE.items() if KNIGHT not in (a, b)),
)
COMMIT = tuple(ACTIONS("commit", d) if RED[d] else None for d in range(len(DOC_NAMES)))
GIVE = (ACTIONS("give", SILVER), ACTIONS("give", GOLD))
(RANSOM_ACTION, PARDON_ACTION, STOP, SAFEGUARD_ACTION, ALLOW, CHAMPION_ACTION, ROLL, BUY_DOC,
 NO_DOC, PASS) = (ACTIONS(k) for k in (
     "ransom", "pardon", "stop", "safeguard", "allow", "champion", "roll", "buy_doc", "no_doc",
     "pass"))

# -- the agenda --------------------------------------------------------------------------------

# Automatic tasks: (kind, seat, a, b).
T_RED, T_REVEAL, T_FIELD, T_DUEL_ROLL, T_END = 1, 2, 3, 4, 5
# Decisions (kind >= DECISION): the task's seat is to move.
DECISION = 10
D_TARGET, D_WINDOW, D_DUEL, D_BUY_DOC, D_BUILD, D_KNIGHT, D_STEAL = 10, 11, 12, 13, 14, 15, 16
DECISION_NAMES = {
    D_TARGET: "target", D_WINDOW: "theft", D_DUEL: "duel", D_BUY_DOC: "buy-document",
    D_BUILD: "build", D_KNIGHT: "black-knight", D_STEAL: "steal",
}

CHOICE, RESOLUTION = 0, 1


class GluecksritterState(State):
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

    # -- money (§2, §3, §8 A3–A7) -------------------------------------------------------------

    def ducats(self, seat: int) -> int:
        """The value of a seat's coins."""
        return self.silver[seat] + 2 * self.gold[seat]

    def _draw_coins(self, count: int) -> tuple[int, int]:
        """Draw up to ``count`` coins blind from the bag (what is there, §8 A7)."""
        bag = self.bag
        rng = self.rng
        silver = gold = 0
        for _ in range(count):
            s, g = bag
            if s + g == 0:
                break
            if rng.random() * (s + g) < s:
                bag[0] = s - 1
                silver += 1
            else:
                bag[1] = g - 1
                gold += 1
        return silver, gold

    def _gain(self, seat: int, silver: int, gold: int) -> None:
        """A seat receives coins, then the coin cap applies at once (§3, §8 A3)."""
        if silver:
            silver += self.silver[seat]
            if silver >= COIN_CAP:
                back = self._cap_return(silver)
                silver -= back
                self.bag[SILVER] += back
                self.emit("cap", seat=seat, coin="silver", returned=back)
            self.silver[seat] = silver
        if gold:
            gold += self.gold[seat]
            if gold >= COIN_CAP:
                back = self._cap_return(gold)
                gold -= back
                self.bag[GOLD] += back
                self.emit("cap", seat=seat, coin="gold", returned=back)
            self.gold[seat] = gold

    def _cap_return(self, count: int) -> int:
        """How many of ``count`` coins of one kind go back: half, again while 8 or more remain
        (a big gain, 7 + 8 = 15, returns 7 and then 4 of the 8 left)."""
        larger = self.options["coin_cap"] == "keep-larger-half"
        back = 0
        while count >= COIN_CAP:
            half = count // 2 if larger else (count + 1) // 2
            back += half
            count -= half
        return back

    def can_pay(self, seat: int, price: int) -> bool:
        return self.silver[seat] + 2 * self.gold[seat] >= price

    def _pay(self, seat: int, price: int) -> None:
        """Pay ``price`` to the bag (§8 A4), gold first, with change from the bag (§8 A5):
        a gold coin pays an odd last ducat when no silver is left, and the bag gives a silver
        back if it has one (else the seat overpays)."""
        silver, gold = self.silver[seat], self.gold[seat]
        g = min(gold, price // 2)
        s = price - 2 * g
        change = 0
        if s > silver:  # only one ducat short, no silver: pay a gold coin for it
            g += 1
            s = 0
            change = 1 if self.bag[SILVER] else 0
        self.silver[seat] = silver - s + change
        self.gold[seat] = gold - g
        self.bag[SILVER] += s - change
        self.bag[GOLD] += g

    # -- rounds (§3) --------------------------------------------------------------------------

    def _new_round(self) -> None:
        """§3.1 money, then the secret choice of every seat."""
        self.round += 1
        cards = DUCATS_DECKS[self.options["ducats"]]
        if not self.ducat_deck:  # reshuffle the used Ducats cards (§7.1 PROPOSED)
            self.ducat_deck = self.ducat_discard
            self.ducat_discard = []
            self.rng.shuffle(self.ducat_deck)
            self.emit("reshuffle", deck="ducats")
        if self.ducat_card >= 0:
            self.ducat_discard.append(self.ducat_card)
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
        n = self.players
        return [(self.start + i) % n for i in range(n)]

    # -- legal actions ------------------------------------------------------------------------

    def _legal_actions(self, seat: int) -> list:
        if self.gift[seat] >= 0:  # giving coins, one at a time (Y2)
            actions = []
            if self.silver[seat]:
                actions.append(GIVE[SILVER])
            if self.gold[seat]:
                actions.append(GIVE[GOLD])
            actions.append(STOP)
            return actions
        if self.phase == CHOICE:
            return self._choice_actions(seat)
        task = self.agenda[-1]
        return self._decision_actions(task)

    def _choice_actions(self, seat: int) -> list:
        jailed = self.jailed[seat]
        actions = list(PAIRS[1 if jailed else 0])
        hand = self.docs[seat]
        if jailed:
            if PARDON in hand:
                actions.append(PARDON_ACTION)
            if self.silver[seat] + 2 * self.gold[seat] >= RANSOM:
                actions.append(RANSOM_ACTION)
        if hand:
            limit = self.options["red_limit"]
            if not limit or len(self.committed[seat]) < limit:
                seen = set()
                for doc in hand:
                    if RED[doc] and doc not in seen:
                        seen.add(doc)
                        actions.append(COMMIT[doc])
            if GIFT in hand and (self.silver[seat] or self.gold[seat]):
                actions.extend(self._gift_actions(seat))
        return actions

    def _gift_actions(self, seat: int) -> list:
        return [ACTIONS("gift", other) for other in range(self.players) if other != seat]

    def _decision_actions(self, task: tuple[int, int, int, int]) -> list:
        kind, seat, a, b = task
        if kind == D_BUILD:
            return self._build_actions(seat, a, b)
        if kind == D_BUY_DOC:
            return [BUY_DOC, NO_DOC]
        if kind == D_KNIGHT:
            return self._knight_actions(seat)
        if kind == D_DUEL:
            hand = self.docs[seat]
            return [CHAMPION_ACTION, ROLL] if CHAMPION in hand else [ROLL]
        if kind == D_WINDOW:
            hand = self.docs[seat]
            if b == MONEY:
                actions = []
                if GIFT in hand and (self.silver[seat] or self.gold[seat]):
                    actions = self._gift_actions(seat)
            else:
                actions = [SAFEGUARD_ACTION] if SAFEGUARD in hand else []
            actions.append(ALLOW)
            return actions
        if kind == D_STEAL:
            return [ACTIONS("steal", WALL), ACTIONS("steal", TOWER)]
        return self._target_actions(seat, a)  # D_TARGET

    def _build_actions(self, seat: int, field: int, price: int) -> list:
        piece = BUILDERS[field][0]
        have = self.walls[seat] if piece == WALL else self.towers[seat]
        most = min(MAX_BUY, self.supply[piece], CASTLE[piece] - have,
                   (self.silver[seat] + 2 * self.gold[seat]) // price)
        if most <= 0:
            return []
        options = BUILD[piece, price]  # [no, 1, 2, ...]
        return options[most:0:-1] + [options[0]]

    def _knight_actions(self, seat: int) -> list:
        actions = []
        if self.field[1]:
            actions.append(ACTIONS("gold", TAX))
        if self.field[3]:
            actions.append(ACTIONS("gold", CUSTOMS))
        if self.options["raid"] == "special-die":
            hows = (RAID_DIE,)
        else:
            hows = (RAID_MONEY, RAID_PIECE)
        for victim in range(self.players):
            if victim != seat:
                for how in hows:
                    actions.append(ACTIONS("raid", victim, how))
        if self.options["knight_may_pass"]:
            actions.append(PASS)
        return actions

    def _target_actions(self, seat: int, doc: int) -> list:
        if doc == BLOCKADE:
            return [ACTIONS("block", k) for k in range(1, 7) if not self.blocked[k]]
        if doc == DEMOLITION:
            actions = []
            for victim in range(self.players):
                if victim != seat:
                    if self.walls[victim]:
                        actions.append(ACTIONS("demolish", WALL, victim))
                    if self.towers[victim]:
                        actions.append(ACTIONS("demolish", TOWER, victim))
            return actions
        # GRANT: a free piece from the supply, if the castle has room for it (§8 A9)
        actions = []
        if self.supply[WALL] and self.walls[seat] < CASTLE[WALL]:
            actions.append(ACTIONS("grant", WALL))
        if self.supply[TOWER] and self.towers[seat] < CASTLE[TOWER]:
            actions.append(ACTIONS("grant", TOWER))
        return actions

    # -- applying actions ---------------------------------------------------------------------

    def _apply(self, seat: int, action) -> None:
        kind = action.kind
        if self.gift[seat] >= 0:
            if kind == "give":
                self._give(seat, self.gift[seat], action.args[0])
                return
            self.emit("gift_end", seat=seat, to=self.gift[seat])  # stop giving
            self.gift[seat] = -1
            if self.phase == RESOLUTION:
                self._run()  # back to the window the Gift was played in
            return
        if kind == "gift":
            self.docs[seat].remove(GIFT)
            self.doc_discard.append(GIFT)
            self.gift[seat] = action.args[0]
            self.emit("gift", seat=seat, to=action.args[0])
            return
        if self.phase == CHOICE:
            self._apply_choice(seat, action, kind)
            return
        task = self.agenda.pop()
        self._apply_decision(task, action, kind)
        self._run()

    def _give(self, seat: int, to: int, coin: int) -> None:
        """Y2: one coin to the recipient, whose coin cap applies at once."""
        self.emit("give", seat=seat, to=to, coin=COIN_NAMES[coin])
        if coin == SILVER:
            self.silver[seat] -= 1
            self._gain(to, 1, 0)
        else:
            self.gold[seat] -= 1
            self._gain(to, 0, 1)

    def _apply_choice(self, seat: int, action, kind: str) -> None:
        if kind == "choose":
            self.choice[seat] = list(action.args)
            self.emit("choose", seat=seat, cards=list(action.args))
            self.waiting.remove(seat)
            if not self.waiting:
                self._reveal_reds()
        elif kind == "commit":
            doc = action.args[0]
            self.docs[seat].remove(doc)
            self.committed[seat].append(doc)
            self.emit("commit", seat=seat, doc=DOC_NAMES[doc])
        elif kind == "ransom":  # §4 dungeon, §8 A16
            self._pay(seat, RANSOM)
            self.jailed[seat] = False
            self.emit("ransom", seat=seat, paid=RANSOM)
        else:  # pardon (Y4)
            self.docs[seat].remove(PARDON)
            self.doc_discard.append(PARDON)
            self.jailed[seat] = False
            self.emit("pardon", seat=seat)

    def _reveal_reds(self) -> None:
        """§3.3, §8 A17: all red Documents are revealed at once, then resolved one at a time in
        seating order from the start player; then the action cards are revealed (§3.4)."""
        self.phase = RESOLUTION
        reds = []
        for seat in self.order():
            for doc in self.committed[seat]:
                reds.append((seat, doc))
            self.committed[seat] = []
        self.reds = reds
        agenda = [(T_END, -1, 0, 0), (T_REVEAL, -1, 0, 0)]
        agenda.extend((T_RED, seat, doc, 0) for seat, doc in reversed(reds))
        self.agenda = agenda
        if reds:
            self.emit("reds", reds=[[seat, DOC_NAMES[doc]] for seat, doc in reds])
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
            return self.can_pay(seat, DOCUMENT_PRICE) and bool(self.doc_deck or self.doc_discard)
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
                self._apply_decision(task, options[0], options[0].kind)
            else:
                self.doc_discard.append(a)
                self.emit("fizzle", seat=seat, doc=DOC_NAMES[a])

    def _apply_decision(self, task: tuple[int, int, int, int], action, kind: str) -> None:
        _, seat, a, b = task
        args = action.args
        if kind == "build":
            piece, count, price = args
            self._pay(seat, count * price)
            self.supply[piece] -= count
            if piece == WALL:
                self.walls[seat] += count
            else:
                self.towers[seat] += count
            self.emit("build", seat=seat, piece=PIECE_NAMES[piece], count=count,
                      paid=count * price)
        elif kind == "no_build":
            self.emit("decline", seat=seat, field=a)
        elif kind == "buy_doc":
            self._pay(seat, DOCUMENT_PRICE)
            self._take_document(seat, DOCUMENT_PRICE)
        elif kind == "no_doc":
            self.emit("decline", seat=seat, field=MONK)
        elif kind == "gold":
            k = 1 if args[0] == TAX else 3
            gold = self.field[k]
            self.field[k] = 0
            self.emit("knight_gold", seat=seat, field=args[0], gold=gold)
            self._gain(seat, 0, gold)
        elif kind == "raid":
            self._raid(seat, args[0], args[1])
        elif kind == "pass":
            self.emit("knight_rests", seat=seat)
        elif kind == "steal":
            self._announce_theft(a, seat, args[0], BY_KNIGHT)
        elif kind == "champion":
            self.docs[seat].remove(CHAMPION)
            self.doc_discard.append(CHAMPION)
            self.champion[seat] = True
            self.emit("champion", seat=seat)
            other = a
            agenda = self.agenda
            asked_next = agenda and agenda[-1][0] == D_DUEL and agenda[-1][1] == other
            if not self.champion[other] and not asked_next:
                agenda.append((D_DUEL, other, seat, 0))  # the other may answer (§8 A15)
        elif kind == "roll":
            pass
        elif kind == "safeguard":  # Y1 cancels the theft of a wall or tower (§8 A18)
            self.docs[seat].remove(SAFEGUARD)
            self.doc_discard.append(SAFEGUARD)
            self.emit("safeguard", seat=seat, thief=a, piece=PIECE_NAMES[b % 3])
        elif kind == "allow":
            self._theft(seat, a, b)
        elif kind == "block":
            self.doc_discard.append(BLOCKADE)
            self.blocked[args[0]] = True
            self.emit("block", seat=seat, field=args[0])
        elif kind == "demolish":
            self.doc_discard.append(DEMOLITION)
            piece, victim = args
            self.emit("demolition", seat=seat, victim=victim, piece=PIECE_NAMES[piece])
            self._announce_theft(victim, seat, piece, BY_DOCUMENT)
        elif kind == "grant":  # R4
            self.doc_discard.append(GRANT)
            piece = args[0]
            self.supply[piece] -= 1
            if piece == WALL:
                self.walls[seat] += 1
            else:
                self.towers[seat] += 1
            field = FARMER if piece == WALL else CRAFTSMAN
            self.blocked[field] = True
            self.emit("grant", seat=seat, piece=PIECE_NAMES[piece], blocked=field)

    # -- Documents (§5) -----------------------------------------------------------------------

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

    def _red(self, seat: int, doc: int) -> None:
        """Resolve one revealed red Document (§5, §8 A17)."""
        self.reds.remove((seat, doc))
        if doc in (BLOCKADE, DEMOLITION, GRANT):
            self.agenda.append((D_TARGET, seat, doc, 0))
            return
        self.doc_discard.append(doc)
        if doc == WINDFALL:
            silver, gold = self._draw_coins(WINDFALL_COINS)
            self.emit("windfall", seat=seat, silver=silver, gold=gold)
            self._gain(seat, silver, gold)
        else:  # R5 / R6: the silver on the tax collector or the customs officer
            field = SKIM_FIELD[doc]
            k = 0 if field == TAX else 2
            silver = self.field[k]
            self.field[k] = 0
            self.emit("skim", seat=seat, field=field, silver=silver)
            self._gain(seat, silver, 0)

    # -- thefts (§8 A14, A18) -----------------------------------------------------------------

    def _announce_theft(self, victim: int, thief: int, what: int, by: int) -> None:
        """A theft is announced: the victim's reaction window comes first (Y1, Y2, §8 A18)."""
        self.emit("theft", seat=victim, thief=thief, what=("wall", "tower", "money")[what],
                  by=("document", "knight")[by])
        if by == BY_DOCUMENT:
            if self.options["safeguard"] == "knight-only":  # nothing can answer a Demolition
                self._theft(victim, thief, what + 3)
                return
            what += 3
        self.agenda.append((D_WINDOW, victim, thief, what))

    def _theft(self, victim: int, thief: int, what: int) -> None:
        if what >= 3:  # a Demolition: the piece goes back to the supply
            piece = what - 3
            if self._lose_piece(victim, piece):
                self.supply[piece] += 1
                self.emit("demolished", seat=victim, piece=PIECE_NAMES[piece])
            return
        if what == MONEY:
            silver, gold = self.silver[victim], self.gold[victim]
            if self.options["raid_money"] == "all-gold" and gold:
                silver = 0  # all the victim's gold, or all their silver if they have none
            self.silver[victim] -= silver
            self.gold[victim] -= gold
            self.emit("robbed", seat=victim, thief=thief, silver=silver, gold=gold)
            self._gain(thief, silver, gold)
            return
        if not self._lose_piece(victim, what):
            return
        have = self.walls if what == WALL else self.towers
        if self.options["raided_piece"] == "to-attacker" and have[thief] < CASTLE[what]:
            have[thief] += 1
            to = "thief"
        else:
            self.supply[what] += 1
            to = "supply"
        self.emit("stolen", seat=victim, thief=thief, piece=PIECE_NAMES[what], to=to)

    def _lose_piece(self, seat: int, piece: int) -> bool:
        have = self.walls if piece == WALL else self.towers
        if have[seat]:
            have[seat] -= 1
            return True
        return False

    # -- reveal and fields (§3.4, §4) ---------------------------------------------------------

    def _reveal(self) -> None:
        participants = [[] for _ in range(7)]
        for seat in self.order():
            cards = self.choice[seat]
            self.revealed[seat] = cards
            participants[cards[0]].append(seat)
            participants[cards[1]].append(seat)
        self.choice = [[] for _ in range(self.players)]
        self.participants = participants
        self.emit("reveal", cards=[list(c) for c in self.revealed])
        # then the fields someone chose, from 1 to 6 (§3.4)
        self.agenda.extend((T_FIELD, -1, k, 0) for k in range(6, 0, -1) if participants[k])

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

    # -- the Black Knight (§4 field 4, §6) ----------------------------------------------------

    def _duel_roll(self, a: int, b: int) -> None:
        """§8 A15: one Champion wins outright; none or both, the dice decide."""
        ca, cb = self.champion[a], self.champion[b]
        self.champion[a] = self.champion[b] = False
        if ca != cb:
            winner, loser = (a, b) if ca else (b, a)
            self.emit("duel_won", seat=winner, loser=loser, by="Champion")
        else:
            rng = self.rng
            if self.options["duel"] == "high-roll":
                while True:
                    ra, rb = rng.randrange(6) + 1, rng.randrange(6) + 1
                    if ra != rb:
                        break
                    self.emit("duel_tie", seats=[a, b], roll=ra)
                winner, loser = (a, b) if ra > rb else (b, a)
                self.emit("duel_won", seat=winner, loser=loser, by="dice", rolls=[ra, rb])
            else:  # one-roll: 1–3 the first duellist in seating order, 4–6 the second
                roll = rng.randrange(6) + 1
                winner, loser = (a, b) if roll <= 3 else (b, a)
                self.emit("duel_won", seat=winner, loser=loser, by="dice", rolls=[roll])
        self.jailed[loser] = True
        self.emit("dungeon", seats=[loser])
        self.agenda.append((D_KNIGHT, winner, 0, 0))

    def _raid(self, seat: int, victim: int, how: int) -> None:
        """§8 A14: the special die says money or castle; what cannot be taken falls back to the
        other; with ``raid=attacker-chooses`` the attacker names it instead of rolling."""
        if how == RAID_DIE:
            face = SPECIAL_DIE[self.rng.randrange(6)]
            self.emit("raid", seat=seat, victim=victim, die=SPECIAL_FACES[face])
        else:
            face = MONEY_BAG if how == RAID_MONEY else CASTLE_FACE
            self.emit("raid", seat=seat, victim=victim, die=None)
        has_money = bool(self.silver[victim] or self.gold[victim])
        has_piece = bool(self.walls[victim] or self.towers[victim])
        if face == CASTLE_FACE and not has_piece:
            face = MONEY_BAG
        elif face == MONEY_BAG and not has_money:
            face = CASTLE_FACE
        if face == MONEY_BAG:
            if has_money:
                self._announce_theft(victim, seat, MONEY, BY_KNIGHT)
            else:
                self.emit("raid_empty", seat=seat, victim=victim)
        elif not has_piece:
            self.emit("raid_empty", seat=seat, victim=victim)
        elif self.walls[victim] and self.towers[victim]:
            self.agenda.append((D_STEAL, seat, victim, 0))
        else:
            self._announce_theft(victim, seat, WALL if self.walls[victim] else TOWER, BY_KNIGHT)

    # -- end of the round and of the game (§3.5, §8 A19) --------------------------------------

    def complete(self, seat: int) -> bool:
        return self.walls[seat] >= CASTLE[WALL] and self.towers[seat] >= CASTLE[TOWER]

    def _end_round(self) -> None:
        done = [seat for seat in range(self.players) if self.complete(seat)]
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

    # -- views --------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        names = DOC_NAMES.__getitem__
        decision = None
        if not self.over and self.phase == RESOLUTION:
            kind, who, a, b = self.agenda[-1]
            decision = {"kind": DECISION_NAMES[kind], "seat": who}
            if kind == D_TARGET:
                decision["document"] = DOC_NAMES[a]
            elif kind == D_WINDOW:
                decision["thief"] = a
                decision["what"] = ("wall", "tower", "money", "wall", "tower")[b]
                decision["by"] = "knight" if b < 3 else "document"
            elif kind == D_DUEL:
                decision["opponent"] = a
            elif kind == D_BUILD:
                decision["field"] = a
                decision["price"] = b
            elif kind == D_STEAL:
                decision["victim"] = a
        field = self.field
        cards = DUCATS_DECKS[self.options["ducats"]]
        return {
            "round": self.round,
            "start": self.start,
            "phase": "over" if self.over else ("choice" if self.phase == CHOICE else "resolution"),
            "decision": decision,
            "bag": {"silver": self.bag[0], "gold": self.bag[1]},
            "tax": {"silver": field[0], "gold": field[1]},
            "customs": {"silver": field[2], "gold": field[3]},
            "blocked": [k for k in range(1, 7) if self.blocked[k]],
            "supply": {"walls": self.supply[WALL], "towers": self.supply[TOWER]},
            "ducats_card": list(cards[self.ducat_card]) if self.ducat_card >= 0 else None,
            "ducats_deck": self.zone_view("ducat_deck", seat),
            "documents_deck": self.zone_view("doc_deck", seat),
            "documents_discard": [DOC_NAMES[d] for d in self.doc_discard],
            "hands": self.zone_view("docs", seat, show=names),
            "committed": self.zone_view("committed", seat, show=names),
            "choices": self.zone_view("choice", seat),
            "waiting": self.waiting.copy() if self.phase == CHOICE and not self.over else [],
            "giving": [g if g >= 0 else None for g in self.gift],
            "reds": [[s, DOC_NAMES[d]] for s, d in self.reds],
            "revealed": [list(c) for c in self.revealed],
            "fields": [list(p) for p in self.participants],
            "winners": list(self.winners),
            "coins": [
                {"silver": self.silver[s], "gold": self.gold[s], "ducats": self.ducats(s)}
                for s in range(self.players)
            ],
            "walls": list(self.walls),
            "towers": list(self.towers),
            "jailed": list(self.jailed),
        }

    # -- determinization ----------------------------------------------------------------------

    def _resample(self, seat: int, rng: random.Random) -> None:
        """Deal the Documents ``seat`` cannot see back at random, red ones to the committed
        piles (only red Documents can be committed), and give every other seat that has chosen
        a random pair of the action cards it holds. The Ducats deck is shuffled."""
        others = [s for s in range(self.players) if s != seat]
        pool = self.doc_deck.copy()
        for s in others:
            pool.extend(self.docs[s])
            pool.extend(self.committed[s])
        rng.shuffle(pool)
        reds = [d for d in pool if RED[d]]
        rest = [d for d in pool if not RED[d]]
        for s in others:
            count = len(self.committed[s])
            self.committed[s] = reds[:count]
            del reds[:count]
        rest.extend(reds)
        rng.shuffle(rest)
        for s in others:
            count = len(self.docs[s])
            self.docs[s] = rest[:count]
            del rest[:count]
        self.doc_deck = rest
        rng.shuffle(self.ducat_deck)
        for s in others:
            if self.choice[s]:
                pairs = PAIRS[1 if self.jailed[s] else 0]
                self.choice[s] = list(pairs[rng.randrange(len(pairs))].args)
