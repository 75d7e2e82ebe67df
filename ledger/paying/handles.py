"""Payment handles as players type them, checked and kept in one canonical form.

People paste whatever their app shows them: ``@goblin``, ``paypal.me/Goblin``,
``https://cash.app/$goblin``, ``612 34 56 78``, an IBAN in groups of four. Each is
reduced to the bare handle, or refused with a message that says what a good one
looks like.
"""

import re
from dataclasses import dataclass

from schwifty import IBAN
from schwifty.exceptions import SchwiftyException


def gettext_noop(message: str) -> str:
    """Marks a message for ``makemessages``: the web layer translates it by ``code``."""
    return message


MESSAGES: dict[str, str] = {
    "paypal": gettext_noop(
        "{text!r} is not a PayPal.me name: 1 to 20 letters or digits, as in paypal.me/name"
    ),
    "venmo": gettext_noop(
        "{text!r} is not a Venmo username: 5 to 30 letters, digits, - or _, as in @name"
    ),
    "cashapp": gettext_noop(
        "{text!r} is not a $Cashtag: $ and 1 to 20 letters, digits or _, with a letter"
    ),
    "revolut": gettext_noop(
        "{text!r} is not a Revtag: 3 to 30 letters or digits, as in revolut.me/name"
    ),
    "bizum": gettext_noop(
        "{text!r} is not a Spanish mobile number for Bizum: 9 digits starting with 6 or 7"
    ),
    "iban": gettext_noop("{text!r} is not a valid IBAN: {reason}"),
    "holder_missing": gettext_noop("an IBAN needs the account holder's name, as the bank has it"),
    "holder_long": gettext_noop("the account holder's name can have at most 70 characters"),
}
IBAN_REASONS = {
    "InvalidChecksumDigits": gettext_noop("its check digits do not match (a typo?)"),
    "InvalidCountryCode": gettext_noop("it starts with no country's code"),
    "InvalidLength": gettext_noop("it has the wrong number of characters for its country"),
}
IBAN_REASON_OTHER = gettext_noop("its characters do not make an account number of its country")


class HandleError(ValueError):
    """A handle refused: ``code`` is the service (or what is missing), ``params`` the text."""

    def __init__(self, code: str, **params: str) -> None:
        self.code = code
        self.params: dict[str, str] = params
        super().__init__(MESSAGES[code].format(**params))


@dataclass(frozen=True)
class Service:
    kind: str
    name: str  # a brand: never translated
    currencies: frozenset[str]  # what it can send
    prefills_amount: bool  # its public link opens with the amount filled in


# fmt: off
PAYPAL_CURRENCIES = frozenset({
    "AUD", "BRL", "CAD", "CHF", "CZK", "DKK", "EUR", "GBP", "HKD", "HUF", "ILS", "JPY",
    "MXN", "MYR", "NOK", "NZD", "PHP", "PLN", "SEK", "SGD", "THB", "TWD", "USD"
})
REVOLUT_CURRENCIES = frozenset({
    "AED", "AUD", "BGN", "CAD", "CHF", "CZK", "DKK", "EUR", "GBP", "HKD", "HUF", "ILS",
    "ISK", "JPY", "MXN", "NOK", "NZD", "PLN", "QAR", "RON", "RSD", "SAR", "SEK", "SGD",
    "THB", "TRY", "USD", "ZAR"
})
# The currencies of the countries that number their accounts with IBANs: a dollar league
# (the US, Canada, Australia) is paid no IBAN, and its payments offer none to copy.
IBAN_CURRENCIES = frozenset({
    "AED", "BGN", "BRL", "CHF", "CZK", "DKK", "EUR", "GBP", "HUF", "ILS", "ISK", "NOK",
    "PLN", "QAR", "RON", "RSD", "SAR", "SEK", "TRY"
})
# fmt: on
SERVICES: dict[str, Service] = {
    s.kind: s
    for s in (
        Service("paypal", "PayPal", PAYPAL_CURRENCIES, prefills_amount=True),
        Service("venmo", "Venmo", frozenset({"USD"}), prefills_amount=True),
        Service("cashapp", "Cash App", frozenset({"USD"}), prefills_amount=True),
        Service("revolut", "Revolut", REVOLUT_CURRENCIES, prefills_amount=False),
        Service("bizum", "Bizum", frozenset({"EUR"}), prefills_amount=False),
        Service("iban", "IBAN", IBAN_CURRENCIES, prefills_amount=False),
    )
}
KINDS = tuple(SERVICES)


@dataclass(frozen=True)
class Handle:
    kind: str
    value: str  # canonical: the bare name, +34 and 9 digits, an IBAN without spaces
    holder: str = ""  # an IBAN's account holder

    @property
    def service(self) -> Service:
        return SERVICES[self.kind]

    @property
    def shown(self) -> str:
        """As the service's own app writes it."""
        if self.kind == "cashapp":
            return f"${self.value}"
        if self.kind in ("venmo", "revolut"):
            return f"@{self.value}"
        if self.kind == "bizum":
            digits = self.value[3:]
            return f"+34 {digits[:3]} {digits[3:5]} {digits[5:7]} {digits[7:]}"
        if self.kind == "iban":
            return IBAN(self.value).formatted
        return f"paypal.me/{self.value}"


def _bare(text: str, *hosts: str, sign: str = "@") -> str:
    """``text`` without a scheme, one of the service's ``hosts`` (and its ``/u/`` or
    ``/pay/`` path), or a leading ``sign``; a trailing slash or query goes too."""
    bare = re.sub(r"^(https?://)?(www\.)?", "", text.strip(), flags=re.I)
    for host in hosts:
        if bare.lower().startswith(host + "/"):
            bare = re.sub(r"^(u|pay)/", "", bare[len(host) + 1 :], flags=re.I)
            break
    bare = re.split(r"[/?#]", bare, maxsplit=1)[0]
    return bare[len(sign) :] if bare.startswith(sign) else bare


PATTERNS = {
    "paypal": re.compile(r"[A-Za-z0-9]{1,20}"),
    "venmo": re.compile(r"[A-Za-z0-9_-]{5,30}"),
    "cashapp": re.compile(r"(?=.*[A-Za-z])[A-Za-z0-9_]{1,20}"),
    "revolut": re.compile(r"[A-Za-z0-9]{3,30}"),
}
HOSTS = {
    "paypal": ("paypal.me", "paypal.com/paypalme"),
    "venmo": ("venmo.com", "account.venmo.com"),
    "cashapp": ("cash.app", "cash.me"),
    "revolut": ("revolut.me",),
}


def clean_handle(kind: str, text: str, holder: str = "") -> Handle:
    """The handle ``text`` names for the service ``kind``, or a ``HandleError``."""
    if kind == "iban":
        return _clean_iban(text, holder)
    if kind == "bizum":
        digits = re.sub(r"[\s.()-]", "", text)
        digits = re.sub(r"^(\+|00)34", "", digits)
        if not re.fullmatch(r"[67][0-9]{8}", digits):
            raise HandleError("bizum", text=text.strip())
        return Handle("bizum", "+34" + digits)
    sign = "$" if kind == "cashapp" else "@"
    bare = _bare(text, *HOSTS[kind], sign=sign)
    if not PATTERNS[kind].fullmatch(bare):
        raise HandleError(kind, text=text.strip())
    # Venmo, Cash App and Revolut names are case-blind; PayPal.me keeps what people chose.
    return Handle(kind, bare if kind == "paypal" else bare.lower())


def clean_holder(holder: str) -> str:
    """An IBAN's account holder, spaces tidied, as the GiroCode can carry it."""
    holder = " ".join(holder.split())
    if not holder:
        raise HandleError("holder_missing")
    if len(holder) > 70:  # the EPC QR code's limit for the beneficiary
        raise HandleError("holder_long")
    return holder


def _clean_iban(text: str, holder: str) -> Handle:
    try:
        iban = IBAN(text)
    except SchwiftyException as exc:
        reason = IBAN_REASONS.get(type(exc).__name__, IBAN_REASON_OTHER)
        raise HandleError("iban", text=text.strip(), reason=reason) from None
    return Handle("iban", iban.compact, clean_holder(holder))
