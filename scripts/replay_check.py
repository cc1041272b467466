"""Records of random games made on one build replay to the identical states on another.

    # on the pure-Python build: play random games and write their records, with what each
    # game's end looked like (every seat's view, the log, the result)
    PYTHONPATH=src python scripts/replay_check.py record --games 1000 records.jsonl
    # on the compiled build: replay every record and compare
    PYTHONPATH=build/compiled python scripts/replay_check.py check records.jsonl

``record`` plays ``--games`` random games of each game (at ``DEFAULT_PLAYERS``, seeded: the
same games on every run) and writes one JSON line per game. ``check`` replays each record
(``donjon.engine.record.replay``), compares the fingerprint of the end state, and also, at 16
moves spread over the game, that the replay offers the same seats and legal actions as the
recording did; it prints the first difference and exits 1, else prints a summary. Each command
prints, on stderr, which build its modules came from.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import sys
import time
from typing import Any

import donjon
from donjon.arena.bench import DEFAULT_PLAYERS, running_build
from donjon.engine import State
from donjon.engine.record import replay

#: how many moves along a game the legal actions are compared at
PROBES = 16


def _digest(data: Any) -> str:
    return hashlib.sha256(json.dumps(data, sort_keys=True, default=repr).encode()).hexdigest()


def _moment(state: State) -> list[Any]:
    """Who is to move and what each may do."""
    return [[seat, [[a.kind, list(a.args), a.text] for a in state.legal_actions(seat)]]
            for seat in state.to_move()]


def fingerprint(state: State) -> dict[str, str]:
    """Digests of everything the contract lets one observe of an end state."""
    seats = list(range(state.players))
    result = state.result() if state.is_over() else None
    return {
        "views": _digest([state.view(s) for s in [None, *seats]]),
        "log": _digest([state.log(s) for s in [None, *seats]]),
        "result": _digest(dataclasses.asdict(result) if result is not None else None),
        "record": _digest(state.record()),
    }


def _probes(length: int) -> list[int]:
    return sorted({length * i // PROBES for i in range(PROBES)})


def record(games: int, out: str, seed: int) -> int:
    start = time.monotonic()
    with open(out, "w", encoding="utf-8") as f:
        for name in donjon.games():
            game = donjon.load(name)
            players = DEFAULT_PLAYERS.get(name, game.min_players)
            rng = random.Random(f"{seed}/{name}")
            for _ in range(games):
                state = game.new_game(players, seed=rng.getrandbits(32))
                moments: list[Any] = []
                while not state.is_over():
                    moments.append(_moment(state))
                    seat = rng.choice(state.to_move())
                    state.apply(seat, rng.choice(state.legal_actions(seat)))
                probes = _probes(len(moments))
                line = {"record": state.record(), "end": fingerprint(state),
                        "probes": {str(i): _digest(moments[i]) for i in probes}}
                f.write(json.dumps(line) + "\n")
    print(f"{running_build()}: recorded {games} random games of each of {len(donjon.games())} "
          f"games in {time.monotonic() - start:.0f} s", file=sys.stderr)
    return 0


def check(path: str) -> int:
    start = time.monotonic()
    count = 0
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            data = json.loads(line)
            rec = data["record"]
            where = f"line {number}: {rec['game']}, {rec['players']} players, seed {rec['seed']}"
            for index, expected in data["probes"].items():
                got = _digest(_moment(replay(rec, int(index))))
                if got != expected:
                    print(f"{where}: the legal actions differ after move {index}")
                    return 1
            state = replay(rec)
            end = fingerprint(state)
            if end != data["end"]:
                differ = [k for k in end if end[k] != data["end"][k]]
                print(f"{where}: the end state differs in {', '.join(differ)}")
                return 1
            count += 1
    print(f"{running_build()}: {count} records replayed to identical states in "
          f"{time.monotonic() - start:.0f} s")
    return 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rec = commands.add_parser("record", help="play random games and write their records")
    rec.add_argument("out")
    rec.add_argument("--games", type=int, default=50, help="random games of each game")
    rec.add_argument("--seed", type=int, default=1)
    chk = commands.add_parser("check", help="replay records and compare")
    chk.add_argument("path")
    args = parser.parse_args()
    if args.command == "record":
        return record(args.games, args.out, args.seed)
    return check(args.path)


if __name__ == "__main__":
    sys.exit(main())
