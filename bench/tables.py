"""Live tables for the load driver: open nights of a league of their own, each with eight
hands played when a search starts, and the phones' cookies."""

from django.conf import settings
from django.test import Client
from django.urls import reverse

from bench.load import CSRF_FIELD, Phone, Scorekeeper, Table
from bench.pages import owner_of
from ledger import services
from ledger.doorbell import tokens
from ledger.models import League, Night
from ledger.rows.details import HandDetails

LEAGUE = "Load League"
PLAYERS = 8
HANDS = 8  # a night under way


def cookie_of(client: Client) -> str:
    return "; ".join(f"{name}={morsel.value}" for name, morsel in client.cookies.items())


def _league() -> League:
    league = League.objects.filter(name=LEAGUE).first()
    if league is None:
        league = services.create_league(name=LEAGUE, default_stake=100)
        for n in range(PLAYERS):
            services.add_player(league=league, name=f"Player {n + 1}")
        services.start_season(league=league, name="Load")
    return league


def _open_nights(league: League, count: int) -> list[Night]:
    season = league.seasons.open().get()
    nights = list(season.nights.filter(closed_at__isnull=True).order_by("pk")[:count])
    players = list(league.players.order_by("pk"))
    while len(nights) < count:
        first = len(nights) % PLAYERS
        table = [players[(first + i) % PLAYERS] for i in range(4)]
        night = services.start_night(season=season, players=table, dealer=table[0], rules="pagat")
        for n in range(HANDS):
            counts = {player: 5 + 3 * i for i, player in enumerate(table)}
            details = HandDetails(outcome="drop", dropper=table[n % 4], counts=counts)
            services.record_hand(
                night=night, key=f"load-{night.pk}-{n}", details=details, acting_user=None
            )
        nights.append(night)
    return nights


def retire_tables() -> None:
    """Close the nights a search played on: the next search deals at nights of ``HANDS``
    hands again, not at nights grown by every run before it."""
    league = League.objects.filter(name=LEAGUE).first()
    if league is None:
        return
    for night in Night.objects.filter(season__league=league, closed_at__isnull=True):
        services.close_night(night=night, acting_user=None)


def live_tables(count: int) -> tuple[list[Table], Scorekeeper]:
    """``count`` tables and the scorekeeper's cookie; run under ``ALLOWED_HOSTS=testserver``."""
    league = _league()
    nights = _open_nights(league, count)
    owner = owner_of(league)
    scorekeeper = Client()
    scorekeeper.force_login(owner)
    page = scorekeeper.get(reverse("ledger:night", args=[league.slug, nights[0].pk]))
    keeper = Scorekeeper(cookie_of(scorekeeper), CSRF_FIELD.search(page.content.decode())[1])
    tables = []
    for night in nights:
        args = [league.slug, night.pk]
        link = services.share(league=league, acting_user=owner, night=night, reuse=True)
        spectator = Client()
        spectator.get(reverse("ledger:share", args=[link.lookup, link.token]))
        watch = reverse("ledger:night_watch", args=args)
        events = "/events/" + tokens.issue(settings.SECRET_KEY, night.pk, league.pk)
        phones = [
            Phone(reverse("ledger:night_poll", args=args), keeper.cookie, events=events),
            Phone(watch, keeper.cookie, events=events),
            Phone(watch, keeper.cookie, events=events),
            Phone(watch, cookie_of(spectator), events=events),
        ]
        seats = [seat.player_id for seat in night.seats.filter(seated=True).order_by("position")]
        form = {"dealer": str(seats[0]), "dropper": str(seats[0])}
        form.update({f"count-{player}": str(5 + 3 * i) for i, player in enumerate(seats)})
        tables.append(Table(phones, reverse("ledger:hand_record", args=[*args, "drop"]), form))
    return tables, keeper
