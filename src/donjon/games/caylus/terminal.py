"""Caylus in the terminal: the road, the special buildings, the castle, the favour table and
every player's holdings, drawn from a view, in the reader's language and naming the players.
Names come from the data table (``buildings.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from donjon.engine.text import player_name
from donjon.games.caylus import buildings as B

COLOURS = ("red", "green", "bright_blue", "yellow", "magenta")
KIND_STYLE = {
    "neutral": "on grey23", "fixed": "on grey30", "wood": "on dark_orange3",
    "stone": "on grey42", "prestige": "on blue", "residence": "on dark_green", "site": "",
}
#: a cube's one-letter mark (English, French) and colour
CUBE_MARK = {"food": ("F", "N", "bright_magenta"), "wood": ("W", "B", "orange3"),
             "stone": ("S", "P", "grey70"), "cloth": ("C", "T", "purple"),
             "gold": ("G", "O", "gold1")}
#: the UI's own words (English, French)
WORDS: Mapping[str, tuple[str, str]] = {
    "turn": ("Turn", "Tour"), "site": ("site", "terrain"), "bridge": ("place cost", "coût de pose"),
    "passed": ("passed", "ont passé"), "castle": ("Castle", "Château"),
    "section": ("section", "section"), "filled": ("filled", "rempli"),
    "houses": ("houses", "maisons"), "scored": ("scored", "décompte fait"),
    "favours": ("Royal favours", "Faveurs royales"), "track": ("track", "piste"),
    "order": ("order", "ordre"), "player": ("player", "joueur"), "pp": ("PP", "PP"),
    "deniers": ("deniers", "deniers"), "cubes": ("cubes", "cubes"),
    "workers": ("workers", "ouvriers"), "note": ("note", "note"), "you": ("you", "vous"),
    "to_move": ("to play", "à jouer"), "over": ("game over — best score", "partie finie — "
                                                "meilleur score"),
    "supply": ("Supply", "Réserve"), "any": ("any", "au choix"),
    "bailiff": ("B = bailiff", "B = bailli"), "provost": ("P = provost", "P = prévôt"),
}
PHASES: Mapping[str, tuple[str, str]] = {
    "placement": ("placing workers", "pose des ouvriers"),
    "special buildings": ("special buildings", "bâtiments spéciaux"),
    "provost": ("provost", "prévôt"), "activation": ("the road works", "activation de la route"),
    "castle": ("castle", "château"), "end of turn": ("end of turn", "fin du tour"),
    "over": ("over", "fin"),
}
_BUILDINGS = {b.key: b for b in B.CATALOGUE}
_SPECIAL_VIEW_KEYS = ("gate", "trading_post", "guild", "joust")


class _Words:
    """The reader's language and the players' names."""

    def __init__(self, lang: str, names: Sequence[str] | None):
        self.fr = lang == "fr"
        self.lang = lang
        self.names = list(names or ())

    def __call__(self, key: str) -> str:
        return WORDS[key][self.fr]

    def name(self, thing: B.Building | B.Thing) -> str:
        return thing.fr if self.fr else thing.name

    def player(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else player_name(seat, self.lang)

    def who(self, seat: int | None) -> Text:
        if seat is None:
            return Text("○", "dim")
        return Text(self.player(seat), style=f"bold {COLOURS[seat % len(COLOURS)]}")

    def cube(self, name: str) -> tuple[str, str]:
        letter_en, letter_fr, style = CUBE_MARK[name]
        return (letter_fr if self.fr else letter_en), style


def _road(view: Mapping[str, Any], w: _Words) -> Table:
    table = Table(box=None, show_header=False, padding=(0, 1))
    for _ in range(7):
        table.add_column(min_width=14)
    cells = []
    for space in view["road"]:
        n = space["space"]
        cell = Text(f"R{n} ", style="dim")
        building = _BUILDINGS.get(space["building"] or "")
        if building is not None:
            cell.append(w.name(building), style=KIND_STYLE.get(space["kind"], ""))
        else:
            cell.append(f"·{w('site')}·", style="dim")
        if space["owner"] is not None:
            cell.append(" ⌂", style=COLOURS[space["owner"] % len(COLOURS)])
        if space["worker"] is not None:
            cell.append(" ")
            cell.append_text(w.who(space["worker"]))
        marks = ""
        if n == view["bailiff"]:
            marks += " B"
        if n == view["provost"]:
            marks += " P"
        if n - 1 in B.SECTION_TRIGGER:
            marks += " ♜"
        if marks:
            cell.append(marks, style="bold white")
        cells.append(cell)
    for row in range(4):
        table.add_row(*cells[row * 7:(row + 1) * 7])
    return table


def _specials(view: Mapping[str, Any], w: _Words) -> Text:
    sp = view["special"]
    line = Text()
    for key, place in zip(_SPECIAL_VIEW_KEYS, B.SPECIALS, strict=False):
        line.append(f"{w.name(place)} ", style="bold")
        line.append_text(w.who(sp[key]))
        line.append("  ")
    line.append(f"{w.name(B.SPECIALS[B.STABLES])} ", style="bold")
    for seat in sp["stables"]:
        line.append_text(w.who(seat))
        line.append(" ")
    line.append(f"  {w.name(B.SPECIALS[B.INN])} ", style="bold")
    left, right = sp["inn"]
    line.append_text(w.who(left))
    line.append(" → ")
    line.append_text(w.who(right))
    line.append(f"  {w.name(B.CASTLE)} ", style="bold")
    for seat in view["castle"]["workers"]:
        line.append_text(w.who(seat))
        line.append(" ")
    line.append(f"   {w('bridge')} {view['place_cost']}", style="dim")
    if view["passed"]:
        line.append(f"  {w('passed')}: ", style="dim")
        for seat in view["passed"]:
            line.append_text(w.who(seat))
            line.append(" ")
    line.append(f"   {w('bailiff')}, {w('provost')}", style="dim")
    return line


def _castle(view: Mapping[str, Any], w: _Words) -> Table:
    table = Table(title=w("castle"), box=None, show_header=True, header_style="bold")
    for column in ("section", "filled", "houses"):
        table.add_column(w(column))
    current = view["castle"]["section"]
    for words, section in zip(B.SECTION_WORDS, view["castle"]["sections"], strict=True):
        name = f"{w.name(words)} ({section['points']} PP)"
        style = "bold" if section["name"] == current else ("dim" if section["scored"] else "")
        bar = "■" * section["filled"] + "□" * (section["size"] - section["filled"])
        houses = Text()
        for seat, n in enumerate(section["houses"]):
            if n:
                houses.append_text(w.who(seat))
                houses.append(f" {n}  ")
        status = f" {w('scored')}" if section["scored"] else ""
        table.add_row(Text(name + status, style), Text(bar, style), houses)
    return table


def _favours(view: Mapping[str, Any], w: _Words) -> Table:
    open_columns = view["favour_columns"]
    table = Table(title=w("favours"), box=None, header_style="bold")
    table.add_column(w("track"))
    for col in range(1, 6):
        table.add_column(str(col), style="" if col <= open_columns else "dim")
    for k, track in enumerate(B.TRACKS):
        row = [Text(w.name(B.TRACK_WORDS[k]), "bold")]
        for col in range(1, 6):
            cell_words = B.FAVOUR_WORDS[k][col - 1]
            cell = Text((cell_words.fr if w.fr else cell_words.name) + " ",
                        style="" if col <= open_columns else "dim")
            for seat, holding in enumerate(view["holdings"]):
                if holding["favours"][track] == col:
                    cell.append("●", style=COLOURS[seat % len(COLOURS)])
            row.append(cell)
        table.add_row(*row)
    return table


def _holdings(view: Mapping[str, Any], me: int | None, w: _Words) -> Table:
    table = Table(box=None, header_style="bold")
    for column in ("order", "player", "pp", "deniers", "cubes", "workers", "note"):
        table.add_column(w(column))
    pending = view.get("pending")
    for position, seat in enumerate(view["order"]):
        h = view["holdings"][seat]
        cubes = Text()
        for name, n in h["cubes"].items():
            mark, style = w.cube(name)
            cubes.append(f"{n}{mark} ", style=style if n else "dim")
        note = []
        if seat == me:
            note.append(w("you"))
        if pending and pending["seat"] == seat and not view["over"]:
            note.append(w("to_move"))
        table.add_row(str(position + 1), w.who(seat), str(h["score"]), str(h["deniers"]), cubes,
                      str(h["workers"]), ", ".join(note))
    return table


def _supply(view: Mapping[str, Any], w: _Words) -> Text:
    supply = Text(f"{w('supply')}: ", style="bold")
    for key in view["supply"]:
        tile = _BUILDINGS[key]
        cost = "+".join(w.cube(c)[0] * n for c, n in zip(B.CUBES, tile.cost, strict=True) if n)
        cost += f"+{w('any')}" * tile.any
        supply.append(f"{w.name(tile)} ", style=KIND_STYLE.get(tile.kind, ""))
        supply.append(f"({cost}, {tile.pp} PP)  ", style="dim")
    return supply


def render(view: Mapping[str, Any], seat: int | None, lang: str = "en",
           names: Sequence[str] | None = None) -> Panel:
    w = _Words(lang, names)
    phase = PHASES.get(view["phase"], (view["phase"], view["phase"]))[w.fr]
    header = Text(f"{w('turn')} {view['turn']} · {phase}", style="bold")
    pending = view.get("pending")
    if pending and not view["over"]:
        header.append(" · ")
        header.append_text(w.who(pending["seat"]))
        header.append(f" {w('to_move')}", style="cyan")
    if view["over"]:
        result = view["result"]
        header.append(f" · {w('over')}: ", style="bold green")
        for winner in result["winners"]:
            header.append_text(w.who(winner))
            header.append(f" {result['scores'][winner]} PP ", style="bold green")
    top = Table.grid(padding=(0, 4))
    top.add_row(_castle(view, w), _favours(view, w))
    return Panel(
        Group(header, _specials(view, w), _road(view, w), top, _holdings(view, seat, w),
              _supply(view, w)),
        title="Caylus", border_style="yellow",
    )
