"""Castle Rooms in the terminal: every player's rows, the hands, the piles, in the viewer's
language and naming players (card names from the cards' table)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from donjon.engine.text import player_name
from donjon.games.castle_rooms.cards import ORIENTATION_NAMES, display_name

HEIGHT: Final = {"L": "▁", "M": "▄", "H": "█"}

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "player": "player", "row": "row", "lies": "lies",
        "rooms": "rooms (▁▄█ passage heights)",
        "no_rows": "no rows yet", "cards": "{n} cards", "card": "1 card", "you": " (you)",
        "dragon": "DRAGON", "guard": "Knight on guard", "hand": "Your hand: ",
        "empty": "(empty)",
        "status": "Draw pile {deck} · discard pile {discard} · first to {win} rooms in one row "
                  "wins",
        "last_turn": " · LAST TURN (the draw pile is empty)",
        "final_turns": " · the draw pile is empty: {n} turns left",
    },
    "fr": {
        "player": "joueur", "row": "rangée", "lies": "sens",
        "rooms": "chambres (▁▄█ hauteur des passages)",
        "no_rows": "pas encore de rangée", "cards": "{n} cartes", "card": "1 carte",
        "you": " (vous)", "dragon": "DRAGON", "guard": "Chevalier de garde",
        "hand": "Votre main : ", "empty": "(vide)",
        "status": "Pioche {deck} · défausse {discard} · {win} chambres dans une rangée pour "
                  "gagner",
        "last_turn": " · DERNIER TOUR (la pioche est vide)",
        "final_turns": " · la pioche est vide : encore {n} tours",
    },
}


def _room(room: dict[str, Any], lang: str) -> Text:
    return Text.assemble(
        ("[", "dim"), (HEIGHT.get(room["entry"], room["entry"]), "yellow"),
        (display_name(room["card"], lang), "bold"),
        (HEIGHT.get(room["exit"], room["exit"]), "yellow"), ("]", "dim"),
    )


def _count(n: int, words: dict[str, str]) -> str:
    return words["card"] if n == 1 else words["cards"].format(n=n)


def render(view: dict[str, Any], seat: int | None, lang: str = "en",
           names: Sequence[str] | None = None) -> Panel:
    words = WORDS[lang]
    if names is None:
        names = [player_name(s, lang) + (words["you"] if s == seat else "")
                 for s in range(len(view["rows"]))]
    table = Table(show_header=True, header_style="bold", expand=False, box=None)
    for column in ("player", "row", "lies", "rooms"):
        table.add_column(words[column])
    for player, rows in enumerate(view["rows"]):
        hand = view["hands"][player]
        held = _count(len(hand) if isinstance(hand, list) else hand, words)
        if isinstance(hand, list) and hand and player != seat:  # open hands (an option)
            held += ": " + " ".join(display_name(card, lang) for card in hand)
        marker = "▶ " if player == view["current"] and not view["over"] else "  "
        who = f"{marker}{names[player]}\n  {held}"
        if not rows:
            table.add_row(who, "", "", Text(words["no_rows"], "dim"))
        for k, row in enumerate(rows):
            line = Text()
            for room in row["rooms"]:
                line.append_text(_room(room, lang))
            if row["dragon"]:
                line.append(f"  {words['dragon']}" + (
                    f" ×{row['dragons']}" if row["dragons"] > 1 else ""), "bold red")
            if row["guard"]:
                line.append(f"  {words['guard']}", "bold blue")
            lies = ORIENTATION_NAMES[row["orientation"]][lang]
            table.add_row(who if k == 0 else "", str(k + 1), lies, line)
    parts: list[RenderableType] = [table]
    if seat is not None and isinstance(view["hands"][seat], list):
        hand_line = Text(words["hand"], "bold")
        shown = "  ".join(display_name(card, lang) for card in view["hands"][seat])
        hand_line.append(shown or words["empty"], "cyan")
        parts.append(hand_line)
    status = words["status"].format(deck=view["deck"], discard=len(view["discard"]),
                                    win=view["win_rooms"])
    if view["last_turn"]:
        status += words["last_turn"]
    elif view["final_turns"]:
        status += words["final_turns"].format(n=view["final_turns"])
    parts.append(Text(status, "dim"))
    return Panel(Group(*parts), title="Castle Rooms", border_style="blue")
