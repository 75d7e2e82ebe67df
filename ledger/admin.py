"""The admin shows the ledger read-only: every write goes through ``ledger.services``."""

from django.contrib import admin

from ledger.models import Entry, Hand, HandPlayer, League, Night, Player, Season, Transaction


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(League)
class LeagueAdmin(ReadOnlyAdmin):
    list_display = ["name", "slug", "unit", "decimal_places", "default_stake", "created_at"]
    search_fields = ["name", "slug"]


@admin.register(Player)
class PlayerAdmin(ReadOnlyAdmin):
    list_display = ["name", "league", "retired_at"]
    list_filter = ["league"]
    search_fields = ["name"]


@admin.register(Season)
class SeasonAdmin(ReadOnlyAdmin):
    list_display = ["name", "league", "started_at", "closed_at"]
    list_filter = ["league"]


@admin.register(Night)
class NightAdmin(ReadOnlyAdmin):
    list_display = ["date", "season", "stake", "dealer", "closed_at"]
    list_filter = ["season__league"]
    list_select_related = ["season__league", "dealer"]


class HandPlayerInline(admin.TabularInline):
    model = HandPlayer
    fields = readonly_fields = ("position", "player", "count", "claim_order", "role")
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ["number", "night", "outcome", "result", "stake", "dealer", "logged_at"]
    list_filter = ["outcome", "result"]
    list_select_related = ["night__season__league", "dealer"]
    inlines = [HandPlayerInline]


class EntryInline(admin.TabularInline):
    model = Entry
    fields = readonly_fields = ("player", "counterparty", "amount")
    extra = 0
    can_delete = False

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Transaction)
class TransactionAdmin(ReadOnlyAdmin):
    list_display = ["id", "kind", "hand", "created_at"]
    list_filter = ["kind"]
    list_select_related = ["hand__night__season__league"]
    inlines = [EntryInline]


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = ["id", "transaction", "player", "counterparty", "amount"]
    list_select_related = ["transaction", "player", "counterparty"]
