"""Caylus as people read it (``donjon.engine.text.Presentation``): the catalogue of buildings,
special buildings, castle, favour table, cubes and pieces; what each legal action says; the
"what to do now" line; the score's categories.

Names and effect texts come from the data table (``buildings.py``); this module only puts them
into sentences. Labels and the catalogue are made once per action and language (cached), never
while playing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, Final, TypedDict

from donjon.engine import Action
from donjon.engine.action import Arg
from donjon.engine.text import CatalogueItem
from donjon.games.caylus import buildings as B
from donjon.games.caylus.actions import CUBE_OF, TILE_OF, TRACK_OF, counts

#: the event arguments that hold seats: the turn order, the winners
SEAT_ARGS: Final = frozenset({"order", "winners"})

CATEGORIES: Final[Mapping[str, Mapping[str, str]]] = {
    key: {"en": en, "fr": fr} for key, en, fr in B.SCORE_CATEGORIES
}

#: Caylus breaks no tie (§6: tied players share the victory), so ``Result.tiebreak`` is always
#: empty and there is nothing to translate
TIEBREAKS: Final[Mapping[str, Mapping[str, str]]] = {}

_FR: Final = "fr"


# -- words --------------------------------------------------------------------------------------

def _cube(t: int, lang: str, n: int = 1) -> str:
    if lang != _FR:
        return B.CUBES[t]
    return B.CUBES_FR[t] if n <= 1 else B.CUBES_FR_PLURAL[t]


def _amount(t: int, n: int, lang: str) -> str:
    """"2 stone", "2 pierres"."""
    return f"{n} {_cube(t, lang, n)}"


def _deniers(n: int) -> str:
    """The same in both languages."""
    return f"{n} denier" if n == 1 else f"{n} deniers"


def _and(parts: Sequence[str], lang: str) -> str:
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + (" et " if lang == _FR else " and ") + parts[-1]


def _amounts(cubes: Sequence[int], lang: str) -> list[str]:
    return [_amount(t, n, lang) for t, n in enumerate(cubes) if n]


def _building_name(tile: int, lang: str) -> str:
    b = B.CATALOGUE[tile]
    return b.fr if lang == _FR else b.name


def _the(tile: int, lang: str) -> str:
    """"the Sawmill", "la Scierie"."""
    b = B.CATALOGUE[tile]
    return B.french_the(b.fr, b.article) if lang == _FR else f"the {b.name}"


def _place_at(place: B.Thing, lang: str) -> str:
    """"at the Gate", "in the Stables", "à la Porte", "aux Écuries"."""
    return B.french_at(place.fr, place.article) if lang == _FR else f"{place.at} the {place.name}"


#: the Alchemist's rates (cubes paid, gold gained)
_ALCHEMY: Final = next(b.alchemy for b in B.CATALOGUE if b.alchemy)
_PLACES: Final = {place.key: place for place in (*B.SPECIALS, B.CASTLE)}
#: an English building name as action texts spell it -> its tile (tiles sharing a name share
#: their words: the two Carpenters, Sawmills, Architects…)
_TILE_NAMED: Final = {b.name: tile for tile, b in reversed(list(enumerate(B.CATALOGUE)))}


def _cost_words(b: B.Building, lang: str) -> str | None:
    parts = _amounts(b.cost, lang)
    if b.any:
        parts.append(f"{b.any} cube au choix" if lang == _FR else f"{b.any} cube of any type")
    if b.kind == B.RESIDENCE:  # what the Lawyer asks
        parts = [_deniers(B.RESIDENCE_DENIERS), _amount(B.CLOTH, B.RESIDENCE_CLOTH, lang)]
    return " + ".join(parts) or None


def _when_built(tile: int, lang: str) -> str:
    b = B.CATALOGUE[tile]
    fr = lang == _FR
    if not (b.pp or b.favours or b.income):
        return ""
    points = f"{b.pp} PP"
    if tile == B.LAWYER_ID:
        later = B.LAWYER_POINTS[1]
        points += (f" ({later} selon les impressions suivantes)" if fr
                   else f" ({later} in later printings)")
    if b.favours:
        favours = (f"{b.favours} faveur royale" if b.favours == 1
                   else f"{b.favours} faveurs royales") if fr else (
            f"{b.favours} royal favour" + ("s" if b.favours > 1 else ""))
        points = _and([points, favours], lang)
    made = "Le faire rapporte" if fr and b.kind == B.RESIDENCE else (
        "Le construire rapporte" if fr else "Building it scores")
    sentence = f" {made} {points}."
    if b.income:
        sentence += (f" Son propriétaire reçoit {_deniers(b.income)} de revenu par tour." if fr
                     else f" Its owner gains {_deniers(b.income)} of income each turn.")
    return sentence


# -- the catalogue ------------------------------------------------------------------------------

#: an amount of things by name: a cube ("food"…), "cube" (any but gold), "any" (any, gold too),
#: "denier", "pp", "favour", "residence", "build-wood" / "build-stone" / "build-prestige" (a
#: building of that kind), "provost" (spaces it may move)
Amounts = dict[str, int]


class Exchange(TypedDict, total=False):
    """One thing a worker may do there: pay ``pay`` to get ``get`` (``less``: paying that much
    less of the building's cost)."""

    pay: Amounts
    get: Amounts
    less: Amounts


class Art(TypedDict, total=False):
    """What a renderer needs to draw an item with icons, in no language: a building's ``kind``
    (``buildings.KIND_WORDS``), its ``cost``, the
    ``points``, ``favours`` and ``income`` it gives its builder, what a worker there ``does``
    (alternatives), and the cubes its owner may take as a ``bonus``; a castle section's
    ``size``, ``points`` a batch and the road space whose reaching by the bailiff ``trigger``s
    its scoring."""

    kind: str
    cost: Amounts
    points: int
    favours: int
    income: int
    does: list[Exchange]
    bonus: list[str]
    trigger: int
    size: int


class CaylusItem(CatalogueItem, total=False):
    """A catalogue item with its ``art``."""

    art: Art


def _cubes_of(counts_by_type: Sequence[int]) -> Amounts:
    return {B.CUBES[t]: n for t, n in enumerate(counts_by_type) if n}


def _does(b: B.Building) -> list[Exchange]:
    """What a worker on ``b`` may do, as icons."""
    if b.effect == "produce":
        return [{"get": _cubes_of(gain)} for gain in b.gains]
    if b.effect == "sell":
        return [{"pay": {"any": 1}, "get": {"denier": b.price}}]
    if b.effect == "buy":
        return [{"pay": {"denier": b.price * n}, "get": {"cube": n}} for n in range(1, b.most + 1)]
    if b.effect == "build":
        return [{"get": {f"build-{b.builds}": 1}}]
    if b.effect == "exchange":
        out: list[Exchange] = []
        for rate in b.exchanges:
            pay = _cubes_of(rate.pay) | ({"denier": rate.pay_deniers} if rate.pay_deniers else {})
            get = _cubes_of(rate.gain) | ({"pp": rate.pp} if rate.pp else {})
            out.append({"pay": pay, "get": get})
        return out
    if b.effect == "alchemist":
        return [{"pay": {"cube": paid}, "get": {"gold": gold}} for paid, gold in b.alchemy]
    if b.effect == "lawyer":
        return [{"pay": {"denier": B.RESIDENCE_DENIERS, "cloth": B.RESIDENCE_CLOTH},
                 "get": {"residence": 1}}]
    return []


def _building_art(b: B.Building) -> Art:
    art: Art = {"kind": b.kind, "cost": _cubes_of(b.cost) | ({"any": b.any} if b.any else {}),
                "points": b.pp, "does": _does(b)}
    if b.favours:
        art["favours"] = b.favours
    if b.income:
        art["income"] = b.income
    if b.bonus:
        art["bonus"] = [B.CUBES[t] for t in b.bonus]
    return art


_SPECIAL_ART: Final[Mapping[str, list[Exchange]]] = {
    "trading-post": [{"get": {"denier": B.TRADING_POST_DENIERS}}],
    "guild": [{"get": {"provost": B.GUILD_REACH}}],
    "joust": [{"pay": {"denier": B.JOUST_PRICE[0], B.CUBES[B.JOUST_PRICE[1]]: 1},
               "get": {"favour": 1}}],
}


def _favour_art(track: int, column: int) -> list[Exchange]:
    if track == B.PRESTIGE_T:
        return [{"get": {"pp": B.FAVOUR_PP[column]}}]
    if track == B.DENIERS_T:
        return [{"get": {"denier": B.FAVOUR_DENIERS[column]}}]
    if track == B.RESOURCES_T:
        if column == B.TRADE_COLUMN:
            return [{"pay": {"any": 1}, "get": {"cube": 2}}]
        return [{"get": {cube: 1}} for cube in B.FAVOUR_RESOURCES[column]]
    _, kind, discount = B.FAVOUR_BUILDINGS[column]
    if kind == B.RESIDENCE:
        return [{"pay": {"cloth": B.RESIDENCE_CLOTH}, "get": {"residence": 1}}]
    if not kind:
        return []
    made: Exchange = {"get": {f"build-{kind}": 1}}
    if discount >= 0:
        made["less"] = {B.CUBES[discount]: 1}
    return [made]

def catalogue(lang: str) -> list[CatalogueItem]:
    """Every building, special building, castle part, favour track and cell, cube and piece."""
    return list(_catalogue(lang))


@cache
def _catalogue(lang: str) -> tuple[CatalogueItem, ...]:
    fr = lang == _FR
    items: list[CatalogueItem] = []
    for tile, b in enumerate(B.CATALOGUE):
        building: CaylusItem = {
            "id": b.key, "kind": "building", "name": b.fr if fr else b.name,
            "text": (b.text_fr if fr else b.text) + _when_built(tile, lang),
            "cost": _cost_words(b, lang), "type": B.KIND_WORDS[b.kind][fr],
            "art": _building_art(b),
        }
        items.append(building)

    def thing(t: B.Thing, kind: str, type_words: tuple[str, str],
              does: list[Exchange] | None = None) -> CaylusItem:
        item: CaylusItem = {"id": t.key, "kind": kind, "name": t.fr if fr else t.name,
                            "text": t.text_fr if fr else t.text, "cost": None,
                            "type": type_words[fr]}
        if does is not None:
            item["art"] = {"does": does}
        return item

    for place in B.SPECIALS:
        items.append(thing(place, "special", ("Special building", "Bâtiment spécial"),
                           _SPECIAL_ART.get(place.key)))
    items.append(thing(B.CASTLE, "castle", ("Castle", "Château")))
    for k, section in enumerate(B.SECTION_WORDS):
        part = thing(section, "castle-section", ("Castle section", "Section du château"))
        part["art"] = {"trigger": B.SECTION_TRIGGER[k] + 1, "size": B.SECTION_SIZE[k],
                       "points": B.SECTION_POINTS[k]}
        items.append(part)
    for k, track in enumerate(B.TRACK_WORDS):
        items.append(thing(track, "favour-track", ("Royal favour track",
                                                   "Piste des faveurs royales")))
        track_name = track.fr if fr else track.name
        for column, (key, cell) in enumerate(zip(B.FAVOUR_IDS[k], B.FAVOUR_WORDS[k],
                                                 strict=True), start=1):
            favour: CaylusItem = {
                "id": key, "kind": "favour", "name": cell.fr if fr else cell.name,
                "text": cell.text_fr if fr else cell.text, "cost": None,
                "type": (f"Faveur royale, piste {track_name}, colonne {column}" if fr
                         else f"Royal favour, {track_name} track, column {column}"),
                "art": {"does": _favour_art(k, column)},
            }
            items.append(favour)
    for cube in B.CUBE_WORDS:
        items.append(thing(cube, "cube", ("Resource", "Ressource")))
    for piece in B.PIECES:
        items.append(thing(piece, "piece", ("Board piece", "Élément du plateau")))
    for phase in B.PHASE_WORDS.values():
        items.append(thing(phase, "phase", ("Phase of a turn", "Phase du tour")))
    items.append(thing(B.TURN, "turn", ("Game turn", "Tour de jeu")))
    return tuple(items)


# -- labels -------------------------------------------------------------------------------------

_SIMPLE: Final[Mapping[str, tuple[str, str]]] = {
    "pass": ("Pass", "Passez"),
    "stay": ("Leave the Gate's worker where it is", "Laissez l'ouvrier de la Porte où il est"),
    "joust": ("Joust: 1 denier + 1 cloth for a royal favour",
              "Joutez : 1 denier + 1 tissu pour une faveur royale"),
    "no-joust": ("Do not joust", "Ne joutez pas"),
    "inn-stay": ("Stay at the Inn", "Restez à l'Auberge"),
    "inn-leave": ("Leave the Inn", "Quittez l'Auberge"),
    "no-bribe": ("Do not move the provost", "Ne déplacez pas le prévôt"),
    "no-sell": ("Sell nothing", "Ne vendez rien"),
    "no-buy": ("Buy nothing more", "N'achetez rien de plus"),
    "no-build": ("Build nothing", "Ne construisez rien"),
    "decline": ("Do nothing", "Ne faites rien"),
    "stop": ("Stop delivering", "Arrêtez de livrer"),
}


def label(action: Action, lang: str, names: Sequence[str]) -> str:
    """What a person reads for ``action``: unique among the legal actions of a moment, since
    every part of its identity is named (and a placement also names the building there)."""
    return _label(action.kind, action.args, action.text, lang)


@cache
def _label(kind: str, args: tuple[Arg, ...], text: str, lang: str) -> str:
    fr = lang == _FR
    simple = _SIMPLE.get(kind)
    if simple is not None:
        return simple[fr]
    if kind in ("place", "gate", "convert"):
        return _target_label(kind, args[0], text, lang)
    if kind in ("guild", "bribe"):
        return _provost_label(kind, _number(args[0]), lang)
    if kind in ("sell", "buy", "bonus", "give"):
        cube = _amount(CUBE_OF[args[0]], 1, lang)
        return {
            "sell": ("Sell " + cube, "Vendez " + cube),
            "buy": ("Buy " + cube, "Achetez " + cube),
            "bonus": (f"Take {cube} as the owner's bonus", f"Prenez {cube} (bonus du propriétaire)"),
            "give": (f"Give {cube} for the trade", f"Donnez {cube} pour l'échange"),
        }[kind][fr]
    if kind in ("produce", "take-two"):
        return ("Prenez " if fr else "Take ") + _and(_amounts(counts(args), lang), lang)
    if kind == "deliver":
        cubes = " + ".join(_cube(CUBE_OF[a], lang) for a in args)
        return f"Livrez {cubes} au château" if fr else f"Deliver {cubes} to the castle"
    if kind == "alchemist":
        paid = counts(args)
        gold = next(g for n, g in _ALCHEMY if n == len(args))
        spent = _and(_amounts(paid, lang), lang)
        got = _amount(B.GOLD, gold, lang)
        return f"Changez {spent} en {got}" if fr else f"Turn {spent} into {got}"
    if kind == "exchange":
        return _exchange_label(TILE_OF[args[0]], _number(args[1]), lang)
    if kind in ("build", "architect"):
        return _build_label(kind, args, lang)
    if kind == "favour":
        return _favour_label(args, lang)
    return text or kind  # an action this module does not know yet reads as the game spells it


def _number(arg: Arg) -> int:
    if isinstance(arg, int) and not isinstance(arg, bool):
        return arg
    raise TypeError(f"expected a number, not {arg!r}")


def _target_label(kind: str, target: Arg, text: str, lang: str) -> str:
    fr = lang == _FR
    if isinstance(target, str):
        place = _PLACES[target]
        if kind == "place":
            return f"Posez un ouvrier {_place_at(place, lang)}" if fr else (
                f"Place a worker {_place_at(place, lang)}")
        return (f"Déplacez l'ouvrier de la Porte {_place_at(place, lang)}" if fr
                else f"Move the Gate's worker to the {place.name}")
    space = _number(target)
    # the identity names the space; the building there is state, so the text (spelled when
    # the action was made, "place R10 Sawmill") names it
    _, _, name = text.partition(f"R{space} ")
    tile = _TILE_NAMED.get(name, -1)
    if tile < 0:
        where = f"R{space}"
        return {
            "place": ("Place a worker on " + where, "Posez un ouvrier en " + where),
            "gate": ("Move the Gate's worker to " + where,
                     "Déplacez l'ouvrier de la Porte en " + where),
            "convert": (f"Turn the building on {where} into a residence",
                        f"Transformez le bâtiment en {where} en résidence"),
        }[kind][fr]
    if fr:
        the = _the(tile, lang)
        return {
            "place": f"Posez un ouvrier sur {the} (R{space})",
            "gate": f"Déplacez l'ouvrier de la Porte sur {the} (R{space})",
            "convert": f"Transformez {the} (R{space}) en résidence",
        }[kind]
    named = _building_name(tile, lang)
    return {
        "place": f"Place a worker on R{space} {named}",
        "gate": f"Move the Gate's worker to R{space} {named}",
        "convert": f"Turn the {named} on R{space} into a residence",
    }[kind]


def _shift(k: int, lang: str) -> str:
    if lang == _FR:
        cases = "case" if abs(k) == 1 else "cases"
        return f"de {abs(k)} {cases} vers l'{'avant' if k > 0 else 'arrière'}"
    spaces = "space" if abs(k) == 1 else "spaces"
    return f"{abs(k)} {spaces} {'forward' if k > 0 else 'back'}"


def _provost_label(kind: str, k: int, lang: str) -> str:
    fr = lang == _FR
    if kind == "guild":
        if not k:
            return "Laissez le prévôt où il est" if fr else "Leave the provost where it is"
        return (f"Déplacez gratuitement le prévôt {_shift(k, lang)}" if fr
                else f"Move the provost {_shift(k, lang)}, free")
    paid = _deniers(abs(k))
    return (f"Payez {paid} pour déplacer le prévôt {_shift(k, lang)}" if fr
            else f"Pay {paid} to move the provost {_shift(k, lang)}")


def _exchange_label(tile: int, paid: int, lang: str) -> str:
    rate = next(r for r in B.EXCHANGES[tile] if r.paid == paid)
    spent = [_deniers(rate.pay_deniers)] if rate.pay_deniers else _amounts(rate.pay, lang)
    got = _amounts(rate.gain, lang) + ([_deniers(rate.gain_deniers)] if rate.gain_deniers else [])
    got += [f"{rate.pp} PP"] if rate.pp else []
    if lang == _FR:
        return f"Payez {_and(spent, lang)} pour {_and(got, lang)}"
    return f"Pay {_and(spent, lang)} for {_and(got, lang)}"


def _build_label(kind: str, args: tuple[Arg, ...], lang: str) -> str:
    fr = lang == _FR
    tile = TILE_OF[args[0]]
    the = _the(tile, lang)
    if kind == "architect":
        space = _number(args[1])
        return (f"Construisez {the} sur votre résidence en R{space}" if fr
                else f"Build {the} on your residence at R{space}")
    if len(args) > 1:
        cube = _cube(CUBE_OF[args[1]], lang)
        return (f"Construisez {the} (cube au choix : {cube})" if fr
                else f"Build {the} (any cube: {cube})")
    return f"Construisez {the}" if fr else f"Build {the}"


def _favour_label(args: tuple[Arg, ...], lang: str) -> str:
    fr = lang == _FR
    track = TRACK_OF[args[0]]
    column = _number(args[1])
    words = B.TRACK_WORDS[track]
    if track == B.RESOURCES_T and column != B.TRADE_COLUMN:
        reward = _amount(CUBE_OF[args[2]], 1, lang)
    else:
        cell = B.FAVOUR_WORDS[track][column - 1]
        name = cell.fr if fr else cell.name
        reward = name[:1].lower() + name[1:]  # after a colon: "Buildings track: no effect"
    return f"Piste {words.fr} : {reward}" if fr else f"{words.name} track: {reward}"


# -- what to do now ------------------------------------------------------------------------------

_PROMPTS: Final[Mapping[str, tuple[str, str]]] = {
    "place": ("Place a worker or pass: a worker costs {cost} ({own} on your own buildings)",
              "Posez un ouvrier ou passez : un ouvrier coûte {cost} ({own} sur vos propres "
              "bâtiments)"),
    "place-inn": ("Place a worker or pass: thanks to the Inn, a worker costs you {own}",
                  "Posez un ouvrier ou passez : grâce à l'Auberge, un ouvrier vous coûte {own}"),
    "gate": ("Move your worker from the Gate to a free space, or leave it",
             "Déplacez votre ouvrier de la Porte vers une place libre, ou laissez-le"),
    "guild": ("Move the provost up to 3 spaces, free, or leave it",
              "Déplacez gratuitement le prévôt de 3 cases au plus, ou laissez-le"),
    "joust": ("Joust for a royal favour (1 denier + 1 cloth), or not",
              "Joutez pour une faveur royale (1 denier + 1 tissu), ou non"),
    "inn": ("Stay at the Inn (each worker then costs you 1 denier) or leave it",
            "Restez à l'Auberge (chaque ouvrier vous coûte alors 1 denier) ou quittez-la"),
    "bribe": ("Pay 1 denier a space to move the provost, up to 3 spaces, or leave it",
              "Payez 1 denier par case pour déplacer le prévôt de 3 cases au plus, ou "
              "laissez-le"),
    "produce": ("Choose what {the} gives you", "Choisissez ce que vous donne {the}"),
    "owner bonus": ("Another player used {the}, your building: choose your bonus",
                    "Un autre joueur a utilisé {the}, votre bâtiment : choisissez votre bonus"),
    "sell": ("Sell 1 cube for {price}, or nothing", "Vendez 1 cube pour {price}, ou rien"),
    "buy": ("Buy 1 cube for {price}, or nothing more",
            "Achetez 1 cube pour {price}, ou rien de plus"),
    "build": ("Build a {kind}{discount}, or nothing", "Construisez un {kind}{discount}, ou rien"),
    "exchange": ("Use {the}, or do nothing", "Utilisez {the}, ou ne faites rien"),
    "alchemist": ("Turn cubes into gold at {the}, or do nothing",
                  "Changez des cubes en or avec {the}, ou ne faites rien"),
    "lawyer": ("Choose a building to turn into a residence, or do nothing",
               "Choisissez un bâtiment à transformer en résidence, ou ne faites rien"),
    "castle": ("Deliver a batch to the castle (1 food + 2 other cubes, all different), or stop",
               "Livrez un lot au château (1 nourriture + 2 autres cubes, tous différents), ou "
               "arrêtez"),
    "favour": ("Choose a royal favour, on a track not used yet in this phase",
               "Choisissez une faveur royale, sur une piste pas encore utilisée dans cette phase"),
    "trade give": ("Choose the cube you give for the trade",
                   "Choisissez le cube que vous donnez pour l'échange"),
    "trade take": ("Choose the 2 cubes you take", "Choisissez les 2 cubes que vous prenez"),
}


def prompt(view: Mapping[str, Any], lang: str, names: Sequence[str]) -> str:
    """What the seat of ``view`` should do now, or "" when it is not to move."""
    seat = view.get("seat")
    pending = view.get("pending")
    if seat is None or view.get("over") or not pending or pending.get("seat") != seat:
        return ""
    fr = lang == _FR
    decision = pending["decision"]
    if decision == "place" and view["special"]["inn"][1] == seat:
        decision = "place-inn"
    template = _PROMPTS.get(decision)
    if template is None:
        return ""
    building = pending.get("building")
    the = _the(B.INDEX[building], lang) if building in B.INDEX else ""
    builds = pending.get("builds")
    discount = pending.get("discount")
    kind = B.KIND_WORDS[builds][fr].lower() if builds in B.KIND_WORDS else ""
    return template[fr].format(
        cost=_deniers(view.get("place_cost", 1)), own=_deniers(1), the=the,
        price=_deniers(pending.get("price", 0)), kind=kind,
        discount=(f", pour 1 {_cube(CUBE_OF[discount], lang)} de moins" if fr
                  else f", paying 1 {_cube(CUBE_OF[discount], lang)} less") if discount else "",
    )
