"""What each seat knows beyond its view's zones, and determinization (rules reference §4.7).

``known[x][o]`` holds the cards seat ``x`` knows to be in seat ``o``'s hand (Spy, Wizard,
Magician, Seer, Cardinal, Emperor); ``dseen`` the characters each seat saw while drafting;
``fd_seen`` who saw each face-down character. ``_resample`` deals everything a seat cannot see
again, keeping all of this.
"""

from __future__ import annotations

from bisect import bisect_right

from donjon.engine.hidden import deal_back
from donjon.games.citadels.actions import (
    D_RANDOM,
    DRAFT,
    S_WIZBUILD,
    S_WIZTAKE,
)


class Knowledge:
    """What seats learn of hidden cards, and determinization consistent with it."""

    __slots__ = ()

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

    # -- determinization

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
        # districts: other hands, the deck, museum cards it did not put, an offer it does not see
        bit = 1 << seat
        parts = [self.deck]
        museums = []  # (museum, positions the seat does not know, their cards)
        for s in range(n):
            by = self.museum_by[s]
            unknown = [i for i, m in enumerate(by) if not m & bit]
            if unknown:
                cards = [self.museum[s][i] for i in unknown]
                museums.append((self.museum[s], unknown, cards))
                parts.append(cards)
        kept: list[tuple[int, list[int], list[int]]] = []
        mine = self.known[seat]
        for s in range(n):
            if s != seat and s != peek:
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
        if self.offer_seat != seat and self.offer:
            parts.append(self.offer)
        deal_back(parts, rng)
        for s, sure, rest in kept:
            self.hands[s] = sure + rest
        for museum, unknown, cards in museums:
            for i, d in zip(unknown, cards, strict=True):
                museum[i] = d
        if top is not None and top[0] == S_WIZBUILD and top[1] != seat and top[2] not in mine[top[1]]:
            hand = self.hands[top[1]]
            self.stack[-1] = (S_WIZBUILD, top[1], hand[rng.randrange(len(hand))])
        # characters: others' unrevealed ones, unseen face-down ones, a draft hand not seen.
        # Slot kinds (4+ players): 1 = chosen after the seat, so among the ones it passed on;
        # 2 = chosen before it, so none it saw; 0 = unconstrained.
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
        if not (n <= 3 and not self.swapped and self._deal_by_epochs(seat, slots, fd_slots,
                                                                      called, rng)):
            self._deal_characters(slots, fd_slots, called, seen, rng)
        self._resample_markers(seat, rng)

    def _deal_characters(self, slots, fd_slots, called, seen, rng) -> None:
        """Deal the hidden characters back; with 4+ players, keep what the seat saw in the draft
        (slot kinds: 1 = chosen after it, 2 = chosen before it, 0 = free)."""
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

    def _draft_epochs(self, seat: int):
        """2–3 players (§3.3, §3.4, §4.7): the steps at which ``seat`` looked at the passed hand.
        A character that left the hand at step ``r`` is, for the seat, in epoch ``bisect_right(
        looks, r)``: it knows which characters left between two of its looks, not who took them."""
        steps = self.dsteps
        return [k for k in range(min(self.dstep, len(steps)))
                if steps[k][0] == seat and steps[k][1] != D_RANDOM]

    def _deal_by_epochs(self, seat, slots, fd_slots, called, rng) -> bool:
        """Deal the hidden characters back within their draft epochs (2–3 players): each slot
        keeps a character the seat saw leave the hand between the same two looks. A character
        called but not revealed (and not killed) lies face down."""
        looks = self._draft_epochs(seat)
        gone = self.dgone
        classes: dict[int, tuple[list, list]] = {}
        for lst, i, _ in slots + fd_slots:
            c = lst[i]
            r = 1 << 30 if lst is self.draft_hand else gone[c]
            epoch = bisect_right(looks, r)
            face_down, held = classes.setdefault(epoch, ([], []))
            (face_down if lst is self.facedown else held).append((lst, i, r))
        deals = []
        for face_down, held in classes.values():
            chars = [lst[i] for lst, i, _ in face_down + held]
            forced = [c for c in chars if c in called and c != self.killed]
            if len(forced) > len(face_down):
                return False  # not a state the draft can reach (a test's set-up): deal freely
            deals.append((face_down, held, forced, [c for c in chars if c not in forced]))
        for face_down, held, forced, free in deals:
            rng.shuffle(face_down)
            rng.shuffle(free)
            rest = face_down[len(forced):] + held
            for (lst, i, r), c in zip(face_down[:len(forced)] + rest, forced + free, strict=True):
                lst[i] = c
                if r < 1 << 30:
                    gone[c] = r
        return True

    def _resample_markers(self, seat: int, rng) -> None:
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
