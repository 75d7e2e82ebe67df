"""The signed, expiring ticket a page puts in its events URL: which night and league to hear.

Signed with the app's ``SECRET_KEY`` (``django.core.signing``, which needs no settings
when given the key), so the doorbell, which has no sessions, trusts it without a database.
It grants nothing but hearing that a version moved; what changed is fetched as the visitor.
"""

from dataclasses import dataclass

from django.core import signing

SALT = "tonk.doorbell"
MAX_AGE = 24 * 3600  # a page open all night and the morning after


@dataclass(frozen=True)
class Ticket:
    night: int
    league: int

    @property
    def topics(self) -> tuple[str, str]:
        """What its holder hears: its night's changes, and its league's (names, time zone)."""
        return (f"n{self.night}", f"l{self.league}")


def issue(key: str, night: int, league: int) -> str:
    return signing.TimestampSigner(key=key, salt=SALT, fallback_keys=[]).sign(f"{night}.{league}")


def read(key: str, token: str) -> Ticket | None:
    """The ticket ``token`` carries, or None when it is forged, mangled or expired."""
    signer = signing.TimestampSigner(key=key, salt=SALT, fallback_keys=[])
    try:
        night, league = signer.unsign(token, max_age=MAX_AGE).split(".")
        return Ticket(int(night), int(league))
    except (signing.BadSignature, ValueError):
        return None
