"""Die Glücksritter for research: every action numbered, and a seat's view as a tensor
(see ``donjon.engine.research``).

The action space is every action of the game's own action tables (``actions``), in the order
the module declares them: every pair of action cards, every red Document to commit (with its aim
or not), every build, raid, demolition, gift and answer, for the largest table (seats 0–5). The secret choice of action cards is simultaneous (``SIMULTANEOUS``).

The rules let a game go on for ever (a castle can be demolished as fast as it is built), so
``max_game_length`` is a cap, 1,000 decisions a seat: random games end within 800 decisions at
six players, far below it.

The tensor encodes, seats in table order: who views, who is to move, the round, start player and
phase, the decision awaited and what it is about, the coins in the bag and on the money fields,
the blocked fields, the supply, the Ducats and Document piles, every hand, committed pile and
chosen pair as the viewer may see them, the gifts, the red Documents waiting, the revealed cards
and who stands on each field, the winners, and each seat's coins, castle and dungeon. Counts are
divided by their largest possible value, so every slot lies in [0, 1].
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from donjon.engine.research import Identity, Segment, counts, module_actions, one_hot
from donjon.games.gluecksritter import actions as tables
from donjon.games.gluecksritter.choice import Target
from donjon.games.gluecksritter.data import (
    BOX_COINS,
    BOX_PIECES,
    BUILDERS,
    DOC_NAMES,
    DOCUMENT_MIXES,
    DUCATS_DECKS,
    GOLD,
    SILVER,
    TOWER,
    WALL,
)
from donjon.games.gluecksritter.documents import THEFT_NAMES, Giving, Theft
from donjon.games.gluecksritter.fields import Build, BuyDocument
from donjon.games.gluecksritter.knight import Duel, LoneKnight, Steal

#: several seats choose their action cards at once (§3.2)
SIMULTANEOUS: Final = True
#: decisions a seat before a game is cut (see the module doc)
CAP_PER_SEAT: Final = 1000
#: every round asks each seat for its cards: no game has more rounds than this
ROUNDS: Final = CAP_PER_SEAT + 1
#: the names of the decisions a view may show
DECISIONS: Final = tuple(
    frame.name for frame in (Target, Giving, Theft, BuyDocument, Build, LoneKnight, Duel, Steal)
)
#: the fields where castle pieces are bought, and the highest price of a piece
BUILD_FIELDS: Final = tuple(sorted(BUILDERS))
TOP_PRICE: Final = max(max(alone, several) for _, alone, several in BUILDERS.values())
PHASES: Final = ("choice", "resolution", "over")
FIELDS: Final = range(1, 7)
ALL_COINS: Final = BOX_COINS[SILVER] + 2 * BOX_COINS[GOLD]


def action_space(options: Mapping[str, Any]) -> list[Identity]:
    """Every action the actions module's tables hold, in the order it declares them."""
    return module_actions(tables)


def max_game_length(players: int, options: Mapping[str, Any]) -> int:
    return CAP_PER_SEAT * players


def _copies(options: Mapping[str, Any]) -> list[int]:
    mix = DOCUMENT_MIXES[options["documents"]]
    return [max(1, mix.get(doc, 0)) for doc in range(len(DOC_NAMES))]


def _top_ducats(options: Mapping[str, Any]) -> int:
    return max(max(card) for card in DUCATS_DECKS[options["ducats"]])


def observation_layout(players: int, options: Mapping[str, Any]) -> list[Segment]:
    p, d = players, len(DOC_NAMES)
    documents = sum(DOCUMENT_MIXES[options["documents"]].values())
    return [
        Segment("viewer", p, "1 at the viewing seat (none for a spectator)"),
        Segment("to_move", p, "1 at each seat to move now"),
        Segment("round", 1, f"round / {ROUNDS}"),
        Segment("start", p, "1 at the start player"),
        Segment("phase", len(PHASES), f"one of {', '.join(PHASES)}"),
        Segment("decision", len(DECISIONS), f"the decision awaited: {', '.join(DECISIONS)}"),
        Segment("decision_seat", p, "1 at the seat that decides"),
        Segment("decision_document", d, "the Document the decision is about"),
        Segment("decision_seats", 3 * p, "the thief, the duel opponent, the victim (one-hot each)"),
        Segment("decision_theft", len(THEFT_NAMES) + 1,
                f"what is stolen ({', '.join(THEFT_NAMES)}), then 1 if by a Document"),
        Segment("decision_build", len(BUILD_FIELDS) + 1,
                f"the field where pieces are bought ({BUILD_FIELDS}), then price / {TOP_PRICE}"),
        Segment("money", 6, "silver, gold in the bag, on the tax collector, on the customs officer "
                            "/ coins of that kind in the box"),
        Segment("blocked", 6, "1 for each blocked field 1–6"),
        Segment("supply", 2, "walls, towers in the supply / pieces in the box"),
        Segment("ducats_card", 3, f"1 if a Ducats card is out, its two amounts / {_top_ducats(options)}"),
        Segment("piles", 2, "Ducats cards left / all; Documents left / all"),
        Segment("documents_discard", d, "per Document: copies discarded / copies in the mix"),
        Segment("hands", p * d, "per seat, per Document: copies in hand / copies, where visible"),
        Segment("hand_sizes", p, f"per seat: Documents in hand / {documents}"),
        Segment("committed", p * d, "per seat, per Document: committed copies / copies, where visible"),
        Segment("committed_sizes", p, f"per seat: Documents committed / {documents}"),
        Segment("choices", p * 6, "per seat, per field 1–6: 1 if it chose that card, where visible"),
        Segment("choice_sizes", p, "per seat: action cards chosen / 2"),
        Segment("waiting", p, "1 at each seat still to choose"),
        Segment("giving", p * p, "per seat: 1 at the seat it is giving coins to"),
        Segment("reds", p * d, "per seat, per Document: its red Documents waiting to act / copies"),
        Segment("revealed", p * 6, "per seat, per field 1–6: 1 if its card was revealed"),
        Segment("fields", 6 * p, "per field 1–6, per seat: 1 if the seat stands there"),
        Segment("winners", p, "1 at each winner"),
        Segment("coins", 3 * p, "per seat: silver, gold / coins of that kind in the box, ducats / "
                                "all the box is worth"),
        Segment("castles", 2 * p, "per seat: walls, towers / pieces of that kind in the box"),
        Segment("jailed", p, "1 at each seat whose Black Knight card is in the dungeon"),
    ]


def _seat_lists(values: list[Any], size: int, index: Mapping[Any, int], copies: list[int],
                total: int) -> tuple[list[float], list[float]]:
    """A zone per seat as shown (a list where visible, else a count): copies per item, sizes."""
    shown: list[float] = []
    sizes: list[float] = []
    for value in values:
        if isinstance(value, list):
            found = [0.0] * size
            for item in value:
                found[index[item]] += 1
            shown += [c / copies[i] for i, c in enumerate(found)]
            sizes.append(len(value) / total)
        else:
            shown += [0.0] * size
            sizes.append(value / total)
    return shown, sizes


_DOCUMENT = {name: i for i, name in enumerate(DOC_NAMES)}
_FIELD = {field: field - 1 for field in FIELDS}
_KNOWN_DETAILS = {"kind", "seat", "document", "thief", "what", "by", "field", "price",
                  "opponent", "victim"}


def _decision(decision: Mapping[str, Any] | None, players: int) -> dict[str, list[float]]:
    d = decision or {}
    unknown = set(d) - _KNOWN_DETAILS
    if unknown:
        raise ValueError(f"the research encoding does not know decision details {unknown}")
    other = [one_hot(d.get(key), players) for key in ("thief", "opponent", "victim")]
    what = d.get("what")
    field = d.get("field")
    return {
        "decision": one_hot(DECISIONS.index(d["kind"]) if d else None, len(DECISIONS)),
        "decision_seat": one_hot(d.get("seat"), players),
        "decision_document": one_hot(_DOCUMENT[d["document"]] if "document" in d else None,
                                     len(DOC_NAMES)),
        "decision_seats": [v for values in other for v in values],
        "decision_theft": [*one_hot(None if what is None else THEFT_NAMES.index(what),
                                    len(THEFT_NAMES)), 1.0 if d.get("by") == "document" else 0.0],
        "decision_build": [*one_hot(None if field is None else BUILD_FIELDS.index(field),
                                    len(BUILD_FIELDS)), d.get("price", 0) / TOP_PRICE],
    }


def encode(view: Mapping[str, Any], players: int,
           options: Mapping[str, Any]) -> dict[str, list[float]]:
    p, d = players, len(DOC_NAMES)
    copies = _copies(options)
    documents = sum(DOCUMENT_MIXES[options["documents"]].values())
    silver, gold = BOX_COINS[SILVER], BOX_COINS[GOLD]
    hands, hand_sizes = _seat_lists(view["hands"], d, _DOCUMENT, copies, documents)
    committed, committed_sizes = _seat_lists(view["committed"], d, _DOCUMENT, copies, documents)
    choices, choice_sizes = _seat_lists(view["choices"], 6, _FIELD, [1] * 6, 2)
    reds = [0.0] * (p * d)
    for seat, name in view["reds"]:
        reds[seat * d + _DOCUMENT[name]] += 1 / copies[_DOCUMENT[name]]
    card = view["ducats_card"]
    top = _top_ducats(options)
    ducat_cards = len(DUCATS_DECKS[options["ducats"]])
    return {
        "viewer": one_hot(view["seat"], p),
        "to_move": [1.0 if s in view["to_move"] else 0.0 for s in range(p)],
        "round": [view["round"] / ROUNDS],
        "start": one_hot(view["start"], p),
        "phase": one_hot(PHASES.index(view["phase"]), len(PHASES)),
        **_decision(view["decision"], p),
        "money": [view["bag"]["silver"] / silver, view["bag"]["gold"] / gold,
                  view["tax"]["silver"] / silver, view["tax"]["gold"] / gold,
                  view["customs"]["silver"] / silver, view["customs"]["gold"] / gold],
        "blocked": [1.0 if k in view["blocked"] else 0.0 for k in FIELDS],
        "supply": [view["supply"]["walls"] / BOX_PIECES[WALL],
                   view["supply"]["towers"] / BOX_PIECES[TOWER]],
        "ducats_card": [0.0, 0.0, 0.0] if card is None else [1.0, card[0] / top, card[1] / top],
        "piles": [view["ducats_deck"] / ducat_cards, view["documents_deck"] / documents],
        "documents_discard": [c / copies[i] for i, c in
                              enumerate(counts(view["documents_discard"], DOC_NAMES))],
        "hands": hands,
        "hand_sizes": hand_sizes,
        "committed": committed,
        "committed_sizes": committed_sizes,
        "choices": choices,
        "choice_sizes": choice_sizes,
        "waiting": [1.0 if s in view["waiting"] else 0.0 for s in range(p)],
        "giving": [v for target in view["giving"] for v in one_hot(target, p)],
        "reds": reds,
        "revealed": [1.0 if k in cards else 0.0 for cards in view["revealed"] for k in FIELDS],
        "fields": [1.0 if s in view["fields"][k] else 0.0 for k in FIELDS for s in range(p)],
        "winners": [1.0 if s in view["winners"] else 0.0 for s in range(p)],
        "coins": [v for c in view["coins"] for v in (c["silver"] / silver, c["gold"] / gold,
                                                     c["ducats"] / ALL_COINS)],
        "castles": [v for s in range(p) for v in (view["walls"][s] / BOX_PIECES[WALL],
                                                   view["towers"][s] / BOX_PIECES[TOWER])],
        "jailed": [1.0 if jailed else 0.0 for jailed in view["jailed"]],
    }
