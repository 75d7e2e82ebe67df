from hypothesis import given
from hypothesis import strategies as st

from ledger.rivalry import streaks

nets = st.lists(st.integers(min_value=-500, max_value=500), max_size=60)


def runs(values: list[int], won: bool) -> list[int]:
    """Lengths of the runs of nights won (or lost), by splitting the list by hand."""
    found, length = [], 0
    for net in values:
        if (net > 0) if won else (net < 0):
            length += 1
        else:
            found.append(length)
            length = 0
    return [*found, length]


def test_constructed_histories():
    assert streaks([]) == streaks([0, 0])
    assert (streaks([]).longest_won, streaks([]).current) == (0, 0)
    history = streaks([300, 100, 50, -20, 40, 0, -5, -5, -5, -5, 10])
    assert (history.longest_won, history.longest_lost, history.current) == (3, 4, 1)
    assert streaks([10, -10, -10]).current == -2
    assert streaks([10, 10, 0]).current == 0  # a level night ends the run


@given(nets)
def test_streaks_are_the_longest_runs(values):
    found = streaks(values)
    assert found.longest_won == max(runs(values, won=True))
    assert found.longest_lost == max(runs(values, won=False))
    current = runs(values, won=True)[-1] or -runs(values, won=False)[-1]
    assert found.current == current


@given(nets)
def test_a_streak_seen_from_the_other_side_is_its_mirror(values):
    mirrored = streaks([-v for v in values])
    found = streaks(values)
    assert (mirrored.longest_won, mirrored.longest_lost) == (found.longest_lost, found.longest_won)
    assert mirrored.current == -found.current


@given(nets)
def test_each_longest_run_lies_where_its_span_says(values):
    found = streaks(values)
    for length, span, won in (
        (found.longest_won, found.won_span, True),
        (found.longest_lost, found.lost_span, False),
    ):
        if not length:
            assert span is None
            continue
        first, last = span
        assert last - first + 1 == length
        assert all((v > 0) if won else (v < 0) for v in values[first : last + 1])
        before = values[first - 1] if first else 0
        assert not ((before > 0) if won else (before < 0))  # it starts where the run starts
