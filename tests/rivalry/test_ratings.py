from hypothesis import given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from ledger.rivalry import PROVISIONAL_NIGHTS, RatedNight, rate_nights

night_nets = st.dictionaries(
    st.integers(min_value=1, max_value=8), st.integers(min_value=-900, max_value=900), max_size=6
)
histories = st.lists(night_nets, max_size=25)


def openskill_directly(nights: list[dict[int, int]]) -> dict[int, tuple[float, float, int]]:
    """The same nights through openskill's own objects, kept by name: no code of ours."""
    model = PlackettLuce()
    ratings, played = {}, {}
    for nets in nights:
        if len(nets) < 2:
            continue
        names = sorted(nets)
        teams = [[ratings.get(n) or model.rating(name=str(n))] for n in names]
        for name, (rating,) in zip(
            names, model.rate(teams, scores=[nets[n] for n in names]), strict=True
        ):
            ratings[name] = rating
            played[name] = played.get(name, 0) + 1
    return {n: (r.mu, r.sigma, played[n]) for n, r in ratings.items()}


@settings(max_examples=60)
@given(histories)
def test_ratings_equal_openskill_run_directly(nights):
    ours = rate_nights(RatedNight(i, nets) for i, nets in enumerate(nights, 1))
    assert {p: (r.mu, r.sigma, r.nights) for p, r in ours.items()} == openskill_directly(nights)


@settings(max_examples=60)
@given(histories, st.integers(min_value=0, max_value=25))
def test_rating_in_two_steps_is_rating_at_once(nights, split):
    """What closing nights one by one stores is what rating them all again gives."""
    rated = [RatedNight(i, nets) for i, nets in enumerate(nights, 1)]
    at_once = rate_nights(rated)
    assert rate_nights(rated[split:], rate_nights(rated[:split])) == at_once


def test_a_winner_rises_and_equal_nets_tie():
    after = rate_nights([RatedNight(1, {1: 500, 2: -500})])
    assert after[1].mu > 25 > after[2].mu
    level = rate_nights([RatedNight(1, {1: 0, 2: 0})])
    assert level[1].mu == level[2].mu == 25
    assert level[1].provisional
    assert level[1].ordinal < after[1].ordinal


def test_a_rating_settles_after_enough_nights_and_one_player_rates_nobody():
    nights = [RatedNight(i, {1: 10, 2: -10}) for i in range(PROVISIONAL_NIGHTS)]
    after = rate_nights([RatedNight(99, {1: 10}), *nights])
    assert after[1].nights == PROVISIONAL_NIGHTS
    assert not after[1].provisional
    assert after[1].night == PROVISIONAL_NIGHTS - 1
