"""A Citadels bot that plays like a sensible person (it sees only a determinization).

Draft: value each offered character for the current position (income from its district type,
building power, crown, protection, attack when someone is close to finishing). Turn: gather what is
short (gold when a card in hand is within reach, cards when the hand is poor), use the character
against the leader, build the most valuable affordable district, take income after building (or
before, when it pays for the build), then end the turn.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from donjon.engine import Action
from donjon.games.citadels.actions import DRAFT, character_of, district_of, number
from donjon.games.citadels.cards import (
    ABBOT,
    ALCHEMIST,
    ARCHITECT,
    ARTIST,
    ASSASSIN,
    BISHOP,
    BLACKMAILER,
    CARDINAL,
    DIPLOMAT,
    DISTRICT_COST,
    DISTRICT_TYPE,
    EMPEROR,
    INCOME_TYPE,
    KING,
    MAGICIAN,
    MAGISTRATE,
    MARSHAL,
    MERCHANT,
    NAVIGATOR,
    PATRICIAN,
    QUARRY,
    QUEEN,
    SCHOLAR,
    SCHOOL,
    SEER,
    SPY,
    TAX_COLLECTOR,
    THIEF,
    TRADER,
    UNIQUE,
    VAULT,
    WARLORD,
    WITCH,
    WIZARD,
)
from donjon.games.citadels.deck import KeepOne
from donjon.games.citadels.frames import Decision
from donjon.games.citadels.state import CitadelsState

Options = dict[str, list[Action]]

_BASE: Final = {
    ASSASSIN: 3.0, WITCH: 3.0, MAGISTRATE: 2.5, THIEF: 2.5, SPY: 2.0, BLACKMAILER: 2.5,
    MAGICIAN: 1.5, WIZARD: 2.0, SEER: 2.0, KING: 2.5, EMPEROR: 2.5, PATRICIAN: 2.5,
    BISHOP: 2.0, ABBOT: 2.0, CARDINAL: 2.0, MERCHANT: 3.0, ALCHEMIST: 2.5, TRADER: 2.5,
    ARCHITECT: 3.0, NAVIGATOR: 2.0, SCHOLAR: 2.5, WARLORD: 2.5, DIPLOMAT: 2.0, MARSHAL: 2.0,
    QUEEN: 2.0, ARTIST: 1.5, TAX_COLLECTOR: 2.0,
}
# characters worth attacking: the ones that make money or build
_TARGETS: Final = (ARCHITECT, MERCHANT, KING, PATRICIAN, EMPEROR, ALCHEMIST, TRADER, NAVIGATOR,
                   SCHOLAR, WARLORD, BISHOP, ABBOT, CARDINAL, TAX_COLLECTOR, QUEEN, WIZARD)


class HeuristicBot:
    blind = False

    def __init__(self, game: Any = None, seed: int | None = None) -> None:
        self.name = "heuristic"
        self.rng = random.Random(seed)

    # -- evaluation helpers ---------------------------------------------------------------

    def _card_value(self, st: CitadelsState, seat: int, d: int) -> float:
        city = st.cities[seat]
        if d == VAULT:
            return 6.0  # worth 3 points in hand at the end
        v = float(DISTRICT_COST[d])
        if DISTRICT_TYPE[d] == UNIQUE:
            v += 1.5
        if d in city and QUARRY not in city:
            v -= 8
        types = {DISTRICT_TYPE[x] for x in city}
        if DISTRICT_TYPE[d] not in types:
            v += 0.8
        if v > 0 and DISTRICT_COST[d] > st.gold[seat] + 6:
            v -= 2
        return v

    def _leader(self, st: CitadelsState, seat: int) -> int:
        best, who = -1.0, -1
        for s in range(st.players):
            if s == seat:
                continue
            value = st.size(s) * 3 + sum(DISTRICT_COST[d] for d in st.cities[s]) * 0.5 + st.gold[s] * 0.3
            if value > best:
                best, who = value, s
        return who

    # -- choose -----------------------------------------------------------------------------

    def choose(self, st: CitadelsState, seat: int) -> Action:
        legal = st.legal_actions(seat)
        if len(legal) == 1:
            return legal[0]
        by: Options = {}
        for a in legal:
            by.setdefault(a.kind, []).append(a)
        frame = st.pending()
        if isinstance(frame, Decision) and frame.shown:
            return self._decision(st, seat, legal, by)
        if st.phase == DRAFT:
            return self._draft(st, seat, by)
        return self._turn(st, seat, by)

    def _draft(self, st: CitadelsState, seat: int, by: Options) -> Action:
        if "fdiscard" in by:  # 2-player draft: deny the opponent the character best for him
            other = 1 - seat
            return max(by["fdiscard"],
                       key=lambda a: self._char_value(st, other, character_of(a.args[0])))
        return max(by["pick"], key=lambda a: self._char_value(st, seat, character_of(a.args[0]))
                   + self.rng.random() * 0.3)

    def _char_value(self, st: CitadelsState, seat: int, c: int) -> float:
        v = _BASE.get(c, 1.5)
        city = st.cities[seat]
        hand = st.hands[seat]
        gold = st.gold[seat]
        t = INCOME_TYPE[c]
        if t >= 0:
            v += 1.1 * (sum(1 for d in city if DISTRICT_TYPE[d] == t) + (SCHOOL in city))
        if c == ARCHITECT:
            v += 0.4 * min(len(hand), 4) + (1.0 if gold >= 5 else 0)
        if c in (MERCHANT, TRADER):
            v += 0.5 * (gold < 3)
        if c in (KING, PATRICIAN, EMPEROR) and st.crown != seat:
            v += 0.6
        if c == BISHOP and st.size(seat) >= st.complete_at - 2:
            v += 1.5
        near = max(st.size(s) for s in range(st.players) if s != seat)
        if c in (WARLORD, ASSASSIN, WITCH) and near >= st.complete_at - 2:
            v += 1.5
        if c == NAVIGATOR:
            v -= 1.0 if hand and gold >= min(DISTRICT_COST[d] for d in hand) else 0
        if c == MAGICIAN and not hand:
            v += 2.0
        if c == THIEF:
            v += 0.1 * max(st.gold)
        if c == SCHOLAR and not hand:
            v += 1.5
        return v

    def _turn(self, st: CitadelsState, seat: int, by: Options) -> Action:
        hand = st.hands[seat]
        gold = st.gold[seat]
        c = st.turn_character
        if "bewitch" in by:
            return self._pick_target(st, seat, by["bewitch"])
        if not st.gathered:
            first = self._before_gather(st, seat, by)
            if first is not None:
                return first
            if "gold" in by:
                useful = [d for d in hand if self._card_value(st, seat, d) > 0]
                want_cards = not useful or (gold >= 6 and len(useful) <= 1)
                if c in (ARCHITECT, NAVIGATOR):
                    want_cards = want_cards and not useful
                return by["draw"][0] if want_cards else by["gold"][0]
        for kind in ("crown", "taxes", "abbot"):
            if kind in by:
                if kind == "crown":
                    return self._give_crown(st, seat, by[kind])
                return by[kind][0]
        ability = self._ability(st, seat, by)
        if ability is not None:
            return ability
        # builds, richest first
        builds = [a for a in by.get("build", []) + by.get("buildfw", []) + by.get("borrow", [])
                  if self._card_value(st, seat, _district(a)) > 0]
        income = by.get("income", [])
        if builds:
            best = max(builds, key=lambda a: (self._card_value(st, seat, _district(a)),
                                              a.kind == "buildfw"))
            if best.kind == "buildfw" and DISTRICT_COST[_district(best)] < 4:
                plain = [a for a in by.get("build", []) if a.args[0] == best.args[0]]
                if plain:
                    best = plain[0]
            if income and c not in (TRADER,) and INCOME_TYPE[c] >= 0:
                t = INCOME_TYPE[c]
                if DISTRICT_TYPE[_district(best)] != t:
                    return self._income(income)
            return best
        if income and st.gathered:  # after building, so the new district counts
            return self._income(income)
        if "beautify" in by and gold >= 3:
            return max(by["beautify"], key=lambda a: DISTRICT_COST[_district(a)] % 2 == 0)
        if "smithy" in by and gold >= 5 and len(hand) <= 2:
            return by["smithy"][0]
        if "lab" in by and len(hand) >= 3:
            worst = min(by["lab"], key=lambda a: self._card_value(st, seat, _district(a)))
            if self._card_value(st, seat, _district(worst)) < 3:
                return worst
        if "museum" in by and len(hand) >= 3:
            return min(by["museum"], key=lambda a: self._card_value(st, seat, _district(a)))
        if "den" in by:
            return by["den"][0]
        if "necro" in by:
            return min(by["necro"], key=lambda a: DISTRICT_COST[_district(a)])
        if "end" in by:
            return by["end"][0]
        return self.rng.choice([a for v in by.values() for a in v])

    def _income(self, income: list[Action]) -> Action:
        return max(income, key=lambda a: number(a.args[0]) * 1.0 + number(a.args[1]) * 0.9)

    def _before_gather(self, st: CitadelsState, seat: int, by: Options) -> Action | None:
        for kind in ("kill", "rob", "sign", "threat"):
            if kind in by:
                return self._ability(st, seat, by)
        return None

    def _give_crown(self, st: CitadelsState, seat: int, options: list[Action]) -> Action:
        return min(options, key=lambda a: st.size(_seat(a)) * 10 + st.gold[_seat(a)])

    def _pick_target(self, st: CitadelsState, seat: int, options: list[Action]) -> Action:
        """A character to kill/rob/bewitch: a strong one that is not known to be out."""
        mine = set(st.revealed[seat]) | set(st.characters[seat])
        scored = []
        for a in options:
            c = character_of(a.args[0])
            if c in mine or c in st.faceup:
                continue
            w = 1.0
            if c in _TARGETS:
                w += 2.0 - _TARGETS.index(c) * 0.08
            w += self.rng.random()
            scored.append((w, a))
        if not scored:
            return options[0]
        return max(scored, key=lambda x: x[0])[1]

    def _ability(self, st: CitadelsState, seat: int, by: Options) -> Action | None:
        leader = self._leader(st, seat)
        for kind in ("kill", "rob", "sign", "threat"):
            if kind in by:
                return self._pick_target(st, seat, by[kind])
        if "spy" in by:
            target = max(range(st.players), key=lambda s: -1 if s == seat else len(st.hands[s]))
            opts = [a for a in by["spy"] if a.args[0] == target]
            return opts[self.rng.randrange(len(opts))] if opts else by["spy"][0]
        if "swap" in by:
            hand = st.hands[seat]
            best = max(by["swap"], key=lambda a: len(st.hands[_seat(a)]))
            if len(st.hands[_seat(best)]) >= len(hand) + 2:
                return best
            bad = [d for d in hand if self._card_value(st, seat, d) <= 2]
            if "magic" in by and bad:
                return by["magic"][0]
        if "look" in by:
            return max(by["look"], key=lambda a: len(st.hands[_seat(a)]))
        if "seer" in by:
            return by["seer"][0]
        if "navgold" in by:
            return by["navcards"][0] if not st.hands[seat] else by["navgold"][0]
        if "scholar" in by:
            return by["scholar"][0]
        if "destroy" in by:
            opts = [a for a in by["destroy"]
                    if _seat(a) == leader and number(a.args[3]) <= max(1, st.gold[seat] - 2)]
            if opts and st.size(leader) >= st.complete_at - 3:
                return max(opts, key=lambda a: DISTRICT_COST[_district(a, 1)])
        if "seize" in by:
            return max(by["seize"],
                       key=lambda a: (_seat(a) == leader, DISTRICT_COST[_district(a, 1)]))
        if "dtake" in by:
            return max(by["dtake"], key=lambda a: DISTRICT_COST[_district(a, 1)] + bool(a.args[2]))
        return None

    def _decision(self, st: CitadelsState, seat: int, legal: Sequence[Action],
                  by: Options) -> Action:
        if isinstance(st.pending(), KeepOne):
            return max(legal, key=lambda a: self._card_value(st, seat, _district(a)))
        k = legal[0].kind
        if k in ("warrant", "bluff"):
            return self._pick_target(st, seat, list(legal))
        if "bribe" in by:
            return by["bribe"][0] if number(by["bribe"][0].args[0]) <= 2 else by["refuse"][0]
        if "reveal" in by:
            return by["reveal"][0]
        if "mdiscard" in by:
            bad = [a for a in by["mdiscard"] if self._card_value(st, seat, _district(a)) <= 2]
            return bad[0] if bad else by["mdone"][0]
        if "take" in by:
            return max(by["take"], key=lambda a: DISTRICT_COST[_district(a)])
        if "wizbuild" in by:
            build = by["wizbuild"][0]
            return build if self._card_value(st, seat, _district(build)) > 0 else by["wizkeep"][0]
        if "give" in by:
            return min(by["give"], key=lambda a: self._card_value(st, seat, _district(a)))
        if "empgold" in by:
            return by["empgold"][0]
        if "dgive" in by:
            return min(by["dgive"], key=lambda a: number(a.args[2]) + DISTRICT_COST[_district(a)])
        if "dencard" in by:
            return min(by["dencard"], key=lambda a: self._card_value(st, seat, _district(a)))
        if "confiscate" in by:
            return by["confiscate"][0]
        if "theater_pass" in by:
            return by["theater_pass"][0]
        if "crown" in by:
            return self._give_crown(st, seat, by["crown"])
        return legal[0]


def _district(action: Action, i: int = 0) -> int:
    return district_of(action.args[i])


def _seat(action: Action) -> int:
    return number(action.args[0])
