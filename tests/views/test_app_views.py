"""The page the scoring screen's plain-http notice links to: a player's answer, no README."""

import pytest


@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("en", "Ask whoever runs Tonk Tracker for your table to start it with “make table”"),
        ("nl", "Vraag wie Tonk Tracker voor jullie tafel draait"),
        ("it", "Chiedi a chi gestisce Tonk Tracker per il vostro tavolo"),
        ("es", "Pide a quien lleva Tonk Tracker en vuestra mesa"),
    ],
)
def test_the_https_page_tells_a_player_what_to_do_in_their_language(client, language, says):
    """Anyone may read it, signed in or not: the phone that needs it may have no account."""
    page = client.get("/https/", HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    text = page.content.decode()
    assert says in text
    assert "README" not in text
