"""House rules: a preset plus optional overrides of any option (``rules/options.py``)."""

import json
from typing import Any

from django import forms
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from ledger.rules import PRESETS, RulesError, normalize_rules
from ledger.rules.options import CHOICES, MULTIPLIERS
from ledger.web.forms.amounts import NUMERIC
from ledger.web.i18n import explain
from ledger.web.inputs import (
    ChoiceField,
    JsonInputError,
    WholeNumberField,
    parse_json,
)

PRESET_CHOICES = [
    (p.id, format_lazy("{}: {}", gettext_lazy(p.name), gettext_lazy(p.summary)))
    for p in PRESETS.values()
]


AS_PRESET = [("", gettext_lazy("As the preset"))]


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
        for option, (title, values) in CHOICES.items():
            self.fields[_field_name(option)] = ChoiceField(
                label=gettext_lazy(title),
                required=False,
                choices=AS_PRESET + [(str(v), gettext_lazy(text)) for v, text in values.items()],
            )
        for option, title in MULTIPLIERS.items():
            self.fields[_field_name(option)] = WholeNumberField(
                label=gettext_lazy(title),
                required=False,
                min_value=1,
                max_value=100,
                widget=forms.NumberInput(attrs=NUMERIC),
            )
        self.order_fields(
            [
                "preset",
                *map(_field_name, CHOICES),
                *map(_field_name, MULTIPLIERS),
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

    def clean(self) -> dict[str, Any]:
        super().clean()
        data = self.cleaned_data
        overrides: dict = {}
        for option in [*CHOICES, *MULTIPLIERS]:
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
