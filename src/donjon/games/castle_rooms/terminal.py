"""Castle Rooms in the terminal: every player's rows, the hand, the deck."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

HEIGHT = {"L": "▁", "M": "▄", "H": "█"}


def _room(room: dict[str, Any]) -> Text:
    return Text.assemble(
        ("[", "dim"), (HEIGHT.get(room["entry"], room["entry"]), "yellow"),
        (room["card"], "bold"), (HEIGHT.get(room["exit"], room["exit"]), "yellow"), ("]", "dim"),
    )


def render(view: dict[str, Any], seat: int | None):
    table = Table(show_header=True, header_style="bold", expand=False, box=None)
    table.add_column("player")
    table.add_column("row")
    table.add_column("rooms (entry▸card▸exit, as the row faces)")
    for player, rows in enumerate(view["rows"]):
        hand = view["hands"][player]
        held = f"{len(hand)} cards" if isinstance(hand, list) else f"{hand} cards"
        marker = "▶ " if player == view["current"] and not view["over"] else "  "
        who = f"{marker}seat {player}" + (" (you)" if player == seat else "") + f"\n  {held}"
        if not rows:
            table.add_row(who, "", Text("no rows yet", "dim"))
        for k, row in enumerate(rows):
            line = Text()
            for room in row["rooms"]:
                line.append_text(_room(room))
            if row["dragon"]:
                line.append("  🐉 DRAGON", "bold red")
            symbol = "⛑" if row["orientation"] == "helmet-up" else "⚔"
            label = f"{k + 1} {symbol} {len(row['rooms'])}"
            table.add_row(who if k == 0 else "", label, line)
    parts = [table]
    if seat is not None and isinstance(view["hands"][seat], list):
        hand = Text("Your hand: ", "bold")
        hand.append("  ".join(view["hands"][seat]) or "(empty)", "cyan")
        parts.append(hand)
    status = (
        f"Deck {view['deck']} · discard {len(view['discard'])} · "
        f"first to {view['win_rooms']} rooms in a row wins"
    )
    if view["last_turn"]:
        status += " · LAST TURN (the deck is empty)"
    parts.append(Text(status, "dim"))
    return Panel(Group(*parts), title="Castle Rooms", border_style="blue")
