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


def cents_text(amount: int, places: int) -> str | None:
    """The amount with two decimals at most, as the services and GiroCodes take it; None when
    that would not be exactly what the page shows (``1255, 3``: €1.255)."""
    if places <= 2:
        return decimal_text(amount, places)
    step = 10 ** (places - 2)
    return None if amount % step else decimal_text(amount // step, 2)


def pay_options(
    handles: list[Handle], *, amount: int, places: int, currency: str | None, note: str
) -> list[PayOption]:
    """The ways to pay ``amount`` (in the minor unit, ``places`` decimals) to the player
    with these ``handles``; none for a service that cannot send ``currency``. A link carries
    the amount only when it can carry it exactly; else the payer types it."""
    if currency is None or amount <= 0:
        return []
    text = cents_text(amount, places)
    options = []
    for handle in handles:
        if currency not in handle.service.currencies:
            continue
        options.append(_option(handle, text, currency, note))
    return options


def _option(handle: Handle, amount: str | None, currency: str, note: str) -> PayOption:
    name, filled = handle.value, amount is not None
    if handle.kind == "paypal":
        url = f"https://paypal.me/{name}" + (f"/{amount}{currency}" if filled else "")
        return PayOption(handle, url, filled, "")
    if handle.kind == "venmo":
        fields = {"txn": "pay", "recipients": name, **({"amount": amount} if filled else {})}
        return PayOption(
            handle, f"https://venmo.com/?{urlencode({**fields, 'note': note})}", filled, ""
        )
    if handle.kind == "cashapp":
        return PayOption(
            handle, f"https://cash.app/${name}" + (f"/{amount}" if filled else ""), filled, ""
        )
    if handle.kind == "revolut":
        return PayOption(handle, f"https://revolut.me/{name}", False, "")
    if handle.kind == "bizum":
        return PayOption(handle, "", False, handle.value.removeprefix("+34"))  # as Bizum asks
    giro = None
    if currency == "EUR" and amount is not None and Decimal(amount) <= Decimal("999999999.99"):
        giro = girocode(handle.holder, name, Decimal(amount), note)
    return PayOption(handle, "", False, handle.shown, giro)


EPC_BYTES, EPC_NAME, EPC_TEXT = 331, 70, 140  # EPC069-12: the payload, the name, the remittance


def girocode(holder: str, iban: str, amount: Decimal, note: str) -> segno.QRCode | None:
    """The GiroCode for a transfer, its remittance cut to what the standard's 331 bytes leave
    once the name, IBAN and amount are in (in UTF-8, the widest of its character sets);
    None when even a short remittance would not fit."""
    name = holder.strip()[:EPC_NAME]
    fields = ["BCD", "002", "1", "SCT", "", name, iban, f"EUR{amount}", "", "", ""]
    room = EPC_BYTES - len("\n".join(fields).encode())
    text = note.strip()[:EPC_TEXT].encode()[: max(room, 0)].decode(errors="ignore").rstrip()
    if not text:
        return None
    try:
        return segno.helpers.make_epc_qr(name=name, iban=iban, amount=amount, text=text)
    except ValueError:  # the QR would outgrow the version 13 the standard allows
        return None
