"""Reading a JSON document named on the command line (a path, or - for standard input)."""

import json
import sys
from typing import Any

from django.core.management.base import CommandError


def read_json(path: str) -> Any:
    """The parsed document, or CommandError (exit status 2) saying what is wrong with it."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"cannot read {path}: {exc}", returncode=2) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandError(f"malformed JSON in {path}: {exc}", returncode=2) from None
    except RecursionError:
        raise CommandError(f"malformed JSON in {path}: nested too deep", returncode=2) from None
    except ValueError as exc:  # a number of more than 4,300 digits
        raise CommandError(f"malformed JSON in {path}: {exc}", returncode=2) from None
