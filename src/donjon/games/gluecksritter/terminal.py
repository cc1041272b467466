"""Die Glücksritter in the terminal: the six fields, every castle and purse, your Documents, in
the reader's language and naming players."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from donjon.engine.text import player_name
from donjon.games.gluecksritter.data import (
    CASTLE,
    DOCUMENTS,
    FIELD_TEXTS,
    FIELDS,
    RANSOM,
    TOWER,
    WALL,
    counted,
)
from donjon.games.gluecksritter.presentation import prompt

_DOCUMENT: Final = {d.name: d for d in DOCUMENTS}

#: the drawing's own words
WORDS: Final = {
    "en": {
        "round": "Round {n}", "start": "start player: {name}", "you": "you",
        "choice": "secret choice", "resolution": "resolution", "over": "game over",
        "ducats_card": "Ducats card {tax}/{customs}", "board": "the board",
        "field": "field", "money": "money", "on_it": "on it", "rule": "what it does",
        "blocked": " ✖ blocked", "player": "player", "coins": "coins", "ducats": "ducats",
        "castle": "castle", "documents": "Documents", "this_round": "this round",
        "in_hand": "{n} in hand", "face_down": ", {n} red face down", "hidden": " (hidden)",
        "chosen": "chosen", "choosing": "choosing…", "jailed": "  ⛓ Black Knight in the dungeon",
        "giving": "  giving to {name}", "reds": "Red Documents to resolve: ",
        "yours": "Your Documents: ", "none": "none", "committed": "played face down: ",
        "footer": "○ silver coin (1 ducat), ● gold coin (2 ducats). Bag: {bag}. Supply: "
                  "{walls}, {towers}. Documents: {deck} in the deck, {used} used. Ransom: "
                  "{ransom} ducats.",
        "winner": "Game over — victory: {names}!",
        "target": "{name} chooses the target of {doc}.",
        "theft": "{name} may answer a theft by {other}.",
        "duel": "{name} may play Champion in the duel.",
        "buy-document": "{name} may buy a Document.",
        "build": "{name} may buy on field {field}.",
        "black-knight": "{name} leads the Black Knight.",
        "steal": "{name} chooses a piece to steal from {other}.",
    },
    "fr": {
        "round": "Manche {n}", "start": "premier joueur : {name}", "you": "vous",
        "choice": "choix secret", "resolution": "résolution", "over": "partie terminée",
        "ducats_card": "carte Ducats {tax}/{customs}", "board": "le plateau",
        "field": "case", "money": "argent", "on_it": "joueurs", "rule": "effet",
        "blocked": " ✖ bloquée", "player": "joueur", "coins": "pièces", "ducats": "ducats",
        "castle": "château", "documents": "Documents", "this_round": "cette manche",
        "in_hand": "{n} en main", "face_down": ", face cachée : {n}",
        "hidden": " (caché)", "chosen": "choisi", "choosing": "choisit…",
        "jailed": "  ⛓ Chevalier Noir au donjon", "giving": "  donne à {name}",
        "reds": "Documents rouges à résoudre : ", "yours": "Vos Documents : ",
        "none": "aucun", "committed": "joué face cachée : ",
        "footer": "○ pièce d'argent (1 ducat), ● pièce d'or (2 ducats). Sac : {bag}. "
                  "Réserve : {walls}, {towers}. Documents : {deck} dans la pioche, {used} "
                  "joués. Rançon : {ransom} ducats.",
        "winner": "Partie terminée — victoire : {names} !",
        "target": "{name} choisit la cible de {doc}.",
        "theft": "{name} peut répondre au vol annoncé par {other}.",
        "duel": "{name} peut jouer Champion dans le duel.",
        "buy-document": "{name} peut acheter un Document.",
        "build": "{name} peut acheter sur la case {field}.",
        "black-knight": "{name} mène le Chevalier Noir.",
        "steal": "{name} choisit la pièce à voler à {other}.",
    },
}


def _coins(silver: int, gold: int) -> Text:
    """Silver coins as ○, gold as ● (the footer says which is which)."""
    if not silver and not gold:
        return Text("—", "dim")
    return Text.assemble(("○" * silver, "bright_white"), (" " if silver and gold else "", ""),
                         ("●" * gold, "yellow"))


def _castle(walls: int, towers: int) -> Text:
    return Text.assemble(("▬" * walls, "bold red"), ("·" * max(0, CASTLE[WALL] - walls), "dim"),
                         ("  ", ""), ("♜" * towers, "bold blue"),
                         ("·" * max(0, CASTLE[TOWER] - towers), "dim"))


def _doc_name(name: str, lang: str) -> str:
    return _DOCUMENT[name].fr if lang == "fr" else name


def render(view: dict[str, Any], seat: int | None, lang: str = "en",
           names: Sequence[str] | None = None) -> Panel:
    words = WORDS[lang]
    fr = lang == "fr"
    players = view["players"]
    shown = list(names or [player_name(s, lang) for s in range(players)])

    def who(s: int) -> str:
        name = shown[s] if s < len(shown) else player_name(s, lang)
        return f"{name} ({words['you']})" if s == seat else name

    head = Text.assemble(
        (words["round"].format(n=view["round"]), "bold"),
        (" · " + words["start"].format(name=who(view["start"])), ""),
        (f" · {words[view['phase']]}", "italic"),
    )
    card = view["ducats_card"]
    if card:
        head.append(" · " + words["ducats_card"].format(tax=card[0], customs=card[1]), "dim")

    board = Table(box=None, show_header=True, header_style="bold", expand=False)
    board.add_column("#", justify="right")
    for column in ("field", "money", "on_it", "rule"):
        board.add_column(words[column], style="dim" if column == "rule" else None)
    for k in range(1, 7):
        name = Text(FIELDS[k][fr], "bold")
        if k in view["blocked"]:
            name.append(words["blocked"], "bold red")
        money = Text()
        if k == 5:
            money = _coins(view["tax"]["silver"], view["tax"]["gold"])
        elif k == 6:
            money = _coins(view["customs"]["silver"], view["customs"]["gold"])
        on = ", ".join(who(s) for s in view["fields"][k])
        board.add_row(str(k), name, money, on, getattr(FIELD_TEXTS[k], lang))

    table = Table(box=None, show_header=True, header_style="bold", expand=False)
    for column in ("player", "coins", "ducats", "castle", "documents", "this_round"):
        table.add_column(words[column])
    for p in range(players):
        marker = "▶ " if p in view["to_move"] else "  "
        name = Text(marker + who(p), "bold cyan" if p == seat else "")
        if p in view["winners"]:
            name.append(" ★", "bold yellow")
        coins = view["coins"][p]
        hand = view["hands"][p]
        committed = view["committed"][p]
        docs = words["in_hand"].format(n=len(hand) if isinstance(hand, list) else hand)
        face_down = len(committed) if isinstance(committed, list) else committed
        if face_down:
            docs += words["face_down"].format(n=face_down)
        note = Text()
        choice = view["choices"][p]
        if view["revealed"][p]:
            note.append(" + ".join(str(c) for c in view["revealed"][p]), "bold")
        elif isinstance(choice, list) and choice:
            note.append(" + ".join(map(str, choice)) + words["hidden"], "green")
        elif view["phase"] == "choice" and p not in view["waiting"]:
            note.append(words["chosen"], "green")
        elif view["phase"] == "choice":
            note.append(words["choosing"], "dim")
        if view["jailed"][p]:
            note.append(words["jailed"], "red")
        if view["giving"][p] is not None:
            note.append(words["giving"].format(name=who(view["giving"][p])), "magenta")
        table.add_row(name, _coins(coins["silver"], coins["gold"]), str(coins["ducats"]),
                      _castle(view["walls"][p], view["towers"][p]), docs, note)

    parts: list[RenderableType] = [head, Panel(board, title=words["board"], border_style="dim"),
                                   table]
    if view["reds"]:
        parts.append(Text(words["reds"] + ", ".join(
            f"{_doc_name(name, lang)} ({who(s)})" for s, name in view["reds"]), "red"))
    decision = view["decision"]
    line = prompt(view, lang, shown) if seat is not None else ""
    if line:
        parts.append(Text(line, "bold magenta"))
    elif decision and not view["over"]:
        other = decision.get("thief", decision.get("victim"))
        parts.append(Text(words[decision["kind"]].format(
            name=who(decision["seat"]), other=who(other) if other is not None else "",
            doc=_doc_name(decision.get("document", ""), lang) if "document" in decision else "",
            field=decision.get("field", "")), "bold magenta"))
    if seat is not None and isinstance(view["hands"][seat], list):
        mine = Text(words["yours"], "bold")
        held = view["hands"][seat]
        if not held:
            mine.append(words["none"], "dim")
        for name in sorted(set(held), key=held.index):
            document = _DOCUMENT[name]
            copies = held.count(name)
            mine.append(f"\n  {'■' if document.red else '□'} {_doc_name(name, lang)}",
                        "red" if document.red else "yellow")
            if copies > 1:
                mine.append(f" ×{copies}", "bold")
            mine.append(f" — {document.fr_text if fr else document.en_text}", "dim")
        for name in view["committed"][seat]:
            mine.append(f"\n  {words['committed']}{_doc_name(name, lang)}", "red")
        parts.append(mine)
    bag = view["bag"]
    parts.append(Text(words["footer"].format(
        bag=f"{counted(bag['silver'], 'silver', lang)}, {counted(bag['gold'], 'gold', lang)}",
        walls=counted(view["supply"]["walls"], "wall", lang),
        towers=counted(view["supply"]["towers"], "tower", lang),
        deck=view["documents_deck"], used=len(view["documents_discard"]), ransom=RANSOM),
        "dim"))
    if view["over"]:
        winners = ", ".join(who(s) for s in view["winners"])
        parts.append(Text(words["winner"].format(names=winners), "bold yellow"))
    return Panel(Group(*parts), title="Die Glücksritter", border_style="yellow")

