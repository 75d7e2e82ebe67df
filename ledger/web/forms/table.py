"""Starting a night and the table's controls: who sits down, who deals, the stake."""

from typing import cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ledger.models import Player
from ledger.web.forms.amounts import NUMERIC, amount_widget, clean_amount
from ledger.web.i18n import money
from ledger.web.inputs import (
    ChoiceField,
    WholeNumberField,
)


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
        cast(ChoiceField, self.fields["dealer"]).choices = [
            (str(p.pk), p.name) for p in players
        ] + [("new", _("The new player"))]

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
        cast(ChoiceField, self.fields["player"]).choices = [("", "—")] + [
            (str(p.pk), p.name) for p in players
        ]

    def clean(self):
        data = super().clean()
        if not data.get("player") and not data.get("new_player", "").strip():
            raise ValidationError(_("Pick a player or type a new name"))
        return data
