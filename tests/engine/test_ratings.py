from donjon.arena.ratings import bradley_terry, pairwise, ratings_with_intervals


def test_bradley_terry_orders_by_strength_and_centres_on_zero():
    games = [(["a", "b"], [1, 2])] * 30 + [(["a", "b"], [2, 1])] * 10
    games += [(["b", "c"], [1, 2])] * 30 + [(["b", "c"], [2, 1])] * 10
    ratings = bradley_terry(*pairwise(games, ["a", "b", "c"]))
    assert ratings[0] > ratings[1] > ratings[2]
    assert abs(sum(ratings)) < 1e-6
    # 3:1 odds is about 191 Elo points.
    assert 150 < ratings[0] - ratings[1] < 200


def test_ties_are_draws_and_intervals_contain_the_fit():
    games = [(["a", "b", "c"], [1, 1, 3])] * 20
    wins, meets = pairwise(games, ["a", "b", "c"])
    assert wins[0][1] == wins[1][0] == 10
    for rating, low, high in ratings_with_intervals(games, ["a", "b", "c"], resamples=30):
        assert low - 1e-6 <= rating <= high + 1e-6
