"""Running a management command as the shell would, in this process.

Starting ``manage.py`` in a subprocess costs a second and a half a run; this goes
through the same ``run_from_argv`` (its exit status, and a ``CommandError`` as one
line on standard error) without it. One test per command still starts the real
``manage.py`` in a subprocess.
"""

import io
import os
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from unittest import mock

from django.core.management import ManagementUtility

ROOT = Path(__file__).resolve().parent.parent


def run_command(*argv: str, stdin: str = "") -> subprocess.CompletedProcess:
    """``manage.py *argv`` with ``stdin``: its status, standard output and standard error."""
    out, err, status = io.StringIO(), io.StringIO(), 0
    with mock.patch("sys.stdin", io.StringIO(stdin)), redirect_stdout(out), redirect_stderr(err):
        try:
            ManagementUtility(["manage.py", *argv]).execute()
        except SystemExit as exit_:
            status = exit_.code or 0
    return subprocess.CompletedProcess(argv, status, out.getvalue(), err.getvalue())


def run_manage_py(*argv: str, stdin: str = "", **env: str) -> subprocess.CompletedProcess:
    """The real thing, for the tests that check the shell's view (or settings read at start-up,
    given as ``env`` over an environment without any DJANGO_ variable)."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")} | env
    return subprocess.run(
        [sys.executable, "manage.py", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=environ,
        timeout=60,
    )
