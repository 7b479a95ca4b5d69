"""At-most-once processing of a delivery: an atomic claim per channel message id in Redis.

Telegram re-delivers an update when the reply is slow, and Twilio may post the same ``MessageSid``
twice. Before processing, the handler claims ``schemebot:v1:claim:<channel>:<id>`` with ``SET NX`` and
a short TTL; only the first claim wins. Once the engine has handled the message the claim is settled:
kept for the full TTL. If processing fails the claim is released, so a retry can succeed; if the
worker dies first, the short TTL lets a re-delivery through after ``PROCESSING_TTL_S``.
"""

from __future__ import annotations

import logging

import redis

log = logging.getLogger("schemebot.claims")

CLAIM_PREFIX = "schemebot:v1:claim:"
#: how long a claim is kept: one day, longer than Telegram's and Twilio's retry windows
CLAIM_TTL_S = 24 * 3600
#: how long an unsettled claim lives (seconds): far longer than handling a message takes (milliseconds)
PROCESSING_TTL_S = 120


class Claims:
    """Claims on one Redis client (the store's client, so the embedded store works too)."""

    def __init__(self, client: redis.Redis, ttl_s: int = CLAIM_TTL_S) -> None:
        self.client = client
        self.ttl_s = ttl_s

    def _key(self, channel: str, message_id: str) -> str:
        return f"{CLAIM_PREFIX}{channel}:{message_id}"

    def claim(self, channel: str, message_id: str) -> bool:
        """True for the first claim of ``(channel, message_id)``; False for a repeat. The claim lives
        ``PROCESSING_TTL_S`` until :meth:`settle` keeps it."""
        return bool(self.client.set(self._key(channel, message_id), b"1", nx=True, ex=min(PROCESSING_TTL_S, self.ttl_s)))

    def settle(self, channel: str, message_id: str) -> None:
        """Keep a claim for the full TTL: the message has been handled (its state change is saved). A
        Redis failure is logged, not raised: the reply is ready, and the claim still lives its
        processing TTL."""
        try:
            self.client.expire(self._key(channel, message_id), self.ttl_s)
        except redis.RedisError as exc:
            log.error("claim not settled: %s", exc.__class__.__name__, extra={"event": {"channel": channel}})

    def release(self, channel: str, message_id: str) -> None:
        """Undo a claim after failed processing, so a re-delivery is processed."""
        self.client.delete(self._key(channel, message_id))

    def once(self, name: str, ttl_s: int | None = None) -> bool:
        """True the first time ``name`` is seen (status callbacks, fallbacks); ``release(prefix, rest)``
        undoes it for ``name == f"{prefix}:{rest}"``."""
        return bool(self.client.set(f"{CLAIM_PREFIX}{name}", b"1", nx=True, ex=ttl_s or self.ttl_s))
