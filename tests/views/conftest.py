import pytest

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def urls(league, night):
    base = f"/l/{league.slug}/nights/{night.pk}/"
    return {"league": f"/l/{league.slug}/", "night": base, "watch": base + "watch/"}
