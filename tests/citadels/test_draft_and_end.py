"""Character selection (§3.2–§3.4) and the end of the game, scoring and tie-break (§5)."""

from __future__ import annotations

import pytest

from donjon.games.citadels.cards import RANK
from donjon.games.citadels.determinize import draft_consistent
from donjon.games.citadels.state import DRAFT, TURN
from tests.citadels.scenario import GAME, C, do, new, restart_round, setup_seat, texts, turn


def _draft_sizes(st):
    """Play the draft with first choices; return the number of options each decision had."""
    sizes = []
    while st.phase == DRAFT:
        seat = st.to_move()[0]
        options = texts(st, seat)
        sizes.append((seat, len(options), options[0].split()[0]))
        st.apply(seat, options[0])
    return sizes


@pytest.mark.parametrize("seed", range(30))
def test_s3_2_rank4_is_never_face_up(seed):
    """§3.2: a rank 4 drawn face up is replaced and shuffled back."""
    st = GAME.new_game(4, seed=seed)
    assert len(st.faceup) == 2 and all(RANK[c] != 4 for c in st.faceup)


def test_s3_2_four_players_two_face_up_one_face_down():
    """§3.2 table: 4 players, 8 characters: 2 face up, 1 face down, 1 left over face down."""
    st = new(4)
    restart_round(st, crown=2)
    assert len(st.faceup) == 2 and len(st.facedown) == 1
    sizes = _draft_sizes(st)
    assert [(s, n) for s, n, _ in sizes] == [(2, 5), (3, 4), (0, 3), (1, 2)]
    assert len(st.facedown) == 2 and sum(map(len, st.characters)) + sum(map(len, st.revealed)) == 4
    st = new(4, rank9="yes")
    assert len(st.cast) == 9 and len(st.faceup) == 3


def test_s3_2_five_and_six_players_face_up_counts():
    """§3.2 table: 5 players 1 face up, 6 players none (8 characters)."""
    assert len(new(5).faceup) == 1 and len(new(6).faceup) == 0
    assert len(new(5, rank9="yes").faceup) == 2 and len(new(6, rank9="yes").faceup) == 1


def test_s3_2_seven_players_last_player_takes_the_face_down_card():
    """§3.2 7th-player rule (seed 003): the last player gets 1 card plus the face-down one,
    keeps one, discards the other face down (and knows it)."""
    st = new(7)
    restart_round(st, crown=0)
    sizes = _draft_sizes(st)
    assert [n for _, n, _ in sizes] == [7, 6, 5, 4, 3, 2, 2]
    assert len(st.facedown) == 1 and st.facedown_seen_by[0] == 1 << 6
    assert st.view(6)["facedown_known"] and not st.view(5)["facedown_known"]
    st = new(7, rank9="yes")  # 9 characters: the 7th simply gets 2 cards
    restart_round(st, crown=0)
    assert [n for _, n, _ in _draft_sizes(st)] == [8, 7, 6, 5, 4, 3, 2]


def test_s3_2_eight_players_use_nine_characters_and_the_last_player_rule():
    """§3.2: 8 players need a rank 9; the 8th player picks from 1 card + the face-down one."""
    st = new(8)
    assert len(st.cast) == 9 and len(st.faceup) == 0
    restart_round(st, crown=3)
    sizes = _draft_sizes(st)
    assert [n for _, n, _ in sizes] == [8, 7, 6, 5, 4, 3, 2, 2]
    assert sizes[-1][0] == 2


def test_s3_3_two_players_draft_two_characters_each():
    """§3.3: A keeps 1 of 7; B keeps 1, discards 1; A keeps 1, discards 1; B keeps 1 of 2."""
    st = new(2)
    assert len(st.cast) == 8
    restart_round(st, crown=1)
    sizes = _draft_sizes(st)
    assert sizes == [(1, 7, "pick"), (0, 6, "pick"), (0, 5, "discard"), (1, 4, "pick"),
                     (1, 3, "discard"), (0, 2, "pick")]
    assert [len(c) + len(p) for c, p in zip(st.characters, st.revealed, strict=True)] == [2, 2]
    assert len(st.facedown) == 4
    assert st.facedown_seen_by[0] == 1 << 1  # A saw 7 of the 8 cards


def test_s3_4_three_players_draft_two_each_with_a_random_discard():
    """§3.4: rank 9 required (no Queen); 8→7→6 picks, a random face-down discard, then 4→3→2."""
    st = new(3)
    assert len(st.cast) == 9 and C("Queen") not in st.cast
    restart_round(st, crown=0)
    sizes = _draft_sizes(st)
    assert [(s, n) for s, n, _ in sizes] == [(0, 8), (1, 7), (2, 6), (0, 4), (1, 3), (2, 2)]
    assert len(st.facedown) == 3
    with pytest.raises(ValueError, match="Queen"):
        new(3, "Queen")


def test_s3_5_two_player_seat_plays_both_characters():
    """§3.5: with 2 players each character takes its own turn, with its own limit."""
    st = new(2)
    restart_round(st, crown=0)
    _draft_sizes(st)
    seen = []
    current = st.round
    while st.round == current:
        seat = st.to_move()[0]
        if st.phase == TURN and st.view(None)["pending"] is None and st.turn_character not in [c for c, _ in seen]:
            seen.append((st.turn_character, seat))
        options = texts(st, seat)
        pick = next((t for t in options if t == "take gold"), None) or \
            next((t for t in options if t == "end turn"), options[0])
        st.apply(seat, pick)
    counts = {}
    for _, seat in seen:
        counts[seat] = counts.get(seat, 0) + 1
    assert sum(counts.values()) >= 3  # up to 4 turns (a killed character skips)


def test_s5_completing_a_city_ends_the_game_after_the_round():
    """§5: the round is finished after the first city reaches 7, then the game ends;
    +4 for the first, +2 for another completed city."""
    st = new(4)
    names = ["Manor", "Castle", "Palace", "Temple", "Church", "Monastery"]
    setup_seat(st, 0, city=names, hand=["Tavern"], gold=5)
    setup_seat(st, 1, city=["Market", "Trading Post", "Docks", "Harbor", "Town Hall", "Prison"],
               hand=["Watchtower"], gold=5)
    turn(st, 0, "Bishop", {1: "Merchant"})
    do(st, "take gold", "build Tavern", "end turn")
    assert st.last_round and st.first_complete == 0 and not st.is_over()
    do(st, "take gold", "build Watchtower", "end turn")
    assert st.is_over()
    r = st.result()
    assert r.details["breakdown"][0]["first_complete"] == 4
    assert r.details["breakdown"][1]["complete"] == 2
    assert r.scores[0] == 3 + 4 + 5 + 1 + 2 + 3 + 1 + 4


def test_s5_two_and_three_players_complete_at_eight():
    """§3.5 / §5: with 2–3 players a city is complete at 8 districts."""
    st = new(2)
    assert st.complete_at == 8 and new(3).complete_at == 8 and new(4).complete_at == 7
    setup_seat(st, 0, city=["Manor", "Castle", "Palace", "Temple", "Church", "Monastery", "Tavern"])
    assert not st.complete(0)


def test_s5_five_types_bonus():
    """§5: +3 with at least one district of each of the five types."""
    st = new(4)
    setup_seat(st, 0, city=["Manor", "Temple", "Tavern", "Prison", "Keep"])
    assert st.score(0) == (3 + 1 + 1 + 2 + 3 + 3, {"districts": 10, "five_types": 3})
    setup_seat(st, 0, city=["Manor", "Temple", "Tavern", "Prison"])
    assert st.score(0)[0] == 7


def test_s5_tie_break_highest_revealed_rank_killed_does_not_count():
    """§5 / seed 003: ties go to the highest character revealed in the last round; an
    assassinated character is not revealed."""
    st = new(4)
    setup_seat(st, 0, city=["Manor", "Castle", "Palace", "Temple", "Church", "Monastery"],
               hand=["Tavern"], gold=1)
    setup_seat(st, 2, city=["Manor", "Castle", "Palace", "Barracks", "Church", "Monastery"],
               hand=["Tavern"], gold=1)
    st.killed = C("Warlord")
    turn(st, 0, "Bishop", {2: "Architect", 3: "Warlord", 1: "Merchant"})
    do(st, "take gold", "build Tavern", "end turn")
    do(st, "take gold", "end turn")  # Merchant
    do(st, "take gold", "build Tavern", "end turn")  # Architect; the Warlord is killed
    assert st.is_over()
    r = st.result()
    assert r.scores[0] == r.scores[2]
    assert r.ranks[2] == 1 and r.ranks[0] == 2
    assert st.highest_revealed_rank[3] == 0 and r.details["last_round_rank"][2] == 7


def test_options_validate_casts_and_uniques():
    """§2.4 presets and explicit casts; §1.5 explicit unique lists."""
    st = new(5, characters="illustrious-emissaries", districts="illustrious-emissaries")
    assert [RANK[c] for c in st.cast] == list(range(1, 9))
    st = new(8, characters="ambitious-aristocrats")
    assert C("Queen") in st.cast
    with pytest.raises(ValueError, match="rank"):
        GAME.new_game(4, seed=1, characters="Assassin, Thief")
    with pytest.raises(ValueError, match="14"):
        GAME.new_game(4, seed=1, districts="Keep, Library")
    st = GAME.new_game(6, seed=3, characters="random", rank9="yes")
    assert [RANK[c] for c in st.cast] == list(range(1, 10))


@pytest.mark.parametrize("preset", ["random", "ambitious-aristocrats", "cunning-agents",
                                    "illustrious-emissaries", "devious-dignitaries",
                                    "tenacious-delegates", "vicious-nobles"])
def test_s2_4_every_preset_plays_to_the_end(preset):
    """§2.4: random games with each preset (and its uniques) end, for 2, 5 and 8 players."""
    import random

    for players in (2, 5, 8):
        st = GAME.new_game(players, seed=11, characters=preset,
                           districts=preset if preset != "random" else "random", rank9="yes")
        rng = random.Random(players)
        for _ in range(20000):
            if st.is_over():
                break
            seat = st.to_move()[0]
            legal = st.legal_actions(seat)
            st.apply(seat, legal[rng.randrange(len(legal))])
        assert st.is_over()


def test_s4_7_determinization_keeps_called_characters_out_of_hands():
    """§4.7: a rank already called that nobody revealed (and not killed) is face down."""
    import random

    st = new(5)
    turn(st, 0, "Merchant", {1: "Architect", 2: "Warlord"})
    st.facedown = [C("Thief"), C("Assassin")]
    st.facedown_seen_by = [0, 0]
    for k in range(20):
        other = st.determinize(4, random.Random(k))
        held = {c for s in range(5) if s != 4 for c in other.characters[s]}
        assert C("Thief") not in held and C("Assassin") not in held


def test_s4_7_determinization_respects_what_a_seat_saw_in_the_draft():
    """§4.7: each player knows which characters passed through his hands: in a determinization
    the earlier choosers hold none of them and the later ones chose among them."""
    import random

    st = GAME.new_game(6, seed=9)
    rng = random.Random(1)
    while st.phase == DRAFT:
        seat = st.to_move()[0]
        legal = st.legal_actions(seat)
        st.apply(seat, legal[rng.randrange(len(legal))])
    first = st.draft_steps[0][0]
    middle = (first + 2) % 6
    seen = st.draft_seen[middle]
    for k in range(10):
        world = st.determinize(middle, random.Random(k))
        assert draft_consistent(world, middle)
        for other in range(6):
            if other == middle:
                continue
            held = world.characters[other] + world.revealed[other]
            later = (other - first) % 6 > 2
            assert all(bool(seen >> c & 1) == later for c in held), (other, held)
