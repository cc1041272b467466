"""Citadels (2016 edition) rules on the engine contract (rules reference §3–§5).

The state is flat: districts are small ints (see ``cards``), hands/cities/deck are lists of them,
characters are small ints. A round is a draft (phase DRAFT), an optional Theater step, then the
crowned player calls each rank (phase CALL → TURN) and the round ends (phase END). Multi-step
decisions (a Magistrate's warrants, a Thieves' Den payment, a bribe…) sit on ``stack`` as small
tuples ``(kind, seat, *data)``; the top one is what the game waits for.
"""

from __future__ import annotations

from typing import Any

from donjon.engine import NOBODY, OWNER, ActionTable, Result, Secret, State, Zone, ranks_from_keys
from donjon.games.citadels.cards import (
    ABBOT,
    ALCHEMIST,
    ARCHITECT,
    ARMORY,
    ARTIST,
    ASSASSIN,
    BASILICA,
    BISHOP,
    BLACKMAILER,
    BUILD_LIMIT,
    CAPITOL,
    CARDINAL,
    CHAR_NAMES,
    CHAR_RANK,
    DEN,
    DIPLOMAT,
    DISTRICT_COST,
    DISTRICT_NAMES,
    DISTRICT_TYPE,
    DRAGON_GATE,
    EMPEROR,
    FACTORY,
    FRAMEWORK,
    GOLD_MINE,
    GREAT_WALL,
    HAUNTED,
    INCOME_CARDS,
    INCOME_TYPE,
    IVORY,
    KEEP,
    LABORATORY,
    LIBRARY,
    MAGICIAN,
    MAGISTRATE,
    MAP_ROOM,
    MARSHAL,
    MERCHANT,
    MONUMENT,
    MUSEUM,
    N_BASIC,
    NAVIGATOR,
    NECROPOLIS,
    OBSERVATORY,
    PARK,
    POOR_HOUSE,
    QUARRY,
    QUEEN,
    SCHOLAR,
    SCHOOL,
    SEER,
    SMITHY,
    SPY,
    STABLES,
    STATUE,
    TAX_COLLECTOR,
    THEATER,
    THIEF,
    TRADE,
    TRADER,
    TREASURY,
    TYPES,
    UNIQUE,
    VAULT,
    WARLORD,
    WELL,
    WITCH,
    WIZARD,
)
from donjon.games.citadels.cards import (
    BASIC_COPIES as _BASIC_COPIES,
)

# phases
DRAFT, CALL, TURN, END, OVER = range(5)
# turn modes (§2.3 Witch)
M_NORMAL, M_WITCH, M_BEWITCHED, M_RESUMED = range(4)
# draft step kinds (§3.2–§3.4)
D_KEEP, D_DISCARD, D_RANDOM = range(3)
# stack kinds
(S_KEEP, S_SCHOLAR, S_WARRANT, S_BLUFF, S_BRIBE, S_REVEAL, S_MAGIC, S_WIZTAKE, S_WIZBUILD,
 S_SEER, S_EMPEROR_TAKE, S_DIPLOMAT, S_DEN, S_CGIVE, S_CONFISCATE, S_THEATER, S_HEIR) = range(17)
# once-per-turn flags
U_INCOME, U_ABILITY, U_LAB, U_MUSEUM, U_SMITHY, U_ABBOT, U_TAX, U_CROWN, U_ARMORY = (
    1, 2, 4, 8, 16, 32, 64, 128, 256)

DN = DISTRICT_NAMES
CN = CHAR_NAMES


def _spell(kind: str, *a: Any) -> str:
    if kind == "pick":
        return f"pick {CN[a[0]]}"
    if kind == "fdiscard":
        return f"discard {CN[a[0]]} face down"
    if kind == "theater":
        return f"Theater: give {CN[a[0]]} to seat {a[1]}"
    if kind == "theater_pass":
        return "Theater: keep my character"
    if kind == "gold":
        return "take gold"
    if kind == "draw":
        return "draw cards"
    if kind == "keep":
        return f"keep {DN[a[0]]}"
    if kind == "income":
        g, c = a
        if g and c:
            return f"collect {g} gold and {c} cards"
        return f"collect {g} gold" if g else f"collect {c} cards"
    if kind == "kill":
        return f"kill {CN[a[0]]}"
    if kind == "bewitch":
        return f"bewitch {CN[a[0]]}"
    if kind == "sign":
        return f"signed warrant on {CN[a[0]]}"
    if kind == "warrant":
        return f"blank warrant on {CN[a[0]]}"
    if kind == "rob":
        return f"rob {CN[a[0]]}"
    if kind == "spy":
        return f"spy on seat {a[0]} for {TYPES[a[1]]}"
    if kind == "threat":
        return f"real threat on {CN[a[0]]}"
    if kind == "bluff":
        return f"blank threat on {CN[a[0]]}"
    if kind == "bribe":
        return f"pay bribe of {a[0]} gold"
    if kind == "refuse":
        return "refuse bribe"
    if kind == "reveal":
        return "reveal the threat"
    if kind == "noreveal":
        return "do not reveal the threat"
    if kind == "swap":
        return f"swap hands with seat {a[0]}"
    if kind == "magic":
        return "discard cards to draw as many"
    if kind == "mdiscard":
        return f"discard {DN[a[0]]}"
    if kind == "mdone":
        return "finish discarding"
    if kind == "look":
        return f"look at seat {a[0]}'s hand"
    if kind == "take":
        return f"take {DN[a[0]]}"
    if kind == "wizbuild":
        return f"build {DN[a[0]]} now"
    if kind == "wizkeep":
        return f"keep {DN[a[0]]} in hand"
    if kind == "seer":
        return "use the Seer"
    if kind == "give":
        return f"give {DN[a[0]]} to seat {a[1]}"
    if kind == "crown":
        return f"give the crown to seat {a[0]}"
    if kind == "empgold":
        return f"take 1 gold from seat {a[0]}"
    if kind == "empcard":
        return f"take a card from seat {a[0]}"
    if kind == "abbot":
        return f"take 1 gold from seat {a[0]}, the richest"
    if kind == "navgold":
        return "take 4 gold"
    if kind == "navcards":
        return "draw 4 cards"
    if kind == "scholar":
        return "use the Scholar"
    if kind == "destroy":
        return f"destroy {DN[a[1]]}{'*' if a[2] else ''} of seat {a[0]} for {a[3]} gold"
    if kind == "dtake":
        return f"exchange for {DN[a[1]]}{'*' if a[2] else ''} of seat {a[0]}"
    if kind == "dgive":
        return f"give {DN[a[0]]}{'*' if a[1] else ''} paying {a[2]} gold"
    if kind == "seize":
        return f"seize {DN[a[1]]}{'*' if a[2] else ''} of seat {a[0]} for {a[3]} gold"
    if kind == "beautify":
        return f"beautify {DN[a[0]]}"
    if kind == "taxes":
        return f"collect {a[0]} gold of taxes"
    if kind == "armory":
        return f"destroy the Armory to destroy {DN[a[1]]}{'*' if a[2] else ''} of seat {a[0]}"
    if kind == "lab":
        return f"discard {DN[a[0]]} for 2 gold (Laboratory)"
    if kind == "museum":
        return f"put {DN[a[0]]} under the Museum"
    if kind == "smithy":
        return "pay 2 gold for 3 cards (Smithy)"
    if kind == "build":
        return f"build {DN[a[0]]}"
    if kind == "buildfw":
        return f"build {DN[a[0]]} by destroying the Framework"
    if kind == "necro":
        return f"build Necropolis by destroying {DN[a[0]]}{'*' if a[1] else ''}"
    if kind == "den":
        return "build Thieves' Den paying with cards"
    if kind == "dencard":
        return f"pay with {DN[a[0]]}"
    if kind == "dengold":
        return f"pay the remaining {a[0]} gold"
    if kind == "borrow":
        return f"build {DN[a[0]]} taking {a[2]} gold from seat {a[1]}"
    if kind == "confiscate":
        return f"confiscate {DN[a[0]]}"
    if kind == "noconfiscate":
        return "do not confiscate"
    if kind == "end":
        return "end turn"
    raise ValueError(kind)


ACT = ActionTable(_spell)
A_GOLD, A_DRAW, A_END = ACT("gold"), ACT("draw"), ACT("end")
A_SMITHY, A_DEN = ACT("smithy"), ACT("den")
# interned actions by district / character, made once
_BUILD = tuple(ACT("build", d) for d in range(len(DN)))
_BUILDFW = tuple(ACT("buildfw", d) for d in range(len(DN)))
_LAB = tuple(ACT("lab", d) for d in range(len(DN)))
_MUSEUM = tuple(ACT("museum", d) for d in range(len(DN)))
_KEEP = tuple(ACT("keep", d) for d in range(len(DN)))
_PICK = tuple(ACT("pick", c) for c in range(len(CN)))
_FDISCARD = tuple(ACT("fdiscard", c) for c in range(len(CN)))
#: characters whose main ability is an action of the turn menu (§2.3)
_ACTIVE = frozenset({ASSASSIN, MAGISTRATE, THIEF, SPY, BLACKMAILER, MAGICIAN, WIZARD, SEER,
                     NAVIGATOR, SCHOLAR, WARLORD, DIPLOMAT, MARSHAL})


class CitadelsState(State):
    __slots__ = (
        # game-long
        "cast", "rank_char", "uniques", "threshold", "opt", "has_tax",
        "deck", "hands", "gold", "city", "beaut", "museum", "crown", "tax_pool",
        "first_done", "ending", "phase", "stack", "offer", "offer_seat", "known",
        # round
        "round", "chars", "played", "faceup", "facedown", "fd_seen", "draft_hand", "dsteps",
        "dstep", "killed", "bewitched", "witch_seat", "robbed", "thief_seat", "warrants",
        "signed", "warrant_shown", "mag_seat", "threats", "threat_state", "flowered", "bm_seat",
        "bishop_seat", "rank4_seat", "rank4_killed_seat", "queen_seat", "rev_rank", "call",
        "dseen", "swapped",
        # turn
        "cur", "cc", "holder", "mode", "gathered", "builds", "used", "paid", "warrant_open",
        "threat_here", "wiz_dup", "artist_left",
    )

    ZONES = (
        Zone("hands", OWNER), Zone("deck", NOBODY), Zone("museum", OWNER),
        Zone("chars", OWNER), Zone("facedown", NOBODY),
    )
    SECRETS = {
        "deal": (Secret(("cards",), "seat", "count"),),
        "draw": (Secret(("cards",), "seat", "count"),),
        "keep": (Secret(("card",), "seat"),),
        "pick": (Secret(("character",), "seat"),),
        "fdiscard": (Secret(("character",), "seat"),),
        "theater": (Secret(("gave", "took"), "seats"),),
        "spy": (Secret(("hand",), "seat", "count"),),
        "take": (Secret(("card",), "seats"),),
        "give": (Secret(("card",), "seats"),),
        "museum": (Secret(("card",), "seat"),),
        "magic": (Secret(("cards",), "seat", "count"),),
        "warrants": (Secret(("signed",), "seat"),),
        "threats": (Secret(("real",), "seat"),),
        "seer": (Secret(("cards",), "seat", "count"),),
        "swap": (Secret(("cards",), "seats", "count"),),
        "laboratory": (Secret(("card",), "seat"),),
        "den_card": (Secret(("card",), "seat"),),
    }

    # ------------------------------------------------------------------------------ setup

    @classmethod
    def setup(cls, game, players, seed, options) -> CitadelsState:
        from donjon.games.citadels.options import resolve_cast, resolve_uniques, rule_flags

        self = cls.__new__(cls)
        self._init_base(game, players, seed, options)
        rng = self.rng
        cast = resolve_cast(options, players, rng)
        self.cast = cast
        rc = [-1] * 10
        for c in cast:
            rc[CHAR_RANK[c]] = c
        self.rank_char = tuple(rc)
        self.uniques = resolve_uniques(options, rng)
        self.opt = rule_flags(options)
        self.has_tax = TAX_COLLECTOR in cast
        self.threshold = 8 if players <= 3 else 7  # §5
        deck = [d for d, n in enumerate(_BASIC_COPIES) for _ in range(n)] + list(self.uniques)
        rng.shuffle(deck)
        self.deck = deck
        self.hands = []
        for seat in range(players):  # §3.1: 4 cards and 2 gold each
            hand = [deck.pop() for _ in range(4)]
            self.hands.append(hand)
            self.emit("deal", seat=seat, cards=[DN[d] for d in hand])
        self.gold = [2] * players
        self.city = [[] for _ in range(players)]
        self.beaut = [[] for _ in range(players)]
        self.museum = [[] for _ in range(players)]
        self.crown = rng.randrange(players)
        self.emit("crown", seat=self.crown)
        self.tax_pool = 0
        self.first_done = -1
        self.ending = False
        self.stack = []
        self.offer = []
        self.offer_seat = -1
        # known[x][o]: the cards seat x knows to be in seat o's hand (Spy, Wizard, Magician,
        # Seer, Cardinal, Emperor); immutable tuples, replaced when they change
        self.known = tuple(tuple(() for _ in range(players)) for _ in range(players))
        self.round = 0
        self.chars = [[] for _ in range(players)]
        self.played = [[] for _ in range(players)]
        self._clear_turn()
        self._start_round()
        self._settle()
        return self

    def _copy(self) -> CitadelsState:
        o = CitadelsState.__new__(CitadelsState)
        o.cast = self.cast
        o.rank_char = self.rank_char
        o.uniques = self.uniques
        o.threshold = self.threshold
        o.opt = self.opt
        o.has_tax = self.has_tax
        o.deck = self.deck.copy()
        o.hands = [h.copy() for h in self.hands]
        o.gold = self.gold.copy()
        o.city = [c.copy() for c in self.city]
        o.beaut = [b.copy() for b in self.beaut]
        o.museum = [m.copy() for m in self.museum]
        o.crown = self.crown
        o.tax_pool = self.tax_pool
        o.first_done = self.first_done
        o.ending = self.ending
        o.phase = self.phase
        o.stack = self.stack.copy()
        o.offer = self.offer.copy()
        o.offer_seat = self.offer_seat
        o.known = self.known
        o.round = self.round
        o.chars = [c.copy() for c in self.chars]
        o.played = [p.copy() for p in self.played]
        o.faceup = self.faceup.copy()
        o.facedown = self.facedown.copy()
        o.fd_seen = self.fd_seen.copy()
        o.draft_hand = self.draft_hand.copy()
        o.dsteps = self.dsteps
        o.dstep = self.dstep
        o.killed = self.killed
        o.bewitched = self.bewitched
        o.witch_seat = self.witch_seat
        o.robbed = self.robbed
        o.thief_seat = self.thief_seat
        o.warrants = self.warrants.copy()
        o.signed = self.signed
        o.warrant_shown = self.warrant_shown
        o.mag_seat = self.mag_seat
        o.threats = self.threats.copy()
        o.threat_state = self.threat_state.copy()
        o.flowered = self.flowered
        o.bm_seat = self.bm_seat
        o.bishop_seat = self.bishop_seat
        o.rank4_seat = self.rank4_seat
        o.rank4_killed_seat = self.rank4_killed_seat
        o.queen_seat = self.queen_seat
        o.rev_rank = self.rev_rank.copy()
        o.call = self.call
        o.dseen = self.dseen.copy()
        o.swapped = self.swapped
        o.cur = self.cur
        o.cc = self.cc
        o.holder = self.holder
        o.mode = self.mode
        o.gathered = self.gathered
        o.builds = self.builds
        o.used = self.used
        o.paid = self.paid
        o.warrant_open = self.warrant_open
        o.threat_here = self.threat_here
        o.wiz_dup = self.wiz_dup
        o.artist_left = self.artist_left
        return o

    # ------------------------------------------------------------------------------ draft (§3)

    def _start_round(self) -> None:
        n = self.players
        rng = self.rng
        self.round += 1
        self.phase = DRAFT
        for c in self.chars:
            c.clear()
        for p in self.played:
            p.clear()
        self.killed = self.bewitched = self.robbed = self.signed = self.flowered = -1
        self.witch_seat = self.thief_seat = self.mag_seat = self.bm_seat = -1
        self.bishop_seat = self.rank4_seat = self.rank4_killed_seat = self.queen_seat = -1
        self.warrants = []
        self.warrant_shown = False
        self.threats = []
        self.threat_state = []
        self.rev_rank = [0] * n
        self.call = -1
        self.dseen = [0] * n  # characters each seat saw while drafting (its own knowledge)
        self.swapped = 0  # seats whose characters the Theater moved
        cards = list(self.cast)
        rng.shuffle(cards)
        faceup = []
        if n >= 4:  # §3.2 face-up discards, never a rank 4 (it is shuffled back)
            wanted = max(0, len(cards) - n - 2)
            aside = []
            while len(faceup) < wanted:
                c = cards.pop()
                if CHAR_RANK[c] == 4:
                    aside.append(c)
                else:
                    faceup.append(c)
            if aside:
                cards.extend(aside)
                rng.shuffle(cards)
        self.faceup = faceup
        crown = self.crown
        # the first drafter sees every card but the face-down one, so knows it
        self.facedown = [cards.pop()]
        self.fd_seen = [1 << crown]
        self.draft_hand = cards
        order = [(crown + i) % n for i in range(n)]
        if n == 2:  # §3.3
            a, b = order
            steps = ((a, D_KEEP), (b, D_KEEP), (b, D_DISCARD), (a, D_KEEP), (a, D_DISCARD),
                     (b, D_KEEP))
        elif n == 3:  # §3.4
            a, b, c = order
            steps = ((a, D_KEEP), (b, D_KEEP), (c, D_KEEP), (c, D_RANDOM), (a, D_KEEP),
                     (b, D_KEEP), (c, D_KEEP))
        else:
            steps = tuple((s, D_KEEP) for s in order)
        self.dsteps = steps
        self.dstep = 0
        self.emit("round", round=self.round, crown=crown, faceup=[CN[c] for c in faceup])
        self._draft_auto()

    def _draft_auto(self) -> None:
        """Run automatic draft steps; stop at a decision or when the draft is done."""
        steps = self.dsteps
        while self.dstep < len(steps):
            seat, kind = steps[self.dstep]
            hand = self.draft_hand
            if kind == D_RANDOM:
                self.facedown.append(hand.pop(self.rng.randrange(len(hand))))
                self.fd_seen.append(0)
                self.dstep += 1
                continue
            if kind == D_KEEP and self.dstep == len(steps) - 1 and len(hand) == 1 and self.players >= 4:
                # §3.2 last-player rule (7 players with 8 characters, 8 with 9)
                hand.append(self.facedown.pop(0))
                self.fd_seen.pop(0)
            mask = 0
            for c in hand:
                mask |= 1 << c
            self.dseen[seat] |= mask
            return
        # leftover cards go face down; the last drafter saw them
        last = steps[-1][0]
        for c in self.draft_hand:
            self.facedown.append(c)
            self.fd_seen.append(1 << last)
        self.draft_hand = []
        self.dstep = len(steps)
        owner = self._theater_owner()
        if owner >= 0:  # §3.6
            self.stack.append((S_THEATER, owner))
        self.phase = CALL

    def _theater_owner(self) -> int:
        for seat, city in enumerate(self.city):
            if THEATER in city:
                return seat
        return -1

    # ------------------------------------------------------------------------------ contract

    def to_move(self) -> list[int]:
        if self.stack:
            return [self.stack[-1][1]]
        ph = self.phase
        if ph == TURN:
            return [self.cur]
        if ph == DRAFT:
            return [self.dsteps[self.dstep][0]]
        return []

    def is_over(self) -> bool:
        return self.phase == OVER

    # ------------------------------------------------------------------------------ flow

    def _settle(self) -> None:
        """Advance through everything automatic until a decision is awaited or the game ends."""
        while not self.stack:
            ph = self.phase
            if ph == TURN:
                if not self.gathered:
                    return
                m = self.mode
                if m == M_NORMAL:
                    if self.threat_here >= 0:
                        self.stack.append((S_BRIBE, self.cur))
                        return
                    return
                if m == M_RESUMED:
                    return
                if m == M_BEWITCHED:  # §2.3 the bewitched turn ends after gathering
                    self.emit("turn_end", seat=self.cur)
                    self._resume_witch()
                    continue
                # M_WITCH: after gathering she must bewitch; once done, her turn is suspended
                if self.bewitched < 0:
                    return
                self.emit("suspend", seat=self.cur)
                self.phase = CALL
            elif ph == CALL:
                self._call_next()
            elif ph == END:
                self._end_round()
            else:
                return

    def _clear_turn(self) -> None:
        self.cur = self.cc = self.holder = -1
        self.mode = M_NORMAL
        self.gathered = True
        self.builds = 0
        self.used = 0
        self.paid = 0
        self.warrant_open = False
        self.threat_here = -1
        self.wiz_dup = False
        self.artist_left = 0

    def _call_next(self) -> None:
        """§4.1 the crowned player calls the next rank."""
        cast = self.cast
        while True:
            self.call += 1
            if self.call >= len(cast):
                self._clear_turn()
                self.phase = END
                return
            c = cast[self.call]
            holder = -1
            for seat, chars in enumerate(self.chars):
                if c in chars:
                    holder = seat
                    break
            if holder < 0:
                continue
            if c == self.killed:  # silent: not revealed, the whole turn is skipped
                continue
            self._reveal(holder, c)
            return

    def _reveal(self, seat: int, c: int) -> None:
        """§4.2 a called character is revealed and its turn starts."""
        self.chars[seat].remove(c)
        self.played[seat].append(c)
        rank = CHAR_RANK[c]
        if rank > self.rev_rank[seat]:
            self.rev_rank[seat] = rank
        self.emit("reveal", seat=seat, character=CN[c])
        self.phase = TURN
        self.holder = seat
        if c == self.robbed and self.thief_seat >= 0:  # §2.3 Thief: take all gold at reveal
            amount = self.gold[seat]
            if self.thief_seat != seat and amount:
                self.gold[seat] = 0
                self.gold[self.thief_seat] += amount
            self.emit("robbed", seat=seat, thief=self.thief_seat, gold=amount)
        if rank == 4:
            self.rank4_seat = seat
            if c != EMPEROR and self.crown != seat:  # King / Patrician take the crown (even bewitched)
                self.crown = seat
                self.emit("crown", seat=seat)
        self._clear_turn()
        self.holder = seat
        self.cur = seat
        self.cc = c
        self.gathered = False
        if c == self.bewitched:
            self.mode = M_BEWITCHED
            return
        if c == WITCH:
            self.mode = M_WITCH
            return
        self.mode = M_NORMAL
        for k, t in enumerate(self.threats):
            if t == c and self.threat_state[k] == 0 and self.bm_seat != seat:
                self.threat_here = k
        self._begin_powers()

    def _begin_powers(self) -> None:
        """Start of the character's own play (for a threatened one: after the threat)."""
        c = self.cc
        self.builds = BUILD_LIMIT[c]
        self.used = 0
        self.paid = 0
        self.artist_left = 2 if c == ARTIST else 0
        self.wiz_dup = False
        self.warrant_open = c == self.signed and self.mag_seat >= 0 and not self.warrant_shown
        if self.threat_here >= 0:
            return  # resolved after gathering; automatic extras wait for it
        self._auto_extras()

    def _auto_extras(self) -> None:
        c = self.cc
        seat = self.cur
        if c == MERCHANT:  # +1 gold (seed 003: at the start of her turn)
            self.gold[seat] += 1
            self.emit("merchant", seat=seat)
        elif c == ARCHITECT:  # +2 cards
            self._draw_to_hand(seat, 2)
        elif c == BISHOP:
            self.bishop_seat = seat
        elif c == QUEEN:
            self.queen_seat = seat
            r4 = self.rank4_seat
            n = self.players
            if r4 >= 0 and r4 != seat and (r4 == (seat + 1) % n or r4 == (seat - 1) % n):
                self.gold[seat] += 3
                self.emit("queen", seat=seat, gold=3)

    def _resume_witch(self) -> None:
        """§2.3 the Witch resumes her turn as the bewitched character."""
        c = self.cc
        self._clear_turn()
        self.phase = TURN
        self.cur = self.witch_seat
        self.holder = self.witch_seat
        self.cc = c
        self.mode = M_RESUMED
        self.gathered = True
        self.emit("resume", seat=self.cur, character=CN[c])
        self._begin_powers()

    def _end_turn(self, effects: bool) -> None:
        """§4.5 end-of-turn effects (Poor House, Alchemist, Park), then the next call."""
        seat = self.cur
        if effects:
            city = self.city[seat]
            if self.gold[seat] == 0 and POOR_HOUSE in city:
                self.gold[seat] += 1
                self.emit("poor_house", seat=seat)
            if self.cc == ALCHEMIST and self.paid:
                self.gold[seat] += self.paid
                self.emit("alchemist", seat=seat, gold=self.paid)
            if not self.hands[seat] and PARK in city:
                self._draw_to_hand(seat, 2)
                self.emit("park", seat=seat)
        self.emit("turn_end", seat=seat)
        self._clear_turn()
        self.phase = CALL

    def _end_round(self) -> None:
        """§4.6 end of round: the killed rank 4 heir, then the end or a new selection."""
        killed = self.killed
        if killed >= 0 and CHAR_RANK[killed] == 4 and self.rank4_killed_seat < 0:
            for seat, chars in enumerate(self.chars):
                if killed in chars:
                    self.rank4_killed_seat = seat
                    self.chars[seat].remove(killed)  # §4.6 revealed at the end of the round
                    self.played[seat].append(killed)
                    self.emit("heir", seat=seat, character=CN[killed])
                    if self.opt["heir_counts_for_tiebreak"] and self.rev_rank[seat] < 4:
                        self.rev_rank[seat] = 4
                    if killed == EMPEROR:
                        if self._crown_targets(seat):
                            self.stack.append((S_HEIR, seat))
                            return
                    elif self.crown != seat:
                        self.crown = seat
                        self.emit("crown", seat=seat)
                    self._heir_queen(seat)
                    break
        if self.ending and self.opt["end_trigger"] == "recheck":
            # §5 edge case (b): only end if a city is still complete now
            self.ending = any(self.size(s) >= self.threshold for s in range(self.players))
        if self.ending:
            self.phase = OVER
            self.emit("game_over")
            return
        self._start_round()

    def _heir_queen(self, seat: int) -> None:
        q = self.queen_seat
        n = self.players
        if q >= 0 and q != seat and (seat == (q + 1) % n or seat == (q - 1) % n):
            self.gold[q] += 3
            self.emit("queen", seat=q, gold=3)

    def _crown_targets(self, seat: int) -> list[int]:
        return [s for s in range(self.players) if s != seat and s != self.crown]

    # ------------------------------------------------------------------------------ helpers

    def _draw(self, n: int) -> list[int]:
        deck = self.deck
        if n >= len(deck):
            out = deck[::-1]
            deck.clear()
            return out
        out = deck[-n:]
        del deck[-n:]
        out.reverse()
        return out

    def _draw_to_hand(self, seat: int, n: int) -> None:
        cards = self._draw(n)
        self.hands[seat].extend(cards)
        self.emit("draw", seat=seat, cards=[DN[d] for d in cards])

    def _bottom(self, cards) -> None:
        self.deck[0:0] = cards

    # -- what seats know of other hands (§4.7 partial information)

    def _know(self, x: int, o: int, cards) -> None:
        row = list(self.known[x])
        row[o] = tuple(cards)
        known = list(self.known)
        known[x] = tuple(row)
        self.known = tuple(known)

    def _card_left(self, o: int, d: int, seen_by: tuple[int, ...] | None) -> None:
        """Card ``d`` left seat ``o``'s hand; ``seen_by`` saw which (None: everybody)."""
        known = self.known
        for x in range(self.players):
            cards = known[x][o]
            if not cards or x == o:
                continue
            if seen_by is None or x in seen_by:
                if d in cards:
                    rest = list(cards)
                    rest.remove(d)
                    self._know(x, o, rest)
            else:
                self._know(x, o, ())  # one of the cards it knew may be gone

    def _card_joined(self, o: int, d: int, seen_by: tuple[int, ...]) -> None:
        for x in seen_by:
            if x != o:
                self._know(x, o, self.known[x][o] + (d,))

    def size(self, seat: int) -> int:
        """Districts toward a completed city (the Monument counts twice, §1.4)."""
        city = self.city[seat]
        return len(city) + city.count(MONUMENT)

    def complete(self, seat: int) -> bool:
        return self.size(seat) >= self.threshold

    def _cost(self, seat: int, d: int) -> int:
        """What ``seat`` pays to build ``d`` (Factory: 1 less for other uniques)."""
        cost = DISTRICT_COST[d]
        if DISTRICT_TYPE[d] == UNIQUE and d != FACTORY and FACTORY in self.city[seat]:
            cost -= 1
        return cost

    def _monument_room(self, seat: int) -> bool:
        """§1.4 Monument: not buildable with 5 or more districts (real cards by default;
        option monument_counts_districts counts a first Monument twice)."""
        count = self.size(seat) if self.opt["monument_counts_districts"] else len(self.city[seat])
        return count < 5

    def _rank8_targets(self, seat: int, kind: int):
        """(target seat, position) pairs the rank-8 character may touch (§2.3 rank 8)."""
        out = []
        protected = self.bishop_seat
        for t in range(self.players):
            if t == protected or self.complete(t):
                continue
            if kind != WARLORD and t == seat:
                continue
            city = self.city[t]
            for pos, d in enumerate(city):
                if d == KEEP:
                    continue
                out.append((t, pos))
        return out

    def _wall(self, t: int, d: int) -> int:
        city = self.city[t]
        if GREAT_WALL in city and (d != GREAT_WALL or self.opt["great_wall_protects_itself"]):
            return 1
        return 0

    def _remove_from_city(self, seat: int, pos: int, *, to_deck: bool) -> tuple[int, int]:
        d = self.city[seat].pop(pos)
        b = self.beaut[seat].pop(pos)
        if to_deck:
            self.deck.insert(0, d)
            if d == MUSEUM and self.museum[seat]:
                self._bottom(self.museum[seat])
                self.museum[seat] = []
        return d, b

    def _add_to_city(self, seat: int, d: int, b: int = 0) -> None:
        self.city[seat].append(d)
        self.beaut[seat].append(b)
        if self.first_done < 0 and self.size(seat) >= self.threshold:
            self.first_done = seat
            self.ending = True
            self.emit("complete", seat=seat, first=True)

    def _pos(self, seat: int, d: int, b: int) -> int:
        city = self.city[seat]
        beaut = self.beaut[seat]
        for pos, x in enumerate(city):
            if x == d and beaut[pos] == b:
                return pos
        raise ValueError("no such district")  # pragma: no cover - legal actions guarantee it

    # ------------------------------------------------------------------------------ legal actions

    def _legal_actions(self, seat: int) -> list:
        stack = self.stack
        if stack:
            return self._stack_legal(stack[-1])
        if self.phase == DRAFT:
            _, kind = self.dsteps[self.dstep]
            table = _PICK if kind == D_KEEP else _FDISCARD
            return [table[c] for c in sorted(self.draft_hand)]
        return self._menu()

    def _eligible(self, lowest_rank: int) -> tuple[int, ...]:
        """Characters of the cast that may be named (rank ≥ ``lowest_rank``)."""
        key = (self.cast, lowest_rank)
        found = _ELIGIBLE.get(key)
        if found is None:
            found = _ELIGIBLE[key] = tuple(x for x in self.cast if CHAR_RANK[x] >= lowest_rank)
        if self.opt["name_faceup_characters"]:
            return found
        return tuple(x for x in found if x not in self.faceup)

    def _menu(self) -> list:
        seat = self.cur
        c = self.cc
        mode = self.mode
        gathered = self.gathered
        if not gathered:
            if mode != M_NORMAL or self.threat_here >= 0:
                return [A_GOLD, A_DRAW]
            acts = [A_GOLD, A_DRAW]
        elif mode == M_WITCH:
            return [ACT("bewitch", x) for x in self._eligible(2)]
        else:
            acts = []
        gold = self.gold
        mine = gold[seat]
        hand = self.hands[seat]
        city = self.city[seat]
        used = self.used
        n = self.players
        uniques = [d for d in city if d >= N_BASIC]
        # income (§2.2): once, all at once, any time
        t = INCOME_TYPE[c]
        if t >= 0 and not used & U_INCOME:
            k = 1 if SCHOOL in uniques else 0
            for d in city:
                if DISTRICT_TYPE[d] == t:
                    k += 1
            if k:
                if c == ABBOT:
                    acts.extend(ACT("income", g, k - g) for g in range(k + 1))
                elif c in INCOME_CARDS:
                    acts.append(ACT("income", 0, k))
                else:
                    acts.append(ACT("income", k, 0))
        if not used & U_ABILITY and c in _ACTIVE:
            self._ability_actions(acts, seat, c, mine, hand, city)
        if c >= EMPEROR:
            if c == EMPEROR and not used & U_CROWN:
                acts.extend(ACT("crown", s) for s in self._crown_targets(seat))
            elif c == ABBOT and not used & U_ABBOT:
                richest = max(gold)
                if mine < richest:
                    acts.extend(ACT("abbot", s) for s in range(n) if gold[s] == richest)
            elif c == ARTIST and self.artist_left and mine:
                beaut = self.beaut[seat]
                acts.extend(ACT("beautify", d)
                            for d in sorted({d for i, d in enumerate(city) if not beaut[i]}))
            elif c == TAX_COLLECTOR and self.tax_pool and not used & U_TAX:
                acts.append(ACT("taxes", self.tax_pool))
        distinct = sorted(set(hand)) if hand else ()
        if uniques:  # once-per-turn uniques
            if ARMORY in uniques and not used & U_ARMORY:
                keep_ok = self.opt["armory_can_destroy_keep"]
                targets = set()
                for s in range(n):
                    if self.complete(s):
                        continue
                    b = self.beaut[s]
                    for i, d in enumerate(self.city[s]):
                        if (d == ARMORY and s == seat) or (d == KEEP and not keep_ok):
                            continue
                        targets.add((s, d, b[i]))
                acts.extend(ACT("armory", *x) for x in sorted(targets))
            if distinct:
                if LABORATORY in uniques and not used & U_LAB:
                    acts.extend(_LAB[d] for d in distinct)
                if MUSEUM in uniques and not used & U_MUSEUM:
                    acts.extend(_MUSEUM[d] for d in distinct)
            if SMITHY in uniques and not used & U_SMITHY and mine >= 2:
                acts.append(A_SMITHY)
        # building (§4.4)
        if gathered and c != NAVIGATOR and distinct:
            builds = self.builds
            dup_ok = self.wiz_dup or QUARRY in uniques
            factory = FACTORY in uniques
            framework = FRAMEWORK in uniques
            trader = c == TRADER
            small = self._monument_room(seat)
            for d in distinct:
                if d >= N_BASIC:
                    if d == VAULT or (d == MONUMENT and not small):
                        continue
                    cost = DISTRICT_COST[d] - (1 if factory and d != FACTORY else 0)
                else:
                    cost = DISTRICT_COST[d]
                if not dup_ok and d in city:
                    continue
                if builds <= 0 and d != STABLES and not (trader and DISTRICT_TYPE[d] == TRADE):
                    continue
                if mine >= cost:
                    acts.append(_BUILD[d])
                elif c == CARDINAL:
                    missing = cost - mine
                    if len(hand) - 1 >= missing:
                        acts.extend(ACT("borrow", d, s, missing) for s in range(n)
                                    if s != seat and gold[s] >= missing)
                if framework and d != FRAMEWORK:
                    acts.append(_BUILDFW[d])
                if d == NECROPOLIS:
                    b = self.beaut[seat]
                    acts.extend(ACT("necro", *x)
                                for x in sorted({(x, b[i]) for i, x in enumerate(city)}))
                elif d == DEN and len(hand) >= 2 and mine + len(hand) - 1 >= cost:
                    acts.append(A_DEN)
        if gathered and not (c == EMPEROR and not used & U_CROWN and self._crown_targets(seat)):
            acts.append(A_END)
        return acts

    def _ability_actions(self, acts, seat, c, mine, hand, city) -> None:
        n = self.players
        if c == ASSASSIN:
            acts.extend(ACT("kill", x) for x in self._eligible(2))
        elif c == MAGISTRATE:
            low = 1 if self.opt["warrant_on_rank1"] else 2
            acts.extend(ACT("sign", x) for x in self._eligible(low) if x != MAGISTRATE)
        elif c == THIEF:
            acts.extend(ACT("rob", x) for x in self._eligible(3)
                        if x != self.killed and x != self.bewitched)
        elif c == SPY:
            acts.extend(ACT("spy", s, t) for s in range(n) if s != seat for t in range(5))
        elif c == BLACKMAILER:
            acts.extend(ACT("threat", x) for x in self._eligible(3)
                        if x != self.killed and x != self.bewitched)
        elif c == MAGICIAN:
            acts.extend(ACT("swap", s) for s in range(n) if s != seat)
            if hand:
                acts.append(ACT("magic"))
        elif c == WIZARD:
            acts.extend(ACT("look", s) for s in range(n) if s != seat and self.hands[s])
        elif c == SEER:
            if any(self.hands[s] for s in range(n) if s != seat):
                acts.append(ACT("seer"))
        elif c == NAVIGATOR:
            acts.append(ACT("navgold"))
            acts.append(ACT("navcards"))
        elif c == SCHOLAR:
            if self.deck:
                acts.append(ACT("scholar"))
        elif c == WARLORD:
            found = set()
            gold_wall = self._wall
            cities, beauts = self.city, self.beaut
            for t, pos in self._rank8_targets(seat, WARLORD):
                d = cities[t][pos]
                b = beauts[t][pos]
                cost = DISTRICT_COST[d] + b - 1
                if d >= N_BASIC or GREAT_WALL in cities[t]:
                    cost += gold_wall(t, d)
                if cost <= mine:
                    found.add((t, d, b, cost if cost > 0 else 0))
            acts.extend(ACT("destroy", *x) for x in sorted(found))
        elif c == DIPLOMAT:
            found = set()
            for t, pos in self._rank8_targets(seat, DIPLOMAT):
                d = self.city[t][pos]
                b = self.beaut[t][pos]
                if d in city or (t, d, b) in found:
                    continue
                if self._diplomat_gives(seat, t, d, b):
                    found.add((t, d, b))
            acts.extend(ACT("dtake", *x) for x in sorted(found))
        elif c == MARSHAL:
            found = set()
            to_owner = self._wall
            for t, pos in self._rank8_targets(seat, MARSHAL):
                d = self.city[t][pos]
                b = self.beaut[t][pos]
                value = DISTRICT_COST[d] + b
                if value > 3 or d in city:
                    continue
                pay = value + to_owner(t, d)
                if pay <= mine:
                    found.add((t, d, b, pay))
            acts.extend(ACT("seize", *x) for x in sorted(found))

    def _diplomat_gives(self, seat: int, t: int, d: int, b: int) -> list[tuple[int, int, int]]:
        """(district, beautified, price) the Diplomat may give for ``d`` of seat ``t``."""
        out = set()
        theirs = self.city[t]
        keep_ok = self.opt["diplomat_can_give_keep"]
        literal = self.opt["diplomat_great_wall"] == "literal"
        wall = self._wall(t, d)
        value = DISTRICT_COST[d] + b
        mine = self.gold[seat]
        mb = self.beaut[seat]
        for i, m in enumerate(self.city[seat]):
            if m in theirs or (m == KEEP and not keep_ok):
                continue
            diff = value - DISTRICT_COST[m] - mb[i]
            pay = (max(0, diff) + wall) if literal else max(0, diff + wall)
            if pay <= mine:
                out.add((m, mb[i], pay))
        return sorted(out)

    def _stack_legal(self, top: tuple) -> list:
        kind = top[0]
        seat = top[1]
        if kind in (S_KEEP, S_SCHOLAR):
            return [_KEEP[d] for d in sorted(set(self.offer))]
        if kind == S_BRIBE:
            return [ACT("bribe", self.gold[seat] // 2), ACT("refuse")]
        if kind == S_REVEAL:
            return [ACT("reveal"), ACT("noreveal")]
        if kind == S_WARRANT:
            low = 1 if self.opt["warrant_on_rank1"] else 2
            return [ACT("warrant", x) for x in self._eligible(low)
                    if x != MAGISTRATE and x not in self.warrants]
        if kind == S_BLUFF:
            return [ACT("bluff", x) for x in self._eligible(3)
                    if x != self.killed and x != self.bewitched and x not in self.threats]
        if kind == S_MAGIC:
            return [ACT("mdiscard", d) for d in sorted(set(self.hands[seat]))] + [ACT("mdone")]
        if kind == S_WIZTAKE:
            return [ACT("take", d) for d in sorted(set(self.hands[top[2]]))]
        if kind == S_WIZBUILD:
            d = top[2]
            acts = []
            if ((self.gathered or self.opt["wizard_build_before_gather"]) and d != VAULT
                    and self.gold[seat] >= self._cost(seat, d)
                    and (d != MONUMENT or self._monument_room(seat))):
                acts.append(ACT("wizbuild", d))
            acts.append(ACT("wizkeep", d))
            return acts
        if kind in (S_SEER, S_CGIVE):
            target = top[2][0] if kind == S_SEER else top[2]
            return [ACT("give", d, target) for d in sorted(set(self.hands[seat]))]
        if kind == S_EMPEROR_TAKE:
            t = top[2]
            acts = []
            if self.gold[t]:
                acts.append(ACT("empgold", t))
            if self.hands[t]:
                acts.append(ACT("empcard", t))
            return acts
        if kind == S_DIPLOMAT:
            _, _, t, d, b = top
            return [ACT("dgive", *x) for x in self._diplomat_gives(seat, t, d, b)]
        if kind == S_DEN:
            remaining = top[2]
            acts = [ACT("dencard", d) for d in sorted(set(self.hands[seat]))]
            if self.gold[seat] >= remaining:
                acts.append(ACT("dengold", remaining))
            return acts
        if kind == S_CONFISCATE:
            return [ACT("confiscate", top[3]), ACT("noconfiscate")]
        if kind == S_THEATER:
            acts = [ACT("theater", c, s) for c in sorted(self.chars[seat])
                    for s in range(self.players) if s != seat and self.chars[s]]
            acts.append(ACT("theater_pass"))
            return acts
        if kind == S_HEIR:
            return [ACT("crown", s) for s in self._crown_targets(seat)]
        raise AssertionError(kind)  # pragma: no cover

    # ------------------------------------------------------------------------------ apply

    def _apply(self, seat: int, action) -> None:
        kind = action.kind
        a = action.args
        stack = self.stack
        top = stack.pop() if stack else None
        if top is not None:
            self._apply_stack(seat, top, kind, a)
        elif self.phase == DRAFT:
            self._apply_draft(seat, kind, a[0])
        else:
            _HANDLERS[kind](self, seat, *a)
        self._settle()

    def _apply_draft(self, seat: int, kind: str, c: int) -> None:
        self.draft_hand.remove(c)
        if kind == "pick":
            self.chars[seat].append(c)
            self.emit("pick", seat=seat, character=CN[c])
        else:
            self.facedown.append(c)
            self.fd_seen.append(1 << seat)
            self.emit("fdiscard", seat=seat, character=CN[c])
        self.dstep += 1
        self._draft_auto()

    # -- gathering (§4.3)

    def _gold(self, seat: int) -> None:
        amount = 3 if GOLD_MINE in self.city[seat] else 2
        self.gold[seat] += amount
        self.gathered = True
        self.emit("gather_gold", seat=seat, gold=amount)

    def _drawcards(self, seat: int) -> None:
        city = self.city[seat]
        cards = self._draw(3 if OBSERVATORY in city else 2)
        self.gathered = True
        self.emit("gather_cards", seat=seat, count=len(cards))
        if LIBRARY in city or len(cards) <= 1:
            self.hands[seat].extend(cards)
            self.emit("draw", seat=seat, cards=[DN[d] for d in cards])
            return
        self.offer = cards
        self.offer_seat = seat
        self.stack.append((S_KEEP, seat))

    def _keep(self, seat: int, d: int, scholar: bool) -> None:
        offer = self.offer
        offer.remove(d)
        self.hands[seat].append(d)
        self.emit("keep", seat=seat, card=DN[d])
        if scholar:  # §2.3 Scholar: the others go back and the deck is shuffled
            self.deck.extend(offer)
            self.rng.shuffle(self.deck)
        else:
            self._bottom(offer)
        self.offer = []
        self.offer_seat = -1

    def _income(self, seat: int, g: int, k: int) -> None:
        self.used |= U_INCOME
        self.gold[seat] += g
        self.emit("income", seat=seat, gold=g, cards=k)
        if k:
            self._draw_to_hand(seat, k)

    # -- character abilities (§2.3)

    def _kill(self, seat: int, x: int) -> None:
        self.used |= U_ABILITY
        self.killed = x
        self.emit("kill", seat=seat, character=CN[x])

    def _bewitch(self, seat: int, x: int) -> None:
        self.used |= U_ABILITY
        self.bewitched = x
        self.witch_seat = seat
        self.emit("bewitch", seat=seat, character=CN[x])

    def _sign(self, seat: int, x: int) -> None:
        self.used |= U_ABILITY
        self.warrants = [x]
        self.signed = x
        self.mag_seat = seat
        self.warrant_shown = False
        self.stack.append((S_WARRANT, seat))

    def _rob(self, seat: int, x: int) -> None:
        self.used |= U_ABILITY
        self.robbed = x
        self.thief_seat = seat
        self.emit("rob", seat=seat, character=CN[x])

    def _spy(self, seat: int, t: int, typ: int) -> None:
        self.used |= U_ABILITY
        hand = self.hands[t]
        self._know(seat, t, hand)
        matches = sum(1 for d in hand if DISTRICT_TYPE[d] == typ)
        taken = min(matches, self.gold[t])
        self.gold[t] -= taken
        self.gold[seat] += taken
        self.emit("spy", seat=seat, target=t, type=TYPES[typ], hand=[DN[d] for d in hand],
                  matches=matches, gold=taken)
        if matches:
            self._draw_to_hand(seat, matches)

    def _threat(self, seat: int, x: int) -> None:
        self.used |= U_ABILITY
        self.threats = [x]
        self.threat_state = [0]
        self.flowered = x
        self.bm_seat = seat
        self.stack.append((S_BLUFF, seat))

    def _swap(self, seat: int, t: int) -> None:
        self.used |= U_ABILITY
        hands = self.hands
        hands[seat], hands[t] = hands[t], hands[seat]
        rows = [list(row) for row in self.known]
        for x in range(self.players):
            rows[x][seat], rows[x][t] = rows[x][t], rows[x][seat]
        rows[seat][t] = tuple(hands[t])  # each knows the hand it gave away
        rows[t][seat] = tuple(hands[seat])
        rows[seat][seat] = rows[t][t] = ()
        self.known = tuple(tuple(row) for row in rows)
        self.emit("swap", seat=seat, target=t, seats=[seat, t], cards=[DN[d] for d in hands[seat]])

    def _magic(self, seat: int) -> None:
        self.used |= U_ABILITY
        self.stack.append((S_MAGIC, seat, 0))

    def _look(self, seat: int, t: int) -> None:
        self.used |= U_ABILITY
        self.wiz_dup = True  # §2.3 Wizard: duplicates allowed this turn
        self.emit("look", seat=seat, target=t)
        self._know(seat, t, self.hands[t])
        self.stack.append((S_WIZTAKE, seat, t))

    def _seer(self, seat: int) -> None:
        self.used |= U_ABILITY
        n = self.players
        targets = []
        taken = []
        for i in range(1, n):
            t = (seat + i) % n
            hand = self.hands[t]
            if hand:
                d = hand.pop(self.rng.randrange(len(hand)))
                self.hands[seat].append(d)
                self._card_left(t, d, (seat, t))
                self._card_joined(seat, d, (seat, t))
                targets.append(t)
                taken.append(DN[d])
        self.emit("seer", seat=seat, targets=targets, cards=taken)
        self.stack.append((S_SEER, seat, tuple(targets)))

    def _crown_emperor(self, seat: int, t: int) -> None:
        self.used |= U_CROWN
        self.crown = t
        self.emit("crown", seat=t, by=seat)
        if self.gold[t] or self.hands[t]:
            self.stack.append((S_EMPEROR_TAKE, seat, t))

    def _abbot(self, seat: int, t: int) -> None:
        self.used |= U_ABBOT
        self.gold[t] -= 1
        self.gold[seat] += 1
        self.emit("abbot", seat=seat, target=t)

    def _navgold(self, seat: int) -> None:
        self.used |= U_ABILITY
        self.gold[seat] += 4
        self.emit("navigator", seat=seat, gold=4)

    def _navcards(self, seat: int) -> None:
        self.used |= U_ABILITY
        self._draw_to_hand(seat, 4)

    def _scholar(self, seat: int) -> None:
        self.used |= U_ABILITY
        cards = self._draw(7)
        self.emit("scholar", seat=seat, count=len(cards))
        if len(cards) == 1:
            self.hands[seat].extend(cards)
            return
        self.offer = cards
        self.offer_seat = seat
        self.stack.append((S_SCHOLAR, seat))

    def _destroy(self, seat: int, t: int, d: int, b: int, cost: int) -> None:
        self.used |= U_ABILITY
        self.gold[seat] -= cost
        self._remove_from_city(t, self._pos(t, d, b), to_deck=True)
        self.emit("destroy", seat=seat, target=t, district=DN[d], gold=cost)

    def _dtake(self, seat: int, t: int, d: int, b: int) -> None:
        self.stack.append((S_DIPLOMAT, seat, t, d, b))

    def _move_district(self, src: int, pos: int, dst: int) -> None:
        d, b = self._remove_from_city(src, pos, to_deck=False)
        if d == MUSEUM:  # §6 the Museum's cards move with it
            self.museum[dst].extend(self.museum[src])
            self.museum[src] = []
        self._add_to_city(dst, d, b)

    def _seize(self, seat: int, t: int, d: int, b: int, pay: int) -> None:
        self.used |= U_ABILITY
        self.gold[seat] -= pay
        value = DISTRICT_COST[d] + b
        self.gold[t] += pay if self.opt["marshal_great_wall_to"] == "owner" else value
        self._move_district(t, self._pos(t, d, b), seat)
        self.emit("seize", seat=seat, target=t, district=DN[d], gold=pay)

    def _beautify(self, seat: int, d: int) -> None:
        self.artist_left -= 1
        self.gold[seat] -= 1
        beaut = self.beaut[seat]
        for i, x in enumerate(self.city[seat]):
            if x == d and not beaut[i]:
                beaut[i] = 1
                break
        self.emit("beautify", seat=seat, district=DN[d])

    def _taxes(self, seat: int, amount: int) -> None:
        self.used |= U_TAX
        self.gold[seat] += self.tax_pool
        self.emit("taxes", seat=seat, gold=self.tax_pool)
        self.tax_pool = 0

    # -- unique districts (§1.4)

    def _armory(self, seat: int, t: int, d: int, b: int) -> None:
        self.used |= U_ARMORY
        self._remove_from_city(t, self._pos(t, d, b), to_deck=True)
        self._remove_from_city(seat, self.city[seat].index(ARMORY), to_deck=True)
        self.emit("armory", seat=seat, target=t, district=DN[d])

    def _lab(self, seat: int, d: int) -> None:
        self.used |= U_LAB
        self.hands[seat].remove(d)
        self._card_left(seat, d, (seat,))
        self.deck.insert(0, d)
        self.gold[seat] += 2
        self.emit("laboratory", seat=seat, card=DN[d])

    def _museum(self, seat: int, d: int) -> None:
        self.used |= U_MUSEUM
        self.hands[seat].remove(d)
        self._card_left(seat, d, (seat,))
        self.museum[seat].append(d)
        self.emit("museum", seat=seat, card=DN[d])

    def _smithy(self, seat: int) -> None:
        self.used |= U_SMITHY
        self.gold[seat] -= 2
        self._draw_to_hand(seat, 3)

    # -- building (§4.4)

    def _use_build(self, seat: int, d: int) -> None:
        if d == STABLES or (self.cc == TRADER and DISTRICT_TYPE[d] == TRADE):
            return
        self.builds -= 1

    def _build(self, seat: int, d: int) -> None:
        cost = self._cost(seat, d)
        self.hands[seat].remove(d)
        self._card_left(seat, d, None)
        self.gold[seat] -= cost
        self._use_build(seat, d)
        self._complete_build(seat, d, cost, free=False)

    def _buildfw(self, seat: int, d: int) -> None:
        self._remove_from_city(seat, self.city[seat].index(FRAMEWORK), to_deck=True)
        self.hands[seat].remove(d)
        self._card_left(seat, d, None)
        self._use_build(seat, d)
        self._complete_build(seat, d, 0, free=True)

    def _necro(self, seat: int, m: int, b: int) -> None:
        self._remove_from_city(seat, self._pos(seat, m, b), to_deck=True)
        self.hands[seat].remove(NECROPOLIS)
        self._card_left(seat, NECROPOLIS, None)
        self._use_build(seat, NECROPOLIS)
        self._complete_build(seat, NECROPOLIS, 0, free=True)

    def _den(self, seat: int) -> None:
        self.hands[seat].remove(DEN)  # set aside while it is being paid for
        self._card_left(seat, DEN, None)
        self.stack.append((S_DEN, seat, self._cost(seat, DEN)))

    def _borrow(self, seat: int, d: int, t: int, missing: int) -> None:
        self.gold[t] -= missing
        self.gold[seat] += missing
        self.emit("cardinal", seat=seat, target=t, gold=missing)
        self.stack.append((S_CGIVE, seat, t, missing))
        self._build(seat, d)

    def _complete_build(self, seat: int, d: int, paid: int, free: bool) -> None:
        self.emit("build", seat=seat, district=DN[d], gold=paid)
        if not free and self.warrant_open:  # §2.3 Magistrate: the first paid build
            self.warrant_open = False
            mag = self.mag_seat
            if mag != seat and d not in self.city[mag]:
                self.stack.append((S_CONFISCATE, mag, seat, d, paid))
                return
        self._place(seat, d, paid)

    def _place(self, seat: int, d: int, paid: int) -> None:
        self._add_to_city(seat, d)
        if seat == self.cur:
            self.paid += paid
        self._tax(seat)

    def _tax(self, payer: int) -> None:
        """§2.3 Tax Collector: 1 gold per district built, unless playing the Tax Collector."""
        if not self.has_tax:
            return
        if payer == self.cur and self.cc == TAX_COLLECTOR and (
                self.mode != M_RESUMED or self.opt["witch_exempt_as_tax_collector"]):
            return
        if self.gold[payer]:
            self.gold[payer] -= 1
            self.tax_pool += 1
            self.emit("tax", seat=payer)

    def _end(self, seat: int) -> None:
        self._end_turn(True)

    # -- decisions on the stack

    def _apply_stack(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        sk = top[0]
        if sk in (S_KEEP, S_SCHOLAR):
            self._keep(seat, a[0], sk == S_SCHOLAR)
        elif sk == S_WARRANT:
            self.warrants.append(a[0])
            if len(self.warrants) < 3 and len(self._stack_legal((S_WARRANT, seat))) > 1:
                self.stack.append((S_WARRANT, seat))
            else:
                self.emit("warrants", seat=seat, characters=[CN[x] for x in self.warrants],
                          signed=CN[self.signed])
        elif sk == S_BLUFF:
            self.threats.append(a[0])
            self.threat_state.append(0)
            self.emit("threats", seat=seat, characters=[CN[x] for x in self.threats],
                      real=CN[self.flowered])
        elif sk == S_BRIBE:
            k = self.threat_here
            if kind == "bribe":
                amount = a[0]
                self.gold[seat] -= amount
                self.gold[self.bm_seat] += amount
                self.threat_state[k] = 1
                self.threat_here = -1
                self.emit("bribe", seat=seat, gold=amount)
                self._auto_extras()
            else:
                self.emit("refuse", seat=seat)
                self.stack.append((S_REVEAL, self.bm_seat, top[1], k))
        elif sk == S_REVEAL:
            victim, k = top[2], top[3]
            if kind == "reveal":
                real = self.threats[k] == self.flowered
                self.threat_state[k] = 2
                taken = 0
                if real:
                    taken = self.gold[victim]
                    self.gold[victim] = 0
                    self.gold[seat] += taken
                self.emit("threat_revealed", seat=seat, target=victim, real=real, gold=taken)
            else:
                self.threat_state[k] = 1
                self.emit("threat_kept", seat=seat)
            self.threat_here = -1
            self._auto_extras()
        elif sk == S_MAGIC:
            if kind == "mdiscard":
                d = a[0]
                self.hands[seat].remove(d)
                self._card_left(seat, d, (seat,))
                self.deck.insert(0, d)
                self.stack.append((S_MAGIC, seat, top[2] + 1))
            else:
                self.emit("magic", seat=seat, count=top[2], cards=[])
                self._draw_to_hand(seat, top[2])
        elif sk == S_WIZTAKE:
            t = top[2]
            d = a[0]
            self.hands[t].remove(d)
            self.hands[seat].append(d)
            self._card_left(t, d, (seat, t))
            self._card_joined(seat, d, (seat, t))
            self.emit("take", seat=seat, target=t, seats=[seat, t], card=DN[d])
            self.stack.append((S_WIZBUILD, seat, d))
        elif sk == S_WIZBUILD:
            if kind == "wizbuild":
                d = a[0]
                cost = self._cost(seat, d)
                self.hands[seat].remove(d)
                self._card_left(seat, d, None)
                self.gold[seat] -= cost
                self._complete_build(seat, d, cost, free=False)
        elif sk == S_SEER:
            d, t = a
            self.hands[seat].remove(d)
            self.hands[t].append(d)
            self._card_left(seat, d, (seat, t))
            self._card_joined(t, d, (seat, t))
            self.emit("give", seat=seat, target=t, seats=[seat, t], card=DN[d])
            if len(top[2]) > 1:
                self.stack.append((S_SEER, seat, top[2][1:]))
        elif sk == S_CGIVE:
            d, t = a
            self.hands[seat].remove(d)
            self.hands[t].append(d)
            self._card_left(seat, d, (seat, t))
            self._card_joined(t, d, (seat, t))
            self.emit("give", seat=seat, target=t, seats=[seat, t], card=DN[d])
            if top[3] > 1:
                self.stack.append((S_CGIVE, seat, t, top[3] - 1))
        elif sk == S_EMPEROR_TAKE:
            t = a[0]
            if kind == "empgold":
                self.gold[t] -= 1
                self.gold[seat] += 1
                self.emit("emperor_gold", seat=seat, target=t)
            else:
                hand = self.hands[t]
                d = hand.pop(self.rng.randrange(len(hand)))
                self.hands[seat].append(d)
                self._card_left(t, d, (seat, t))
                self._card_joined(seat, d, (seat, t))
                self.emit("take", seat=seat, target=t, seats=[seat, t], card=DN[d])
        elif sk == S_DIPLOMAT:
            _, _, t, d, b = top
            m, mb, pay = a
            self.used |= U_ABILITY
            self.gold[seat] -= pay
            self.gold[t] += pay
            pos_d = self._pos(t, d, b)
            pos_m = self._pos(seat, m, mb)
            self._move_district(seat, pos_m, t)
            self._move_district(t, pos_d, seat)
            self.emit("exchange", seat=seat, target=t, took=DN[d], gave=DN[m], gold=pay)
        elif sk == S_DEN:
            if kind == "dencard":
                d = a[0]
                self.hands[seat].remove(d)
                self._card_left(seat, d, (seat,))
                self.deck.insert(0, d)
                self.emit("den_card", seat=seat, card=DN[d])
                if top[2] > 1:
                    self.stack.append((S_DEN, seat, top[2] - 1))
                    return
                paid = 0
            else:
                paid = a[0]
                self.gold[seat] -= paid
            self._use_build(seat, DEN)
            self._complete_build(seat, DEN, paid, free=False)
        elif sk == S_CONFISCATE:
            _, mag, builder, d, paid = top
            if kind == "confiscate":
                self.gold[builder] += paid
                self.warrant_shown = True
                self.emit("confiscate", seat=mag, target=builder, district=DN[d], gold=paid)
                if self.opt["clear_warrants_on_reveal"]:
                    self.warrants = []
                self._add_to_city(mag, d)
                self._tax(mag)
            else:
                self._place(builder, d, paid)
        elif sk == S_THEATER:
            if kind == "theater":
                mine, t = a
                theirs = self.chars[t]
                other = theirs[self.rng.randrange(len(theirs))] if len(theirs) > 1 else theirs[0]
                self.chars[seat].remove(mine)
                theirs.remove(other)
                theirs.append(mine)
                self.chars[seat].append(other)
                self.swapped |= (1 << seat) | (1 << t)
                self.emit("theater", seat=seat, target=t, seats=[seat, t], gave=CN[mine],
                          took=CN[other])
            else:
                self.emit("theater_pass", seat=seat)
        elif sk == S_HEIR:
            t = a[0]
            self.crown = t
            self.emit("crown", seat=t, by=seat)
            self._heir_queen(seat)  # phase END: the round then ends as usual
        else:  # pragma: no cover
            raise AssertionError(sk)

    # ------------------------------------------------------------------------------ scoring (§5)

    def score(self, seat: int) -> tuple[int, dict[str, Any]]:
        """The seat's score and its breakdown; the Haunted Quarter takes the best type."""
        city = self.city[seat]
        beaut = self.beaut[seat]
        values = [DISTRICT_COST[d] + beaut[i] for i, d in enumerate(city)]
        base = sum(values)
        vault = VAULT in self.hands[seat]
        vault_diversity = vault and self.opt["secret_vault_counts_for_diversity"]
        choices = range(5) if HAUNTED in city else (UNIQUE,)
        best = None
        for choice in choices:
            types = [choice if d == HAUNTED else DISTRICT_TYPE[d] for d in city]
            counts = [0] * 5
            for t in types:
                counts[t] += 1
            parts = {"districts": base}
            present = set(types)
            if vault_diversity:
                present.add(UNIQUE)
            if len(present) == 5:
                parts["five_types"] = 3
            uniques = counts[UNIQUE]
            if DRAGON_GATE in city:
                parts["Dragon Gate"] = 2 * city.count(DRAGON_GATE)
            if BASILICA in city:
                parts["Basilica"] = sum(1 for v in values if v % 2) * city.count(BASILICA)
            if CAPITOL in city and max(counts) >= 3:
                parts["Capitol"] = 3
            if TREASURY in city:
                parts["Imperial Treasury"] = self.gold[seat]
            if IVORY in city and uniques == 1:
                parts["Ivory Tower"] = 5
            if MAP_ROOM in city:
                parts["Map Room"] = len(self.hands[seat])
            if MUSEUM in city:
                parts["Museum"] = len(self.museum[seat])
            if STATUE in city and self.crown == seat:
                parts["Statue"] = 5
            if WELL in city:
                parts["Wishing Well"] = uniques
            if vault:
                parts["Secret Vault"] = 3 * self.hands[seat].count(VAULT)
            total = sum(parts.values())
            if best is None or total > best[0]:
                best = (total, parts, choice)
        total, parts, choice = best
        complete = self.size(seat) >= self.threshold
        if seat == self.first_done and (complete or self.opt["first_completer_keeps_bonus"]):
            parts["first_complete"] = 4
            total += 4
        elif complete:
            parts["complete"] = 2
            total += 2
        if HAUNTED in city:
            parts["haunted_quarter_as"] = TYPES[choice]
        return total, parts

    def result(self) -> Result:
        if self.phase != OVER:
            raise ValueError("the game is not over")
        scores = []
        details = []
        for seat in range(self.players):
            total, parts = self.score(seat)
            scores.append(total)
            details.append(parts)
        keys = [(scores[s], self.rev_rank[s]) for s in range(self.players)]
        return Result(
            scores=tuple(scores),
            ranks=ranks_from_keys(keys),
            tiebreak="highest rank revealed in the last round (a killed character is not revealed)",
            details={"breakdown": details, "last_round_rank": list(self.rev_rank),
                     "first_complete": self.first_done},
        )

    # ------------------------------------------------------------------------------ views (§4.7)

    def _view(self, seat: int | None) -> dict[str, Any]:
        n = self.players
        top = self.stack[-1] if self.stack else None
        cities = []
        for s in range(n):
            b = self.beaut[s]
            cities.append([
                {"name": DN[d], "type": TYPES[DISTRICT_TYPE[d]], "cost": DISTRICT_COST[d] + b[i],
                 "beautified": bool(b[i])}
                for i, d in enumerate(self.city[s])
            ])
        known_fd = []
        if seat is not None:
            bit = 1 << seat
            known_fd = [CN[c] for c, m in zip(self.facedown, self.fd_seen, strict=True) if m & bit]
        drafter = self.dsteps[self.dstep][0] if self.phase == DRAFT else None
        signed = None
        if self.signed >= 0 and (seat == self.mag_seat or self.warrant_shown):
            signed = CN[self.signed]
        real = None
        if self.flowered >= 0:
            shown = any(st == 2 and self.threats[k] == self.flowered
                        for k, st in enumerate(self.threat_state))
            if seat == self.bm_seat or shown:
                real = CN[self.flowered]
        view: dict[str, Any] = {
            "round": self.round,
            "phase": ("draft", "call", "turn", "end", "over")[self.phase],
            "cast": [CN[c] for c in self.cast],
            "uniques": [DN[d] for d in self.uniques],
            "complete_at": self.threshold,
            "crown": self.crown,
            "gold": list(self.gold),
            "hands": self.zone_view("hands", seat, show=DN.__getitem__),
            "cities": cities,
            "complete": [self.size(s) >= self.threshold for s in range(n)],
            "museum": self.zone_view("museum", seat, show=DN.__getitem__),
            "deck": len(self.deck),
            "tax_pool": self.tax_pool,
            "has_tax_collector": self.has_tax,
            "first_complete": self.first_done if self.first_done >= 0 else None,
            "characters": self.zone_view("chars", seat, show=CN.__getitem__),
            "revealed": [[CN[c] for c in p] for p in self.played],
            "faceup": [CN[c] for c in self.faceup],
            "facedown": len(self.facedown),
            "facedown_known": known_fd,
            "drafter": drafter,
            "draft_cards": ([CN[c] for c in sorted(self.draft_hand)] if seat == drafter
                            else len(self.draft_hand)) if drafter is not None else None,
            "killed": CN[self.killed] if self.killed >= 0 else None,
            "bewitched": CN[self.bewitched] if self.bewitched >= 0 else None,
            "witch": self.witch_seat if self.witch_seat >= 0 else None,
            "robbed": CN[self.robbed] if self.robbed >= 0 else None,
            "warrants": [CN[c] for c in self.warrants],
            "signed_warrant": signed,
            "threats": [{"character": CN[c], "state": ("placed", "removed", "revealed")[st]}
                        for c, st in zip(self.threats, self.threat_state, strict=True)],
            "real_threat": real,
            "protected": self.bishop_seat if self.bishop_seat >= 0 else None,
            "calling": CN[self.cast[self.call]] if 0 <= self.call < len(self.cast) else None,
            "current": self.cur if self.phase == TURN else None,
            "playing": CN[self.cc] if self.phase == TURN else None,
            "mode": ("normal", "witch", "bewitched", "resumed")[self.mode] if self.phase == TURN else None,
            "gathered": self.gathered,
            "builds_left": self.builds,
            "pending": _STACK_NAMES[top[0]] if top else None,
            "offer": ([DN[d] for d in self.offer] if seat == self.offer_seat else len(self.offer)),
            "last_round_rank": list(self.rev_rank),
            "known_cards": ([[DN[d] for d in cards] for cards in self.known[seat]]
                            if seat is not None else None),
        }
        if top is not None and top[0] == S_WIZTAKE and seat == top[1]:
            view["looking_at"] = {"seat": top[2], "cards": [DN[d] for d in self.hands[top[2]]]}
        return view

    # ------------------------------------------------------------------------------ determinization

    def _draft_consistent(self, seat: int) -> bool:
        """With 4+ players, what ``seat`` saw in the draft: those who chose before it hold none
        of the characters it saw; those after it chose among the ones it passed on."""
        n = self.players
        seen = self.dseen[seat]
        if n < 4 or not seen or self.swapped >> seat & 1:
            return True
        first = self.dsteps[0][0]
        mine = (seat - first) % n
        last_rule = len(self.cast) - 1 == n
        for o in range(n):
            if o == seat or self.swapped >> o & 1:
                continue
            pos = (o - first) % n
            if last_rule and pos == n - 1:
                continue
            for c in self.chars[o]:
                if (seen >> c & 1) != (pos > mine):
                    return False
        return True

    def _resample(self, seat: int, rng) -> None:
        """Resample everything ``seat`` cannot see, keeping what the view and the calls tell."""
        n = self.players
        top = self.stack[-1] if self.stack else None
        peek = top[2] if top is not None and top[0] == S_WIZTAKE and top[1] == seat else -1
        # districts: other hands, the deck, other museums, an offer the seat does not see
        parts = [self.deck]
        kept: list[tuple[int, list[int], list[int]]] = []
        mine = self.known[seat]
        for s in range(n):
            if s != seat:
                if s != peek:
                    if mine[s]:
                        rest = list(self.hands[s])
                        sure = []
                        for d in mine[s]:
                            if d in rest:
                                rest.remove(d)
                                sure.append(d)
                        kept.append((s, sure, rest))
                        parts.append(rest)
                    else:
                        parts.append(self.hands[s])
                parts.append(self.museum[s])
        if self.offer_seat != seat and self.offer:
            parts.append(self.offer)
        pool = [d for part in parts for d in part]
        rng.shuffle(pool)
        start = 0
        for part in parts:
            end = start + len(part)
            part[:] = pool[start:end]
            start = end
        for s, sure, rest in kept:
            self.hands[s] = sure + rest
        if top is not None and top[0] == S_WIZBUILD and top[1] != seat and top[2] not in mine[top[1]]:
            hand = self.hands[top[1]]
            self.stack[-1] = (S_WIZBUILD, top[1], hand[rng.randrange(len(hand))])
        # characters: others' unrevealed ones, unseen face-down ones, a draft hand not seen.
        # Slot kinds (4+ players): 1 = chosen after the seat, so among the ones it passed on;
        # 2 = chosen before it, so none it saw; 0 = unconstrained.
        bit = 1 << seat
        seen = self.dseen[seat] if n >= 4 and not self.swapped & bit else 0
        first = self.dsteps[0][0]
        mine = (seat - first) % n
        last_rule = len(self.cast) - 1 == n

        def kind_of(o: int) -> int:
            if not seen or self.swapped >> o & 1:
                return 0
            pos = (o - first) % n
            if last_rule and pos == n - 1:
                return 0
            return 1 if pos > mine else 2

        slots: list[tuple[list, int, int]] = []
        fd_slots: list[tuple[list, int, int]] = []
        for o in range(n):
            if o != seat:
                chars = self.chars[o]
                k = kind_of(o)
                slots.extend((chars, i, k) for i in range(len(chars)))
        for i, m in enumerate(self.fd_seen):
            if not m & bit:
                fd_slots.append((self.facedown, i, 0))
        if self.phase == DRAFT and self.dsteps[self.dstep][0] != seat:
            k = 1 if kind_of(self.dsteps[self.dstep][0]) == 1 else 0
            slots.extend((self.draft_hand, i, k) for i in range(len(self.draft_hand)))
        called = set(self.cast[: self.call + 1]) if self.phase != DRAFT else set()
        items = [lst[i] for lst, i, _ in slots] + [lst[i] for lst, i, _ in fd_slots]
        forced = [c for c in items if c in called and c != self.killed]
        free = [c for c in items if not (c in called and c != self.killed)]
        rng.shuffle(fd_slots)
        rng.shuffle(free)
        for (lst, i, _), c in zip(fd_slots[: len(forced)], forced, strict=False):
            lst[i] = c
        rest = slots + fd_slots[len(forced):]
        must_seen = [x for x in rest if x[2] == 1]
        must_unseen = [x for x in rest if x[2] == 2]
        in_seen = [c for c in free if seen >> c & 1]
        not_seen = [c for c in free if not seen >> c & 1]
        if seen and len(in_seen) >= len(must_seen) and len(not_seen) >= len(must_unseen):
            others = [x for x in rest if x[2] == 0]
            left = in_seen[len(must_seen):] + not_seen[len(must_unseen):]
            rng.shuffle(left)
            pairs = list(zip(must_seen, in_seen, strict=False)) + list(
                zip(must_unseen, not_seen, strict=False)) + list(zip(others, left, strict=False))
        else:
            pairs = list(zip(rest, free, strict=False))
        for (lst, i, _), c in pairs:
            lst[i] = c
        # the signed warrant and the real threat, when the seat does not know them
        if self.warrants and seat != self.mag_seat and not self.warrant_shown:
            self.signed = self.warrants[rng.randrange(len(self.warrants))]
        if self.threats and seat != self.bm_seat:
            known = any(st == 2 and self.threats[k] == self.flowered
                        for k, st in enumerate(self.threat_state))
            if not known:
                open_ = [c for c, st in zip(self.threats, self.threat_state, strict=True) if st != 2]
                if open_:
                    self.flowered = open_[rng.randrange(len(open_))]


_ELIGIBLE: dict[tuple, tuple[int, ...]] = {}  # (cast, lowest rank) -> characters, made once

_STACK_NAMES = (
    "keep", "scholar", "warrant", "blank threat", "bribe", "reveal threat", "magician",
    "wizard take", "wizard build", "seer give", "emperor take", "diplomat give",
    "thieves' den", "cardinal give", "confiscate", "theater", "heir crown",
)

_HANDLERS = {
    "gold": CitadelsState._gold,
    "draw": CitadelsState._drawcards,
    "income": CitadelsState._income,
    "kill": CitadelsState._kill,
    "bewitch": CitadelsState._bewitch,
    "sign": CitadelsState._sign,
    "rob": CitadelsState._rob,
    "spy": CitadelsState._spy,
    "threat": CitadelsState._threat,
    "swap": CitadelsState._swap,
    "magic": CitadelsState._magic,
    "look": CitadelsState._look,
    "seer": CitadelsState._seer,
    "crown": CitadelsState._crown_emperor,
    "abbot": CitadelsState._abbot,
    "navgold": CitadelsState._navgold,
    "navcards": CitadelsState._navcards,
    "scholar": CitadelsState._scholar,
    "destroy": CitadelsState._destroy,
    "dtake": CitadelsState._dtake,
    "seize": CitadelsState._seize,
    "beautify": CitadelsState._beautify,
    "taxes": CitadelsState._taxes,
    "armory": CitadelsState._armory,
    "lab": CitadelsState._lab,
    "museum": CitadelsState._museum,
    "smithy": CitadelsState._smithy,
    "build": CitadelsState._build,
    "buildfw": CitadelsState._buildfw,
    "necro": CitadelsState._necro,
    "den": CitadelsState._den,
    "borrow": CitadelsState._borrow,
    "end": CitadelsState._end,
}
