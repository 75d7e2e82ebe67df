"""A scorekeeper at random: records, retries, voids and corrects hands across rule sets."""

from collections import Counter

import pytest
from django.db import transaction
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from ledger import services
from ledger.errors import LedgerError
from ledger.models import Entry, Hand, HandPlayer, Transaction
from ledger.reads.audit import audit
from ledger.rows.details import HandDetails, engine_hand
from ledger.rules import RulesError, parse_rules, score
from tests.rules.strategies import NAMES, hands, pushup_hands, pushup_specs, rule_specs

pytestmark = pytest.mark.django_db


class Ledger(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()  # rolled back in teardown: each run starts empty
        self.league = services.create_league(name="Machine")
        self.players = {
            name: services.add_player(league=self.league, name=name) for name in NAMES[:7]
        }
        season = services.start_season(league=self.league, name="S")
        table = [self.players[name] for name in NAMES[:3]]
        self.night = services.start_night(season=season, players=table, dealer=table[0])
        self.expected: Counter[str] = Counter()
        self.recorded: list[dict] = []  # one per hand: pk, key, details, net, standing
        self.keys = 0

    def teardown(self):
        """The whole audit once a run, on what its steps left: it re-scores every hand, so
        after every step it took two thirds of the test's time. Each step checks the
        balances against the model (``balances_are_the_fold_of_the_standing_hands``)."""
        try:
            problems = list(audit())
        finally:
            transaction.set_rollback(True)
            self.atomic.__exit__(None, None, None)
        assert problems == [], problems

    def _details(self, draw, rules, names) -> tuple[HandDetails, int]:
        drawn = pushup_hands if rules.scoring == "pushups" else hands
        engine = draw(drawn(rules, players=names))
        by_name = self.players
        details = HandDetails(
            outcome=engine.outcome,
            dropper=by_name[engine.dropper],
            counts={by_name[n]: c for n, c in engine.counts.items()},
            claims=[(by_name[c.player], c.count) for c in engine.claims],
            winner=by_name[engine.winner],
            method=engine.method,
            first_turn=engine.first_turn,
        )
        return details, engine.stake

    def _key(self) -> str:
        self.keys += 1
        return f"k{self.keys}"

    @initialize(spec=rule_specs | pushup_specs())
    def house_rules(self, spec):
        try:
            services.change_rules(night=self.night, rules=spec)
        except RulesError as exc:  # a table too big for the deck keeps the old rules
            if exc.code != "players_too_many":
                raise

    @rule(data=st.data())
    def record(self, data):
        self.night.refresh_from_db()
        rules = parse_rules(self.night.rules)
        seated = services.seated_players(self.night)
        dealer = self.night.dealer
        details, stake = self._details(data.draw, rules, [p.name for p in seated])
        key = self._key()
        hand = services.record_hand(
            night=self.night, key=key, details=details, stake=stake, acting_user=None
        ).hand
        net = score(
            engine_hand(players=seated, dealer=dealer, stake=stake, details=details), rules
        ).net
        self.expected.update(net)
        self.recorded.append(
            {
                "pk": hand.pk,
                "key": key,
                "details": details,
                "stake": stake,
                "net": net,
                "standing": True,
            }
        )

    @precondition(lambda self: self.recorded)
    @rule(data=st.data())
    def retry(self, data):
        hand = data.draw(st.sampled_from(self.recorded))
        if hand.get("correction"):
            return
        rows = (
            Hand.objects.count(),
            HandPlayer.objects.count(),
            Transaction.objects.count(),
            Entry.objects.count(),
        )
        again = services.record_hand(
            night=self.night,
            key=hand["key"],
            details=hand["details"],
            stake=hand["stake"],
            acting_user=None,
        ).hand
        assert again.pk == hand["pk"]
        assert rows == (
            Hand.objects.count(),
            HandPlayer.objects.count(),
            Transaction.objects.count(),
            Entry.objects.count(),
        )

    @precondition(lambda self: self.recorded)
    @rule(data=st.data())
    def void(self, data):
        entry = data.draw(st.sampled_from(self.recorded))
        hand = Hand.objects.get(pk=entry["pk"])
        if not entry["standing"]:
            with pytest.raises(LedgerError, match=r"voided already|corrected already"):
                services.void_hand(hand=hand, acting_user=None)
            return
        services.void_hand(hand=hand, acting_user=None)
        entry["standing"] = False
        self.expected.subtract(entry["net"])

    @precondition(lambda self: any(h["standing"] for h in self.recorded))
    @rule(data=st.data())
    def correct(self, data):
        entry = data.draw(st.sampled_from([h for h in self.recorded if h["standing"]]))
        hand = Hand.objects.get(pk=entry["pk"])
        seated = [seat.player for seat in hand.seats.select_related("player")]
        rules = parse_rules(hand.rules)
        details, _ = self._details(data.draw, rules, [p.name for p in seated])
        correction = services.correct_hand(
            hand=hand, key=self._key(), details=details, acting_user=None
        ).hand
        net = score(
            engine_hand(players=seated, dealer=hand.dealer, stake=hand.stake, details=details),
            rules,
        ).net
        entry["standing"] = False
        self.expected.subtract(entry["net"])
        self.expected.update(net)
        self.recorded.append(
            {
                "pk": correction.pk,
                "key": None,
                "details": details,
                "stake": hand.stake,
                "net": net,
                "standing": True,
                "correction": True,
            }
        )

    def _entry(self, pk: int) -> dict:
        return next(entry for entry in self.recorded if entry["pk"] == pk)

    def _posted_again(self, hand: Hand, like: dict) -> None:
        self.expected.update(like["net"])
        self.recorded.append({**like, "pk": hand.pk, "standing": True, "correction": True})

    @precondition(lambda self: self.recorded)
    @rule(data=st.data())
    def undo(self, data):
        entry = data.draw(st.sampled_from(self.recorded))
        hand = Hand.objects.get(pk=entry["pk"])
        rows = Entry.objects.count()
        newest = Hand.objects.standing().order_by("-number").first()
        if entry["standing"] and hand != newest:
            with pytest.raises(LedgerError) as refused:
                services.undo_hand(hand=hand, acting_user=None)
            assert refused.value.code == "hand_not_newest"
            assert Entry.objects.count() == rows, "only the newest standing hand is undone"
            return
        restored = services.undo_hand(hand=hand, acting_user=None)
        if not entry["standing"]:
            assert restored is None
            assert Entry.objects.count() == rows, "a stale undo changes nothing"
            return
        entry["standing"] = False
        self.expected.subtract(entry["net"])
        if restored is not None:
            self._posted_again(restored, self._entry(hand.replaces_id))

    @precondition(lambda self: any(not h["standing"] for h in self.recorded))
    @rule(data=st.data())
    def redo(self, data):
        entry = data.draw(st.sampled_from([h for h in self.recorded if not h["standing"]]))
        hand = Hand.objects.get(pk=entry["pk"])
        stand_in = Hand.objects.filter(replaces=hand).first()
        known = {h["pk"] for h in self.recorded}
        try:
            again = services.redo_hand(hand=hand, acting_user=None)
        except LedgerError as exc:
            if exc.code != "hand_corrected_already":  # what stood in for it was voided in turn
                raise
            return
        if again.pk in known:  # redone before: nothing more
            return
        if stand_in is not None:
            self._entry(stand_in.pk)["standing"] = False
            self.expected.subtract(self._entry(stand_in.pk)["net"])
        self._posted_again(again, entry)

    @rule(data=st.data())
    def someone_comes_or_goes(self, data):
        seated = services.seated_players(self.night)
        player = data.draw(st.sampled_from(list(self.players.values())))
        try:
            if player in seated:
                services.unseat_player(night=self.night, player=player)
            else:
                services.seat_player(night=self.night, player=player)
        except (LedgerError, RulesError) as exc:  # too few to leave, or too many for the deck
            if exc.code not in ("night_last_two", "players_too_many"):
                raise

    @invariant()
    def balances_are_the_fold_of_the_standing_hands(self):
        names = {p.pk: p.name for p in self.players.values()}
        stored = {names[pk]: net for pk, net in Entry.objects.balances().items()}
        assert stored == {name: net for name, net in self.expected.items() if net}

    @invariant()
    def hands_are_numbered_without_gaps(self):
        numbers = list(Hand.objects.order_by("number").values_list("number", flat=True))
        assert numbers == list(range(1, len(numbers) + 1))


def test_the_ledger_stays_balanced_whatever_the_scorekeeper_does():
    run_state_machine_as_test(
        Ledger,
        settings=settings(
            max_examples=20,
            stateful_step_count=25,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
        ),
    )
