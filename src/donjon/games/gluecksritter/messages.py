"""Die Glücksritter log sentences in English and French (templates over event arguments).

``{who}`` is the player named by the event's ``seat`` argument (the actor, or the victim of a
theft); ``"key:you"`` is the sentence that player reads. Every other argument holding a player
(``presentation.SEAT_ARGS``) arrives as their name; lists arrive joined with commas. Secret
arguments (the cards chosen, the Document committed or drawn) reach other players as
``"hidden"``, so only the ``:you`` sentences name them.

Events carry the game's terms as ids ("wall", "Blockade", "money bag") and amounts as the log's
own words ("3 silver", "2 tower"); ``_names`` turns them into each language's words, counted
right ("3 pièces d'argent", "1 tour"). ``_names`` and the game's names in the sentences come
from the data table (``data.py``), never copied. French sentences never put "de" before a
player's name (it would have to read "d'Alice"): they say "contre", "à", "pour".
"""

from __future__ import annotations

from typing import Any, Final

from donjon.games.gluecksritter.data import (
    BLOCKADE,
    CHAMPION,
    COIN_CAP,
    DEMOLITION,
    DOCUMENTS,
    EVENT_WORDS,
    FIELDS,
    GIFT,
    GRANT,
    KNIGHT,
    MONK,
    MOST_COUNTED,
    NOUNS,
    PARDON,
    SAFEGUARD,
    WINDFALL,
    amount,
    counted,
)


def _names(lang: str) -> dict[str, str]:
    """The game's terms of the log in ``lang``, keyed as the events carry them."""
    fr = lang == "fr"
    names = {word: getattr(texts, lang) for word, texts in EVENT_WORDS.items()}
    names.update({d.name: d.fr if fr else d.name for d in DOCUMENTS})
    names["knight"] = FIELDS[KNIGHT][fr]  # a theft by the Black Knight…
    names["document"] = names[DOCUMENTS[DEMOLITION].name]  # …or by a Demolition
    for noun, words in NOUNS.items():
        if noun in ("wall", "tower"):
            names[noun] = words.fr if fr else words.en
        for count in range(MOST_COUNTED + 1):
            names[amount(count, noun)] = counted(count, noun, lang)
    return names


def _doc(doc: int, lang: str) -> str:
    return DOCUMENTS[doc].fr if lang == "fr" else DOCUMENTS[doc].name


def _sentences(lang: str) -> dict[str, str]:
    """The templates of ``lang``; names of the game come from the data table."""
    windfall, blockade, grant = (_doc(d, lang) for d in (WINDFALL, BLOCKADE, GRANT))
    gift, pardon, safeguard, champion = (_doc(d, lang) for d in (GIFT, PARDON, SAFEGUARD,
                                                                  CHAMPION))
    demolition = _doc(DEMOLITION, lang)
    if lang == "fr":
        monk = FIELDS[MONK][1]
        return {
            "round": "Manche {round} — premier joueur : {start}. La carte Ducats apporte au "
                     "receveur des impôts : {tax_coins} ; au douanier : {customs_coins}",
            "reshuffle": "On remélange les {deck} en une nouvelle pioche",
            "choose": "{who} a choisi deux cartes action",
            "choose:you": "Vous choisissez les cartes action {cards}",
            "commit": "{who} joue un Document rouge face cachée",
            "commit:you": "Vous jouez {doc} face cachée",
            "ransom": "{who} paie une rançon de {paid} ducats : la carte Chevalier Noir sort du "
                      "donjon",
            "ransom:you": "Vous payez une rançon de {paid} ducats : votre carte Chevalier Noir "
                          "sort du donjon",
            "ransom_to": "{who} paie une rançon de {paid} ducats à {to} : la carte Chevalier "
                         "Noir sort du donjon",
            "ransom_to:you": "Vous payez une rançon de {paid} ducats à {to} : votre carte "
                             "Chevalier Noir sort du donjon",
            "pardon": f"{{who}} joue {pardon} : la carte Chevalier Noir sort du donjon",
            "pardon:you": f"Vous jouez {pardon} : votre carte Chevalier Noir sort du donjon",
            "gift": f"{{who}} joue {gift} pour {{to}}",
            "gift:you": f"Vous jouez {gift} pour {{to}}",
            "give": "{who} donne une pièce {coin} à {to}",
            "give:you": "Vous donnez une pièce {coin} à {to}",
            "gift_end": "{who} cesse de donner à {to}",
            "gift_end:you": "Vous cessez de donner à {to}",
            "red": "{who} révèle le Document rouge {doc}",
            "red:you": "Vous révélez le Document rouge {doc}",
            "windfall": f"{{who}} joue {windfall} et tire du sac : {{coins}}",
            "windfall:you": f"Vous jouez {windfall} et tirez du sac : {{coins}}",
            "skim": "{who} joue {doc} et prend sur la case {field} : {coins}",
            "skim:you": "Vous jouez {doc} et prenez sur la case {field} : {coins}",
            "block": f"{{who}} joue {blockade} sur la case {{field}}",
            "block:you": f"Vous jouez {blockade} sur la case {{field}}",
            "demolition": f"{{who}} joue {demolition} contre {{victim}} : 1 {{piece}}",
            "demolition:you": f"Vous jouez {demolition} contre {{victim}} : 1 {{piece}}",
            "grant": f"{{who}} joue {grant} et prend 1 {{piece}} gratuitement ; la case "
                     f"{{blocked}} est bloquée pour cette manche",
            "grant:you": f"Vous jouez {grant} et prenez 1 {{piece}} gratuitement ; la case "
                         f"{{blocked}} est bloquée pour cette manche",
            "fizzle": "{who} joue {doc}, sans effet",
            "fizzle:you": "Vous jouez {doc}, sans effet",
            "reveal": "{who} révèle les cartes action {cards}",
            "reveal:you": "Vous révélez les cartes action {cards}",
            "blocked": "La case {field} est bloquée : pas d'action pour {seats}",
            "document": "{who} prend un Document ({price})",
            "document:you": "Vous prenez un Document : {doc} ({price})",
            "decline": "{who} n'achète rien sur la case {field}",
            "decline:you": "Vous n'achetez rien sur la case {field}",
            "build": "{who} achète {pieces} pour {paid} ducats",
            "build:you": "Vous achetez {pieces} pour {paid} ducats",
            "collect": "{who} ramasse sur la case {field} : {coins}",
            "collect:you": "Vous ramassez sur la case {field} : {coins}",
            "duel": "Duel de Chevaliers Noirs : {seats}",
            "duel_tie": "Les deux duellistes font {roll} : ils relancent",
            "duel_won": "{who} gagne le duel contre {loser} ({by})",
            "duel_won:you": "Vous gagnez le duel contre {loser} ({by})",
            "dungeon": "Carte Chevalier Noir au donjon : {seats}",
            "champion": f"{{who}} joue {champion}",
            "champion:you": f"Vous jouez {champion}",
            "knight_gold": "{who} envoie son Chevalier Noir prendre l'or de la case {field} : "
                           "{coins}",
            "knight_gold:you": "Vous envoyez votre Chevalier Noir prendre l'or de la case "
                               "{field} : {coins}",
            "knight_rests": "{who} laisse son Chevalier Noir se reposer",
            "knight_rests:you": "Vous laissez votre Chevalier Noir se reposer",
            "raid": "{who} envoie son Chevalier Noir attaquer {victim} ; le dé spécial montre "
                    "{die}",
            "raid:you": "Vous envoyez votre Chevalier Noir attaquer {victim} ; le dé spécial "
                        "montre {die}",
            "raid_for": "{who} envoie son Chevalier Noir attaquer {victim} (cible : {what})",
            "raid_for:you": "Vous envoyez votre Chevalier Noir attaquer {victim} (cible : "
                            "{what})",
            "raid_empty": "{victim} n'a rien que le Chevalier Noir puisse prendre",
            "theft": "Vol annoncé par {thief} ({by}) contre {who} : {what}",
            "theft:you": "Vol annoncé par {thief} ({by}) contre vous : {what}",
            "safeguard": f"{{who}} joue {safeguard} et garde 1 {{piece}} : {{thief}} repart "
                         f"les mains vides",
            "safeguard:you": f"Vous jouez {safeguard} et gardez 1 {{piece}} : {{thief}} "
                             f"repart les mains vides",
            "demolished": "{who} perd 1 {piece}, qui retourne à la réserve",
            "demolished:you": "Vous perdez 1 {piece}, qui retourne à la réserve",
            "robbed": "{thief} vole à {who} : {coins}",
            "robbed:you": "{thief} vous vole : {coins}",
            "stolen": "{thief} vole 1 {piece} à {who} ({goes})",
            "stolen:you": "{thief} vous vole 1 {piece} ({goes})",
            "cap": f"{{who}} a {COIN_CAP} pièces {{coin}} ou plus : {{returned}} retournent au "
                   f"sac",
            "cap:you": f"Vous avez {COIN_CAP} pièces {{coin}} ou plus : {{returned}} retournent "
                       f"au sac",
            "end": "Châteaux complets : {complete}. Victoire : {winners}",
            "tie_play_on": "Châteaux complets à égalité de ducats ({ducats}) : {seats}. La "
                           "partie continue",
            "ducats_out": "Les cartes Ducats sont épuisées : la partie s'arrête. Victoire : "
                          "{winners}",
            "monk_crowded": f"Plusieurs ont choisi {monk} ({{seats}}) : personne ne reçoit de "
                            f"Document",
        }
    monk = FIELDS[MONK][0]
    return {
        "round": "Round {round} — start player: {start}. The Ducats card brings {tax_coins} to "
                 "the tax collector and {customs_coins} to the customs officer",
        "reshuffle": "The {deck} are shuffled into a new deck",
        "choose": "{who} has chosen two action cards",
        "choose:you": "You choose action cards {cards}",
        "commit": "{who} plays a red Document face down",
        "commit:you": "You play {doc} face down",
        "ransom": "{who} pays a ransom of {paid} ducats: the Black Knight card leaves the "
                  "dungeon",
        "ransom:you": "You pay a ransom of {paid} ducats: your Black Knight card leaves the "
                      "dungeon",
        "ransom_to": "{who} pays a ransom of {paid} ducats to {to}: the Black Knight card "
                     "leaves the dungeon",
        "ransom_to:you": "You pay a ransom of {paid} ducats to {to}: your Black Knight card "
                         "leaves the dungeon",
        "pardon": f"{{who}} plays {pardon}: the Black Knight card leaves the dungeon",
        "pardon:you": f"You play {pardon}: your Black Knight card leaves the dungeon",
        "gift": f"{{who}} plays {gift} for {{to}}",
        "gift:you": f"You play {gift} for {{to}}",
        "give": "{who} gives a {coin} coin to {to}",
        "give:you": "You give a {coin} coin to {to}",
        "gift_end": "{who} stops giving to {to}",
        "gift_end:you": "You stop giving to {to}",
        "red": "{who} reveals the red Document {doc}",
        "red:you": "You reveal the red Document {doc}",
        "windfall": f"{{who}} plays {windfall} and draws from the bag: {{coins}}",
        "windfall:you": f"You play {windfall} and draw from the bag: {{coins}}",
        "skim": "{who} plays {doc} and takes from field {field}: {coins}",
        "skim:you": "You play {doc} and take from field {field}: {coins}",
        "block": f"{{who}} plays {blockade} on field {{field}}",
        "block:you": f"You play {blockade} on field {{field}}",
        "demolition": f"{{who}} plays {demolition} against {{victim}}: 1 {{piece}}",
        "demolition:you": f"You play {demolition} against {{victim}}: 1 {{piece}}",
        "grant": f"{{who}} plays {grant} and takes a free {{piece}}; field {{blocked}} is "
                 f"blocked this round",
        "grant:you": f"You play {grant} and take a free {{piece}}; field {{blocked}} is "
                     f"blocked this round",
        "fizzle": "{who}'s {doc} has no effect",
        "fizzle:you": "Your {doc} has no effect",
        "reveal": "{who} reveals action cards {cards}",
        "reveal:you": "You reveal action cards {cards}",
        "blocked": "Field {field} is blocked: no action there for {seats}",
        "document": "{who} takes a Document ({price})",
        "document:you": "You take a Document: {doc} ({price})",
        "decline": "{who} buys nothing on field {field}",
        "decline:you": "You buy nothing on field {field}",
        "build": "{who} buys {pieces} for {paid} ducats",
        "build:you": "You buy {pieces} for {paid} ducats",
        "collect": "{who} collects from field {field}: {coins}",
        "collect:you": "You collect from field {field}: {coins}",
        "duel": "Black Knight duel: {seats}",
        "duel_tie": "Both duellists roll {roll}: they roll again",
        "duel_won": "{who} wins the duel against {loser} ({by})",
        "duel_won:you": "You win the duel against {loser} ({by})",
        "dungeon": "Black Knight card to the dungeon: {seats}",
        "champion": f"{{who}} plays {champion}",
        "champion:you": f"You play {champion}",
        "knight_gold": "{who}'s Black Knight takes the gold on field {field}: {coins}",
        "knight_gold:you": "Your Black Knight takes the gold on field {field}: {coins}",
        "knight_rests": "{who}'s Black Knight rests",
        "knight_rests:you": "Your Black Knight rests",
        "raid": "{who}'s Black Knight raids {victim}; the special die shows {die}",
        "raid:you": "Your Black Knight raids {victim}; the special die shows {die}",
        "raid_for": "{who}'s Black Knight raids {victim} for {what}",
        "raid_for:you": "Your Black Knight raids {victim} for {what}",
        "raid_empty": "{victim} has nothing the Black Knight could take",
        "theft": "{thief} ({by}) goes after {who}'s {what}",
        "theft:you": "{thief} ({by}) goes after your {what}",
        "safeguard": f"{{who}} plays {safeguard}: {{thief}} does not get the {{piece}}",
        "safeguard:you": f"You play {safeguard}: {{thief}} does not get your {{piece}}",
        "demolished": "{who} loses a {piece}, back to the supply",
        "demolished:you": "You lose a {piece}, back to the supply",
        "robbed": "{thief} robs {who} of {coins}",
        "robbed:you": "{thief} robs you of {coins}",
        "stolen": "{thief} steals a {piece} from {who} ({goes})",
        "stolen:you": "{thief} steals a {piece} from you ({goes})",
        "cap": f"{{who}} holds {COIN_CAP} or more {{coin}} coins: {{returned}} go back to the "
               f"bag",
        "cap:you": f"You hold {COIN_CAP} or more {{coin}} coins: {{returned}} go back to the "
                   f"bag",
        "end": "Complete castles: {complete}. Victory: {winners}",
        "tie_play_on": "Complete castles tied on ducats ({ducats}): {seats}. The game goes on",
        "ducats_out": "The Ducats cards are used up: the game ends. Victory: {winners}",
        "monk_crowded": f"Several chose {monk} ({{seats}}): nobody gets a Document",
    }


MESSAGES: Final[dict[str, dict[str, Any]]] = {
    lang: {"_names": _names(lang), **_sentences(lang)} for lang in ("en", "fr")
}
