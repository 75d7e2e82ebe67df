import pytest

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def client(client, owner):
    """The league's owner, logged in: the view tests are about what the views do."""
    client.force_login(owner)
    return client


@pytest.fixture
def urls(league, night):
    base = f"/l/{league.slug}/nights/{night.pk}/"
    return {"league": f"/l/{league.slug}/", "night": base, "watch": base + "watch/"}
