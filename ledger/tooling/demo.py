"""A realistic generated league: named players, weekly nights of 3-6 players under
several presets, every outcome, some voids and corrections.

Leagues, players, seasons and nights go through the services; hands are built
by ``ledger.services.postings`` exactly as ``record_hand`` builds them and saved in bulk,
so 100,000 hands take a minute or so rather than an hour.
"""

import random
from collections.abc import Callable, Sequence
from datetime import date, timedelta

from django.db import transaction

from ledger import services
from ledger.models import League, Player
from ledger.rows.details import HandDetails
from ledger.rules import OUTCOMES, RuleSet, parse_rules
from ledger.services.postings import (
    Posting,
    build_hand,
    build_reversal,
    request_digest,
    save_in_bulk,
)

NAMES = [
    "Croaker",
    "Goblin",
    "Elmo",
    "One-Eye",
    "Silent",
    "Lady",
    "Murgen",
    "Otto",
    "Hagop",
    "Raven",
    "Darling",
    "Candy",
    "Pawnbroker",
    "Lofty",
    "Sleepy",
    "Bucket",
    "Clete",
    "Tracker",
    "Longshadow",
    "Mogaba",
    "Sindawe",
    "Ochiba",
    "Blade",
    "Swan",
    "Mather",
    "Cordy",
    "Shed",
    "Willow",
    "Smoke",
    "Kiki",
    "Narayan",
    "Soulcatcher",
    "Limper",
    "Howler",
    "Nightcrawler",
    "Toadkiller",
    "Spider",
    "Torque",
    "Riverwalk",
    "Thai",
    "Dei",
    "Uncle",
    "Doj",
    "Sahra",
    "Tobo",
    "Gota",
    "Cat",
    "Sith",
    "Kina",
    "Loftus",
    "Jolly",
]
PRESETS = (
    "pagat",
    "speno",
    "newark",
    "chicago",
    "dc",
    "baton-rouge",
    "washington",
    "rushville",
    "speno-es",
)
STAKES = (25, 50, 100, 100, 200)


def player_names(count: int) -> list[str]:
    return [
        NAMES[i % len(NAMES)] + (f" {i // len(NAMES) + 1}" if i >= len(NAMES) else "")
        for i in range(count)
    ]


def _claims(rng: random.Random, rules: RuleSet, players: Sequence[Player], _: dict) -> dict:
    claimable = [c for c in sorted(rules.deal_counts) if rules.tier_of(c) is not None]
    callers = rng.sample(list(players), 1 if rng.random() < 0.85 else 2)
    return {"claims": [(p, rng.choice(claimable)) for p in callers]}


def _counts(rng: random.Random, rules: RuleSet, players: Sequence[Player], so_far: dict) -> dict:
    """Low counts are common, a dropper's lowest of all: so drops win and get caught."""
    play = sorted(rules.play_counts)
    counts = {p: rng.choice(play[:30]) for p in players}
    if so_far.get("dropper"):
        counts[so_far["dropper"]] = rng.choice(play[:10])
    return {"counts": counts}


# A plausible value of each detail of the registry (rules/outcomes.py DETAILS), given those
# drawn before it in the outcome's order.
DETAIL_VALUES: dict[str, Callable[[random.Random, RuleSet, Sequence[Player], dict], dict]] = {
    "dropper": lambda rng, rules, players, _: {"dropper": rng.choice(list(players))},
    "winner": lambda rng, rules, players, _: {"winner": rng.choice(list(players))},
    "method": lambda rng, rules, players, _: {"method": "spread" if rng.random() < 0.7 else "hit"},
    "first_turn": lambda rng, rules, players, _: {"first_turn": rng.random() < 0.05},
    "counts": _counts,
    "claims": _claims,
}


def random_details(rng: random.Random, rules: RuleSet, players: Sequence[Player]) -> HandDetails:
    """A plausible hand: each kind as often as a table sees it (the registry's frequency)."""
    specs = list(OUTCOMES.values())
    spec = rng.choices(specs, weights=[s.frequency for s in specs])[0]
    details: dict = {}
    for detail in spec.logs:
        details.update(DETAIL_VALUES[detail](rng, rules, players, details))
    return HandDetails(outcome=spec.name, **details)


class DemoLeague:
    """Generates one league; ``hands`` is spread evenly over ``seasons``."""

    def __init__(
        self,
        *,
        players: int,
        seasons: int,
        hands: int,
        seed: int = 2026,
        name: str = "Demo League",
        owner=None,
    ):
        if players < 3 or seasons < 1 or hands < 0:
            raise ValueError("a demo league needs at least 3 players and 1 season")
        self.rng = random.Random(seed)
        # The hands are drawn apart from the tables: a new kind of hand in the registry
        # changes the hands dealt, not who sat where.
        self.deals = random.Random(f"{seed}-hands")
        self.player_count, self.season_count, self.hand_count = players, seasons, hands
        self.name, self.owner = name, owner

    def create(self) -> League:
        with transaction.atomic():
            league = services.create_league(
                name=self.name, unit="$", decimal_places=2, default_stake=100, owner=self.owner
            )
            roster = [
                services.add_player(league=league, name=name)
                for name in player_names(self.player_count)
            ]
            start = date(2026, 1, 5)
            for index in range(self.season_count):
                share = self.hand_count // self.season_count + (
                    index < self.hand_count % self.season_count
                )
                season = services.start_season(league=league, name=f"Season {index + 1}")
                start = self._play_season(season, roster, share, start)
                if index < self.season_count - 1:
                    services.close_season(season=season, acting_user=None)
            return league

    def _play_season(self, season, roster, hands: int, first_night: date) -> date:
        """Weekly nights from ``first_night``; the next season starts the week after."""
        week = 0
        while hands > 0:
            preset = self.rng.choice(PRESETS)
            rules = parse_rules(preset)
            size = self.rng.randint(3, min(6, rules.max_players, len(roster)))
            table = self.rng.sample(roster, size)
            night = services.start_night(
                season=season,
                players=table,
                dealer=self.rng.choice(table),
                stake=self.rng.choice(STAKES),
                rules=preset,
                date=first_night + timedelta(days=week * 7 + self.rng.randint(0, 3) % 7),
            )
            night.season.league = season.league  # spares a query per hand
            count = min(hands, self.rng.randint(12, 40))
            self._play_night(night, table, count)
            hands -= count
            week += 1
            if hands > 0:
                services.close_night(night=night, acting_user=None)
        return first_night + timedelta(weeks=week)

    def _play_night(self, night, table: list[Player], count: int) -> None:
        """``count`` hands, about 2% of them voided and 2% corrected right after they were logged."""
        postings: list[Posting] = []
        dealer = night.dealer
        big_one = self.rng.random() < 0.3  # the last deals at double stakes
        while len(postings) < count:
            number = len(postings) + 1
            stake = night.stake * 2 if big_one and number > count - 3 else night.stake
            posting = self._build(night, table, number, dealer, stake)
            postings.append(posting)
            dealer = table[(table.index(dealer) + 1) % len(table)]
            roll = self.rng.random()
            if roll < 0.04 and len(postings) < count:
                hand = posting.hand
                posting.transactions.append(build_reversal(hand, posting.transactions[0][1]))
                if roll < 0.02:
                    postings.append(
                        self._build(night, table, number + 1, hand.dealer, hand.stake, hand)
                    )
        save_in_bulk(postings)
        night.dealer = dealer
        night.save(update_fields=["dealer"])

    def _build(self, night, table, number, dealer, stake, replaces=None) -> Posting:
        details = random_details(self.deals, parse_rules(night.rules), table)
        more = {"replaces": replaces.pk} if replaces else {}
        return build_hand(
            night=night,
            number=number,
            players=table,
            dealer=dealer,
            stake=stake,
            spec=night.rules,
            details=details,
            key=f"demo-{night.pk}-{number}",
            digest=request_digest(details, stake=stake, dealer=dealer.pk, **more),
            replaces=replaces,
        )
