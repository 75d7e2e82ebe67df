"""A league plays in its own time zone: nights are dated, and times shown, where the table is."""

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from ledger import services
from ledger.errors import LedgerError
from ledger.models import League

pytestmark = pytest.mark.django_db

# At any moment these two zones are on different dates (UTC+14 and UTC-11).
EARLY, LATE = "Pacific/Kiritimati", "Pacific/Pago_Pago"


def test_a_new_night_is_dated_in_the_leagues_time_zone(client, owner, league, season):
    client.force_login(owner)
    dates = {}
    for zone in (EARLY, LATE):
        services.set_time_zone(league=league, time_zone=zone)
        page = client.get(f"/l/{league.slug}/nights/new/").content.decode()
        today = datetime.now(ZoneInfo(zone)).date().isoformat()
        assert f'value="{today}"' in page, zone
        dates[zone] = today
    assert dates[EARLY] != dates[LATE]


def test_the_owner_sets_the_zone_and_a_wrong_one_is_named(client, owner, league):
    client.force_login(owner)
    url = f"/l/{league.slug}/time-zone/"
    page = client.post(url, {"time_zone": "Mars/Olympus_Mons"}, follow=True).content.decode()
    assert "&#x27;Mars/Olympus_Mons&#x27; is not a time zone" in page
    assert League.objects.get().time_zone == ""
    client.post(url, {"time_zone": "America/Chicago"})
    assert League.objects.get().zone == ZoneInfo("America/Chicago")


def test_a_league_created_on_a_phone_takes_its_zone(client, owner):
    client.force_login(owner)
    form = {"name": "Night Owls", "unit": "$", "decimal_places": "2", "preset": "pagat"}
    client.post("/", {**form, "default_stake": "1.00", "time_zone": "Asia/Tokyo"})
    assert League.objects.get(name="Night Owls").time_zone == "Asia/Tokyo"
    with pytest.raises(LedgerError) as refused:
        services.create_league(name="Nowhere", time_zone="Nowhere/Else")
    assert refused.value.code == "time_zone_unknown"
