"""The packages under ledger/ are layers, and imports only go down them.

rules (the pure engine) <- models <- services (writes) and reads <- web <- tooling,
management commands and bench. docs/architecture.md draws the same map.
"""

import ast
from pathlib import Path

import pytest

import ledger

ROOT = Path(ledger.__file__).parent

# What each package may import from ledger/, besides itself.
ALLOWED = {
    "rules": set(),
    "services": {"rules", "models", "errors", "reads"},
    "reads": {"rules", "models", "errors", "services"},
    "web": {"rules", "models", "errors", "services", "reads"},
    "tooling": {"rules", "models", "errors", "services", "reads"},
}


def ledger_imports(path: Path) -> set[str]:
    """The ledger packages or top modules a file imports: ``ledger.web.forms`` -> ``web``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        names = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
            if node.module == "ledger":
                names = [f"ledger.{alias.name}" for alias in node.names]
        found.update(name.split(".")[1] for name in names if name.startswith("ledger."))
    return found


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_each_layer_imports_only_the_layers_below(package):
    files = sorted((ROOT / package).rglob("*.py"))
    assert files
    for path in files:
        wrong = ledger_imports(path) - ALLOWED[package] - {package}
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_the_reads_only_borrow_the_services_pure_row_builders():
    borrowed = set()
    for path in (ROOT / "reads").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, ast.ImportFrom) or node.module is None:
                continue
            if node.module == "ledger.services":  # from ledger.services import tallies
                borrowed.update(f"ledger.services.{alias.name}" for alias in node.names)
            elif node.module.startswith("ledger.services."):
                borrowed.add(node.module)
    assert borrowed <= {"ledger.services.details", "ledger.services.tallies"}


def test_models_import_nothing_above_them():
    assert ledger_imports(ROOT / "models.py") <= {"rules"}
