"""`make run` and `make test` on machines whose Python is not the one .venv was built with."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def fake_python(path: Path, version: str) -> Path:
    """A stand-in interpreter that reports ``version`` (e.g. "3.10") and is too old below 3.11."""
    major, minor = map(int, version.split("."))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        "#!/bin/sh\n"
        'case "$2" in\n'
        f"  *'version_info < (3, 11)'*) exit {int((major, minor) < (3, 11))} ;;\n"
        f"  *) echo cpython-{version} ;;\n"
        "esac\n"
    )
    path.chmod(0o755)
    return path


def make(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        ["make", "--no-print-directory", "-C", str(ROOT), *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_a_venv_built_by_another_python_is_rebuilt(tmp_path):
    venv = tmp_path / "venv"
    fake_python(venv / "bin" / "python", f"3.{sys.version_info.minor + 1}")  # not this one
    run = make("venv-check", f"VENV={venv}", f"PYTHON={sys.executable}")
    assert run.returncode == 0, run.stderr
    assert "was built by another Python: rebuilding it" in run.stdout
    assert not venv.exists()


def test_a_venv_of_the_same_python_is_kept(tmp_path):
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").symlink_to(sys.executable)
    run = make("venv-check", f"VENV={venv}", f"PYTHON={sys.executable}")
    assert run.returncode == 0, run.stderr
    assert run.stdout == ""
    assert venv.exists()


def test_a_python_older_than_3_11_is_named_with_what_to_do(tmp_path):
    old = fake_python(tmp_path / "python3.10", "3.10")
    run = make("install", f"VENV={tmp_path / 'venv'}", f"PYTHON={old}")
    assert run.returncode != 0
    assert "needs Python 3.11 or newer" in run.stderr
    assert "PYTHON=python3.12 make run" in run.stderr
    assert not (tmp_path / "venv").exists()
