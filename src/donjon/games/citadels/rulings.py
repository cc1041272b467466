"""The rulings a game plays with, typed, for the rules to read (rules reference §5, §6 and the
PROPOSED / UNCONFIRMED points): made once at setup from the game's options and rules version.

Rules version 1 had behaviours fixed since; a game replaying a record of version 1 (or a table
made under it) keeps them, named in ``VERSION_1_LEGACY`` (``Version.legacy``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Final

#: the behaviours of rules version 1 that were fixed since (``Version.legacy``)
LEGACY_CONFISCATION: Final = "magistrate-asked-only-after-a-signed-build"
LEGACY_EXCHANGE: Final = "diplomat-exchange-checks-completion-midway"
LEGACY_RANK1_WARRANT: Final = "warrant-on-rank1-ignored"
VERSION_1_LEGACY: Final = frozenset({LEGACY_CONFISCATION, LEGACY_EXCHANGE, LEGACY_RANK1_WARRANT})


@dataclass(frozen=True, slots=True)
class RuleOptions:
    """The rulings a game plays with (its options and its rules version), typed, read on the hot
    path; immutable, shared by clones (``rule_options`` makes them)."""

    secret_vault_counts_for_diversity: bool
    #: blank warrants may sit on the Magistrate (rules version 1 ignored the option)
    warrant_on_rank1: bool
    clear_warrants_on_reveal: bool
    wizard_build_before_gather: bool
    marshal_great_wall_to_owner: bool
    heir_counts_for_tiebreak: bool
    first_completer_keeps_bonus: bool
    great_wall_protects_itself: bool
    armory_can_destroy_keep: bool
    diplomat_can_give_keep: bool
    diplomat_great_wall_literal: bool
    name_faceup_characters: bool
    witch_exempt_as_tax_collector: bool
    monument_counts_districts: bool
    end_sticky: bool
    gather_first: bool
    faceup_at_most_two: bool
    free_builds_use_a_build: bool
    free_builds_taxed: bool
    scholar_needs_seven: bool
    marshal_limit_counts_beautified: bool
    artist_gold_to_owner: bool
    den_full_price_with_cards: bool
    residual_tie_by_gold: bool
    #: the Magistrate is asked after the first paid build of every warranted character (rules
    #: version 1 asked only after the signed one's, telling everyone)
    confiscation_asks_every_warrant: bool
    #: a Diplomat's exchange completes a city only once it is whole (version 1 checked
    #: completion between its two halves)
    exchange_checks_when_whole: bool


#: the rulings made so far, by options and legacy behaviours: most games are set up alike, and
#: making the rulings cost an eighth of a new game (kept small: a server sees few set-ups)
_MADE: Final[dict[tuple[Any, ...], RuleOptions]] = {}
_MADE_MOST: Final = 64


def rule_options(options: Mapping[str, Any], legacy: frozenset[str]) -> RuleOptions:
    key = (*options.items(), legacy)
    try:
        made = _MADE.get(key)
    except TypeError:  # an unhashable option value: made each time
        return _rule_options(options, legacy)
    if made is None:
        if len(_MADE) >= _MADE_MOST:
            _MADE.clear()
        made = _MADE[key] = _rule_options(options, legacy)
    return made


def _rule_options(options: Mapping[str, Any], legacy: frozenset[str]) -> RuleOptions:
    return RuleOptions(
        secret_vault_counts_for_diversity=options["secret_vault_counts_for_diversity"],
        warrant_on_rank1=options["warrant_on_rank1"] and LEGACY_RANK1_WARRANT not in legacy,
        clear_warrants_on_reveal=options["clear_warrants_on_reveal"],
        wizard_build_before_gather=options["wizard_build_before_gather"],
        marshal_great_wall_to_owner=options["marshal_great_wall_to"] == "owner",
        heir_counts_for_tiebreak=options["heir_counts_for_tiebreak"],
        first_completer_keeps_bonus=options["first_completer_keeps_bonus"],
        great_wall_protects_itself=options["great_wall_protects_itself"],
        armory_can_destroy_keep=options["armory_can_destroy_keep"],
        diplomat_can_give_keep=options["diplomat_can_give_keep"],
        diplomat_great_wall_literal=options["diplomat_great_wall"] == "literal",
        name_faceup_characters=options["name_faceup_characters"],
        witch_exempt_as_tax_collector=options["witch_exempt_as_tax_collector"],
        monument_counts_districts=options["monument_counts_districts"],
        end_sticky=options["end_trigger"] == "sticky",
        gather_first=options["ability_timing"] == "after-gathering",
        faceup_at_most_two=options["faceup_discards"] == "at-most-two",
        free_builds_use_a_build=options["free_builds_use_a_build"],
        free_builds_taxed=options["free_builds_taxed"],
        scholar_needs_seven=options["scholar_short_deck"] == "needs-seven",
        marshal_limit_counts_beautified=options["marshal_limit_counts_beautified"],
        artist_gold_to_owner=options["artist_gold"] == "back-to-owner",
        den_full_price_with_cards=options["den_with_factory"] == "full-price-with-cards",
        residual_tie_by_gold=options["residual_tie"] == "most-gold",
        confiscation_asks_every_warrant=LEGACY_CONFISCATION not in legacy,
        exchange_checks_when_whole=LEGACY_EXCHANGE not in legacy,
    )
