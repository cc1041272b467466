"""What each seat may see (rules reference §4.7): the JSON-ready view of a seat or a
spectator. Hidden zones are read through ``zone_view``; what a seat learnt on the way (the
face-down characters it saw, the cards it knows in other hands) comes with it.

Warrants and threats are shown to others only once all are placed, in rank order: neither what
is shown while they are placed nor its order tells which one is signed or real.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from donjon.games.citadels.actions import DRAFT, MODE_NAMES, PHASE_NAMES, TURN
from donjon.games.citadels.cards import (
    CHARACTER_NAMES,
    DISTRICT_COST,
    DISTRICT_NAMES,
    DISTRICT_TYPE,
    TYPES,
)
from donjon.games.citadels.cities import size
from donjon.games.citadels.draft import drafter
from donjon.games.citadels.frames import Decision
from donjon.games.citadels.powers import WizardTake
from donjon.games.citadels.powers_naming import REVEALED

if TYPE_CHECKING:
    from donjon.games.citadels.state import CitadelsState

_THREAT_STATES: Final = ("placed", "removed", "revealed")


def view(st: CitadelsState, seat: int | None) -> dict[str, Any]:
    out = dict(st.shared_view(lambda: _table_view(st)))
    known_fd = []
    if seat is not None:
        bit = 1 << seat
        known_fd = [CHARACTER_NAMES[c] for c, m in zip(st.facedown, st.facedown_seen_by,
                                                       strict=True) if m & bit]
    choosing = out["drafter"]
    warrants: list[int] = []
    if not st.placing_warrants or seat == st.magistrate_seat:
        warrants = st.warrants
    signed = None
    if st.signed_warrant >= 0 and (seat == st.magistrate_seat or st.warrant_revealed):
        signed = CHARACTER_NAMES[st.signed_warrant]
    threats: list[dict[str, str]] = []
    if not st.placing_threats or seat == st.blackmailer_seat:
        threats = [{"character": CHARACTER_NAMES[c], "state": _THREAT_STATES[state]}
                   for c, state in zip(st.threats, st.threat_states, strict=True)]
    real = None
    if st.real_threat >= 0 and (seat == st.blackmailer_seat or real_threat_shown(st)):
        real = CHARACTER_NAMES[st.real_threat]
    out["museum"], out["museum_known"] = _museum_view(st, seat)
    out["hands"] = st.zone_view("hands", seat, show=DISTRICT_NAMES.__getitem__)
    out["characters"] = st.zone_view("characters", seat, show=CHARACTER_NAMES.__getitem__)
    out["facedown_known"] = known_fd
    out["draft_cards"] = ([CHARACTER_NAMES[c] for c in sorted(st.draft_hand)]
                          if seat == choosing else len(st.draft_hand)
                          ) if choosing is not None else None
    out["warrants"] = [CHARACTER_NAMES[c] for c in warrants]
    out["signed_warrant"] = signed
    out["threats"] = threats
    out["real_threat"] = real
    out["offer"] = ([DISTRICT_NAMES[d] for d in st.offer] if seat == st.offer_seat
                    else len(st.offer))
    out["known_cards"] = ([[DISTRICT_NAMES[d] for d in cards] for cards in st.known_cards[seat]]
                          if seat is not None else None)
    frame = st.pending()
    if isinstance(frame, WizardTake) and seat == frame.seat:
        out["looking_at"] = {"seat": frame.target,
                             "cards": [DISTRICT_NAMES[d] for d in st.hands[frame.target]]}
    return out


def _table_view(st: CitadelsState) -> dict[str, Any]:
    """What every seat sees alike (``State.shared_view``): nothing of a hidden zone, of what a
    seat learnt on the way, nor of warrants and threats."""
    n = st.players
    frame = st.pending()
    cities = []
    for s in range(n):
        marks = st.beautified[s]
        cities.append([
            {"name": DISTRICT_NAMES[d], "type": TYPES[DISTRICT_TYPE[d]],
             "cost": DISTRICT_COST[d] + marks[i], "beautified": marks[i]}
            for i, d in enumerate(st.cities[s])
        ])
    choosing = drafter(st) if st.phase == DRAFT else None
    in_turn = st.phase == TURN
    out: dict[str, Any] = {
        "round": st.round,
        "phase": PHASE_NAMES[st.phase],
        "cast": [CHARACTER_NAMES[c] for c in st.cast],
        "uniques": [DISTRICT_NAMES[d] for d in st.uniques],
        "complete_at": st.complete_at,
        "crown": st.crown,
        "gold": list(st.gold),
        "cities": cities,
        "complete": [size(st, s) >= st.complete_at for s in range(n)],
        "deck": len(st.deck),
        "tax_pool": st.tax_pool,
        "has_tax_collector": st.tax_in_cast,
        "first_complete": st.first_complete if st.first_complete >= 0 else None,
        "revealed": [[CHARACTER_NAMES[c] for c in shown] for shown in st.revealed],
        "faceup": [CHARACTER_NAMES[c] for c in st.faceup],
        "facedown": len(st.facedown),
        "drafter": choosing,
        "killed": CHARACTER_NAMES[st.killed] if st.killed >= 0 else None,
        "bewitched": CHARACTER_NAMES[st.bewitched] if st.bewitched >= 0 else None,
        "witch": st.witch_seat if st.witch_seat >= 0 else None,
        "robbed": CHARACTER_NAMES[st.robbed] if st.robbed >= 0 else None,
        "protected": st.bishop_seat if st.bishop_seat >= 0 else None,
        "calling": (CHARACTER_NAMES[st.cast[st.called]] if 0 <= st.called < len(st.cast)
                    else None),
        "current": st.turn_seat if in_turn else None,
        "playing": CHARACTER_NAMES[st.turn_character] if in_turn else None,
        "mode": MODE_NAMES[st.turn_mode] if in_turn else None,
        "gathered": st.gathered,
        "builds_left": st.builds_left,
        "pending": (frame.pending_name() if isinstance(frame, Decision) and frame.shown
                    else None),
        "last_round_rank": list(st.highest_revealed_rank),
    }
    return out


def real_threat_shown(st: CitadelsState) -> bool:
    """Whether the real threat was revealed (§2.3 Blackmailer)."""
    return any(state == REVEALED and st.threats[k] == st.real_threat
               for k, state in enumerate(st.threat_states))


def _museum_view(st: CitadelsState, seat: int | None) -> tuple[list[Any], list[Any] | None]:
    """The cards under each Museum (§1.4: put face down; §4.7: private): their names for the
    Museum's owner while it knows them all, else their number. Only the seat that put a card
    there knows it, so a Museum that changed hands (Diplomat, Marshal) shows its new owner the
    number of its old cards only. ``museum_known``: the cards the seat knows under each one."""
    bit = 0 if seat is None else 1 << seat
    shown: list[Any] = []
    known: list[Any] = []
    for o in range(st.players):
        cards = st.museum[o]
        if not cards:  # most cities have no Museum: nothing to read (a view per seat per move)
            shown.append([] if o == seat else 0)
            known.append([])
            continue
        mine = [DISTRICT_NAMES[d] for d, m in zip(cards, st.museum_known_by[o], strict=True)
                if m & bit]
        shown.append(mine if o == seat and len(mine) == len(cards) else len(cards))
        known.append(mine)
    return shown, (known if seat is not None else None)
