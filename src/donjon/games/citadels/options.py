"""Citadels options: the cast, the 14 uniques, and every PROPOSED/UNCONFIRMED ruling (§2.4, §6),
each with what players read (label, one-line help, the names of its values) in every language.

``OPTIONS`` is the table the Game declares; ``VERSION_1_DEFAULTS`` the values rules version 1
played with for the options added since. ``cast`` turns the cast and unique options into ids and
checks them against the player count; ``rulings`` gives the rules the rulings, typed.
"""

from __future__ import annotations

from typing import Any, Final

from donjon.engine import Option
from donjon.games.citadels.cards import (
    CASTS,
    CHARACTER_ID,
    CHARACTER_NAMES,
    DISTRICT_ID,
    DISTRICT_TYPE,
    FIRST_GAME,
    PRESET_NAMES,
    RANDOM,
    RANDOM_NAMES,
    RANK,
    UNIQUE,
    UNIQUE_SETS,
)

PRESETS: Final = tuple(CASTS)


def _presets(random_names: tuple[str, str]) -> dict[str, dict[str, str]]:
    """The named choices of the cast or of the uniques, as the table form offers them: the
    seven presets of §2.4 by their names, then the random choice."""
    named = {key: {"en": en, "fr": fr} for key, (en, fr) in PRESET_NAMES.items()}
    return {**named, RANDOM: {"en": random_names[0], "fr": random_names[1]}}


def _names(value: Any, what: str) -> str:
    if isinstance(value, list | tuple):
        value = ", ".join(str(v) for v in value)
    if not isinstance(value, str):
        raise ValueError(f"option {what} must be a preset name, 'random' or a list of names")
    return value


def _check_characters(given: Any) -> str:
    value = _names(given, "characters")
    if value in CASTS or value == RANDOM:
        return value
    names = [v.strip() for v in value.split(",") if v.strip()]
    unknown = [v for v in names if v not in CHARACTER_ID]
    if unknown:
        raise ValueError(
            f"option characters: unknown character(s) {', '.join(unknown)}; presets: "
            f"{', '.join(CASTS)}, random; characters: {', '.join(CHARACTER_NAMES)}"
        )
    ranks = sorted(RANK[CHARACTER_ID[v]] for v in names)
    if ranks not in (list(range(1, 9)), list(range(1, 10))):
        raise ValueError("option characters: an explicit cast names exactly one character for "
                         "each rank 1–8 (and optionally one of rank 9)")
    return ", ".join(names)


def _check_districts(given: Any) -> str:
    value = _names(given, "districts")
    if value in UNIQUE_SETS or value == RANDOM:
        return value
    names = [v.strip() for v in value.split(",") if v.strip()]
    bad = [v for v in names if v not in DISTRICT_ID or DISTRICT_TYPE[DISTRICT_ID[v]] != UNIQUE]
    if bad:
        raise ValueError(f"option districts: not unique districts: {', '.join(bad)}")
    if len(set(names)) != 14:
        raise ValueError(
            f"option districts: choose exactly 14 different unique districts, not {len(set(names))}")
    return ", ".join(names)


def _flag(name: str, default: bool, rules: str, doc: str, label: tuple[str, str],
          explained: tuple[str, str]) -> Option:
    """A yes/no ruling (PROPOSED/UNCONFIRMED in the rules reference, row ``rules``)."""
    return Option(name, default, doc=doc, proposed=True, rules=rules,
                  label={"en": label[0], "fr": label[1]},
                  help={"en": explained[0], "fr": explained[1]})


def _choice(name: str, default: str, values: dict[str, tuple[str, str]], rules: str, doc: str,
            label: tuple[str, str], explained: tuple[str, str], proposed: bool = True) -> Option:
    return Option(name, default, doc=doc, choices=tuple(values), proposed=proposed, rules=rules,
                  label={"en": label[0], "fr": label[1]},
                  help={"en": explained[0], "fr": explained[1]},
                  values={k: {"en": en, "fr": fr} for k, (en, fr) in values.items()})


OPTIONS: Final[tuple[Option, ...]] = (
    Option("characters", FIRST_GAME, check=_check_characters,
           doc="the cast (§2.4): first-game, a preset (" + ", ".join(PRESETS[1:]) + "), random "
               "(one per rank), or a comma-separated list of one character per rank",
           label={"en": "Characters", "fr": "Personnages"}, values=_presets(RANDOM_NAMES[0]),
           help={"en": "The cast: the first game's, a recommended one, one at random per rank, "
                       "or your own list with one character per rank.",
                 "fr": "Les personnages : ceux de la première partie, une sélection conseillée, "
                       "un au hasard par rang, ou votre liste d'un personnage par rang."}),
    Option("districts", FIRST_GAME, check=_check_districts,
           doc="the 14 unique districts (§1.5): first-game, a preset, random, or a list of 14",
           label={"en": "Unique districts", "fr": "Merveilles"}, values=_presets(RANDOM_NAMES[1]),
           help={"en": "The 14 unique districts shuffled into the deck: the first game's, a "
                       "recommended set, 14 at random, or your own list of 14.",
                 "fr": "Les 14 merveilles mêlées à la pioche : celles de la première partie, une "
                       "sélection conseillée, 14 au hasard, ou votre liste de 14."}),
    _choice("rank9", "auto", {"auto": ("Only where required", "Seulement si obligatoire"),
                              "yes": ("Yes", "Oui"), "no": ("No", "Non")},
            rules="§2.1", proposed=False,
            doc="use a rank 9 with 4–7 players (§2.1: optional); 'auto' = only where required "
                "(3 and 8 players) or named in an explicit cast; never with 2",
            label=("Ninth character", "Neuvième personnage"),
            explained=("Add a rank 9 character with 4 to 7 players (it is always used with 3 "
                       "and 8 players, never with 2).",
                       "Ajouter un personnage de rang 9 de 4 à 7 joueurs (toujours présent à 3 "
                       "et 8 joueurs, jamais à 2).")),
    _choice("first_game_rank9", "Artist", {"Queen": ("Queen", "Reine"),
                                           "Artist": ("Artist", "Artiste"),
                                           "Tax Collector": ("Tax Collector", "Bailli")},
            rules="§2.4",
            doc="rank 9 added to the first-game cast when one is used (§2.4: the rulebook names "
                "none; CT adds the Artist)",
            label=("Ninth character of the first game", "Neuvième personnage de la première partie"),
            explained=("The rank 9 character added to the first game's cast when one is used.",
                       "Le personnage de rang 9 ajouté à ceux de la première partie quand il y "
                       "en a un.")),
    _choice("emperor_substitute", "King", {"King": ("King", "Roi"),
                                           "Patrician": ("Patrician", "Patricien")},
            rules="§2.4",
            doc="rank 4 replacing the Emperor with 2 players (§2.4: King or Patrician)",
            label=("Instead of the Emperor", "À la place de l'Empereur"),
            explained=("With 2 players the Emperor is not used: who takes his place in a "
                       "recommended cast.",
                       "À 2 joueurs l'Empereur n'est pas utilisé : qui le remplace dans une "
                       "sélection conseillée.")),
    _choice("queen_substitute", "Artist", {"Artist": ("Artist", "Artiste"),
                                           "Tax Collector": ("Tax Collector", "Bailli")},
            rules="§2.4",
            doc="rank 9 replacing the Queen with 3–4 players (§2.4: Artist or Tax Collector)",
            label=("Instead of the Queen", "À la place de la Reine"),
            explained=("With 3 or 4 players the Queen is not used: who takes her place.",
                       "À 3 ou 4 joueurs la Reine n'est pas utilisée : qui la remplace.")),
    _flag("secret_vault_counts_for_diversity", True, "§6",
          "seed 003 (BGA): a Secret Vault revealed from hand counts as the unique type for the "
          "five-types bonus; False = the rulebook reading (§6)",
          ("Secret Vault counts for the five types", "Catacombes comptées pour les cinq types"),
          ("A Secret Vault revealed from your hand at the end counts as a unique district for "
           "the five-types bonus.",
           "Des Catacombes révélées de votre main à la fin comptent comme merveille pour le bonus "
           "des cinq types.")),
    _flag("warrant_on_rank1", False, "§2.3",
          "may blank warrants sit on the Magistrate's own token (§2.3 Magistrate, UNCONFIRMED: "
          "no); the signed one never does",
          ("Blank warrants on the Magistrate", "Mandats blancs sur l'Échevin"),
          ("The Magistrate may put a blank warrant on his own character (never the signed one).",
           "L'Échevin peut poser un mandat blanc sur son propre personnage (jamais le mandat "
           "signé).")),
    _flag("clear_warrants_on_reveal", True, "§2.3",
          "remove all warrants once the signed one is revealed (§2.3, UNCONFIRMED: CT does)",
          ("Warrants removed once one is revealed", "Mandats retirés après la révélation"),
          ("Once the signed warrant is revealed, every warrant is taken off the characters.",
           "Une fois le mandat signé révélé, tous les mandats sont retirés des personnages.")),
    _flag("wizard_build_before_gather", False, "§2.3",
          "may the Wizard's immediate build happen before gathering (§2.3, UNCONFIRMED: no; "
          "only with ability_timing=any-time)",
          ("Wizard may build before gathering", "Le Sorcier bâtit avant de se servir"),
          ("When abilities may come before gathering, the Wizard may build the card he takes "
           "at once, even before gathering.",
           "Quand les pouvoirs peuvent précéder la collecte, le Sorcier peut bâtir tout de suite "
           "la carte prise, même avant de se servir.")),
    _choice("marshal_great_wall_to", "owner", {"owner": ("The owner", "Le propriétaire"),
                                               "bank": ("The bank", "La banque")},
            rules="§2.3",
            doc="who receives the Marshal's Great Wall extra gold (§2.3, UNCONFIRMED: owner, as XD)",
            label=("Marshal's Great Wall gold goes to", "Or de la Grande Muraille du Capitaine"),
            explained=("Who receives the extra gold the Marshal pays to seize from a city with "
                       "the Great Wall.",
                       "Qui reçoit la pièce de plus que paie le Capitaine dans une cité avec la "
                       "Grande Muraille.")),
    _flag("heir_counts_for_tiebreak", False, "§5",
          "does the end-of-round reveal of a killed rank 4 count for the tie-break "
          "(§5, UNCONFIRMED: no)",
          ("Killed crown character breaks ties", "Le rang 4 assassiné départage"),
          ("A killed rank 4 character revealed at the end of the last round counts for the "
           "tie-break.",
           "Un personnage de rang 4 assassiné, révélé à la fin de la dernière manche, compte "
           "pour départager.")),
    _flag("first_completer_keeps_bonus", True, "§5",
          "the first player to complete keeps +4 even if the city drops below the threshold "
          "(§5 edge case a, UNCONFIRMED: yes, as CT)",
          ("First complete city keeps its bonus", "La première cité complète garde son bonus"),
          ("The first player to complete a city keeps the 4 points even if the city later "
           "loses a district.",
           "Le premier à compléter sa cité garde les 4 points même si elle perd ensuite un "
           "quartier.")),
    _flag("great_wall_protects_itself", True, "§6",
          "the Great Wall's +1 applies to the Great Wall itself (§6, 2016 wording)",
          ("Great Wall protects itself", "La Grande Muraille se protège"),
          ("The Great Wall's extra cost also applies to the Great Wall itself.",
           "Le surcoût de la Grande Muraille s'applique aussi à elle-même.")),
    _flag("armory_can_destroy_keep", True, "§6",
          "the Armory may destroy a Keep (§6: the Keep names only the rank 8)",
          ("Armory can destroy a Keep", "La Poudrière détruit le Donjon"),
          ("The Armory may destroy a Keep (the Keep only protects from the rank 8 character).",
           "La Poudrière peut détruire un Donjon (il ne protège que du personnage de rang 8).")),
    _flag("diplomat_can_give_keep", False, "§6",
          "may the Diplomat give away his own Keep (§6: no, as XD)",
          ("Diplomat can give away his Keep", "Le Diplomate peut céder son Donjon"),
          ("The Diplomat may give his own Keep in an exchange.",
           "Le Diplomate peut céder son propre Donjon lors d'un échange.")),
    _choice("diplomat_great_wall", "literal",
            {"literal": ("Difference, then one more", "La différence, puis une de plus"),
             "difference": ("Difference plus one, at least nothing",
                            "La différence plus une, au moins rien")},
            rules="§6",
            doc="Diplomat taking from a Great Wall city: pay the difference then +1 (literal) or "
                "max(0, difference + 1) (XD) (§6)",
            label=("Diplomat and the Great Wall", "Diplomate et Grande Muraille"),
            explained=("What the Diplomat pays when he takes a district from a city with the "
                       "Great Wall.",
                       "Ce que paie le Diplomate quand il prend un quartier d'une cité avec la "
                       "Grande Muraille.")),
    _flag("name_faceup_characters", True, "§6",
          "may the Assassin, Thief, Magistrate, Blackmailer and Witch name a face-up "
          "discarded character (§6: legal but wasted; BGA may not offer them)",
          ("Face-up characters may be named", "Personnages visibles désignables"),
          ("The Assassin, Witch, Thief, Magistrate and Blackmailer may name a character "
           "discarded face up (wasted).",
           "L'Assassin, la Sorcière, le Voleur, l'Échevin et la Maître-Chanteuse peuvent désigner "
           "un personnage écarté face visible (en vain).")),
    _flag("witch_exempt_as_tax_collector", True, "§6",
          "a Witch playing the bewitched Tax Collector is not taxed on her builds (§6)",
          ("Witch as Tax Collector pays no tax", "La Sorcière en Bailli ne paie pas l'impôt"),
          ("A Witch playing the bewitched Tax Collector's turn pays no tax on her builds.",
           "Une Sorcière qui joue le tour du Bailli ensorcelé ne paie pas d'impôt sur ses "
           "constructions.")),
    _flag("monument_counts_districts", False, "§6",
          "for the Monument's '5 or more districts' limit, count a Monument already built "
          "as 2 (§6 Monument with Quarry, UNCONFIRMED: no, count real cards)",
          ("A built Monument counts twice for another", "Un Monument bâti compte double"),
          ("For a second Monument's limit of fewer than 5 districts, a Monument already built "
           "counts as 2.",
           "Pour la limite de moins de 5 quartiers d'un second Monument, un Monument déjà bâti "
           "compte pour 2.")),
    _choice("end_trigger", "sticky",
            {"sticky": ("Once a city was complete", "Dès qu'une cité a été complète"),
             "recheck": ("Only if a city is still complete", "Si une cité est encore complète")},
            rules="§5",
            doc="once a city was completed the game ends after the round even if no city is "
                "complete any more (sticky, §5 edge case b, recommended) or only if one still is",
            label=("The game ends", "La partie s'arrête"),
            explained=("Whether the game still ends after the round when the completed city "
                       "lost a district.",
                       "Si la partie s'arrête encore à la fin de la manche quand la cité complète "
                       "a perdu un quartier.")),
    _choice("ability_timing", "after-gathering",
            {"after-gathering": ("After gathering", "Après la collecte"),
             "any-time": ("Any time in the turn", "À tout moment du tour")},
            rules="§2.2",
            doc="seed 003 / BGA: a character first gathers resources, then uses its abilities; "
                "'any-time' = the rulebook (abilities before or after gathering; rules v1)",
            label=("When abilities are used", "Quand utiliser les pouvoirs"),
            explained=("Gather resources first and then use abilities, or use them at any time "
                       "in the turn as the rulebook allows.",
                       "Se servir d'abord puis utiliser les pouvoirs, ou les utiliser à tout "
                       "moment du tour comme le permet la règle.")),
    _choice("faceup_discards", "reference",
            {"reference": ("As the rulebook's table", "Selon la table de la règle"),
             "at-most-two": ("At most two", "Deux au plus")},
            rules="§3.2",
            doc="face-up discards of the draft: the rulebook's table (3 with 4 players and 9 "
                "characters) or at most 2 (seed 003: '0 à 2')",
            label=("Characters discarded face up", "Personnages écartés face visible"),
            explained=("How many characters are discarded face up before choosing: as the "
                       "rulebook's table, or never more than two.",
                       "Combien de personnages sont écartés face visible avant le choix : selon "
                       "la table de la règle, ou jamais plus de deux.")),
    _flag("free_builds_use_a_build", True, "§6",
          "a Framework or Necropolis build counts toward the building limit (§6, UNCONFIRMED: yes)",
          ("Framework and Necropolis use a build", "Chantier et Nécropole comptent comme "
                                                    "construction"),
          ("Building with the Framework or the Necropolis (without paying) counts toward the "
           "building limit.",
           "Bâtir grâce au Chantier ou à la Nécropole (sans payer) compte dans la limite de "
           "constructions.")),
    _flag("free_builds_taxed", True, "§6",
          "a Framework or Necropolis build is taxed by the Tax Collector (§6, UNCONFIRMED: yes)",
          ("Framework and Necropolis builds are taxed", "Chantier et Nécropole sont imposés"),
          ("A district built with the Framework or the Necropolis pays the Tax Collector's "
           "tax like any other.",
           "Un quartier bâti grâce au Chantier ou à la Nécropole paie l'impôt du Bailli comme "
           "les autres.")),
    _choice("scholar_short_deck", "draw-what-is-left",
            {"draw-what-is-left": ("Draws what is left", "Pioche ce qui reste"),
             "needs-seven": ("Needs seven cards", "Il faut sept cartes")},
            rules="§2.3",
            doc="the Scholar with fewer than 7 cards in the deck draws what is left (§2.3, "
                "UNCONFIRMED) or cannot use the ability",
            label=("Scholar with a short deck", "Archiviste et pioche courte"),
            explained=("With fewer than 7 cards in the deck, the Scholar draws what is left, or "
                       "cannot use the ability.",
                       "Avec moins de 7 cartes dans la pioche, l'Archiviste pioche ce qui reste, "
                       "ou ne peut pas utiliser son pouvoir.")),
    _flag("marshal_limit_counts_beautified", True, "§6",
          "the Marshal's cost-3 limit reads the current cost, beautification included "
          "(§6, UNCONFIRMED: yes)",
          ("Beautified cost counts for the Marshal", "Le coût embelli compte pour le Capitaine"),
          ("A beautified district counts its extra gold for the Marshal's limit of cost 3.",
           "Un quartier embelli compte sa pièce de plus pour la limite de coût 3 du "
           "Capitaine.")),
    _choice("artist_gold", "follows-card",
            {"follows-card": ("Follows the card", "Suit la carte"),
             "back-to-owner": ("Back to the owner", "Revient au propriétaire")},
            rules="§6",
            doc="the Artist's gold on a district destroyed (to the bank) or exchanged/seized "
                "(travels with it) — §6, UNCONFIRMED — or back to its owner's stash either way",
            label=("Artist's gold on a lost district", "Or de l'Artiste d'un quartier perdu"),
            explained=("A beautified district that is destroyed or changes hands: its gold "
                       "goes with the card (to the bank if destroyed), or back to its owner.",
                       "Un quartier embelli détruit ou qui change de main : sa pièce suit la "
                       "carte (à la banque s'il est détruit), ou revient à son propriétaire.")),
    _choice("den_with_factory", "any-mix",
            {"any-mix": ("One less, any mix", "Une de moins, mélange libre"),
             "full-price-with-cards": ("Full price when paying with cards",
                                       "Plein prix en payant avec des cartes")},
            rules="§6",
            doc="Thieves' Den with a Factory: cost 5 payable in any gold/card mix (§6, "
                "UNCONFIRMED), or the Factory's 1 less only when paid all in gold",
            label=("Thieves' Den with the Factory", "Tripot et Manufacture"),
            explained=("With the Factory the Thieves' Den costs one less in any mix of gold and "
                       "cards, or only when paid all in gold.",
                       "Avec la Manufacture le Tripot coûte une pièce de moins quel que soit le "
                       "mélange d'or et de cartes, ou seulement payé tout en or.")),
    _choice("residual_tie", "shared",
            {"shared": ("Shared win", "Victoire partagée"),
             "most-gold": ("Most gold wins", "Le plus riche gagne")},
            rules="§5",
            doc="a tie left after the highest-rank tie-break (e.g. nobody revealed): shared "
                "(§5, UNCONFIRMED) or broken by gold in hand (older editions)",
            label=("Tie left after the tie-break", "Égalité après le départage"),
            explained=("Players still tied after the highest revealed rank share the win, or the "
                       "one with most gold wins.",
                       "Les joueurs encore à égalité après le rang révélé le plus haut gagnent "
                       "ensemble, ou le plus riche l'emporte.")),
)

#: the options added since rules version 1, with the behaviour version 1 had
VERSION_1_DEFAULTS: Final[dict[str, Any]] = {
    "ability_timing": "any-time",
    "faceup_discards": "reference",
    "free_builds_use_a_build": True,
    "free_builds_taxed": True,
    "scholar_short_deck": "draw-what-is-left",
    "marshal_limit_counts_beautified": True,
    "artist_gold": "follows-card",
    "den_with_factory": "any-mix",
    "residual_tie": "shared",
}
