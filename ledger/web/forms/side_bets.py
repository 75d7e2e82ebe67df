"""The side bets of the next deals (docs/rules.md section 8.2)."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ledger.models import Player
from ledger.rules.hand import SUITS
from ledger.rules.money import format_number
from ledger.web.forms.amounts import amount_widget, clean_amount
from ledger.web.i18n import number_style
from ledger.web.inputs import (
    ChoiceField,
)

NOBODY = "nobody"  # the choice of nobody winning a side bet


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
