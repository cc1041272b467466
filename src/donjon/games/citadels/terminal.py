"""Citadels in the terminal: the cast of this round, every city, the gold, your hand."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from donjon.games.citadels.cards import DISTRICT_COST, DISTRICT_ID, DISTRICT_TYPE, TYPES

COLOUR = {"noble": "yellow", "religious": "blue", "trade": "green", "military": "red",
          "unique": "magenta"}


def _card(name: str) -> Text:
    d = DISTRICT_ID.get(name)
    if d is None:
        return Text(name)
    kind = TYPES[DISTRICT_TYPE[d]]
    return Text(f"{name} {DISTRICT_COST[d]}", COLOUR[kind])


def _district(entry: dict[str, Any]) -> Text:
    label = f"{entry['name']} {entry['cost']}" + ("✦" if entry["beautified"] else "")
    return Text(label, COLOUR[entry["type"]])


def _join(parts: list[Text], sep: str = "  ") -> Text:
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(part)
    return out


def _cast_line(view: dict[str, Any]) -> Text:
    line = Text("Cast: ", "bold")
    for i, name in enumerate(view["cast"]):
        if i:
            line.append(" · ")
        style = ""
        marks = ""
        if name in view["faceup"]:
            style = "dim strike"
        if name == view["killed"]:
            marks += "☠"
        if name == view["bewitched"]:
            marks += "✶"
        if name == view["robbed"]:
            marks += "$"
        if name in view["warrants"]:
            marks += "⚖" + ("!" if name == view["signed_warrant"] else "")
        if any(t["character"] == name and t["state"] != "removed" for t in view["threats"]):
            marks += "✉" + ("!" if name == view["real_threat"] else "")
        if name == view["calling"]:
            style = "bold reverse"
        line.append(f"{i + 1} {name}{marks}", style)
    return line


def render(view: dict[str, Any], seat: int | None):
    table = Table(show_header=True, header_style="bold", box=None, expand=False)
    table.add_column("seat")
    table.add_column("gold", justify="right")
    table.add_column("hand", justify="right")
    table.add_column("characters")
    table.add_column("city")
    for p in range(view["players"]):
        hand = view["hands"][p]
        size = len(hand) if isinstance(hand, list) else hand
        marker = "♛ " if p == view["crown"] else "  "
        who = f"{marker}{p}" + (" (you)" if p == seat else "")
        style = "bold" if p == view["current"] else ""
        chars = Text(", ".join(view["revealed"][p]), "bold")
        hidden = view["characters"][p]
        if isinstance(hidden, list) and hidden:
            chars.append((" " if view["revealed"][p] else "") + "[" + ", ".join(hidden) + "]", "cyan")
        elif isinstance(hidden, int) and hidden:
            chars.append((" " if view["revealed"][p] else "") + "?" * hidden, "dim")
        city = _join([_district(e) for e in view["cities"][p]], " ")
        count = len(view["cities"][p])
        done = " ✔" if view["complete"][p] else ""
        museum = view["museum"][p]
        extra = ""
        if museum:
            extra = f" (Museum {len(museum) if isinstance(museum, list) else museum})"
        city = Text.assemble((f"[{count}{done}] ", "dim"), city, (extra, "dim"))
        table.add_row(Text(who, style), str(view["gold"][p]), str(size), chars, city)
    parts: list[Any] = [_cast_line(view), table]
    if seat is not None and isinstance(view["hands"][seat], list):
        parts.append(Text.assemble(("Your hand: ", "bold"),
                                   _join([_card(c) for c in view["hands"][seat]]) if view["hands"][seat]
                                   else Text("(empty)", "dim")))
    if isinstance(view["offer"], list) and view["offer"]:
        parts.append(Text.assemble(("Drawn: ", "bold"), _join([_card(c) for c in view["offer"]])))
    if view.get("looking_at"):
        look = view["looking_at"]
        parts.append(Text.assemble((f"Seat {look['seat']}'s hand: ", "bold"),
                                   _join([_card(c) for c in look["cards"]])))
    if isinstance(view["draft_cards"], list):
        parts.append(Text("Characters offered: " + ", ".join(view["draft_cards"]), "cyan"))
    known = view.get("known_cards") or []
    lines = [f"seat {p}: " + ", ".join(cards) for p, cards in enumerate(known) if cards]
    if lines:
        parts.append(Text("You know these cards in other hands: " + "; ".join(lines), "dim"))
    if view["facedown_known"]:
        parts.append(Text("Face down (you know): " + ", ".join(view["facedown_known"]), "dim"))
    status = [f"Round {view['round']}", f"deck {view['deck']}",
              f"a city is complete at {view['complete_at']}"]
    if view["has_tax_collector"]:
        status.append(f"taxes {view['tax_pool']}")
    if view["first_complete"] is not None:
        status.append(f"seat {view['first_complete']} completed first: last round")
    if view["phase"] == "turn":
        status.append(f"seat {view['current']} plays the {view['playing']}"
                      + ("" if view["gathered"] else " (must gather)")
                      + f", builds left {view['builds_left']}")
    if view["pending"]:
        status.append(f"waiting for: {view['pending']}")
    if view["protected"] is not None:
        status.append(f"seat {view['protected']} is protected from rank 8")
    parts.append(Text(" · ".join(status), "dim"))
    return Panel(Group(*parts), title="Citadels", border_style="magenta")
