"""How often one phone (or one address on the network) may ask for something that costs
the table work: a token bucket, checked before the work is done."""

from __future__ import annotations

import time


class Bucket:
    """At most ``burst`` at once and ``rate`` a second after that (a token bucket)."""

    def __init__(self, rate: float, burst: float):
        self.rate, self.burst = rate, burst
        self.tokens, self.at = burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Buckets:
    """One bucket per key (an address), at most ``keys`` of them: the longest unused goes."""

    def __init__(self, rate: float, burst: float, keys: int = 1_000):
        self.rate, self.burst, self.keys = rate, burst, keys
        self._buckets: dict[str, Bucket] = {}

    def take(self, key: str) -> bool:
        bucket = self._buckets.pop(key, None) or Bucket(self.rate, self.burst)
        self._buckets[key] = bucket  # the newest last
        while len(self._buckets) > self.keys:
            del self._buckets[next(iter(self._buckets))]
        return bucket.take()


__all__ = ["Bucket", "Buckets"]
