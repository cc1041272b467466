"""Scenario builders for the Citadels rule tests: jump to a character's turn on a fresh state."""

from __future__ import annotations

import donjon
from donjon.games.citadels.cards import CASTS, CHARACTER_ID, DISTRICT_ID, FIRST_GAME, RANK
from donjon.games.citadels.draft import start_round
from donjon.games.citadels.state import CALL

GAME = donjon.load("citadels")


def cast_with(*names: str) -> str:
    """The first-game cast with the named characters replacing those of their rank."""
    cast = list(CASTS[FIRST_GAME][:8])
    for name in names:
        if RANK[CHARACTER_ID[name]] <= 8:
            cast[RANK[CHARACTER_ID[name]] - 1] = name
    return ", ".join(cast)


def new(players: int = 4, *chars: str, seed: int = 1, **options):
    """A fresh game whose cast is the first-game one with ``chars`` swapped in; a rank 9 (the
    Artist unless one is named) is added where the player count or ``rank9="yes"`` uses one."""
    if "characters" not in options:
        names = cast_with(*chars).split(", ")
        rank9 = players in (3, 8) or options.get("rank9") == "yes"
        named9 = [n for n in chars if RANK[CHARACTER_ID[n]] == 9]
        if rank9:
            names.append(named9[0] if named9 else "Artist")
        options["characters"] = ", ".join(names)
    return GAME.new_game(players, seed=seed, **options)


def d(*names: str) -> list[int]:
    return [DISTRICT_ID[n] for n in names]


def setup_seat(st, seat: int, *, hand=None, city=None, gold=None) -> None:
    if hand is not None:
        st.hands[seat] = d(*hand)
    if city is not None:
        st.cities[seat] = d(*city)
        st.beautified[seat] = [False] * len(city)
    if gold is not None:
        st.gold[seat] = gold
    st.changed()


def turn(st, seat: int, name: str, others: dict[int, str] | None = None) -> None:
    """Skip the draft: ``seat`` holds ``name`` (others as given) and its rank is called now."""
    st.stack.clear()
    st.draft_hand = []
    st.draft_step = len(st.draft_steps)
    st.characters = [[] for _ in range(st.players)]
    st.revealed = [[] for _ in range(st.players)]
    st.facedown = []
    st.facedown_seen_by = []
    c = CHARACTER_ID[name]
    st.characters[seat].append(c)
    for s, other in (others or {}).items():
        st.characters[s].append(CHARACTER_ID[other])
    st.phase = CALL
    st.called = st.cast.index(c) - 1
    st.changed()
    st._drive()


def restart_round(st, crown: int | None = None) -> None:
    """A new round (its draft) from here, with the crown on ``crown`` if given."""
    if crown is not None:
        st.crown = crown
    st.stack.clear()
    start_round(st)
    st.changed()
    st._drive()


def texts(st, seat: int | None = None) -> list[str]:
    if seat is None:
        seat = st.to_move()[0]
    return [a.text for a in st.legal_actions(seat)]


def do(st, *moves: str) -> None:
    for move in moves:
        st.apply(st.to_move()[0], move)


def C(name: str) -> int:
    return CHARACTER_ID[name]
