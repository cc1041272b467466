"""Character abilities (rules reference §2.3) other than naming (``powers_naming``) and
rank 8 (``powers_cities``): the Spy, Magician, Wizard, Seer, Emperor, Abbot, Navigator,
Scholar, Artist, Tax Collector, and the automatic extras (Merchant, Architect, Bishop, Queen).

``ABILITY_MENU`` sends each active character to the method listing its ability's actions;
``START_OF_TURN`` lists what a character receives by itself when its play starts.
"""

from __future__ import annotations

from donjon.games.citadels.actions import (
    A_MAGIC,
    ACT,
    ACTIVE,
    ASSASSIN,
    BLACKMAILER,
    DN,
    LOOK,
    MAGICIAN,
    MAGISTRATE,
    S_CGIVE,
    S_EMPEROR_TAKE,
    S_MAGIC,
    S_SCHOLAR,
    S_SEER,
    S_WIZBUILD,
    S_WIZTAKE,
    SEER,
    SPY,
    SPY_ON,
    SWAP,
    THIEF,
    U_ABBOT,
    U_ABILITY,
    U_CROWN,
    U_TAX,
    WIZARD,
)
from donjon.games.citadels.cards import (
    ABBOT,
    ARCHITECT,
    ARTIST,
    BISHOP,
    DIPLOMAT,
    DISTRICT_TYPE,
    EMPEROR,
    MARSHAL,
    MERCHANT,
    MONUMENT,
    NAVIGATOR,
    QUEEN,
    SCHOLAR,
    TAX_COLLECTOR,
    TYPES,
    VAULT,
    WARLORD,
)
from donjon.games.citadels.powers_cities import Rank8
from donjon.games.citadels.powers_naming import Naming


class Powers:
    """Character abilities (§2.3), other than naming and rank 8."""

    __slots__ = ()

    def _spy_targets(self, acts, seat, mine, hand, city) -> None:
        for s in range(self.players):
            if s != seat:
                acts.extend(SPY_ON[s])

    def _magician_targets(self, acts, seat, mine, hand, city) -> None:
        acts.extend([SWAP[s] for s in range(self.players) if s != seat])
        if hand:
            acts.append(A_MAGIC)

    def _wizard_targets(self, acts, seat, mine, hand, city) -> None:
        hands = self.hands
        acts.extend([LOOK[s] for s in range(self.players) if s != seat and hands[s]])

    def _seer_targets(self, acts, seat, mine, hand, city) -> None:
        if any(self.hands[s] for s in range(self.players) if s != seat):
            acts.append(ACT("seer"))

    def _navigator_choices(self, acts, seat, mine, hand, city) -> None:
        acts.append(ACT("navgold"))
        acts.append(ACT("navcards"))

    def _scholar_choice(self, acts, seat, mine, hand, city) -> None:
        if self.deck:
            acts.append(ACT("scholar"))

    def _other_power_actions(self, acts, seat, c, mine, city) -> None:
        """Once-per-turn powers beside the main ability (Emperor, Abbot, Artist, Tax Collector)."""
        used = self.used
        if c == EMPEROR and not used & U_CROWN:
            acts.extend(ACT("crown", s) for s in self._crown_targets(seat))
        elif c == ABBOT and not used & U_ABBOT:
            gold = self.gold
            richest = max(gold)
            if mine < richest:
                acts.extend(ACT("abbot", s) for s in range(self.players) if gold[s] == richest)
        elif c == ARTIST and self.artist_left and mine:
            beaut = self.beaut[seat]
            acts.extend(ACT("beautify", d)
                        for d in sorted({d for i, d in enumerate(city) if not beaut[i]}))
        elif c == TAX_COLLECTOR and self.tax_pool and not used & U_TAX:
            acts.append(ACT("taxes", self.tax_pool))

    # -- automatic extras at the start of the character's own play

    def _auto_extras(self) -> None:
        extra = START_OF_TURN.get(self.cc)
        if extra is not None:
            extra(self, self.cur)

    def _merchant_extra(self, seat: int) -> None:  # +1 gold (seed 003: at the start of her turn)
        self.gold[seat] += 1
        self.emit("merchant", seat=seat)

    def _architect_extra(self, seat: int) -> None:  # +2 cards
        self._draw_to_hand(seat, 2)

    def _bishop_extra(self, seat: int) -> None:  # protection for the round's rest
        self.bishop_seat = seat

    def _queen_extra(self, seat: int) -> None:  # +3 gold next to the rank 4
        self.queen_seat = seat
        r4 = self.rank4_seat
        n = self.players
        if r4 >= 0 and r4 != seat and (r4 == (seat + 1) % n or r4 == (seat - 1) % n):
            self.gold[seat] += 3
            self.emit("queen", seat=seat, gold=3)

    # -- the abilities

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

    # -- their decisions on the stack

    def _magic_options(self, seat: int, top: tuple) -> list:
        return [ACT("mdiscard", d) for d in sorted(set(self.hands[seat]))] + [ACT("mdone")]

    def _on_magic(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        if kind == "mdiscard":
            d = a[0]
            self.hands[seat].remove(d)
            self._card_left(seat, d, (seat,))
            self.deck.insert(0, d)
            self.stack.append((S_MAGIC, seat, top[2] + 1))
        else:
            self.emit("magic", seat=seat, count=top[2], cards=[])
            self._draw_to_hand(seat, top[2])

    def _wizard_take_options(self, seat: int, top: tuple) -> list:
        return [ACT("take", d) for d in sorted(set(self.hands[top[2]]))]

    def _on_wizard_take(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        t = top[2]
        d = a[0]
        self.hands[t].remove(d)
        self.hands[seat].append(d)
        self._card_left(t, d, (seat, t))
        self._card_joined(seat, d, (seat, t))
        self.emit("take", seat=seat, target=t, seats=[seat, t], card=DN[d])
        self.stack.append((S_WIZBUILD, seat, d))

    def _wizard_build_options(self, seat: int, top: tuple) -> list:
        d = top[2]
        acts = []
        if ((self.gathered or self.opt["wizard_build_before_gather"]) and d != VAULT
                and self.gold[seat] >= self._cost(seat, d)
                and (d != MONUMENT or self._monument_room(seat))):
            acts.append(ACT("wizbuild", d))
        acts.append(ACT("wizkeep", d))
        return acts

    def _on_wizard_build(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        if kind == "wizbuild":
            d = a[0]
            cost = self._cost(seat, d)
            self.hands[seat].remove(d)
            self._card_left(seat, d, None)
            self.gold[seat] -= cost
            self._complete_build(seat, d, cost, free=False)

    def _give_options(self, seat: int, top: tuple) -> list:
        """Seer (one card to each seat robbed) and Cardinal (one card per gold borrowed)."""
        target = top[2][0] if top[0] == S_SEER else top[2]
        return [ACT("give", d, target) for d in sorted(set(self.hands[seat]))]

    def _give(self, seat: int, d: int, t: int) -> None:
        self.hands[seat].remove(d)
        self.hands[t].append(d)
        self._card_left(seat, d, (seat, t))
        self._card_joined(t, d, (seat, t))
        self.emit("give", seat=seat, target=t, seats=[seat, t], card=DN[d])

    def _on_seer_give(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        self._give(seat, *a)
        if len(top[2]) > 1:
            self.stack.append((S_SEER, seat, top[2][1:]))

    def _on_cardinal_give(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        d, t = a
        self._give(seat, d, t)
        if top[3] > 1:
            self.stack.append((S_CGIVE, seat, t, top[3] - 1))

    def _emperor_take_options(self, seat: int, top: tuple) -> list:
        t = top[2]
        acts = []
        if self.gold[t]:
            acts.append(ACT("empgold", t))
        if self.hands[t]:
            acts.append(ACT("empcard", t))
        return acts

    def _on_emperor_take(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
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


#: the main ability of each active character, as turn-menu actions (§2.3)
ABILITY_MENU = {
    ASSASSIN: Naming._kill_targets,
    MAGISTRATE: Naming._sign_targets,
    THIEF: Naming._rob_targets,
    BLACKMAILER: Naming._threat_targets,
    SPY: Powers._spy_targets,
    MAGICIAN: Powers._magician_targets,
    WIZARD: Powers._wizard_targets,
    SEER: Powers._seer_targets,
    NAVIGATOR: Powers._navigator_choices,
    SCHOLAR: Powers._scholar_choice,
    WARLORD: Rank8._destroy_targets,
    DIPLOMAT: Rank8._exchange_targets,
    MARSHAL: Rank8._seize_targets,
}
assert set(ABILITY_MENU) == ACTIVE

#: what a character gets by itself when its own play starts (§2.3)
START_OF_TURN = {
    MERCHANT: Powers._merchant_extra,
    ARCHITECT: Powers._architect_extra,
    BISHOP: Powers._bishop_extra,
    QUEEN: Powers._queen_extra,
}
