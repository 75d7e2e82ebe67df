"""Logging a hand: the fields its outcome logs, for the players at the table."""

import hashlib
import json
import uuid
from collections.abc import Callable, Sequence
from typing import ClassVar, cast

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ledger.errors import LedgerError
from ledger.models import OUTCOME_CHOICES, Player
from ledger.rows.details import Bet, HandDetails, engine_hand
from ledger.rules import OUTCOMES, RulesError, RuleSet
from ledger.rules.hand import SUITS, count_errors
from ledger.rules.outcomes import Counts
from ledger.web.forms.amounts import NUMERIC
from ledger.web.forms.side_bets import NOBODY
from ledger.web.i18n import explain
from ledger.web.inputs import (
    ChoiceField,
    WholeNumberField,
)

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
        bets: Sequence[Bet] = (),
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
        cast(ChoiceField, self.fields["dealer"]).choices = [(str(p.pk), p.name) for p in players]
        for detail in self.spec.logs:
            self.fields.update(self.DETAIL_FIELDS[detail](self))
        if self.counts_needed == Counts.EVERY_LOSER:  # the winner's count is not needed
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
    def asks_losers_counts(self) -> bool:
        """Playing push-ups, a hand someone went out on asks every count but the winner's."""
        return self.counts_needed == Counts.EVERY_LOSER

    @property
    def takes_counts(self) -> bool:
        """Whether the card picker helps: the outcome asks for counts."""
        return bool(self.counts_needed)

    @property
    def pad_counts(self) -> list[int]:
        """The counts the pad offers, one tap each: those the rules make possible."""
        if self.rules is None or not self.counts_needed:
            return []
        if self.counts_needed == Counts.CLAIMERS:
            return sorted(c for c in self.rules.deal_counts if self.rules.tier_of(c) is not None)
        if self.counts_needed == Counts.EVERY_NON_CLAIMER:
            return sorted(self.rules.deal_counts)
        return sorted(self.rules.play_counts)

    def _radio(self, label: str, required: str) -> ChoiceField:
        return ChoiceField(
            choices=cast(ChoiceField, self.fields["dealer"]).choices,
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

    # The fields each detail of the registry (rules/outcomes.py DETAILS) is asked with.
    DETAIL_FIELDS: ClassVar[dict[str, Callable[["HandForm"], dict]]] = {
        "dropper": _dropper_fields,
        "winner": _winner_fields,
        "method": _method_fields,
        "first_turn": _first_turn_fields,
        "counts": _counts_fields,
        "claims": _claims_fields,
    }

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

    def dropper_count(self) -> int | None:
        """The dropper's count as typed so far, whether or not the rest of the sheet is
        filled in: the drop advisor's line needs no more."""
        dropper = self.data.get("dropper", "")
        field = self.fields.get(f"count-{dropper}")
        if field is None or not self.is_bound:
            return None
        try:
            return field.clean(self.data.get(f"count-{dropper}", ""))
        except forms.ValidationError:
            return None

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
