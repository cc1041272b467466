"""What each seat may know (rules reference §8 A20): the views, and the determinization that
resamples what a seat cannot see consistently with its view.

Document hands, committed red Documents and chosen action cards are the hidden zones
(``GluecksritterState.ZONES``); hand sizes are public.
"""

from __future__ import annotations

import random
from typing import Any

from donjon.games.gluecksritter.actions import (
    CHOICE,
    D_BUILD,
    D_DUEL,
    D_STEAL,
    D_TARGET,
    D_WINDOW,
    DECISION_NAMES,
    PAIRS,
    RESOLUTION,
    THEFT_NAMES,
)
from donjon.games.gluecksritter.data import DOC_NAMES, DUCATS_DECKS, RED, TOWER, WALL


class Views:
    """``_view`` and ``_resample`` of the engine contract."""

    __slots__ = ()

    # -- views --------------------------------------------------------------------------------

    def _view(self, seat: int | None) -> dict[str, Any]:
        names = DOC_NAMES.__getitem__
        decision = None
        if not self.over and self.phase == RESOLUTION:
            kind, who, a, b = self.agenda[-1]
            decision = {"kind": DECISION_NAMES[kind], "seat": who}
            if kind == D_TARGET:
                decision["document"] = DOC_NAMES[a]
            elif kind == D_WINDOW:
                decision["thief"] = a
                decision["what"] = THEFT_NAMES[b]
                decision["by"] = "knight" if b < 3 else "document"
            elif kind == D_DUEL:
                decision["opponent"] = a
            elif kind == D_BUILD:
                decision["field"] = a
                decision["price"] = b
            elif kind == D_STEAL:
                decision["victim"] = a
        field = self.field
        cards = DUCATS_DECKS[self.options["ducats"]]
        return {
            "round": self.round,
            "start": self.start,
            "phase": "over" if self.over else ("choice" if self.phase == CHOICE else "resolution"),
            "decision": decision,
            "bag": {"silver": self.bag[0], "gold": self.bag[1]},
            "tax": {"silver": field[0], "gold": field[1]},
            "customs": {"silver": field[2], "gold": field[3]},
            "blocked": [k for k in range(1, 7) if self.blocked[k]],
            "supply": {"walls": self.supply[WALL], "towers": self.supply[TOWER]},
            "ducats_card": list(cards[self.ducat_card]) if self.ducat_card >= 0 else None,
            "ducats_deck": self.zone_view("ducat_deck", seat),
            "documents_deck": self.zone_view("doc_deck", seat),
            "documents_discard": [DOC_NAMES[d] for d in self.doc_discard],
            "hands": self.zone_view("docs", seat, show=names),
            "committed": self.zone_view("committed", seat, show=names),
            "choices": self.zone_view("choice", seat),
            "waiting": self.waiting.copy() if self.phase == CHOICE and not self.over else [],
            "giving": [g if g >= 0 else None for g in self.gift],
            "reds": [[s, DOC_NAMES[d]] for s, d in self.reds],
            "revealed": [list(c) for c in self.revealed],
            "fields": [list(p) for p in self.participants],
            "winners": list(self.winners),
            "coins": [
                {"silver": self.silver[s], "gold": self.gold[s], "ducats": self.ducats(s)}
                for s in range(self.players)
            ],
            "walls": list(self.walls),
            "towers": list(self.towers),
            "jailed": list(self.jailed),
        }

    # -- determinization ----------------------------------------------------------------------

    def _resample(self, seat: int, rng: random.Random) -> None:
        """Deal the Documents ``seat`` cannot see back at random, red ones to the committed
        piles (only red Documents can be committed), and give every other seat that has chosen
        a random pair of the action cards it holds. The Ducats deck is shuffled."""
        others = [s for s in range(self.players) if s != seat]
        pool = self.doc_deck.copy()
        for s in others:
            pool.extend(self.docs[s])
            pool.extend(self.committed[s])
        rng.shuffle(pool)
        reds = [d for d in pool if RED[d]]
        rest = [d for d in pool if not RED[d]]
        for s in others:
            count = len(self.committed[s])
            self.committed[s] = reds[:count]
            del reds[:count]
        rest.extend(reds)
        rng.shuffle(rest)
        for s in others:
            count = len(self.docs[s])
            self.docs[s] = rest[:count]
            del rest[:count]
        self.doc_deck = rest
        rng.shuffle(self.ducat_deck)
        for s in others:
            if self.choice[s]:
                pairs = PAIRS[1 if self.jailed[s] else 0]
                self.choice[s] = list(pairs[rng.randrange(len(pairs))].args)
