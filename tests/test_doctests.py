"""The examples in the docstrings of the pure modules run, and hold."""

import doctest
import importlib

import pytest

MODULES = [
    "ledger.web.inputs",
    "ledger.rules.money",
    "ledger.web.charts",
    "ledger.rules.counts",
    "ledger.rules.errors",
    "ledger.rules.outcomes",
    "ledger.rules.ruleset",
    "ledger.rules.scoring",
    "ledger.rules.settle",
    "ledger.rules.whole",
    "ledger.rivalry.drops",
    "ledger.rivalry.ratings",
    "ledger.rivalry.streaks",
]


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_hold(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
