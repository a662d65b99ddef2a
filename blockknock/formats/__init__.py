"""Per-language number and date formats (settings.FORMAT_MODULE_PATH).

Only what differs from Django's own locale formats is set here; everything else
falls back to Django's. Templates use the named formats (``date:"DATE_FORMAT"``,
``date:"MONTH_DAY_FORMAT"``) and ``floatformat:"0g"`` for numbers.
"""
