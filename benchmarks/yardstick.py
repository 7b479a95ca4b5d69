"""A fixed pure-Python loop timed in milliseconds: this machine's speed at the moment a benchmark runs.

The VM's speed varies from minute to minute (a shared host), so the benchmarks print this beside
their numbers: two runs compare only when their yardsticks are close.
"""

from __future__ import annotations

import time


def yardstick_ms(n: int = 1_000_000) -> float:
    """Milliseconds to add up ``n`` integers in a Python loop (about 25 ms on this project's VM when idle)."""
    t = time.perf_counter()
    total = 0
    for i in range(n):
        total += i
    return (time.perf_counter() - t) * 1000
