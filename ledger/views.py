from django.shortcuts import render

from ledger.rules import PRESETS


def home(request):
    return render(request, "ledger/home.html", {"presets": PRESETS.values()})
