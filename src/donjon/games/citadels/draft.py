"""Character selection (rules reference §3.2–§3.4) and the Theater step (§3.6).

Every round opens with a draft: ``dsteps`` lists the steps ``(seat, kind)`` for the player
count (keep a character, discard one face down, or a random face-down discard) and ``dstep``
is the step awaited. Automatic steps run by themselves; the draft ends with the leftover cards
face down and, if someone owns the Theater, the Theater decision on the stack.
"""

from __future__ import annotations

from donjon.games.citadels.actions import (
    ACT,
    CALL,
    CN,
    D_DISCARD,
    D_KEEP,
    D_RANDOM,
    DRAFT,
    S_THEATER,
)
from donjon.games.citadels.cards import (
    CHAR_RANK,
    THEATER,
)


class Draft:
    """Character selection (§3.2–§3.4) and the Theater step (§3.6)."""

    __slots__ = ()

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
        # the draft step at which each character left the passed hand (-1: before the draft,
        # len(dsteps): the leftover); with 2–3 players it tells what each seat saw pass
        self.dgone = [-1] * len(CN)
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
        steps = _STEPS.get((n, crown))
        if steps is None:
            steps = _STEPS[n, crown] = _draft_steps(n, crown)
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
                c = hand.pop(self.rng.randrange(len(hand)))
                self.facedown.append(c)
                self.dgone[c] = self.dstep
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
            self.dgone[c] = len(steps)
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

    def _apply_draft(self, seat: int, kind: str, c: int) -> None:
        self.draft_hand.remove(c)
        self.dgone[c] = self.dstep
        if kind == "pick":
            self.chars[seat].append(c)
            self.emit("pick", seat=seat, character=CN[c])
        else:
            self.facedown.append(c)
            self.fd_seen.append(1 << seat)
            self.emit("fdiscard", seat=seat, character=CN[c])
        self.dstep += 1
        self._draft_auto()

    def _theater_options(self, seat: int, top: tuple) -> list:
        acts = [ACT("theater", c, s) for c in sorted(self.chars[seat])
                for s in range(self.players) if s != seat and self.chars[s]]
        acts.append(ACT("theater_pass"))
        return acts

    def _on_theater(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
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


def _draft_steps(n: int, crown: int) -> tuple[tuple[int, int], ...]:
    """The draft steps ``(seat, kind)`` of a round for ``n`` players, crown first."""
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
    return steps


_STEPS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}  # (players, crown) -> steps
