"""One payment of a settle-up plan, as the links and codes that make it.

Each service's public link format, as the service documents it for people sharing it:

- PayPal.me: ``https://paypal.me/NAME/12.50EUR`` opens PayPal with the amount and currency.
- Venmo: ``https://venmo.com/?txn=pay&recipients=NAME&amount=12.50&note=...`` opens the
  app (or the site) on a payment to NAME with the amount and the note filled in.
- Cash App: ``https://cash.app/$TAG/12.50`` opens a payment of that many dollars.
- Revolut: ``https://revolut.me/NAME`` opens the profile; the payer types the amount.
- Bizum has no link (it lives inside each Spanish bank's app): the number is copied.
- An IBAN gets the EPC "GiroCode" QR code that banking apps scan (euros only) and the IBAN
  to copy.
"""

from dataclasses import dataclass
from decimal import Decimal
from urllib.parse import urlencode

import segno
import segno.helpers

from ledger.paying.handles import PAYPAL_CURRENCIES, REVOLUT_CURRENCIES, Handle

# Signs a league's unit may be written with, and the currency each means here. A "$" table
# is taken to play in US dollars; one in Canada writes "CA$" or "CAD".
SIGNS = {
    "$": "USD",
    "US$": "USD",
    "€": "EUR",
    "£": "GBP",
    "CA$": "CAD",
    "C$": "CAD",
    "A$": "AUD",
    "AU$": "AUD",
    "NZ$": "NZD",
    "¥": "JPY",
    "zł": "PLN",
    "R$": "BRL",
    "MX$": "MXN",
    "Fr.": "CHF",
}
CODES = PAYPAL_CURRENCIES | REVOLUT_CURRENCIES


def currency_of(unit: str, points_rate: int = 0) -> str | None:
    """The ISO 4217 currency a league's amounts are paid in; None for chips or bare points.
    A points league pays its points in cents at its rate, in dollars (as its pages show)."""
    if points_rate:
        return "USD"
    unit = unit.strip()
    return SIGNS.get(unit) or (unit.upper() if unit.upper() in CODES else None)


@dataclass(frozen=True)
class PayOption:
    """One way to pay the payee: ``url`` opens the service (empty where it has none),
    ``copy`` is what the payer copies, ``giro`` the GiroCode's QR (an IBAN, in euros)."""

    handle: Handle
    url: str
    amount_filled: bool
    copy: str
    giro: segno.QRCode | None = None


def decimal_text(amount: int, places: int) -> str:
    """``1250, 2`` -> ``"12.50"``: the amount as every link format writes it."""
    sign = "-" if amount < 0 else ""
    whole, part = divmod(abs(amount), 10**places)
    return f"{sign}{whole}.{part:0{places}d}" if places else f"{sign}{whole}"


def pay_options(
    handles: list[Handle], *, amount: int, places: int, currency: str | None, note: str
) -> list[PayOption]:
    """The ways to pay ``amount`` (in the minor unit, ``places`` decimals) to the player
    with these ``handles``; none for a service that cannot send ``currency``."""
    if currency is None or amount <= 0:
        return []
    text = decimal_text(amount, places)
    options = []
    for handle in handles:
        accepted = handle.service.currencies
        if accepted and currency not in accepted:
            continue
        options.append(_option(handle, text, currency, note))
    return options


def _option(handle: Handle, amount: str, currency: str, note: str) -> PayOption:
    name = handle.value
    if handle.kind == "paypal":
        return PayOption(handle, f"https://paypal.me/{name}/{amount}{currency}", True, "")
    if handle.kind == "venmo":
        query = urlencode({"txn": "pay", "recipients": name, "amount": amount, "note": note})
        return PayOption(handle, f"https://venmo.com/?{query}", True, "")
    if handle.kind == "cashapp":
        return PayOption(handle, f"https://cash.app/${name}/{amount}", True, "")
    if handle.kind == "revolut":
        return PayOption(handle, f"https://revolut.me/{name}", False, "")
    if handle.kind == "bizum":
        return PayOption(handle, "", False, handle.value.removeprefix("+34"))  # as Bizum asks
    giro = None
    if currency == "EUR" and Decimal(amount) <= Decimal("999999999.99"):
        giro = segno.helpers.make_epc_qr(
            name=handle.holder, iban=name, amount=Decimal(amount), text=note[:140]
        )
    return PayOption(handle, "", False, handle.shown, giro)
