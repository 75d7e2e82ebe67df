"""Wins by kind move from a column each on PlayerNight to WinTally, a row per kind won."""

import django.db.models.deletion
from django.db import migrations, models

KINDS = ("deal_tonk", "drop_won", "tonk_out", "discard_out", "stock_out")


def copy_wins(apps, schema_editor):
    PlayerNight = apps.get_model("ledger", "PlayerNight")
    WinTally = apps.get_model("ledger", "WinTally")
    rows = []
    for tally in PlayerNight.objects.iterator(chunk_size=2000):
        for kind in KINDS:
            if getattr(tally, kind):
                rows.append(
                    WinTally(
                        player_id=tally.player_id,
                        night_id=tally.night_id,
                        season_id=tally.season_id,
                        kind=kind,
                        count=getattr(tally, kind),
                    )
                )
    WinTally.objects.bulk_create(rows, batch_size=2000)


def copy_wins_back(apps, schema_editor):
    PlayerNight = apps.get_model("ledger", "PlayerNight")
    WinTally = apps.get_model("ledger", "WinTally")
    for win in WinTally.objects.iterator(chunk_size=2000):
        PlayerNight.objects.filter(player_id=win.player_id, night_id=win.night_id).update(
            **{win.kind: win.count}
        )


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0014_side_bets"),
    ]

    operations = [
        migrations.CreateModel(
            name="WinTally",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("kind", models.CharField(max_length=12)),
                ("count", models.IntegerField(default=0)),
                ("night", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="win_tallies", to="ledger.night")),
                ("player", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="+", to="ledger.player")),
                ("season", models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name="win_tallies", to="ledger.season")),
            ],
            options={
                "indexes": [models.Index(fields=["season", "player"], name="win_tally_season_player")],
                "constraints": [models.UniqueConstraint(fields=("player", "night", "kind"), name="one_win_tally_per_kind")],
            },
        ),
        migrations.RunPython(copy_wins, copy_wins_back),
        *(migrations.RemoveField(model_name="playernight", name=kind) for kind in KINDS),
    ]
