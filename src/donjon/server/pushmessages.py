"""The words of web push (issue #11), in English and French: the account page's control, the
notice a device shows, and the API's refusals; ``i18n`` adds them to its ``MESSAGES``."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "push_title": "Notices on this device",
        "push_toggle": "Notify me on this device when it is my turn",
        "push_help": "At turn-based tables you do not have open, even with the site closed. Your browser asks for your permission first; each device is turned on here, on that device.",
        "push_on": "This device will tell you when it is your turn.",
        "push_off_done": "This device will no longer tell you.",
        "push_denied": "Your browser does not allow this site's notifications: allow them in its settings, then try again.",
        "push_failed": "This browser could not turn the notices on: {detail}",
        "push_turn_body": "It is your turn to play: open the table.",
        "err_push_off": "Notices on a device are not available on this server.",
        "err_push_endpoint": "That is not the address of a push service this server sends to: {detail}.",
        "err_push_keys": "The subscription's keys are not a browser's (p256dh: a P-256 public key, auth: a 16-byte secret, in base64url).",
        "err_push_limit": "You already get notices on {limit} devices: turn them off on one you no longer use first.",
        "err_push_taken": "This device already gets the notices of another account.",
    },
    "fr": {
        "push_title": "Avis sur cet appareil",
        "push_toggle": "Me prévenir sur cet appareil quand c’est à moi de jouer",
        "push_help": "Aux tables au tour par tour que vous n’avez pas ouvertes, même le site fermé. Votre navigateur vous demande d’abord votre accord ; chaque appareil s’active ici, depuis cet appareil.",
        "push_on": "Cet appareil vous préviendra quand c’est à vous.",
        "push_off_done": "Cet appareil ne vous préviendra plus.",
        "push_denied": "Votre navigateur n’autorise pas les notifications de ce site : autorisez-les dans ses réglages, puis réessayez.",
        "push_failed": "Ce navigateur n’a pas pu activer les avis : {detail}",
        "push_turn_body": "C’est à vous de jouer : ouvrez la table.",
        "err_push_off": "Les avis sur un appareil ne sont pas disponibles sur ce serveur.",
        "err_push_endpoint": "Ce n’est pas l’adresse d’un service de notification auquel ce serveur envoie : {detail}.",
        "err_push_keys": "Les clés de l’abonnement ne sont pas celles d’un navigateur (p256dh : une clé publique P-256, auth : un secret de 16 octets, en base64url).",
        "err_push_limit": "Vous recevez déjà des avis sur {limit} appareils : désactivez d’abord ceux d’un appareil que vous n’utilisez plus.",
        "err_push_taken": "Cet appareil reçoit déjà les avis d’un autre compte.",
    },
}

assert set(MESSAGES["en"]) == set(MESSAGES["fr"]), "every message exists in both languages"
