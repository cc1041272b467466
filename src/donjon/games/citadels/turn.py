"""The turn phase (rules reference §4): calling each rank, the start of a character's turn,
the turn menu, gathering resources, and the end of turns and rounds.

The menu lists what the playing character may do now; the abilities, the unique districts
and the building options it lists come from ``powers``, ``districts`` and ``building``.
"""

from __future__ import annotations

from donjon.games.citadels.actions import (
    A_DRAW,
    A_END,
    A_GOLD,
    ACT,
    ACTIVE,
    CALL,
    CN,
    DN,
    END,
    KEEP_CARD,
    M_BEWITCHED,
    M_NORMAL,
    M_RESUMED,
    M_WITCH,
    OVER,
    S_HEIR,
    S_KEEP,
    S_SCHOLAR,
    TURN,
    U_ABILITY,
    U_CROWN,
    U_INCOME,
)
from donjon.games.citadels.cards import (
    ABBOT,
    ALCHEMIST,
    ARTIST,
    BUILD_LIMIT,
    CHAR_RANK,
    DISTRICT_TYPE,
    EMPEROR,
    GOLD_MINE,
    INCOME_CARDS,
    INCOME_TYPE,
    LIBRARY,
    N_BASIC,
    NAVIGATOR,
    OBSERVATORY,
    PARK,
    POOR_HOUSE,
    SCHOOL,
    TAX_COLLECTOR,
    WITCH,
)
from donjon.games.citadels.powers import ABILITY_MENU


class Turn:
    """Calling, the turn menu, gathering and the end of turns and rounds (§4)."""

    __slots__ = ()

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
        held = self.chars
        while True:
            call = self.call = self.call + 1
            if call >= len(cast):
                self._clear_turn()
                self.phase = END
                return
            c = cast[call]
            for holder in range(len(held)):
                if c in held[holder]:
                    break
            else:
                continue  # nobody holds it
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
        # _clear_turn(), then the new turn's holder, player and character
        self.cur = self.holder = seat
        self.cc = c
        self.gathered = False
        self.builds = self.used = self.paid = self.artist_left = 0
        self.warrant_open = self.wiz_dup = False
        self.threat_here = -1
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
        # _clear_turn() inlined
        self.cur = self.cc = self.holder = self.threat_here = -1
        self.mode = M_NORMAL
        self.gathered = True
        self.builds = self.used = self.paid = self.artist_left = 0
        self.warrant_open = self.wiz_dup = False
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
        if self.first_done >= 0 and self.opt["end_trigger"] == "recheck":
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

    def _on_heir(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        t = a[0]
        self.crown = t
        self.emit("crown", seat=t, by=seat)
        self._heir_queen(seat)  # phase END: the round then ends as usual

    def _heir_options(self, seat: int, top: tuple) -> list:
        return [ACT("crown", s) for s in self._crown_targets(seat)]

    # -- the turn menu (§4.2–§4.4)

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
        mine = self.gold[seat]
        hand = self.hands[seat]
        city = self.city[seat]
        used = self.used
        uniques = [d for d in city if d >= N_BASIC] if city and max(city) >= N_BASIC else ()
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
        if not used & U_ABILITY and c in ACTIVE:
            ABILITY_MENU[c](self, acts, seat, mine, hand, city)
        if c in OTHER_POWERS:
            self._other_power_actions(acts, seat, c, mine, city)
        if not gathered:  # nothing to build and no end of turn before gathering
            if uniques:
                self._unique_actions(acts, seat, mine, uniques, sorted(set(hand)) if hand else ())
            return acts
        distinct = sorted(set(hand)) if hand else ()
        if uniques:
            self._unique_actions(acts, seat, mine, uniques, distinct)
        if distinct and c != NAVIGATOR:
            self._build_actions(acts, seat, c, mine, hand, city, uniques, distinct)
        if not (c == EMPEROR and not used & U_CROWN and self._crown_targets(seat)):
            acts.append(A_END)
        return acts

    def _eligible(self, lowest_rank: int) -> tuple[int, ...]:
        """Characters of the cast that may be named (rank ≥ ``lowest_rank``)."""
        key = (self.cast, lowest_rank)
        found = _ELIGIBLE.get(key)
        if found is None:
            found = _ELIGIBLE[key] = tuple(x for x in self.cast if CHAR_RANK[x] >= lowest_rank)
        if self.opt["name_faceup_characters"]:
            return found
        return tuple(x for x in found if x not in self.faceup)

    # -- gathering (§4.3) and cards

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

    def _end(self, seat: int) -> None:
        self._end_turn(True)

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

    def _offer_options(self, seat: int, top: tuple) -> list:
        return [KEEP_CARD[d] for d in sorted(set(self.offer))]

    def _on_keep(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        self._keep(seat, a[0], top[0] == S_SCHOLAR)


#: the characters with once-per-turn powers beside the main ability (``_other_power_actions``)
OTHER_POWERS = frozenset({EMPEROR, ABBOT, ARTIST, TAX_COLLECTOR})
_ELIGIBLE: dict[tuple, tuple[int, ...]] = {}  # (cast, lowest rank) -> characters, made once
