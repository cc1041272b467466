"""Caylus in the terminal: the road, the special buildings, the castle, the favour table and
every player's holdings, drawn from a view."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from donjon.games.caylus.buildings import CATALOGUE, CUBES, INDEX

COLOURS = ("red", "green", "bright_blue", "yellow", "magenta")
KIND_STYLE = {
    "neutral": "on grey23", "fixed": "on grey30", "wood": "on dark_orange3",
    "stone": "on grey42", "prestige": "on blue", "residence": "on dark_green", "site": "",
}
CUBE_MARK = {"food": ("F", "bright_magenta"), "wood": ("W", "orange3"),
             "stone": ("S", "grey70"), "cloth": ("C", "purple"), "gold": ("G", "gold1")}
FAVOUR_CELLS = (
    ("1 PP", "2 PP", "3 PP", "4 PP", "5 PP"),
    ("3 d", "4 d", "5 d", "6 d", "7 d"),
    ("food", "wood/stone", "cloth", "trade 1→2", "gold"),
    ("—", "carpenter −W", "mason −S", "residence", "architect"),
)


def _who(seat: int | None, text: str | None = None) -> Text:
    if seat is None:
        return Text("")
    return Text(text or f"●{seat}", style=f"bold {COLOURS[seat % len(COLOURS)]}")


def _road(view: dict[str, Any]) -> Table:
    table = Table(box=None, show_header=False, padding=(0, 1))
    for _ in range(7):
        table.add_column(min_width=14)
    cells = []
    for space in view["road"]:
        n = space["space"]
        cell = Text(f"R{n} ", style="dim")
        if space["name"]:
            cell.append(space["name"], style=KIND_STYLE.get(space["kind"], ""))
        else:
            cell.append("·site·", style="dim")
        if space["owner"] is not None:
            cell.append(" ⌂", style=COLOURS[space["owner"] % len(COLOURS)])
        if space["worker"] is not None:
            cell.append_text(Text(" "))
            cell.append_text(_who(space["worker"]))
        marks = ""
        if n == view["bailiff"]:
            marks += " Ⓑ"
        if n == view["provost"]:
            marks += " Ⓟ"
        if n in (12, 18, 24):
            marks += " ♜"
        if marks:
            cell.append(marks, style="bold white")
        cells.append(cell)
    for row in range(4):
        chunk = cells[row * 7:(row + 1) * 7]
        table.add_row(*(chunk if row % 2 == 0 else chunk))
    return table


def _specials(view: dict[str, Any]) -> Text:
    sp = view["special"]
    line = Text()
    for key, name in (("gate", "Gate"), ("trading_post", "Trading Post"), ("guild", "Guild"),
                      ("joust", "Joust")):
        line.append(f"{name} ", style="bold")
        line.append_text(_who(sp[key]) if sp[key] is not None else Text("○", "dim"))
        line.append("  ")
    line.append("Stables ", style="bold")
    for seat in sp["stables"]:
        line.append_text(_who(seat))
    line.append("  Inn ", style="bold")
    left, right = sp["inn"]
    line.append_text(_who(left) if left is not None else Text("○", "dim"))
    line.append("→")
    line.append_text(_who(right) if right is not None else Text("○", "dim"))
    line.append("  Castle ", style="bold")
    for seat in view["castle"]["workers"]:
        line.append_text(_who(seat))
    line.append(f"   bridge cost {view['place_cost']}", style="dim")
    if view["passed"]:
        line.append("  passed: ", style="dim")
        for seat in view["passed"]:
            line.append_text(_who(seat))
    return line


def _castle(view: dict[str, Any]) -> Table:
    table = Table(title="Castle", box=None, show_header=True, header_style="bold")
    table.add_column("section")
    table.add_column("filled")
    table.add_column("houses")
    current = view["castle"]["section"]
    for section in view["castle"]["sections"]:
        name = section["name"].capitalize() + f" ({section['points']} PP)"
        style = "bold" if section["name"] == current else ("dim" if section["scored"] else "")
        bar = "■" * section["filled"] + "□" * (section["size"] - section["filled"])
        houses = Text()
        for seat, n in enumerate(section["houses"]):
            if n:
                houses.append_text(_who(seat, f"{n}⌂{seat} "))
        status = " scored" if section["scored"] else ""
        table.add_row(Text(name + status, style), Text(bar, style), houses)
    return table


def _favours(view: dict[str, Any]) -> Table:
    open_columns = view["favour_columns"]
    table = Table(title="Royal favours", box=None, header_style="bold")
    table.add_column("track")
    for col in range(1, 6):
        table.add_column(str(col), style="" if col <= open_columns else "dim")
    tracks = ("prestige", "deniers", "resources", "buildings")
    for k, track in enumerate(tracks):
        row = [Text(track, "bold")]
        for col in range(1, 6):
            cell = Text(FAVOUR_CELLS[k][col - 1] + " ",
                        style="" if col <= open_columns else "dim")
            for seat, holding in enumerate(view["holdings"]):
                if holding["favours"][track] == col:
                    cell.append_text(_who(seat))
            row.append(cell)
        table.add_row(*row)
    return table


def _holdings(view: dict[str, Any], me: int | None) -> Table:
    table = Table(box=None, header_style="bold")
    for column in ("order", "player", "PP", "deniers", "cubes", "workers", "note"):
        table.add_column(column)
    for position, seat in enumerate(view["order"]):
        h = view["holdings"][seat]
        cubes = Text()
        for name, n in h["cubes"].items():
            mark, style = CUBE_MARK[name]
            cubes.append(f"{n}{mark} ", style=style if n else "dim")
        note = []
        if seat == me:
            note.append("you")
        pending = view.get("pending")
        if pending and pending["seat"] == seat and not view["over"]:
            note.append(f"to {pending['decision']}")
        table.add_row(str(position + 1), _who(seat, f"seat {seat}"), str(h["score"]),
                      str(h["deniers"]), cubes, str(h["workers"]), ", ".join(note))
    return table


def render(view: dict[str, Any], seat: int | None):
    header = Text(f"Turn {view['turn']} · {view['phase']}", style="bold")
    if view.get("pending") and not view["over"]:
        p = view["pending"]
        header.append(f" · seat {p['seat']} to {p['decision']}", style="cyan")
        if p.get("building"):
            header.append(f" ({p['building']})", style="cyan")
    if view["over"]:
        result = view["result"]
        header.append(f" · game over — winners {result['winners']}, scores {result['scores']}",
                      style="bold green")
    supply = Text("Supply: ", style="bold")
    for key in view["supply"]:
        tile = CATALOGUE[INDEX[key]]
        cost = "+".join(CUBE_MARK[c][0] * n for c, n in zip(CUBES, tile.cost, strict=True) if n)
        cost += "+any" * tile.any
        supply.append(f"{tile.name} ", style=KIND_STYLE.get(tile.kind, ""))
        supply.append(f"({cost}, {tile.pp}PP)  ", style="dim")
    top = Table.grid(padding=(0, 4))
    top.add_row(_castle(view), _favours(view))
    return Panel(
        Group(header, _specials(view), _road(view), top, _holdings(view, seat), supply),
        title="Caylus", border_style="yellow",
    )
