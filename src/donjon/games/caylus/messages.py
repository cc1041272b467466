"""Caylus log sentences in English and French (templates over event arguments).

``{who}`` is the acting player (their name, or "Player 2" / "Joueur 2"); ``"key:you"`` is the
sentence for the player who acted. Arguments holding other players (``presentation.SEAT_ARGS``)
arrive as their names; lists arrive joined with commas.

The events carry the game's ids (``"w-market"``, ``"walls"``, ``"gate"``) and amounts in the
log's own words (``"2 stone"``, ``"3 deniers"``); each language's ``_names`` turns them into its
words. ``_names`` is derived from the data table (``buildings.py``), never copied: a building is
named with its article in French (``"la Scierie"``), so that the sentences read "sur la Scierie";
a place off the road (the special buildings, the castle) is named with its preposition, as only
placements name them ("à la Porte", "in the Stables").
"""

from __future__ import annotations

from typing import Final

from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import AMOUNT_WORDS, FAVOUR_COUNT_WORDS, SHIFT_WORDS


def _names(lang: str) -> dict[str, str]:
    """The game's terms of the log in ``lang``, keyed as the events carry them."""
    fr = lang == "fr"
    names: dict[str, str] = {}
    for b in B.CATALOGUE:
        names[b.key] = B.french_the(b.fr, b.article) if fr else b.name
    for place in (*B.SPECIALS, B.CASTLE):
        names[place.key] = (B.french_at(place.fr, place.article) if fr
                            else f"{place.at} the {place.name}")
    for thing in (*B.SECTION_WORDS, *B.TRACK_WORDS):
        names[thing.key] = thing.fr if fr else thing.name
    for track, cells in zip(B.FAVOUR_IDS, B.FAVOUR_WORDS, strict=True):
        for key, cell in zip(track, cells, strict=True):
            names[key] = cell.fr if fr else cell.name
    if fr:
        for t, words in enumerate(AMOUNT_WORDS):
            names[B.CUBES[t]] = B.CUBES_FR[t]
            for n, amount in enumerate(words):
                names[amount] = f"{n} {B.CUBES_FR[t] if n <= 1 else B.CUBES_FR_PLURAL[t]}"
        for n, favours in enumerate(FAVOUR_COUNT_WORDS):
            names[favours] = f"{n} faveur royale" if n <= 1 else f"{n} faveurs royales"
        for k, shift in zip(range(-3, 4), SHIFT_WORDS, strict=True):
            if k:
                cases = "case" if abs(k) == 1 else "cases"
                names[shift] = f"de {abs(k)} {cases} vers l'{'avant' if k > 0 else 'arrière'}"
    return names


MESSAGES: Final = {
    "en": {
        "_names": _names("en"),
        "setup": "The game begins. Turn order: {order}; neutral buildings on R1–R6: {road}; "
                 "starting deniers in turn order: {deniers}",
        "turn": "Turn {turn} begins. Turn order: {order}; income in turn order: {income}",
        "pass": "{who} passes and takes place {position} on the bridge",
        "pass:you": "You pass and take place {position} on the bridge",
        "pass_first": "{who} passes first, takes place {position} on the bridge and gains "
                      "{deniers}",
        "pass_first:you": "You pass first, take place {position} on the bridge and gain "
                          "{deniers}",
        "place": "{who} places a worker on the {building} (R{space}) for {cost}",
        "place:you": "You place a worker on the {building} (R{space}) for {cost}",
        "place_at": "{who} places a worker {place} for {cost}",
        "place_at:you": "You place a worker {place} for {cost}",
        "gate": "{who} moves their worker from the Gate to the {building} (R{space})",
        "gate:you": "You move your worker from the Gate to the {building} (R{space})",
        "gate_at": "{who} moves their worker from the Gate: it is now {place}",
        "gate_at:you": "You move your worker from the Gate: it is now {place}",
        "trading_post": "{who} receives {deniers} at the Trading Post",
        "trading_post:you": "You receive {deniers} at the Trading Post",
        "guild": "{who} moves the provost {shift} to R{space}, free (Merchants' Guild)",
        "guild:you": "You move the provost {shift} to R{space}, free (Merchants' Guild)",
        "guild_stay": "{who} leaves the provost on R{space} (Merchants' Guild)",
        "guild_stay:you": "You leave the provost on R{space} (Merchants' Guild)",
        "bribe": "{who} pays {paid} to move the provost {shift} to R{space}",
        "bribe:you": "You pay {paid} to move the provost {shift} to R{space}",
        "joust": "{who} jousts (1 denier + 1 cloth) for a royal favour",
        "joust:you": "You joust (1 denier + 1 cloth) for a royal favour",
        "stables": "The Stables change the turn order: {order}",
        "inn": "{who} settles in the Inn",
        "inn:you": "You settle in the Inn",
        "inn_out": "{who} leaves the Inn",
        "inn_out:you": "You leave the Inn",
        "produce": "{who} takes {cubes} at the {building} (R{space})",
        "produce:you": "You take {cubes} at the {building} (R{space})",
        "owner_bonus": "{who} receives 1 {cube} as the building's owner",
        "owner_bonus:you": "You receive 1 {cube} as the building's owner",
        "sell": "{who} sells 1 {cube} for {deniers}",
        "sell:you": "You sell 1 {cube} for {deniers}",
        "buy": "{who} buys 1 {cube} for {deniers}",
        "buy:you": "You buy 1 {cube} for {deniers}",
        "exchange": "{who} pays {paid} at the {building} for {got}",
        "exchange:you": "You pay {paid} at the {building} for {got}",
        "build": "{who} builds the {building} on R{space} (+{pp} PP)",
        "build:you": "You build the {building} on R{space} (+{pp} PP)",
        "lawyer_pending": "{who} pays for a residence on R{space}; it replaces the building once "
                          "that building has been used",
        "lawyer_pending:you": "You pay for a residence on R{space}; it replaces the building once "
                              "that building has been used",
        "residence": "{who} turns the {replaced} on R{space} into a residence (+2 PP)",
        "residence:you": "You turn the {replaced} on R{space} into a residence (+2 PP)",
        "castle": "{who} delivers a batch to the castle's {section} (+{pp} PP)",
        "castle:you": "You deliver a batch to the castle's {section} (+{pp} PP)",
        "castle_empty": "{who} delivers nothing to the castle and loses {penalty} PP",
        "castle_empty:you": "You deliver nothing to the castle and lose {penalty} PP",
        "best_builder": "{who} is the best builder this turn (batches: {batches}) and earns a "
                        "royal favour",
        "best_builder:you": "You are the best builder this turn (batches: {batches}) and earn a "
                            "royal favour",
        "bailiff": "The bailiff moves to R{space}; the provost joins him",
        "section_scored": "The castle's {section} section is scored",
        "section_penalty": "{who} has no house in the {section} and loses {penalty} PP",
        "section_penalty:you": "You have no house in the {section} and lose {penalty} PP",
        "section_favours": "{who} earns {favours} for their houses in the {section}",
        "section_favours:you": "You earn {favours} for your houses in the {section}",
        "favour": "{who} takes a royal favour on the {track} track: {reward}",
        "favour:you": "You take a royal favour on the {track} track: {reward}",
        "favour_simple": "{who} takes a royal favour: {pp} PP",
        "favour_simple:you": "You take a royal favour: {pp} PP",
        "favour_lost": "{who} loses a royal favour: every track has been used this phase",
        "favour_lost:you": "You lose a royal favour: every track has been used this phase",
        "trade": "{who} trades a cube for {took}",
        "trade:you": "You trade a cube for {took}",
        "final_score": "{who} scores {gold} PP for gold, {cubes} PP for cubes and {deniers} PP "
                       "for deniers: {score} PP in all",
        "final_score:you": "You score {gold} PP for gold, {cubes} PP for cubes and {deniers} PP "
                           "for deniers: {score} PP in all",
        "game_over": "The game is over. Best score: {winners}, with {score} PP",
    },
    "fr": {
        "_names": _names("fr"),
        "setup": "La partie commence. Ordre du tour : {order} ; bâtiments neutres en R1–R6 : "
                 "{road} ; deniers de départ dans l'ordre du tour : {deniers}",
        "turn": "Début du tour {turn}. Ordre du tour : {order} ; revenus dans l'ordre du tour : "
                "{income}",
        "pass": "{who} passe et prend la place {position} sur le pont",
        "pass:you": "Vous passez et prenez la place {position} sur le pont",
        "pass_first": "{who} passe en premier, prend la place {position} sur le pont et gagne "
                      "{deniers}",
        "pass_first:you": "Vous passez en premier, prenez la place {position} sur le pont et "
                          "gagnez {deniers}",
        "place": "{who} pose un ouvrier sur {building} (R{space}) pour {cost}",
        "place:you": "Vous posez un ouvrier sur {building} (R{space}) pour {cost}",
        "place_at": "{who} pose un ouvrier {place} pour {cost}",
        "place_at:you": "Vous posez un ouvrier {place} pour {cost}",
        "gate": "{who} déplace son ouvrier de la Porte sur {building} (R{space})",
        "gate:you": "Vous déplacez votre ouvrier de la Porte sur {building} (R{space})",
        "gate_at": "{who} déplace son ouvrier de la Porte : il est maintenant {place}",
        "gate_at:you": "Vous déplacez votre ouvrier de la Porte : il est maintenant {place}",
        "trading_post": "{who} reçoit {deniers} au Comptoir",
        "trading_post:you": "Vous recevez {deniers} au Comptoir",
        "guild": "{who} déplace gratuitement le prévôt {shift}, en R{space} (Guilde des "
                 "marchands)",
        "guild:you": "Vous déplacez gratuitement le prévôt {shift}, en R{space} (Guilde des "
                     "marchands)",
        "guild_stay": "{who} laisse le prévôt en R{space} (Guilde des marchands)",
        "guild_stay:you": "Vous laissez le prévôt en R{space} (Guilde des marchands)",
        "bribe": "{who} paie {paid} pour déplacer le prévôt {shift}, en R{space}",
        "bribe:you": "Vous payez {paid} pour déplacer le prévôt {shift}, en R{space}",
        "joust": "{who} joute (1 denier + 1 tissu) pour une faveur royale",
        "joust:you": "Vous joutez (1 denier + 1 tissu) pour une faveur royale",
        "stables": "Les Écuries changent l'ordre du tour : {order}",
        "inn": "{who} s'installe à l'Auberge",
        "inn:you": "Vous vous installez à l'Auberge",
        "inn_out": "{who} quitte l'Auberge",
        "inn_out:you": "Vous quittez l'Auberge",
        "produce": "{who} utilise {building} (R{space}) et prend {cubes}",
        "produce:you": "Vous utilisez {building} (R{space}) et prenez {cubes}",
        "owner_bonus": "{who} reçoit 1 {cube} en tant que propriétaire du bâtiment",
        "owner_bonus:you": "Vous recevez 1 {cube} en tant que propriétaire du bâtiment",
        "sell": "{who} vend 1 {cube} pour {deniers}",
        "sell:you": "Vous vendez 1 {cube} pour {deniers}",
        "buy": "{who} achète 1 {cube} pour {deniers}",
        "buy:you": "Vous achetez 1 {cube} pour {deniers}",
        "exchange": "{who} utilise {building} : {paid} contre {got}",
        "exchange:you": "Vous utilisez {building} : {paid} contre {got}",
        "build": "{who} construit {building} en R{space} (+{pp} PP)",
        "build:you": "Vous construisez {building} en R{space} (+{pp} PP)",
        "lawyer_pending": "{who} paie une résidence en R{space} ; elle remplacera le bâtiment "
                          "une fois celui-ci utilisé",
        "lawyer_pending:you": "Vous payez une résidence en R{space} ; elle remplacera le "
                              "bâtiment une fois celui-ci utilisé",
        "residence": "{who} transforme {replaced} (R{space}) en résidence (+2 PP)",
        "residence:you": "Vous transformez {replaced} (R{space}) en résidence (+2 PP)",
        "castle": "{who} livre un lot au château, section {section} (+{pp} PP)",
        "castle:you": "Vous livrez un lot au château, section {section} (+{pp} PP)",
        "castle_empty": "{who} ne livre rien au château et perd {penalty} PP",
        "castle_empty:you": "Vous ne livrez rien au château et perdez {penalty} PP",
        "best_builder": "{who} est le meilleur bâtisseur du tour (lots : {batches}) et reçoit "
                        "une faveur royale",
        "best_builder:you": "Vous êtes le meilleur bâtisseur du tour (lots : {batches}) et "
                            "recevez une faveur royale",
        "bailiff": "Le bailli avance en R{space} ; le prévôt le rejoint",
        "section_scored": "Décompte de la section {section} du château",
        "section_penalty": "{who} n'a aucune maison dans la section {section} et perd "
                           "{penalty} PP",
        "section_penalty:you": "Vous n'avez aucune maison dans la section {section} et perdez "
                               "{penalty} PP",
        "section_favours": "{who} reçoit {favours} pour ses maisons de la section {section}",
        "section_favours:you": "Vous recevez {favours} pour vos maisons de la section "
                               "{section}",
        "favour": "{who} prend une faveur royale sur la piste {track} : {reward}",
        "favour:you": "Vous prenez une faveur royale sur la piste {track} : {reward}",
        "favour_simple": "{who} prend une faveur royale : {pp} PP",
        "favour_simple:you": "Vous prenez une faveur royale : {pp} PP",
        "favour_lost": "{who} perd une faveur royale : toutes les pistes ont déjà servi pendant "
                       "cette phase",
        "favour_lost:you": "Vous perdez une faveur royale : toutes les pistes ont déjà servi "
                           "pendant cette phase",
        "trade": "{who} échange un cube contre {took}",
        "trade:you": "Vous échangez un cube contre {took}",
        "final_score": "{who} marque {gold} PP pour l'or, {cubes} PP pour les cubes et "
                       "{deniers} PP pour les deniers : {score} PP en tout",
        "final_score:you": "Vous marquez {gold} PP pour l'or, {cubes} PP pour les cubes et "
                           "{deniers} PP pour les deniers : {score} PP en tout",
        "game_over": "Fin de la partie. Meilleur score : {winners}, avec {score} PP",
    },
}
