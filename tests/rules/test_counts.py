import pytest

from ledger.rules.counts import deck_values, reachable_counts


def test_the_standard_deck_deals_6_to_50():
    deal, play = reachable_counts("52", 5, "ten", 0)
    assert deal == frozenset(range(6, 51))
    assert play == frozenset(range(1, 51))


def test_the_40_card_deck_cannot_deal_48_or_49():
    deal, play = reachable_counts("40", 5, "ten", 0)
    assert {48, 49}.isdisjoint(deal)
    assert {47, 50} <= deal
    assert 49 not in play  # four tens and a nine: there are no nines


def test_deck_values_count_every_card():
    assert sum(deck_values("52", "ten", 0).values()) == 52
    assert sum(deck_values("40", "rank", 3).values()) == 43
    assert deck_values("40", "ten", 0)[10] == 12  # J, Q, K only


@pytest.mark.parametrize(
    ("deck", "hand_size", "faces", "jokers", "lowest", "highest"),
    [
        ("52", 5, "ten", 2, 3, 50),  # two jokers and three aces
        ("52", 5, "rank", 0, 6, 64),  # K K K K Q
        ("52", 7, "ten", 0, 4 + 2 + 2 + 2, 70),  # A A A A 2 2 2
        ("52", 7, "rank", 4, 3, 13 * 4 + 12 * 3),
        ("40", 5, "rank", 0, 6, 13 * 4 + 12),
    ],
)
def test_deal_count_bounds(deck, hand_size, faces, jokers, lowest, highest):
    deal, _ = reachable_counts(deck, hand_size, faces, jokers)
    assert (min(deal), max(deal)) == (lowest, highest)


def test_with_jokers_a_single_joker_is_a_play_count_of_zero():
    _, play = reachable_counts("52", 5, "ten", 1)
    assert 0 in play
    assert 0 not in reachable_counts("52", 5, "ten", 0)[1]
