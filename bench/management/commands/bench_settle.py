"""``manage.py bench_settle``: our settle-up against the ``debts`` package, and its speed."""

from django.core.management.base import BaseCommand, CommandError

from bench.settle import compare, time_twenty


class Command(BaseCommand):
    help = "Compare settle-up plans with the debts package on simulated Tonk nights."

    def add_arguments(self, parser):
        parser.add_argument("--nights", type=int, default=2000)
        parser.add_argument("--seed", type=int, default=2026)

    def handle(self, *args, **options):
        try:
            import debts  # noqa: F401
        except ImportError:
            raise CommandError(
                "the debts package is missing: `make bench` installs it", returncode=2
            ) from None
        result = compare(options["nights"], options["seed"])
        median, worst = time_twenty()
        n = result.nights
        self.stdout.write(f"simulated Tonk nights (3-8 players, 10-40 hands, random presets): {n}")
        self.stdout.write(
            f"ours:  minimal on {result.ours_minimal} of {n} ({100 * result.ours_minimal / n:.1f}%), "
            f"{result.ours_transfers} transfers in all (minimal: checked by brute force)"
        )
        self.stdout.write(
            f"debts: minimal on {result.debts_minimal} of {n} ({100 * result.debts_minimal / n:.1f}%), "
            f"{result.debts_transfers} transfers in all, more than ours on {result.debts_worse} nights"
        )
        verdict = "met" if result.ours_never_worse else "NOT MET"
        self.stdout.write(f"never more transfers than debts: {verdict}")
        verdict = "met" if worst < 50 else "NOT MET"
        self.stdout.write(
            f"20 non-zero balances: median {median:.1f} ms, worst {worst:.1f} ms (goal < 50 ms): {verdict}"
        )
