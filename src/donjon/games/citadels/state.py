"""Citadels (2016 edition) rules on the engine contract (rules reference §3–§5): the state.

The state is flat: districts are small ints (see ``cards``), hands, cities and the deck are lists
of them, characters are small ints. A round is a draft (phase DRAFT), an optional Theater step,
then the crowned player calls each rank (phase CALL, then TURN while a character plays) and the
round ends (phase END). Every decision waits on ``stack`` as a frame
(``donjon.engine.decisions``): the draft choice, the turn menu, and what abilities and payments
lead to (a blank warrant, a bribe, a card to give...); ``_advance`` walks the phases when
nothing is pending.

This module is the one annotated home of the fields. The rules are plain functions over the
state, in modules named after the parts of the game:

- ``draft``: character selection for every player count, and the Theater;
- ``calling``: calling each rank, revealing, the end of turns and rounds;
- ``turn``: the turn menu, gathering and income; ``deck``: drawing and keeping cards;
- ``building`` and ``cities``: building and its payments, confiscation and tax, cities;
- ``powers``, ``powers_naming``, ``powers_cities``: the character abilities;
- ``districts``: the unique districts used during a turn;
- ``scoring``: end of game; ``views``, ``knowledge`` and ``determinize``: what each seat knows.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from math import floor
from typing import Any, ClassVar, Final

from donjon.engine import NOBODY, OWNER, Action, Result, Secret, StackState, Zone
from donjon.engine.chance import randrange, shuffle
from donjon.engine.game import Setup
from donjon.games.citadels import determinize, scoring, views
from donjon.games.citadels.actions import (
    A_DRAW,
    A_END,
    A_GOLD,
    BEWITCHED,
    CALL,
    DRAFT,
    END,
    NORMAL,
    OVER,
    RESUMED,
    TURN,
)
from donjon.games.citadels.building import build
from donjon.games.citadels.calling import (
    call_next,
    clear_turn,
    end_round,
    end_turn,
    resume_witch,
)
from donjon.games.citadels.cards import BASIC_COPIES, DISTRICT_NAMES, TAX_COLLECTOR
from donjon.games.citadels.cast import resolve_cast, resolve_uniques
from donjon.games.citadels.cities import complete, kinds, size
from donjon.games.citadels.draft import start_round
from donjon.games.citadels.powers_naming import Bribe
from donjon.games.citadels.rulings import RuleOptions, rule_options
from donjon.games.citadels.turn import HANDLERS, TURN_MENUS, TurnMenu, draw_cards, take_gold

#: §1.3 the basic districts of a new deck, each as many times as it has copies
BASIC_DECK: Final[tuple[int, ...]] = tuple(d for d, n in enumerate(BASIC_COPIES) for _ in range(n))


class CitadelsState(StackState):
    __slots__ = (
        # the game
        "cast", "uniques", "complete_at", "rules", "tax_in_cast", "deck", "hands", "gold",
        "cities", "city_kinds", "beautified", "museum", "museum_known_by", "crown", "tax_pool",
        "first_complete", "last_round", "phase", "offer", "offer_seat", "known_cards",
        # the round
        "round", "characters", "revealed", "faceup", "facedown", "facedown_seen_by",
        "draft_hand", "draft_steps", "draft_step", "draft_seen", "draft_left_at",
        "theater_swapped", "killed", "bewitched", "witch_seat", "robbed", "thief_seat",
        "warrants", "signed_warrant", "warrant_revealed", "magistrate_seat", "placing_warrants",
        "threats", "threat_states", "real_threat", "blackmailer_seat", "placing_threats",
        "bishop_seat", "rank4_seat", "rank4_killed_seat", "queen_seat", "highest_revealed_rank",
        "called",
        # the turn
        "turn_seat", "turn_character", "turn_mode", "gathered", "builds_left", "used",
        "gold_paid_to_build", "warrant_pending", "threat_marker", "duplicates_allowed",
        "beautifications_left",
    )

    ZONES = (
        Zone("hands", OWNER), Zone("deck", NOBODY), Zone("museum", OWNER),
        Zone("characters", OWNER), Zone("facedown", NOBODY),
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
    #: the events of every turn and every round, recorded as their values (``Event``: a
    #: random game records some 400 events, and their dicts were 4 % of its instructions,
    #: 8 % compiled); the others are recorded by ``emit``, as dicts
    EVENT_FIELDS = {
        "deal": ("seat", "cards"),
        "round": ("round", "crown", "faceup"),
        "pick": ("seat", "character"),
        "reveal": ("seat", "character"),
        "kill": ("seat", "character"),
        "rob": ("seat", "character"),
        "merchant": ("seat",),
        "income": ("seat", "gold", "cards"),
        "gather_gold": ("seat", "gold"),
        "gather_cards": ("seat", "count"),
        "draw": ("seat", "cards"),
        "keep": ("seat", "card"),
        "build": ("seat", "district", "gold"),
        "destroy": ("seat", "target", "district", "gold"),
        "turn_end": ("seat",),
    }
    #: moves that always reveal something or pass the turn; besides, a move is final when it
    #: draws a card or uses the generator, reveals a character, or leaves another seat to move
    COMMITS: ClassVar[frozenset[str]] = frozenset({
        "pick", "fdiscard", "theater", "end", "draw", "spy", "swap", "look", "take", "give",
        "seer", "empcard", "navcards", "scholar", "smithy", "mdone", "bluff", "refuse",
        "reveal", "noreveal", "confiscate", "noconfiscate",
    })

    # -- the game ------------------------------------------------------------------------------
    #: the characters of this game, one per rank, in rank order
    cast: tuple[int, ...]
    #: the 14 unique districts shuffled into the deck
    uniques: tuple[int, ...]
    #: districts that complete a city (§5: 7, or 8 with 2–3 players)
    complete_at: int
    rules: RuleOptions
    tax_in_cast: bool
    #: the district deck, its top last
    deck: list[int]
    hands: list[list[int]]
    gold: list[int]
    #: each city's districts in building order, and whether each is beautified (§2.3 Artist)
    cities: list[list[int]]
    #: each city's districts as bits (bit ``d``: a district ``d`` stands in it): the rules ask
    #: "does this city hold ..." at most moves, a bit test where a search of the list compares
    #: each district in turn (the functions of ``cities`` keep it, ``changed`` remakes it)
    city_kinds: list[int]
    beautified: list[list[bool]]
    #: the cards under each seat's Museum, and per card the seats that know it (a bit per seat)
    museum: list[list[int]]
    museum_known_by: list[list[int]]
    crown: int
    #: the gold on the Tax Collector's token
    tax_pool: int
    #: the first seat to complete its city (-1: none yet); the game ends after this round
    first_complete: int
    last_round: bool
    phase: int
    #: cards drawn for ``offer_seat`` to keep one of
    offer: list[int]
    offer_seat: int
    #: ``known_cards[x][o]``: the cards seat x knows to be in seat o's hand (``knowledge``)
    known_cards: tuple[tuple[tuple[int, ...], ...], ...]

    # -- the round -----------------------------------------------------------------------------
    round: int
    #: each seat's characters not yet revealed, and those revealed this round
    characters: list[list[int]]
    revealed: list[list[int]]
    faceup: list[int]
    facedown: list[int]
    #: per face-down character, the seats that know it (a bit per seat)
    facedown_seen_by: list[int]
    #: the characters passed in the draft, its steps ``(seat, kind)`` and the step awaited
    draft_hand: list[int]
    draft_steps: tuple[tuple[int, int], ...]
    draft_step: int
    #: per seat, the characters it saw while drafting (a bit per character)
    draft_seen: list[int]
    #: per character, the draft step at which it left the passed hand (-1: before the draft;
    #: the number of steps: the leftover); with 2–3 players it tells what each seat saw pass
    draft_left_at: list[int]
    #: the seats whose characters the Theater moved (a bit per seat)
    theater_swapped: int
    killed: int
    bewitched: int
    witch_seat: int
    robbed: int
    thief_seat: int
    #: the characters with a warrant, in rank order; the signed one; whether it was revealed
    warrants: list[int]
    signed_warrant: int
    warrant_revealed: bool
    magistrate_seat: int
    #: the Magistrate is placing his warrants: nobody else sees any yet
    placing_warrants: bool
    #: the characters with a threat, in rank order, and what became of each marker
    threats: list[int]
    threat_states: list[int]
    real_threat: int
    blackmailer_seat: int
    placing_threats: bool
    bishop_seat: int
    rank4_seat: int
    rank4_killed_seat: int
    queen_seat: int
    #: per seat, the highest rank it revealed this round (§5 tie-break)
    highest_revealed_rank: list[int]
    #: the position in the cast of the rank called last (-1: none yet)
    called: int

    # -- the turn ------------------------------------------------------------------------------
    #: the seat playing, the character it plays, and how (``actions``: normal, Witch...)
    turn_seat: int
    turn_character: int
    turn_mode: int
    gathered: bool
    builds_left: int
    #: what was used this turn (``actions.USED_*`` bits)
    used: int
    #: gold paid to build this turn (§2.3 Alchemist)
    gold_paid_to_build: int
    #: the first paid build of a warranted character will pause for the Magistrate
    warrant_pending: bool
    #: the threat marker on this character, resolved after gathering (-1: none)
    threat_marker: int
    #: §2.3 Wizard: duplicates may be built this turn
    duplicates_allowed: bool
    beautifications_left: int

    # -- setup and copy ------------------------------------------------------------------------

    @classmethod
    def setup(cls, setup: Setup) -> CitadelsState:
        self = cls()
        self._init_base(setup)
        players, options = setup.players, setup.options
        rng = self.rng
        self.cast = resolve_cast(options, players, rng)
        self.uniques = resolve_uniques(options, rng)
        self.rules = rule_options(options, setup.legacy)
        self.tax_in_cast = TAX_COLLECTOR in self.cast
        self.complete_at = 8 if players <= 3 else 7  # §5
        deck = [*BASIC_DECK, *self.uniques]
        shuffle(rng, deck)
        self.deck = deck
        self.hands = []
        for seat in range(players):  # §3.1: 4 cards and 2 gold each
            hand = [deck.pop() for _ in range(4)]
            self.hands.append(hand)
            self.events.append(("deal", (seat, [DISTRICT_NAMES[d] for d in hand])))
        self.gold = [2] * players
        self.cities = [[] for _ in range(players)]
        self.city_kinds = [0] * players
        self.beautified = [[] for _ in range(players)]
        self.museum = [[] for _ in range(players)]
        self.museum_known_by = [[] for _ in range(players)]
        self.crown = randrange(rng, players)
        self.emit("crown", seat=self.crown)
        self.tax_pool = 0
        self.first_complete = -1
        self.last_round = False
        self.stack = []
        self.offer = []
        self.offer_seat = -1
        self.known_cards = (((),) * players,) * players  # immutable: rows may be shared
        self.round = 0
        self.characters = [[] for _ in range(players)]
        self.revealed = [[] for _ in range(players)]
        clear_turn(self)
        start_round(self)
        self._drive()
        return self

    def _copy(self) -> CitadelsState:
        o = CitadelsState()
        o.cast = self.cast
        o.uniques = self.uniques
        o.complete_at = self.complete_at
        o.rules = self.rules
        o.tax_in_cast = self.tax_in_cast
        o.deck = self.deck.copy()
        o.hands = [h.copy() for h in self.hands]
        o.gold = self.gold.copy()
        o.cities = [c.copy() for c in self.cities]
        o.city_kinds = self.city_kinds.copy()
        o.beautified = [b.copy() for b in self.beautified]
        o.museum = [m.copy() for m in self.museum]
        o.museum_known_by = [m.copy() for m in self.museum_known_by]
        o.crown = self.crown
        o.tax_pool = self.tax_pool
        o.first_complete = self.first_complete
        o.last_round = self.last_round
        o.phase = self.phase
        o.stack = self.stack.copy()  # frames are immutable: shared
        o.offer = self.offer.copy()
        o.offer_seat = self.offer_seat
        o.known_cards = self.known_cards
        o.round = self.round
        o.characters = [c.copy() for c in self.characters]
        o.revealed = [r.copy() for r in self.revealed]
        o.faceup = self.faceup.copy()
        o.facedown = self.facedown.copy()
        o.facedown_seen_by = self.facedown_seen_by.copy()
        o.draft_hand = self.draft_hand.copy()
        o.draft_steps = self.draft_steps
        o.draft_step = self.draft_step
        o.draft_seen = self.draft_seen.copy()
        o.draft_left_at = self.draft_left_at.copy()
        o.theater_swapped = self.theater_swapped
        o.killed = self.killed
        o.bewitched = self.bewitched
        o.witch_seat = self.witch_seat
        o.robbed = self.robbed
        o.thief_seat = self.thief_seat
        o.warrants = self.warrants.copy()
        o.signed_warrant = self.signed_warrant
        o.warrant_revealed = self.warrant_revealed
        o.magistrate_seat = self.magistrate_seat
        o.placing_warrants = self.placing_warrants
        o.threats = self.threats.copy()
        o.threat_states = self.threat_states.copy()
        o.real_threat = self.real_threat
        o.blackmailer_seat = self.blackmailer_seat
        o.placing_threats = self.placing_threats
        o.bishop_seat = self.bishop_seat
        o.rank4_seat = self.rank4_seat
        o.rank4_killed_seat = self.rank4_killed_seat
        o.queen_seat = self.queen_seat
        o.highest_revealed_rank = self.highest_revealed_rank.copy()
        o.called = self.called
        o.turn_seat = self.turn_seat
        o.turn_character = self.turn_character
        o.turn_mode = self.turn_mode
        o.gathered = self.gathered
        o.builds_left = self.builds_left
        o.used = self.used
        o.gold_paid_to_build = self.gold_paid_to_build
        o.warrant_pending = self.warrant_pending
        o.threat_marker = self.threat_marker
        o.duplicates_allowed = self.duplicates_allowed
        o.beautifications_left = self.beautifications_left
        return o

    def changed(self) -> None:
        super().changed()
        self.city_kinds = [kinds(city) for city in self.cities]  # cities edited by hand

    # -- the contract --------------------------------------------------------------------------

    def is_over(self) -> bool:
        return self.phase == OVER

    def result(self) -> Result:
        return scoring.result(self)

    def _step(self, seat: int, action: Action) -> Sequence[Action]:
        """``StackState._step``, and a move after which another seat is to move is final.
        Citadels never resolves a decision by itself (``Decision.forced`` is off: the records
        of the first release hold every one). Random play takes the same steps in its own loop
        (``_play_random``)."""
        options = super()._step(seat, action)
        if options and self.stack[-1].seat != seat:
            self._barrier = len(self.moves)  # self.commit(): another seat is to move
        return options

    def _play_random(self, rng: random.Random, limit: int) -> int:
        """``StackState._play_random`` with ``_step`` written into its loop: no call per move,
        the most frequent moves of the turn menu called directly, and the turn's next menu
        pushed without ``_advance`` (most moves): 3 % of a pure random game's instructions.
        The moves, the draws and the state are those of ``apply`` (tests/engine/
        test_playout.py)."""
        stack = self.stack
        if not stack or limit == 0:
            return 0
        moves = self.moves
        draw = rng.random
        commits = self._commits
        seat = stack[-1].seat
        options = self._answers_now()
        decisions = 0
        count = len(options)
        while True:
            action = options[0] if count == 1 else options[floor(draw() * count)]
            moves.append((seat, action))
            decisions += 1
            # the frame off the stack, by ``clear`` when it is the last (``StackState``'s
            # docstring: compiled 2.7 % fewer instructions, pure the same)
            if len(stack) == 1:
                frame = stack[0]
                stack.clear()
            else:
                frame = stack.pop()
            if type(frame) is TurnMenu:  # TurnMenu.resolve, inlined (two moves in three)
                # the most frequent moves (ending the turn, gathering, building: four in five
                # of the menu's) are called directly: compiled, a call through the table pays
                # Python's calling convention (1.2 % of a compiled game's instructions)
                if action is A_END:
                    end_turn(self, True)
                elif action is A_GOLD:
                    take_gold(self, seat, ())
                elif action is A_DRAW:
                    draw_cards(self, seat, ())
                elif action.kind == "build":
                    build(self, seat, action.args)
                else:
                    HANDLERS[action.kind](self, seat, action.args)
            else:
                frame.resolve(self, action)
            if not stack:
                if self.phase == TURN and self.turn_mode == NORMAL and self.threat_marker < 0:
                    stack.append(TURN_MENUS[self.turn_seat])  # the turn goes on (most moves)
                else:
                    while not stack and self._advance():
                        pass
                    if not stack:  # the game is over
                        if action.kind in commits:
                            self._barrier = len(moves)
                        return decisions
            frame = stack[-1]
            if frame.seat != seat or action.kind in commits:
                self._barrier = len(moves)  # final: another seat is to move, or by its kind
            options = frame.options(self)
            count = len(options)
            if not count:  # no answer: the game is over (never in Citadels; as the engine's)
                return decisions
            seat = frame.seat
            if decisions == limit:  # the decision the play stops at is offered, as by apply
                self._offer(seat, options)
                return decisions

    def _drive_on(self) -> Sequence[Action]:
        """``StackState._drive_on`` without what Citadels never needs: no decision is resolved
        by itself and none is ever left without an answer."""
        stack = self.stack
        while not stack and self._advance():
            pass
        return stack[-1].options(self) if stack else ()

    def _advance(self) -> bool:
        """Nothing is pending: the next decision of the turn, or the next phase's step (the
        draft keeps its next choice on the stack itself, so never comes here)."""
        phase = self.phase
        if phase == TURN:
            seat = self.turn_seat
            mode = self.turn_mode
            if mode == NORMAL:
                # §2.3 Blackmailer: a threatened character settles the threat after gathering
                self.stack.append(Bribe(seat) if self.threat_marker >= 0 and self.gathered
                                  else TURN_MENUS[seat])
            elif not self.gathered or mode == RESUMED:
                self.stack.append(TURN_MENUS[seat])
            elif mode == BEWITCHED:  # §2.3 the bewitched turn ends after gathering
                self.events.append(("turn_end", (seat,)))
                resume_witch(self)
            elif self.bewitched < 0:  # the Witch, after gathering, must bewitch
                self.stack.append(TURN_MENUS[seat])
            else:  # she has: her turn is suspended
                self.emit("suspend", seat=seat)
                self.phase = CALL
        elif phase == CALL:
            call_next(self)
            if self.phase == TURN:
                # a character was revealed, not gathered yet: its turn opens on the menu in every
                # mode, as the next call would push it (one call less, once a turn)
                self.stack.append(TURN_MENUS[self.turn_seat])
        elif phase == END:
            end_round(self)
        else:
            return False
        return True

    def _view(self, seat: int | None) -> dict[str, Any]:
        return views.view(self, seat)

    def _resample(self, seat: int, rng: random.Random) -> None:
        determinize.resample(self, seat, rng)

    # -- what the rules and their tests ask of a seat ------------------------------------------

    def size(self, seat: int) -> int:
        """Districts toward a completed city (the Monument counts twice)."""
        return size(self, seat)

    def complete(self, seat: int) -> bool:
        return complete(self, seat)

    def score(self, seat: int) -> tuple[int, dict[str, int | str]]:
        """The seat's score now and its breakdown (§5)."""
        return scoring.score(self, seat)


__all__ = ["CALL", "DRAFT", "END", "OVER", "TURN", "CitadelsState"]
