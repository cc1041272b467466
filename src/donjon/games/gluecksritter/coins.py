"""Money: coins drawn blind from the bag, gains under the coin cap, payments with change
(rules reference §2, §3, §8 A3–A5, A7).

The bag is the only bank: what is drawn comes out of it, and (by default) what is paid goes
into it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from donjon.games.gluecksritter.data import (
    COIN_CAP,
    COIN_NAMES,
    GOLD,
    MOST_COUNTED,
    SILVER,
    coin_amounts,
)

if TYPE_CHECKING:
    from donjon.games.gluecksritter.state import GluecksritterState

#: silver -> gold -> the words ``data.coin_amounts`` gives those coins, made once: the hot
#: paths put this very list in their events (events are never changed once emitted, see
#: ``choice.CHOSEN``) rather than join two tuples of words into a new list (issue #14:
#: compiled, a list display with ``*`` is a list made and extended twice;
#: ``tests/gluecksritter/test_speed.py`` checks it against ``coin_amounts``)
COIN_WORDS: Final[tuple[tuple[list[str], ...], ...]] = tuple(
    tuple(coin_amounts(silver, gold) for gold in range(MOST_COUNTED + 1))
    for silver in range(MOST_COUNTED + 1)
)


def draw_coins(state: GluecksritterState, count: int) -> tuple[int, int]:
    """Draw up to ``count`` coins blind from the bag: (silver, gold). A bag holding fewer gives
    what it has, or nothing with ``short_bag=nothing`` (§8 A7)."""
    bag = state.bag
    in_bag_silver, in_bag_gold = bag
    left = in_bag_silver + in_bag_gold
    if left < count and state.rules.short_bag_gives_nothing:
        return 0, 0
    rng = state.rng  # drawing makes the move final (the property sets the undo barrier)
    # Hot path (issue #14): the bag's counts stay in locals and are written back once; the
    # loop only counts the silver left, and counts down the coins left. Each coin is one
    # ``random()`` compared with the silver share of what is left, as it always was, so the
    # generator is drawn from in the same order.
    random = rng.random
    drawn = count if count < left else left
    silver_left = in_bag_silver
    for coins_left in range(left, left - drawn, -1):
        if random() * coins_left < silver_left:
            silver_left -= 1
    silver = in_bag_silver - silver_left
    gold = drawn - silver
    bag[SILVER] = silver_left
    bag[GOLD] = in_bag_gold - gold
    return silver, gold


def gain(state: GluecksritterState, seat: int, silver: int, gold: int) -> None:
    """A seat receives coins, then the coin cap applies at once (§3, §8 A3)."""
    if silver:
        silver += state.silver[seat]
        if silver >= COIN_CAP:
            back = cap_return(state, silver)
            silver -= back
            state.bag[SILVER] += back
            state.events.append(  # hot: written as ``emit`` would, without the call
                ("cap", (seat, COIN_NAMES[SILVER], back)))
        state.silver[seat] = silver
    if gold:
        gold += state.gold[seat]
        if gold >= COIN_CAP:
            back = cap_return(state, gold)
            gold -= back
            state.bag[GOLD] += back
            state.events.append(
                ("cap", (seat, COIN_NAMES[GOLD], back)))
        state.gold[seat] = gold


def cap_return(state: GluecksritterState, count: int) -> int:
    """How many of ``count`` coins of one kind go back: half (§8 A3 rounds it), and half again
    while 8 or more remain (15 → 8 → 4) unless ``coin_cap_repeats`` is off (§3)."""
    rules = state.rules
    larger = rules.cap_keeps_larger_half
    back = 0
    while count >= COIN_CAP:
        half = count // 2 if larger else (count + 1) // 2
        back += half
        count -= half
        if not rules.cap_repeats:
            break
    return back


def pay(state: GluecksritterState, seat: int, price: int, to: int = -1) -> None:
    """Pay ``price``, gold first: to seat ``to``, else where spent money goes (§8 A4: the bag,
    or the tax collector's field). A gold coin pays an odd last ducat when no silver is left;
    the bag gives a silver back if it has one and makes change (§8 A5), else the seat
    overpays."""
    silver, gold = state.silver[seat], state.gold[seat]
    g = min(gold, price // 2)
    s = price - 2 * g
    change = 0
    if s > silver:  # only one ducat short, no silver: pay a gold coin for it
        g += 1
        s = 0
        if state.bag[SILVER] and state.rules.bag_gives_change:
            change = 1
    state.silver[seat] = silver - s + change
    state.gold[seat] = gold - g
    # ``x[i] = x[i] + n``, not ``x[i] += n`` (``GluecksritterState._new_round``)
    bag = state.bag
    bag[SILVER] = bag[SILVER] - change
    if to >= 0:
        gain(state, to, s, g)
    elif state.rules.spent_to_bag:
        bag[SILVER] = bag[SILVER] + s
        bag[GOLD] = bag[GOLD] + g
    else:  # onto the tax collector, for whoever takes field 5 next
        field = state.field
        field[0] = field[0] + s
        field[1] = field[1] + g
