"""A whole league as one JSON document, and back.

Hands are written in the JSON form of docs/rules.md section 6, with their number,
request key, whether they were voided and which hand they correct. Import
replays the document through the services (hands through the same builders
``record_hand`` uses) inside one transaction: a bad document imports nothing
and the error names the place, e.g. ``seasons[0].nights[2].hands[4]``.
"""

from collections.abc import Iterator
from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import Prefetch

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Entry, Hand, HandPlayer, League, Night, Player, Season
from ledger.reads.pot import bets_left_seated, pot_history
from ledger.rows.details import details_from_engine, engine_hand, stored_details
from ledger.rows.posting import Posting
from ledger.rules import RulesError, hand_from_json, hand_to_json
from ledger.rules.whole import is_whole
from ledger.services.postings import build_hand, build_reversal, save_in_bulk

FORMAT = "tonk-tracker/league"
VERSION = 1


class ExchangeError(ValueError):
    """A document that cannot be imported; the message starts with the place."""


# Export


def export_league(league: League) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "league": {
            "name": league.name,
            "slug": league.slug,
            "unit": league.unit,
            "decimal_places": league.decimal_places,
            "rules": league.rules,
            "default_stake": league.default_stake,
        },
        "players": [
            {"name": p.name, "retired": p.retired_at is not None}
            for p in league.players.order_by("pk")
        ],
        "seasons": [
            _export_season(season) for season in league.seasons.order_by("started_at", "pk")
        ],
    }


def _export_season(season: Season) -> dict[str, Any]:
    nights = season.nights.order_by("date", "pk").select_related("dealer")
    return {
        "name": season.name,
        "closed": season.closed_at is not None,
        "nights": [_export_night(night) for night in nights],
        "payments": _export_payments(season.transactions.filter(night__isnull=True)),
    }


def _export_payments(transactions) -> list[dict[str, Any]]:
    """Payments made settling up: who paid whom how much, in order."""
    entries = (
        Entry.objects.filter(
            transaction__in=transactions, transaction__kind="payment", amount__gt=0
        )
        .select_related("player", "counterparty", "transaction")
        .order_by("transaction__created_at", "transaction_id")
    )
    return [
        {
            "payer": e.player.name,
            "payee": e.counterparty.name,
            "amount": e.amount,
            "key": e.transaction.idempotency_key,
        }
        for e in entries
    ]


def _export_night(night: Night) -> dict[str, Any]:
    hands = (
        night.hands.order_by("number")
        .with_voided()
        .select_related("dealer", "dropper", "winner", "replaces")
        .prefetch_related(Prefetch("seats", queryset=HandPlayer.objects.select_related("player")))
    )
    seated = services.seated_players(night)
    names = dict(night.season.league.players.values_list("pk", "name"))
    exported = {
        "date": night.date.isoformat(),
        "closed": night.closed_at is not None,
        "rules": night.rules,
        "stake": night.stake,
        "dealer": night.dealer.name,
        "seats": [p.name for p in seated],
        "hands": [_export_hand(hand, names) for hand in hands],
        "payments": _export_payments(night.transactions.all()),
    }
    bets = bets_left_seated(night, [p.pk for p in seated])
    if bets:  # the bets set up for the next deals, bettors by name
        exported["side_bets"] = {
            kind: {**bet, "players": [names[pk] for pk in bet["players"]]}
            for kind, bet in bets.items()
        }
    return exported


def _export_hand(hand: Hand, names: dict[int, str]) -> dict[str, Any]:
    seats = list(hand.seats.all())
    details = stored_details(hand, seats)
    engine = engine_hand(
        players=[s.player for s in seats], dealer=hand.dealer, stake=hand.stake, details=details
    )
    spec = hand.rules
    if "preset" in spec:
        data = hand_to_json(engine, spec["preset"])
        if spec.get("overrides"):
            data["overrides"] = spec["overrides"]
    else:
        data = hand_to_json(engine, spec)
    exported = {
        "number": hand.number,
        "key": hand.idempotency_key,
        "digest": hand.request_digest,
        "voided": hand.is_voided,
        "replaces": hand.replaces.number if hand.replaces else None,
        "hand": data,
    }
    if hand.pot:  # the naturals pot it was dealt into, as it was then
        exported["pot"] = {names[int(pk)]: amount for pk, amount in hand.pot.items()}
    return exported


# Import


def import_league(document: Any) -> League:
    """Load an exported league; raises ExchangeError naming the place, having written nothing."""
    _field(document, "format", str, "document")
    if document["format"] != FORMAT or document.get("version") != VERSION:
        raise ExchangeError(f"document: not a {FORMAT} version {VERSION} file")
    with transaction.atomic():
        league = _import_league(document)
        players = _import_players(league, _field(document, "players", list, "document"))
        seasons = _field(document, "seasons", list, "document")
        for index, season in enumerate(seasons):
            _import_season(league, players, season, f"seasons[{index}]")
        for index, player in enumerate(document["players"]):
            if _field(player, "retired", bool, f"players[{index}]"):
                with _at(f"players[{index}]"):
                    services.retire_player(player=players[player["name"]])
        return league


def _import_league(document: dict) -> League:
    data = _field(document, "league", dict, "document")
    with _at("league"):
        return services.create_league(
            name=_field(data, "name", str, "league"),
            slug=_field(data, "slug", str, "league"),
            unit=_field(data, "unit", str, "league"),
            decimal_places=_field(data, "decimal_places", int, "league"),
            rules=_field(data, "rules", (str, dict), "league"),
            default_stake=_field(data, "default_stake", int, "league"),
        )


def _import_players(league: League, data: list) -> dict[str, Player]:
    players = {}
    for index, item in enumerate(data):
        place = f"players[{index}]"
        with _at(place):
            player = services.add_player(league=league, name=_field(item, "name", str, place))
        players[player.name] = player
    return players


def _import_season(league: League, players: dict[str, Player], data: dict, place: str) -> None:
    with _at(place):
        season = services.start_season(league=league, name=_field(data, "name", str, place))
    for index, night in enumerate(_field(data, "nights", list, place)):
        _import_night(season, players, night, f"{place}.nights[{index}]")
    _import_payments(season, None, players, data.get("payments", []), place)
    if _field(data, "closed", bool, place):
        services.close_season(season=season, acting_user=None)


def _import_night(season: Season, players: dict[str, Player], data: dict, place: str) -> None:
    seats = [
        _player(players, name, f"{place}.seats") for name in _field(data, "seats", list, place)
    ]
    try:
        night_date = date.fromisoformat(_field(data, "date", str, place))
    except ValueError:
        raise ExchangeError(f"{place}.date: {data['date']!r} is not a YYYY-MM-DD date") from None
    with _at(place):
        night = services.start_night(
            season=season,
            players=seats,
            dealer=_player(players, _field(data, "dealer", str, place), f"{place}.dealer"),
            stake=_field(data, "stake", int, place),
            rules=_field(data, "rules", (str, dict), place),
            date=night_date,
        )
    postings = list(_postings(night, players, _field(data, "hands", list, place), place))
    save_in_bulk(postings)
    misfolded = [step.number for step in pot_history(night) if not step.kept]
    if misfolded:
        raise ExchangeError(
            f"{place}.hands: hand {misfolded[0]} pays out a naturals pot that is not what the "
            "hands before it put in"
        )
    _import_payments(season, night, players, data.get("payments", []), place)
    bets = _field(data, "side_bets", dict, place, default={})
    if bets:
        with _at(f"{place}.side_bets"):
            bets = _bettor_ids(players, bets, place)
            services.set_side_bets(night=night, bets=bets, imported=True)
    night.refresh_from_db()
    closed = _field(data, "closed", bool, place)
    if closed and night.closed_at is None:
        services.close_night(night=night, acting_user=None)
    elif not closed and night.closed_at is not None:  # settled, then reopened
        services.reopen_night(night=night, acting_user=None)


def _bettor_ids(players: dict[str, Player], bets: dict, place: str) -> dict:
    here = f"{place}.side_bets"
    return {
        kind: {
            **_field(bets, kind, dict, here),
            "players": [_player(players, name, here).pk for name in bet.get("players", [])],
        }
        for kind, bet in bets.items()
    }


def _import_payments(
    season: Season, night: Night | None, players: dict[str, Player], data: Any, place: str
) -> None:
    if not isinstance(data, list):
        raise ExchangeError(f"{place}.payments must be a list")
    for index, item in enumerate(data):
        here = f"{place}.payments[{index}]"
        with _at(here):
            services.record_payment(
                season=season,
                night=night,
                payer=_player(players, _field(item, "payer", str, here), here),
                payee=_player(players, _field(item, "payee", str, here), here),
                amount=_field(item, "amount", int, here),
                key=_field(item, "key", str, here),
                acting_user=None,
            )


def _postings(
    night: Night, players: dict[str, Player], hands: list, place: str
) -> Iterator[Posting]:
    built: dict[int, Posting] = {}
    corrected: set[int] = set()
    for index, item in enumerate(hands):
        here = f"{place}.hands[{index}]"
        number = _field(item, "number", int, here)
        if number != index + 1:
            raise ExchangeError(
                f"{here}: hands must be numbered 1, 2, 3... in order; found {number}"
            )
        replaces = item.get("replaces")
        original = None
        if replaces is not None:
            if replaces not in built or replaces in corrected:
                raise ExchangeError(
                    f"{here}: replaces hand {replaces!r}, which is not an earlier hand"
                )
            original = built[replaces]
            if not hands[replaces - 1].get("voided"):
                raise ExchangeError(f"{here}: replaces hand {replaces}, which is not voided")
            corrected.add(replaces)
        posting = _posting(night, players, item, number, original, here)
        if _field(item, "voided", bool, here):
            posting.transactions.append(build_reversal(posting.hand, posting.transactions[0][1]))
        built[number] = posting
        yield posting


def _posting(
    night, players, item: dict, number: int, original: Posting | None, place: str
) -> Posting:
    data = _field(item, "hand", dict, place)
    try:
        engine, _ = hand_from_json(data)
    except RulesError as exc:
        raise ExchangeError(f"{place}.hand: {exc}") from None
    seat = [_player(players, name, f"{place}.hand.players") for name in engine.players]
    for bet in engine.side_bets:  # the engine checks they sit at the hand; here, the league
        for name in bet.players:
            _player(players, name, f"{place}.hand.side_bets")
    pot = {
        _player(players, name, f"{place}.pot"): amount
        for name, amount in _field(item, "pot", dict, place, default={}).items()
    }
    if not all(is_whole(amount, low=1) for amount in pot.values()):
        raise ExchangeError(f"{place}.pot: what each player has in must be a whole number")
    details = details_from_engine(engine, players)
    rules = data["rules"]
    spec = (
        {"preset": rules, "overrides": data.get("overrides", {})}
        if isinstance(rules, str)
        else rules
    )
    with _at(place):
        return build_hand(
            night=night,
            number=number,
            players=seat,
            dealer=players[engine.dealer],
            stake=engine.stake,
            spec=spec,
            details=details,
            key=_field(item, "key", str, place),
            digest=_field(item, "digest", str, place),
            replaces=original.hand if original else None,
            pot=pot,
        )


def _player(players: dict[str, Player], name: Any, place: str) -> Player:
    if name not in players:
        raise ExchangeError(f"{place}: {name!r} is not one of the league's players")
    return players[name]


_REQUIRED = object()


def _field(data: Any, key: str, kind, place: str, default: Any = _REQUIRED):
    if not isinstance(data, dict):
        raise ExchangeError(f"{place} must be an object")
    if key not in data:
        if default is not _REQUIRED:
            return default
        raise ExchangeError(f"{place} has no {key!r}")
    value = data[key]
    kinds = kind if isinstance(kind, tuple) else (kind,)
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        expected = " or ".join(k.__name__ for k in kinds)
        raise ExchangeError(f"{place}.{key} must be {expected}, not {value!r}")
    return value


class _at:
    """Turns a domain error inside the block into an ExchangeError naming ``place``."""

    def __init__(self, place: str) -> None:
        self.place = place

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, error, traceback) -> None:
        if isinstance(error, (LedgerError, RulesError)):
            raise ExchangeError(f"{self.place}: {error}") from None
