"""Forms: they parse and validate input; the services decide and write."""

import hashlib
import json
import uuid

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ledger.errors import LedgerError
from ledger.models import OUTCOME_CHOICES, Player
from ledger.rules import MAX_STAKE, OUTCOMES, PRESETS, RulesError, RuleSet, normalize_rules
from ledger.rules.hand import count_errors
from ledger.rules.money import AmountError, format_number, parse_amount
from ledger.rules.ruleset import CATCH, SEVERAL, STOCK_OUT_RULES, STOCK_OUT_TIES, TIES
from ledger.services.details import Bet, HandDetails, engine_hand
from ledger.services.side_bets import SUITS
from ledger.web.i18n import explain, money, number_style
from ledger.web.inputs import (
    ChoiceField,
    JsonInputError,
    TypedChoiceField,
    WholeNumberField,
    parse_json,
)

PRESET_CHOICES = [
    (p.id, format_lazy("{}: {}", gettext_lazy(p.name), gettext_lazy(p.summary)))
    for p in PRESETS.values()
]
NUMERIC = {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}
NOBODY = "nobody"  # the choice of nobody winning a side bet


def amount_widget() -> forms.TextInput:
    return forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"})


def clean_amount(text: str, places: int, high: int = MAX_STAKE) -> int:
    """An amount above zero, at most ``high``, typed in the active language's way ("2,50")."""
    try:
        amount = parse_amount(text, places, number_style())
    except AmountError as exc:
        raise ValidationError(explain(exc)) from None
    if amount < 1:
        raise ValidationError(_("It must be more than zero."))
    if amount > high:
        raise ValidationError(
            _("It can be at most %(high)s.") % {"high": format_number(high, places, number_style())}
        )
    return amount


class LeagueForm(forms.Form):
    name = forms.CharField(max_length=100, label=gettext_lazy("Name"))
    unit = forms.CharField(
        max_length=20,
        initial="$",
        label=gettext_lazy("Unit"),
        help_text=gettext_lazy('"$", "€", "chips", "points"…'),
    )
    decimal_places = TypedChoiceField(
        choices=[
            (2, gettext_lazy("2 (cents)")),
            (0, gettext_lazy("0 (whole units)")),
            (1, "1"),
            (3, "3"),
        ],
        coerce=int,
        initial=2,
        label=gettext_lazy("Decimal places"),
    )
    preset = ChoiceField(choices=PRESET_CHOICES, label=gettext_lazy("House rules"), initial="pagat")
    # Filled in by the phone (its own zone); the owner can change it on the league page.
    time_zone = forms.CharField(
        max_length=64, required=False, widget=forms.HiddenInput(attrs={"class": "time-zone"})
    )
    default_stake = forms.CharField(
        initial="1.00",
        widget=amount_widget(),
        label=gettext_lazy("Default stake"),
        help_text=gettext_lazy(
            "What each loser pays a winner; played for push-ups, what each point between "
            "two players is worth"
        ),
    )

    def clean(self):
        data = super().clean()
        if "decimal_places" in data and data.get("default_stake"):
            try:
                data["default_stake"] = clean_amount(data["default_stake"], data["decimal_places"])
            except ValidationError as exc:
                self.add_error("default_stake", exc)
        return data


class LeagueNameForm(forms.Form):
    name = forms.CharField(
        max_length=100, label=gettext_lazy("The league's name"), widget=forms.TextInput
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "id_league_%s")  # the league page has a player's name too
        super().__init__(*args, **kwargs)


class PlayerNameForm(forms.Form):
    name = forms.CharField(max_length=60, label=gettext_lazy("Player's name"))


class SeasonForm(forms.Form):
    name = forms.CharField(
        max_length=60,
        label=gettext_lazy("Season name"),
        initial=lambda: _("Season %(month)s") % {"month": date_format(timezone.localdate(), "F Y")},
    )

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("auto_id", "id_season_%s")  # the league page has a player's name too
        super().__init__(*args, **kwargs)


class StakeForm(forms.Form):
    """The stake of the next hands. One far above the stake now ("250" meant as "2.50") is
    asked about once: the form comes back with the question and ``sure`` set, and the same
    amount sent again with it applies."""

    SURE_ABOVE = 10  # times the stake now

    stake = forms.CharField(widget=amount_widget(), label=gettext_lazy("Stake for the next hands"))
    sure = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, league, current: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.league, self.places, self.current = league, league.decimal_places, current
        self.question = ""

    def clean_stake(self) -> int:
        return clean_amount(self.cleaned_data["stake"], self.places)

    def clean(self):
        data = super().clean()
        stake = data.get("stake")
        if stake and stake > self.SURE_ABOVE * self.current and data.get("sure") != str(stake):
            self.question = _(
                "%(stake)s is more than %(times)d times the stake now (%(current)s): "
                "tap Change again to play for %(stake)s."
            ) % {
                "stake": money(stake, self.league),
                "times": self.SURE_ABOVE,
                "current": money(self.current, self.league),
            }
            self.data = self.data.copy()
            self.data["sure"] = str(stake)
            raise ValidationError(self.question, code="sure")
        return data


class TimeZoneForm(forms.Form):
    """Where the table plays: nights are dated and times shown in this zone."""

    time_zone = forms.CharField(
        max_length=64,
        required=False,
        label=gettext_lazy("Time zone"),
        help_text=gettext_lazy('e.g. "America/Chicago"; empty for the server\'s own'),
        widget=forms.TextInput(attrs={"autocomplete": "off", "class": "time-zone"}),
    )


class SettlingForm(forms.Form):
    settle_unit = forms.CharField(
        label=gettext_lazy("Round settle-up amounts to"),
        widget=amount_widget(),
        help_text=gettext_lazy("e.g. 0.25 to pay in quarters"),
    )
    points_rate = WholeNumberField(
        label=gettext_lazy("Cents per point (leagues that score in points; 0 if not)"),
        min_value=0,
        max_value=100_000,
        widget=forms.NumberInput(attrs=NUMERIC),
    )

    def __init__(self, *args, places: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.places = places

    def clean_settle_unit(self) -> int:
        return clean_amount(self.cleaned_data["settle_unit"], self.places)


# House rules: a preset plus optional overrides of any option.

CATCH_LABELS = {
    "standard": gettext_lazy("dropper pays each catcher double; the others pay the lowest"),
    "speno": gettext_lazy(
        "dropper pays each catcher double; players above the dropper pay the lowest"
    ),
    "lowest_takes": gettext_lazy("dropper pays the lowest double; the others pay the lowest"),
    "table_to_lowest": gettext_lazy("dropper pays the lowest one stake per opponent"),
    "single_catch": gettext_lazy(
        "dropper pays each catcher once; everyone not lowest pays the lowest"
    ),
    "double_to_all": gettext_lazy("dropper pays everyone double"),
    "five_to_lowest": gettext_lazy("dropper pays the lowest five stakes"),
    "catchers_only": gettext_lazy("dropper pays each catcher the catch multiplier"),
    "table_double_to_lowest": gettext_lazy("dropper pays the lowest two stakes per opponent"),
}
SEVERAL_LABELS = {
    "draw": gettext_lazy("a draw: nobody pays"),
    "best": gettext_lazy("the best claim wins"),
    "all_paid": gettext_lazy("every claim is paid by those who did not claim"),
    "first_caller": gettext_lazy("the first to call wins"),
}
TIE_LABELS = {
    "draw": gettext_lazy("a draw: nobody pays"),
    "dealer_left": gettext_lazy("the one nearest the dealer's left wins"),
    "first_caller": gettext_lazy("the first to call wins"),
    "all_paid": gettext_lazy("each tied player collects"),
    "dead": gettext_lazy("the hand is dead: nobody pays"),
}
STOCK_OUT_LABELS = {
    "lowest_wins": gettext_lazy("the lowest count collects"),
    "dead": gettext_lazy("the hand is dead: nobody pays"),
}
AS_PRESET = [("", gettext_lazy("As the preset"))]
CHOICE_OVERRIDES = {
    "scoring": (
        gettext_lazy("Played for"),
        [
            ("money", gettext_lazy("money: each win pays multiples of the stake")),
            ("pushups", gettext_lazy("push-ups: losers are pushed up by their counts")),
        ],
    ),
    "deck": (
        gettext_lazy("Deck"),
        [("52", gettext_lazy("52 cards")), ("40", gettext_lazy("40 cards (no 8s, 9s, 10s)"))],
    ),
    "hand_size": (gettext_lazy("Cards dealt"), [(5, "5"), (7, "7")]),
    "face_values": (
        gettext_lazy("Face cards"),
        [("ten", gettext_lazy("J, Q, K count 10")), ("rank", gettext_lazy("J 11, Q 12, K 13"))],
    ),
    "jokers": (gettext_lazy("Jokers (count 0)"), [(n, str(n)) for n in range(5)]),
    "deal_tonk.several": (
        gettext_lazy("Several deal tonks"),
        [(v, SEVERAL_LABELS[v]) for v in SEVERAL],
    ),
    "deal_tonk.tie": (gettext_lazy("Equal best deal tonks"), [(v, TIE_LABELS[v]) for v in TIES]),
    "drop.catch": (gettext_lazy("A caught drop"), [(v, CATCH_LABELS[v]) for v in CATCH]),
    "stock_out.rule": (
        gettext_lazy("Stock runs out"),
        [(v, STOCK_OUT_LABELS[v]) for v in STOCK_OUT_RULES],
    ),
    "stock_out.tie": (
        gettext_lazy("Stock-out tie"),
        [(v, TIE_LABELS[v]) for v in STOCK_OUT_TIES],
    ),
}
MULTIPLIER_OVERRIDES = {
    "drop.win_multiplier": gettext_lazy("Winning drop pays ×"),
    "drop.catch_multiplier": gettext_lazy("Catch multiplier (catchers only) ×"),
    "out.tonk_out_multiplier": gettext_lazy("Tonk out with a spread pays ×"),
    "out.tonk_out_hit_multiplier": gettext_lazy("Tonk out by hitting pays ×"),
    "out.first_turn_multiplier": gettext_lazy("Tonk out on the first turn pays ×"),
    "out.discard_out_multiplier": gettext_lazy("Out on a discard pays ×"),
    "stock_out.multiplier": gettext_lazy("Stock-out lowest collects ×"),
}


TIERS_MAX_CHARS = 2000  # a dozen tiers fit in a few hundred
TIERS_MAX_DEPTH = 3  # a list of objects, each with at most a list inside


def _field_name(option: str) -> str:
    return option.replace(".", "__")


class RulesForm(forms.Form):
    """A preset plus any overrides; ``spec`` is the stored form once valid."""

    preset = ChoiceField(choices=PRESET_CHOICES, label=gettext_lazy("House rules"))
    tiers = forms.CharField(
        required=False,
        label=gettext_lazy("Deal-tonk tiers (JSON, advanced)"),
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=format_lazy(
            "{} {}",
            gettext_lazy("e.g."),
            '[{"name": "fifty", "min": 50, "max": 50, "multiplier": 2}]',
        ),
    )

    def __init__(self, *args, spec: dict | None = None, **kwargs):
        if spec is not None and "initial" not in kwargs:
            kwargs["initial"] = self.initial_from(spec)
        super().__init__(*args, **kwargs)
        for option, (label, choices) in CHOICE_OVERRIDES.items():
            self.fields[_field_name(option)] = ChoiceField(
                label=label,
                required=False,
                choices=AS_PRESET + [(str(v), text) for v, text in choices],
            )
        for option, label in MULTIPLIER_OVERRIDES.items():
            self.fields[_field_name(option)] = WholeNumberField(
                label=label,
                required=False,
                min_value=1,
                max_value=100,
                widget=forms.NumberInput(attrs=NUMERIC),
            )
        self.order_fields(
            [
                "preset",
                *map(_field_name, CHOICE_OVERRIDES),
                *map(_field_name, MULTIPLIER_OVERRIDES),
                "tiers",
            ]
        )

    @staticmethod
    def initial_from(spec: dict) -> dict:
        if "preset" not in spec:
            return {"preset": "pagat"}
        initial = {"preset": spec["preset"]}
        for section, value in spec.get("overrides", {}).items():
            if isinstance(value, dict):
                for key, inner in value.items():
                    if key == "tiers":
                        initial["tiers"] = json.dumps(inner)
                    elif key != "order":
                        initial[_field_name(f"{section}.{key}")] = inner
            else:
                initial[section] = value
        return initial

    def clean(self):
        data = super().clean()
        overrides: dict = {}
        for option in [*CHOICE_OVERRIDES, *MULTIPLIER_OVERRIDES]:
            value = data.get(_field_name(option))
            if value in (None, ""):
                continue
            if option in ("hand_size", "jokers"):
                value = int(value)
            *section, key = option.split(".")
            (overrides.setdefault(section[0], {}) if section else overrides)[key] = value
        if data.get("tiers"):
            try:
                overrides.setdefault("deal_tonk", {})["tiers"] = parse_json(
                    data["tiers"], max_chars=TIERS_MAX_CHARS, max_depth=TIERS_MAX_DEPTH
                )
            except JsonInputError as exc:
                self.add_error("tiers", str(exc))
                return data
        try:
            self.spec = normalize_rules({"preset": data.get("preset"), "overrides": overrides})
        except RulesError as exc:
            option = str(exc.params.get("option", ""))
            field = "tiers" if option.startswith("deal_tonk.tier") else _field_name(option)
            self.add_error(field if field in self.fields else None, explain(exc))
        return data


class LeagueRulesForm(RulesForm):
    """The league's house rules, under a name of the table's choosing."""

    rules_name = forms.CharField(
        required=False,
        max_length=60,
        label=gettext_lazy("Name these rules"),
        widget=forms.TextInput(attrs={"placeholder": gettext_lazy("Thursday rules")}),
    )

    def __init__(self, *args, name: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["rules_name"].initial = name
        self.order_fields(["rules_name", *self.fields])


# Starting a night


class NightForm(forms.Form):
    """Who sits down, in which seat order, who deals first, at what stake."""

    new_player = forms.CharField(
        required=False, max_length=60, label=gettext_lazy("New player (sits last)")
    )
    dealer = ChoiceField(label=gettext_lazy("First dealer"))
    stake = forms.CharField(widget=amount_widget(), label=gettext_lazy("Stake"))
    date = forms.DateField(
        initial=timezone.localdate,  # in the league's time zone
        label=gettext_lazy("Date"),
        widget=forms.DateInput(attrs={"type": "date"}),
    )

    def __init__(self, *args, players: list[Player], places: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.players, self.places = players, places
        for seat, player in enumerate(players, start=1):
            self.fields[f"sit-{player.pk}"] = forms.BooleanField(required=False, label=player.name)
            self.fields[f"seat-{player.pk}"] = WholeNumberField(
                required=False,
                initial=seat,
                min_value=1,
                max_value=999,
                label=_("Seat of %(player)s") % {"player": player.name},
                widget=forms.NumberInput(attrs=NUMERIC),
            )
        self.fields["dealer"].choices = [(str(p.pk), p.name) for p in players] + [
            ("new", _("The new player"))
        ]

    def rows(self):
        return [(p, self[f"sit-{p.pk}"], self[f"seat-{p.pk}"]) for p in self.players]

    def clean_stake(self) -> int:
        return clean_amount(self.cleaned_data["stake"], self.places)

    def clean(self):
        data = super().clean()
        sitting = [p for p in self.players if data.get(f"sit-{p.pk}")]
        sitting.sort(key=lambda p: (data.get(f"seat-{p.pk}") or 999, p.name.lower()))
        self.seated = sitting
        count = len(sitting) + (1 if data.get("new_player", "").strip() else 0)
        if count < 2:
            raise ValidationError(_("Tick at least two players who sit down"))
        dealer = data.get("dealer")
        if dealer == "new" and not data.get("new_player", "").strip():
            self.add_error("dealer", _("Name the new player, or pick another dealer"))
        elif dealer not in ("new", None) and int(dealer) not in {p.pk for p in sitting}:
            self.add_error("dealer", _("The dealer must be one of the players who sit down"))
        return data


class SeatForm(forms.Form):
    player = ChoiceField(required=False, label=gettext_lazy("Player"))
    new_player = forms.CharField(
        required=False, max_length=60, label=gettext_lazy("or a new player")
    )

    def __init__(self, *args, players: list[Player], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["player"].choices = [("", "—")] + [(str(p.pk), p.name) for p in players]

    def clean(self):
        data = super().clean()
        if not data.get("player") and not data.get("new_player", "").strip():
            raise ValidationError(_("Pick a player or type a new name"))
        return data


# Side bets


class SideBetsForm(forms.Form):
    """The side bets of the next deals (docs/rules.md section 8.2): each kind on or off, its
    ante and who is in; the high-card bet's called suit."""

    KINDS = (
        ("high_card", gettext_lazy("High card")),
        ("naturals", gettext_lazy("Naturals pot")),
    )

    def __init__(self, *args, players: list[Player], places: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.places = places
        for kind, label in self.KINDS:
            self.fields[kind] = forms.BooleanField(required=False, label=label)
            ante = _("Each player bets") if kind == "high_card" else _("Ante each deal")
            self.fields[f"{kind}-ante"] = forms.CharField(
                required=False, widget=amount_widget(), label=ante
            )
            self.fields[f"{kind}-players"] = forms.MultipleChoiceField(
                required=False,
                choices=[(str(p.pk), p.name) for p in players],
                widget=forms.CheckboxSelectMultiple,
                label=_("Who is in"),
            )
        self.fields["high_card-suit"] = ChoiceField(
            required=False,
            choices=[(suit, suit) for suit in SUITS],
            widget=forms.RadioSelect(attrs={"class": "btn-check"}),
            label=_("Called suit"),
        )

    @property
    def suit(self):
        return self["high_card-suit"]

    def kinds(self):
        return [
            (self[kind], self[f"{kind}-ante"], self[f"{kind}-players"], label)
            for kind, label in self.KINDS
        ]

    def clean(self):
        data = super().clean()
        self.bets = {}
        for kind, _label in self.KINDS:
            if not data.get(kind):
                continue
            try:
                ante = clean_amount(data.get(f"{kind}-ante") or "", self.places)
            except ValidationError as exc:
                self.add_error(f"{kind}-ante", exc)
                continue
            players = [int(pk) for pk in data.get(f"{kind}-players", [])]
            if len(players) < 2:
                self.add_error(f"{kind}-players", _("Tick two players or more"))
                continue
            self.bets[kind] = {"ante": ante, "players": players}
        if "high_card" in self.bets:
            self.bets["high_card"]["suit"] = data.get("high_card-suit") or SUITS[0]
        return data

    @staticmethod
    def initial_from(night, places: int, default_ante: int) -> dict:
        """The night's set-up; a bet not set up yet starts with everyone in."""
        seated = [str(seat.player_id) for seat in night.seats.filter(seated=True)]
        initial = {"high_card-suit": night.side_bets.get("high_card", {}).get("suit", SUITS[0])}
        for kind, _label in SideBetsForm.KINDS:
            bet = night.side_bets.get(kind)
            initial[kind] = bet is not None
            initial[f"{kind}-ante"] = format_number(
                bet["ante"] if bet else default_ante, places, number_style()
            )
            initial[f"{kind}-players"] = [str(pk) for pk in bet["players"]] if bet else seated
        return initial


# Logging a hand

OUTCOME_LABELS = dict(OUTCOME_CHOICES)  # the scoring screen's buttons, in this order


class HandForm(forms.Form):
    """One hand's details for the players at the table: the fields its outcome logs."""

    key = forms.CharField(widget=forms.HiddenInput, max_length=64)
    dealer = ChoiceField(label=gettext_lazy("Dealer"))

    def __init__(
        self,
        *args,
        outcome: str,
        players: list[Player],
        dealer: Player,
        rules: RuleSet | None = None,
        bets: list[Bet] = (),
        suit: str = "",
        **kwargs,
    ):
        kwargs.setdefault("initial", {})
        kwargs["initial"].setdefault("key", uuid.uuid4().hex)
        self.rules = rules
        kwargs["initial"].setdefault("dealer", str(dealer.pk))
        super().__init__(*args, **kwargs)
        self.outcome, self.spec, self.players = outcome, OUTCOMES[outcome], players
        self.pushups = rules is not None and rules.scoring == "pushups"
        # Whose counts to ask: playing push-ups, the losers' too (they are pushed up by them).
        self.counts_needed = self.spec.counts_under_pushups if self.pushups else self.spec.counts
        self.by_pk = {str(p.pk): p for p in players}
        self.fields["dealer"].choices = [(str(p.pk), p.name) for p in players]
        for detail in self.spec.logs:
            self.fields.update(getattr(self, f"_{detail}_fields")())
        if self.counts_needed == "every loser":  # the winner's count is not needed
            self.fields.update(self._counts_fields(required=False))
        self.bets, self.suit = list(bets), suit if suit in SUITS else SUITS[0]
        if any(bet.kind == "high_card" for bet in self.bets):
            self.fields["suit"] = ChoiceField(
                choices=[(s, s) for s in SUITS],
                required=False,  # a sheet kept on the phone from before it was asked
                initial=self.suit,
                widget=forms.RadioSelect(attrs={"class": "btn-check"}),
                label=_("High card: the suit called for this deal"),
            )
        for bet in self.bets:
            self.fields[f"won-{bet.kind}"] = self._bet_winner(bet)
        self.fields["bets_seen"] = forms.CharField(required=False, max_length=64)

    @property
    def bets_fingerprint(self) -> str:
        """Names the side bets this sheet shows: a sheet opened before another phone changed
        them is refused, not saved with bets nobody saw."""
        if not self.bets:
            return ""
        shown = [(b.kind, b.ante, sorted(p.pk for p in b.players)) for b in self.bets]
        return hashlib.sha256(json.dumps(shown).encode()).hexdigest()[:16]

    def _bet_winner(self, bet: Bet) -> ChoiceField:
        """Who won a side bet, the bettors in seat order as the counts are; nobody is the
        default (docs/rules.md section 8.2), one tap away."""
        if bet.kind == "high_card":
            label, nobody = _("High card: who held the highest?"), _("Nobody held it")
        else:
            label, nobody = _("Naturals: who spread three of a kind first?"), _("Nobody yet")
        return ChoiceField(
            choices=[(str(p.pk), p.name) for p in self.players if p in bet.players]
            + [(NOBODY, nobody)],
            required=False,
            initial=NOBODY,
            widget=forms.RadioSelect(attrs={"class": "btn-check"}),
            label=label,
        )

    @property
    def suit_field(self):
        return self["suit"] if "suit" in self.fields else None

    def bet_fields(self):
        return [self[f"won-{bet.kind}"] for bet in self.bets]

    @property
    def takes_counts(self) -> bool:
        """Whether the card picker helps: the outcome asks for counts."""
        return bool(self.counts_needed)

    @property
    def pad_counts(self) -> list[int]:
        """The counts the pad offers, one tap each: those the rules make possible."""
        if self.rules is None or not self.counts_needed:
            return []
        if self.counts_needed == "claimers":
            return sorted(c for c in self.rules.deal_counts if self.rules.tier_of(c) is not None)
        if self.counts_needed == "every non-claimer":
            return sorted(self.rules.deal_counts)
        return sorted(self.rules.play_counts)

    def _radio(self, label: str, required: str) -> ChoiceField:
        return ChoiceField(
            choices=self.fields["dealer"].choices,
            widget=forms.RadioSelect(attrs={"class": "btn-check"}),
            label=label,
            error_messages={"required": required},
        )

    def _dropper_fields(self) -> dict:
        return {"dropper": self._radio(_("Who dropped?"), _("Tap who dropped"))}

    def _winner_fields(self) -> dict:
        return {"winner": self._radio(_("Who went out?"), _("Tap who went out"))}

    def _method_fields(self) -> dict:
        method = ChoiceField(
            choices=[("spread", _("Laid a spread")), ("hit", _("Hit a spread"))],
            initial="spread",
            widget=forms.RadioSelect(attrs={"class": "btn-check"}),
            label=_("How"),
        )
        return {"method": method}

    def _first_turn_fields(self) -> dict:
        return {"first_turn": forms.BooleanField(required=False, label=_("On their first turn"))}

    def _counts_fields(self, required: bool = True) -> dict:
        return {
            f"count-{player.pk}": WholeNumberField(
                label=_("%(player)s's count") % {"player": player.name},
                required=required,
                min_value=0,
                max_value=200,
                widget=forms.NumberInput(attrs=NUMERIC),
                error_messages={
                    "required": _("Enter %(player)s's count") % {"player": player.name}
                },
            )
            for player in self.players
        }

    def _claims_fields(self) -> dict:
        fields = {}
        for player in self.players:
            fields[f"claim-{player.pk}"] = WholeNumberField(
                label=_("%(player)s's deal count") % {"player": player.name},
                required=False,
                min_value=0,
                max_value=200,
                widget=forms.NumberInput(attrs=NUMERIC),
            )
            fields[f"order-{player.pk}"] = WholeNumberField(
                label=_("%(player)s called") % {"player": player.name},
                required=False,
                min_value=1,
                max_value=20,
                widget=forms.NumberInput(attrs={**NUMERIC, "class": "claim-order"}),
            )
        return fields

    def count_fields(self):
        return [(p, self[f"count-{p.pk}"]) for p in self.players if f"count-{p.pk}" in self.fields]

    def claim_rows(self):
        return [
            (p, self[f"claim-{p.pk}"], self[f"order-{p.pk}"])
            for p in self.players
            if f"claim-{p.pk}" in self.fields
        ]

    def clean(self):
        data = super().clean()
        if data.get("bets_seen", "") != self.bets_fingerprint:
            raise ValidationError(
                _("The side bets changed on another phone: check them here, then save.")
            )
        if "claims" in self.spec.logs:
            self._clean_claims(data)
        if self.rules is not None and not self.errors:
            # Name every impossible count at once, each beside its player.
            details = self.details()
            engine = engine_hand(
                players=self.players, dealer=self.players[0], stake=1, details=details
            )
            for error in count_errors(engine, self.rules):
                self.add_domain_error(error)
        return data

    def _clean_claims(self, data: dict) -> None:
        """A deal tonk's claims in calling order. Playing push-ups every player's deal count
        is asked, so the claimers are the ones who called (their order is set); the others'
        counts are what they are pushed up by."""
        counted = [p for p in self.players if data.get(f"claim-{p.pk}") is not None]
        called = [p for p in self.players if data.get(f"order-{p.pk}") is not None]
        claimed = called if self.pushups else counted
        if not called and not counted:
            raise ValidationError(_("Tap who called tonk, in calling order"))
        if not claimed or not set(claimed) <= set(counted):
            raise ValidationError(_("Enter the deal count of each player who called tonk"))
        seats = {p.pk: i for i, p in enumerate(self.players)}
        claimed.sort(key=lambda p: (data.get(f"order-{p.pk}") or 99, seats[p.pk]))
        self.claims = [(p, data[f"claim-{p.pk}"]) for p in claimed]
        self.deal_counts = {p: data[f"claim-{p.pk}"] for p in counted if p not in claimed}

    def details(self) -> HandDetails:
        data, player = self.cleaned_data, self.by_pk.get
        counts = {
            p: data[f"count-{p.pk}"] for p in self.players if data.get(f"count-{p.pk}") is not None
        }
        counts |= getattr(self, "deal_counts", {})
        side_bets = [
            Bet(
                bet.kind,
                bet.ante,
                bet.players,
                player(data.get(f"won-{bet.kind}") or ""),
                (data.get("suit") or self.suit) if bet.kind == "high_card" else "",
            )
            for bet in self.bets
        ]
        return HandDetails(
            side_bets=side_bets,
            outcome=self.outcome,
            dropper=player(data.get("dropper", "")),
            counts=counts or None,
            claims=getattr(self, "claims", ()),
            winner=player(data.get("winner", "")),
            method=data.get("method") or "spread",
            first_turn=bool(data.get("first_turn")),
        )

    def chosen_dealer(self) -> Player:
        return self.by_pk[self.cleaned_data["dealer"]]

    def add_domain_error(self, error: RulesError | LedgerError) -> None:
        """Show an engine or ledger error beside the field it is about."""
        field = None
        name = error.params.get("player")
        player = next((p for p in self.players if p.name == name), None)
        counted = ("count_unreachable", "count_invalid", "count_missing", "push_count_missing")
        if error.code in counted and player:
            field = f"claim-{player.pk}" if "claims" in self.spec.logs else f"count-{player.pk}"
        elif error.code in ("claim_no_tier", "claim_twice") and player:
            field = f"claim-{player.pk}"
        elif error.code in ("not_seated", "night_dealer_not_seated"):
            field = {"dropper": "dropper", "winner": "winner"}.get(
                str(error.params.get("role")), "dealer"
            )
        self.add_error(field if field in self.fields else None, explain(error))
