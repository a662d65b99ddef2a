"""Static files storage for production (``STORAGES["staticfiles"]`` in settings/production.py)."""

from whitenoise.storage import CompressedManifestStaticFilesStorage


class StaticFilesStorage(CompressedManifestStaticFilesStorage):
    """WhiteNoise's compressed, hashed files, with ES module imports rewritten too.

    The board script (static/js/board/) and live.js are ES modules that import
    each other by relative URL. With ``support_js_module_import_aggregation``,
    collectstatic rewrites ``import ... from "./x.js";`` to the hashed file, so a
    browser never mixes modules of two releases (and every module can be cached
    for ever). Django's pattern needs the statement's closing semicolon, and
    modules must not import each other in a cycle (a hash would depend on itself).
    """

    support_js_module_import_aggregation = True
