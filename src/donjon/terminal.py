"""Playing and replaying in the terminal, in the player's language, naming players.

A person reads labels (``text.label``) and log sentences (``text.describe``) in English or
French; players are named ("You", "Player 2 (heuristic)"), never "seat N". Typing a number, an
action's label or its text alias plays it.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from typing import Any, Final

from rich.console import Console
from rich.table import Table

from donjon.bots import Bot, decide
from donjon.engine import Action, IllegalAction, State, text
from donjon.engine import record as records

STRINGS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "you": "You",
        "welcome": "{title} — {players} players, you are {you}. Type a number or an action; "
                   "'help' for commands.",
        "help": "Commands: a number, an action as shown, or its short text; 'undo' (take back "
                "your last move while it is still your turn), 'log' (the whole log), "
                "'save FILE', 'quit'.",
        "prompt": "your move> ",
        "no_number": "No action {number}: choose 1 to {last}.",
        "not_legal": "{answer!r} is not one of your actions now; type a number from 1 to {last}.",
        "not_yours": "It is not your turn.",
        "undone": "Move taken back.",
        "no_undo": "Nothing to take back: a move that passed the turn, drew or revealed "
                   "something stands.",
        "abandoned": "Game abandoned.",
        "final": "Final result",
        "player": "player", "score": "score", "rank": "rank",
        "tiebreak": "Ties broken by: {rule}",
        "save?": "Save the game record? [y/N] ",
        "file": "File [{default}]: ",
        "saved": "Record saved to {path}",
        "replay": "{title} record: {moves} moves. Enter: next move, a number: jump to that "
                  "move, q: quit.",
        "move": "Move {number}: {who} — {action}",
        "step": "move {number}/{total}> ",
        "yes": "y",
    },
    "fr": {
        "you": "Vous",
        "welcome": "{title} — {players} joueurs, vous êtes {you}. Tapez un numéro ou une "
                   "action ; « aide » pour les commandes.",
        "help": "Commandes : un numéro, une action telle qu'affichée, ou son texte court ; "
                "« annuler » (reprendre votre dernier coup tant que c'est votre tour), "
                "« journal » (tout le journal), « enregistrer FICHIER », « quitter ».",
        "prompt": "votre coup> ",
        "no_number": "Pas d'action {number} : choisissez de 1 à {last}.",
        "not_legal": "{answer!r} n'est pas l'une de vos actions ; tapez un numéro de 1 à {last}.",
        "not_yours": "Ce n'est pas votre tour.",
        "undone": "Coup repris.",
        "no_undo": "Rien à reprendre : un coup qui a passé la main, fait piocher ou révélé "
                   "quelque chose est joué.",
        "abandoned": "Partie abandonnée.",
        "final": "Résultat final",
        "player": "joueur", "score": "score", "rank": "rang",
        "tiebreak": "Égalités départagées par : {rule}",
        "save?": "Enregistrer la partie ? [o/N] ",
        "file": "Fichier [{default}] : ",
        "saved": "Partie enregistrée dans {path}",
        "replay": "Partie de {title} : {moves} coups. Entrée : coup suivant, un numéro : "
                  "aller à ce coup, q : quitter.",
        "move": "Coup {number} : {who} — {action}",
        "step": "coup {number}/{total}> ",
        "yes": "o",
    },
}

#: commands in either language
COMMANDS: Final = {
    "quit": "quit", "exit": "quit", "quitter": "quit",
    "help": "help", "aide": "help",
    "log": "log", "journal": "log",
    "undo": "undo", "annuler": "undo",
}


def say(lang: str, key: str, **args: Any) -> str:
    return STRINGS[lang][key].format(**args)


def player_names(state: State, me: int | None, bots: dict[int, str], lang: str) -> list[str]:
    """"You" for the person at the keyboard; "Player 2 (heuristic)" for a bot."""
    names = []
    for seat in range(state.players):
        if seat == me:
            names.append(say(lang, "you"))
        elif seat in bots:
            names.append(f"{text.player_name(seat, lang)} ({bots[seat]})")
        else:
            names.append(text.player_name(seat, lang))
    return names


class TerminalGame:
    """One person against bots: ``run`` plays to the end (or until they quit)."""

    def __init__(self, state: State, seat: int, bots: dict[int, Bot], lang: str,
                 console: Console, ask: Callable[[str], str] | None = None):
        self.state = state
        self.seat = seat
        self.bots = bots
        self.lang = text.check_language(lang)
        self.console = console
        self.input = ask or console.input
        self.names = player_names(state, seat, {s: b.name for s, b in bots.items()}, lang)
        self.shown = 0

    def say(self, key: str, **args: Any) -> str:
        return say(self.lang, key, **args)

    def run(self) -> bool:
        """Play until the end (True) or until the person quits (False)."""
        state, game = self.state, self.state.game
        seed = state.seed if state.seed is not None else 0
        rng = random.Random(seed)
        self.console.print("[bold]" + self.say(
            "welcome", title=game.title, players=state.players, you=text.player_name(
                self.seat, self.lang)) + "[/]")
        while not state.is_over():
            for bot_seat in [s for s in state.to_move() if s != self.seat]:
                state.apply(bot_seat, decide(self.bots[bot_seat], state, bot_seat, rng))
            if state.is_over():
                break
            self.show_events()
            if self.seat not in state.to_move():
                continue
            self.draw()
            if not self.ask():
                self.console.print(self.say("abandoned"))
                return False
        self.show_events()
        self.draw()
        self.final()
        return True

    def draw(self) -> None:
        view = self.state.view(self.seat)
        drawing = text.terminal_drawing(self.state.game, view, self.seat, self.lang, self.names)
        self.console.print(drawing if drawing is not None else json.dumps(view, indent=1))

    def sentence(self, event: dict[str, Any]) -> str:
        return text.describe(self.state.game, event, self.seat, self.lang, self.names)

    def show_events(self) -> None:
        log = self.state.log(self.seat, since=self.shown)
        for event in log:
            self.console.print(f"  [dim]·[/] {self.sentence(event)}")
        self.shown += len(log)

    def labels(self, legal: Sequence[Action]) -> list[str]:
        return [text.label(self.state.game, a, self.lang, self.names) for a in legal]

    def ask(self) -> bool:
        """Read one legal action from the person and apply it; False if they quit."""
        state, seat = self.state, self.seat
        legal = state.legal_actions(seat)
        labels = self.labels(legal)
        prompt = text.prompt(state.game, state.view(seat), self.lang, self.names)
        if prompt:
            self.console.print(f"[bold]{prompt}[/]")
        for i, label in enumerate(labels, 1):
            self.console.print(f"  [cyan]{i:>3}[/] {label}")
        while True:
            try:
                answer = self.input(f"[bold]{self.say('prompt')}[/]").strip()
            except EOFError:
                return False
            if not answer:
                continue
            command = COMMANDS.get(answer.lower())
            if command == "quit":
                return False
            if command == "help":
                self.console.print(self.say("help"))
                continue
            if command == "log":
                for event in state.log(seat):
                    self.console.print(f"  · {self.sentence(event)}")
                continue
            if command == "undo":
                if state.can_undo(seat):
                    state.undo(seat)
                    self.shown = min(self.shown, len(state.events))
                    self.console.print(f"[yellow]{self.say('undone')}[/]")
                    return True
                self.console.print(f"[red]{self.say('no_undo')}[/]")
                continue
            first, _, rest = answer.partition(" ")
            if first.lower() in ("save", "enregistrer") and rest:
                self.save(rest.strip())
                continue
            action = self.choose(answer, legal, labels)
            if action is not None:
                state.apply(seat, action)
                return True

    def choose(self, answer: str, legal: Sequence[Action], labels: list[str]) -> Action | None:
        """The action a person typed: its number, its label or its text; None (said why)."""
        if answer.isdigit():
            number = int(answer)
            if 1 <= number <= len(legal):
                return legal[number - 1]
            self.console.print(f"[red]{self.say('no_number', number=number, last=len(legal))}[/]")
            return None
        wanted = " ".join(answer.split()).casefold()
        for action, label in zip(legal, labels, strict=True):
            if wanted in (label.casefold(), action.text.casefold()):
                return action
        self.console.print(f"[red]{self.say('not_legal', answer=answer, last=len(legal))}[/]")
        return None

    def final(self) -> None:
        state = self.state
        result = state.result()
        table = Table(title=self.say("final"))
        for column in ("player", "score", "rank"):
            table.add_column(self.say(column))
        shown = text.presentation(state.game)
        categories = shown.CATEGORIES if shown else {}
        for category in categories:
            table.add_column(categories[category].get(self.lang, category), justify="right")
        for seat in sorted(range(state.players), key=lambda s: result.ranks[s]):
            parts = result.breakdown[seat] if seat < len(result.breakdown) else {}
            table.add_row(self.names[seat], str(result.scores[seat]), str(result.ranks[seat]),
                          *(str(parts.get(c, 0)) for c in categories))
        self.console.print(table)
        if result.tiebreak:
            self.console.print(f"[dim]{self.say('tiebreak', rule=result.tiebreak)}[/]")

    def save(self, path: str) -> None:
        records.save(self.state.record(), path)
        self.console.print(self.say("saved", path=path))

    def offer_save(self) -> None:
        try:
            answer = self.input(self.say("save?")).strip().lower()
        except EOFError:
            return
        if answer.startswith(self.say("yes")) or answer.startswith("y"):
            default = f"{self.state.game.name}-{self.state.seed}.json"
            try:
                path = self.input(self.say("file", default=default)).strip() or default
            except EOFError:
                path = default
            self.save(path)


def replay_session(record: dict[str, Any], seat: int | None, step: bool, lang: str,
                   console: Console, ask: Callable[[str], str] | None = None) -> None:
    """Step through a record move by move (it has been checked to replay)."""
    read = ask or console.input
    state = records.replay(record, upto=0)
    game = state.game
    moves = [records.record_move(move) for move in record["moves"]]
    names = player_names(state, None, {}, lang)
    console.print("[bold]" + say(lang, "replay", title=game.title, moves=len(moves)) + "[/]")
    index = 0
    while True:
        drawing = text.terminal_drawing(game, state.view(seat), seat, lang, names)
        console.print(drawing if drawing is not None else json.dumps(state.view(seat), indent=1))
        if index >= len(moves):
            break
        if step:
            try:
                answer = read(say(lang, "step", number=index + 1, total=len(moves))).strip()
            except EOFError:
                answer = "q"
            if answer == "q":
                return
            if answer.isdigit():
                index = min(int(answer), len(moves))
                state = records.replay(record, upto=index)
                continue
        mover, action = moves[index]
        try:
            state.apply(mover, action)
        except IllegalAction as error:  # pragma: no cover - the record was checked to replay
            raise ValueError(str(error)) from None
        label = text.label(game, state.moves[-1][1], lang, names)
        console.print("[bold]" + say(lang, "move", number=index + 1, who=names[mover],
                                     action=label) + "[/]")
        index += 1
    if state.is_over():
        result = state.result()
        for s in sorted(range(state.players), key=lambda s: result.ranks[s]):
            console.print(f"  {result.ranks[s]}. {names[s]}: {result.scores[s]}")
