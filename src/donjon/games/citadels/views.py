"""What each seat may see (rules reference §4.7): the JSON-ready view of a seat or a
spectator. Hidden zones are read through ``zone_view``; what a seat learnt on the way (the
face-down characters it saw, the cards it knows in other hands) comes from ``knowledge``.
"""

from __future__ import annotations

from typing import Any

from donjon.games.citadels.actions import (
    CN,
    DN,
    DRAFT,
    S_WIZTAKE,
    STACK_NAMES,
    TURN,
)
from donjon.games.citadels.cards import (
    DISTRICT_COST,
    DISTRICT_TYPE,
    TYPES,
)


class Views:
    """What a seat may know (§4.7), as a JSON-ready view."""

    __slots__ = ()

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
        museum, museum_known = self._museum_view(seat)
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
            "museum": museum,
            "museum_known": museum_known,
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
            "pending": STACK_NAMES[top[0]] if top else None,
            "offer": ([DN[d] for d in self.offer] if seat == self.offer_seat else len(self.offer)),
            "last_round_rank": list(self.rev_rank),
            "known_cards": ([[DN[d] for d in cards] for cards in self.known[seat]]
                            if seat is not None else None),
        }
        if top is not None and top[0] == S_WIZTAKE and seat == top[1]:
            view["looking_at"] = {"seat": top[2], "cards": [DN[d] for d in self.hands[top[2]]]}
        return view

    def _museum_view(self, seat: int | None) -> tuple[list, list | None]:
        """The cards under each Museum (§1.4: put face down; §4.7: private): their names for the
        Museum's owner while it knows them all, else their number. Only the seat that put a card
        there knows it, so a Museum that changed hands (Diplomat, Marshal) shows its new owner the
        number of its old cards only. ``museum_known``: the cards the seat knows under each one."""
        bit = 0 if seat is None else 1 << seat
        shown, known = [], []
        for o in range(self.players):
            cards = self.museum[o]
            mine = [DN[d] for d, m in zip(cards, self.museum_by[o], strict=True) if m & bit]
            shown.append(mine if o == seat and len(mine) == len(cards) else len(cards))
            known.append(mine)
        return shown, (known if seat is not None else None)

