import os

from hypothesis import HealthCheck, settings

# CI is reproducible (derandomized); a developer's run explores new seeds each time.
settings.register_profile(
    "ci", derandomize=True, deadline=None, suppress_health_check=list(HealthCheck), print_blob=True
)
settings.register_profile(
    "dev", deadline=None, suppress_health_check=list(HealthCheck), print_blob=True
)
settings.load_profile("ci" if os.environ.get("CI") else "dev")
