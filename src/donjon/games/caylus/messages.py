"""Caylus log sentences in English and French (templates over event arguments).

``{who}`` is the acting seat ("Seat 2" / "Siège 2"); ``"key:you"`` is the sentence for the seat
that acted. Lists arrive joined with commas. Building, cube, track and section names in the
events are the English ones (they are the log's data), so the French sentences name them after a
French noun ("le bâtiment Food Farm", "la section walls").
"""

MESSAGES = {
    "en": {
        "setup": "The game begins. Turn order: seats {order}; neutral buildings on R1–R6: {road}; "
                 "starting deniers by seat: {deniers}",
        "turn": "Turn {turn} begins. Turn order: seats {order}; income by seat: {income}",
        "pass": "{who} passes and takes place {position} on the bridge (+{deniers} denier bonus)",
        "pass:you": "You pass and take place {position} on the bridge (+{deniers} denier bonus)",
        "place": "{who} places a worker on {target} (price: {cost})",
        "place:you": "You place a worker on {target} (price: {cost})",
        "gate": "{who}'s worker at the Gate moves to {target}",
        "gate:you": "Your worker at the Gate moves to {target}",
        "trading_post": "{who} receives {deniers} deniers at the Trading Post",
        "trading_post:you": "You receive {deniers} deniers at the Trading Post",
        "provost": "{who} moves the provost to R{space} (shift {moved}, price paid: {paid})",
        "provost:you": "You move the provost to R{space} (shift {moved}, price paid: {paid})",
        "joust": "{who} jousts (1 denier + 1 cloth) for a royal favour",
        "joust:you": "You joust (1 denier + 1 cloth) for a royal favour",
        "stables": "The Stables change the turn order: seats {order}",
        "inn": "{who} settles in the Inn",
        "inn:you": "You settle in the Inn",
        "inn_out": "{who} leaves the Inn",
        "inn_out:you": "You leave the Inn",
        "produce": "{who} collects from the {building} on R{space} "
                   "(food, wood, stone, cloth, gold: {cubes})",
        "produce:you": "You collect from the {building} on R{space} "
                       "(food, wood, stone, cloth, gold: {cubes})",
        "owner_bonus": "{who} receives 1 {cube} as the building's owner",
        "owner_bonus:you": "You receive 1 {cube} as the building's owner",
        "sell": "{who} sells 1 {cube} for {deniers} deniers",
        "sell:you": "You sell 1 {cube} for {deniers} deniers",
        "buy": "{who} buys 1 {cube} (price: {deniers})",
        "buy:you": "You buy 1 {cube} (price: {deniers})",
        "exchange": "{who} uses the {building}: {text}",
        "exchange:you": "You use the {building}: {text}",
        "build": "{who} builds the {building} on R{space} (+{pp} PP)",
        "build:you": "You build the {building} on R{space} (+{pp} PP)",
        "lawyer_pending": "{who} pays for a residence on R{space}; it replaces the building once "
                          "that building has been used",
        "lawyer_pending:you": "You pay for a residence on R{space}; it replaces the building once "
                              "that building has been used",
        "residence": "{who} turns the {replaced} on R{space} into a residence",
        "residence:you": "You turn the {replaced} on R{space} into a residence",
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
        "favour": "{who} takes a royal favour on the {track} track (column {column}): {choice}",
        "favour:you": "You take a royal favour on the {track} track (column {column}): {choice}",
        "favour_lost": "{who} loses a royal favour: every track has been used this phase",
        "favour_lost:you": "You lose a royal favour: every track has been used this phase",
        "trade": "{who} trades a cube for {took}",
        "trade:you": "You trade a cube for {took}",
        "game_over": "The game is over. Final scores by seat: {scores}",
    },
    "fr": {
        "setup": "La partie commence. Ordre du tour : sièges {order} ; bâtiments neutres en "
                 "R1–R6 : {road} ; deniers de départ par siège : {deniers}",
        "turn": "Début du tour {turn}. Ordre du tour : sièges {order} ; revenus par siège : "
                "{income}",
        "pass": "{who} passe et prend la place {position} sur le pont (bonus : {deniers} denier)",
        "pass:you": "Vous passez et prenez la place {position} sur le pont "
                    "(bonus : {deniers} denier)",
        "place": "{who} pose un ouvrier sur {target} (prix : {cost})",
        "place:you": "Vous posez un ouvrier sur {target} (prix : {cost})",
        "gate": "L'ouvrier de la Porte de {who} va sur {target}",
        "gate:you": "Votre ouvrier de la Porte va sur {target}",
        "trading_post": "{who} reçoit {deniers} deniers au Comptoir",
        "trading_post:you": "Vous recevez {deniers} deniers au Comptoir",
        "provost": "{who} déplace le prévôt en R{space} (décalage {moved}, "
                   "prix payé : {paid})",
        "provost:you": "Vous déplacez le prévôt en R{space} (décalage {moved}, "
                       "prix payé : {paid})",
        "joust": "{who} joute (1 denier + 1 tissu) pour une faveur royale",
        "joust:you": "Vous joutez (1 denier + 1 tissu) pour une faveur royale",
        "stables": "Les Écuries changent l'ordre du tour : sièges {order}",
        "inn": "{who} s'installe à l'Auberge",
        "inn:you": "Vous vous installez à l'Auberge",
        "inn_out": "{who} quitte l'Auberge",
        "inn_out:you": "Vous quittez l'Auberge",
        "produce": "{who} récolte au bâtiment {building} en R{space} "
                   "(nourriture, bois, pierre, tissu, or : {cubes})",
        "produce:you": "Vous récoltez au bâtiment {building} en R{space} "
                       "(nourriture, bois, pierre, tissu, or : {cubes})",
        "owner_bonus": "{who} reçoit 1 cube {cube} en tant que propriétaire du bâtiment",
        "owner_bonus:you": "Vous recevez 1 cube {cube} en tant que propriétaire du bâtiment",
        "sell": "{who} vend 1 cube {cube} pour {deniers} deniers",
        "sell:you": "Vous vendez 1 cube {cube} pour {deniers} deniers",
        "buy": "{who} achète 1 cube {cube} (prix : {deniers})",
        "buy:you": "Vous achetez 1 cube {cube} (prix : {deniers})",
        "exchange": "{who} utilise le bâtiment {building} : {text}",
        "exchange:you": "Vous utilisez le bâtiment {building} : {text}",
        "build": "{who} construit le bâtiment {building} en R{space} (+{pp} PP)",
        "build:you": "Vous construisez le bâtiment {building} en R{space} (+{pp} PP)",
        "lawyer_pending": "{who} paie une résidence en R{space} ; elle remplacera le bâtiment "
                          "une fois celui-ci activé",
        "lawyer_pending:you": "Vous payez une résidence en R{space} ; elle remplacera le "
                              "bâtiment une fois celui-ci activé",
        "residence": "{who} transforme le bâtiment {replaced} (R{space}) en résidence",
        "residence:you": "Vous transformez le bâtiment {replaced} (R{space}) en résidence",
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
        "favour": "{who} prend une faveur royale sur la piste {track} (colonne {column}) : "
                  "{choice}",
        "favour:you": "Vous prenez une faveur royale sur la piste {track} (colonne {column}) : "
                      "{choice}",
        "favour_lost": "{who} perd une faveur royale : toutes les pistes ont déjà servi pendant "
                       "cette phase",
        "favour_lost:you": "Vous perdez une faveur royale : toutes les pistes ont déjà servi "
                           "pendant cette phase",
        "trade": "{who} échange un cube contre {took}",
        "trade:you": "Vous échangez un cube contre {took}",
        "game_over": "Fin de la partie. Scores finaux par siège : {scores}",
    },
}
