"""``manage.py compile_catalogues``: the translations' .mo files, with or without GNU gettext.

Django's ``compilemessages`` needs gettext's ``msgfmt``, which a fresh machine (or a user
who cannot install packages) may not have. There ``polib`` writes the same .mo files.
"""

import shutil
from pathlib import Path

import polib
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand


class Command(BaseCommand):
    help = "Compile locale/*/LC_MESSAGES/*.po: with msgfmt where it is installed, else polib."

    def add_arguments(self, parser):
        parser.add_argument("--polib", action="store_true", help="use polib even with msgfmt")

    def handle(self, *args, **options):
        if shutil.which("msgfmt") and not options["polib"]:
            call_command("compilemessages", ignore_patterns=[".venv"], verbosity=0)
            return
        compiled = 0
        for locale in settings.LOCALE_PATHS:
            for po in sorted(Path(locale).glob("*/LC_MESSAGES/*.po")):
                mo = po.with_suffix(".mo")
                if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
                    continue
                catalogue = polib.pofile(str(po))
                if catalogue.fuzzy_entries():
                    self.stderr.write(f"{po}: fuzzy entries are left out, as msgfmt does")
                catalogue.save_as_mofile(str(mo))
                compiled += 1
        if options["verbosity"] > 1:
            self.stdout.write(f"{compiled} catalogue(s) compiled with polib")
