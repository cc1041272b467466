"""Castle Rooms log sentences in English and French (templates over event arguments).

``{target}`` is the seat whose row a Dragon lands on (``presentation.SEAT_ARGS``): the sentences
read so that a player's name stands there. ``_names`` translates the ids that arguments carry
(cards, orientations), from the cards' own table. Cards drawn or dealt are hidden from the other
players, who read only how many (a ``:you`` sentence names them for their owner).
"""

from typing import Any, Final

from donjon.games.castle_rooms.cards import log_names

MESSAGES: Final[dict[str, dict[str, Any]]] = {
    "en": {
        "_names": log_names("en"),
        "deal": "{who} is dealt 2 cards",
        "deal:you": "You are dealt {cards}",
        "first": "{who} starts the game",
        "first:you": "You start the game",
        "draw": "{who} draws 2 cards",
        "draw:you": "You draw {cards}",
        "draw_last": "{who} draws the last card",
        "draw_last:you": "You draw the last card: {cards}",
        "no_draw": "{who} plays a last turn without drawing",
        "no_draw:you": "You play a last turn without drawing",
        "last_turns": "The draw pile is empty: after this turn, every other player plays one "
                      "last turn",
        "new_row": "{who} starts row {row} ({orientation}) with {card}",
        "new_row:you": "You start row {row} ({orientation}) with {card}",
        "play": "{who} adds {card} to row {row}",
        "play:you": "You add {card} to row {row}",
        "dragon": "{who} sets a Dragon on {target}'s row {row}",
        "dragon:you": "You set a Dragon on {target}'s row {row}",
        "dragon_driven_off": "{who} sets a Dragon on {target}'s row {row}, and the Knight "
                             "guarding it drives it off",
        "dragon_driven_off:you": "You set a Dragon on {target}'s row {row}, and the Knight "
                                 "guarding it drives it off",
        "knight": "{who} drives the Dragon off row {row} with a Knight",
        "knight:you": "You drive the Dragon off row {row} with a Knight",
        "guard": "{who} sets a Knight to guard row {row}",
        "guard:you": "You set a Knight to guard row {row}",
        "discard": "{who} discards a {card}",
        "discard:you": "You discard a {card}",
        "end_turn": "{who} ends the turn",
        "end_turn:you": "You end your turn",
        "row_complete": "{who} completes row {row} with {rooms} rooms: the game ends with "
                        "this turn",
        "row_complete:you": "You complete row {row} with {rooms} rooms: the game ends with "
                            "this turn",
        "win": "{who} completes a row of {rooms} rooms (row {row}) and wins!",
        "win:you": "You complete a row of {rooms} rooms (row {row}) and win!",
        "deck_out": "The draw pile is empty: the game ends",
    },
    "fr": {
        "_names": log_names("fr"),
        "deal": "{who} reçoit 2 cartes",
        "deal:you": "Vous recevez {cards}",
        "first": "{who} commence la partie",
        "first:you": "Vous commencez la partie",
        "draw": "{who} pioche 2 cartes",
        "draw:you": "Vous piochez {cards}",
        "draw_last": "{who} pioche la dernière carte",
        "draw_last:you": "Vous piochez la dernière carte : {cards}",
        "no_draw": "{who} joue un dernier tour sans piocher",
        "no_draw:you": "Vous jouez un dernier tour sans piocher",
        "last_turns": "La pioche est vide : après ce tour, chaque autre joueur joue un dernier "
                      "tour",
        "new_row": "{who} commence la rangée {row} ({orientation}) avec {card}",
        "new_row:you": "Vous commencez la rangée {row} ({orientation}) avec {card}",
        "play": "{who} ajoute {card} à la rangée {row}",
        "play:you": "Vous ajoutez {card} à la rangée {row}",
        "dragon": "{who} pose un Dragon chez {target}, sur la rangée {row}",
        "dragon:you": "Vous posez un Dragon chez {target}, sur la rangée {row}",
        "dragon_driven_off": "{who} pose un Dragon chez {target}, sur la rangée {row}, et le "
                             "Chevalier qui la garde le chasse",
        "dragon_driven_off:you": "Vous posez un Dragon chez {target}, sur la rangée {row}, et "
                                 "le Chevalier qui la garde le chasse",
        "knight": "{who} chasse le Dragon de la rangée {row} avec un Chevalier",
        "knight:you": "Vous chassez le Dragon de la rangée {row} avec un Chevalier",
        "guard": "{who} poste un Chevalier pour garder la rangée {row}",
        "guard:you": "Vous postez un Chevalier pour garder la rangée {row}",
        "discard": "{who} défausse un {card}",
        "discard:you": "Vous défaussez un {card}",
        "end_turn": "{who} termine son tour",
        "end_turn:you": "Vous terminez votre tour",
        "row_complete": "{who} complète la rangée {row} avec {rooms} chambres : la partie "
                        "s'arrête à la fin de ce tour",
        "row_complete:you": "Vous complétez la rangée {row} avec {rooms} chambres : la partie "
                            "s'arrête à la fin de ce tour",
        "win": "{who} aligne {rooms} chambres (rangée {row}) et gagne !",
        "win:you": "Vous alignez {rooms} chambres (rangée {row}) et gagnez !",
        "deck_out": "La pioche est vide : la partie s'arrête",
    },
}
