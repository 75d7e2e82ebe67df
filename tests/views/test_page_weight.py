"""The scoring screen a phone downloads, with the manifest, the service worker and the hand
sheets it keeps for offline use, stays within 80 KB gzipped (``make bench`` prints the same figure for a 100,000-hand league)."""

import pytest

from bench.weight import page_weight
from ledger.rules import OUTCOMES
from tests.helpers import drop, record

pytestmark = pytest.mark.django_db


def test_the_scoring_screen_with_the_worker_weighs_at_most_80_kb(client, urls, players, night):
    p = players
    for _ in range(10):
        record(night, drop(p["Croaker"], {p["Croaker"]: 3, p["Goblin"]: 8, p["Elmo"]: 20}))
    weight = page_weight(client, urls["night"])
    assert {"/manifest.webmanifest", "/sw.js"} <= set(weight.assets)
    sheets = [path for path in weight.assets if "/hand/" in path]
    assert len(sheets) == len(OUTCOMES), "every new hand's sheet, fetched to open offline"
    print(f"\nscoring screen, 10 hands: {weight.total / 1024:.1f} KB gzip {weight}")
    assert weight.total <= 80 * 1024
