"""How many bytes a phone downloads for a page: the HTML and every stylesheet and script it
names, the web app manifest, the service worker and the hand sheets it keeps for offline
use, each gzipped as a server would send it.
"""

import gzip
import re
from dataclasses import dataclass

from django.conf import settings
from django.contrib.staticfiles import finders
from django.test import Client

ASSET = re.compile(r'<(?:link[^>]+rel="(?:stylesheet|icon)"[^>]+href|script[^>]+src)="([^"]+)"')
SERVED = re.compile(r'(?:<link rel="manifest" href|data-sw)="([^"]+)"')  # by views, not files
# The new hands' sheets the scoring screen fetches once loaded, so they open offline.
SHEETS = re.compile(r'hx-get="([^"]+)" hx-target="#hand-form" data-outcome=')


@dataclass
class Weight:
    html: int
    assets: dict[str, int]

    @property
    def total(self) -> int:
        return self.html + sum(self.assets.values())


def gzipped(data: bytes) -> int:
    return len(gzip.compress(data, compresslevel=6))


def page_weight(client: Client, url: str) -> Weight:
    response = client.get(url)
    assert response.status_code == 200, url
    html = response.content
    assets = {}
    for path in ASSET.findall(html.decode()):
        name = path.removeprefix(
            settings.STATIC_URL
            if settings.STATIC_URL.startswith("/")
            else "/" + settings.STATIC_URL
        )
        found = finders.find(name)
        assert found, f"{path} is not a static file of the project"
        with open(found, "rb") as handle:
            assets[path] = gzipped(handle.read())
    for path in SERVED.findall(html.decode()):
        served = client.get(path)
        assert served.status_code == 200, path
        assets[path] = gzipped(served.content)
    for path in SHEETS.findall(html.decode()):
        sheet = client.get(path, headers={"HX-Request": "true"})
        assert sheet.status_code == 200, path
        assets[path] = gzipped(sheet.content)
    return Weight(html=gzipped(html), assets=assets)
