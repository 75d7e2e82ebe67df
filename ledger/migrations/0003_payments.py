"""Payments join the ledger: transactions carry their season and night, and may have no hand."""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def place_transactions(apps, schema_editor):
    Transaction = apps.get_model("ledger", "Transaction")
    Hand = apps.get_model("ledger", "Hand")
    Night = apps.get_model("ledger", "Night")
    Transaction.objects.update(night_id=Subquery(Hand.objects.filter(pk=OuterRef("hand_id")).values("night_id")[:1]))
    Transaction.objects.update(season_id=Subquery(Night.objects.filter(pk=OuterRef("night_id")).values("season_id")[:1]))


class Migration(migrations.Migration):
    dependencies = [("ledger", "0002_big_one_and_rules_name")]

    operations = [
        migrations.RemoveConstraint(model_name="transaction", name="transaction_kind_valid"),
        migrations.AddField(
            model_name="transaction",
            name="idempotency_key",
            field=models.CharField(blank=True, default="", help_text="for payments", max_length=64),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="transaction",
            name="night",
            field=models.ForeignKey(
                blank=True, null=True, on_delete=django.db.models.deletion.PROTECT,
                related_name="transactions", to="ledger.night",
            ),
        ),
        migrations.AddField(
            model_name="transaction",
            name="season",
            field=models.ForeignKey(
                null=True, on_delete=django.db.models.deletion.PROTECT, related_name="transactions", to="ledger.season"
            ),
        ),
        migrations.AlterField(
            model_name="transaction",
            name="hand",
            field=models.ForeignKey(
                blank=True, null=True, on_delete=django.db.models.deletion.PROTECT,
                related_name="transactions", to="ledger.hand",
            ),
        ),
        migrations.AlterField(
            model_name="transaction",
            name="kind",
            field=models.CharField(
                choices=[("hand", "Hand"), ("void", "Void"), ("payment", "Payment")], max_length=7
            ),
        ),
        migrations.RunPython(place_transactions, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="transaction",
            name="season",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT, related_name="transactions", to="ledger.season"
            ),
        ),
        migrations.AddConstraint(
            model_name="transaction",
            constraint=models.UniqueConstraint(
                condition=models.Q(("idempotency_key", ""), _negated=True),
                fields=("season", "idempotency_key"),
                name="payment_key_unique_in_season",
            ),
        ),
        migrations.AddConstraint(
            model_name="transaction",
            constraint=models.CheckConstraint(
                condition=models.Q(
                    models.Q(("hand__isnull", False), ("kind__in", ["hand", "void"]), ("night__isnull", False)),
                    models.Q(("hand__isnull", True), ("kind", "payment")),
                    _connector="OR",
                ),
                name="transaction_kind_matches_hand",
            ),
        ),
    ]
