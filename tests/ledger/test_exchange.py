import copy
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Sum

from ledger.models import Entry, Hand, League, PlayerRating, Transaction
from ledger.rules import OUTCOMES
from ledger.tooling.demo import DemoLeague
from ledger.tooling.exchange import ExchangeError, export_league, import_league

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def exported(django_db_setup, django_db_blocker):
    """A generated league with every outcome, voids and corrections, exported once."""
    with django_db_blocker.unblock():
        from django.db import transaction

        with transaction.atomic():
            league = DemoLeague(players=8, seasons=2, hands=400, seed=7).create()
            document = export_league(league)
            summary = _summary(league)
            transaction.set_rollback(True)
    return document, summary


def _summary(league) -> dict:
    entries = Entry.objects.filter(transaction__hand__night__season__league=league)
    hands = Hand.objects.filter(night__season__league=league)
    return {
        "balances": dict(
            entries.values("player__name")
            .annotate(net=Sum("amount"))
            .values_list("player__name", "net")
        ),
        "outcomes": set(hands.values_list("outcome", flat=True)),
        "results": set(hands.values_list("result", flat=True)),
        "voids": Transaction.objects.filter(hand__in=hands, kind="void").count(),
        "corrections": hands.filter(replaces__isnull=False).count(),
        "hands": hands.count(),
        # the skill ratings, by name: replaying the ledger rates the same nights the same way
        "ratings": {
            r.player.name: (r.mu, r.sigma, r.nights)
            for r in PlayerRating.objects.filter(league=league).select_related("player")
        },
    }


def renamed(document, slug="imported"):
    document = copy.deepcopy(document)
    document["league"]["slug"] = slug
    return document


def test_the_generated_league_has_everything_worth_round_tripping(exported):
    _, summary = exported
    assert summary["outcomes"] == set(OUTCOMES)  # every kind of the registry
    assert {"caught", "drop_won", "draw"} <= summary["results"]
    assert summary["voids"] > summary["corrections"] > 0
    assert summary["hands"] == 400
    assert len(summary["ratings"]) == 8


def test_a_round_trip_reproduces_the_league(exported):
    document, summary = exported
    league = import_league(renamed(document))
    assert _summary(league) == summary
    again = export_league(league)
    assert again == renamed(document)
    out = StringIO()
    call_command("check_ledger", stdout=out)
    assert out.getvalue().startswith("ledger OK: 400 hands")


def test_the_commands_round_trip_through_a_file(exported, tmp_path):
    document, _ = exported
    import_league(document)
    path = tmp_path / "league.json"
    call_command("export_league", document["league"]["slug"], output=str(path))
    assert json.loads(path.read_text()) == document
    with pytest.raises(CommandError, match="the address 'demo-league' is taken"):
        call_command("import_league", str(path), stdout=StringIO())


def mutate(document, path, value):
    document = renamed(document)
    target = document
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    return document


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("format",), "something-else", "document: not a tonk-tracker/league version 1 file"),
        (("league", "unit"), 5, "league.unit must be str, not 5"),
        (("players", 1, "name"), "", "players[1]: a player needs a name"),
        (
            ("seasons", 0, "nights", 1, "date"),
            "yesterday",
            "seasons[0].nights[1].date: 'yesterday' is not a YYYY-MM-DD",
        ),
        (
            ("seasons", 0, "nights", 0, "dealer"),
            "Nobody",
            "seasons[0].nights[0].dealer: 'Nobody' is not one of the league's players",
        ),
        (
            ("seasons", 0, "nights", 0, "hands", 2, "number"),
            9,
            "seasons[0].nights[0].hands[2]: hands must be numbered 1, 2, 3... in order; found 9",
        ),
        (
            ("seasons", 0, "nights", 0, "hands", 3, "hand", "stake"),
            -1,
            "seasons[0].nights[0].hands[3]: the stake must be a whole number",
        ),
        (
            ("seasons", 0, "nights", 0, "hands", 1, "hand", "outcome"),
            "gin",
            "seasons[0].nights[0].hands[1].hand: unknown outcome 'gin'",
        ),
        (
            ("seasons", 0, "nights", 0, "hands", 1, "replaces"),
            5,
            "seasons[0].nights[0].hands[1]: replaces hand 5, which is not an earlier hand",
        ),
        (
            ("seasons", 0, "nights", 0, "hands", 2, "replaces"),
            1,
            "seasons[0].nights[0].hands[2]: replaces hand 1, which is not voided",
        ),
        (
            ("seasons", 0, "nights", 0, "rules"),
            {"preset": "pagat", "overrides": {"scoring": "points"}},
            "seasons[0].nights[0]: rule option scoring cannot be 'points'",
        ),
    ],
)
def test_a_bad_document_names_the_place_and_imports_nothing(exported, path, value, message):
    document, _ = exported
    document = mutate(document, path, value)
    if path[-1] == "replaces" and value == 1:
        document["seasons"][0]["nights"][0]["hands"][0]["voided"] = False
    before = League.objects.count()
    with pytest.raises(ExchangeError) as caught:
        import_league(document)
    assert str(caught.value).startswith(message)
    assert League.objects.count() == before
    assert not Hand.objects.exists()


def test_a_count_the_rules_forbid_is_refused(exported):
    document, _ = exported
    night = document["seasons"][0]["nights"][0]
    index = next(i for i, h in enumerate(night["hands"]) if h["hand"]["outcome"] == "drop")
    dropper = night["hands"][index]["hand"]["dropper"]
    document = mutate(
        document, ("seasons", 0, "nights", 0, "hands", index, "hand", "counts", dropper), 99
    )
    with pytest.raises(
        ExchangeError, match=rf"hands\[{index}\]: {dropper}'s count 99 is impossible"
    ):
        import_league(document)


def test_the_command_refuses_malformed_json(tmp_path):
    path = tmp_path / "broken.json"
    path.write_text("{")
    with pytest.raises(CommandError, match="malformed JSON") as caught:
        call_command("import_league", str(path))
    assert caught.value.returncode == 2


def test_exporting_an_unknown_league_is_refused():
    with pytest.raises(CommandError, match="no league has the address 'nope'"):
        call_command("export_league", "nope")


def test_payments_and_reopened_nights_round_trip(exported):
    from ledger import services
    from ledger.reads.settlement import night_settlement, season_settlement

    document, _ = exported
    league = import_league(renamed(document, slug="paid"))
    season = league.seasons.get(closed_at__isnull=True)
    night = season.nights.order_by("pk").first()
    state = night_settlement(night)
    for index, transfer in enumerate(state.plan.transfers):
        payer, payee = state.players(transfer)
        services.record_payment(
            season=season,
            night=night,
            payer=payer,
            payee=payee,
            amount=transfer.amount,
            key=f"n{index}",
            acting_user=None,
        )
    services.reopen_night(night=night, acting_user=None)
    season_plan = season_settlement(season).plan.transfers[0]
    payer, payee = season_settlement(season).players(season_plan)
    services.record_payment(
        season=season, payer=payer, payee=payee, amount=1, key="season-1", acting_user=None
    )
    again = export_league(league)
    copy = import_league(renamed(again, slug="paid-again"))
    assert export_league(copy) == renamed(again, slug="paid-again")
