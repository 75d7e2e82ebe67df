"""How players get paid: their payment handles, checked, and the links that pay them.

Pure Python, like the rules engine: a handle and an amount in, a link or a QR code's
payload out. The web layer shows them; nothing here knows of Django.
"""

from ledger.paying.handles import KINDS, SERVICES, Handle, HandleError, Service, clean_handle
from ledger.paying.links import PayOption, currency_of, pay_options

__all__ = [
    "KINDS",
    "SERVICES",
    "Handle",
    "HandleError",
    "PayOption",
    "Service",
    "clean_handle",
    "currency_of",
    "pay_options",
]
