"""The end of the night with the longest names the forms take, in scripts other than Latin:
settle-up, the recap and its card answer, whatever the names, and the GiroCode still fits."""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ledger import services
from ledger.paying import clean_handle
from ledger.rows.details import HandDetails
from tests.helpers import drop, record

pytestmark = pytest.mark.django_db

# Greek, Cyrillic, Arabic, Devanagari, CJK, Hangul, the card suits and emoji: letters that
# take two to four bytes in UTF-8, where a limit counted in characters overflows bytes.
SCRIPTS = st.sampled_from(
    [
        "\u0370-\u03ff",
        "\u0400-\u04ff",
        "\u0600-\u06ff",
        "\u0900-\u097f",
        "\u4e00-\u9fff",
        "\uac00-\ud7a3",
        "\u2660-\u2667",
        "\U0001f0a1-\U0001f0de",
    ]
)


def letters(script: str, size: int) -> st.SearchStrategy[str]:
    low, high = script.split("-")
    alphabet = st.characters(min_codepoint=ord(low), max_codepoint=ord(high))
    return st.text(alphabet, min_size=size, max_size=size).filter(lambda t: t.strip() == t)


@st.composite
def names(draw):
    script = draw(SCRIPTS)
    league = draw(letters(script, 100))
    players = draw(
        st.lists(letters(script, 60), min_size=3, max_size=3, unique_by=str.casefold)
    )  # names are unique whatever their case
    holder = draw(letters(script, 70))
    return league, players, holder


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(names=names())
def test_settle_up_the_recap_and_its_card_answer_for_any_long_names(client, owner, names):
    league_name, player_names, holder = names
    league = services.create_league(
        name=league_name, unit="€", decimal_places=2, default_stake=125, owner=owner
    )
    p = [services.add_player(league=league, name=name) for name in player_names]
    season = services.start_season(league=league, name=league_name[:60])
    night = services.start_night(season=season, players=p, dealer=p[0])
    record(night, drop(p[1], {p[0]: 20, p[1]: 5, p[2]: 30}))
    record(night, HandDetails(outcome="tonk_out", winner=p[0]))
    iban = clean_handle("iban", "GR16 0110 1250 0000 0001 2300 695", holder=holder)
    services.set_pay_handles(player=p[0], handles={"iban": iban}, preferred="iban")
    services.set_pay_handles(player=p[1], handles={"iban": iban})
    client.force_login(owner)
    base = f"/l/{league.slug}/nights/{night.pk}/"
    settle = client.get(base + "settle/")
    assert settle.status_code == 200
    page = settle.content.decode()
    assert "GR16 0110 1250 0000 0001 2300 695" in page  # the IBAN to copy, always
    recap = client.get(base + "recap/")
    assert recap.status_code == 200
    card = client.get(base + "recap/card.png")
    assert card.status_code == 200
    assert card["Content-Type"] == "image/png"
    season_page = client.get(f"/l/{league.slug}/seasons/{season.pk}/settle/")
    assert season_page.status_code == 200
