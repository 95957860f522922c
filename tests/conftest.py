"""Test-wide settings."""

from hypothesis import settings

# These machines are shared and noisy: a slow example is not a failure (timings belong
# in bench/, never in pass/fail tests).
settings.register_profile("beans", deadline=None)
settings.load_profile("beans")
