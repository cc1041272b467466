"""The characters who name another character (rules reference §2.3): the Assassin
kills, the Witch bewitches, the Thief robs, the Magistrate places warrants (and may confiscate
the first paid build of the signed one), the Blackmailer places threats (bribe or reveal).
"""

from __future__ import annotations

from donjon.games.citadels.actions import (
    ACT,
    CN,
    DN,
    KILL,
    MAGISTRATE,
    ROB,
    S_BLUFF,
    S_REVEAL,
    S_WARRANT,
    SIGN,
    THREAT,
    U_ABILITY,
)


class Naming:
    """Characters that name another character (§2.3 ranks 1–2)."""

    __slots__ = ()

    # -- the targets each one may name (turn menu)

    def _kill_targets(self, acts, seat, mine, hand, city) -> None:
        acts.extend([KILL[x] for x in self._eligible(2)])

    def _sign_targets(self, acts, seat, mine, hand, city) -> None:
        low = 1 if self.opt["warrant_on_rank1"] else 2
        acts.extend([SIGN[x] for x in self._eligible(low) if x != MAGISTRATE])

    def _rob_targets(self, acts, seat, mine, hand, city) -> None:
        killed, bewitched = self.killed, self.bewitched
        acts.extend([ROB[x] for x in self._eligible(3) if x != killed and x != bewitched])

    def _threat_targets(self, acts, seat, mine, hand, city) -> None:
        killed, bewitched = self.killed, self.bewitched
        acts.extend([THREAT[x] for x in self._eligible(3) if x != killed and x != bewitched])

    # -- naming

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

    def _threat(self, seat: int, x: int) -> None:
        self.used |= U_ABILITY
        self.threats = [x]
        self.threat_state = [0]
        self.flowered = x
        self.bm_seat = seat
        self.stack.append((S_BLUFF, seat))

    # -- Magistrate: the blank warrants, then the confiscation of a paid build

    def _warrant_options(self, seat: int, top: tuple | None) -> list:
        low = 1 if self.opt["warrant_on_rank1"] else 2
        return [ACT("warrant", x) for x in self._eligible(low)
                if x != MAGISTRATE and x not in self.warrants]

    def _on_warrant(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        self.warrants.append(a[0])
        if len(self.warrants) < 3 and len(self._warrant_options(seat, None)) > 1:
            self.stack.append((S_WARRANT, seat))
        else:
            self.emit("warrants", seat=seat, characters=[CN[x] for x in self.warrants],
                      signed=CN[self.signed])

    def _confiscate_options(self, seat: int, top: tuple) -> list:
        return [ACT("confiscate", top[3]), ACT("noconfiscate")]

    def _on_confiscate(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
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

    # -- Blackmailer: the blank threat, then the bribe or the reveal

    def _bluff_options(self, seat: int, top: tuple) -> list:
        return [ACT("bluff", x) for x in self._eligible(3)
                if x != self.killed and x != self.bewitched and x not in self.threats]

    def _on_bluff(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        self.threats.append(a[0])
        self.threat_state.append(0)
        self.emit("threats", seat=seat, characters=[CN[x] for x in self.threats],
                  real=CN[self.flowered])

    def _bribe_options(self, seat: int, top: tuple) -> list:
        return [ACT("bribe", self.gold[seat] // 2), ACT("refuse")]

    def _on_bribe(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
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

    def _reveal_options(self, seat: int, top: tuple) -> list:
        return [ACT("reveal"), ACT("noreveal")]

    def _on_reveal(self, seat: int, top: tuple, kind: str, a: tuple) -> None:
        victim, k = top[2], top[3]
        if kind == "reveal":
            real = self.threats[k] == self.flowered
            self.threat_state[k] = 2
            taken = 0
            if real:
                taken = self.gold[victim]
                self.gold[victim] = 0
                self.gold[seat] += taken
            self.emit("threat_revealed", seat=seat, target=victim, threat="real" if real else "bluff",
                      gold=taken)
        else:
            self.threat_state[k] = 1
            self.emit("threat_kept", seat=seat)
        self.threat_here = -1
        self._auto_extras()
