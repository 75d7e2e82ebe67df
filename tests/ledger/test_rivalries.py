"""Head-to-head, records, ratings and the drop advisor, against direct counts over the
hands and entries."""

from collections import Counter, defaultdict
from datetime import date
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Sum
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openskill.models import PlackettLuce

from ledger import services
from ledger.models import Entry, HandPlayer, PairNight, PlayerNight, PlayerRating, Transaction
from ledger.reads.drops import drop_advice, drops_at
from ledger.reads.ratings import rated_nights, ratings_table, stored_ratings
from ledger.reads.rivalry import (
    head_to_head,
    opponents,
    player_records,
    records,
    rival_and_nemesis,
)
from ledger.rivalry import rate_nights
from ledger.rows.details import HandDetails
from ledger.tooling.demo import DemoLeague
from tests.helpers import drop, record

pytestmark = pytest.mark.django_db


def standing_seats(league, **scope):
    """{hand: [(player, role)]} with each hand's night and result, over standing hands."""
    rows = (
        HandPlayer.objects.filter(hand__night__season__league=league, **scope)
        .exclude(hand__transactions__kind=Transaction.Kind.VOID)
        .values_list(
            "hand_id", "hand__result", "hand__outcome", "hand__dropper", "player", "role", "count"
        )
    )
    hands = defaultdict(list)
    for hand, result, outcome, dropper, player, role, count in rows:
        hands[hand, result, outcome, dropper].append((player, role, count))
    return hands


def direct_meetings(league):
    """(player, other) -> hands won with the other at the table, and catches of the other."""
    wins, catches = Counter(), Counter()
    for (_, result, _, _), seats in standing_seats(league).items():
        for player, role, _ in seats:
            for other, other_role, _ in seats:
                if other == player:
                    continue
                won = role == "winner" and result in {
                    "deal_tonk",
                    "drop_won",
                    "tonk_out",
                    "discard_out",
                    "stock_out",
                }
                wins[player, other] += won and other_role != "winner"
                catches[player, other] += role == "catcher" and other_role == "caught"
    return wins, catches


def check_league(league):
    players = list(league.players.all())
    rows = (
        PairNight.objects.filter(night__season__league=league)
        .values_list("player", "counterparty")
        .annotate(net=Sum("net"))
        .order_by()
    )
    between = {(player, other): net for player, other, net in rows}
    assert sum(between.values()) == 0
    for (a, b), net in between.items():
        assert between[b, a] == -net
    wins, catches = direct_meetings(league)
    for a in players:
        for b in players:
            if a == b:
                continue
            found = head_to_head(a, b).meeting
            entries = Entry.objects.from_hands().filter(player=a, counterparty=b).total()
            pairs = sum(
                PairNight.objects.filter(player=a, counterparty=b).values_list("net", flat=True)
            )
            assert found.net == entries == pairs == between.get((a.pk, b.pk), 0)
            assert found.net == -head_to_head(b, a).meeting.net
            assert (found.wins, found.losses) == (wins[a.pk, b.pk], wins[b.pk, a.pk])
            assert (found.catches, found.caught) == (catches[a.pk, b.pk], catches[b.pk, a.pk])
        met = {m.other: m for m in opponents(a)}
        for b, m in met.items():
            assert (m.net, m.wins, m.catches) == (
                between[a.pk, b.pk],
                wins[a.pk, b.pk],
                catches[a.pk, b.pk],
            )
    direct = Counter()  # the advisor counts the closed nights' drops
    closed = standing_seats(league, hand__night__closed_at__isnull=False)
    for (_, result, outcome, dropper), seats in closed.items():
        if outcome == "drop":
            (count,) = [c for p, _, c in seats if p == dropper]
            direct[count, "drops"] += 1
            direct[count, "won"] += result == "drop_won"
            direct[count, "caught"] += result == "caught"
    figures = drop_advice(league)
    assert {f.count for f in figures} == {c for c, _ in direct}
    for f in figures:
        assert (f.drops, f.won, f.caught) == (
            direct[f.count, "drops"],
            direct[f.count, "won"],
            direct[f.count, "caught"],
        )
        assert drops_at(league, f.count) == f
    call_command("check_ledger", stdout=StringIO(), stderr=StringIO())


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(min_value=0, max_value=10_000))
def test_head_to_head_and_drops_equal_the_hands_on_generated_leagues(seed, owner):
    league = DemoLeague(
        players=5, seasons=2, hands=180, seed=seed, name=f"L{seed}", owner=owner
    ).create()
    check_league(league)
    assert PlayerRating.objects.filter(league=league).exists()


def openskill_directly(league):
    """Every closed night of the league, fed to openskill by hand, in the order played."""
    model = PlackettLuce()
    ratings, played = {}, Counter()
    nights = defaultdict(dict)
    rows = PlayerNight.objects.filter(
        season__league=league, night__closed_at__isnull=False, hands__gt=0
    )
    for t in rows.order_by("night__date", "night_id"):
        nights[t.night_id][t.player_id] = t.net
    for nets in nights.values():
        if len(nets) < 2:
            continue
        names = sorted(nets)
        teams = [[ratings.get(n) or model.rating()] for n in names]
        for n, (r,) in zip(names, model.rate(teams, scores=[nets[n] for n in names]), strict=True):
            ratings[n] = r
            played[n] += 1
    return {n: (r.mu, r.sigma, played[n]) for n, r in ratings.items()}


def test_stored_ratings_are_openskill_on_the_closed_nights_and_survive_a_replay(owner):
    league = DemoLeague(players=7, seasons=2, hands=600, seed=3, name="Rated", owner=owner).create()
    stored = stored_ratings(league)
    assert {p: (r.mu, r.sigma, r.nights) for p, r in stored.items()} == openskill_directly(league)
    services.ratings.rerate(league)
    assert stored_ratings(league) == stored == rate_nights(rated_nights(league))
    table = ratings_table(league)
    settled = [row for row in table if row.rank]
    assert [row.rank for row in settled] == list(range(1, len(settled) + 1))
    assert [row.rating.ordinal for row in settled] == sorted(
        (r.rating.ordinal for r in settled), reverse=True
    )
    assert all(row.rating.provisional for row in table[len(settled) :])


def close(night):
    return services.close_night(night=night, acting_user=None)


def test_correcting_an_old_night_rates_every_night_again(season, players):
    p = players
    table = [p["Croaker"], p["Goblin"], p["Elmo"]]
    nights = []
    for day in (5, 12, 19):
        night = services.start_night(
            season=season, players=table, dealer=p["Elmo"], date=date(2026, 1, day)
        )
        record(
            night,
            HandDetails(outcome="tonk_out", winner=p["Croaker"] if day != 12 else p["Goblin"]),
        )
        nights.append(close(night))
    before = stored_ratings(season.league)
    assert before[p["Croaker"].pk].nights == 3
    first = services.reopen_night(night=nights[0], acting_user=None)
    assert stored_ratings(season.league)[p["Croaker"].pk].nights == 2  # no longer rated
    hand = first.hands.get()
    services.correct_hand(
        hand=hand,
        key="fix",
        details=HandDetails(outcome="tonk_out", winner=p["Elmo"]),
        acting_user=None,
    )
    close(first)
    after = stored_ratings(season.league)
    assert after == rate_nights(rated_nights(season.league))
    assert after[p["Elmo"].pk].mu > before[p["Elmo"].pk].mu
    assert after[p["Croaker"].pk].mu < before[p["Croaker"].pk].mu
    call_command("check_ledger", stdout=StringIO(), stderr=StringIO())


def test_closing_a_season_rates_the_nights_it_closes(season, night, players):
    record(night, HandDetails(outcome="tonk_out", winner=players["Goblin"]))
    assert not stored_ratings(season.league)
    services.close_season(season=season, acting_user=None)
    assert stored_ratings(season.league)[players["Goblin"].pk].nights == 1


def test_check_ledger_finds_a_stale_rating(season, night, players):
    record(night, HandDetails(outcome="tonk_out", winner=players["Goblin"]))
    close(night)
    PlayerRating.objects.filter(player=players["Goblin"]).update(mu=40.0)
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("check_ledger", stdout=StringIO(), stderr=err)
    assert f"player {players['Goblin'].pk}'s rating in league black-company" in err.getvalue()


def test_streaks_and_records_of_a_constructed_history(season, players):
    p = players
    table = [p["Croaker"], p["Goblin"], p["Elmo"]]
    winners = ["Croaker", "Croaker", "Goblin", "Croaker", "Croaker", "Croaker"]
    for day, winner in enumerate(winners, 1):
        night = services.start_night(
            season=season, players=table, dealer=p["Elmo"], date=date(2026, 2, day)
        )
        record(night, HandDetails(outcome="tonk_out", winner=p[winner]))
        if day == 6:  # the last night is still open: it counts once it closes
            record(night, HandDetails(outcome="tonk_out", winner=p[winner]))
            record(night, drop(p["Elmo"], {p["Croaker"]: 3, p["Goblin"]: 9, p["Elmo"]: 7}))
        else:
            close(night)
    last = night
    croaker = player_records(p["Croaker"], season)
    assert (croaker.streaks.longest_won, croaker.streaks.current) == (2, 2)
    assert player_records(p["Elmo"], season).streaks.longest_lost == 5
    assert croaker.biggest_hand.value == 400  # a tonk-out: $2.00 from each
    assert croaker.biggest_night.value == 400  # the open night's $10 does not count yet
    assert croaker.most_tonk_outs.value == 1
    league = records(season.league, season)
    assert (league.longest_won.player, league.longest_won.nights) == (p["Croaker"], 2)
    assert (league.longest_lost.player, league.longest_lost.nights) == (p["Elmo"], 5)
    # Croaker's first two nights (the later two are as long: the first run stands)
    assert (league.longest_won.first.date, league.longest_won.last.date) == (
        date(2026, 2, 1),
        date(2026, 2, 2),
    )
    assert (league.longest_lost.first.date, league.longest_lost.last.date) == (
        date(2026, 2, 1),
        date(2026, 2, 5),
    )
    assert league.most_catches is None

    close(last)
    croaker = player_records(p["Croaker"], season)
    assert (croaker.streaks.longest_won, croaker.streaks.current) == (3, 3)
    won_last = Entry.objects.from_hands().filter(transaction__night=last, player=p["Croaker"])
    assert croaker.biggest_night.value == won_last.total() > 800  # two tonk-outs and a catch
    assert croaker.biggest_night.night == last
    assert croaker.most_tonk_outs.value == 2
    league = records(season.league, season)
    assert (league.longest_won.player, league.longest_won.nights) == (p["Croaker"], 3)
    assert (league.longest_won.first.date, league.longest_won.last.date) == (
        date(2026, 2, 4),
        date(2026, 2, 6),
    )
    assert (league.longest_lost.player, league.longest_lost.nights) == (p["Elmo"], 6)
    assert league.most_tonk_outs.value == 2
    assert league.most_catches.player == p["Croaker"]


def test_a_void_takes_its_hand_out_of_the_best_hand(night, players):
    p = players
    small = record(night, drop(p["Goblin"], {p["Croaker"]: 20, p["Goblin"]: 2, p["Elmo"]: 20}))
    big = record(night, HandDetails(outcome="tonk_out", winner=p["Goblin"]))

    def best_hand():
        return PlayerNight.objects.get(player=p["Goblin"], night=night).best_hand

    assert best_hand() == 400
    services.void_hand(hand=big, acting_user=None)
    assert best_hand() == Entry.objects.filter(transaction__hand=small, player=p["Goblin"]).total()
    call_command("check_ledger", stdout=StringIO(), stderr=StringIO())
    services.close_night(night=night, acting_user=None)
    assert player_records(p["Goblin"]).biggest_hand.value == best_hand() > 0


def test_rival_and_nemesis_need_three_nights(season, players):
    p = players
    table = [p["Croaker"], p["Goblin"], p["Elmo"]]
    for day in (1, 2, 3):
        night = services.start_night(
            season=season, players=table, dealer=p["Elmo"], date=date(2026, 3, day)
        )
        record(night, HandDetails(outcome="tonk_out", winner=p["Croaker"]))
        if day == 3:
            record(night, HandDetails(outcome="tonk_out", winner=p["Goblin"]))
            record(night, HandDetails(outcome="tonk_out", winner=p["Goblin"]))
    rival, nemesis = rival_and_nemesis(opponents(p["Croaker"]))
    assert rival.other == p["Elmo"]
    assert rival.net == 600
    assert rival.nights == 3
    assert nemesis is None  # Goblin won back only part of what Croaker took from him
    rival, nemesis = rival_and_nemesis(opponents(p["Elmo"]))
    assert rival is None
    assert nemesis.other == p["Croaker"]


def test_check_ledger_finds_a_drop_count_that_is_not_its_droppers(night, players):
    p = players
    hand = record(night, drop(p["Goblin"], {p["Croaker"]: 20, p["Goblin"]: 4, p["Elmo"]: 20}))
    assert hand.drop_count == 4
    type(hand).objects.filter(pk=hand.pk).update(drop_count=5)
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("check_ledger", stdout=StringIO(), stderr=err)
    assert "stored drop count 5, its dropper's seat says otherwise" in err.getvalue()


def test_nights_closed_in_order_are_rated_one_at_a_time(owner, monkeypatch):
    """Only closing an older night (here: a season's last, closed with the season) rates
    every night again; the generated league's seasons follow one another."""
    calls = []
    rerate = services.ratings.rerate

    def counted(league):
        calls.append(league)
        rerate(league)

    monkeypatch.setattr(services.ratings, "rerate", counted)  # as night_closed calls it
    monkeypatch.setattr(services.seasons, "rerate", counted)  # and close_season
    league = DemoLeague(
        players=5, seasons=2, hands=200, seed=5, name="In order", owner=owner
    ).create()
    assert len(calls) == 1  # the first season's close
    first, second = league.seasons.order_by("pk")
    assert first.nights.latest("date").date < second.nights.earliest("date").date
    assert stored_ratings(league) == rate_nights(rated_nights(league))
