import django; django.setup()
from django.test import Client, override_settings
from bench.pages import owner_of, pages, time_page
from ledger.models import League
league = League.objects.get(slug="demo-league")
with override_settings(ALLOWED_HOSTS=["testserver"], DEBUG=False, SECURE_SSL_REDIRECT=False):
    c = Client(); c.force_login(owner_of(league))
    for name, url in pages(league).items():
        if name in ("night recap", "recap image", "settle up (night)", "season standings", "all-time standings"):
            t = time_page(c, name, url, 30)
            print(name, f"p50 {t.p50:.1f} p95 {t.p95:.1f} queries {t.queries} size {t.size}")
