"""Citadels (2016 edition) rules on the engine contract (rules reference §3–§5).

The state is flat: districts are small ints (see ``cards``), hands/cities/deck are lists of them,
characters are small ints. A round is a draft (phase DRAFT), an optional Theater step, then the
crowned player calls each rank (phase CALL → TURN) and the round ends (phase END). Multi-step
decisions (a Magistrate's warrants, a Thieves' Den payment, a bribe…) sit on ``stack`` as small
tuples ``(kind, seat, *data)``; the top one is what the game waits for.

The rules live in mixins, each named after a part of the game:

- ``draft``: character selection for every player count, and the Theater;
- ``turn``: calling, the turn menu, gathering, the end of turns and rounds;
- ``building``: cities, building and its payments, confiscation and tax;
- ``powers``, ``powers_naming``, ``powers_cities``: the character abilities;
- ``districts``: the unique districts used during a turn;
- ``scoring``: end of game; ``views`` and ``knowledge``: what each seat may know.

This module holds the state itself (its slots, setup, copy), the contract methods, and the
tables that send each action and each stacked decision to its rules.
"""

from __future__ import annotations

from donjon.engine import NOBODY, OWNER, Secret, State, Zone
from donjon.games.citadels.actions import (
    CALL,
    D_KEEP,
    DN,
    DRAFT,
    END,
    FACE_DOWN,
    M_BEWITCHED,
    M_NORMAL,
    M_RESUMED,
    OVER,
    PICK,
    S_BLUFF,
    S_BRIBE,
    S_CGIVE,
    S_CONFISCATE,
    S_DEN,
    S_DIPLOMAT,
    S_EMPEROR_TAKE,
    S_HEIR,
    S_KEEP,
    S_MAGIC,
    S_REVEAL,
    S_SCHOLAR,
    S_SEER,
    S_THEATER,
    S_WARRANT,
    S_WIZBUILD,
    S_WIZTAKE,
    STACK_NAMES,
    TURN,
)
from donjon.games.citadels.building import Building
from donjon.games.citadels.cards import (
    BASIC_COPIES,
    CHAR_RANK,
    TAX_COLLECTOR,
)
from donjon.games.citadels.districts import Districts
from donjon.games.citadels.draft import Draft
from donjon.games.citadels.knowledge import Knowledge
from donjon.games.citadels.powers import Powers
from donjon.games.citadels.powers_cities import Rank8
from donjon.games.citadels.powers_naming import Naming
from donjon.games.citadels.scoring import Scoring
from donjon.games.citadels.turn import Turn
from donjon.games.citadels.views import Views


class CitadelsState(Draft, Turn, Building, Naming, Powers, Rank8, Districts, Scoring, Views,
                     Knowledge, State):
    __slots__ = (
        # game-long
        "cast", "rank_char", "uniques", "threshold", "opt", "has_tax",
        "deck", "hands", "gold", "city", "beaut", "museum", "museum_by", "crown", "tax_pool",
        "first_done", "ending", "phase", "stack", "offer", "offer_seat", "known",
        # round
        "round", "chars", "played", "faceup", "facedown", "fd_seen", "draft_hand", "dsteps",
        "dstep", "killed", "bewitched", "witch_seat", "robbed", "thief_seat", "warrants",
        "signed", "warrant_shown", "mag_seat", "threats", "threat_state", "flowered", "bm_seat",
        "bishop_seat", "rank4_seat", "rank4_killed_seat", "queen_seat", "rev_rank", "call",
        "dseen", "dgone", "swapped",
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
        deck = [d for d, n in enumerate(BASIC_COPIES) for _ in range(n)] + list(self.uniques)
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
        # museum_by[o][i]: the seats that know museum[o][i] (the one who put it there, §4.7)
        self.museum_by = [[] for _ in range(players)]
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
        o.museum_by = [m.copy() for m in self.museum_by]
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
        o.dgone = self.dgone.copy()
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

    def _legal_actions(self, seat: int) -> list:
        stack = self.stack
        if stack:
            top = stack[-1]
            return STACK_OPTIONS[top[0]](self, top[1], top)
        if self.phase == DRAFT:
            _, kind = self.dsteps[self.dstep]
            table = PICK if kind == D_KEEP else FACE_DOWN
            return [table[c] for c in sorted(self.draft_hand)]
        return self._menu()

    def _apply(self, seat: int, action) -> None:
        kind = action.kind
        a = action.args
        stack = self.stack
        top = stack.pop() if stack else None
        if top is not None:
            STACK_RESOLVE[top[0]](self, seat, top, kind, a)
        elif self.phase == DRAFT:
            self._apply_draft(seat, kind, a[0])
        else:
            _HANDLERS[kind](self, seat, *a)
        self._settle()


#: the rules of each kind of turn-menu action
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

#: each decision on the stack, by kind: (its options, how the chosen one resolves)
_STACK = {
    S_KEEP: (CitadelsState._offer_options, CitadelsState._on_keep),
    S_SCHOLAR: (CitadelsState._offer_options, CitadelsState._on_keep),
    S_WARRANT: (CitadelsState._warrant_options, CitadelsState._on_warrant),
    S_BLUFF: (CitadelsState._bluff_options, CitadelsState._on_bluff),
    S_BRIBE: (CitadelsState._bribe_options, CitadelsState._on_bribe),
    S_REVEAL: (CitadelsState._reveal_options, CitadelsState._on_reveal),
    S_MAGIC: (CitadelsState._magic_options, CitadelsState._on_magic),
    S_WIZTAKE: (CitadelsState._wizard_take_options, CitadelsState._on_wizard_take),
    S_WIZBUILD: (CitadelsState._wizard_build_options, CitadelsState._on_wizard_build),
    S_SEER: (CitadelsState._give_options, CitadelsState._on_seer_give),
    S_EMPEROR_TAKE: (CitadelsState._emperor_take_options, CitadelsState._on_emperor_take),
    S_DIPLOMAT: (CitadelsState._exchange_options, CitadelsState._on_exchange),
    S_DEN: (CitadelsState._den_options, CitadelsState._on_den),
    S_CGIVE: (CitadelsState._give_options, CitadelsState._on_cardinal_give),
    S_CONFISCATE: (CitadelsState._confiscate_options, CitadelsState._on_confiscate),
    S_THEATER: (CitadelsState._theater_options, CitadelsState._on_theater),
    S_HEIR: (CitadelsState._heir_options, CitadelsState._on_heir),
}
STACK_OPTIONS = tuple(_STACK[k][0] for k in range(len(STACK_NAMES)))
STACK_RESOLVE = tuple(_STACK[k][1] for k in range(len(STACK_NAMES)))

__all__ = ["CALL", "DRAFT", "END", "OVER", "TURN", "S_KEEP", "S_SCHOLAR", "CitadelsState"]
