"""Reading numbers and JSON from requests: ASCII digits only, bounded, never a crash."""

import contextlib

import pytest
from django.core.exceptions import ValidationError
from hypothesis import given
from hypothesis import strategies as st

from ledger.errors import LedgerError
from ledger.rules import RulesError
from ledger.rules.money import AmountError, parse_amount
from ledger.web.forms.leagues import LeagueForm
from ledger.web.inputs import MAX_ID, JsonInputError, WholeNumberField, parse_id, parse_json

NOT_IDS = ["", "0", "-1", "²", "①", "\uff11\uff12", "\u0663", "1.0", " 1", "1e3", "9" * 5000]


@pytest.mark.parametrize("text", NOT_IDS)
def test_only_plain_digits_in_range_are_ids(text):
    assert parse_id(text) is None


def test_ids_reach_the_databases_limit_and_no_further():
    assert parse_id(str(MAX_ID)) == MAX_ID
    assert parse_id(str(MAX_ID + 1)) is None


@given(st.text())
def test_any_text_is_an_id_or_none(text):
    value = parse_id(text)
    assert value is None or (text.isascii() and text.isdigit() and 1 <= value <= MAX_ID)


def count_field() -> WholeNumberField:
    return WholeNumberField(label="Elmo's count", min_value=0, max_value=200)


@pytest.mark.parametrize("text", ["²", "\uff11\uff12", "\u0663", "7.5", "-5", "201", "9" * 5000])
def test_a_count_refuses_what_is_not_a_count_and_names_itself(text):
    with pytest.raises(ValidationError) as refused:
        count_field().clean(text)
    assert refused.value.messages == ["Elmo's count: a whole number from 0 to 200"]


@given(st.text(max_size=30))
def test_a_count_is_a_bounded_int_or_a_refusal(text):
    try:
        value = count_field().clean(text)
    except ValidationError:
        return
    assert isinstance(value, int)
    assert 0 <= value <= 200


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("[" * 50_000 + "]" * 50_000, "longer than 2,000 characters"),
        ("[[[[1]]]]", "nested more than 3 deep"),
        ('[{"min": ' + "9" * 5000 + "}]", "longer than"),
        ('[{"min": ' + "9" * 100 + "}]", "more than 15 digits"),
        ('[{"min": 1e999}]', "1e999"),
        ('[{"min": NaN}]', "NaN"),
        ("[{", "not valid JSON"),
    ],
)
def test_json_from_a_form_is_refused_before_it_can_hurt(text, problem):
    with pytest.raises(JsonInputError, match=problem):
        parse_json(text, max_chars=2000, max_depth=3)


def test_brackets_inside_strings_are_not_nesting():
    assert parse_json('[{"name": "[[[[["}]', max_chars=100, max_depth=2) == [{"name": "[[[[["}]


@given(st.text(max_size=200))
def test_any_text_is_json_or_a_refusal(text):
    """Nothing but ``JsonInputError`` escapes (a RecursionError or ValueError would)."""
    with contextlib.suppress(JsonInputError):
        parse_json(text, max_chars=100, max_depth=3)


@pytest.mark.parametrize(
    ("text", "code"),
    [("9" * 5000, "too_big"), ("1e999999999", "not_amount"), ("\u0663", "not_amount")],
)
def test_an_amount_is_plain_digits_of_a_sane_size(text, code):
    with pytest.raises(AmountError) as refused:
        parse_amount(text, 2)
    assert refused.value.code == code
    assert len(str(refused.value)) < 80


@given(st.text(max_size=40))
def test_any_text_is_an_amount_or_a_refusal(text):
    try:
        amount = parse_amount(text, 2)
    except AmountError:
        return
    assert isinstance(amount, int)
    assert abs(amount) < 10**18


def test_errors_quote_huge_input_briefly():
    huge = 10**5000  # repr() of it raises
    assert "digits" in str(LedgerError("stake_invalid", value=huge, high="1"))
    assert len(str(RulesError("method_invalid", value="x" * 10_000))) < 150


def test_a_refused_choice_is_not_quoted_back():
    form = LeagueForm({"name": "X", "unit": "$", "decimal_places": "2", "preset": "x" * 10_000})
    assert not form.is_valid()
    assert form.errors["preset"] == [
        "Select a valid choice. That choice is not one of the available choices."
    ]


@pytest.mark.parametrize(("text", "value"), [("+3", 3), ("3.0", 3), (" 7 ", 7), ("0", 0)])
def test_a_count_takes_what_a_keyboard_sends(text, value):
    assert count_field().clean(text) == value
