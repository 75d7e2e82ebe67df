"""``manage.py check_ledger``: exit non-zero, naming the offender, if the ledger does not balance."""

from django.core.management.base import BaseCommand, CommandError

from ledger.reads.audit import AuditSummary, audit


class Command(BaseCommand):
    help = "Verify every transaction, night, season and league sums to zero and matches the rules engine."

    def handle(self, *args, **options):
        summary = AuditSummary()
        problems = list(audit(summary))
        for problem in problems:
            self.stderr.write(problem)
        if problems:
            raise CommandError(f"the ledger has {len(problems)} problem(s)", returncode=1)
        self.stdout.write(
            f"ledger OK: {summary.hands} hands, {summary.transactions} transactions, every sum zero"
        )
