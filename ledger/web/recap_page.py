"""The night's recap as the group chat gets it: the page, its text and the card's words.

Shared by the members' recap and a night's share link, which shows the same recap to
whoever holds the link, without the payment handles (those are for members)."""

from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from ledger.reads.recap import Recap, night_recap
from ledger.rules import RESULTS
from ledger.web.access import SCORE, can
from ledger.web.i18n import local_date, money
from ledger.web.pay_buttons import PayButtons, payment_rows, plan_buttons


def hands_line(recap: Recap) -> str:
    """ "24 hands · 3 tonk-outs · 2 drops caught": how the night went, in one line."""
    counts = recap.results
    parts = [ngettext("%(n)d hand", "%(n)d hands", recap.hands) % {"n": recap.hands}]
    if counts.get("tonk_out"):
        n = counts["tonk_out"]
        parts.append(ngettext("%(n)d tonk-out", "%(n)d tonk-outs", n) % {"n": n})
    if counts.get("caught"):
        n = counts["caught"]
        parts.append(ngettext("%(n)d drop caught", "%(n)d drops caught", n) % {"n": n})
    if counts.get("deal_tonk"):
        n = counts["deal_tonk"]
        parts.append(ngettext("%(n)d deal tonk", "%(n)d deal tonks", n) % {"n": n})
    return " · ".join(parts)


def biggest_line(recap: Recap) -> str:
    big = recap.biggest
    if big is None:
        return ""
    league = recap.night.season.league
    return _("Biggest hand: %(player)s took %(amount)s on hand %(number)d (%(result)s)") % {
        "player": big.winner,
        "amount": money(big.amount, league),
        "number": big.number,
        "result": _(RESULTS[big.result].label),
    }


def title(recap: Recap) -> str:
    date = local_date(recap.night.date, "D j M Y")
    return pgettext("recap", "Tonk night of %(date)s") % {"date": date}


def recap_text(recap: Recap, buttons: list[PayButtons] | None) -> str:
    """The recap for the group chat; with each payment's first pay link for members."""
    league = recap.night.season.league
    lines = [f"{league.name} · {title(recap)}"]
    lines += [f"{name} {money(net, league, signed=True)}" for name, net in recap.totals]
    lines += [line for line in (hands_line(recap), biggest_line(recap)) if line]
    state = recap.settlement
    if state.settled:
        lines.append(_("Everyone is square."))
    else:
        lines.append(_("To settle up:"))
        for i, payment in enumerate(state.plan.transfers):
            line = _("%(payer)s pays %(payee)s %(amount)s") % {
                "payer": payment.payer,
                "payee": payment.payee,
                "amount": money(payment.amount, league),
            }
            links = [o.url for o in buttons[i].options if o.url] if buttons else []
            lines.append(f"{line}: {links[0]}" if links else line)
    return "\n".join(lines)


def open_graph(request, recap: Recap, card_url: str) -> dict[str, str]:
    """What a chat app shows for a link to this page: the night, its totals, the card."""
    league = recap.night.season.league
    totals = " · ".join(f"{n} {money(v, league, signed=True)}" for n, v in recap.totals[:6])
    description = totals or hands_line(recap)
    if recap.night.is_open:  # a preview pasted mid-night must not read as the result
        description = _("So far: %(totals)s") % {"totals": description}
    return {
        "title": f"{league.name} · {title(recap)}",
        "description": description,
        "url": request.build_absolute_uri(),
        "image": request.build_absolute_uri(card_url),
    }


def render_recap(request, night, *, card_url: str):
    recap = night_recap(night)
    league = night.season.league
    state = recap.settlement
    buttons = plan_buttons(request, state)
    rows = payment_rows(request, state, buttons)
    text = recap_text(recap, buttons)
    context = {
        "league": league,
        "night": night,
        "recap": recap,
        "rows": rows,
        "hands_line": hands_line(recap),
        "biggest_line": biggest_line(recap),
        "title": title(recap),
        "text": text,
        "og": open_graph(request, recap, card_url),
        "card_url": card_url,
        "members": buttons is not None,
        "can_score": can(request, SCORE),
        "settle_url": reverse("ledger:night_settle", args=[league.slug, night.pk]),
    }
    return render(request, "ledger/recap.html", context)
