"""Citadels in the terminal: the characters of this round with their marks, every player's gold,
hand and city, your hand and what you drew, in the viewer's language and naming players (names
from the cards' table)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from donjon.engine.text import player_name
from donjon.games.citadels.cards import (
    CHARACTER_ID,
    DISTRICT_COST,
    DISTRICT_ID,
    DISTRICT_TYPE,
    TYPES,
    character_name,
    district_name,
)

COLOUR: Final = {"noble": "yellow", "religious": "blue", "trade": "green", "military": "red",
                 "unique": "magenta"}

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "cast": "Characters: ", "player": "player", "gold": "gold", "hand": "hand",
        "characters": "characters", "city": "city", "you": " (you)", "museum": "Museum",
        "your_hand": "Your hand: ", "empty": "(empty)", "drawn": "Drawn: ",
        "looking": "{name}'s hand: ", "offered": "Characters offered: ",
        "known": "Cards you know in other hands: ", "face_down": "Face down (you know): ",
        "round": "Round {n}", "deck": "deck {n}", "complete_at": "a city is complete at {n}",
        "taxes": "taxes {n}", "first": "{name} completed first: last round",
        "plays": "{name} plays the {c}", "gather": " (must gather)",
        "builds": ", builds left {n}",
        "protected": "{name} is protected from rank 8", "title": "Citadels",
    },
    "fr": {
        "cast": "Personnages : ", "player": "joueur", "gold": "or", "hand": "main",
        "characters": "personnages", "city": "cité", "you": " (vous)", "museum": "Musée",
        "your_hand": "Votre main : ", "empty": "(vide)", "drawn": "Piochées : ",
        "looking": "Main de {name} : ", "offered": "Personnages proposés : ",
        "known": "Cartes connues dans d'autres mains : ", "face_down": "Face cachée (connu) : ",
        "round": "Manche {n}", "deck": "pioche {n}", "complete_at": "cité complète à {n}",
        "taxes": "impôts {n}", "first": "{name} a complété sa cité : dernière manche",
        "plays": "{name} joue : {c}", "gather": " (doit prendre des ressources)",
        "builds": ", constructions restantes {n}",
        "protected": "{name} est protégé du rang 8", "title": "Citadelles",
    },
}


def _character(name: str, lang: str) -> str:
    return character_name(CHARACTER_ID[name], lang)


def _card(name: str, lang: str) -> Text:
    d = DISTRICT_ID.get(name)
    if d is None:
        return Text(name)
    kind = TYPES[DISTRICT_TYPE[d]]
    return Text(f"{district_name(d, lang)} {DISTRICT_COST[d]}", COLOUR[kind])


def _district(entry: dict[str, Any], lang: str) -> Text:
    label = f"{district_name(DISTRICT_ID[entry['name']], lang)} {entry['cost']}"
    return Text(label + ("✦" if entry["beautified"] else ""), COLOUR[entry["type"]])


def _join(parts: list[Text], sep: str = "  ") -> Text:
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(part)
    return out


def _cast_line(view: dict[str, Any], lang: str) -> Text:
    line = Text(WORDS[lang]["cast"], "bold")
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
        line.append(f"{i + 1} {_character(name, lang)}{marks}", style)
    return line


def render(view: dict[str, Any], seat: int | None, lang: str = "en",
           names: Sequence[str] | None = None) -> Panel:
    words = WORDS[lang]

    def who(p: int) -> str:
        return names[p] if names and p < len(names) else player_name(p, lang)

    table = Table(show_header=True, header_style="bold", box=None, expand=False)
    table.add_column(words["player"])
    table.add_column(words["gold"], justify="right")
    table.add_column(words["hand"], justify="right")
    table.add_column(words["characters"])
    table.add_column(words["city"])
    for p in range(view["players"]):
        hand = view["hands"][p]
        size = len(hand) if isinstance(hand, list) else hand
        marker = "♛ " if p == view["crown"] else "  "
        name = f"{marker}{who(p)}" + (words["you"] if p == seat else "")
        style = "bold" if p == view["current"] else ""
        chars = Text(", ".join(_character(c, lang) for c in view["revealed"][p]), "bold")
        hidden = view["characters"][p]
        gap = " " if view["revealed"][p] else ""
        if isinstance(hidden, list) and hidden:
            chars.append(gap + "[" + ", ".join(_character(c, lang) for c in hidden) + "]", "cyan")
        elif isinstance(hidden, int) and hidden:
            chars.append(gap + "?" * hidden, "dim")
        city = _join([_district(e, lang) for e in view["cities"][p]], " ")
        done = " ✔" if view["complete"][p] else ""
        museum = view["museum"][p]
        count = len(museum) if isinstance(museum, list) else museum
        extra = f" ({words['museum']} {count})" if count else ""
        city = Text.assemble((f"[{len(view['cities'][p])}{done}] ", "dim"), city, (extra, "dim"))
        table.add_row(Text(name, style), str(view["gold"][p]), str(size), chars, city)
    parts: list[Any] = [_cast_line(view, lang), table]
    if seat is not None and isinstance(view["hands"][seat], list):
        mine = view["hands"][seat]
        parts.append(Text.assemble((words["your_hand"], "bold"),
                                   _join([_card(c, lang) for c in mine]) if mine
                                   else Text(words["empty"], "dim")))
    if isinstance(view["offer"], list) and view["offer"]:
        parts.append(Text.assemble((words["drawn"], "bold"),
                                   _join([_card(c, lang) for c in view["offer"]])))
    if view.get("looking_at"):
        look = view["looking_at"]
        parts.append(Text.assemble((words["looking"].format(name=who(look["seat"])), "bold"),
                                   _join([_card(c, lang) for c in look["cards"]])))
    if isinstance(view["draft_cards"], list):
        offered = ", ".join(_character(c, lang) for c in view["draft_cards"])
        parts.append(Text(words["offered"] + offered, "cyan"))
    known = view.get("known_cards") or []
    lines = [f"{who(p)}: " + ", ".join(district_name(DISTRICT_ID[c], lang) for c in cards)
             for p, cards in enumerate(known) if cards]
    if lines:
        parts.append(Text(words["known"] + "; ".join(lines), "dim"))
    if view["facedown_known"]:
        down = ", ".join(_character(c, lang) for c in view["facedown_known"])
        parts.append(Text(words["face_down"] + down, "dim"))
    status = [words["round"].format(n=view["round"]), words["deck"].format(n=view["deck"]),
              words["complete_at"].format(n=view["complete_at"])]
    if view["has_tax_collector"]:
        status.append(words["taxes"].format(n=view["tax_pool"]))
    if view["first_complete"] is not None:
        status.append(words["first"].format(name=who(view["first_complete"])))
    if view["phase"] == "turn":
        status.append(words["plays"].format(name=who(view["current"]),
                                            c=_character(view["playing"], lang))
                      + ("" if view["gathered"] else words["gather"])
                      + words["builds"].format(n=view["builds_left"]))
    if view["protected"] is not None:
        status.append(words["protected"].format(name=who(view["protected"])))
    parts.append(Text(" · ".join(status), "dim"))
    return Panel(Group(*parts), title=words["title"], border_style="magenta")
