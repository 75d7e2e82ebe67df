"""The ledger: leagues, players, seasons, nights, hands and their balanced transactions.

Only ``ledger.services`` writes these rows. Ledger entries are append-only: a
void appends a reversing transaction, a correction a void plus a new hand.
"""

from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import models
from django.db.models import Exists, F, OuterRef, Q, Sum
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from ledger import paying as ledger_paying
from ledger.rules import OUTCOMES, RESULTS, parse_rules


def default_rules() -> dict:
    return {"preset": "pagat", "overrides": {}}


class LeagueQuerySet(models.QuerySet):
    def for_user(self, user):
        """The leagues ``user`` is a member of (none for an anonymous visitor)."""
        if not user.is_authenticated:
            return self.none()
        return self.filter(memberships__user=user)


class League(models.Model):
    name = models.CharField(max_length=100)
    slug = models.SlugField(max_length=60, unique=True)
    unit = models.CharField(max_length=20, default="$", help_text='e.g. "$", "chips", "points"')
    decimal_places = models.PositiveSmallIntegerField(default=2)
    rules = models.JSONField(default=default_rules, help_text="preset id plus overrides")
    rules_name = models.CharField(max_length=60, blank=True, help_text='e.g. "Thursday rules"')
    default_stake = models.BigIntegerField(default=100, help_text="in the minor unit")
    settle_unit = models.BigIntegerField(
        default=1, help_text="settle-up amounts are rounded to this, in the minor unit (25 = $0.25)"
    )
    points_rate = models.PositiveIntegerField(
        default=0, help_text="for leagues that score in points: cents paid per point at settle-up"
    )
    time_zone = models.CharField(
        max_length=64, blank=True, help_text='where the table plays, e.g. "America/Chicago"'
    )
    version = models.PositiveBigIntegerField(
        default=0, help_text="moves on when what every night's screens show changes (a name)"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    objects = LeagueQuerySet.as_manager()
    role: str | None  # the visitor's, set where web/access.py looks the league up

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(default_stake__gt=0), name="league_stake_positive"),
            models.CheckConstraint(
                condition=Q(decimal_places__lte=3), name="league_decimal_places_max_3"
            ),
            models.CheckConstraint(
                condition=Q(settle_unit__gt=0), name="league_settle_unit_positive"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def zone(self) -> ZoneInfo:
        """The league's time zone; the server's (``DJANGO_TIME_ZONE``) when it names none."""
        return ZoneInfo(self.time_zone or settings.TIME_ZONE)


class PlayerQuerySet(models.QuerySet):
    def active(self):
        return self.filter(retired_at__isnull=True)


class Role(models.TextChoices):
    OWNER = "owner", _("Owner")
    SCOREKEEPER = "scorekeeper", _("Scorekeeper")
    VIEWER = "viewer", _("Viewer")


class Membership(models.Model):
    """A user's role in a league: owner (everything), scorekeeper (plays and settles), viewer."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships"
    )
    role = models.CharField(max_length=11, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["league", "user"], name="one_membership_per_league"),
            models.CheckConstraint(condition=Q(role__in=Role.values), name="membership_role_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.user} is {self.role} of {self.league}"


class InvitationQuerySet(models.QuerySet):
    def pending(self):
        return self.filter(used_at__isnull=True)


class Invitation(models.Model):
    """A single-use link that makes whoever opens it (logged in) a member with ``role``."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="invitations")
    role = models.CharField(max_length=11, choices=Role.choices)
    lookup = models.CharField(max_length=12, unique=True)
    token = models.CharField(max_length=64)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    used_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    used_at = models.DateTimeField(null=True, blank=True)

    objects = InvitationQuerySet.as_manager()

    def __str__(self) -> str:
        return f"{self.role} invitation to {self.league}"


class ShareLinkQuerySet(models.QuerySet):
    def live(self):
        """Links not revoked."""
        return self.filter(revoked_at__isnull=True)


class ShareLink(models.Model):
    """Read-only access to a league, or to one night of it, for whoever holds the token."""

    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="share_links")
    night = models.ForeignKey(
        "Night", on_delete=models.CASCADE, null=True, blank=True, related_name="share_links"
    )
    lookup = models.CharField(max_length=12, unique=True)
    token = models.CharField(max_length=64)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    objects = ShareLinkQuerySet.as_manager()

    def __str__(self) -> str:
        return f"share link to {self.night or self.league}"


class Player(models.Model):
    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="players")
    name = models.CharField(max_length=60)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="players",
        help_text='"this is me": the account of the person this player is',
    )
    retired_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = [Lower("name")]
        constraints = [
            models.UniqueConstraint(Lower("name"), "league", name="player_name_unique_in_league"),
            models.UniqueConstraint(
                fields=["league", "user"], name="one_player_per_user_in_league"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class PayHandle(models.Model):
    """How a player gets paid on one service (``ledger/paying``): kept by the account that
    claimed the player, or by the league's owner for a player nobody claimed. Only the
    league's members see it; it is not money, so it is changed in place."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="pay_handles")
    kind = models.CharField(max_length=8, choices=[(k, k) for k in ledger_paying.KINDS])
    value = models.CharField(max_length=34, help_text="canonical, as ledger.paying cleans it")
    holder = models.CharField(max_length=70, blank=True, help_text="an IBAN's account holder")
    preferred = models.BooleanField(
        default=False, help_text="the way the player would rather be paid: shown first"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "kind"], name="one_handle_per_service"),
            models.UniqueConstraint(
                fields=["player"], condition=Q(preferred=True), name="one_preferred_handle"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} on {self.kind}"

    @property
    def handle(self) -> ledger_paying.Handle:
        return ledger_paying.Handle(self.kind, self.value, self.holder)


class SeasonQuerySet(models.QuerySet):
    def open(self):
        """The season still taking nights (a league has at most one)."""
        return self.filter(closed_at__isnull=True)


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.PROTECT, related_name="seasons")
    name = models.CharField(max_length=60)
    started_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # What the season's hands summed to in the ledger when it closed: zero, unless the
    # ledger is damaged. No hand of a closed season can change, so the all-time
    # standings add these up instead of summing every entry again; check_ledger
    # compares them with the entries.
    hands_total = models.BigIntegerField(null=True, blank=True, editable=False)

    objects = SeasonQuerySet.as_manager()

    class Meta:
        ordering = ["-started_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["league"],
                condition=Q(closed_at__isnull=True),
                name="one_open_season_per_league",
            ),
            models.UniqueConstraint(Lower("name"), "league", name="season_name_unique_in_league"),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def is_open(self) -> bool:
        return self.closed_at is None


class Night(models.Model):
    """A table session. ``rules``, ``stake`` and ``dealer`` apply to the next hand."""

    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="nights")
    date = models.DateField()
    rules = models.JSONField(help_text="preset id plus overrides, for the next hands")
    stake = models.BigIntegerField(help_text="default stake for the next hands")
    big_one = models.BooleanField(default=False, help_text="the next hands are at double stakes")
    dealer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    version = models.PositiveBigIntegerField(
        default=0, help_text="moves on, in the same transaction, with anything its screens show"
    )
    side_bets = models.JSONField(
        default=dict,
        blank=True,
        help_text="the side bets set up for the next deal: kind -> ante, player ids (and suit)",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-date", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(stake__gt=0), name="night_stake_positive")
        ]

    def __str__(self) -> str:
        return f"{self.season.league.name}, {self.date:%Y-%m-%d}"

    @property
    def is_open(self) -> bool:
        return self.closed_at is None

    @property
    def next_stake(self) -> int:
        """The stake of the next hand: doubled while "The Big One" is on."""
        return self.stake * 2 if self.big_one else self.stake

    @property
    def plays_pushups(self) -> bool:
        """The next hands are played for push-ups points (docs/rules.md section 8.1)."""
        return parse_rules(self.rules).scoring == "pushups"


class NightEvent(models.Model):
    """What happened to a night beyond its hands: closed, settled, reopened, and by whom."""

    class Kind(models.TextChoices):
        CLOSED = "closed", _("Closed")
        SETTLED = "settled", _("Settled up and closed")
        REOPENED = "reopened", _("Reopened")
        SEASON_CLOSED = "season", _("Closed with its season")

    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="events")
    kind = models.CharField(max_length=8, choices=Kind.choices)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} at {self.at:%Y-%m-%d %H:%M}"


class Seat(models.Model):
    """Who sits at a night's table now, clockwise by ``position``."""

    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField()
    seated = models.BooleanField(default=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["night", "player"], name="seat_once_per_night")
        ]

    def __str__(self) -> str:
        return f"{self.player} at seat {self.position}"


# The registry's outcomes and results as field choices, their labels translated.
OUTCOME_CHOICES = [(name, _(spec.label)) for name, spec in OUTCOMES.items()]


def outcomes_needing(detail: str) -> list[str]:
    """The outcomes a hand cannot be recorded as without ``detail`` (the registry says)."""
    return [name for name, spec in OUTCOMES.items() if detail in spec.required]


RESULT_CHOICES = [(name, _(spec.label)) for name, spec in RESULTS.items()]


def voided(hand: str = "pk") -> Exists:
    """Whether the hand at ``hand`` (a path from the rows queried) has been voided."""
    return Exists(Transaction.objects.filter(hand=OuterRef(hand), kind=Transaction.Kind.VOID))


class HandQuerySet(models.QuerySet):
    def voided(self):
        return self.filter(voided())

    def standing(self):
        """Hands that count: not voided (a corrected hand is voided, its correction stands)."""
        return self.exclude(voided())

    def with_voided(self):
        return self.annotate(is_voided=voided())


class Hand(models.Model):
    """One hand as logged, with the rules and stake it was scored under."""

    class Method(models.TextChoices):
        SPREAD = "spread", _("Spread")
        HIT = "hit", _("Hit")

    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveIntegerField()
    dealer = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    stake = models.BigIntegerField()
    rules = models.JSONField(help_text="preset id plus overrides, as scored")
    outcome = models.CharField(max_length=12, choices=OUTCOME_CHOICES)
    result = models.CharField(max_length=12, choices=RESULT_CHOICES)
    dropper = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    winner = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    method = models.CharField(max_length=6, choices=Method.choices, blank=True)
    first_turn = models.BooleanField(default=False)
    drop_count = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="a drop's dropper's count, for the drop advisor"
    )
    side_bets = models.JSONField(
        default=list, blank=True, help_text="kind, ante, player ids and winner id of each bet"
    )
    pot = models.JSONField(
        default=dict,
        blank=True,
        help_text="a naturals bet's pot when the hand was dealt: player id -> what they had in",
    )
    replaces = models.OneToOneField(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="correction"
    )
    idempotency_key = models.CharField(max_length=64)
    request_digest = models.CharField(max_length=64, help_text="what the key was first used for")
    logged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    logged_at = models.DateTimeField(auto_now_add=True)

    objects = HandQuerySet.as_manager()
    # Set on a hand read by HandQuerySet.with_voided() (or just recorded): not columns.
    is_voided: bool

    class Meta:
        ordering = ["night", "number"]
        constraints = [
            models.UniqueConstraint(fields=["night", "number"], name="hand_number_unique_in_night"),
            models.UniqueConstraint(
                fields=["night", "idempotency_key"], name="hand_key_unique_in_night"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(condition=Q(stake__gt=0), name="hand_stake_positive"),
            models.CheckConstraint(
                condition=Q(outcome__in=list(OUTCOMES)), name="hand_outcome_valid"
            ),
            models.CheckConstraint(condition=Q(result__in=list(RESULTS)), name="hand_result_valid"),
            models.CheckConstraint(
                condition=~Q(outcome__in=outcomes_needing("dropper")) | Q(dropper__isnull=False),
                name="hand_drop_has_dropper",
            ),
            models.CheckConstraint(
                condition=~Q(outcome__in=outcomes_needing("winner")) | Q(winner__isnull=False),
                name="hand_out_has_winner",
            ),
            models.CheckConstraint(
                condition=~Q(replaces=F("id")), name="hand_not_its_own_correction"
            ),
        ]

    def __str__(self) -> str:
        return f"Hand {self.number} of {self.night}"

    # Request keys of the hands the services post themselves when a hand is undone or redone.
    REDO_KEY, RESTORE_KEY = "redo:", "restore:"

    @property
    def is_redo(self) -> bool:
        """An undone hand posted again: it replaces what stood in for it."""
        return self.idempotency_key.startswith(self.REDO_KEY)

    @property
    def is_restore(self) -> bool:
        """The original of an undone correction, posted again: it replaces the correction."""
        return self.idempotency_key.startswith(self.RESTORE_KEY)


class HandPlayer(models.Model):
    """A player seated for one hand: seat, count, deal-tonk claim, role in the result and,
    playing push-ups, the points the hand pushed them up (docs/rules.md section 8.1)."""

    class Role(models.TextChoices):
        WINNER = "winner", _("Winner")
        CAUGHT = "caught", _("Caught dropping")
        CATCHER = "catcher", _("Catcher")
        NONE = "", _("None")

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="hand_seats")
    position = models.PositiveSmallIntegerField()
    count = models.PositiveSmallIntegerField(null=True, blank=True)
    claim_order = models.PositiveSmallIntegerField(null=True, blank=True)
    role = models.CharField(max_length=8, choices=Role.choices, blank=True)
    points = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["hand", "position"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "player"], name="hand_player_once"),
            models.UniqueConstraint(fields=["hand", "position"], name="hand_seat_once"),
            models.UniqueConstraint(fields=["hand", "claim_order"], name="hand_claim_order_once"),
            models.CheckConstraint(
                condition=~Q(claim_order__isnull=False, count__isnull=True),
                name="hand_claim_has_count",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} in hand {self.hand_id}"


class Transaction(models.Model):
    """One balanced ledger transaction: a hand's payouts, their reversal, or a payment.

    Every transaction belongs to a season, and to a night unless it is a payment
    made when settling up a whole season.
    """

    class Kind(models.TextChoices):
        HAND = "hand", _("Hand")
        VOID = "void", _("Void")
        PAYMENT = "payment", _("Payment")

    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="transactions")
    night = models.ForeignKey(
        Night, on_delete=models.PROTECT, null=True, blank=True, related_name="transactions"
    )
    hand = models.ForeignKey(
        Hand, on_delete=models.PROTECT, null=True, blank=True, related_name="transactions"
    )
    kind = models.CharField(max_length=7, choices=Kind.choices)
    idempotency_key = models.CharField(max_length=64, blank=True, help_text="for payments")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            # One posting and at most one reversal per hand, even if two phones void at once.
            models.UniqueConstraint(
                fields=["hand", "kind"], name="one_transaction_of_each_kind_per_hand"
            ),
            models.UniqueConstraint(
                fields=["season", "idempotency_key"],
                condition=~Q(idempotency_key=""),
                name="payment_key_unique_in_season",
            ),
            models.CheckConstraint(
                condition=Q(kind__in=["hand", "void"], hand__isnull=False, night__isnull=False)
                | Q(kind="payment", hand__isnull=True),
                name="transaction_kind_matches_hand",
            ),
        ]

    def __str__(self) -> str:
        if self.hand_id:
            return f"{self.get_kind_display()} of hand {self.hand_id}"
        return f"Payment {self.pk}"


class PlayerNight(models.Model):
    """A player's totals for one night over the hands that stand: the standings' read model.

    Written only with the hands and voids that change it, in the same transaction;
    ``check_ledger`` recomputes every row from the hands and entries.
    """

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="tallies")
    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="tallies")
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="tallies")
    net = models.BigIntegerField(default=0)
    hands = models.IntegerField(default=0)
    caught = models.IntegerField(default=0)
    catches = models.IntegerField(default=0)
    points = models.BigIntegerField(default=0, help_text="push-ups points (fewest is best)")
    points_hands = models.IntegerField(default=0, help_text="hands played for push-ups")
    best_hand = models.BigIntegerField(
        default=0, help_text="the most won on one standing hand of the night; 0 if none won"
    )

    COUNTERS = ("net", "hands", "caught", "catches", "points", "points_hands")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["player", "night"], name="one_tally_per_player_night")
        ]
        indexes = [models.Index(fields=["season", "player"], name="tally_season_player")]

    def __str__(self) -> str:
        return f"{self.player_id} on night {self.night_id}: {self.net:+d}"


class WinTally(models.Model):
    """How many hands of one winning kind (a ``win`` result of the registry,
    ``ledger/rules/outcomes.py``) a player won on one night: a row per kind won, so a new
    kind of win needs no column. Kept and re-checked like ``PlayerNight``."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="win_tallies")
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="win_tallies")
    kind = models.CharField(max_length=12)
    count = models.IntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "night", "kind"], name="one_win_tally_per_kind"
            )
        ]
        indexes = [models.Index(fields=["season", "player"], name="win_tally_season_player")]

    def __str__(self) -> str:
        return f"{self.player_id} won {self.count} {self.kind} on night {self.night_id}"


class PairNight(models.Model):
    """What ``player`` won from ``counterparty`` over one night's standing hands (net, either
    sign), the hands they sat at together, the hands ``player`` won with the other at the
    table and the drops of the other's ``player`` caught.

    The read model behind "who won what from whom" and the head-to-head, kept like
    ``PlayerNight``: a row for every two players who shared a standing hand.
    """

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    counterparty = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    night = models.ForeignKey(Night, on_delete=models.PROTECT, related_name="pair_tallies")
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="pair_tallies")
    net = models.BigIntegerField(default=0)
    hands = models.IntegerField(default=0)
    wins = models.IntegerField(default=0)
    catches = models.IntegerField(default=0)

    COUNTERS = ("net", "hands", "wins", "catches")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "counterparty", "night"], name="one_pair_tally_per_night"
            )
        ]
        indexes = [
            models.Index(fields=["season", "player", "counterparty"], name="pair_tally_season")
        ]

    def __str__(self) -> str:
        return (
            f"{self.player_id} from {self.counterparty_id} on night {self.night_id}: {self.net:+d}"
        )


class DropTally(models.Model):
    """A player's drops at one count over a season's closed nights: how many, how many won,
    how many were caught (the rest were drawn). The drop advisor's read model, added to
    when a night closes and taken from when it reopens (``services/drops.py``)."""

    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    season = models.ForeignKey(Season, on_delete=models.PROTECT, related_name="drop_tallies")
    count = models.PositiveSmallIntegerField(help_text="the dropper's count")
    drops = models.IntegerField(default=0)
    won = models.IntegerField(default=0)
    caught = models.IntegerField(default=0)

    COUNTERS = ("drops", "won", "caught")

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["player", "season", "count"], name="one_drop_tally_per_count"
            )
        ]

    def __str__(self) -> str:
        return f"{self.player_id} dropped {self.drops} at {self.count} in season {self.season_id}"


class PlayerRating(models.Model):
    """A player's skill rating after the league's closed nights (``ledger/rivalry/ratings.py``).

    Worked out again from the tallies whenever a night closes or reopens
    (``services/ratings.py``); ``check_ledger`` rates every night afresh and compares.
    """

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="rating")
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="ratings")
    mu = models.FloatField()
    sigma = models.FloatField()
    ordinal = models.FloatField(help_text="mu - 3 sigma: the order of the ratings table")
    nights = models.PositiveIntegerField(help_text="rated nights played")
    night = models.ForeignKey(
        Night, on_delete=models.PROTECT, related_name="+", help_text="the last of them"
    )

    class Meta:
        indexes = [models.Index(fields=["league", "-ordinal"], name="rating_league_order")]

    def __str__(self) -> str:
        return f"{self.player_id}: {self.mu:.2f} ± {self.sigma:.2f}"


class EntryQuerySet(models.QuerySet):
    def balances(self):
        """{player id: net} over these entries, summed in SQL."""
        rows = self.values("player").annotate(net=Sum("amount")).values_list("player", "net")
        return {player: net for player, net in rows if net}

    def from_hands(self):
        """Entries of hands and their voids: what was won and lost at the table."""
        return self.filter(transaction__kind__in=["hand", "void"])

    def total(self) -> int:
        return self.aggregate(total=Sum("amount"))["total"] or 0


class Entry(models.Model):
    """Double entry: a transfer of ``a`` from P to Q is (Q, P, +a) and (P, Q, -a).

    ``amount`` is what ``player`` gains from ``counterparty``; a transaction's
    entries sum to zero. Never updated or deleted.
    """

    # Looked up through the index below, which also holds the amount: totals over a
    # league's hands sum amounts without reading the rows.
    transaction = models.ForeignKey(
        Transaction, on_delete=models.PROTECT, related_name="entries", db_index=False
    )
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="entries")
    counterparty = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="+")
    amount = models.BigIntegerField()

    objects = EntryQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "entries"
        indexes = [models.Index(fields=["transaction", "amount"], name="entry_amounts")]
        constraints = [
            models.UniqueConstraint(
                fields=["transaction", "player", "counterparty"], name="entry_once_per_pair"
            ),
            models.CheckConstraint(condition=~Q(amount=0), name="entry_amount_not_zero"),
            models.CheckConstraint(
                condition=~Q(player=F("counterparty")), name="entry_not_to_self"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} {self.amount:+d} from {self.counterparty_id}"
