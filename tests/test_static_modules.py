"""A collected release serves the scoring screen's modules under hashed names, and each
module imports the others by those names: the service worker keeps the hashed files, so a
phone offline finds every module a page imports."""

import re

from django.core.management import call_command
from django.test import override_settings

IMPORT = re.compile(r"""from\s*["'](\./[^"']+)["']""")
STORAGE = {"BACKEND": "tonk_tracker.storage.StaticFiles"}


def test_collected_modules_import_each_other_by_hashed_name(tmp_path, settings):
    storages = {**settings.STORAGES, "staticfiles": STORAGE}
    with override_settings(STATIC_ROOT=tmp_path, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
    hashed = [
        p
        for p in (tmp_path / "ledger" / "js").rglob("*.js")
        if re.search(r"\.[0-9a-f]{12}\.js$", p.name)
    ]
    assert len(hashed) >= 15
    imports = 0
    for module in hashed:
        for name in IMPORT.findall(module.read_text()):
            imports += 1
            assert re.search(r"\.[0-9a-f]{12}\.js$", name), f"{module.name} imports {name}"
            assert (module.parent / name).resolve().exists(), f"{module.name} imports {name}"
    assert imports >= 20
