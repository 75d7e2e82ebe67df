from hypothesis import given
from hypothesis import strategies as st

from ledger.rivalry import MIN_DROPS, drop_figures


@st.composite
def drop_rows(draw):
    count = draw(st.integers(min_value=0, max_value=50))
    won = draw(st.integers(min_value=0, max_value=30))
    caught = draw(st.integers(min_value=0, max_value=30))
    drawn = draw(st.integers(min_value=0, max_value=3))
    return count, won + caught + drawn, won, caught


@given(st.lists(drop_rows(), max_size=30))
def test_figures_add_up_by_count(rows):
    figures = drop_figures(rows)
    assert [f.count for f in figures] == sorted({count for count, drops, *_ in rows if drops})
    for f in figures:
        same = [r for r in rows if r[0] == f.count]
        assert (f.drops, f.won, f.caught) == tuple(sum(r[i] for r in same) for i in (1, 2, 3))
        assert f.won + f.caught <= f.drops
        if f.drops < MIN_DROPS:
            assert f.won_percent is None
            assert f.caught_percent is None
        else:
            assert 0 <= f.won_percent <= 100
            assert abs(f.won_percent * f.drops - 100 * f.won) * 2 <= f.drops


def test_too_few_drops_show_no_share():
    (few,) = drop_figures([(4, MIN_DROPS - 1, MIN_DROPS - 1, 0)])
    assert not few.shown
    assert few.won_percent is None
    (enough,) = drop_figures([(9, 12, 11, 1)])
    assert (enough.won_percent, enough.caught_percent) == (92, 8)
