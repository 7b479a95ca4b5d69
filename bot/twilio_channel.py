"""WhatsApp and SMS through Twilio: ``POST /twilio/whatsapp``, ``/twilio/sms``, ``/twilio/status``.

Inbound: the form is checked with twilio's ``RequestValidator`` against the public URL Twilio called
(``SCHEMEBOT_PUBLIC_BASE_URL`` + path + query as received; the validator also tries the URL with and
without an explicit ``:443``), 403 otherwise — including for a genuine request whose ``Body`` was
altered. ``MessageSid`` is claimed like a Telegram ``update_id``. The reply is TwiML
(``MessagingResponse``); each ``<Message>`` carries a status-callback ``action`` with a reference to the
reply, kept in Redis for a day.

Status callbacks are recorded once per ``MessageSid`` + status and never trigger a bot reply. When a
WhatsApp reply ends ``failed`` or ``undelivered`` (outside the 24-hour window, error 63016, a number not
on WhatsApp), the same reply is sent once by SMS through the Twilio REST API, if SMS is configured.
"""

from __future__ import annotations

import json
import logging
import time
from typing import TYPE_CHECKING
from urllib.parse import parse_qsl, urlencode

import redis
from twilio.http.http_client import TwilioHttpClient
from starlette.datastructures import MultiDict
from twilio.request_validator import RequestValidator
from twilio.rest import Client
from twilio.twiml.messaging_response import MessagingResponse

from retrieval.text import xml_safe

from bot.render import sms_pages, sms_template_message, whatsapp_messages
from conversations.engine import LINKED_CHANNELS
from conversations.store import StoreError, UserKey, normalise_user_id, owned_key, update
from conversations.types import InboundMessage, Reply

if TYPE_CHECKING:
    from bot.app import Runtime

log = logging.getLogger("schemebot.twilio")
#: how long a sent reply is kept for an SMS fallback: one day (WhatsApp's session window). It is kept
#: under the user's owned keys (``owned_key(<user digest>, "fallback:<MessageSid>")``, deleted by
#: /forget) and holds no phone number: the fallback sends to the ``To`` of Twilio's signed status callback
REF_TTL_S = 24 * 3600
FAILED = frozenset({"failed", "undelivered"})
#: the message statuses Twilio reports (its documented list); anything else is logged as "other"
STATUSES = frozenset({"accepted", "scheduled", "canceled", "queued", "sending", "sent", "failed", "delivered", "undelivered",
                      "receiving", "received", "read", "partially_delivered"})


class RebasedHttpClient(TwilioHttpClient):
    """twilio's HTTP client with ``https://api.twilio.com`` replaced by another base URL (tests point it
    at a local stand-in of the REST API)."""

    def __init__(self, base_url: str, **kwargs) -> None:
        super().__init__(**kwargs)
        self.base_url = base_url.rstrip("/")

    def request(self, method, url, params=None, data=None, headers=None, auth=None, timeout=None, allow_redirects=False):
        if url.startswith("https://api.twilio.com"):
            url = self.base_url + url[len("https://api.twilio.com"):]
        return super().request(method, url, params=params, data=data, headers=headers, auth=auth, timeout=timeout,
                               allow_redirects=allow_redirects)


def rest_client(account_sid: str, auth_token: str, api_url: str) -> Client:
    """A twilio REST client whose requests go to ``api_url``."""
    return Client(account_sid, auth_token, http_client=RebasedHttpClient(api_url, timeout=10))


def public_url(base: str, path: str, query: str) -> str:
    """The URL Twilio signed: the configured public origin, the path and the query as received."""
    return base.rstrip("/") + path + (f"?{query}" if query else "")


#: the most form fields a Twilio webhook post may carry: Twilio sends a few dozen parameters, plus two
#: per media item (at most 10 media per message, Twilio's documented limit); more is not Twilio, and
#: checking the signature of tens of thousands of fields would hold the event loop for seconds
MAX_FORM_FIELDS = 200


def form(body: bytes) -> list[tuple[str, str]]:
    """The ``(name, value)`` pairs of an ``application/x-www-form-urlencoded`` body, every value of a
    repeated key kept (the signature covers them all; ``dict(pairs)`` keeps the last).

    Raises:
        ValueError: more than :data:`MAX_FORM_FIELDS` fields.
    """
    if body.count(b"&") >= MAX_FORM_FIELDS:
        raise ValueError(f"more than {MAX_FORM_FIELDS} form fields")
    return parse_qsl(body.decode("utf-8", "replace"), keep_blank_values=True)


def signature_ok(auth_token: str, url: str, pairs: list[tuple[str, str]], signature: str | None) -> bool:
    """twilio's ``RequestValidator`` check of ``X-Twilio-Signature`` over every value of the form
    (a repeated key signs all its values, as Twilio computes it, so a value added to a genuine
    request fails the check even though the handler keeps only the last one)."""
    if not signature:
        return False
    return RequestValidator(auth_token).validate(url, MultiDict(pairs), signature)


def inbound(channel: str, params: dict[str, str]) -> InboundMessage:
    """The engine's message for a Twilio form post (media without text asks the user to type)."""
    body = params.get("Body", "")
    try:
        media = int(params.get("NumMedia", "0") or 0)
    except ValueError:
        media = 0
    kind = "text" if body.strip() or media == 0 else _media_kind(params.get("MediaContentType0", ""))
    if kind == "text" and not body.strip() and params.get("Latitude") and params.get("Longitude"):
        kind = "location"  # a WhatsApp location share (Twilio's Latitude/Longitude, no Body): typed messages only, said so
    return InboundMessage(channel=channel, user_id=params.get("From", ""), text=body, kind=kind, message_id=params.get("MessageSid"))


def _media_kind(content_type: str) -> str:
    if content_type.startswith("audio"):
        return "voice"
    if content_type.startswith("image"):
        return "photo"
    if content_type.startswith("video"):
        return "video"
    return "document"


def twiml(parts: list[str], action: str | None) -> str:
    """A TwiML ``<Response>`` with one ``<Message>`` per part (each with the status callback ``action``);
    characters XML 1.0 cannot carry are dropped (:func:`retrieval.text.xml_safe`), so the reply always
    parses."""
    response = MessagingResponse()
    for part in map(xml_safe, parts):
        if action:
            response.message(part, action=action, method="POST")
        else:
            response.message(part)
    return str(response)


def render(rt: Runtime, channel: str, replies: list[Reply], lang: str) -> list[str]:
    """Message bodies for a channel: WhatsApp parts, or the SMS page (already paged by the engine), in
    DLT template form when templates are configured."""
    if channel == "whatsapp":
        return whatsapp_messages(replies, lang)
    templates = rt.sms_templates
    if templates:
        out = []
        for r in replies:
            filled = sms_template_message(r, templates, rt.settings.sms_var_limit)
            if filled is not None:
                out.append(filled[1])
            else:
                log.warning("sms reply dropped: no DLT template for its kind", extra={"event": {"channel": "sms", "kind": r.kind}})
        return out
    return [r.text for r in replies]


async def handle_inbound(rt: Runtime, channel: str, params: dict[str, str], token: str | None = None,
                         started: float | None = None) -> str:
    """Process one inbound message (already validated and claimed as ``token``); returns the TwiML
    reply, kept for a re-post (if Redis fails to keep it, the worker notes it: see
    :meth:`~bot.app.Runtime.answered_unsettled`). The logged latency runs from ``started``
    (``time.perf_counter()`` when the request reached the app; default now) to the TwiML being ready."""
    t0 = time.perf_counter() if started is None else started
    keep_ref = channel == "whatsapp" and rt.settings.sms_enabled and bool(rt.settings.public_base_url)
    ref = params.get("MessageSid", "")
    digest = owner(rt, channel, params)  # names the sender's kept replies

    def work():  # on an engine thread: the engine's Redis round trips and the fallback copy stay off the event loop
        result = rt.engine.handle_turn(inbound(channel, params))
        kept = False
        if keep_ref and not result.forgotten:  # after /forget nothing of the user is kept, this reply neither
            try:  # kept for an SMS fallback; without it the reply still goes out, only the fallback is lost
                rt.redis.set(fallback_key(digest, ref), json.dumps(
                    {"lang": result.lang, "replies": [r.model_dump(mode="json") for r in result.replies]}), ex=REF_TTL_S)
                kept = True
            except redis.RedisError as exc:
                log.error("reply not kept for fallback: %s", exc.__class__.__name__, extra={"event": {"channel": channel}})
        return result, kept

    result, kept = await rt.run(work)
    parts = render(rt, channel, result.replies, result.lang)
    action = public_url(rt.settings.public_base_url or "", "/twilio/status", urlencode({"ref": ref})) if kept else None
    xml = twiml(parts, action)
    # done, with the reply kept: a re-post of this MessageSid (the response never read) gets it again
    # (after /forget nothing of the user is kept, this reply neither)
    if result.forgotten:  # the same number on both Twilio channels is one person (as /forget itself holds)
        for ch in ("whatsapp", "sms"):
            rt.forget_answers(owner(rt, ch, params))
        await rt.run(forget_other_channel, rt, channel, params)
        await rt.run(rt.claims.settle, channel, ref, None, digest)
    elif not await rt.run(rt.claims.settle, channel, ref, xml, digest):
        rt.answered_unsettled(channel, ref, token, xml, digest)
    rt.observe(channel, result.replies, (time.perf_counter() - t0) * 1000)
    return xml


async def handle_stateless(rt: Runtime, channel: str, params: dict[str, str], started: float | None = None) -> str:
    """The TwiML reply to one message while Redis is unreachable or stalled: answered without state
    (:meth:`~conversations.engine.Engine.handle_stateless`), nothing claimed, kept or paged for later."""
    t0 = time.perf_counter() if started is None else started
    result = await rt.run_stateless(rt.engine.handle_stateless, inbound(channel, params))
    xml = twiml(render(rt, channel, result.replies, result.lang), None)
    rt.observe(channel, result.replies, (time.perf_counter() - t0) * 1000)
    return xml


def forget_other_channel(rt: Runtime, channel: str, params: dict[str, str]) -> None:
    """After /forget (or DELETE) on one Twilio channel, delete the state the same number has on the other
    (an SMS fallback's too: keys are per channel and E.164 number, :class:`~conversations.store.UserKey`):
    one person, whichever channel they delete from. A store failure is logged, not raised (the user's own
    state is already gone)."""
    other = LINKED_CHANNELS[channel]
    try:
        rt.engine.store.delete(UserKey(other, params.get("From", ""), rt.settings.state_secret.get_secret_value().encode()))
    except StoreError as exc:
        log.warning("could not delete the %s state after /forget: %s", other, exc)


def owner(rt: Runtime, channel: str, params: dict[str, str]) -> str:
    """The digest naming the sender's keys (:class:`~conversations.store.UserKey`), never the number."""
    return UserKey(channel, params.get("From", ""), rt.settings.state_secret.get_secret_value().encode()).digest


def fallback_key(digest: str, ref: str) -> str:
    """The key of the reply to WhatsApp message ``ref`` kept for an SMS fallback, among the owned keys of
    the user whose :class:`~conversations.store.UserKey` digest is ``digest``."""
    return owned_key(digest, f"fallback:{ref}")


def sms_fallback(rt: Runtime, ref: str, to: str) -> bool:
    """Send the WhatsApp reply ``ref`` once by SMS to ``to`` (the ``To`` of the signed status callback,
    ``whatsapp:+91...``): the first page; the rest waits for "MORE" in the SMS conversation. Nothing is
    sent when that user's kept reply is gone (expired, or deleted by /forget). Returns True if an SMS
    was sent."""
    try:
        raw = rt.redis.get(fallback_key(owner(rt, "whatsapp", {"From": to}), ref)) if to else None
        if raw is None or not rt.settings.sms_enabled or not rt.claims.once(f"fallback:{ref}"):
            return False
    except redis.RedisError as exc:
        log.error("sms fallback skipped: %s", exc.__class__.__name__, extra={"event": {"channel": "sms"}})
        return False
    data = json.loads(raw)
    to = normalise_user_id("sms", to)
    replies = [Reply.model_validate(r) for r in data["replies"]]
    pages = sms_pages(replies, data.get("lang", "en"), rt.settings.sms_max_segments)
    try:
        rt.twilio.messages.create(to=to, from_=rt.settings.twilio_sms_from, body=pages[0])
    except Exception as exc:  # noqa: BLE001 - TwilioException, a refused connection, a garbled answer
        try:
            rt.claims.release("fallback", ref)  # let a later failed-status callback try again
        except redis.RedisError:
            pass
        log.error("sms fallback failed: %s", exc.__class__.__name__, extra={"event": {"channel": "sms"}})
        return False
    if len(pages) > 1:  # only once page 1 is out: "MORE" then continues what the user received
        key = UserKey("sms", to, rt.settings.state_secret.get_secret_value().encode())

        def keep(state):
            state.paging = pages[1:]
            return None, True

        try:
            update(rt.engine.store, key, keep)
        except Exception as exc:  # noqa: BLE001 - the SMS went out; "MORE" will say there is nothing more
            log.error("sms paging not kept: %s", exc.__class__.__name__, extra={"event": {"channel": "sms"}})
    rt.metrics.fallbacks.inc()
    return True
