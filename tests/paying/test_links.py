"""Each service's link format, as the service documents it, and the GiroCode read back."""

import io

import pytest
import zxingcpp
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from ledger.paying import clean_handle, currency_of, pay_options
from ledger.paying.links import decimal_text

HANDLES = [
    clean_handle("paypal", "ElmoFrog"),
    clean_handle("venmo", "@elmo-frog"),
    clean_handle("cashapp", "$elmofrog"),
    clean_handle("revolut", "elmofrog"),
    clean_handle("bizum", "612345678"),
    clean_handle("iban", "DE89370400440532013000", holder="Elmo Frog"),
]


def options(currency, amount=1250, places=2):
    found = pay_options(HANDLES, amount=amount, places=places, currency=currency, note="Tonk")
    return {o.handle.kind: o for o in found}


def test_dollars_go_by_paypal_venmo_cash_app_and_revolut():
    paid = options("USD")
    assert paid["paypal"].url == "https://paypal.me/ElmoFrog/12.50USD"
    assert (
        paid["venmo"].url
        == "https://venmo.com/?txn=pay&recipients=elmo-frog&amount=12.50&note=Tonk"
    )
    assert paid["cashapp"].url == "https://cash.app/$elmofrog/12.50"
    assert paid["revolut"].url == "https://revolut.me/elmofrog"
    assert [paid[k].amount_filled for k in ("paypal", "venmo", "cashapp", "revolut")] == [
        True,
        True,
        True,
        False,
    ]
    assert "bizum" not in paid  # euros only
    assert "iban" not in paid  # a dollar league's players have no IBAN to pay into


def test_pounds_go_by_bank_transfer_to_an_iban_with_no_girocode():
    paid = options("GBP")
    assert set(paid) == {"paypal", "revolut", "iban"}
    assert paid["iban"].copy == "DE89 3704 0044 0532 0130 00"
    assert paid["iban"].giro is None  # a GiroCode is a euro transfer


def test_euros_go_by_paypal_revolut_bizum_and_a_girocode():
    paid = options("EUR")
    assert set(paid) == {"paypal", "revolut", "bizum", "iban"}
    assert paid["paypal"].url == "https://paypal.me/ElmoFrog/12.50EUR"
    assert (paid["bizum"].url, paid["bizum"].copy) == ("", "612345678")
    assert paid["iban"].giro is not None


def test_no_currency_no_payment():
    assert options(None) == {}
    assert options("USD", amount=0) == {}


def test_the_girocode_reads_back_as_the_transfer():
    lines = read_giro(options("EUR", amount=123456)["iban"].giro)
    assert lines[:4] == ["BCD", "002", lines[2], "SCT"]  # service tag, version, charset, SEPA
    name, iban, amount = lines[5:8]
    assert (name, iban, amount) == ("Elmo Frog", "DE89370400440532013000", "EUR1234.56")
    assert lines[-1] == "Tonk"  # the remittance text: what the payment is for


@pytest.mark.parametrize(
    ("unit", "rate", "currency"),
    [
        ("$", 0, "USD"),
        ("€", 0, "EUR"),
        ("EUR", 0, "EUR"),
        ("gbp", 0, "GBP"),
        ("£", 0, "GBP"),
        ("CA$", 0, "CAD"),
        ("chips", 0, None),
        ("points", 0, None),
        ("points", 5, "USD"),
    ],
)
def test_the_currency_is_read_from_the_leagues_unit(unit, rate, currency):
    assert currency_of(unit, rate) == currency


@given(amount=st.integers(1, 10**12), places=st.integers(0, 3))
def test_every_link_carries_the_amount_exactly(amount, places):
    """No float anywhere: the text in the link is the minor units, point, places; an amount
    the services cannot take (a third decimal) is left for the payer to type, not rounded."""
    text = decimal_text(amount, places)
    whole, _, part = text.partition(".")
    assert int(whole + part) == amount
    assert len(part) == places
    paypal = options("USD", amount=amount, places=places)["paypal"]
    if places < 3:
        assert paypal.url.endswith(f"/{text}USD")
        assert paypal.amount_filled
    elif amount % 10 == 0:
        assert paypal.url.endswith(f"/{decimal_text(amount // 10, 2)}USD")
    else:
        assert paypal.url == "https://paypal.me/ElmoFrog"
        assert not paypal.amount_filled


def read_giro(giro) -> list[str]:
    png = io.BytesIO()
    giro.save(png, kind="png", scale=6)
    png.seek(0)
    (read,) = zxingcpp.read_barcodes(Image.open(png))
    return read.text.split("\n")


def test_a_third_decimal_is_never_rounded_into_a_link_or_code():
    owed = options("EUR", amount=1255, places=3)  # €1.255
    assert owed["paypal"].url == "https://paypal.me/ElmoFrog"
    assert not owed["paypal"].amount_filled
    assert owed["iban"].giro is None
    assert owed["iban"].copy
    even = options("EUR", amount=1250, places=3)  # €1.250 is €1.25 exactly
    assert even["paypal"].url == "https://paypal.me/ElmoFrog/1.25EUR"
    assert read_giro(even["iban"].giro)[7] == "EUR1.25"


def test_the_longest_greek_names_fit_the_girocodes_331_bytes():
    holder = "Κωνσταντίνος Παπαδόπουλος-Χατζηγεωργίου Μιχαήλ"[:48]
    league = "♠♥♦♣ Η μεγάλη βραδιά του Τονκ στο καφενείο της πλατείας " * 3  # noqa: RUF001
    iban = clean_handle("iban", "GR16 0110 1250 0000 0001 2300 695", holder=holder)
    (option,) = pay_options([iban], amount=1234, places=2, currency="EUR", note=league[:140])
    lines = read_giro(option.giro)
    assert lines[5:8] == [holder, "GR1601101250000000012300695", "EUR12.34"]
    assert lines[-1]
    assert league.startswith(lines[-1])
    assert len("\n".join(lines).encode()) <= 331
