"""Settings of the benchmark's server: production, with rate limits a closed-loop client cannot reach.

A benchmark player posts its next move the moment the last one is answered
(hundreds a minute), far above the ``moves`` rate a person is held to, and a run
makes a few hundred guests from one address. The throttle still runs and counts
on every request, as in production; only the limits are raised, so the figures
measure the work and no request is refused.
"""

from blockknock.settings.production import *  # noqa: F403
from blockknock.settings.production import REST_FRAMEWORK

REST_FRAMEWORK = {
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": dict.fromkeys(REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "1000000/min"),
}
