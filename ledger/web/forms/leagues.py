"""A league, its players and seasons, its time zone and how it settles up."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ledger.web.forms.amounts import NUMERIC, amount_widget, clean_amount
from ledger.web.forms.rules import PRESET_CHOICES
from ledger.web.inputs import (
    ChoiceField,
    TypedChoiceField,
    WholeNumberField,
)


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
