"""A player's payment handles: one box per service, each checked by ``ledger.paying``."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ledger.paying import KINDS, Handle, HandleError, clean_handle
from ledger.paying.handles import clean_holder
from ledger.web.i18n import explain

TYPED = {"autocomplete": "off", "autocapitalize": "none", "spellcheck": "false"}
EXAMPLES = {
    "paypal": "paypal.me/croaker",
    "venmo": "@croaker",
    "cashapp": "$croaker",
    "revolut": "revolut.me/croaker",
    "bizum": "612 345 678",
    "iban": "DE89 3704 0044 0532 0130 00",
}
LABELS = {
    "paypal": "PayPal.me",
    "venmo": "Venmo",
    "cashapp": "Cash App",
    "revolut": "Revolut",
    "bizum": gettext_lazy("Bizum (mobile number)"),
    "iban": gettext_lazy("IBAN (bank account)"),
}


class PayHandlesForm(forms.Form):
    """Blank removes a service's handle; all boxes are saved together or none is."""

    holder = forms.CharField(
        max_length=100,
        required=False,
        label=gettext_lazy("Account holder, as the bank has it"),
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for kind in KINDS:
            attrs = dict(TYPED)
            if kind == "bizum":
                attrs["inputmode"] = "tel"
            self.fields[kind] = forms.CharField(
                max_length=100,
                required=False,
                label=LABELS[kind],
                help_text=_("e.g. %(example)s") % {"example": EXAMPLES[kind]},
                widget=forms.TextInput(attrs=attrs),
            )
        self.fields["preferred"] = forms.ChoiceField(
            required=False,
            label=_("Shown first at settle-up"),
            help_text=_("The others are one tap away."),
            choices=[("", _("The first of these in this order")), *LABELS.items()],
        )
        self.order_fields([*KINDS[:-1], "iban", "holder", "preferred"])

    def clean(self):
        data = super().clean()
        self.handles: dict[str, Handle | None] = {}
        holder = data.get("holder") or ""
        for kind in KINDS:
            text = (data.get(kind) or "").strip()
            if not text:
                self.handles[kind] = None
                continue
            if kind == "iban":  # the holder and the IBAN are checked apart: both errors show
                try:
                    holder = clean_holder(holder)
                except HandleError as exc:
                    self.add_error("holder", ValidationError(explain(exc)))
                    holder = "?"
            try:
                self.handles[kind] = clean_handle(kind, text, holder)
            except HandleError as exc:
                self.add_error(kind, ValidationError(explain(exc)))
        preferred = data.get("preferred") or ""
        if preferred and not (data.get(preferred) or "").strip():
            message = _("%(service)s has no box filled in above: fill it in, or choose another.")
            self.add_error("preferred", message % {"service": LABELS[preferred]})
        self.preferred = preferred
        return data

    @classmethod
    def initial_for(cls, handles: list[Handle], preferred: str = "") -> dict[str, str]:
        initial = {h.kind: h.shown for h in handles} | {"preferred": preferred}
        for handle in handles:
            if handle.kind == "iban":
                initial["holder"] = handle.holder
        return initial
