"""At-most-once processing of a delivery: an atomic claim per channel message id in Redis.

Telegram re-delivers an update when the reply is slow, and Twilio may post the same ``MessageSid``
twice. Before processing, the handler claims ``schemebot:v1:claim:<channel>:<id>`` with ``SET NX`` and
a short TTL; only the first claim wins. The claim holds its state and who holds it: ``p:<token>``
while the message is processed, ``d`` once it is handled (kept for the full TTL). A repeat therefore
learns which it met (:class:`Claim`): ``done`` (drop it, or send the reply kept for it), ``busy``
(another worker is on it: ask the sender to retry), and a claim whose ``SET NX`` a client retry ran
twice (a Redis stall past the socket timeout: the first run set it, the retry found it set) is
recognised by its token as the caller's own, so the message is handled, not eaten. If processing
fails the claim is released, so a retry can succeed; if the worker dies first, the short TTL lets a
re-delivery through after ``PROCESSING_TTL_S``. A message answered while Redis failed is settled with
the reply it got once Redis answers (:meth:`Claims.settle_own`), unless a re-delivery was handled
meanwhile.

Replays: a settled message is also remembered for the replay window (``replay_window_s``, default a
week) as a 63-bit integer digest of ``<channel>:<id>`` in one of ``SEEN_BUCKETS`` sets per channel and
day (``schemebot:v1:seen:<channel>:<day>:<bucket>``). Redis stores a set of at most 512 integers as an
intset (``set-max-intset-entries``), 8 bytes a member: about 60 MB for a week of a million messages a
day, where one key per message would take about 1 GB. A claim that is new is checked against the sets
of the window's days, so a captured request replayed after its claim expired is still seen as done.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Literal

import redis

from conversations.store import owned_key

log = logging.getLogger("schemebot.claims")

CLAIM_PREFIX = "schemebot:v1:claim:"
#: how long a claim is kept: one day, longer than Telegram's and Twilio's retry windows
CLAIM_TTL_S = 24 * 3600
#: how long an unsettled claim lives (seconds): far longer than handling a message takes (milliseconds)
PROCESSING_TTL_S = 120
#: the reply produced for a Twilio message, returned again when Twilio re-posts the same MessageSid, is
#: kept under ``owned_key(<user digest>, <sha256 of channel:MessageSid>)`` (deleted with the user's state);
#: how long a produced reply is kept for a re-post (seconds): Twilio re-posts within its 15 s timeout
KEPT_TTL_S = 600
SEEN_PREFIX = "schemebot:v1:seen:"
#: sets per channel and day remembering handled messages: at most 512 members each (so each stays an
#: intset) up to about 2 million messages a day; more traffic only costs memory (sets become hash tables)
SEEN_BUCKETS = 4096
#: how long a handled message is remembered as handled (seconds): the default replay window, a week
REPLAY_WINDOW_S = 7 * 24 * 3600
DAY_S = 86400


#: delete a key only while it holds the given value (an unsettled claim of one token)
_RELEASE_OWN_LUA = """
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
"""
#: mark a claim done (``ARGV[2]``: its TTL, seconds) only while it is unset or holds ``ARGV[1]`` (an
#: unsettled claim of one token; ``""`` for none): one key, so it runs on a Redis Cluster too
_SETTLE_OWN_LUA = """
local held = redis.call('GET', KEYS[1])
if held == false or held == ARGV[1] then redis.call('SET', KEYS[1], 'd', 'EX', ARGV[2]) return 1 end
return 0
"""


def new_token() -> str:
    """A random claim token (16 hex digits)."""
    return secrets.token_hex(8)


def _seen(channel: str, message_id: str) -> tuple[int, int]:
    """``(member, bucket)``: the 63-bit integer digest of ``channel:message_id`` remembered for replays,
    and the set it goes to."""
    member = int.from_bytes(hashlib.sha256(f"{channel}:{message_id}".encode()).digest()[:8], "big") >> 1
    return member, member % SEEN_BUCKETS


@dataclass(frozen=True)
class Claim:
    """The outcome of claiming a delivery: ``new`` (process it; ``token`` names this claim), ``busy``
    (another worker holds it now) or ``done`` (it was handled); ``kept``: the reply kept for it
    (:meth:`Claims.settle`), read in the same round trip as the claim, or ``None``."""

    state: Literal["new", "busy", "done"]
    token: str | None = None
    kept: str | None = None


class Claims:
    """Claims on one Redis client (the store's client, so the embedded store works too)."""

    def __init__(self, client: redis.Redis, ttl_s: int = CLAIM_TTL_S, replay_window_s: int = REPLAY_WINDOW_S) -> None:
        self.client = client
        self.ttl_s = ttl_s
        self.replay_window_s = replay_window_s
        self._release_own = client.register_script(_RELEASE_OWN_LUA)
        self._settle_own = client.register_script(_SETTLE_OWN_LUA)

    def _seen_keys(self, channel: str, bucket: int, day: int) -> list[str]:
        """The sets that may remember a message of ``channel`` in ``bucket``, from ``day`` (days since
        the epoch, UTC) back over the replay window."""
        days = -(-self.replay_window_s // DAY_S)
        return [f"{SEEN_PREFIX}{channel}:{d}:{bucket}" for d in range(day, day - days - 1, -1)]

    def handled_before(self, channel: str, message_id: str) -> bool:
        """True when ``(channel, message_id)`` was settled within the replay window.

        Raises:
            redis.RedisError: Redis failed.
        """
        if self.replay_window_s <= 0:
            return False
        member, bucket = _seen(channel, message_id)
        pipe = self.client.pipeline(transaction=False)
        for key in self._seen_keys(channel, bucket, int(time.time() // DAY_S)):
            pipe.sismember(key, member)
        return any(pipe.execute())

    def _key(self, channel: str, message_id: str) -> str:
        return f"{CLAIM_PREFIX}{channel}:{message_id}"

    def claim(self, channel: str, message_id: str, token: str | None = None, owner: str = "") -> Claim:
        """Claim ``(channel, message_id)`` (see the module docstring) as ``token`` (default a new
        random one; a caller that passes its own can release the claim should this call fail after
        Redis ran it: :meth:`release_own`). A new claim lives ``PROCESSING_TTL_S`` until
        :meth:`settle` marks it done. A claim found done or busy carries the reply kept for it under
        ``owner`` (:meth:`settle`), if any.

        The claim and its kept reply are read in one pipeline, so from one server: while Redis
        Sentinel fails over, a client's pooled connections reach the old primary and the new one
        (redis-py moves a pool's connections only as they are made again), and a claim read on one
        with its reply looked up on the other had found a message done with no reply, answering
        its re-post with an empty TwiML. On one server the reply is written before the claim's
        "done" (:meth:`settle`), so a claim found done there has its reply.

        Raises:
            redis.RedisError: Redis failed.
        """
        key, token = self._key(channel, message_id), token or new_token()
        for _ in range(2):
            pipe = self.client.pipeline(transaction=False)
            pipe.set(key, f"p:{token}".encode(), nx=True, ex=min(PROCESSING_TTL_S, self.ttl_s))
            pipe.get(key)
            pipe.get(self._kept_key(channel, message_id, owner))
            won, held, raw = pipe.execute()
            kept = raw.decode("utf-8") if raw is not None else None
            if won:
                if self.handled_before(channel, message_id):  # a replay after its claim expired
                    self.client.set(key, b"d", ex=self.ttl_s)
                    return Claim("done", kept=kept)
                return Claim("new", token)
            if held is None:
                continue  # expired between the two commands: claim again
            if held == f"p:{token}".encode():
                return Claim("new", token)  # our own SET, run twice by a client retry
            return Claim("done" if held.startswith(b"d") else "busy", kept=kept)
        return Claim("busy")

    def settle(self, channel: str, message_id: str, kept: str | None = None, owner: str = "") -> bool:
        """Mark a claim done and keep it for the full TTL: the message has been handled (its state
        change is saved); ``kept``: the reply to return when the same message is posted again
        (Twilio), kept ``KEPT_TTL_S`` under a hashed key named by ``owner`` (the user's key digest,
        so that /forget deletes it). Returns False, after logging it, when Redis failed: the reply is
        ready, and the claim still lives its processing TTL (the caller may settle it later:
        :meth:`settle_own`)."""
        try:
            # the kept reply before the claim's "done": should the commands be cut short (a failover that
            # loses the last writes), a claim found done always has its reply, and a re-post never gets
            # an empty answer
            pipe = self.client.pipeline(transaction=False)
            self._record(pipe, channel, message_id, kept, owner)
            pipe.set(self._key(channel, message_id), b"d", ex=self.ttl_s)
            pipe.execute()
            return True
        except redis.RedisError as exc:
            log.error("claim not settled: %s", exc.__class__.__name__, extra={"event": {"channel": channel}})
            return False

    def settle_own(self, channel: str, message_id: str, token: str | None, kept: str | None = None, owner: str = "") -> bool:
        """Settle, once Redis answers again, a message answered while it failed: the claim is marked
        done (and ``kept`` kept as in :meth:`settle`) only while nobody holds it or ``token`` holds it
        unsettled, so a re-delivery processed meanwhile keeps its own outcome. True when settled.

        Raises:
            redis.RedisError: Redis failed.
        """
        key, mine = self._key(channel, message_id), f"p:{token}" if token else ""
        held = self.client.get(key)
        if held is not None and held != mine.encode():
            return False
        # the kept reply before the claim's "done", as in settle: a claim marked done first and its reply recorded
        # after had, when Redis failed between the two (a Sentinel failover), left a message done for good with no
        # reply, and its re-post answered with an empty TwiML (a retry found the claim done, not ours, and gave up)
        pipe = self.client.pipeline(transaction=False)
        self._record(pipe, channel, message_id, kept, owner)
        pipe.execute()
        return bool(self._settle_own(keys=[key], args=[mine, self.ttl_s]))

    def _record(self, pipe, channel: str, message_id: str, kept: str | None, owner: str) -> None:
        """Queue on ``pipe`` what a settled message leaves: the ``kept`` reply, then its replay mark (in that
        order: a message marked handled has its reply, see :meth:`settle`)."""
        if kept is not None:
            pipe.set(self._kept_key(channel, message_id, owner), kept.encode("utf-8"), ex=KEPT_TTL_S)
        if self.replay_window_s > 0:
            member, bucket = _seen(channel, message_id)
            today = self._seen_keys(channel, bucket, int(time.time() // DAY_S))[0]
            pipe.sadd(today, member)
            pipe.expire(today, self.replay_window_s + DAY_S)

    def _kept_key(self, channel: str, message_id: str, owner: str) -> str:
        return owned_key(owner, hashlib.sha256(f"{channel}:{message_id}".encode()).hexdigest())

    def kept(self, channel: str, message_id: str, owner: str = "") -> str | None:
        """The reply kept for ``(channel, message_id)`` of ``owner`` by :meth:`settle`, or ``None``.

        Raises:
            redis.RedisError: Redis failed.
        """
        raw = self.client.get(self._kept_key(channel, message_id, owner))
        return raw.decode("utf-8") if raw is not None else None

    def release(self, channel: str, message_id: str) -> None:
        """Undo a claim after failed processing, so a re-delivery is processed."""
        self.client.delete(self._key(channel, message_id))

    def release_own(self, channel: str, message_id: str, token: str) -> bool:
        """Undo the claim only while ``token`` still holds it unsettled (a claim whose ``SET`` timed out
        during a Redis stall, but may have run: left alone it would hold re-deliveries off for
        ``PROCESSING_TTL_S``); True when it was released.

        Raises:
            redis.RedisError: Redis failed.
        """
        return bool(self._release_own(keys=[self._key(channel, message_id)], args=[f"p:{token}"]))

    def once(self, name: str, ttl_s: int | None = None) -> bool:
        """True the first time ``name`` is seen (status callbacks, fallbacks); ``release(prefix, rest)``
        undoes it for ``name == f"{prefix}:{rest}"``."""
        return bool(self.client.set(f"{CLAIM_PREFIX}{name}", b"1", nx=True, ex=ttl_s or self.ttl_s))
