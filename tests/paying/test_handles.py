"""Handles as people paste them from their apps, reduced to one form or refused."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ledger.paying import KINDS, HandleError, clean_handle


@pytest.mark.parametrize(
    ("kind", "typed", "value", "shown"),
    [
        ("paypal", "paypal.me/ElmoFrog", "ElmoFrog", "paypal.me/ElmoFrog"),
        ("paypal", "https://www.paypal.me/ElmoFrog/", "ElmoFrog", "paypal.me/ElmoFrog"),
        ("paypal", "https://www.paypal.com/paypalme/ElmoFrog", "ElmoFrog", "paypal.me/ElmoFrog"),
        ("paypal", "@ElmoFrog", "ElmoFrog", "paypal.me/ElmoFrog"),
        ("venmo", "@Elmo-Frog", "elmo-frog", "@elmo-frog"),
        ("venmo", "https://venmo.com/u/Elmo_Frog", "elmo_frog", "@elmo_frog"),
        ("venmo", "account.venmo.com/u/elmofrog", "elmofrog", "@elmofrog"),
        ("cashapp", "$ElmoFrog", "elmofrog", "$elmofrog"),
        ("cashapp", "https://cash.app/$elmo_frog", "elmo_frog", "$elmo_frog"),
        ("revolut", "revolut.me/elmofrog", "elmofrog", "@elmofrog"),
        ("revolut", "@ElmoFrog", "elmofrog", "@elmofrog"),
        ("bizum", "612 34 56 78", "+34612345678", "+34 612 34 56 78"),
        ("bizum", "+34 712-345-678", "+34712345678", "+34 712 34 56 78"),
        ("bizum", "0034612345678", "+34612345678", "+34 612 34 56 78"),
        (
            "iban",
            "de89 3704 0044 0532 0130 00",
            "DE89370400440532013000",
            "DE89 3704 0044 0532 0130 00",
        ),
        ("iban", "NL91ABNA0417164300", "NL91ABNA0417164300", "NL91 ABNA 0417 1643 00"),
    ],
)
def test_what_people_paste_becomes_the_handle(kind, typed, value, shown):
    handle = clean_handle(kind, typed, holder="Elmo Frog")
    assert (handle.value, handle.shown) == (value, shown)


@pytest.mark.parametrize(
    ("kind", "typed", "code"),
    [
        ("paypal", "paypal.me/elmo.frog", "paypal"),
        ("paypal", "a" * 21, "paypal"),
        ("venmo", "@elmo", "venmo"),  # under 5 characters
        ("venmo", "@elmo frog", "venmo"),
        ("cashapp", "$12345", "cashapp"),  # a $Cashtag needs a letter
        ("cashapp", "$" + "a" * 21, "cashapp"),
        ("revolut", "revolut.me/e", "revolut"),
        ("bizum", "512 34 56 78", "bizum"),  # a landline
        ("bizum", "+44 7700 900123", "bizum"),
        ("bizum", "61234567", "bizum"),
        ("iban", "DE89 3704 0044 0532 0130 01", "iban"),  # one digit off
        ("iban", "XX89 3704 0044 0532 0130 00", "iban"),
        ("iban", "DE89 3704", "iban"),
    ],
)
def test_a_malformed_handle_is_refused_with_its_reason(kind, typed, code):
    with pytest.raises(HandleError) as refused:
        clean_handle(kind, typed, holder="Elmo Frog")
    assert refused.value.code == code
    assert repr(typed.strip()) in str(refused.value)


def test_an_iban_needs_a_holder_the_qr_code_can_carry():
    iban = "DE89 3704 0044 0532 0130 00"
    with pytest.raises(HandleError, match="needs the account holder"):
        clean_handle("iban", iban, holder="  ")
    with pytest.raises(HandleError, match="at most 70 characters"):
        clean_handle("iban", iban, holder="E" * 71)
    assert clean_handle("iban", iban, holder=" Elmo   Frog ").holder == "Elmo Frog"


@given(kind=st.sampled_from([k for k in KINDS if k != "iban"]), text=st.text(max_size=40))
def test_a_handle_shown_is_read_back_as_itself(kind, text):
    """Whatever is accepted shows in a form that is accepted again as the same handle (the
    page fills its boxes with ``shown``), and anything else is a HandleError, never a crash."""
    try:
        handle = clean_handle(kind, text)
    except HandleError:
        return
    assert clean_handle(kind, handle.shown) == handle
    assert handle.value.isascii()
    assert " " not in handle.value
