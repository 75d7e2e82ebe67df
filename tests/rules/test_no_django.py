import ast
import subprocess
import sys
from pathlib import Path

import ledger.rules

RULES_DIR = Path(ledger.rules.__file__).parent


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_module_under_rules_imports_django():
    modules = sorted(RULES_DIR.glob("**/*.py"))
    assert len(modules) >= 5
    for module in modules:
        offending = {name for name in imported_modules(module) if name.split(".")[0] == "django"}
        assert not offending, f"{module.name} imports {offending}"


def test_the_engine_loads_and_scores_without_django():
    code = (
        "import sys; import ledger.rules as r;"
        "r.score_json({'rules': 'pagat', 'stake': 1, 'players': ['A', 'B'], 'outcome': 'dead'});"
        "print('django' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
