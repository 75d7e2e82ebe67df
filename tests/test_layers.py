"""The packages under ledger/ are layers, and imports only go down them.

rules (the pure engine), paying (payment links), rivalry (streaks, ratings) and doorbell
(the event streams' process), all pure,
<- models <- rows (stored rows to engine values) <- reads <- services (writes) <- web <-
tooling, management commands and bench. A view imports no other view. docs/architecture.md draws the same map.
"""

import ast
from pathlib import Path

import pytest

import ledger

ROOT = Path(ledger.__file__).parent

# What each package may import from ledger/, besides itself.
ALLOWED = {
    "rules": set(),
    "paying": set(),
    "rivalry": set(),
    "doorbell": set(),
    "rows": {"rules", "models", "errors"},
    "reads": {"rules", "paying", "rivalry", "models", "errors", "rows"},
    "services": {"rules", "paying", "rivalry", "models", "errors", "rows", "reads", "doorbell"},
    "web": {
        *("rules", "paying", "rivalry", "models", "errors", "rows", "reads", "services"),
        "doorbell",
    },
    "tooling": {"rules", "rivalry", "models", "errors", "rows", "reads", "services"},
}


def imported_modules(path: Path) -> set[str]:
    """The modules a file imports, ``from ledger import web`` read as ``ledger.web``."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module == "ledger":
            found.update(f"ledger.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def ledger_imports(path: Path) -> set[str]:
    """The ledger packages or top modules a file imports: ``ledger.web.forms`` -> ``web``."""
    return {name.split(".")[1] for name in imported_modules(path) if name.startswith("ledger.")}


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_each_layer_imports_only_the_layers_below(package):
    files = sorted((ROOT / package).rglob("*.py"))
    assert files
    for path in files:
        wrong = ledger_imports(path) - ALLOWED[package] - {package}
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


def test_no_view_imports_another_view():
    """What several views share (the scoring screen's redraw, lookups, CSV cells) lives
    beside them in web/, so a view module can move without the others."""
    for path in sorted((ROOT / "web" / "views").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not node.module.startswith("ledger.web.views"), (
                    f"{path.name} imports {node.module}"
                )


def test_models_import_nothing_above_them():
    assert ledger_imports(ROOT / "models.py") <= {"rules", "paying"}


def test_the_doorbell_uses_nothing_of_django_but_signing():
    """It serves thousands of streams in one small process: no ORM, no settings, no
    request stack, only the signer that reads the page's tickets."""
    for path in sorted((ROOT / "doorbell").rglob("*.py")):
        for module in imported_modules(path):
            assert not module.startswith("django") or module == "django.core", (
                f"{path.name} imports {module}"
            )
