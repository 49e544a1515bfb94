"""Shared test settings: a hypothesis profile that keeps the suite quick but thorough."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("ci", max_examples=150, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))

from browser_support import (  # noqa: E402, F401  (the browser tests' fixtures)
    browser,
    built_site,
    chromium,
    playwright_driver,
    site_url,
)
