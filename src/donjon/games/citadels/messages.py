"""Log sentences for Citadels events, in English and French (``Game.messages``).

``MESSAGES["fr"]["_names"]`` translates the game terms event arguments carry (character and
district names, district types, a redacted ``hidden``): ``Game.describe`` passes every string
argument and list item through it.
"""

from donjon.games.citadels.cards import (
    CHAR_NAMES,
    CHAR_NAMES_FR,
    DISTRICT_NAMES,
    DISTRICT_NAMES_FR,
    TYPES,
    TYPES_FR,
)

MESSAGES = {
    "en": {
        "deal": "{who} receives 4 district cards",
        "deal:you": "{who} receive {cards}",
        "crown": "{who} now holds the crown",
        "round": "Round {round}: selection starts with seat {crown}; face up: {faceup}",
        "pick": "{who} chooses a character",
        "pick:you": "{who} choose the {character}",
        "fdiscard": "{who} discards a character face down",
        "fdiscard:you": "{who} discard the {character} face down",
        "reveal": "{who} reveals the {character}",
        "robbed": "{who} is robbed of {gold} gold by seat {thief}",
        "merchant": "{who} takes 1 extra gold (Merchant)",
        "draw": "{who} draws {cards}",
        "queen": "{who} gains {gold} gold (Queen)",
        "resume": "{who} resumes the Witch's turn as the {character}",
        "suspend": "{who} suspends the Witch's turn",
        "turn_end": "{who} ends the turn",
        "poor_house": "{who} gains 1 gold (Poor House)",
        "alchemist": "{who} gets {gold} gold back (Alchemist)",
        "park": "{who} draws 2 cards (Park)",
        "heir": "{who} is revealed at the end of the round as the killed {character}",
        "game_over": "The game is over",
        "gather_gold": "{who} takes {gold} gold",
        "gather_cards": "{who} draws {count} cards to choose from",
        "keep": "{who} keeps a card",
        "keep:you": "{who} keep {card}",
        "income": "{who} collects {gold} gold and {cards} cards from districts",
        "kill": "{who} kills the {character}",
        "bewitch": "{who} bewitches the {character}",
        "rob": "{who} will rob the {character}",
        "spy": "{who} spies on seat {target} for {type}: {matches} found, {gold} gold taken",
        "swap": "{who} swaps hands with seat {target}",
        "look": "{who} looks at seat {target}'s hand",
        "seer": "{who} takes a random card from seats {targets}",
        "abbot": "{who} takes 1 gold from seat {target}, the richest",
        "navigator": "{who} takes {gold} gold (Navigator)",
        "scholar": "{who} draws {count} cards to keep one (Scholar)",
        "destroy": "{who} destroys {district} of seat {target} for {gold} gold",
        "seize": "{who} seizes {district} of seat {target} for {gold} gold",
        "exchange": "{who} exchanges {gave} for {took} of seat {target}, paying {gold} gold",
        "beautify": "{who} beautifies {district}",
        "taxes": "{who} collects {gold} gold of taxes",
        "armory": "{who} destroys the Armory and {district} of seat {target}",
        "laboratory": "{who} discards a card for 2 gold (Laboratory)",
        "laboratory:you": "{who} discard {card} for 2 gold (Laboratory)",
        "museum": "{who} puts a card under the Museum",
        "museum:you": "{who} put {card} under the Museum",
        "build": "{who} builds {district} ({gold} gold)",
        "tax": "{who} pays 1 gold of tax",
        "cardinal": "{who} takes {gold} gold from seat {target} (Cardinal)",
        "warrants": "{who} places warrants on {characters}",
        "warrants:you": "{who} place warrants on {characters} (signed: {signed})",
        "threats": "{who} places threats on {characters}",
        "threats:you": "{who} place threats on {characters} (real: {real})",
        "bribe": "{who} pays a bribe of {gold} gold",
        "refuse": "{who} refuses to pay the bribe",
        "threat_revealed": "{who} reveals the threat on seat {target}: {threat}, {gold} gold taken",
        "threat_kept": "{who} leaves the threat hidden",
        "magic": "{who} discards {count} cards to draw as many",
        "take": "{who} takes {card} from seat {target}",
        "give": "{who} gives {card} to seat {target}",
        "emperor_gold": "{who} takes 1 gold from seat {target}",
        "den_card": "{who} pays with a card (Thieves' Den)",
        "den_card:you": "{who} pay with {card} (Thieves' Den)",
        "confiscate": "{who} confiscates {district} from seat {target}, who gets {gold} gold back",
        "theater": "{who} swaps characters with seat {target} (Theater)",
        "theater:you": "{who} give the {gave} to seat {target} and take the {took} (Theater)",
        "theater_pass": "{who} keeps the character (Theater)",
        "complete": "{who} completes the city first!",
    },
    "fr": {
        "deal": "{who} reçoit 4 quartiers",
        "deal:you": "{who} recevez {cards}",
        "crown": "{who} a maintenant la couronne",
        "round": "Manche {round} : le choix commence au siège {crown} ; face visible : {faceup}",
        "pick": "{who} choisit un personnage",
        "pick:you": "{who} choisissez : {character}",
        "fdiscard": "{who} écarte un personnage face cachée",
        "fdiscard:you": "{who} écartez face cachée : {character}",
        "reveal": "{who} révèle : {character}",
        "robbed": "{who} se fait voler {gold} pièces par le siège {thief}",
        "merchant": "{who} gagne 1 pièce de plus (Marchande)",
        "draw": "{who} pioche {cards}",
        "queen": "{who} gagne {gold} pièces (Reine)",
        "resume": "{who} reprend le tour de la Sorcière comme {character}",
        "suspend": "{who} suspend le tour de la Sorcière",
        "turn_end": "{who} termine son tour",
        "poor_house": "{who} gagne 1 pièce (Hospice)",
        "alchemist": "{who} récupère {gold} pièces (Alchimiste)",
        "park": "{who} pioche 2 cartes (Parc)",
        "heir": "{who} est révélé en fin de manche : {character} assassiné",
        "game_over": "La partie est terminée",
        "gather_gold": "{who} prend {gold} pièces",
        "gather_cards": "{who} pioche {count} cartes pour en choisir",
        "keep": "{who} garde une carte",
        "keep:you": "{who} gardez {card}",
        "income": "{who} perçoit {gold} pièces et {cards} cartes de ses quartiers",
        "kill": "{who} assassine : {character}",
        "bewitch": "{who} ensorcelle : {character}",
        "rob": "{who} va voler : {character}",
        "spy": "{who} espionne le siège {target} ({type}) : {matches} trouvés, {gold} pièces prises",
        "swap": "{who} échange sa main avec le siège {target}",
        "look": "{who} regarde la main du siège {target}",
        "seer": "{who} prend une carte au hasard aux sièges {targets}",
        "abbot": "{who} prend 1 pièce au siège {target}, le plus riche",
        "navigator": "{who} prend {gold} pièces (Navigatrice)",
        "scholar": "{who} pioche {count} cartes pour en garder une (Archiviste)",
        "destroy": "{who} détruit {district} du siège {target} pour {gold} pièces",
        "seize": "{who} s'empare de {district} du siège {target} pour {gold} pièces",
        "exchange": "{who} échange {gave} contre {took} du siège {target}, en payant {gold} pièces",
        "beautify": "{who} embellit {district}",
        "taxes": "{who} perçoit {gold} pièces d'impôts",
        "armory": "{who} détruit la Poudrière et {district} du siège {target}",
        "laboratory": "{who} défausse une carte pour 2 pièces (Laboratoire)",
        "laboratory:you": "{who} défaussez {card} pour 2 pièces (Laboratoire)",
        "museum": "{who} place une carte sous le Musée",
        "museum:you": "{who} placez {card} sous le Musée",
        "build": "{who} bâtit {district} ({gold} pièces)",
        "tax": "{who} paie 1 pièce d'impôt",
        "cardinal": "{who} prend {gold} pièces au siège {target} (Cardinal)",
        "warrants": "{who} place des mandats sur {characters}",
        "warrants:you": "{who} placez des mandats sur {characters} (signé : {signed})",
        "threats": "{who} place des menaces sur {characters}",
        "threats:you": "{who} placez des menaces sur {characters} (réelle : {real})",
        "bribe": "{who} paie un pot-de-vin de {gold} pièces",
        "refuse": "{who} refuse de payer",
        "threat_revealed": "{who} révèle la menace sur le siège {target} : {threat}, {gold} pièces prises",
        "threat_kept": "{who} garde la menace cachée",
        "magic": "{who} défausse {count} cartes pour en piocher autant",
        "take": "{who} prend {card} au siège {target}",
        "give": "{who} donne {card} au siège {target}",
        "emperor_gold": "{who} prend 1 pièce au siège {target}",
        "den_card": "{who} paie avec une carte (Tripot)",
        "den_card:you": "{who} payez avec {card} (Tripot)",
        "confiscate": "{who} confisque {district} au siège {target}, remboursé de {gold} pièces",
        "theater": "{who} échange son personnage avec le siège {target} (Théâtre)",
        "theater:you": "{who} donnez {gave} au siège {target} et prenez {took} (Théâtre)",
        "theater_pass": "{who} garde son personnage (Théâtre)",
        "complete": "{who} complète sa cité en premier !",
    },
}


_FR_VOUS = {
    "reçoit": "recevez", "a": "avez", "choisit": "choisissez", "écarte": "écartez",
    "révèle": "révélez", "se": "vous", "gagne": "gagnez", "pioche": "piochez",
    "reprend": "reprenez", "suspend": "suspendez", "termine": "terminez", "récupère": "récupérez",
    "est": "êtes", "prend": "prenez", "garde": "gardez", "perçoit": "percevez",
    "assassine": "assassinez", "ensorcelle": "ensorcelez", "va": "allez", "espionne": "espionnez",
    "échange": "échangez", "regarde": "regardez", "détruit": "détruisez", "s'empare": "vous emparez",
    "embellit": "embellissez", "défausse": "défaussez", "place": "placez", "bâtit": "bâtissez",
    "paie": "payez", "refuse": "refusez", "donne": "donnez", "confisque": "confisquez",
    "complète": "complétez",
}
_EN_YOU = {"is": "are", "has": "have"}


def _en_you(verb: str) -> str:
    if verb in _EN_YOU:
        return _EN_YOU[verb]
    if verb.endswith("ies"):
        return verb[:-3] + "y"
    if verb.endswith(("ches", "shes", "sses", "xes")):
        return verb[:-2]
    return verb[:-1] if verb.endswith("s") else verb


def _second_person() -> None:
    """Add the "key:you" forms (the sentence for the seat that acted)."""
    for lang, table in MESSAGES.items():
        for key, template in list(table.items()):
            if (not template.startswith("{who} ") or key.endswith(":you")
                    or key + ":you" in table):
                continue
            words = template.split(" ")
            verb = words[1]
            if lang == "en":
                if verb == "now":
                    words[2] = _en_you(words[2])
                elif verb != "will":
                    words[1] = _en_you(verb)
                table[key + ":you"] = " ".join(words)
            else:
                if verb == "a" and words[2] == "maintenant":
                    words[1] = "avez"
                elif verb == "se":
                    words[1:3] = ["vous", "faites"]
                elif verb in _FR_VOUS:
                    words[1] = _FR_VOUS[verb]
                table[key + ":you"] = " ".join(words).replace("son tour", "votre tour").replace(
                    "sa main", "votre main").replace("sa cité", "votre cité").replace(
                    "son personnage", "votre personnage").replace("ses quartiers", "vos quartiers")


_second_person()

#: the French names of the terms event arguments carry (§1.3, §1.4, §2.1 of the rules reference)
MESSAGES["fr"]["_names"] = {
    **dict(zip(CHAR_NAMES, CHAR_NAMES_FR, strict=True)),
    **dict(zip(DISTRICT_NAMES, DISTRICT_NAMES_FR, strict=True)),
    **dict(zip(TYPES, TYPES_FR, strict=True)),
    "hidden": "caché",
    "real": "réelle",
    "bluff": "du bluff",
}
