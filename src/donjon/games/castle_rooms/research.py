"""Castle Rooms for research: every action numbered, and a seat's view as a tensor
(see ``donjon.engine.research``).

The action space is the game's own action tables (``actions.action_tables``): every card on every
row a deck allows (a seat never has more rows than the deck has rooms), every new row, every
Dragon target, every Knight, every discard, and ending the turn.

The tensor encodes, seats in table order: who is to move and who is the viewer, the hands (each
as it is shown: card counts where visible, sizes everywhere), the draw and discard piles, the
last-turn countdown, and every row of every seat, as far as the rules read it (orientation,
exit level, rooms, Dragons, guard), with each seat's built rooms counted by type. Counts are
divided by their largest possible value, so every slot lies in [0, 1].
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from donjon.engine import Action
from donjon.engine.research import Identity, Segment, counts, one_hot
from donjon.games.castle_rooms.actions import END_TURN, action_tables
from donjon.games.castle_rooms.cards import DRAGONS, KNIGHTS, ORIENTATIONS, card_set

#: a hand never holds more than the two kept from last turn and the two drawn (§4)
HAND_MAX = 4
#: what one row says, in order (``_row``)
ROW_SLOTS = ("present", "helmet_up", "exit_low", "exit_mid", "exit_high", "rooms", "dragons",
             "guard")


def _flatten(tables: Iterable[Any]) -> Iterator[Action]:
    for entry in tables:
        if isinstance(entry, Action):
            yield entry
        else:
            yield from _flatten(entry)


def action_space(options: Mapping[str, Any]) -> list[Identity]:
    """End the turn, then the deck's action tables in their declared order."""
    actions = [END_TURN, *_flatten(action_tables(options["deck"]))]
    # a new row offered in "either orientation" repeats the two single-orientation actions
    return list(dict.fromkeys(action.identity for action in actions))


def _card_count(players: int, options: Mapping[str, Any]) -> int:
    return sum(card_set(options["deck"]).copies) + DRAGONS[players] + KNIGHTS[players]


def max_game_length(players: int, options: Mapping[str, Any]) -> int:
    """Every move but ending a turn spends a card from a hand; every turn but the last ones
    (§5 B11: at most one per seat) draws at least one card: so 2 × cards + seats."""
    return 2 * _card_count(players, options) + players


def _rows(options: Mapping[str, Any]) -> int:
    return sum(card_set(options["deck"]).copies)


def observation_layout(players: int, options: Mapping[str, Any]) -> list[Segment]:
    cards = card_set(options["deck"])
    types = len(cards.names)
    rooms = cards.dragon
    return [
        Segment("viewer", players, "1 at the viewing seat (none for a spectator)"),
        Segment("to_move", players, "1 at each seat to move now"),
        Segment("current", players, "1 at the seat whose turn it is"),
        Segment("over", 1, "1 once the game is over"),
        Segment("hands", players * types,
                f"per seat, per card type ({', '.join(cards.names)}): copies in hand / "
                f"{HAND_MAX}, where the viewer may see that hand"),
        Segment("hand_sizes", players, f"per seat: cards in hand / {HAND_MAX}"),
        Segment("deck", 1, "cards left in the draw pile / all cards"),
        Segment("discard", types, "per card type: copies in the discard pile / copies made"),
        Segment("drawn", 1, "cards drawn this turn / 2"),
        Segment("final_turns", 2,
                "1 once the pile has run out; then turns left / seats (§5 B11)"),
        Segment("winner", players, "1 at the seat whose completed row wins"),
        Segment("row_counts", players, f"per seat: rows / {_rows(options)}"),
        Segment("built", players * rooms,
                "per seat, per room type: rooms of that type in its rows / copies made"),
        Segment("rows", players * _rows(options) * len(ROW_SLOTS),
                "per seat, per row (in the order rows were opened; absent rows all 0): "
                f"{', '.join(ROW_SLOTS)} (rooms / win_rooms, Dragons / every Dragon)",
                high=_rows(options) / 3),
        Segment("ranks", players, "once over, per seat: (players - rank) / (players - 1)"),
    ]


def _copies(players: int, options: Mapping[str, Any]) -> list[int]:
    """How many copies of each card type a game holds at most (Dragons and Knights: at the
    largest table, as the layout is the same at every count)."""
    cards = card_set(options["deck"])
    return [*cards.copies, max(DRAGONS.values()), max(KNIGHTS.values())]


def _row(row: Mapping[str, Any], connectors: Sequence[str], win_rooms: int) -> list[float]:
    return [
        1.0,
        1.0 if row["orientation"] == ORIENTATIONS[0] else 0.0,
        *one_hot(connectors.index(row["exit"]), 3),
        len(row["rooms"]) / win_rooms,
        row["dragons"] / max(DRAGONS.values()),
        1.0 if row["guard"] else 0.0,
    ]


def encode(view: Mapping[str, Any], players: int,
           options: Mapping[str, Any]) -> dict[str, list[float]]:
    cards = card_set(options["deck"])
    names = cards.names
    copies = _copies(players, options)
    room_names = names[:cards.dragon]
    seats = range(players)
    viewer = view["seat"]
    hands: list[float] = []
    sizes: list[float] = []
    for hand in view["hands"]:
        if isinstance(hand, list):
            hands += [c / HAND_MAX for c in counts(hand, names)]
            sizes.append(len(hand) / HAND_MAX)
        else:
            hands += [0.0] * len(names)
            sizes.append(hand / HAND_MAX)
    win_rooms = view["win_rooms"]
    max_rows = _rows(options)
    rows: list[float] = []
    built: list[float] = []
    for seat_rows in view["rows"]:
        for row in seat_rows:
            rows += _row(row, cards.connectors, win_rooms)
        rows += [0.0] * (len(ROW_SLOTS) * (max_rows - len(seat_rows)))
        rooms = counts((room["card"] for row in seat_rows for room in row["rooms"]), room_names)
        built += [c / copies[t] for t, c in enumerate(rooms)]
    final = view["final_turns"]
    ranks = view["result"]["ranks"] if view["over"] else None
    return {
        "viewer": one_hot(viewer, players),
        "to_move": [1.0 if s in view["to_move"] else 0.0 for s in seats],
        "current": one_hot(view["current"], players),
        "over": [1.0 if view["over"] else 0.0],
        "hands": hands,
        "hand_sizes": sizes,
        "deck": [view["deck"] / _card_count(players, options)],
        "discard": [c / copies[t] for t, c in enumerate(counts(view["discard"], names))],
        "drawn": [view["drawn"] / 2],
        "final_turns": [0.0, 0.0] if final is None else [1.0, final / players],
        "winner": one_hot(view["winner"], players),
        "row_counts": [len(r) / max_rows for r in view["rows"]],
        "built": built,
        "rows": rows,
        "ranks": [0.0] * players if ranks is None else [
            (players - r) / (players - 1) for r in ranks],
    }
