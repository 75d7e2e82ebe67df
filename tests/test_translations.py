"""Dutch, Italian and Spanish: complete catalogues, no English left on the main screens,
error messages and amounts in the reader's language."""

import gettext
import html
import re
import shutil
import subprocess
from datetime import date
from pathlib import Path

import polib
import pytest
from django.conf import settings
from django.core.management import call_command
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation
from hypothesis import given
from hypothesis import strategies as st

from ledger import services
from ledger.errors import LedgerError
from ledger.rules import PRESETS, RulesError, score
from ledger.rules.jsonform import hand_from_json
from ledger.rules.money import STYLES, Amount, format_amount, format_plain, parse_amount
from ledger.web.i18n import explain
from tests.helpers import drop, record

ROOT = Path(__file__).resolve().parents[1]
LANGUAGES = ["nl", "it", "es"]
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|\{\w+(?:![rs])?\}")


def catalogue(language: str) -> polib.POFile:
    return polib.pofile(str(ROOT / "locale" / language / "LC_MESSAGES" / "django.po"))


def test_the_four_languages_are_offered():
    assert [code for code, _ in settings.LANGUAGES] == ["en", *LANGUAGES]


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_message_is_translated_and_none_is_fuzzy(language):
    po = catalogue(language)
    assert len(po) > 400
    assert po.percent_translated() == 100, [e.msgid for e in po.untranslated_entries()][:10]
    assert not po.fuzzy_entries(), [e.msgid for e in po.fuzzy_entries()][:10]
    assert not po.metadata_is_fuzzy
    assert po.metadata["Language"] == language


# The game's own English words a translation could keep by mistake: the Dutch sheet said
# "three of a kind" (drie gelijke kaarten).
GAME_WORDS = ["three of a kind", "side bet", "high card"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_keeps_the_games_english_words(language):
    kept = [
        entry.msgstr
        for entry in catalogue(language)
        if any(word in entry.msgstr.lower() for word in GAME_WORDS)
    ]
    assert kept == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_translations_keep_every_placeholder(language):
    for entry in catalogue(language):
        pairs = (
            [(entry.msgid, entry.msgstr)]
            if not entry.msgid_plural
            else [(entry.msgid_plural, text) for text in entry.msgstr_plural.values()]
        )
        for source, text in pairs:
            wanted = sorted(set(PLACEHOLDER.findall(source)))
            if entry.msgid_plural:  # a singular may say "one" instead of the number
                assert set(PLACEHOLDER.findall(text)) <= set(wanted), (source, text)
            else:
                assert sorted(set(PLACEHOLDER.findall(text))) == wanted, (source, text)


@pytest.mark.parametrize("language", LANGUAGES)
def test_catalogues_compile_with_msgfmt_checks(language, tmp_path):
    if not shutil.which("msgfmt"):
        pytest.skip("GNU gettext's msgfmt is not installed (make messages installs it)")
    po = ROOT / "locale" / language / "LC_MESSAGES" / "django.po"
    done = subprocess.run(
        ["msgfmt", "--check", "-o", str(tmp_path / "django.mo"), str(po)],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr


def test_preset_names_and_summaries_are_translated():
    for language in LANGUAGES:
        po = {entry.msgid: entry.msgstr for entry in catalogue(language)}
        for preset in PRESETS.values():
            assert po.get(preset.name), (language, preset.name)
            assert po[preset.summary] != preset.summary, (language, preset.summary)


# Amounts per locale: integers stored, text per language.


def test_amounts_are_written_the_way_each_language_writes_them():
    cases = {
        "en": ("$1,234.50", "−€2.50", "1,500 chips"),
        "nl": ("$\u00a01.234,50", "−€\u00a02,50", "1.500 chips"),
        "it": ("1.234,50\u00a0$", "−2,50\u00a0€", "1.500 chips"),
        "es": ("1.234,50\u00a0$", "−2,50\u00a0€", "1.500 chips"),
    }
    for language, (dollars, euros, chips) in cases.items():
        style = STYLES[language]
        assert format_amount(123450, "$", 2, style=style) == dollars
        assert format_amount(-250, "€", 2, style=style) == euros
        assert format_amount(1500, "chips", 0, style=style) == chips


@pytest.mark.parametrize(
    ("language", "heading"),
    [
        ("en", "Wed 2 Dec 2026"),
        ("nl", "wo 2 dec 2026"),  # Django's own "M" would write "2 Dec"
        ("it", "Mer 2 Dic 2026"),  # Django's Italian capitalises its months ("Dicembre")
        ("es", "mié 2 dic 2026"),
    ],
)
def test_dates_are_written_the_way_each_language_writes_them(language, heading):
    day = Context({"day": date(2026, 12, 2)})
    with translation.override(language):
        assert Template('{% load tonk %}{{ day|local_date:"D j M Y" }}').render(day) == heading
        assert Template('{% load tonk %}{{ day|local_date:"j Y" }}').render(day) == "2 2026"


def test_a_comma_language_reads_a_decimal_comma_and_grouped_thousands():
    nl = STYLES["nl"]
    assert parse_amount("2,50", 2, nl) == 250
    assert parse_amount("1.000", 2, nl) == 100000
    assert parse_amount("1.000,25", 2, nl) == 100025
    assert parse_amount("2.5", 2, nl) == 250  # an English keyboard's point still means a decimal
    assert parse_amount("€ 3", 2, nl) == parse_amount("€\u00a03", 2, nl) == 300  # copied too


@given(
    amount=st.integers(min_value=0, max_value=10**12),
    places=st.integers(min_value=0, max_value=3),
    language=st.sampled_from(sorted(STYLES)),
)
def test_what_a_form_shows_reads_back_as_the_same_amount(amount, places, language):
    style = STYLES[language]
    assert parse_amount(format_plain(amount, places, style), places, style) == amount


# Errors from the engine and the ledger, worded by the web layer.


def _engine_error(hand: dict) -> RulesError:
    with pytest.raises(RulesError) as caught:
        score(*hand_from_json(hand))
    return caught.value


def test_engine_errors_are_worded_in_the_active_language():
    error = _engine_error(
        {
            "outcome": "drop",
            "stake": 1,
            "players": ["A", "B"],
            "dealer": "A",
            "dropper": "A",
            "counts": {"A": 49, "B": 3},
            "rules": {"preset": "baton-rouge", "overrides": {"jokers": 2}},
        }
    )
    assert error.code == "count_unreachable"
    assert "40-card deck with 2 jokers" in str(error)  # the English message is unchanged
    with translation.override("nl"):
        assert (
            explain(error)
            == "telling 49 van A is onmogelijk met een spel van 40 kaarten met 2 jokers"
        )
    with translation.override("es"):
        assert (
            explain(error)
            == "cuenta 49 de A es imposible con una baraja de 40 cartas con 2 comodines"
        )
    with translation.override("en"):
        assert explain(error) == str(error)


def test_engine_role_words_and_ledger_amounts_are_translated_too():
    error = _engine_error(
        {"outcome": "dead", "stake": 1, "players": ["A", "B"], "dealer": "Z", "rules": "pagat"}
    )
    with translation.override("it"):
        assert explain(error) == "il mazziere Z non è uno dei giocatori"
    owed = LedgerError("payment_more_than_owes", player="Goblin", amount=Amount(250, "€", 2))
    assert str(owed) == "Goblin owes only €2.50 here"
    with translation.override("it"):
        assert explain(owed) == "qui Goblin deve solo 2,50\u00a0€"


# Screens, rendered in each language.

# Strings every main screen would show in English if a translation were missing.
KEY_STRINGS = [
    "Settle up",
    "Standings",
    "Summary",
    "Stake",
    "Players",
    "Seasons",
    "Nights",
    "Hands",
    "House rules",
    "Start a night",
    "Log out",
    "Log in",
    "Language",
    "Who pays whom",
    "Balances",
    "Download CSV",
    "Who won what from whom",
    "Totals tonight",
    "Save hand",
    "Who dropped?",
    "Counts",
    "Dealer",
    "Cancel",
    "Preview",
    "Undo hand",
    "Fix hand",
    "Correct",
    "Void",
    "Best night",
    "Worst night",
    "Sum of all nets",
    "Caught",
    "Catches",
    "Per hand",
    "Members",
    "Share links",
    "Revoke",
    "Invite",
    "Record",
    "Running",
    "The hands",
    "Night of",
    "pays",
    "drops with",
    "is caught by",
    "Nobody pays",
    "Deal tonk",
    "Tonk out",
    "Out on discard",
    "Stock out",
    "Dead hand",
    "Drop",
    "Start the night",
    "Who sits down",
    "First dealer",
    "New player",
    "All time",
    "Player",
    "Net",
    "Nights of",
    "Members and sharing",
    "Your leagues",
    "Start a league",
    "Create the league",
    "Name",
    "Unit",
    "Default stake",
    "Spectator view",
    "Updates by itself",
    "Rename",
    "Retire",
    "This is me",
    "Add the player",
    "Close the night",
    "The table",
    "Change",
    "Still needed",
    "No account yet",
    "Sign up",
    "Skip to content",
]
SHOWN_TO_PEOPLE = re.compile(r'(?:aria-label|placeholder|title|alt)="([^"]*)"')


def visible_text(page: str) -> str:
    """What a person reads or a screen reader says: text nodes and labelling attributes."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    labels = " | ".join(SHOWN_TO_PEOPLE.findall(page))
    text = re.sub(r"<[^>]+>", " | ", page)
    return html.unescape(f"{text} | {labels}")


def english_leftovers(text: str, language: str) -> list[str]:
    """Key strings, and every multi-word message of the catalogue, still in English."""
    phrases = set(KEY_STRINGS)
    same = set()  # words the language shares with English ("Tonk out", Dutch "Per hand")
    for entry in catalogue(language):
        source = PLACEHOLDER.sub("", entry.msgid).strip(" .:")
        if entry.msgstr == entry.msgid:
            same.add(source)
        elif " " in source and "<" not in source:
            phrases.add(source)
    return sorted(
        phrase
        for phrase in phrases - same
        if re.search(rf"(?<![\w-]){re.escape(phrase)}(?![\w-])", text)
    )


@pytest.fixture
def played(night, players, owner, season):
    """A night with a won drop, a caught drop and a voided hand; a share link; a payment."""
    record(
        night,
        drop(
            players["Croaker"],
            {players[n]: c for n, c in [("Croaker", 3), ("Goblin", 20), ("Elmo", 9)]},
        ),
    )
    record(
        night,
        drop(
            players["Goblin"],
            {players[n]: c for n, c in [("Croaker", 5), ("Goblin", 12), ("Elmo", 30)]},
        ),
    )
    wrong = record(
        night,
        drop(
            players["Elmo"],
            {players[n]: c for n, c in [("Croaker", 15), ("Goblin", 20), ("Elmo", 2)]},
        ),
    )
    services.void_hand(hand=wrong, acting_user=None)
    services.share(league=night.season.league, night=night, acting_user=owner)
    return night


def main_screens(night, players) -> dict[str, str]:
    league = night.season.league
    slug, pk = league.slug, night.pk
    return {
        "home": reverse("ledger:home"),
        "league": reverse("ledger:league", args=[slug]),
        "night start": reverse("ledger:night_start", args=[slug]),
        "scoring screen": reverse("ledger:night", args=[slug, pk]),
        "drop form": reverse("ledger:hand_form", args=[slug, pk, "drop"]),
        "deal tonk form": reverse("ledger:hand_form", args=[slug, pk, "deal_tonk"]),
        "spectator": reverse("ledger:night_watch", args=[slug, pk]),
        "night summary": reverse("ledger:night_summary", args=[slug, pk]),
        "night settle-up": reverse("ledger:night_settle", args=[slug, pk]),
        "night recap": reverse("ledger:night_recap", args=[slug, pk]),
        "pay handles": reverse("ledger:pay_handles", args=[slug, players["Croaker"].pk]),
        "season settle-up": reverse("ledger:season_settle", args=[slug, night.season_id]),
        "standings": reverse("ledger:standings", args=[slug]),
        "player": reverse("ledger:player", args=[slug, players["Croaker"].pk]),
        "head-to-head": reverse(
            "ledger:head_to_head", args=[slug, players["Croaker"].pk, players["Goblin"].pk]
        ),
        "records and ratings": reverse("ledger:records", args=[slug]),
        "when to drop": reverse("ledger:drops", args=[slug]),
        "members": reverse("ledger:members", args=[slug]),
    }


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_main_screens_have_no_english_leftovers(client, owner, played, players, language):
    client.force_login(owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for screen, url in main_screens(played, players).items():
        response = client.get(url)
        assert response.status_code == 200, screen
        page = response.content.decode()
        assert f'<html lang="{language}">' in page, screen
        assert english_leftovers(visible_text(page), language) == [], screen


@pytest.mark.django_db
def test_the_leftover_check_sees_english(client, owner, played, players):
    """The check above must fail on an English page: it is not vacuous."""
    client.force_login(owner)
    page = client.get(reverse("ledger:night", args=[played.season.league.slug, played.pk]))
    leftovers = english_leftovers(visible_text(page.content.decode()), "nl")
    assert {"Settle up", "Totals tonight", "Fix hand", "drops with", "Log out"} <= set(leftovers)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["", *LANGUAGES])
def test_login_and_signup_pages_are_translated(client, language):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    for url in (reverse("login"), reverse("signup")):
        page = client.get(url).content.decode()
        if language:
            assert english_leftovers(visible_text(page), language) == [], url
        else:
            assert "Log in" in page


@pytest.mark.django_db
def test_the_browser_language_is_the_default_and_the_switcher_remembers_a_choice(client):
    page = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="it-IT,it;q=0.9,en;q=0.5")
    assert '<html lang="it">' in page.content.decode()
    assert "Accedi" in page.content.decode()
    chosen = client.post(
        reverse("set_language"),
        {"language": "es", "next": reverse("login")},
        HTTP_ACCEPT_LANGUAGE="it",
    )
    assert chosen.status_code == 302
    assert chosen["Location"] == reverse("login")
    cookie = chosen.cookies[settings.LANGUAGE_COOKIE_NAME]
    assert cookie.value == "es"
    assert int(cookie["max-age"]) >= 364 * 24 * 3600
    again = client.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="it")
    assert '<html lang="es">' in again.content.decode()
    assert "Iniciar sesión" in again.content.decode()


@pytest.mark.django_db
def test_a_form_error_comes_back_in_the_scorekeepers_language(client, owner, night, players):
    client.force_login(owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    league = night.season.league
    url = reverse("ledger:hand_record", args=[league.slug, night.pk, "drop"])
    data = {"key": "k-1", "dealer": players["Elmo"].pk, "dropper": players["Croaker"].pk}
    data |= {f"count-{players[n].pk}": c for n, c in [("Croaker", 3), ("Goblin", 20), ("Elmo", 51)]}
    page = client.post(url, data).content.decode()
    assert "cuenta 51 de Elmo es imposible con una baraja de 52 cartas" in page
    assert night.hands.count() == 0


@pytest.mark.django_db
def test_stakes_are_typed_and_shown_with_a_decimal_comma(client, owner, night):
    client.force_login(owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "nl"
    league = night.season.league
    client.post(reverse("ledger:night_stake", args=[league.slug, night.pk]), {"stake": "2,50"})
    night.refresh_from_db()
    assert night.stake == 250
    page = client.get(reverse("ledger:night", args=[league.slug, night.pk])).content.decode()
    assert 'id="stake">$\u00a02,50<' in page
    assert 'value="2,50"' in page


@pytest.mark.django_db
def test_error_pages_and_the_lockout_are_translated(client, owner, league):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    missing = client.get("/l/no-such-league/")
    assert missing.status_code in (302, 404)
    client.force_login(owner)
    missing = client.get("/l/no-such-league/")
    assert missing.status_code == 404
    assert "Qui non c'è niente" in html.unescape(missing.content.decode())
    client.logout()  # which forgets the cookies, the language's too
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "it"
    for _ in range(5):
        client.post(reverse("login"), {"username": "croaker", "password": "wrong"})
    locked = client.post(reverse("login"), {"username": "croaker", "password": "wrong"})
    assert locked.status_code == 429
    text = locked.content.decode()
    assert "L'accesso è bloccato dopo 5 password sbagliate. Riprova tra 15 minuti." in text


@pytest.mark.django_db
def test_a_bad_stake_is_refused_in_the_scorekeepers_language(client, owner, night):
    client.force_login(owner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "nl"
    league = night.season.league
    url = reverse("ledger:night_stake", args=[league.slug, night.pk])
    client.post(url, {"stake": "2,505"})
    page = client.get(reverse("ledger:night", args=[league.slug, night.pk])).content.decode()
    assert "'2,505' heeft meer dan 2 decimalen" in html.unescape(page)
    night.refresh_from_db()
    assert night.stake == 100


def test_catalogues_compile_without_gettext(tmp_path, settings, monkeypatch):
    """A machine without msgfmt (a user who is not root) still gets working .mo files."""
    shutil.copytree(ROOT / "locale", tmp_path / "locale")
    for mo in (tmp_path / "locale").glob("*/LC_MESSAGES/*.mo"):
        mo.unlink()
    settings.LOCALE_PATHS = [tmp_path / "locale"]
    monkeypatch.setattr(shutil, "which", lambda name: None)
    call_command("compile_catalogues")
    for language in LANGUAGES:
        folder = tmp_path / "locale" / language / "LC_MESSAGES"
        with open(folder / "django.mo", "rb") as mo:
            compiled = gettext.GNUTranslations(mo)
        entries = [e for e in catalogue(language) if e.msgstr and not e.msgid_plural]
        assert len(entries) > 500
        for entry in entries:
            said = (
                compiled.pgettext(entry.msgctxt, entry.msgid)
                if entry.msgctxt
                else compiled.gettext(entry.msgid)
            )
            assert said == entry.msgstr, (language, entry.msgid)
