"""Typed amounts read the way the person meant them, in each of the four languages."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.rules.money import STYLES, AmountError, format_amount, format_number, parse_amount

LANGUAGES = sorted(STYLES)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("text", "minor"),
    [("2,50", 250), ("2,5", 250), ("2.50", 250), ("2.5", 250), ("-2,50", -250), ("0,75", 75)],
)
def test_a_mark_before_one_or_two_digits_is_the_decimal_mark_everywhere(language, text, minor):
    assert parse_amount(text, 2, STYLES[language]) == minor


@pytest.mark.parametrize(
    ("language", "text", "minor"),
    [
        ("en", "1,000", 100000),
        ("en", "1,234.50", 123450),
        ("en", "12,345,678", 1234567800),
        ("nl", "1.000", 100000),
        ("it", "1.234,50", 123450),
        ("es", "12.345.678", 1234567800),
    ],
)
def test_thousands_are_grouped_in_threes_the_language_s_way(language, text, minor):
    assert parse_amount(text, 2, STYLES[language]) == minor


@pytest.mark.parametrize("text", ["12,5000", "1,00,000", "2,5,0", "1.234,50"])
def test_a_comma_that_is_neither_grouping_nor_decimal_is_refused_in_english(text):
    with pytest.raises(AmountError) as refused:
        parse_amount(text, 2, STYLES["en"])
    assert refused.value.code == "not_amount"


def test_a_decimal_comma_in_a_whole_unit_league_is_not_a_whole_number():
    with pytest.raises(AmountError) as refused:
        parse_amount("2,5", 0, STYLES["en"])
    assert refused.value.code == "not_whole"


@given(
    whole=st.integers(min_value=0, max_value=10**9),
    fraction=st.integers(min_value=0, max_value=99),
    two=st.booleans(),
    language=st.sampled_from(LANGUAGES),
)
def test_a_decimal_comma_is_never_read_as_thousands(whole, fraction, two, language):
    """ "2,50" is 250 minor units in every language: never 25,000."""
    digits = f"{fraction:02d}" if two else str(fraction % 10)
    cents = fraction if two else (fraction % 10) * 10
    assert parse_amount(f"{whole},{digits}", 2, STYLES[language]) == whole * 100 + cents


@given(
    amount=st.integers(min_value=0, max_value=10**14),
    places=st.integers(min_value=0, max_value=3),
    language=st.sampled_from(LANGUAGES),
)
def test_an_amount_written_in_a_language_reads_back_in_that_language(amount, places, language):
    """Grouped as the board shows it ("1.234,50"), or with its sign ("€ 1.234,50")."""
    style = STYLES[language]
    assert parse_amount(format_number(amount, places, style), places, style) == amount
    for sign in ("$", "€"):
        assert (
            parse_amount(format_amount(amount, sign, places, style=style), places, style) == amount
        )
