"""Caylus rules (rules reference §1–§7) on the engine contract.

The state is flat: per-seat lists of ints, the road as three lists of 28 ints (building, owner,
worker), and a stack of pending decisions. Every decision is a small action; a decision with one
possible answer (a forced pass, a mandatory production without choice, an optional effect
nobody can afford) resolves by itself and is not recorded as a move.

A stack frame is a tuple ``(kind, seat, a, b)``: the decision ``kind`` awaited from ``seat``, with
two small ints of context. Caylus hides nothing once set up (the neutral tiles lie face up), so
the state declares no hidden zone and a determinization is a plain clone.
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from donjon.engine import ActionTable, Result, State, ranks_from_keys
from donjon.games.caylus import buildings as B
from donjon.games.caylus.buildings import (
    BATCHES,
    CATALOGUE,
    CUBES,
    GOLD,
    NON_GOLD,
    PRESTIGE,
    RESIDENCE_ID,
    SITES,
    STONE_B,
    WOOD_B,
)

# -- tables compiled from the catalogue ---------------------------------------------------------

NAMES = tuple(b.name for b in CATALOGUE)
KINDS = tuple(b.kind for b in CATALOGUE)
COSTS = tuple(b.cost for b in CATALOGUE)
ANY = tuple(b.any for b in CATALOGUE)
EFFECT = tuple(b.effect for b in CATALOGUE)
DATA = tuple(b.data for b in CATALOGUE)
BONUS = tuple(b.bonus for b in CATALOGUE)
FAVOURS = tuple(b.favours for b in CATALOGUE)
INCOME = tuple(b.income for b in CATALOGUE)
WORKABLE = B.WORKABLE
SPECIAL_NAMES = tuple(s[1] for s in B.SPECIALS)

# decision kinds (stack frames)
(F_PLACE, F_GATE, F_GUILD, F_JOUST, F_INN, F_BRIBE, F_PROD, F_BONUS, F_SELL, F_BUY, F_BUILD,
 F_EXCH, F_ALCH, F_LAWYER, F_CASTLE, F_FAVOUR, F_GIVE, F_TAKE) = range(18)
FRAME_NAMES = (
    "place", "gate", "guild", "joust", "inn", "bribe", "produce", "owner bonus", "sell", "buy",
    "build", "exchange", "alchemist", "lawyer", "castle", "favour", "trade give", "trade take",
)

# phases (§2)
P_PLACE, P_SPECIAL, P_BRIBE, P_ROAD, P_CASTLE, P_END, P_OVER = range(7)
PHASE_NAMES = ("placement", "special buildings", "provost", "activation", "castle", "end of turn",
               "over")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _cubes_text(counts) -> str:
    return "+".join(CUBES[t] for t in range(5) for _ in range(counts[t]))


def _label(target: int, building: int = -1) -> str:
    if target == B.CASTLE_TARGET:
        return "Castle"
    if target >= B.SPECIAL_TARGET:
        return SPECIAL_NAMES[target - B.SPECIAL_TARGET]
    return f"R{target + 1} {NAMES[building]}"


_TARGET_ACTIONS: dict[tuple[str, int, int], Any] = {}


def _target_action(verb: str, target: int, building: int = -1):
    """The interned ``place``/``gate`` action for a target (cached: no text on the hot path)."""
    key = (verb, target, building)
    action = _TARGET_ACTIONS.get(key)
    if action is None:
        action = _TARGET_ACTIONS[key] = ACTIONS(verb, target, _label(target, building))
    return action


def _signed(k: int) -> str:
    return f"+{k}" if k > 0 else str(k)


def _exchange_text(option) -> str:
    pay_d, pay, gain_d, gain, pp = option
    paid = (f"{_plural(pay_d, 'denier')}" if pay_d else
            " + ".join(f"{n} {CUBES[t]}" for t, n in enumerate(pay) if n))
    got = []
    if gain_d:
        got.append(_plural(gain_d, "denier"))
    got += [f"{n} {CUBES[t]}" for t, n in enumerate(gain) if n]
    if pp:
        got.append(f"{pp} PP")
    return f"pay {paid} for {' + '.join(got)}"


def _spell(kind: str, *args: Any) -> str:
    if kind in ("place", "gate"):
        return ("place " if kind == "place" else "move to ") + args[1]
    if kind == "guild":
        return f"provost {_signed(args[0])}" if args[0] else "leave provost"
    if kind == "bribe":
        return f"bribe provost {_signed(args[0])}"
    if kind == "take":
        return "take " + args[1]
    if kind in ("bonus", "sell", "buy", "give"):
        return f"{kind} {CUBES[args[0]]}"
    if kind == "build":
        tile, pay = args
        return f"build {NAMES[tile]}" if pay < 0 else f"build {NAMES[tile]} paying {CUBES[pay]}"
    if kind == "architect":
        return f"build {NAMES[args[0]]} on R{args[1] + 1}"
    if kind == "exchange":
        return args[1]
    if kind == "alchemist":
        paid, gold = args
        return f"{gold} gold for {_cubes_text(paid)}"
    if kind == "convert":
        return f"convert {args[1]}"
    if kind == "deliver":
        return "deliver " + "+".join(CUBES[t] for t in BATCHES[args[0]])
    if kind == "favour":
        return "favour " + args[2]
    if kind == "gain2":
        return "take " + "+".join(CUBES[t] for t in args)
    return FIXED_TEXT[kind]


FIXED_TEXT = {
    "pass": "pass",
    "stay": "do not move",
    "joust": "joust: 1 denier + 1 cloth for a favour",
    "nojoust": "do not joust",
    "innstay": "stay at the inn",
    "innleave": "leave the inn",
    "nobribe": "do not bribe",
    "nosell": "sell nothing",
    "nobuy": "buy nothing",
    "nobuild": "build nothing",
    "decline": "decline",
    "stop": "stop delivering",
}

ACTIONS = ActionTable(_spell)
PASS = ACTIONS("pass")
STAY = ACTIONS("stay")
JOUST = ACTIONS("joust")
NO_JOUST = ACTIONS("nojoust")
INN_STAY = ACTIONS("innstay")
INN_LEAVE = ACTIONS("innleave")
NO_BRIBE = ACTIONS("nobribe")
NO_SELL = ACTIONS("nosell")
NO_BUY = ACTIONS("nobuy")
NO_BUILD = ACTIONS("nobuild")
DECLINE = ACTIONS("decline")
STOP = ACTIONS("stop")

#: the alchemist's inputs: every multiset of 2 or 4 non-gold cubes, as 5-tuples
ALCHEMY: dict[int, tuple[tuple[int, ...], ...]] = {}
for _n in (2, 4):
    _combos = set()

    def _rec(start, left, acc, _n=_n, _combos=_combos):
        if left == 0:
            _combos.add(tuple(acc))
            return
        for t in range(start, 4):
            acc[t] += 1
            _rec(t, left - 1, acc)
            acc[t] -= 1

    _rec(0, _n, [0, 0, 0, 0, 0])
    ALCHEMY[_n] = tuple(sorted(_combos, reverse=True))
#: the trade's two gained cubes (no gold), as sorted pairs
TRADE_PAIRS = tuple((a, b) for a in NON_GOLD for b in NON_GOLD if a <= b)


class CaylusState(State):
    __slots__ = (
        "order", "deniers", "score", "cubes", "fav", "fav_used", "workers",
        "road", "owner", "occ", "supply", "spec", "stables", "inn", "castle_q",
        "passed", "bailiff", "provost", "filled", "houses", "section", "scored",
        "turn", "phase", "cursor", "placer", "stack", "batches", "pending_conv",
        "scoring", "final", "lawyer_pp",
    )

    # Caylus is open information (rules reference, issue: "nearly open"): the neutral tiles are
    # placed face up at setup and nothing is drawn later, so no zone is hidden.
    ZONES = ()
    SECRETS = {}

    @classmethod
    def setup(cls, game, players, seed, options) -> CaylusState:
        self = cls.__new__(cls)
        self._init_base(game, players, seed, options)
        rng = self.rng
        order = list(range(players))
        rng.shuffle(order)  # §1.2 step 1: turn order at random
        self.order = order
        money = B.START_DENIERS_2P if players == 2 else B.START_DENIERS
        self.deniers = [0] * players
        for position, seat in enumerate(order):
            self.deniers[seat] = money[position]
        self.score = [0] * players
        self.cubes = [list(B.START_CUBES) for _ in range(players)]
        self.fav = [[0, 0, 0, 0] for _ in range(players)]
        self.fav_used = [0] * players
        self.workers = [B.WORKERS] * players
        neutral = list(B.NEUTRAL_TILES)
        rng.shuffle(neutral)  # §1.4: R1–R6 in random order, face up
        road = [-1] * B.ROAD
        road[0:6] = neutral
        for space, tile in B.FIXED_AT.items():
            road[space] = tile
        self.road = road
        self.owner = [-1] * B.ROAD
        self.occ = [-1] * B.ROAD
        supply = list(B.BUILDABLE)
        if not options["jeweller"]:
            supply.remove(B.JEWELLER_ID)
        if options["architects"] == 1:
            supply.remove(B.SECOND_ARCHITECT_ID)
        self.supply = supply
        self.lawyer_pp = options["lawyer_points"]
        self.spec = [-1, -1, -1, -1]
        self.stables = []
        self.inn = [-1, -1]
        self.castle_q = []
        self.passed = []
        self.bailiff = self.provost = B.START
        self.filled = [0, 0, 0]
        self.houses = [[0] * players for _ in range(3)]
        self.section = 0
        self.scored = 0
        self.turn = 0
        self.phase = P_PLACE
        self.cursor = 0
        self.placer = 0
        self.stack = []
        self.batches = [0] * players
        self.pending_conv = []
        self.scoring = -1
        self.final = None
        self.emit("setup", order=list(order), road=[NAMES[t] for t in neutral],
                  deniers=list(self.deniers))
        self._new_turn()
        self._run()
        return self

    def _copy(self) -> CaylusState:
        o = CaylusState.__new__(CaylusState)
        o.order = self.order.copy()
        o.deniers = self.deniers.copy()
        o.score = self.score.copy()
        o.cubes = [c.copy() for c in self.cubes]
        o.fav = [f.copy() for f in self.fav]
        o.fav_used = self.fav_used.copy()
        o.workers = self.workers.copy()
        o.road = self.road.copy()
        o.owner = self.owner.copy()
        o.occ = self.occ.copy()
        o.supply = self.supply.copy()
        o.spec = self.spec.copy()
        o.stables = self.stables.copy()
        o.inn = self.inn.copy()
        o.castle_q = self.castle_q.copy()
        o.passed = self.passed.copy()
        o.bailiff = self.bailiff
        o.provost = self.provost
        o.filled = self.filled.copy()
        o.houses = [h.copy() for h in self.houses]
        o.section = self.section
        o.scored = self.scored
        o.turn = self.turn
        o.phase = self.phase
        o.cursor = self.cursor
        o.placer = self.placer
        o.stack = self.stack.copy()
        o.batches = self.batches.copy()
        o.pending_conv = self.pending_conv.copy()
        o.scoring = self.scoring
        o.final = self.final
        o.lawyer_pp = self.lawyer_pp
        return o

    # -- the contract -------------------------------------------------------------------------

    def to_move(self) -> list[int]:
        stack = self.stack
        return [stack[-1][1]] if stack else []

    def is_over(self) -> bool:
        return self.phase == P_OVER

    def _legal_actions(self, seat: int) -> list:
        return self._options(self.stack[-1])

    def _apply(self, seat: int, action) -> None:
        self._resolve(self.stack.pop(), action)
        self._run()

    # -- the driver ---------------------------------------------------------------------------

    def _run(self) -> None:
        """Advance until a decision with two or more answers is awaited, or the game ends."""
        stack = self.stack
        while True:
            if stack:
                frame = stack[-1]
                options = self._options(frame)
                if len(options) > 1:
                    self._legal = {frame[1]: options}
                    return
                stack.pop()
                if options:
                    self._resolve(frame, options[0])
                else:  # §5: a favour with every track used this phase is lost
                    self.emit("favour_lost", seat=frame[1])
                continue
            phase = self.phase
            if phase == P_PLACE:
                self._step_place()
            elif phase == P_SPECIAL:
                self._step_special()
            elif phase == P_BRIBE:
                self._step_bribe()
            elif phase == P_ROAD:
                self._step_road()
            elif phase == P_CASTLE:
                self._step_castle()
            elif phase == P_END:
                self._step_end()
            else:
                return

    def _begin(self, phase: int) -> None:
        self.phase = phase
        self.cursor = 0
        self.fav_used = [0] * self.players  # §5: one favour per track per phase

    # -- phase 1: income (§2 phase 1) -----------------------------------------------------------

    def _new_turn(self) -> None:
        self.turn += 1
        players = self.players
        if players == 2 and self.turn > 1:
            self.order.reverse()  # §1.3: turn order alternates every turn
        income = [B.INCOME] * players
        road, owner = self.road, self.owner
        for i in range(B.ROAD):
            o = owner[i]
            if o >= 0:
                income[o] += INCOME[road[i]]
        deniers = self.deniers
        for seat in range(players):
            deniers[seat] += income[seat]
        inn_right = self.inn[1]
        self.workers = [B.WORKERS - (seat == inn_right) for seat in range(players)]
        self.passed = []
        self.batches = [0] * players
        self.placer = 0
        self._begin(P_PLACE)
        self.emit("turn", turn=self.turn, order=list(self.order), income=income)

    # -- phase 2: placing workers (§2 phase 2) --------------------------------------------------

    def _step_place(self) -> None:
        order, passed, players = self.order, self.passed, self.players
        if len(passed) == players:
            self._begin(P_SPECIAL)
            return
        k = self.placer
        while order[k % players] in passed:
            k += 1
        self.placer = k % players
        self.stack.append((F_PLACE, order[self.placer], 0, 0))

    def base_cost(self) -> int:
        """The placement price on the bridge scale: 1 + passed players (2 players: 1, then 3)."""
        n = len(self.passed)
        if self.players == 2:
            return B.TWO_PLAYER_LATE_COST if n else 1
        return 1 + n

    def place_cost(self, seat: int, target: int) -> int:
        if self.inn[1] == seat:
            return 1  # §2: the Inn's right circle
        if target < B.ROAD and self.owner[target] == seat:
            return 1  # own building
        return self.base_cost()

    def targets(self, seat: int, gate: bool = False) -> list[int]:
        """Where ``seat`` may put a worker now (phase 2), or send the Gate's worker (phase 3)."""
        out = []
        spec = self.spec
        for k in range(1 if gate else 0, 4):
            if spec[k] < 0:
                out.append(B.SPECIAL_TARGET + k)
        stables = self.stables
        if (self.players > 2 and len(stables) < self.options["stables_spots"]
                and seat not in stables):
            out.append(B.SPECIAL_TARGET + B.STABLES)
        inn = self.inn
        if inn[0] < 0 and not (gate and seat in inn):
            out.append(B.SPECIAL_TARGET + B.INN)
        if seat not in self.castle_q:
            out.append(B.CASTLE_TARGET)
        road, occ = self.road, self.occ
        for i in range(B.ROAD):
            t = road[i]
            if t >= 0 and occ[i] < 0 and WORKABLE[t]:
                out.append(i)
        return out

    def _place_options(self, seat: int) -> list:
        acts = [PASS]
        if self.workers[seat] <= 0:
            return acts
        money = self.deniers[seat]
        base = 1 if self.inn[1] == seat else self.base_cost()
        owner, road = self.owner, self.road
        for target in self.targets(seat):
            if target < B.ROAD:
                if base <= money or (owner[target] == seat and money >= 1):
                    acts.append(_target_action("place", target, road[target]))
            elif base <= money:
                acts.append(_target_action("place", target))
        return acts

    def _put(self, seat: int, target: int) -> None:
        """A worker arrives on ``target`` (placement or the Gate)."""
        if target < B.ROAD:
            self.occ[target] = seat
            o = self.owner[target]
            if o >= 0 and o != seat:
                self.score[o] += 1  # §2: the owner of a used building scores 1 at once
        elif target == B.CASTLE_TARGET:
            self.castle_q.append(seat)
        else:
            k = target - B.SPECIAL_TARGET
            if k == B.STABLES:
                self.stables.append(seat)
            elif k == B.INN:
                self.inn[0] = seat
            else:
                self.spec[k] = seat

    # -- phase 3: special buildings (§2 phase 3) ------------------------------------------------

    def _step_special(self) -> None:
        c = self.cursor
        self.cursor = c + 1
        spec = self.spec
        if c == B.GATE:
            if spec[0] >= 0:
                self.stack.append((F_GATE, spec[0], 0, 0))
        elif c == B.TRADING:
            seat = spec[1]
            if seat >= 0:
                self.deniers[seat] += B.TRADING_POST_DENIERS
                spec[1] = -1
                self.emit("trading_post", seat=seat, deniers=B.TRADING_POST_DENIERS)
        elif c == B.GUILD:
            if spec[2] >= 0:
                self.stack.append((F_GUILD, spec[2], 0, 0))
                spec[2] = -1
        elif c == B.JOUST:
            if spec[3] >= 0:
                self.stack.append((F_JOUST, spec[3], 0, 0))
                spec[3] = -1
        elif c == B.STABLES:
            stables = self.stables
            if stables:  # §2 phase 3.5: occupants take positions 1, 2, 3 in spot order
                self.order = stables + [s for s in self.order if s not in stables]
                self.stables = []
                self.emit("stables", order=list(self.order))
        elif c == B.INN:
            inn = self.inn
            if inn[0] >= 0:
                if inn[1] >= 0 and inn[1] != inn[0]:
                    self.emit("inn_out", seat=inn[1])
                inn[1] = inn[0]
                inn[0] = -1
                self.emit("inn", seat=inn[1])
            elif inn[1] >= 0:
                self.stack.append((F_INN, inn[1], 0, 0))
        else:
            self._begin(P_BRIBE)

    def _provost_moves(self, reach: int, money: int | None) -> list[int]:
        p = self.provost
        out = []
        for k in range(-reach, reach + 1):
            if 0 <= p + k <= B.LAST and (money is None or abs(k) <= money):
                out.append(k)
        return out

    # -- phase 4: bribing the provost (§2 phase 4) ----------------------------------------------

    def _step_bribe(self) -> None:
        c = self.cursor
        if c >= len(self.passed):
            self._begin(P_ROAD)
            return
        self.cursor = c + 1
        self.stack.append((F_BRIBE, self.passed[c], 0, 0))

    # -- phase 5: activating the road (§2 phase 5) ----------------------------------------------

    def _step_road(self) -> None:
        c = self.cursor
        self.cursor = c + 1
        i = c >> 1
        if i > self.provost:
            self._end_road()
            return
        if c & 1:  # after the building resolved: delayed Lawyer conversions, worker home
            if self.pending_conv:
                for entry in [e for e in self.pending_conv if e[0] == i]:
                    self.pending_conv.remove(entry)
                    self._convert(i, entry[1])
            self.occ[i] = -1
            return
        seat = self.occ[i]
        if seat < 0:
            self.cursor = c + 2
            return
        self._activate(seat, i)

    def _activate(self, seat: int, i: int) -> None:
        t = self.road[i]
        effect = EFFECT[t]
        stack = self.stack
        if effect == "produce":
            gains = DATA[t]
            owner = self.owner[i]
            if BONUS[t] and owner >= 0 and owner != seat:
                stack.append((F_BONUS, owner, t, 0))  # §2 phase 5: stone owner bonus
            if len(gains) == 1:
                self._gain(seat, gains[0])
                self.emit("produce", seat=seat, space=i + 1, building=NAMES[t],
                          cubes=list(gains[0]))
            else:
                stack.append((F_PROD, seat, t, i))
        elif effect == "sell":
            stack.append((F_SELL, seat, DATA[t][0], 0))
        elif effect == "buy":
            stack.append((F_BUY, seat, DATA[t][0], DATA[t][1]))
        elif effect == "build":
            stack.append((F_BUILD, seat, _KIND_CODE[DATA[t][0]], -1))
        elif effect == "exchange":
            stack.append((F_EXCH, seat, t, 0))
        elif effect == "alchemist":
            stack.append((F_ALCH, seat, t, 0))
        elif effect == "lawyer":
            stack.append((F_LAWYER, seat, 0, 0))

    def _end_road(self) -> None:
        occ = self.occ
        for i in range(B.ROAD):
            occ[i] = -1  # §2 phase 5: workers beyond the provost return with no effect
        if self.pending_conv and self.options["lawyer_unactivated"] == "end-of-activation":
            self._flush_conversions()
        self._begin(P_CASTLE)

    def _flush_conversions(self) -> None:
        pending, self.pending_conv = self.pending_conv, []
        for space, seat in pending:
            self._convert(space, seat)

    # -- phase 6: the castle (§2 phase 6, §4) ---------------------------------------------------

    def _step_castle(self) -> None:
        c = self.cursor
        q = self.castle_q
        if c < len(q):
            self.cursor = c + 1
            self.stack.append((F_CASTLE, q[c], 0, 0))
            return
        if c == len(q) and q:
            self.cursor = c + 1
            batches = self.batches
            best, most = -1, B.BEST_BUILDER_MIN - 1
            for seat in q:  # ties go to the earliest arrival
                if batches[seat] > most:
                    best, most = seat, batches[seat]
            if best >= 0:
                self.emit("best_builder", seat=best, batches=most)
                self._favour(best)
            return
        self.castle_q = []
        self._begin(P_END)

    def room(self) -> int:
        """The first section with a free space, from the current one; 3 if the castle is full."""
        s = self.section
        filled = self.filled
        while s < 3 and filled[s] >= B.SECTION_SIZE[s]:
            s += 1
        return s

    # -- phase 7: bailiff, provost, section scoring (§2 phase 7, §4.2) ------------------------

    def _step_end(self) -> None:
        c = self.cursor
        if c == 0:
            step = 2 if self.provost > self.bailiff else 1
            self.bailiff = min(self.bailiff + step, B.LAST)
            self.provost = self.bailiff
            self.emit("bailiff", space=self.bailiff + 1)
            self.cursor = 1
        elif c == 1:
            s = self.section
            if s < 3 and (self.bailiff >= B.SECTION_TRIGGER[s]
                          or self.filled[s] >= B.SECTION_SIZE[s]):
                self._score_section(s)
                self.cursor = 2
            else:
                self.cursor = 3
        elif c == 2:
            self.scored += 1
            self.section += 1
            self.scoring = -1
            if self.section >= 3:
                self._game_end()
                return
            self.cursor = 1 if self.options["scoring"] == "sequential" else 3
        else:
            if self.pending_conv:
                self._flush_conversions()
            self._new_turn()

    def _score_section(self, s: int) -> None:
        self.scoring = s
        houses = self.houses[s]
        penalty = B.SECTION_PENALTY[s]
        table = B.SECTION_FAVOURS[s]
        awards = []
        for seat in self.order:  # §4.2: in turn order
            n = houses[seat]
            if n == 0:
                self.score[seat] = max(0, self.score[seat] - penalty)
                awards.append((seat, -penalty, 0))
            else:
                awards.append((seat, 0, table[min(n, len(table) - 1)]))
        self.emit("section_scored", section=B.SECTIONS[s],
                  results=[{"seat": a, "penalty": p, "favours": f} for a, p, f in awards])
        for seat, _, favours in reversed(awards):  # the first in turn order resolves first
            for _ in range(favours):
                self._favour(seat)

    def _game_end(self) -> None:
        if self.pending_conv:
            self._flush_conversions()
        final = []
        for seat in range(self.players):
            c = self.cubes[seat]
            gold = c[GOLD] * B.GOLD_PP
            others = (c[0] + c[1] + c[2] + c[3]) // B.CUBES_PER_PP
            money = self.deniers[seat] // B.DENIERS_PER_PP
            self.score[seat] += gold + others + money
            final.append({"gold": gold, "cubes": others, "deniers": money})
        self.final = final
        self.phase = P_OVER
        self.emit("game_over", scores=list(self.score), bonuses=final)

    def result(self) -> Result:
        if self.phase != P_OVER:
            raise ValueError("the game is not over")
        return Result(
            scores=tuple(self.score),
            ranks=ranks_from_keys(list(self.score)),
            tiebreak="none: tied players share the victory (rules §6)",
            details={"final_bonus": self.final, "turns": self.turn},
        )

    # -- effects --------------------------------------------------------------------------------

    def _gain(self, seat: int, gain) -> None:
        c = self.cubes[seat]
        for t in range(5):
            c[t] += gain[t]

    def _favour(self, seat: int) -> None:
        if self.options["favours"] == "simple":  # beginners' variant: 3 PP each
            self.score[seat] += B.SIMPLE_FAVOUR_PP
            self.emit("favour", seat=seat, track="simple", column=0)
            return
        self.stack.append((F_FAVOUR, seat, 0, 0))

    def free_site(self) -> int:
        road = self.road
        for i in SITES:
            if road[i] < 0:
                return i
        return -1

    def _build(self, seat: int, tile: int, pay: int, discount: int) -> None:
        c = self.cubes[seat]
        cost = COSTS[tile]
        for t in range(5):
            c[t] -= cost[t]
        if discount >= 0:
            c[discount] += 1
        if pay >= 0:
            c[pay] -= 1
        self.supply.remove(tile)
        space = self.free_site()
        self.road[space] = tile
        self.owner[space] = seat
        self._built(seat, tile, space)

    def _built(self, seat: int, tile: int, space: int) -> None:
        pp = self.lawyer_pp if tile == B.LAWYER_ID else CATALOGUE[tile].pp
        self.score[seat] += pp
        self.emit("build", seat=seat, building=NAMES[tile], space=space + 1, pp=pp)
        for _ in range(FAVOURS[tile]):
            self._favour(seat)

    def lawyer_targets(self, seat: int) -> list[int]:
        """§7.3: neutral tiles, or the seat's own wood/stone tiles other than the Lawyer."""
        road, owner = self.road, self.owner
        pending = [e[0] for e in self.pending_conv]
        out = []
        for i in range(B.ROAD):
            t = road[i]
            if t < 0 or i in pending:
                continue
            kind = KINDS[t]
            if kind == B.NEUTRAL or (
                kind in (WOOD_B, STONE_B) and owner[i] == seat and t != B.LAWYER_ID
            ):
                out.append(i)
        return out

    def _lawyer(self, seat: int, space: int, favour: bool) -> None:
        if not favour:
            self.deniers[seat] -= B.RESIDENCE_DENIERS
        self.cubes[seat][B.CLOTH] -= B.RESIDENCE_CLOTH
        occupied = self.occ[space] >= 0
        if occupied and (not favour or self.options["lawyer_favour_delay"]
                         or self.phase != P_SPECIAL):
            # §7.3 point 9: paid now, converted once that building has been activated
            self.pending_conv.append((space, seat))
            self.emit("lawyer_pending", seat=seat, space=space + 1)
        else:
            self._convert(space, seat)

    def _convert(self, space: int, seat: int) -> None:
        t = self.road[space]
        if KINDS[t] != B.NEUTRAL:
            insort(self.supply, t)  # a player's tile returns to the supply
        self.road[space] = RESIDENCE_ID
        self.owner[space] = seat
        self.score[seat] += CATALOGUE[RESIDENCE_ID].pp
        self.emit("residence", seat=seat, space=space + 1, replaced=NAMES[t])

    # -- decisions: options ---------------------------------------------------------------------

    def _options(self, frame) -> list:
        kind, seat, a, b = frame
        if kind == F_PLACE:
            return self._place_options(seat)
        if kind == F_GATE:
            acts = [STAY]
            road = self.road
            for target in self.targets(seat, gate=True):
                acts.append(_target_action("gate", target, road[target] if target < B.ROAD else -1))
            return acts
        if kind == F_GUILD:
            return [ACTIONS("guild", k) for k in self._provost_moves(B.GUILD_REACH, None)]
        if kind == F_JOUST:
            price, cube = B.JOUST_PRICE
            if self.deniers[seat] >= price and self.cubes[seat][cube] >= 1:
                return [JOUST, NO_JOUST]
            return [NO_JOUST]
        if kind == F_INN:
            return [INN_STAY, INN_LEAVE]
        if kind == F_BRIBE:
            acts = [NO_BRIBE]
            for k in self._provost_moves(B.BRIBE_REACH, self.deniers[seat]):
                if k:
                    acts.append(ACTIONS("bribe", k))
            return acts
        if kind == F_PROD:
            return [ACTIONS("take", g, _cubes_words(g)) for g in DATA[a]]
        if kind == F_BONUS:
            return [ACTIONS("bonus", t) for t in BONUS[a]]
        c = self.cubes[seat]
        if kind == F_SELL:
            return [NO_SELL] + [ACTIONS("sell", t) for t in range(5) if c[t]]
        if kind == F_BUY:
            if self.deniers[seat] < b:
                return [NO_BUY]
            return [NO_BUY] + [ACTIONS("buy", t) for t in NON_GOLD]
        if kind == F_BUILD:
            return [NO_BUILD] + self.build_options(seat, a, b)
        if kind == F_EXCH:
            acts = [DECLINE]
            money = self.deniers[seat]
            for option in DATA[a]:
                pay_d, pay = option[0], option[1]
                if pay_d <= money and all(c[t] >= pay[t] for t in range(5)):
                    acts.append(ACTIONS("exchange", option, _exchange_text(option)))
            return acts
        if kind == F_ALCH:
            acts = [DECLINE]
            for paid_n, gold in DATA[a]:
                for combo in ALCHEMY[paid_n]:
                    if all(c[t] >= combo[t] for t in range(4)):
                        acts.append(ACTIONS("alchemist", combo, gold))
            return acts
        if kind == F_LAWYER:
            if c[B.CLOTH] < B.RESIDENCE_CLOTH or (not a and self.deniers[seat] < B.RESIDENCE_DENIERS):
                return [DECLINE]
            road = self.road
            return [DECLINE] + [ACTIONS("convert", i, _label(i, road[i]))
                                for i in self.lawyer_targets(seat)]
        if kind == F_CASTLE:
            acts = [STOP]
            if self.room() < 3:
                for k, (x, y, z) in enumerate(BATCHES):
                    if c[x] and c[y] and c[z]:
                        acts.append(ACTIONS("deliver", k))
            return acts
        if kind == F_FAVOUR:
            return self.favour_options(seat)
        if kind == F_GIVE:
            return [ACTIONS("give", t) for t in range(5) if c[t]]
        if kind == F_TAKE:
            return [ACTIONS("gain2", x, y) for x, y in TRADE_PAIRS]
        raise AssertionError(f"unknown decision {frame}")

    def build_options(self, seat: int, code: int, discount: int) -> list:
        """Tiles ``seat`` can build now: ``code`` 0 wood, 1 stone, 2 prestige; ``discount`` is
        the cube type the favour track takes off the cost (or -1)."""
        c = self.cubes[seat]
        acts = []
        kind = _KINDS_BY_CODE[code]
        if kind == PRESTIGE:
            road, owner = self.road, self.owner
            homes = [i for i in range(B.ROAD) if road[i] == RESIDENCE_ID and owner[i] == seat]
            if not homes:
                return acts
            for tile in self.supply:
                if KINDS[tile] == PRESTIGE and _affords(c, COSTS[tile], -1):
                    for i in homes:
                        acts.append(ACTIONS("architect", tile, i))
            return acts
        if self.free_site() < 0:
            return acts
        seen = set()
        for tile in self.supply:
            if KINDS[tile] != kind:
                continue
            name = NAMES[tile]
            if name in seen:
                continue  # identical tiles (the two Architects): one choice
            seen.add(name)
            cost = COSTS[tile]
            if not _affords(c, cost, discount):
                continue
            if ANY[tile]:
                for p in range(5):
                    need = cost[p] - (1 if p == discount else 0) + 1
                    if c[p] >= need:
                        acts.append(ACTIONS("build", tile, p))
            else:
                acts.append(ACTIONS("build", tile, -1))
        return acts

    def favour_options(self, seat: int) -> list:
        """§5: choose an unused track; its marker moves right if it can; take one column."""
        acts = []
        used = self.fav_used[seat]
        top = B.UNLOCKED[self.scored]
        c = self.cubes[seat]
        for track in range(4):
            if used >> track & 1:
                continue
            m = self.fav[seat][track]
            m = m + 1 if m < top else m
            if track == B.PRESTIGE_T:
                acts.append(ACTIONS("favour", track, m, f"{B.FAVOUR_PP[m]} PP"))
            elif track == B.DENIERS_T:
                acts.append(ACTIONS("favour", track, m, f"{B.FAVOUR_DENIERS[m]} deniers"))
            elif track == B.RESOURCES_T:
                for col in range(1, m + 1):
                    if col == B.TRADE_COLUMN:
                        if any(c):
                            acts.append(ACTIONS("favour", track, col, "trade"))
                    else:
                        for word, _ in B.FAVOUR_RESOURCES[col]:
                            acts.append(ACTIONS("favour", track, col, word))
            else:
                for col in range(1, m + 1):
                    word, kind, discount = B.FAVOUR_BUILDINGS[col]
                    if col == 1:
                        acts.append(ACTIONS("favour", track, col, "building track, no effect"))
                    elif kind == B.RESIDENCE:
                        if c[B.CLOTH] >= B.RESIDENCE_CLOTH and self.lawyer_targets(seat):
                            acts.append(ACTIONS("favour", track, col, word))
                    elif self.build_options(seat, _KIND_CODE[kind],
                                            -1 if discount is None else discount):
                        acts.append(ACTIONS("favour", track, col, word))
        return acts

    # -- decisions: resolution ------------------------------------------------------------------

    def _resolve(self, frame, action) -> None:
        kind, seat, a, b = frame
        verb = action.kind
        args = action.args
        if kind == F_PLACE:
            if verb == "pass":
                first = not self.passed
                self.passed.append(seat)
                bonus = 0
                if first and (self.players > 2 or self.options["two_player_pass_bonus"]):
                    bonus = B.FIRST_PASS_BONUS
                    self.deniers[seat] += bonus
                self.emit("pass", seat=seat, position=len(self.passed), deniers=bonus)
            else:
                target = args[0]
                cost = self.place_cost(seat, target)
                self.deniers[seat] -= cost
                self.workers[seat] -= 1
                self._put(seat, target)
                self.emit("place", seat=seat, target=args[1], cost=cost)
            self.placer = self.order.index(seat) + 1
        elif kind == F_GATE:
            self.spec[0] = -1
            if verb == "gate":
                self._put(seat, args[0])
                self.emit("gate", seat=seat, target=args[1])
        elif kind in (F_GUILD, F_BRIBE):
            if verb != "nobribe":
                k = args[0]
                if kind == F_BRIBE:
                    self.deniers[seat] -= abs(k)
                self.provost += k
                self.emit("provost", seat=seat, moved=k, space=self.provost + 1,
                          paid=abs(k) if kind == F_BRIBE else 0)
        elif kind == F_JOUST:
            if verb == "joust":
                price, cube = B.JOUST_PRICE
                self.deniers[seat] -= price
                self.cubes[seat][cube] -= 1
                self.emit("joust", seat=seat)
                self._favour(seat)
        elif kind == F_INN:
            if verb == "innleave":
                self.inn[1] = -1
                self.emit("inn_out", seat=seat)
        elif kind == F_PROD:
            self._gain(seat, args[0])
            self.emit("produce", seat=seat, space=b + 1, building=NAMES[a], cubes=list(args[0]))
        elif kind == F_BONUS:
            self.cubes[seat][args[0]] += 1
            self.emit("owner_bonus", seat=seat, cube=CUBES[args[0]])
        elif kind == F_SELL:
            if verb == "sell":
                self.cubes[seat][args[0]] -= 1
                self.deniers[seat] += a
                self.emit("sell", seat=seat, cube=CUBES[args[0]], deniers=a)
        elif kind == F_BUY:
            if verb == "buy":
                self.cubes[seat][args[0]] += 1
                self.deniers[seat] -= b
                self.emit("buy", seat=seat, cube=CUBES[args[0]], deniers=b)
                if a > 1:
                    self.stack.append((F_BUY, seat, a - 1, b))
        elif kind == F_BUILD:
            if verb == "architect":
                tile, space = args
                c = self.cubes[seat]
                cost = COSTS[tile]
                for t in range(5):
                    c[t] -= cost[t]
                self.supply.remove(tile)
                self.road[space] = tile
                self._built(seat, tile, space)
            elif verb != "nobuild":
                self._build(seat, args[0], args[1], b)
        elif kind == F_EXCH:
            if verb == "exchange":
                pay_d, pay, gain_d, gain, pp = args[0]
                c = self.cubes[seat]
                for t in range(5):
                    c[t] += gain[t] - pay[t]
                self.deniers[seat] += gain_d - pay_d
                self.score[seat] += pp
                self.emit("exchange", seat=seat, building=NAMES[a], text=action.text)
        elif kind == F_ALCH:
            if verb == "alchemist":
                combo, gold = args
                c = self.cubes[seat]
                for t in range(4):
                    c[t] -= combo[t]
                c[GOLD] += gold
                self.emit("exchange", seat=seat, building=NAMES[a], text=action.text)
        elif kind == F_LAWYER:
            if verb == "convert":
                self._lawyer(seat, args[0], bool(a))
        elif kind == F_CASTLE:
            if verb == "deliver":
                batch = BATCHES[args[0]]
                c = self.cubes[seat]
                for t in batch:
                    c[t] -= 1
                s = self.room()
                self.filled[s] += 1
                self.houses[s][seat] += 1
                points = B.SECTION_POINTS[s]
                self.score[seat] += points
                self.batches[seat] += 1
                self.emit("castle", seat=seat, section=B.SECTIONS[s], pp=points)
                self.stack.append((F_CASTLE, seat, 0, 0))
            elif self.batches[seat] == 0 and self.room() < 3:
                self.score[seat] = max(0, self.score[seat] - B.EMPTY_CASTLE_PENALTY)
                self.emit("castle_empty", seat=seat, penalty=B.EMPTY_CASTLE_PENALTY)
        elif kind == F_FAVOUR:
            self._take_favour(seat, args[0], args[1], args[2])
        elif kind == F_GIVE:
            self.cubes[seat][args[0]] -= 1
            self.stack.append((F_TAKE, seat, 0, 0))
        elif kind == F_TAKE:
            c = self.cubes[seat]
            c[args[0]] += 1
            c[args[1]] += 1
            self.emit("trade", seat=seat, took=[CUBES[args[0]], CUBES[args[1]]])

    def _take_favour(self, seat: int, track: int, col: int, word: str) -> None:
        self.fav_used[seat] |= 1 << track
        marks = self.fav[seat]
        top = B.UNLOCKED[self.scored]
        if marks[track] < top:
            marks[track] += 1
        self.emit("favour", seat=seat, track=B.TRACKS[track], column=col, choice=word)
        if track == B.PRESTIGE_T:
            self.score[seat] += B.FAVOUR_PP[col]
        elif track == B.DENIERS_T:
            self.deniers[seat] += B.FAVOUR_DENIERS[col]
        elif track == B.RESOURCES_T:
            if col == B.TRADE_COLUMN:
                self.stack.append((F_GIVE, seat, 0, 0))
            else:
                for name, gain in B.FAVOUR_RESOURCES[col]:
                    if name == word:
                        self._gain(seat, gain)
        else:
            _, kind, discount = B.FAVOUR_BUILDINGS[col]
            if kind == B.RESIDENCE:
                self.stack.append((F_LAWYER, seat, 1, 0))
            elif kind is not None:
                self.stack.append((F_BUILD, seat, _KIND_CODE[kind],
                                   -1 if discount is None else discount))

    # -- views ----------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        road, owner, occ = self.road, self.owner, self.occ
        frame = self.stack[-1] if self.stack else None
        pending = None
        if frame is not None:
            pending = {"decision": FRAME_NAMES[frame[0]], "seat": frame[1]}
            if frame[0] in (F_PROD, F_BONUS, F_EXCH, F_ALCH):
                pending["building"] = NAMES[frame[2]]
        return {
            "turn": self.turn,
            "phase": PHASE_NAMES[self.phase],
            "pending": pending,
            "order": list(self.order),
            "passed": list(self.passed),
            "bailiff": self.bailiff + 1,
            "provost": self.provost + 1,
            "place_cost": self.base_cost(),
            "road": [
                {
                    "space": i + 1,
                    "building": CATALOGUE[road[i]].key if road[i] >= 0 else None,
                    "name": NAMES[road[i]] if road[i] >= 0 else None,
                    "kind": KINDS[road[i]] if road[i] >= 0 else "site",
                    "owner": owner[i] if owner[i] >= 0 else None,
                    "worker": occ[i] if occ[i] >= 0 else None,
                }
                for i in range(B.ROAD)
            ],
            "special": {
                "gate": _seat(self.spec[0]),
                "trading_post": _seat(self.spec[1]),
                "guild": _seat(self.spec[2]),
                "joust": _seat(self.spec[3]),
                "stables": list(self.stables),
                "inn": [_seat(self.inn[0]), _seat(self.inn[1])],
            },
            "castle": {
                "workers": list(self.castle_q),
                "section": B.SECTIONS[self.section] if self.section < 3 else None,
                "sections": [
                    {
                        "name": B.SECTIONS[s],
                        "size": B.SECTION_SIZE[s],
                        "points": B.SECTION_POINTS[s],
                        "filled": self.filled[s],
                        "houses": list(self.houses[s]),
                        "scored": s < self.scored,
                    }
                    for s in range(3)
                ],
            },
            "favour_columns": B.UNLOCKED[self.scored],
            "supply": [CATALOGUE[t].key for t in self.supply],
            "lawyer_pending": [e[0] + 1 for e in self.pending_conv],
            "holdings": [
                {
                    "deniers": self.deniers[s],
                    "score": self.score[s],
                    "cubes": dict(zip(CUBES, self.cubes[s], strict=True)),
                    "workers": self.workers[s],
                    "favours": dict(zip(B.TRACKS, self.fav[s], strict=True)),
                    "favour_used": [B.TRACKS[k] for k in range(4) if self.fav_used[s] >> k & 1],
                    "batches": self.batches[s],
                }
                for s in range(self.players)
            ],
        }


def _seat(x: int):
    return x if x >= 0 else None


def _affords(c, cost, discount: int) -> bool:
    for t in range(5):
        need = cost[t] - (1 if t == discount else 0)
        if c[t] < need:
            return False
    return True


def _cubes_words(gain) -> str:
    return " + ".join(f"{n} {CUBES[t]}" for t, n in enumerate(gain) if n)


_KINDS_BY_CODE = (WOOD_B, STONE_B, PRESTIGE)
_KIND_CODE = {WOOD_B: 0, STONE_B: 1, PRESTIGE: 2}
