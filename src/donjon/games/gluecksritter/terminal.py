"""Die Glücksritter in the terminal: the six fields, every castle and purse, your Documents."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from donjon.games.gluecksritter.data import BUILDERS, DOCUMENT_PRICE, DOCUMENTS, FIELDS, RANSOM

DOC_TEXT = {d.name: (d.red, d.en_text) for d in DOCUMENTS}
FIELD_RULE = {
    1: f"alone: a free Document · several: buy one at {DOCUMENT_PRICE}",
    2: f"≤ 2 walls · {BUILDERS[2][1]} alone, {BUILDERS[2][2]} several",
    3: f"≤ 2 towers · {BUILDERS[3][1]} alone, {BUILDERS[3][2]} several",
    4: "alone: gold or raid · 2: duel · 3+: dungeon",
    5: "alone: all · several: share",
    6: "alone: all · several: share",
}
DECISIONS = {
    "target": "chooses the target of {document}",
    "theft": "may answer a theft by seat {thief}",
    "duel": "may play Champion in the duel",
    "buy-document": "may buy a Document",
    "build": "may buy on field {field}",
    "black-knight": "leads the Black Knight",
    "steal": "chooses a piece to steal from seat {victim}",
}


def _coins(silver: int, gold: int) -> Text:
    if not silver and not gold:
        return Text("—", "dim")
    return Text.assemble(("●" * silver, "bright_white"), (" " if silver and gold else "", ""),
                         ("●" * gold, "yellow"), (f" {silver}s {gold}g", "dim"))


def _castle(walls: int, towers: int) -> Text:
    return Text.assemble(("▬" * walls, "bold red"), ("·" * (4 - walls), "dim"), ("  ", ""),
                         ("♜" * towers, "bold blue"), ("·" * (4 - towers), "dim"))


def _who(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def render(view: dict[str, Any], seat: int | None):
    players = view["players"]
    head = Text.assemble(
        (f"Round {view['round']}", "bold"), (f" · start player: {_who(view['start'], seat)}", ""),
        (f" · {view['phase']}", "italic"),
    )
    card = view["ducats_card"]
    if card:
        head.append(f" · Ducats card {card[0]}/{card[1]}", "dim")

    board = Table(box=None, show_header=True, header_style="bold", expand=False)
    board.add_column("#", justify="right")
    board.add_column("field")
    board.add_column("money")
    board.add_column("on it")
    board.add_column("rule", style="dim")
    for k in range(1, 7):
        name = Text(FIELDS[k][0], "bold")
        if k in view["blocked"]:
            name.append(" ✖ blocked", "bold red")
        money = Text()
        if k == 5:
            money = _coins(view["tax"]["silver"], view["tax"]["gold"])
        elif k == 6:
            money = _coins(view["customs"]["silver"], view["customs"]["gold"])
        on = ", ".join(_who(s, seat) for s in view["fields"][k])
        board.add_row(str(k), name, money, on, FIELD_RULE[k])

    table = Table(box=None, show_header=True, header_style="bold", expand=False)
    for column in ("player", "coins", "ducats", "castle", "documents", "this round"):
        table.add_column(column)
    for p in range(players):
        marker = "▶ " if p in view["to_move"] else "  "
        who = Text(marker + _who(p, seat), "bold cyan" if p == seat else "")
        if p in view["winners"]:
            who.append(" ★", "bold yellow")
        coins = view["coins"][p]
        hand = view["hands"][p]
        committed = view["committed"][p]
        docs = f"{len(hand) if isinstance(hand, list) else hand} in hand"
        n_committed = len(committed) if isinstance(committed, list) else committed
        if n_committed:
            docs += f", {n_committed} red face down"
        round_note = Text()
        if view["revealed"][p]:
            round_note.append(" + ".join(str(c) for c in view["revealed"][p]), "bold")
        elif isinstance(view["choices"][p], list) and view["choices"][p]:
            round_note.append(" + ".join(map(str, view["choices"][p])) + " (hidden)", "green")
        elif view["choices"][p]:
            round_note.append("chosen", "green")
        elif view["phase"] == "choice":
            round_note.append("choosing…", "dim")
        if view["jailed"][p]:
            round_note.append("  ⛓ Knight jailed", "red")
        if view["giving"][p] is not None:
            round_note.append(f"  giving to seat {view['giving'][p]}", "magenta")
        table.add_row(who, _coins(coins["silver"], coins["gold"]), str(coins["ducats"]),
                      _castle(view["walls"][p], view["towers"][p]), docs, round_note)

    parts = [head, Panel(board, title="the board", border_style="dim"), table]
    if view["reds"]:
        parts.append(Text("Red Documents to resolve: " + ", ".join(
            f"{name} ({_who(s, seat)})" for s, name in view["reds"]), "red"))
    decision = view["decision"]
    if decision and not view["over"]:
        what = DECISIONS[decision["kind"]].format(**decision)
        parts.append(Text(f"{_who(decision['seat'], seat).capitalize()} {what}.", "bold magenta"))
    if seat is not None and isinstance(view["hands"][seat], list):
        mine = Text("Your Documents: ", "bold")
        if not view["hands"][seat]:
            mine.append("none", "dim")
        held = view["hands"][seat]
        for name in sorted(set(held), key=held.index):
            red, text = DOC_TEXT[name]
            copies = held.count(name)
            mine.append(f"\n  {'🔴' if red else '🟡'} {name}", "red" if red else "yellow")
            if copies > 1:
                mine.append(f" ×{copies}", "bold")
            mine.append(f" — {text}", "dim")
        for name in view["committed"][seat]:
            mine.append(f"\n  committed face down: {name}", "red")
        parts.append(mine)
    parts.append(Text(
        f"Bag: {view['bag']['silver']} silver, {view['bag']['gold']} gold · supply: "
        f"{view['supply']['walls']} walls, {view['supply']['towers']} towers · Documents: "
        f"{view['documents_deck']} in the deck, {len(view['documents_discard'])} used · "
        f"ransom {RANSOM} · 8 coins of a kind: half back to the bag", "dim"))
    if view["over"]:
        winners = ", ".join(_who(s, seat) for s in view["winners"])
        parts.append(Text(f"Game over — castle complete: {winners} wins!", "bold yellow"))
    return Panel(Group(*parts), title="Die Glücksritter", border_style="yellow")
