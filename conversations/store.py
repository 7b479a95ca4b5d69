"""Where user states live: a small :class:`StateStore` protocol, Redis, and an embedded default.

Keys are ``schemebot:v1:user:<hmac>``, the HMAC-SHA256 (hex) of ``channel:normalised user id`` under
a configured secret: no phone number or chat id appears in a key. A state is one Redis hash with two
fields, ``v`` (the compare-and-set version) and ``s`` (the state JSON):

- load: one ``HMGET`` (one round trip);
- save: one Lua script (one round trip) that writes only if ``v`` is still the version that was
  loaded, bumps it and refreshes the TTL; otherwise it writes nothing and the caller reloads and
  re-applies its change (:func:`update`);
- delete: ``DEL``.

The embedded store is the very same :class:`RedisStore` on an in-process ``fakeredis`` server, used
when no ``SCHEMEBOT_REDIS_URL`` is set (a newcomer's machine has no Redis).
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import random
import re
import time
from collections.abc import Callable
from typing import Protocol, TypeVar

import redis
from redis.backoff import NoBackoff
from redis.retry import Retry

from conversations.state import StateFormatError, UserState, load_state

log = logging.getLogger("schemebot.store")

KEY_PREFIX = "schemebot:v1:user:"
#: keys a user owns besides the state, ``<prefix><user digest>:<...>`` (replies kept for Twilio re-posts):
#: deleted with the state
OWNED_PREFIX = "schemebot:v1:kept:"


def owned_key(digest: str, name: str) -> str:
    """The key ``name`` owned by the user whose :class:`UserKey` digest is ``digest``
    (``<OWNED_PREFIX><digest>:<name>``): every such key is deleted with the user's state."""
    return f"{OWNED_PREFIX}{digest}:{name}"


#: Redis socket and connect timeout (seconds): a loopback or LAN Redis answers in about a millisecond, so
#: 2 s means it is hung; one retry (not redis-py's default three, with backoff) keeps a message's wait short
SOCKET_TIMEOUT_S = 2
def _client_options() -> dict:
    """The timeouts and retry of every Redis client the store makes (plain, cluster or Sentinel-managed):
    :data:`SOCKET_TIMEOUT_S`, and one retry without backoff."""
    return {"socket_timeout": SOCKET_TIMEOUT_S, "socket_connect_timeout": SOCKET_TIMEOUT_S, "retry": Retry(NoBackoff(), 1)}


#: a user's owned key (no content) marking that their state holds a running eligibility interview: it
#: outlives the state by LAPSE_GRACE_S (seconds, two weeks), so that a user whose state expired mid-interview
#: is told their earlier answers expired rather than meeting a bot that forgot them without a word
LAPSE = "lapse"
LAPSE_GRACE_S = 14 * 86400
#: the window of the per-user message count (conversations.engine's rate limit), seconds
RATE_WINDOW_S = 60
#: default state lifetime: 30 days, in seconds
DEFAULT_TTL_S = 30 * 24 * 3600

_SAVE_LUA = """
local current = redis.call('HGET', KEYS[1], 'v') or '0'
if tonumber(current) == nil then current = '0' end
if current ~= ARGV[1] then return 0 end
redis.call('HSET', KEYS[1], 'v', ARGV[2], 's', ARGV[3])
redis.call('EXPIRE', KEYS[1], tonumber(ARGV[4]))
return 1
"""


#: the key /readyz writes to prove Redis takes writes, and how long it lives (milliseconds)
READY_KEY = "schemebot:v1:ready"
READY_KEY_TTL_MS = 10_000


class StoreError(Exception):
    """The store could not be reached or refused an operation (Redis errors are mapped to this)."""


class ConflictError(StoreError):
    """Too many concurrent updates of one user's state in a row (see :func:`update`)."""


def normalise_user_id(channel: str, user_id: str) -> str:
    """A stable form of a user id per channel: WhatsApp/SMS addresses as E.164 (``whatsapp:+91 98...``
    -> ``+9198...``), other ids stripped."""
    uid = user_id.strip()
    if channel in ("whatsapp", "sms"):
        uid = uid.removeprefix("whatsapp:")
        digits = re.sub(r"[^\d+]", "", uid)
        return digits if digits.startswith("+") else "+" + digits
    return uid


class UserKey:
    """The storage key of one user: ``schemebot:v1:user:<hmac>``; the raw id is never kept."""

    __slots__ = ("channel", "digest", "key")

    def __init__(self, channel: str, user_id: str, secret: bytes) -> None:
        digest = hmac.new(secret, f"{channel}:{normalise_user_id(channel, user_id)}".encode(), hashlib.sha256).hexdigest()
        self.channel = channel
        self.digest = digest  # also names the user's other keys (replies kept for re-posts), so /forget finds them
        self.key = KEY_PREFIX + digest

    def __repr__(self) -> str:
        return f"UserKey({self.channel!r}, {self.key[-12:]!r})"


class StateStore(Protocol):
    """Load, save atomically, delete."""

    def load(self, key: UserKey) -> UserState:
        """The stored state (``version`` = what is stored), or a fresh state with ``version`` 0."""

    def save(self, key: UserKey, state: UserState) -> bool:
        """Write ``state`` if the stored version is still ``state.version``; on success bump
        ``state.version`` and return True, else return False and write nothing."""

    def delete(self, key: UserKey) -> None:
        """Remove everything stored for the user."""

    def count_message(self, key: UserKey, window_s: int = RATE_WINDOW_S) -> int:
        """Count one more message of the user in the current window; returns the count."""


class RedisStore:
    """:class:`StateStore` on Redis (see the module docstring).

    Args:
        client: a redis-py client (``decode_responses`` off).
        ttl_s: state lifetime in seconds, refreshed on every save.

    Raises (from every method):
        StoreError: Redis unreachable or failing.
    """

    def __init__(self, client: redis.Redis, ttl_s: int = DEFAULT_TTL_S) -> None:
        self.client = client
        self.ttl_s = int(ttl_s)
        self._save = client.register_script(_SAVE_LUA)

    @classmethod
    def from_url(cls, url: str, ttl_s: int = DEFAULT_TTL_S, cluster: bool = False) -> RedisStore:
        """Connect to ``redis://host:port/db`` (``rediss://`` for TLS); with ``cluster``, to the Redis
        Cluster that node belongs to (redis-py's cluster client: every command of the bot names one
        key, or is split by slot, so no key needs a hash tag).

        Raises:
            StoreError: a malformed URL.
        """
        try:
            client = (redis.RedisCluster if cluster else redis.Redis).from_url(url, **_client_options())
        except (ValueError, redis.RedisError) as exc:
            raise StoreError(f"cannot use SCHEMEBOT_REDIS_URL ({exc.__class__.__name__}: {exc}); expected redis://host:port/db") from None
        return cls(client, ttl_s)

    @classmethod
    def from_sentinels(cls, sentinels: list[tuple[str, int]], service: str, ttl_s: int = DEFAULT_TTL_S, db: int = 0) -> RedisStore:
        """The primary named ``service`` by Redis Sentinels at ``sentinels``: after a failover the next
        command finds the new primary (redis-py's Sentinel client; a write refused by a demoted primary
        is retried on the new one).

        Raises:
            StoreError: the Sentinels cannot be used.
        """
        from redis.sentinel import Sentinel

        try:
            watch = Sentinel(sentinels, socket_timeout=SOCKET_TIMEOUT_S, sentinel_kwargs={"socket_timeout": SOCKET_TIMEOUT_S})
            client = watch.master_for(service, db=db, **_client_options())
        except (ValueError, redis.RedisError) as exc:
            raise StoreError(f"cannot use SCHEMEBOT_REDIS_SENTINELS ({exc.__class__.__name__}: {exc})") from None
        return cls(client, ttl_s)

    @classmethod
    def embedded(cls, ttl_s: int = DEFAULT_TTL_S) -> RedisStore:
        """The same store on an in-process ``fakeredis`` server (nothing survives the process)."""
        import fakeredis

        return cls(fakeredis.FakeRedis(), ttl_s)

    def load(self, key: UserKey) -> UserState:
        """See :class:`StateStore`. A stored state that cannot be read (not JSON, a broken shape) is set
        aside: a fresh state comes back, carrying the stored version so that the next save replaces it.

        Raises:
            StoreError: Redis failed.
            StateVersionError: the state was written by a newer schemebot (never overwritten).
        """
        try:
            pipe = self.client.pipeline(transaction=False)
            pipe.hmget(key.key, ["v", "s"])
            pipe.exists(owned_key(key.digest, LAPSE))
            (version, raw), lapsed = pipe.execute()
        except redis.RedisError as exc:
            self.failed()
            raise StoreError(f"state store unavailable: {exc.__class__.__name__}") from exc
        try:
            state = load_state(raw)
        except StateFormatError as exc:
            log.warning("unreadable user state set aside: %s", exc)
            state = UserState()
        state.version = _version(version)
        state.lapse_marked = bool(lapsed)
        state.lapsed = raw is None and state.lapse_marked
        return state

    def save(self, key: UserKey, state: UserState) -> bool:
        new_version = state.version + 1
        state.updated_at = _now()
        body = state.model_copy(update={"version": new_version}).to_json()
        marker = owned_key(key.digest, LAPSE)
        running = state.interview is not None and not state.interview.finished
        try:
            ok = self._save(keys=[key.key], args=[str(state.version), str(new_version), body, self.ttl_s])
            if ok and running:
                self.client.set(marker, b"1", ex=self.ttl_s + LAPSE_GRACE_S)  # outlives the state, to say it expired
            elif ok and state.lapse_marked:
                self.client.delete(marker)
            if ok:
                state.lapse_marked = running
        except redis.RedisError as exc:
            self.failed()
            raise StoreError(f"state store unavailable: {exc.__class__.__name__}") from exc
        if ok:
            state.version = new_version
        return bool(ok)

    def count_message(self, key: UserKey, window_s: int = RATE_WINDOW_S) -> int:
        """Count one more message of the user in the current window of ``window_s`` seconds (which starts
        with the window's first message) and return the count. The counter is one of the user's owned
        keys, the one /forget leaves to expire (a count, no personal data: deleting it reset the limit).

        Raises:
            StoreError: Redis unreachable or failing.
        """
        counter = owned_key(key.digest, "rate")
        try:
            pipe = self.client.pipeline(transaction=True)
            pipe.set(counter, 0, ex=window_s, nx=True)  # the window's expiry is set once, by its first message
            pipe.incr(counter)
            return int(pipe.execute()[1])
        except redis.RedisError as exc:
            self.failed()
            raise StoreError(f"state store unavailable: {exc.__class__.__name__}") from exc

    def delete(self, key: UserKey) -> None:
        try:
            # the state, and its owned keys (owned_key: replies kept for Twilio); not the count of this minute's
            # messages, a number that expires within RATE_WINDOW_S: deleting it let /forget reset the rate limit
            counter = owned_key(key.digest, "rate").encode()
            related = [k for k in self.client.scan_iter(match=owned_key(key.digest, "*"), count=500) if k != counter]
            self.client.delete(key.key, *related)
        except redis.RedisError as exc:
            self.failed()
            raise StoreError(f"state store unavailable: {exc.__class__.__name__}") from exc

    def failed(self) -> None:
        """After a Redis failure: with Sentinels, drop the pooled connections, so that the next command
        asks the Sentinels where the primary is (after a failover a pooled connection would keep writing
        to the former primary until it is demoted, and what it took then is lost when it resyncs)."""
        from redis.sentinel import SentinelConnectionPool

        pool = getattr(self.client, "connection_pool", None)
        if isinstance(pool, SentinelConnectionPool):
            pool.disconnect(inuse_connections=False)

    def refusal(self) -> str | None:
        """Why this server refuses the bot for good, or ``None``: a Redis that answers but rejects the
        configuration ("DB index is out of range", a wrong password, a read-only replica) says so on a
        test write; an unreachable one is ``None`` (it may come up later: /readyz reports it meanwhile)."""
        try:
            self.client.set(READY_KEY, b"1", px=READY_KEY_TTL_MS)
        except (redis.ConnectionError, redis.TimeoutError) as exc:
            if isinstance(exc, redis.AuthenticationError):
                return f"{exc.__class__.__name__}: {exc}"
            return None
        except redis.RedisError as exc:
            return f"{exc.__class__.__name__}: {exc}"
        return None

    def ping(self) -> bool:
        """True when the server takes a write: a short-lived key is set (a read-only replica, or a Redis
        out of memory under ``noeviction``, answers PING but refuses every state the bot would save)."""
        try:
            return bool(self.client.set(READY_KEY, b"1", px=READY_KEY_TTL_MS))
        except redis.RedisError:
            return False


def _version(raw: bytes | None) -> int:
    """The stored compare-and-set version; an unreadable one counts as 0 and is replaced on save."""
    try:
        return int(raw) if raw is not None else 0
    except ValueError:
        return 0


def _now():
    import datetime as _dt

    return _dt.datetime.now(_dt.timezone.utc)


T = TypeVar("T")


def update(store: StateStore, key: UserKey, apply: Callable[[UserState], tuple[T, bool]], attempts: int = 200) -> T:
    """Load the user's state, apply a change, save it with compare-and-set; on a conflict reload and
    apply again, so concurrent updates of one user never overwrite each other.

    Args:
        apply: ``state -> (result, save?)``; it may be called more than once, on fresh states, and
            must not have effects outside the state except through its result.
        attempts: give up after this many conflicts in a row.

    Raises:
        ConflictError: still conflicting after ``attempts`` tries.
        StoreError: the store failed.
    """
    for attempt in range(attempts):
        state = store.load(key)
        result, changed = apply(state)
        if not changed or store.save(key, state):
            return result
        time.sleep(random.uniform(0, 0.002 * min(attempt + 1, 10)))
    raise ConflictError(f"gave up after {attempts} concurrent updates of one user's state")


def store_from_settings(redis_url: str | None, ttl_s: int = DEFAULT_TTL_S, cluster: bool = False,
                        sentinels: str | None = None, service: str = "mymaster") -> RedisStore:
    """The primary that ``sentinels`` (``host:port,host:port``) name ``service`` when they are set (the
    db of ``redis_url``, if any), else Redis at ``redis_url`` (a Redis Cluster with ``cluster``), else
    the embedded store.

    Raises:
        StoreError: a setting cannot be used.
    """
    if sentinels:
        hosts = [(h, int(p)) for h, _, p in (part.rpartition(":") for part in sentinels.split(","))]
        db = int(redis_url.rsplit("/", 1)[1]) if redis_url and re.search(r"/\d+$", redis_url) else 0
        return RedisStore.from_sentinels(hosts, service, ttl_s, db)
    return RedisStore.from_url(redis_url, ttl_s, cluster) if redis_url else RedisStore.embedded(ttl_s)
