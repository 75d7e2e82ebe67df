"""URL parts the app's patterns take: ids in the databases' range, and link tokens.

Django's ``<int:...>`` takes any run of digits; a 20-digit id makes SQLite raise
``OverflowError`` before any lookup can answer "not found".
"""


class IdConverter:
    """A primary key: at most 18 digits, so always below ``MAX_ID`` (2**63 - 1)."""

    regex = "[0-9]{1,18}"

    def to_python(self, value: str) -> int:
        return int(value)

    def to_url(self, value: int) -> str:
        return str(value)


class TokenConverter:
    """The lookup key or secret of a share link or invitation (``secrets.token_urlsafe``)."""

    regex = "[A-Za-z0-9_-]{1,64}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value
