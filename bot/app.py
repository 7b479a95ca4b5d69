"""The ASGI app: ``create_app(settings)`` (FastAPI), served by uvicorn (``schemebot serve``).

Routes: ``POST /telegram/webhook``, ``POST /twilio/whatsapp``, ``POST /twilio/sms``,
``POST /twilio/status``; ``GET /healthz`` (alive), ``GET /readyz`` (index loaded, Redis taking writes),
``GET /metrics`` (Prometheus). A channel is active only when configured; an inactive channel's path
answers 404. With nothing configured the app still starts, on the embedded store, and logs which
channels are off.

Bad input never crashes a handler: a wrong secret or signature is 403, a body too large 413, a body
that is not a Telegram update or a Twilio form 400. When Redis fails while a message is handled, a
Telegram update gets a 503 (its claim released once Redis answers, so the re-delivery is handled) or,
with Redis unreachable, an answer without state; a WhatsApp or SMS message (Twilio does not retry) is
answered without state, and that answer is what a re-post of its MessageSid gets again, from this
worker at once and from any worker once Redis answers and the claim is settled with it.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import re
import time
from collections import OrderedDict, deque
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import NamedTuple

import redis
from fastapi import BackgroundTasks, FastAPI, Request, Response
from fastapi.responses import JSONResponse, PlainTextResponse
from starlette.requests import ClientDisconnect
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from bot import telegram_channel, twilio_channel
from bot.claims import KEPT_TTL_S, Claim, Claims, new_token
from bot.observability import Metrics, log_turn
from bot.render import SmsTemplate, kinds_without_template, sms_pages
from bot.settings import Settings, weak_state_secret
from conversations.engine import Engine
from conversations.store import ConflictError, StoreError
from conversations.types import Reply

log = logging.getLogger("schemebot.app")
#: Telegram replies a worker delivers at once (see Runtime.in_flight)
MAX_IN_FLIGHT = 16
#: threads per worker running the engine (see Runtime.run)
ENGINE_THREADS = 2
#: after a Redis failure, how long (seconds) deliveries are refused at once (503 or an apology)
#: instead of each waiting out its own timeout on a Redis that hangs; then Redis is tried again
REDIS_COOLDOWN_S = 2.0
#: at most this many failed claims are kept to be released once Redis answers (a minute at 100 messages/s)
MAX_ORPHANS = 6000
#: how long /readyz waits for Redis to answer a PING (seconds)
READY_TIMEOUT_S = 1.0


#: a Twilio sender's number (after any "whatsapp:", spaces, dots, hyphens and brackets aside): E.164, a "+"
#: and at most 15 digits (ITU-T E.164), or a short code of at least 5 digits
SENDER = re.compile(r"\+?\d{5,15}")
#: a Twilio message SID: 34 characters, "SM" or "MM" and 32 hex digits (Twilio's API reference, "Message
#: resource"); letters and digits up to 64 accepted, so a longer id Twilio may bring in is not refused, while a
#: signed 100 KB one is (it became a 100 KB Redis key)
MESSAGE_SID = re.compile(r"[A-Za-z0-9]{2,64}")
#: a Telegram update dated more than this many seconds ahead of this server's clock is refused (clocks drift
#: by seconds; Telegram never dates an update in the future)
FUTURE_SKEW_S = 300
#: the most a Twilio message may take before it is answered without state (seconds): Twilio gives up on a
#: webhook after 15 s and never retries it
TWILIO_BUDGET_S = 10.0
#: how long a Twilio re-post of a message still being processed waits for its reply (seconds): well
#: inside Twilio's 15 s webhook timeout, longer than a message takes (milliseconds) or a short Redis stall
REPOST_WAIT_S = 8.0


class Orphan(NamedTuple):
    """A claim Redis failed on: released once Redis answers (``answered`` False: the message was not
    handled, a re-delivery must be), or settled as handled with the reply it got (``kept``, under the
    user digest ``owner``: a Twilio re-post returns it)."""

    channel: str
    message_id: str
    token: str | None
    answered: bool = False
    kept: str | None = None
    owner: str = ""


#: how often a worker holding claims Redis failed on tries to settle or release them (seconds)
ORPHAN_SWEEP_S = 1.0


async def sweep_orphans(rt: "Runtime") -> None:
    """Settle or release :attr:`Runtime.orphans` once Redis answers, every :data:`ORPHAN_SWEEP_S`, whether
    or not this worker gets new messages: with several workers, Twilio's re-posts of a message this
    worker answered during a stall went to the others and got 503 ("being processed") for the minute its
    claim lasted, since only a new message to this worker settled it."""
    while True:
        await asyncio.sleep(ORPHAN_SWEEP_S)
        if rt.orphans and not rt.redis_cooling_down():
            try:
                await asyncio.to_thread(rt.release_orphans)
            except Exception as exc:  # noqa: BLE001 - the sweep must go on
                log.warning("orphan sweep failed: %s", exc.__class__.__name__)


@dataclass
class Runtime:
    """What the handlers share: settings, engine, Redis, claims, metrics and the channel clients."""

    settings: Settings
    engine: Engine
    redis: redis.Redis
    claims: Claims
    metrics: Metrics = field(default_factory=Metrics)
    telegram_bot: object | None = None
    twilio: object | None = None
    #: replies being delivered in the background; the webhook waits for a free slot, so that under
    #: overload Telegram's deliveries slow down instead of replies queueing without bound
    in_flight: asyncio.Semaphore = field(default_factory=lambda: asyncio.Semaphore(MAX_IN_FLIGHT))
    engine_thread: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(max_workers=ENGINE_THREADS, thread_name_prefix="engine"))
    #: threads for answers without state (Redis failing): never blocked by a Redis that hangs
    stateless_thread: ThreadPoolExecutor = field(default_factory=lambda: ThreadPoolExecutor(max_workers=ENGINE_THREADS, thread_name_prefix="stateless"))
    sms_templates: dict[str, SmsTemplate] = field(default_factory=dict)
    #: ``time.monotonic()`` until which Redis counts as down (see :meth:`redis_failed`)
    redis_down_until: float = 0.0
    #: Redis failed and has not answered since: after the cool-down one delivery at a time tries it
    redis_suspect: bool = False
    #: that one delivery is trying Redis now
    redis_probing: bool = False
    #: the last Redis failure refused the connection (Redis is down) or the command (out of memory, a
    #: read-only replica), rather than timing out (a stall, which a Telegram re-delivery a little later outlasts)
    redis_unreachable: bool = False
    #: claims whose command failed (a timeout: Redis may still run it) or whose release failed, and
    #: messages answered while Redis failed (:class:`Orphan`): once Redis answers again, the first are
    #: released if still unsettled and theirs (else the claim would turn every re-delivery away for
    #: PROCESSING_TTL_S), the second settled with the reply they got; bounded, oldest dropped
    orphans: deque = field(default_factory=lambda: deque(maxlen=MAX_ORPHANS))
    #: Twilio replies that Redis may not hold (answered without state, or not settled), by
    #: ``(channel, MessageSid)``: ``(time.monotonic() deadline, owner digest, TwiML)``, so that a re-post to
    #: this worker gets the same reply whatever Redis did meanwhile (a failover may lose the last writes);
    #: kept ``KEPT_TTL_S``, bounded like the orphans, dropped for a user who says /forget; Telegram updates
    #: answered without state are marked here too (an empty reply), so that a repeat is not answered twice
    answers: OrderedDict = field(default_factory=OrderedDict)
    #: background tasks of this worker (replies sent later): kept referenced until they end
    tasks: set = field(default_factory=set)

    def spawn(self, coro) -> asyncio.Task:
        """Run ``coro`` as a task of its own, kept referenced until it ends."""
        task = asyncio.get_running_loop().create_task(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)
        return task

    def redis_failed(self, exc: Exception | None = None) -> None:
        """Note a Redis failure (``exc``, if known): for ``REDIS_COOLDOWN_S`` new deliveries are
        answered at once without state instead of queueing on threads that each wait out the socket
        timeout (a hung Redis would otherwise make Twilio give up, after 15 s, before the reply is
        ready); after that, one delivery at a time tries Redis until one succeeds."""
        self.redis_down_until = time.monotonic() + REDIS_COOLDOWN_S
        self.redis_suspect = True
        self.engine.store.failed()  # (claims share the store's client)
        # (a command Redis answers with an error, out of memory or a read-only replica, will not pass on a
        # re-delivery a few seconds later either: Telegram got 503 for as long as it lasted, and no reply)
        self.redis_unreachable = (isinstance(exc, redis.ConnectionError) and not isinstance(exc, redis.TimeoutError)) or \
            isinstance(exc, redis.ResponseError)

    def redis_cooling_down(self) -> bool:
        """True while a recent Redis failure is being waited out, or another delivery is finding out
        whether Redis is back."""
        return time.monotonic() < self.redis_down_until or (self.redis_suspect and self.redis_probing)

    async def claim(self, channel: str, message_id: str, ttl_s: int | None = None, owner: str = "") -> Claim | None:
        """Claim a delivery off the event loop (:class:`~bot.claims.Claim`: new, busy or done, with the
        reply kept for it under ``owner``; with ``ttl_s``, a one-off mark: new or done), or ``None``:
        Redis failed (or failed moments ago: see :meth:`redis_failed`)."""
        if self.redis_cooling_down():
            return None
        probe = self.redis_suspect
        self.redis_probing = self.redis_probing or probe
        token = new_token()
        if self.orphans:  # what a failure left claimed is freed first: this may be its re-delivery
            await asyncio.to_thread(self.release_orphans)
        try:
            if ttl_s is None:
                first = await asyncio.to_thread(self.claims.claim, channel, message_id, token, owner)
            else:
                once = await asyncio.to_thread(self.claims.once, f"{channel}:{message_id}", ttl_s)
                first = Claim("new") if once else Claim("done")
            self.redis_suspect = False
        except redis.RedisError as exc:
            self.redis_failed(exc)
            if ttl_s is None:
                self.orphans.append(Orphan(channel, message_id, token))
            log.error("claim failed: %s", exc.__class__.__name__, extra={"event": {"channel": channel}})
            return None
        finally:
            if probe:
                self.redis_probing = False
        return first

    def release_orphans(self) -> int:
        """Release the claims in :attr:`orphans` that their tokens still hold unsettled, and settle those
        answered meanwhile (on a worker thread); stops at the first Redis failure, keeping the rest.
        Returns how many claims were released or settled."""
        done = 0
        while True:
            try:  # several threads may be at it: each takes its own (deque operations are atomic)
                orphan = self.orphans.popleft()
            except IndexError:
                return done
            try:
                if orphan.answered:
                    done += self.claims.settle_own(orphan.channel, orphan.message_id, orphan.token, orphan.kept, orphan.owner)
                else:
                    done += self.claims.release_own(orphan.channel, orphan.message_id, orphan.token)
            except redis.RedisError:
                self.orphans.appendleft(orphan)
                return done

    def answered_unsettled(self, channel: str, message_id: str, token: str | None, xml: str, owner: str) -> None:
        """Note a Twilio message answered with ``xml`` that Redis does not record as handled (it failed):
        a re-post to this worker gets the same reply at once, and the claim is settled with it once Redis
        answers (so a re-post to another worker gets it too, and the message is not handled twice)."""
        self.orphans.append(Orphan(channel, message_id, token, True, xml, owner))
        self.keep_answer(channel, message_id, owner, xml)

    def keep_answer(self, channel: str, message_id: str, owner: str, xml: str) -> None:
        """Note in :attr:`answers` the reply a message got (``""`` for a Telegram update: only that it was
        answered), kept ``KEPT_TTL_S``, the oldest dropped beyond ``MAX_ORPHANS``."""
        self.answers[(channel, message_id)] = (time.monotonic() + KEPT_TTL_S, owner, xml)
        self.answers.move_to_end((channel, message_id))
        while len(self.answers) > MAX_ORPHANS:
            self.answers.popitem(last=False)

    def answered(self, channel: str, message_id: str) -> str | None:
        """The reply :meth:`answered_unsettled` noted for a message, while it is kept."""
        entry = self.answers.get((channel, message_id))
        if entry is None or entry[0] < time.monotonic():
            return None
        return entry[2]

    def forget_answers(self, owner: str) -> None:
        """Drop the replies noted for the user whose key digest is ``owner`` (/forget)."""
        for key in [k for k, v in list(self.answers.items()) if v[1] == owner]:
            self.answers.pop(key, None)

    async def handling_failed(self, channel: str, message_id: str, token: str | None, exc: Exception, what: str) -> None:
        """After the state store failed on a message claimed as ``token``: start the Redis cool-down
        (unless it was a conflict between one user's concurrent messages: Redis itself is fine), release
        the claim so a retry can succeed (later, once Redis answers, if it cannot be released now),
        count and log ``what`` failed."""
        if isinstance(exc, ConflictError):
            await self.release(channel, message_id)  # Redis itself is fine
        else:
            # Redis just failed: the claim is released once it answers again (waiting on it now would
            # delay the user's answer by another timeout)
            self.redis_failed(exc.__cause__ if isinstance(exc, StoreError) and exc.__cause__ is not None else exc)
            if token is not None:
                self.orphans.append(Orphan(channel, message_id, token))
        self.metrics.requests.labels(channel, "error").inc()
        log.error("%s: %s", what, exc.__class__.__name__, extra={"event": {"channel": channel}})

    async def release(self, channel: str, message_id: str) -> None:
        """Release a claim after a failure (logged, never raised: Redis may be the thing that failed)."""
        try:
            await asyncio.to_thread(self.claims.release, channel, message_id)
        except redis.RedisError as exc:
            log.error("claim not released: %s", exc.__class__.__name__, extra={"event": {"channel": channel}})

    async def run_stateless(self, fn, *args):
        """Run work that needs no Redis (an answer without state) on its own threads, so that it is not
        queued behind engine threads waiting on a Redis that hangs."""
        return await asyncio.get_running_loop().run_in_executor(self.stateless_thread, fn, *args)

    async def run(self, fn, *args):
        """Run engine work on the worker's engine threads, so the event loop stays free for network
        I/O (replies being delivered, new requests being read); two threads let one message's Redis
        round trip overlap another's CPU work."""
        return await asyncio.get_running_loop().run_in_executor(self.engine_thread, fn, *args)

    def observe(self, channel: str, replies: list[Reply], latency_ms: float) -> None:
        """Count and log one handled message."""
        m = self.metrics
        m.requests.labels(channel, "ok").inc()
        m.latency.labels(channel).observe(latency_ms / 1000.0)
        for r in replies:
            m.replies.labels(channel, r.kind).inc()
            if r.kind == "decline":
                m.declines.labels(channel, "declined").inc()
        log_turn(channel, replies, latency_ms)


class ArrivalStamp:
    """Pure ASGI middleware: stamps ``scope["state"]["arrived"]`` (``time.perf_counter()``, seconds) when
    a request reaches the app, before routing and before its body is read, so that the logged latency
    of a message covers all the server's own work on it: reading, verifying, claiming, queueing for an
    engine thread, the engine, and (Telegram) the Bot API calls."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] == "http":
            scope.setdefault("state", {})["arrived"] = time.perf_counter()
        await self.app(scope, receive, send)


def arrived(request: Request) -> float:
    """When ``request`` reached the app (``time.perf_counter()`` seconds; now, if it was not stamped)."""
    return request.scope.get("state", {}).get("arrived") or time.perf_counter()


def _templates(settings: Settings) -> dict[str, SmsTemplate]:
    return {kind: SmsTemplate(str(v.get("id", "")), str(v["text"]), tuple(v.get("slots", ()))) for kind, v in settings.sms_templates.items()
            if isinstance(v, dict) and "text" in v}


def create_app(settings: Settings, engine: Engine | None = None) -> FastAPI:
    """Build the app. Loads the corpus index (unless an ``engine`` is given) so it is ready to serve.

    Raises:
        retrieval.errors.RetrievalError: the configured corpus cannot be loaded.
    """
    from bot.runtime import build_engine

    weak = weak_state_secret(settings.state_secret.get_secret_value())
    if any(settings.channels().values()) and weak:
        raise ValueError(f"{weak}: set a long random secret before turning on a channel")
    if engine is None:
        engine = build_engine(settings, warm=True)
    if settings.sms_enabled:
        engine.pagers.setdefault("sms", lambda replies, lang: sms_pages(replies, lang, settings.sms_max_segments))
    client = engine.store.client
    rt = Runtime(settings, engine, client, Claims(client, settings.claim_ttl_s, settings.replay_window_s), sms_templates=_templates(settings))
    if settings.twilio_enabled:
        rt.twilio = twilio_channel.rest_client(settings.twilio_account_sid or "", settings.twilio_auth_token.get_secret_value(),
                                               settings.twilio_api_url)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        if settings.telegram_enabled:
            from telegram import Bot
            from telegram.request import HTTPXRequest

            # python-telegram-bot's default pool has one connection: every reply would queue behind the last
            request = HTTPXRequest(connection_pool_size=64, pool_timeout=10.0, read_timeout=10.0, write_timeout=10.0)
            rt.telegram_bot = Bot(settings.telegram_token.get_secret_value(), base_url=settings.telegram_api_url, request=request)
        # warm up (the scheme-name matcher and the rules are built on first use), then keep the
        # long-lived index objects out of the garbage collector's scans (no pauses on big heaps)
        engine.answerer.ask("pm kisan documents")
        gc.collect()
        gc.freeze()
        if settings.sms_enabled and not rt.sms_templates:
            log.warning("SMS is on without DLT templates: Indian carriers deliver only SMS that match a registered template; "
                        "set SCHEMEBOT_SMS_TEMPLATES before replying to +91 numbers", extra={"event": {"channel": "sms"}})
        untemplated = kinds_without_template(rt.sms_templates) if rt.sms_templates else []
        if untemplated:
            log.warning("SMS template (DLT) mode: replies of these kinds have no template and will not be sent",
                        extra={"event": {"kinds": untemplated}})
        for channel, missing in settings.channels_half_set().items():
            log.warning(f"{channel} is off: {', '.join(missing)} not set, though its other settings are",
                        extra={"event": {"channel": channel, "missing": missing}})
        off = [name for name, on in settings.channels().items() if not on]
        log.info("schemebot ready", extra={"event": {"channels_on": [n for n, on in settings.channels().items() if on],
                                                      "channels_off": off, "store": "redis" if settings.redis_configured else "embedded"}})
        sweeper = rt.spawn(sweep_orphans(rt))
        yield
        sweeper.cancel()
        if rt.telegram_bot is not None:
            try:
                await rt.telegram_bot.shutdown()
            except Exception:  # noqa: BLE001 - shutting down anyway
                pass

    app = FastAPI(title="schemebot", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.runtime = rt
    app.add_middleware(ArrivalStamp)

    async def read_body(request: Request) -> bytes | Response:
        """The request body, or the response refusing it: 413 over ``max_body_bytes``, 408 when it has
        not arrived in full within ``body_timeout_s`` (a trickled body; the connection is then closed),
        400 when the client went away."""
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > settings.max_body_bytes:
            return PlainTextResponse("body too large", status_code=413)
        body = b""
        try:
            async with asyncio.timeout(settings.body_timeout_s):
                async for chunk in request.stream():
                    body += chunk
                    if len(body) > settings.max_body_bytes:
                        return PlainTextResponse("body too large", status_code=413)
        except ClientDisconnect:
            return PlainTextResponse("client disconnected", status_code=400)
        except TimeoutError:
            rt.metrics.requests.labels("http", "timeout").inc()
            return PlainTextResponse("request body timed out", status_code=408, headers={"Connection": "close"})
        return body

    @app.api_route("/healthz", methods=["GET", "HEAD"])
    async def healthz() -> dict:
        return {"status": "alive"}

    @app.get("/readyz")
    async def readyz() -> Response:
        redis_ok = False
        if not rt.redis_cooling_down():
            try:  # answer on time even when every thread is stuck on a hung Redis
                redis_ok = await asyncio.wait_for(asyncio.to_thread(engine.store.ping), READY_TIMEOUT_S)
            except asyncio.TimeoutError:
                rt.redis_failed()
        index_ok = len(engine.answerer.index.chunks) > 0
        body = {"index": index_ok, "store": "redis" if settings.redis_configured else "embedded", "store_ok": redis_ok,
                "channels": settings.channels()}
        return JSONResponse(body, status_code=200 if redis_ok and index_ok else 503)

    @app.get("/metrics")
    async def metrics() -> Response:
        return Response(generate_latest(rt.metrics.registry), media_type=CONTENT_TYPE_LATEST)

    @app.post("/telegram/webhook")
    async def telegram_webhook(request: Request, background: BackgroundTasks) -> Response:
        if not settings.telegram_enabled or rt.telegram_bot is None:
            return PlainTextResponse("telegram is not configured", status_code=404)
        secret = settings.telegram_secret.get_secret_value()
        if not telegram_channel.secret_ok(request.headers.get("x-telegram-bot-api-secret-token"), secret):
            rt.metrics.requests.labels("telegram", "forbidden").inc()
            return PlainTextResponse("forbidden", status_code=403)
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if ctype and ctype != "application/json":  # the Bot API posts updates as application/json, never a form or text
            rt.metrics.requests.labels("telegram", "bad_request").inc()
            return PlainTextResponse("a Telegram update is application/json", status_code=415)
        body = await read_body(request)
        if isinstance(body, Response):
            return body
        update = telegram_channel.parse_update(body, rt.telegram_bot)
        if update is None:
            rt.metrics.requests.labels("telegram", "bad_request").inc()
            return PlainTextResponse("not a Telegram update", status_code=400)
        sent = telegram_channel.sent_at(update)
        if settings.replay_window_s and sent is not None and not -FUTURE_SKEW_S <= time.time() - sent <= settings.replay_window_s:
            # a captured update replayed after the window (its id may be forgotten), or one dated in the future
            # (Telegram never sends one): 200, so it is not retried; logged, with how far off its date is (a break-it trial
            # found such an update dropped without a line in the log)
            rt.metrics.requests.labels("telegram", "replay").inc()
            log.info("telegram update dropped: dated outside the replay window",
                     extra={"event": {"channel": "telegram", "update_id": update.update_id, "age_s": round(time.time() - sent)}})
            return JSONResponse({})
        update_id = str(update.update_id)
        first = await rt.claim("telegram", update_id)
        if first is None:
            return await telegram_stateless(request, update, background)
        if first.state == "busy":  # another worker is on it: Telegram re-delivers, and then finds it done
            return PlainTextResponse("being processed", status_code=503)
        if first.state == "done":
            rt.metrics.duplicates.labels("telegram").inc()
            return JSONResponse({})
        await rt.in_flight.acquire()
        delivering = False
        try:
            chat_id, replies, lang = await rt.run(telegram_channel.handle, rt, update)
            started = arrived(request)
            background.add_task(_deliver, rt, update, chat_id, replies, lang, started)
            delivering = True
            return JSONResponse({})
        except (StoreError, redis.RedisError) as exc:
            await rt.handling_failed("telegram", update_id, first.token, exc, "telegram update failed")
            return await telegram_stateless(request, update, background)
        except Exception as exc:  # noqa: BLE001 - a malformed update that got past the parser
            await rt.release("telegram", update_id)  # nothing was done: its claim must not hold a retry off
            rt.metrics.requests.labels("telegram", "bad_request").inc()
            log.error("telegram update unusable: %s", exc.__class__.__name__, extra={"event": {"channel": "telegram"}})
            return PlainTextResponse("unusable update", status_code=400)
        finally:
            if not delivering:
                rt.in_flight.release()

    async def telegram_stateless(request: Request, update, background: BackgroundTasks) -> Response:
        """With Redis unreachable (connection or command refused): the update answered without state, after a
        notice (:meth:`~conversations.engine.Engine.handle_stateless`); with Redis stalled (timing out):
        503, so that Telegram re-delivers it a little later, when the claim can be taken."""
        if not rt.redis_unreachable:
            return PlainTextResponse("state store unavailable", status_code=503)
        if rt.answered("telegram", str(update.update_id)) is not None:
            return JSONResponse({})  # a repeat of an update answered without state here: one reply is enough
        rt.keep_answer("telegram", str(update.update_id), "", "")
        # ... and once Redis answers, its claim is settled as handled, so that a re-delivery then (to any worker) is not
        # answered a second time (a break-it trial: the same update_id posted after Redis came back got a second answer)
        rt.orphans.append(Orphan("telegram", str(update.update_id), None, True))
        chat_id, replies, lang = await rt.run_stateless(telegram_channel.handle, rt, update, True)
        await rt.in_flight.acquire()
        background.add_task(_deliver, rt, update, chat_id, replies, lang, arrived(request))
        return JSONResponse({})

    async def signed_form(request: Request, channel: str | None) -> dict[str, str] | Response:
        """The form of a Twilio post whose ``X-Twilio-Signature`` checks out against the public URL
        Twilio called, or the response refusing it (413 too large, 400 not a form, 403 unsigned);
        refusals are counted for ``channel`` when one is given."""
        body = await read_body(request)
        if isinstance(body, Response):
            return body
        refused = None
        try:
            pairs = twilio_channel.form(body)
        except ValueError:
            refused = ("bad_request", PlainTextResponse("not a Twilio form: too many fields", status_code=400))
        else:
            url = twilio_channel.public_url(settings.public_base_url or "", request.url.path, request.url.query)
            if not twilio_channel.signature_ok(settings.twilio_auth_token.get_secret_value(), url, pairs,
                                               request.headers.get("x-twilio-signature")):
                refused = ("forbidden", PlainTextResponse("forbidden", status_code=403))
            elif (account := dict(pairs).get("AccountSid")) is not None and account != settings.twilio_account_sid:
                # a post for another Twilio account than this bot's (signed with the same token, so rare; a break-it trial
                # had one answered): not ours to answer
                refused = ("forbidden", PlainTextResponse("forbidden: another Twilio account", status_code=403))
        if refused is not None:
            if channel is not None:
                rt.metrics.requests.labels(channel, refused[0]).inc()
            return refused[1]
        return dict(pairs)

    async def twilio_in(request: Request, channel: str) -> Response:
        enabled = settings.whatsapp_enabled if channel == "whatsapp" else settings.sms_enabled
        if not enabled:
            return PlainTextResponse(f"{channel} is not configured", status_code=404)
        params = await signed_form(request, channel)
        if isinstance(params, Response):
            return params
        sid, sender = params.get("MessageSid") or params.get("SmsSid"), params.get("From", "")
        if not sid or not MESSAGE_SID.fullmatch(sid) or not SENDER.fullmatch(re.sub(r"[\s().-]", "", sender.removeprefix("whatsapp:"))):
            rt.metrics.requests.labels(channel, "bad_request").inc()
            return PlainTextResponse("MessageSid and a From number are required", status_code=400)
        if sender.startswith("whatsapp:") != (channel == "whatsapp"):
            # Twilio sends WhatsApp senders as "whatsapp:+91...", SMS senders as "+91...": another shape is not its
            rt.metrics.requests.labels(channel, "bad_request").inc()
            return PlainTextResponse(f"a {channel} sender is required", status_code=400)
        params["MessageSid"] = sid
        owner = twilio_channel.owner(rt, channel, params)
        noted = rt.answered(channel, sid)
        if noted is not None:  # a re-post of a message this worker answered while Redis failed: the same reply
            rt.metrics.duplicates.labels(channel).inc()
            return Response(noted, media_type="application/xml")
        # Twilio waits 15 s for the answer and never retries: whatever Redis does, an answer goes out in time
        deadline = time.monotonic() + TWILIO_BUDGET_S
        try:
            first = await asyncio.wait_for(rt.claim(channel, sid, owner=owner), TWILIO_BUDGET_S)
        except asyncio.TimeoutError:
            rt.redis_failed(redis.TimeoutError("claim outlasted the Twilio budget"))
            first = None
        if first is None:  # Twilio does not retry: the user gets an answer that needs no state
            xml = await twilio_channel.handle_stateless(rt, channel, params, arrived(request))
            rt.answered_unsettled(channel, sid, None, xml, owner)
            return Response(xml, media_type="application/xml")
        if first.state != "new":
            # a re-post (Twilio never read the first response): the same reply again, never an empty one;
            # while the first is still being processed, wait for its reply a little
            rt.metrics.duplicates.labels(channel).inc()
            xml = first.kept or await kept_reply(channel, sid, owner, wait_s=0.0 if first.state == "done" else REPOST_WAIT_S)
            if xml is not None:
                return Response(xml, media_type="application/xml")
            if first.state == "busy":
                return PlainTextResponse("being processed", status_code=503)
            return Response(twilio_channel.twiml([], None), media_type="application/xml")
        try:
            xml = await asyncio.wait_for(twilio_channel.handle_inbound(rt, channel, params, first.token, arrived(request)),
                                         max(0.5, deadline - time.monotonic()))
        except (StoreError, redis.RedisError, OSError, asyncio.TimeoutError) as exc:
            if isinstance(exc, asyncio.TimeoutError):
                exc = redis.TimeoutError("message outlasted the Twilio budget")
            await rt.handling_failed(channel, sid, first.token, exc, "message failed")
            xml = await twilio_channel.handle_stateless(rt, channel, params, arrived(request))
            rt.answered_unsettled(channel, sid, first.token, xml, owner)
        return Response(xml, media_type="application/xml")

    async def kept_reply(channel: str, sid: str, owner: str, wait_s: float) -> str | None:
        """The TwiML kept for a handled ``sid``, waiting up to ``wait_s`` seconds for it to appear;
        ``None`` if there is none (or Redis fails)."""
        deadline = time.monotonic() + wait_s
        while True:
            try:
                xml = await asyncio.to_thread(rt.claims.kept, channel, sid, owner)
            except redis.RedisError:
                return None
            if xml is not None or time.monotonic() >= deadline:
                return xml
            await asyncio.sleep(0.2)

    @app.post("/twilio/whatsapp")
    async def twilio_whatsapp(request: Request) -> Response:
        return await twilio_in(request, "whatsapp")

    @app.post("/twilio/sms")
    async def twilio_sms(request: Request) -> Response:
        return await twilio_in(request, "sms")

    @app.post("/twilio/status")
    async def twilio_status(request: Request, background: BackgroundTasks) -> Response:
        if not settings.twilio_enabled or not settings.public_base_url:
            return PlainTextResponse("twilio is not configured", status_code=404)
        params = await signed_form(request, None)
        if isinstance(params, Response):
            return params
        sid = params.get("MessageSid") or params.get("SmsSid")
        status = (params.get("MessageStatus") or params.get("SmsStatus") or "").strip().lower()
        if not sid or not status:
            return PlainTextResponse("MessageSid and MessageStatus are required", status_code=400)
        if not MESSAGE_SID.fullmatch(sid) or len(status) > 40:
            return PlainTextResponse("MessageSid must be a Twilio message SID and MessageStatus a status word "
                                     "of at most 40 characters", status_code=400)
        first = await rt.claim("status", f"{sid}:{status}", ttl_s=7 * 24 * 3600)
        if first is None:
            return PlainTextResponse("state store unavailable", status_code=503)  # Twilio retries callbacks
        if first.state != "new":
            return Response(status_code=204)  # this status of this message was already recorded
        log.info("delivery status", extra={"event": {
            "channel": "twilio", "status": status if status in twilio_channel.STATUSES else "other", "error_code": _error_code(params.get("ErrorCode"))}})
        ref = request.query_params.get("ref")
        if status in twilio_channel.FAILED and ref and settings.sms_enabled:
            background.add_task(_fallback, rt, ref, params.get("To", ""))
        return Response(status_code=204)

    return app


def _error_code(value: str | None) -> str | None:
    """A Twilio ``ErrorCode`` fit for the log (digits, as Twilio's codes are, e.g. 63016), else None:
    the field is free text in a signed request and must not carry user data into the log."""
    return value if value and value.isascii() and value.isdigit() and len(value) <= 8 else None


async def _deliver(rt: Runtime, update, chat_id, replies, lang, started) -> None:
    try:
        await telegram_channel.deliver(rt, update, chat_id, replies, lang, started)
    finally:
        rt.in_flight.release()


async def _fallback(rt: Runtime, ref: str, to: str) -> None:
    import anyio

    started = time.perf_counter()
    sent = await anyio.to_thread.run_sync(twilio_channel.sms_fallback, rt, ref, to)
    log.info("sms fallback", extra={"event": {"channel": "sms", "sent": sent, "latency_ms": round((time.perf_counter() - started) * 1000, 2)}})
