"""Static files as a release serves them: hashed and compressed by WhiteNoise.

The scoring screen's JavaScript is ES modules that import each other by relative URL.
Their import lines are rewritten to the hashed names too, so a phone's worker, which
keeps the hashed files, has every module a page imports. Only our modules: the vendored
htmx extensions import a bare "htmx", which is no file.
"""

from whitenoise.storage import CompressedManifestStaticFilesStorage

_any_js, _imports = CompressedManifestStaticFilesStorage._js_module_import_aggregation_patterns


class StaticFiles(CompressedManifestStaticFilesStorage):
    patterns = (*CompressedManifestStaticFilesStorage.patterns, ("ledger/js/*.js", _imports))
