"""Citadels for research: every action numbered, and a seat's view as a tensor
(see ``donjon.engine.research``).

The action space is built from the game's own tables: the interned actions of ``actions`` (a
build, a pick, a kill... per district, character or seat), then the actions the rules spell as
they go, over every character, district, seat and type they may name: the Theater's swap, the
income, the Warlord's, Diplomat's, Marshal's and Armory's targets, the Necropolis, the Cardinal's
loan and gifts. It holds only the characters and districts the ``characters`` and ``districts``
options can bring into a game (at any player count), and only the kinds of action those
characters and districts give (``CHARACTER_KINDS``, ``DISTRICT_KINDS``); a beautified district
only where the Artist may play.

Some arguments are amounts the state settles, not choices (``PROJECTED``): the gold a
destruction, a seizure, a Diplomat's exchange, a Cardinal's loan, a bribe, the taxes or the
Thieves' Den's remainder costs, and the cards of an income (the gold of an income stays: it is
the Abbot's choice of mix). ``entry`` drops them, so the space is finite and two actions legal at
once never share an entry.

Citadels has no bound on its length: after gathering a seat may always end its turn unbuilt, so a
table where nobody builds plays for ever (every seat taking gold and ending its turn: still going
after 20,000 decisions). ``max_game_length`` is therefore a cap, ``CAP_ROUNDS`` rounds of
``DECISIONS_PER_SEAT_ROUND`` decisions a seat, far above what random play reaches: the longest
of 32,000 random games (2,000 per preset and random, at 2 and at 8 players) took 410
decisions and 19 rounds at 2 players (cap 2,000), 1,076 decisions and 31 rounds at 8 (cap 8,000).
A game reaching the cap is cut by the adapters.

The tensor encodes ``view(seat)`` only: who views and who is to move, the round, phase and
decision pending, the cast and unique districts in play, the crown, gold, hands (the viewer's by
card, everyone's size), every city (districts and beautified ones), completed cities, Museums,
the deck, the Tax Collector's pool, the draft as the viewer sees it (face-up and face-down
characters, the cards passed to it), the characters it holds, those revealed, killed, bewitched,
robbed, warranted or threatened as far as shown, the turn being played, the cards it is offered
or looking at, and what it knows of other hands. Not the result of a finished game: the
adapters give it as rewards, and it reads the hands (a Secret Vault kept to the end), which a
determinization deals afresh. Counts of cards are divided by the copies the deck holds, so they
lie in [0, 1]; gold, which has no maximum, is divided by ``GOLD_SCALE`` and read as at most
``GOLD_MOST``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final

from donjon.engine import Frame
from donjon.engine.action import Arg
from donjon.engine.research import Identity, Segment, module_actions, one_hot
from donjon.games.citadels import GAME
from donjon.games.citadels import actions as tables
from donjon.games.citadels.actions import MODE_NAMES, PHASE_NAMES, SPELLING
from donjon.games.citadels.cards import (
    ABBOT,
    ARMORY,
    ARTIST,
    ASSASSIN,
    BASIC_COPIES,
    BLACKMAILER,
    BUILD_LIMIT,
    CARDINAL,
    CHARACTER_KEYS,
    CHARACTER_NAMES,
    DIPLOMAT,
    DISTRICT_KEYS,
    DISTRICT_NAMES,
    DISTRICT_TYPE,
    EMPEROR,
    FIRST_GAME,
    FRAMEWORK,
    LABORATORY,
    MAGICIAN,
    MAGISTRATE,
    MARSHAL,
    MUSEUM,
    N_BASIC,
    NAVIGATOR,
    NECROPOLIS,
    RANDOM,
    RANK,
    SCHOLAR,
    SEER,
    SMITHY,
    SPY,
    TAX_COLLECTOR,
    THEATER,
    THIEF,
    TYPES,
    UNIQUE_SETS,
    WARLORD,
    WITCH,
    WIZARD,
    cast_allowed,
)
from donjon.games.citadels.cards import DEN as THIEVES_DEN
from donjon.games.citadels.cast import UNIQUE_IDS, resolve_cast, resolve_uniques
from donjon.games.citadels.deck import KeepOne

#: the player counts Citadels allows
PLAYER_COUNTS: Final = range(GAME.min_players, GAME.max_players + 1)
#: seats an action may name: the largest table's
SEATS: Final = range(max(PLAYER_COUNTS))

#: the kinds of action only some characters give (any of those named)
CHARACTER_KINDS: Final[dict[str, tuple[int, ...]]] = {
    "kill": (ASSASSIN,),
    "bewitch": (WITCH,),
    **dict.fromkeys(("sign", "warrant", "confiscate", "noconfiscate"), (MAGISTRATE,)),
    "rob": (THIEF,),
    "spy": (SPY,),
    **dict.fromkeys(("threat", "bluff", "bribe", "refuse", "reveal", "noreveal"), (BLACKMAILER,)),
    **dict.fromkeys(("swap", "magic", "mdiscard", "mdone"), (MAGICIAN,)),
    **dict.fromkeys(("look", "take", "wizbuild", "wizkeep"), (WIZARD,)),
    "seer": (SEER,),
    "give": (SEER, CARDINAL),
    **dict.fromkeys(("crown", "empgold", "empcard"), (EMPEROR,)),
    "abbot": (ABBOT,),
    "borrow": (CARDINAL,),
    **dict.fromkeys(("navgold", "navcards"), (NAVIGATOR,)),
    "scholar": (SCHOLAR,),
    "destroy": (WARLORD,),
    **dict.fromkeys(("dtake", "dgive"), (DIPLOMAT,)),
    "seize": (MARSHAL,),
    "beautify": (ARTIST,),
    "taxes": (TAX_COLLECTOR,),
}
#: the kinds of action only a unique district gives
DISTRICT_KINDS: Final[dict[str, int]] = {
    "theater": THEATER, "theater_pass": THEATER,
    "armory": ARMORY, "lab": LABORATORY, "museum": MUSEUM, "smithy": SMITHY,
    "buildfw": FRAMEWORK, "necro": NECROPOLIS,
    "den": THIEVES_DEN, "dencard": THIEVES_DEN, "dengold": THIEVES_DEN,
}
#: per kind, how many leading arguments identify the action: the rest are amounts the state
#: settles (the cost of a destruction, a seizure, an exchange, a loan; a bribe; the taxes; the
#: Thieves' Den's remaining gold; the cards of an income, given its gold)
PROJECTED: Final[dict[str, int]] = {
    "destroy": 3, "seize": 3, "dgive": 2, "borrow": 2, "bribe": 0, "taxes": 0, "dengold": 0,
    "income": 1,
}

#: all the district cards of a game: the basic copies and the uniques (§1.5: 14)
CARDS: Final = sum(BASIC_COPIES) + len(UNIQUE_SETS[FIRST_GAME])
#: the copies of each district the deck holds (a unique one: one)
COPIES: Final = tuple([*BASIC_COPIES, *[1] * (len(DISTRICT_KEYS) - N_BASIC)])
#: §2.2 income counts the districts of one type (§1.4 the School of Magic adds one)
MOST_INCOME: Final = max(
    sum(BASIC_COPIES[d] for d in range(N_BASIC) if DISTRICT_TYPE[d] == t)
    for t in set(DISTRICT_TYPE[:N_BASIC])
) + 1
#: the most characters a seat holds (§3.3, §3.4: two with 2–3 players), a draft hand (§3.2:
#: 9 characters less the face-down one), the cards drawn to keep one (§2.3 Scholar: 7)
HELD: Final = 2
DRAFT_HAND: Final = 9
OFFER: Final = 7
#: warrants the Magistrate places (§2.3); the most builds a turn allows (§4.4); the top rank
WARRANTS: Final = 3
MOST_BUILDS: Final = max(BUILD_LIMIT)
TOP_RANK: Final = max(RANK)
THREAT_STATES: Final = ("placed", "removed", "revealed")
#: gold is divided by this, and read as at most ``GOLD_MOST``: no game that ends comes near (random
#: games end below 100 gold), only endless play cut at the cap could pass it
GOLD_SCALE: Final = 20
GOLD_MOST: Final = 2000
LOOSE: Final = GOLD_MOST / GOLD_SCALE
#: the length cap (see the module doc)
CAP_ROUNDS: Final = 50
DECISIONS_PER_SEAT_ROUND: Final = 20


# -- what a game may hold ---------------------------------------------------------------------


def characters(options: Mapping[str, Any]) -> tuple[int, ...]:
    """Every character the options may cast at some player count, in catalogue order."""
    if options["characters"] == RANDOM:
        return tuple(c for c in range(len(CHARACTER_KEYS))
                     if any(cast_allowed(c, n) for n in PLAYER_COUNTS))
    found: set[int] = set()
    for players in PLAYER_COUNTS:
        try:  # a preset or list draws nothing from the generator
            found.update(resolve_cast(options, players, random.Random(0)))
        except ValueError:
            continue  # not playable at this count
    return tuple(sorted(found))


def districts(options: Mapping[str, Any]) -> tuple[int, ...]:
    """Every district the deck may hold under the options, in catalogue order."""
    uniques = (UNIQUE_IDS if options["districts"] == RANDOM
               else resolve_uniques(options, random.Random(0)))
    return (*range(N_BASIC), *sorted(uniques))


# -- the action space -------------------------------------------------------------------------


def entry(kind: str, args: tuple[Arg, ...]) -> tuple[str, tuple[Arg, ...]]:
    """The identity ``kind``/``args`` is numbered by: without the amounts the state settles."""
    keep = PROJECTED.get(kind)
    return (kind, args) if keep is None else (kind, args[:keep])


def _spelled(kind: str, *args: Arg) -> Identity:
    """An action the rules spell as they go, as an entry (spelling it checks kind and arity)."""
    SPELLING[kind](*args)
    return entry(kind, args)


def _made(cast: Sequence[int], deck: Sequence[int]) -> list[Identity]:
    """The actions the rules make as they go, for every character, district and seat."""
    made = [_spelled("theater", CHARACTER_KEYS[c], s) for c in cast for s in SEATS]
    made += [_spelled("income", g, 0) for g in range(MOST_INCOME + 1)]
    for kind in ("destroy", "dtake", "seize", "armory"):
        amount = [0] if kind in PROJECTED else []
        made += [_spelled(kind, s, DISTRICT_KEYS[d], b, *amount)
                 for s in SEATS for d in deck for b in (False, True)]
    made += [_spelled(kind, DISTRICT_KEYS[d], b, *([0] if kind == "dgive" else []))
             for kind in ("dgive", "necro") for d in deck for b in (False, True)]
    made += [_spelled("give", DISTRICT_KEYS[d], s) for d in deck for s in SEATS]
    made += [_spelled("borrow", DISTRICT_KEYS[d], s, 0) for d in deck for s in SEATS]
    made += [_spelled(kind, 0) for kind in ("bribe", "taxes", "dengold")]
    return made


def _possible(identity: Identity, cast: set[str], deck: set[str], artist: bool) -> bool:
    kind, args = identity
    needs = CHARACTER_KINDS.get(kind)
    if needs is not None and not any(CHARACTER_KEYS[c] in cast for c in needs):
        return False
    unique = DISTRICT_KINDS.get(kind)
    if unique is not None and DISTRICT_KEYS[unique] not in deck:
        return False
    if not artist and any(arg is True for arg in args):  # only the Artist beautifies
        return False
    return all(arg in cast or arg in deck for arg in args if isinstance(arg, str)
               and arg not in TYPES)


def action_space(options: Mapping[str, Any]) -> list[Identity]:
    """The interned tables of ``actions`` in declaration order, then the actions made as play
    goes (``_made``), as entries, keeping those the options' cast and deck may offer."""
    cast, deck = characters(options), districts(options)
    names = {CHARACTER_KEYS[c] for c in cast}
    keys = {DISTRICT_KEYS[d] for d in deck}
    every = [entry(kind, args) for kind, args in module_actions(tables)] + _made(cast, deck)
    return [identity for identity in dict.fromkeys(every)
            if _possible(identity, names, keys, ARTIST in cast)]


def max_game_length(players: int, options: Mapping[str, Any]) -> int:
    return CAP_ROUNDS * DECISIONS_PER_SEAT_ROUND * players


# -- the tensor -------------------------------------------------------------------------------


def _decisions() -> tuple[str, ...]:
    """The names views give a pending decision (``Decision.pending_name``), sorted."""
    found: set[str] = set()
    todo: list[type[Any]] = [Frame]
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        concrete = not getattr(cls.options, "__isabstractmethod__", False)
        if cls.__module__.startswith("donjon.games.citadels.") and concrete and cls.shown:
            found.add(cls.name)
    found.add(KeepOne(0, True).pending_name())  # the Scholar's keep
    return tuple(sorted(found))


DECISIONS: Final = _decisions()


@dataclass(frozen=True)
class _Tables:
    """What a game may hold under some options, and where each name goes in the tensor."""

    cast: tuple[int, ...]
    deck: tuple[int, ...]
    who: dict[str, int]
    where: dict[str, int]


@cache
def _tables_of(options: tuple[tuple[str, Any], ...]) -> _Tables:
    settled = dict(options)
    cast, deck = characters(settled), districts(settled)
    return _Tables(cast, deck, {CHARACTER_NAMES[c]: k for k, c in enumerate(cast)},
                   {DISTRICT_NAMES[d]: k for k, d in enumerate(deck)})


def _tables(options: Mapping[str, Any]) -> _Tables:
    return _tables_of(tuple(sorted(options.items())))


def observation_layout(players: int, options: Mapping[str, Any]) -> list[Segment]:
    p = players
    shape = _tables(options)
    deck = shape.deck
    c, d = len(shape.cast), len(deck)
    u = len(deck) - N_BASIC
    rounds = max_game_length(players, options)
    layout = [
        Segment("viewer", p, "1 at the viewing seat (none for a spectator)"),
        Segment("to_move", p, "1 at each seat to move now"),
        Segment("over", 1, "1 once the game is over"),
        Segment("round", 1, f"round / {CAP_ROUNDS}", high=(rounds + 1) / CAP_ROUNDS),
        Segment("phase", len(PHASE_NAMES), f"one of {', '.join(PHASE_NAMES)}"),
        Segment("pending", len(DECISIONS), f"the decision pending: {', '.join(DECISIONS)}"),
        Segment("cast", c, "per character the options allow: 1 if in this game's cast"),
        Segment("uniques", u, "per unique district the options allow: 1 if in this game's deck"),
        Segment("crown", p, "1 at the seat holding the crown"),
        Segment("gold", p, f"per seat: gold (at most {GOLD_MOST}) / {GOLD_SCALE}",
                high=LOOSE),
        Segment("hand", d, "the viewer's hand, per district: copies / copies in the deck"),
        Segment("hand_order", d, "the viewer's hand, per district: where its copies stand in it "
                "(the sum of their places / (copies × all cards))"),
        Segment("hand_sizes", p, f"per seat: cards in hand / {CARDS}"),
        Segment("cities", p * d, "per seat, per district: copies built / copies in the deck"),
        Segment("beautified", p * d,
                "per seat, per district: beautified copies built / copies in the deck"),
        Segment("complete", p, "1 at each seat whose city is complete"),
        Segment("first_complete", p, "1 at the first seat to complete its city"),
        Segment("museum", p, f"per seat: cards under its Museum / {CARDS}"),
    ]
    if MUSEUM in deck:
        layout.append(Segment("museum_known", p * d, "per seat, per district: the cards the "
                              "viewer knows under its Museum / copies in the deck"))
    layout += [
        Segment("deck", 1, f"cards in the deck / {CARDS}"),
        Segment("tax_pool", 1, f"gold on the Tax Collector (at most {GOLD_MOST}) / "
                f"{GOLD_SCALE}", high=LOOSE),
        Segment("characters", c, "per character: 1 if the viewer holds it"),
        Segment("held", p, f"per seat: characters held, not revealed / {HELD}"),
        Segment("revealed", p * c, "per seat, per character: 1 if revealed by it this round"),
        Segment("faceup", c, "per character: 1 if discarded face up"),
        Segment("facedown", 1, f"characters discarded face down / {DRAFT_HAND}"),
        Segment("facedown_known", c, "per character: 1 if the viewer knows it face down"),
        Segment("drafter", p, "1 at the seat choosing a character"),
        Segment("draft_cards", c + 1, "per character: 1 if passed to the viewer to choose from; "
                f"then the characters passed / {DRAFT_HAND}"),
        Segment("killed", c, "the killed character"),
        Segment("bewitched", c, "the bewitched character"),
        Segment("witch", p, "1 at the Witch's seat once she bewitched"),
        Segment("robbed", c, "the robbed character"),
        Segment("warrants", c, f"per character: warrants shown on it / {WARRANTS}"),
        Segment("signed_warrant", c, "the character with the signed warrant, where shown"),
        Segment("threats", c * len(THREAT_STATES), "per character, per threat state "
                f"({', '.join(THREAT_STATES)}): 1 if a threat shown on it is in it"),
        Segment("real_threat", c, "the character with the real threat, where shown"),
        Segment("protected", p, "1 at the seat the rank 5 protects"),
        Segment("calling", c, "the character called"),
        Segment("current", p, "1 at the seat playing a turn"),
        Segment("playing", c, "the character playing"),
        Segment("mode", len(MODE_NAMES), f"how it plays: {', '.join(MODE_NAMES)}"),
        Segment("turn", 2, f"1 once it gathered; builds left / {MOST_BUILDS}"),
        Segment("offer", d + 1, "the cards the viewer draws to keep one of, per district: copies "
                f"/ copies in the deck; then the cards offered (to anyone) / {OFFER}"),
        Segment("last_round_rank", p, f"per seat: the highest rank it revealed this round / {TOP_RANK}"),
        Segment("known_cards", p * d,
                "per seat, per district: the copies the viewer knows in its hand / copies"),
        Segment("known_order", p * d, "per seat, per district: where the copies the viewer "
                "knows in its hand stand in what it knows (as ``hand_order``)"),
        Segment("looking_at", p + d, "the seat whose hand the viewer (Wizard) looks at; its "
                "cards per district / copies"),
    ]
    return layout


def _counts(names: Iterable[str], index: Mapping[str, int], deck: Sequence[int]) -> list[float]:
    """Copies of each district of ``deck`` among ``names`` / copies in the deck."""
    values = [0.0] * len(deck)
    for name in names:
        k = index[name]
        values[k] += 1 / COPIES[deck[k]]
    return values


def _order(names: Sequence[str], index: Mapping[str, int], deck: Sequence[int]) -> list[float]:
    """Where the copies of each district of ``deck`` stand in the list ``names`` (the order
    cards joined a hand, which views show): the sum of their places (from 1) / (copies in the
    deck × all the cards). A card given away and back moves to the end; this tells it."""
    values = [0.0] * len(deck)
    for place, name in enumerate(names, 1):
        k = index[name]
        values[k] += place / (COPIES[deck[k]] * CARDS)
    return values


def _gold(amount: int) -> float:
    return min(amount, GOLD_MOST) / GOLD_SCALE


def _marks(names: Iterable[str], index: Mapping[str, int], size: int) -> list[float]:
    values = [0.0] * size
    for name in names:
        values[index[name]] = 1.0
    return values


def _one(name: str | None, index: Mapping[str, int]) -> list[float]:
    return one_hot(None if name is None else index[name], len(index))


def encode(view: Mapping[str, Any], players: int,
           options: Mapping[str, Any]) -> dict[str, list[float]]:
    p = players
    shape = _tables(options)
    deck, who, where = shape.deck, shape.who, shape.where
    c, d = len(shape.cast), len(deck)
    seat = view["seat"]
    in_game = set(view["uniques"])
    hands = view["hands"]
    mine: list[str] = hands[seat] if seat is not None else []
    cities: list[float] = []
    beautified: list[float] = []
    for city in view["cities"]:
        cities += _counts((b["name"] for b in city), where, deck)
        beautified += _counts((b["name"] for b in city if b["beautified"]), where, deck)
    museum = view["museum"]
    held = view["characters"]
    draft = view["draft_cards"]
    threats = [0.0] * (c * len(THREAT_STATES))
    for threat in view["threats"]:
        threats[who[threat["character"]] * len(THREAT_STATES)
                + THREAT_STATES.index(threat["state"])] = 1.0
    offer = view["offer"]
    known = view["known_cards"] or [[] for _ in range(p)]
    looking = view.get("looking_at")
    builds = view["builds_left"]
    out = {
        "viewer": one_hot(seat, p),
        "to_move": [1.0 if s in view["to_move"] else 0.0 for s in range(p)],
        "over": [1.0 if view["over"] else 0.0],
        "round": [view["round"] / CAP_ROUNDS],
        "phase": one_hot(PHASE_NAMES.index(view["phase"]), len(PHASE_NAMES)),
        "pending": one_hot(None if view["pending"] is None
                           else DECISIONS.index(view["pending"]), len(DECISIONS)),
        "cast": _marks(view["cast"], who, c),
        "uniques": [1.0 if DISTRICT_NAMES[k] in in_game else 0.0 for k in deck[N_BASIC:]],
        "crown": one_hot(view["crown"], p),
        "gold": [_gold(g) for g in view["gold"]],
        "hand": _counts(mine, where, deck),
        "hand_order": _order(mine, where, deck),
        "hand_sizes": [(len(h) if isinstance(h, list) else h) / CARDS for h in hands],
        "cities": cities,
        "beautified": beautified,
        "complete": [1.0 if done else 0.0 for done in view["complete"]],
        "first_complete": one_hot(view["first_complete"], p),
        "museum": [(len(m) if isinstance(m, list) else m) / CARDS for m in museum],
        "deck": [view["deck"] / CARDS],
        "tax_pool": [_gold(view["tax_pool"])],
        "characters": _marks(held[seat] if seat is not None else (), who, c),
        "held": [(len(h) if isinstance(h, list) else h) / HELD for h in held],
        "revealed": [v for shown in view["revealed"] for v in _marks(shown, who, c)],
        "faceup": _marks(view["faceup"], who, c),
        "facedown": [view["facedown"] / DRAFT_HAND],
        "facedown_known": _marks(view["facedown_known"], who, c),
        "drafter": one_hot(view["drafter"], p),
        "draft_cards": (
            [*_marks(draft, who, c), len(draft) / DRAFT_HAND] if isinstance(draft, list)
            else [*[0.0] * c, (draft or 0) / DRAFT_HAND]),
        "killed": _one(view["killed"], who),
        "bewitched": _one(view["bewitched"], who),
        "witch": one_hot(view["witch"], p),
        "robbed": _one(view["robbed"], who),
        "warrants": [n / WARRANTS for n in _counted(view["warrants"], who, c)],
        "signed_warrant": _one(view["signed_warrant"], who),
        "threats": threats,
        "real_threat": _one(view["real_threat"], who),
        "protected": one_hot(view["protected"], p),
        "calling": _one(view["calling"], who),
        "current": one_hot(view["current"], p),
        "playing": _one(view["playing"], who),
        "mode": one_hot(None if view["mode"] is None else MODE_NAMES.index(view["mode"]),
                        len(MODE_NAMES)),
        "turn": [1.0 if view["gathered"] else 0.0, builds / MOST_BUILDS],
        "offer": ([*_counts(offer, where, deck), len(offer) / OFFER] if isinstance(offer, list)
                  else [*[0.0] * d, offer / OFFER]),
        "last_round_rank": [r / TOP_RANK for r in view["last_round_rank"]],
        "known_cards": [v for cards in known for v in _counts(cards, where, deck)],
        "known_order": [v for cards in known for v in _order(cards, where, deck)],
        "looking_at": ([0.0] * (p + d) if looking is None else
                       [*one_hot(looking["seat"], p), *_counts(looking["cards"], where, deck)]),
    }
    if MUSEUM in deck:
        out["museum_known"] = [v for cards in (view["museum_known"] or [[]] * p)
                               for v in _counts(cards, where, deck)]
    return out


def _counted(names: Iterable[str], index: Mapping[str, int], size: int) -> list[float]:
    values = [0.0] * size
    for name in names:
        values[index[name]] += 1
    return values
