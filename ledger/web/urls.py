from django.urls import path, register_converter

from ledger.web.converters import IdConverter, TokenConverter
from ledger.web.views import (
    app,
    hands,
    leagues,
    members,
    nights,
    pay_handles,
    recap,
    rivalry,
    settling,
    standings,
    table,
    undo,
)

register_converter(IdConverter, "id")
register_converter(TokenConverter, "token")

app_name = "ledger"

night = "l/<slug:slug>/nights/<id:night_id>/"
urlpatterns = [
    path("", leagues.home, name="home"),
    path("manifest.webmanifest", app.manifest, name="manifest"),
    path("sw.js", app.service_worker, name="service_worker"),
    path("https/", app.https_help, name="https_help"),
    path("s/<token:lookup>/<token:secret>/", members.share_open, name="share"),
    path("s/<token:lookup>/<token:secret>/card.png", recap.share_card, name="share_card"),
    path("invite/<token:lookup>/<token:secret>/", members.invitation, name="invitation"),
    path("l/<slug:slug>/members/", members.members_page, name="members"),
    path("l/<slug:slug>/members/invite/", members.member_invite, name="member_invite"),
    path("l/<slug:slug>/members/<id:membership_id>/", members.member_role, name="member_role"),
    path("l/<slug:slug>/share/", members.share_create, name="share_create"),
    path("l/<slug:slug>/share/<id:link_id>/revoke/", members.share_revoke, name="share_revoke"),
    path("l/<slug:slug>/players/<id:player_id>/me/", members.player_claim, name="player_claim"),
    path(
        "l/<slug:slug>/players/<id:player_id>/paid/",
        pay_handles.pay_handles_page,
        name="pay_handles",
    ),
    path("l/<slug:slug>/", leagues.league_page, name="league"),
    path("l/<slug:slug>/players/", leagues.player_add, name="player_add"),
    path(
        "l/<slug:slug>/players/<id:player_id>/rename/", leagues.player_rename, name="player_rename"
    ),
    path(
        "l/<slug:slug>/players/<id:player_id>/retire/", leagues.player_retire, name="player_retire"
    ),
    path("l/<slug:slug>/seasons/", leagues.season_start, name="season_start"),
    path("l/<slug:slug>/seasons/<id:season_id>/close/", leagues.season_close, name="season_close"),
    path("l/<slug:slug>/rules/", leagues.league_rules, name="league_rules"),
    path("l/<slug:slug>/rename/", leagues.league_rename, name="league_rename"),
    path("l/<slug:slug>/delete/", leagues.league_delete, name="league_delete"),
    path("l/<slug:slug>/settling/", leagues.league_settling, name="league_settling"),
    path("l/<slug:slug>/time-zone/", leagues.league_time_zone, name="league_time_zone"),
    path("l/<slug:slug>/nights/new/", nights.night_start, name="night_start"),
    path("l/<slug:slug>/standings/", standings.standings_page, name="standings"),
    path(
        "l/<slug:slug>/standings/all/",
        standings.standings_page,
        {"season_id": "all"},
        name="standings_all",
    ),
    path(
        "l/<slug:slug>/standings/<id:season_id>/",
        standings.standings_page,
        name="standings_season",
    ),
    path("l/<slug:slug>/standings.csv", standings.standings_csv, name="standings_csv"),
    path(
        "l/<slug:slug>/standings/all/csv/",
        standings.standings_csv,
        {"season_id": "all"},
        name="standings_all_csv",
    ),
    path(
        "l/<slug:slug>/standings/<id:season_id>/csv/",
        standings.standings_csv,
        name="standings_season_csv",
    ),
    path("l/<slug:slug>/players/<id:player_id>/", standings.player_page, name="player"),
    path(
        "l/<slug:slug>/players/<id:player_id>/vs/<id:other_id>/",
        rivalry.head_to_head_page,
        name="head_to_head",
    ),
    path("l/<slug:slug>/head-to-head.csv", rivalry.head_to_head_csv, name="head_to_head_csv"),
    path("l/<slug:slug>/records/", rivalry.records_page, name="records"),
    path("l/<slug:slug>/ratings.csv", rivalry.ratings_csv, name="ratings_csv"),
    path("l/<slug:slug>/drops/", rivalry.drops_page, name="drops"),
    path("l/<slug:slug>/drops.csv", rivalry.drops_csv, name="drops_csv"),
    path(night + "summary/", standings.night_summary, name="night_summary"),
    path(night, nights.night_page, name="night"),
    path(night + "watch/", nights.night_watch, name="night_watch"),
    path(night + "poll/", nights.night_poll, name="night_poll"),
    path(night + "stake/", table.night_stake, name="night_stake"),
    path(night + "big-one/", table.night_big_one, name="night_big_one"),
    path(night + "seat/", table.night_seat, name="night_seat"),
    path(night + "players/<id:player_id>/leave/", table.night_unseat, name="night_unseat"),
    path(night + "players/<id:player_id>/deal/", table.night_dealer, name="night_dealer"),
    path(night + "close/", nights.night_close, name="night_close"),
    path(night + "hands/<id:hand_id>/void/", undo.hand_void, name="hand_void"),
    path(night + "hands/<id:hand_id>/undo/", undo.hand_undo, name="hand_undo"),
    path(night + "hands/<id:hand_id>/redo/", undo.hand_redo, name="hand_redo"),
    path(night + "reopen/", settling.night_reopen, name="night_reopen"),
    path(night + "recap/", recap.night_recap_page, name="night_recap"),
    path(night + "recap/card.png", recap.night_recap_card, name="night_recap_card"),
    path(night + "settle/", settling.night_settle, name="night_settle"),
    path(night + "settle/pay/", settling.night_pay, name="night_pay"),
    path(night + "settle/csv/", settling.night_settle_csv, name="night_settle_csv"),
    path(
        "l/<slug:slug>/seasons/<id:season_id>/settle/",
        settling.season_settle,
        name="season_settle",
    ),
    path(
        "l/<slug:slug>/seasons/<id:season_id>/settle/pay/", settling.season_pay, name="season_pay"
    ),
    path(
        "l/<slug:slug>/seasons/<id:season_id>/settle/csv/",
        settling.season_settle_csv,
        name="season_settle_csv",
    ),
    path(night + "side-bets/", table.night_side_bets, name="night_side_bets"),
    path(night + "hand/<str:outcome>/", hands.hand_form, name="hand_form"),
    path(night + "hand/<str:outcome>/preview/", hands.hand_preview, name="hand_preview"),
    path(night + "hand/<str:outcome>/save/", hands.hand_record, name="hand_record"),
]
