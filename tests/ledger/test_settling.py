import pytest

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Entry, NightEvent, Transaction
from ledger.reads.settlement import night_settlement, season_settlement
from ledger.rows.details import HandDetails
from tests.helpers import drop, record

pytestmark = pytest.mark.django_db


@pytest.fixture
def played(night, players):
    """Croaker caught by Goblin (Croaker -200, Goblin +300, Elmo -100), then Elmo tonks out."""
    p = players
    record(night, drop(p["Croaker"], {p["Croaker"]: 10, p["Goblin"]: 8, p["Elmo"]: 20}))
    record(night, HandDetails(outcome="tonk_out", winner=p["Elmo"]))
    voided = record(night, HandDetails(outcome="discard_out", winner=p["Croaker"]))
    services.void_hand(hand=voided, acting_user=None)
    return night


def names(mapping):
    return {player.name: amount for player, amount in mapping.items()}


def plan(settlement):
    return [(t.payer, t.payee, t.amount) for t in settlement.plan.transfers]


def test_a_night_settlement_has_the_plan_and_the_pairs(played, players):
    state = night_settlement(played)
    assert names(state.won) == {"Croaker": -400, "Goblin": 100, "Elmo": 300}
    assert names(state.owed) == names(state.won)
    assert plan(state) == [("Croaker", "Elmo", 300), ("Croaker", "Goblin", 100)]
    assert state.plan.minimal
    pairs = [(p.winner.name, p.loser.name, p.amount) for p in state.pairs]
    # Hand 1: Croaker paid Goblin 200, Elmo paid Goblin 100; hand 2: each paid Elmo 200.
    assert pairs == [("Elmo", "Croaker", 200), ("Goblin", "Croaker", 200), ("Elmo", "Goblin", 100)]


def test_paying_in_part_then_in_full_settles_and_closes_the_night(played, players):
    p = players
    services.record_payment(
        season=played.season,
        night=played,
        payer=p["Croaker"],
        payee=p["Elmo"],
        amount=100,
        key="a",
        acting_user=None,
    )
    assert names(night_settlement(played).owed) == {"Croaker": -300, "Goblin": 100, "Elmo": 200}
    played.refresh_from_db()
    assert played.closed_at is None
    services.record_payment(
        season=played.season,
        night=played,
        payer=p["Croaker"],
        payee=p["Elmo"],
        amount=200,
        key="b",
        acting_user=None,
    )
    services.record_payment(
        season=played.season,
        night=played,
        payer=p["Croaker"],
        payee=p["Goblin"],
        amount=100,
        key="c",
        acting_user=None,
    )
    state = night_settlement(played)
    assert state.settled
    assert state.owed == {}
    assert names(state.won) == {"Croaker": -400, "Goblin": 100, "Elmo": 300}, (
        "what was won stays visible"
    )
    played.refresh_from_db()
    assert played.closed_at is not None
    assert list(played.events.values_list("kind", flat=True)) == ["settled"]
    assert [(payer.name, payee.name, amount) for _, payer, payee, amount in state.payments] == [
        ("Croaker", "Elmo", 100),
        ("Croaker", "Elmo", 200),
        ("Croaker", "Goblin", 100),
    ]
    assert sum(Entry.objects.values_list("amount", flat=True)) == 0


def test_a_resubmitted_payment_is_recorded_once(played, players):
    p = players
    for _ in range(3):
        services.record_payment(
            season=played.season,
            night=played,
            payer=p["Croaker"],
            payee=p["Elmo"],
            amount=100,
            key="same",
            acting_user=None,
        )
    assert Transaction.objects.filter(kind="payment").count() == 1
    with pytest.raises(LedgerError, match="request key 'same' was already used"):
        services.record_payment(
            season=played.season,
            night=played,
            payer=p["Croaker"],
            payee=p["Elmo"],
            amount=50,
            key="same",
            acting_user=None,
        )


@pytest.mark.parametrize(
    ("payer", "payee", "amount", "message"),
    [
        ("Croaker", "Elmo", 500, r"Croaker owes only \$4.00 here"),
        ("Croaker", "Goblin", 200, r"Goblin is owed only \$1.00 here"),
        ("Goblin", "Elmo", 100, r"Goblin owes only \$0.00 here"),
        ("Croaker", "Croaker", 100, "Croaker cannot pay themselves"),
        ("Croaker", "Elmo", 0, "a payment must be a whole number above zero, not 0"),
    ],
)
def test_a_bad_payment_is_refused_and_writes_nothing(
    played, players, payer, payee, amount, message
):
    with pytest.raises(LedgerError, match=message):
        services.record_payment(
            season=played.season,
            night=played,
            payer=players[payer],
            payee=players[payee],
            amount=amount,
            key="k",
            acting_user=None,
        )
    assert not Transaction.objects.filter(kind="payment").exists()


def test_a_season_settles_across_its_nights(played, season, players):
    p = players
    second = services.start_night(
        season=season, players=[p["Goblin"], p["One-Eye"]], dealer=p["Goblin"]
    )
    record(second, HandDetails(outcome="tonk_out", winner=p["One-Eye"]))
    state = season_settlement(season)
    assert names(state.owed) == {"Croaker": -400, "Goblin": -100, "Elmo": 300, "One-Eye": 200}
    assert len(state.plan.transfers) == 3
    services.record_payment(
        season=season, payer=p["Goblin"], payee=p["One-Eye"], amount=100, key="s", acting_user=None
    )
    assert names(season_settlement(season).owed) == {"Croaker": -400, "Elmo": 300, "One-Eye": 100}


def test_a_league_settling_in_quarters_rounds_and_shows_it(league, season, players):
    p = players
    services.set_settling(league=league, settle_unit=25)
    night = services.start_night(
        season=season, players=[p["Croaker"], p["Goblin"], p["Elmo"]], dealer=p["Elmo"], stake=10
    )
    record(night, HandDetails(outcome="tonk_out", winner=p["Goblin"]))  # Goblin +40, others -20
    state = night_settlement(night)
    assert all(t.amount % 25 == 0 for t in state.plan.transfers)
    assert sum(state.plan.rounding.values()) == 0
    assert state.plan.rounding


def test_a_settled_night_reopens_explicitly(played, players):
    services.close_night(night=played, acting_user=None)
    with pytest.raises(LedgerError, match="this night is closed"):
        record(played, HandDetails(outcome="dead"))
    services.reopen_night(night=played, acting_user=None)
    record(played, HandDetails(outcome="dead"))
    assert list(NightEvent.objects.values_list("kind", flat=True)) == ["closed", "reopened"]
    with pytest.raises(LedgerError, match="this night is open already"):
        services.reopen_night(night=played, acting_user=None)


def test_the_audit_checks_payments(played, players):
    from io import StringIO

    from django.core.management import call_command

    services.record_payment(
        season=played.season,
        night=played,
        payer=players["Croaker"],
        payee=players["Elmo"],
        amount=100,
        key="a",
        acting_user=None,
    )
    out = StringIO()
    call_command("check_ledger", stdout=out)
    assert out.getvalue().startswith("ledger OK: 3 hands, 5 transactions")


def test_a_payment_for_a_night_of_another_season_is_refused(played, league, players):
    services.close_season(season=played.season, acting_user=None)
    spring = services.start_season(league=league, name="Spring")
    with pytest.raises(LedgerError, match="that night is not part of the season Spring"):
        services.record_payment(
            season=spring,
            night=played,
            payer=players["Croaker"],
            payee=players["Goblin"],
            amount=100,
            key="elsewhere",
            acting_user=None,
        )
    assert not Transaction.objects.filter(kind="payment").exists()
