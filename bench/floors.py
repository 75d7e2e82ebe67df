"""Two floors to measure the app against, mounted only for benchmarks (DJANGO_BENCHMARK_FLOORS=1):
a view that returns a fixed response (the framework's floor) and one that inserts a row in one
transaction (the floor for any write on the database).
"""

from django.db import connection, transaction
from django.http import HttpResponse
from django.urls import path
from django.views.decorators.csrf import csrf_exempt

TABLE = "benchmark_write_floor"


def create_table() -> None:
    kind = "serial" if connection.vendor == "postgresql" else "integer"
    with connection.cursor() as cursor:
        cursor.execute(
            f"CREATE TABLE IF NOT EXISTS {TABLE} (id {kind} PRIMARY KEY, note varchar(20))"
        )


def fixed(request):
    return HttpResponse("ok")


@csrf_exempt
def write(request):
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute(f"INSERT INTO {TABLE} (note) VALUES (%s)", ["floor"])
    return HttpResponse("ok")


urlpatterns = [path("floor/", fixed, name="floor"), path("floor/write/", write, name="floor_write")]
