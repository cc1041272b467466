"""Citadels options: the cast, the 14 uniques, and every PROPOSED/UNCONFIRMED ruling (§2.4, §6).

``OPTIONS`` is the table the Game declares; ``resolve_cast`` / ``resolve_uniques`` turn the
``characters`` / ``districts`` options into ids at setup, with the state's own generator.
"""

from __future__ import annotations

from typing import Any

from donjon.engine import Option
from donjon.games.citadels.cards import (
    CASTS,
    CHAR_ID,
    CHAR_NAMES,
    CHAR_RANK,
    DISTRICT_ID,
    DISTRICT_TYPE,
    EMPEROR,
    FIRST_GAME,
    QUEEN,
    RANDOM,
    UNIQUE,
    UNIQUE_SETS,
    cast_allowed,
)

UNIQUE_IDS = tuple(d for d, t in enumerate(DISTRICT_TYPE) if t == UNIQUE)


def _names(value: Any, what: str) -> Any:
    if isinstance(value, (list, tuple)):
        value = ", ".join(str(v) for v in value)
    if not isinstance(value, str):
        raise ValueError(f"option {what} must be a preset name, 'random' or a list of names")
    return value


def _check_characters(value: Any) -> str:
    value = _names(value, "characters")
    if value in CASTS or value == RANDOM:
        return value
    names = [v.strip() for v in value.split(",") if v.strip()]
    unknown = [v for v in names if v not in CHAR_ID]
    if unknown:
        raise ValueError(
            f"unknown character(s) {', '.join(unknown)}; presets: {', '.join(CASTS)}, random; "
            f"characters: {', '.join(CHAR_NAMES)}"
        )
    ranks = sorted(CHAR_RANK[CHAR_ID[v]] for v in names)
    if ranks not in (list(range(1, 9)), list(range(1, 10))):
        raise ValueError("an explicit cast names exactly one character for each rank 1–8 "
                         "(and optionally one of rank 9)")
    return ", ".join(names)


def _check_districts(value: Any) -> str:
    value = _names(value, "districts")
    if value in UNIQUE_SETS or value == RANDOM:
        return value
    names = [v.strip() for v in value.split(",") if v.strip()]
    bad = [v for v in names if v not in DISTRICT_ID or DISTRICT_TYPE[DISTRICT_ID[v]] != UNIQUE]
    if bad:
        raise ValueError(f"not unique districts: {', '.join(bad)}")
    if len(set(names)) != 14:
        raise ValueError(f"choose exactly 14 different unique districts, not {len(set(names))}")
    return ", ".join(names)


PRESETS = tuple(CASTS)

OPTIONS = (
    Option("characters", FIRST_GAME, check=_check_characters,
           doc="the cast (§2.4): first-game, a preset (" + ", ".join(PRESETS[1:]) + "), random "
               "(one per rank), or a comma-separated list of one character per rank"),
    Option("districts", FIRST_GAME, check=_check_districts,
           doc="the 14 unique districts (§1.5): first-game, a preset, random, or a list of 14"),
    Option("rank9", "auto", choices=("auto", "yes", "no"),
           doc="use a rank 9 with 4–7 players (§2.1: optional); 'auto' = only where required "
               "(3 and 8 players); never with 2"),
    Option("first_game_rank9", "Artist", choices=("Queen", "Artist", "Tax Collector"),
           proposed=True,
           doc="rank 9 added to the first-game cast when one is used (§2.4: the rulebook names "
               "none; CT adds the Artist)"),
    Option("emperor_substitute", "King", choices=("King", "Patrician"), proposed=True,
           doc="rank 4 replacing the Emperor with 2 players (§2.4: King or Patrician)"),
    Option("queen_substitute", "Artist", choices=("Artist", "Tax Collector"), proposed=True,
           doc="rank 9 replacing the Queen with 3–4 players (§2.4: Artist or Tax Collector)"),
    Option("secret_vault_counts_for_diversity", True, proposed=True,
           doc="seed 003 (BGA): a Secret Vault revealed from hand counts as the unique type for "
               "the five-types bonus; False = the rulebook reading (§6)"),
    Option("warrant_on_rank1", False, proposed=True,
           doc="may warrants sit on the rank-1 token (§2.3 Magistrate, UNCONFIRMED: no)"),
    Option("clear_warrants_on_reveal", True, proposed=True,
           doc="remove all warrants once the signed one is revealed (§2.3, UNCONFIRMED: CT does)"),
    Option("wizard_build_before_gather", False, proposed=True,
           doc="may the Wizard's immediate build happen before gathering (§2.3, UNCONFIRMED: no)"),
    Option("marshal_great_wall_to", "owner", choices=("owner", "bank"), proposed=True,
           doc="who receives the Marshal's Great Wall extra gold (§2.3, UNCONFIRMED: owner, as XD)"),
    Option("heir_counts_for_tiebreak", False, proposed=True,
           doc="does the end-of-round reveal of a killed rank 4 count for the tie-break "
               "(§5, UNCONFIRMED: no)"),
    Option("first_completer_keeps_bonus", True, proposed=True,
           doc="the first player to complete keeps +4 even if the city drops below the threshold "
               "(§5 edge case a, UNCONFIRMED: yes, as CT)"),
    Option("great_wall_protects_itself", True, proposed=True,
           doc="the Great Wall's +1 applies to the Great Wall itself (§6, 2016 wording)"),
    Option("armory_can_destroy_keep", True, proposed=True,
           doc="the Armory may destroy a Keep (§6: the Keep names only the rank 8)"),
    Option("diplomat_can_give_keep", False, proposed=True,
           doc="may the Diplomat give away his own Keep (§6: no, as XD)"),
    Option("diplomat_great_wall", "literal", choices=("literal", "difference"), proposed=True,
           doc="Diplomat taking from a Great Wall city: pay the difference then +1 (literal) or "
               "max(0, difference + 1) (XD) (§6)"),
    Option("name_faceup_characters", True, proposed=True,
           doc="may the Assassin, Thief, Magistrate, Blackmailer and Witch name a face-up "
               "discarded character (§6: legal but wasted; BGA may not offer them)"),
    Option("witch_exempt_as_tax_collector", True, proposed=True,
           doc="a Witch playing the bewitched Tax Collector is not taxed on her builds (§6)"),
    Option("monument_counts_districts", False, proposed=True,
           doc="for the Monument's '5 or more districts' limit, count a Monument already built "
               "as 2 (§6 Monument with Quarry, UNCONFIRMED: no, count real cards)"),
    Option("end_trigger", "sticky", choices=("sticky", "recheck"), proposed=True,
           doc="once a city was completed the game ends after the round even if no city is "
               "complete any more (sticky, §5 edge case b, recommended) or only if one still is"),
)

RULE_FLAGS = (
    "secret_vault_counts_for_diversity", "warrant_on_rank1", "clear_warrants_on_reveal",
    "wizard_build_before_gather", "marshal_great_wall_to", "heir_counts_for_tiebreak",
    "first_completer_keeps_bonus", "great_wall_protects_itself", "armory_can_destroy_keep",
    "diplomat_can_give_keep", "diplomat_great_wall", "name_faceup_characters",
    "witch_exempt_as_tax_collector", "monument_counts_districts", "end_trigger",
)


def rule_flags(options: dict[str, Any]) -> dict[str, Any]:
    return {name: options[name] for name in RULE_FLAGS}


def _uses_rank9(options: dict[str, Any], players: int) -> bool:
    if players == 2:
        return False
    if players in (3, 8):
        return True
    return options["rank9"] == "yes"


def resolve_cast(options: dict[str, Any], players: int, rng) -> tuple[int, ...]:
    """The character ids of this game's cast, in rank order (§2.1, §2.4, §3.3, §3.4)."""
    value = options["characters"]
    rank9 = _uses_rank9(options, players)
    if value == RANDOM:
        cast = []
        for rank in range(1, 10 if rank9 else 9):
            pool = [c for c in range(3 * rank - 3, 3 * rank)
                    if cast_allowed(c, players) and not (c == QUEEN and players == 3)]
            cast.append(pool[rng.randrange(len(pool))])
        return tuple(cast)
    if value in CASTS:
        names = list(CASTS[value])
        if names[8] is None:
            names[8] = options["first_game_rank9"]
        if names[3] == "Emperor" and players == 2:
            names[3] = options["emperor_substitute"]
        if names[8] == "Queen" and players < 5:
            names[8] = options["queen_substitute"]
        if not rank9:
            names = names[:8]
    else:
        names = [v.strip() for v in value.split(",")]
        if len(names) == 9 and not rank9 and players == 2:
            raise ValueError("rank 9 is not used with 2 players")
        if len(names) == 8 and rank9 and players in (3, 8):
            raise ValueError(f"{players} players need a rank 9 character in the cast")
        if len(names) == 9 and options["rank9"] == "no" and players not in (3, 8):
            names = [n for n in names if CHAR_RANK[CHAR_ID[n]] != 9]
    cast = tuple(sorted((CHAR_ID[n] for n in names), key=CHAR_RANK.__getitem__))
    for c in cast:
        if not cast_allowed(c, players) or (c == QUEEN and players == 3):
            raise ValueError(f"{CHAR_NAMES[c]} cannot be used with {players} players (§2.1)")
    if players == 2 and EMPEROR in cast:  # pragma: no cover - covered by cast_allowed
        raise ValueError("no Emperor with 2 players")
    return cast


def resolve_uniques(options: dict[str, Any], rng) -> tuple[int, ...]:
    value = options["districts"]
    if value == RANDOM:
        pool = list(UNIQUE_IDS)
        rng.shuffle(pool)
        return tuple(sorted(pool[:14]))
    names = UNIQUE_SETS[value] if value in UNIQUE_SETS else [v.strip() for v in value.split(",")]
    return tuple(sorted(DISTRICT_ID[n] for n in names))
