"""Several deal tonks: the preview says which house rule decided them (describe.why)."""

import pytest

from ledger.reads.describe import why
from ledger.rules import Claim, Hand, parse_rules, score
from tests.views.conftest import HTMX

PLAYERS = ("Croaker", "Goblin", "Elmo", "One-Eye")


def deal_tonk(*claims: tuple[str, int]) -> Hand:
    return Hand(
        players=PLAYERS,
        dealer="Elmo",
        stake=100,
        outcome="deal_tonk",
        claims=tuple(Claim(player, count) for player, count in claims),
    )


def rules(several="best", tie="dealer_left"):
    return parse_rules({"deal_tonk": {"several": several, "tie": tie}})


@pytest.mark.parametrize(
    ("tie", "said", "winners"),
    [
        ("dealer_left", "Tied claims: the one nearest the dealer's left wins.", ("One-Eye",)),
        ("first_caller", "Tied claims: the first to call wins.", ("Croaker",)),
        ("draw", "Tied claims: a draw: nobody pays.", ()),
    ],
)
def test_a_tie_between_the_best_claims_names_the_tie_rule(tie, said, winners):
    hand = deal_tonk(("Croaker", 50), ("One-Eye", 50))  # One-Eye sits at the dealer's left
    assert why(hand, rules(tie=tie)) == said
    assert score(hand, rules(tie=tie)).winners == winners  # what it says is what it did


def test_claims_that_do_not_tie_name_the_rule_for_several():
    assert why(deal_tonk(("Croaker", 49), ("Goblin", 50)), rules()) == (
        "Several deal tonks: the best claim wins."
    )
    assert why(deal_tonk(("Croaker", 49), ("Goblin", 50)), rules(several="first_caller")) == (
        "Several deal tonks: the first to call wins."
    )


def test_one_claim_or_another_outcome_needs_no_reason():
    assert why(deal_tonk(("Croaker", 50)), rules()) == ""
    assert why(Hand(players=PLAYERS, dealer="Elmo", stake=100, outcome="dead"), rules()) == ""


def test_the_preview_says_it(client, urls, players, night):
    goblin, elmo = players["Goblin"].pk, players["Elmo"].pk
    data = {
        "key": "t",
        "dealer": elmo,
        f"claim-{goblin}": "50",
        f"order-{goblin}": "1",
        f"claim-{elmo}": "50",
        f"order-{elmo}": "2",
    }
    page = client.post(urls["night"] + "hand/deal_tonk/preview/", data, **HTMX).content.decode()
    assert 'id="preview-why">Several deal tonks: a draw: nobody pays.</p>' in page  # the default
