"""Telegram: ``POST /telegram/webhook`` and replies through the Bot API (python-telegram-bot).

The webhook checks ``X-Telegram-Bot-Api-Secret-Token`` in constant time before reading the body (403
when missing or wrong), parses the update with ``Update.de_json``, claims its ``update_id`` (a repeat
is acknowledged and dropped), runs the engine (a few milliseconds of CPU, done before answering so
that work cannot pile up behind the 200) and answers 200; the Bot API calls go out in the background:
a "typing" chat action, then ``sendMessage`` in HTML parse mode. A 429 with
``retry_after`` is waited out and retried; a 403 (the user blocked the bot) is logged and dropped.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import time
import warnings
from typing import TYPE_CHECKING

from telegram import Bot, InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.constants import ChatAction, ParseMode
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TelegramError, TimedOut

from bot.render import parse_callback_data, telegram_messages
from conversations.strings import t
from conversations.types import InboundMessage, Reply

if TYPE_CHECKING:
    from bot.app import Runtime

log = logging.getLogger("schemebot.telegram")
#: update types the bot asks Telegram for (``setWebhook`` ``allowed_updates``)
ALLOWED_UPDATES = ["message", "edited_message", "callback_query"]
#: Message attribute -> the engine's media kind, in the order they are checked
MEDIA_KINDS = (("sticker", "sticker"), ("voice", "voice"), ("audio", "voice"), ("photo", "photo"), ("video", "video"),
               ("video_note", "video"), ("document", "document"), ("location", "location"), ("venue", "location"),
               ("contact", "contact"))
#: retries of one sendMessage after 429 Too Many Requests or a network failure
MAX_RETRIES = 3
#: a 429 asking to wait longer than this (seconds) is not waited out in the delivery: it is sent later
MAX_RETRY_AFTER_S = 60
#: a reply the Bot API would not take is tried again after these waits (seconds; a 429's own longer wait
#: wins), about 40 minutes in all: Telegram's flood limits usually lift within minutes
LATER_DELAYS_S = (30.0, 120.0, 600.0, 1800.0)
#: a 429 asking to wait longer than this (seconds) is given up
LATER_MAX_WAIT_S = 3600.0
#: timeouts (seconds) of the best-effort calls before a reply (typing, acknowledging a button), so a
#: slow Bot API delays the reply itself by at most this
SIDE_CALL_TIMEOUTS = {"read_timeout": 2.0, "write_timeout": 2.0, "connect_timeout": 2.0, "pool_timeout": 2.0}


def sent_but_unanswered(exc: BaseException) -> bool:
    """True when a Bot API call failed by a read timeout: the request was written in full and Telegram
    may have acted on it (python-telegram-bot raises :class:`~telegram.error.TimedOut` from httpx's
    ``ReadTimeout``), unlike a connect, write or pool timeout or a refused connection, after which it cannot have."""
    import httpx

    return isinstance(exc, TimedOut) and isinstance(exc.__cause__, httpx.ReadTimeout)


def secret_ok(header: str | None, secret: str) -> bool:
    """Constant-time comparison of the webhook secret header."""
    if header is None:
        return False
    return hmac.compare_digest(header.encode("utf-8", "surrogatepass"), secret.encode("utf-8"))


def sent_at(update: Update) -> float | None:
    """When the update's message was sent (seconds since the epoch, from its ``date``), or ``None`` for
    an update without a message date of its own (a button press: its message is the bot's, of any age)."""
    msg = update.message or update.edited_message
    return msg.date.timestamp() if msg is not None and msg.date is not None else None


def inbound(update: Update) -> tuple[InboundMessage | None, int | None, str | None]:
    """``(message for the engine, chat id, special)`` for an update; ``special`` is ``"edited"`` for an
    edited message (not processed again) and ``None`` otherwise. Unusable updates give ``(None, None, None)``,
    and so do updates from a group or channel (the bot answers in private chats only: a person's
    questions and interview answers are nobody else's) or from another bot."""
    chat, sender = update.effective_chat, update.effective_user
    if (chat is not None and chat.type != "private") or (sender is not None and sender.is_bot):
        return None, None, None
    if update.callback_query is not None:
        cq = update.callback_query
        chat = cq.message.chat.id if cq.message is not None else (cq.from_user.id if cq.from_user else None)
        field, value = parse_callback_data(cq.data or "")
        if chat is None:
            return None, None, None
        return InboundMessage(channel="telegram", user_id=str(chat), option=value, option_field=field, kind="text" if value else "button",
                              message_id=str(update.update_id)), chat, None
    if update.edited_message is not None:
        return None, update.edited_message.chat.id, "edited"
    msg = update.message
    if msg is None:
        return None, None, None
    text = msg.text or msg.caption  # a photo with a typed caption: the caption is the question
    kind = "text" if text else next((k for attr, k in MEDIA_KINDS if getattr(msg, attr, None)), "other")
    return InboundMessage(channel="telegram", user_id=str(msg.chat.id), text=text, kind=kind,
                          message_id=str(update.update_id)), msg.chat.id, None


class NotDelivered(Exception):
    """``sendMessage`` kept failing (a 429 asking for a long wait, or network failures through every
    retry): the first ``sent`` parts went out; ``retry_after`` is the wait the Bot API asked for (seconds)."""

    def __init__(self, sent: int, retry_after: float | None = None) -> None:
        super().__init__(f"{sent} parts sent; retry after {retry_after}")
        self.sent = sent
        self.retry_after = retry_after


async def send(bot: Bot, chat_id: int, replies: list[Reply], lang: str, skip: int = 0) -> int:
    """Send replies as HTML messages, from part ``skip`` on (the ones an earlier attempt sent are not sent
    again); returns how many parts went out in all. 429: wait and retry; 403: drop.

    Raises:
        NotDelivered: a long 429, or network failures through every retry (send later: :func:`deliver_later`).
        telegram.error.BadRequest: the message itself is refused.
    """
    sent = skip
    for part in telegram_messages(replies, lang)[skip:]:
        markup = None
        if part.keyboard:
            markup = InlineKeyboardMarkup([[InlineKeyboardButton(label, callback_data=data)] for label, data in part.keyboard])
        for attempt in range(MAX_RETRIES + 1):
            try:
                await bot.send_message(chat_id=chat_id, text=part.html, parse_mode=ParseMode.HTML, reply_markup=markup,
                                       disable_web_page_preview=True)
                sent += 1
                break
            except RetryAfter as exc:
                with warnings.catch_warnings():  # PTB warns that retry_after becomes a timedelta; both are handled
                    warnings.simplefilter("ignore")
                    after = exc.retry_after
                wait = after.total_seconds() if hasattr(after, "total_seconds") else float(after)
                if attempt == MAX_RETRIES or wait > MAX_RETRY_AFTER_S:
                    raise NotDelivered(sent, wait) from exc  # a long wait: give the slot back, send it later
                await asyncio.sleep(wait)
            except BadRequest:
                raise  # the request itself is wrong: sending it again cannot help
            except (TimedOut, NetworkError) as exc:
                if sent_but_unanswered(exc):
                    # the whole request reached the Bot API, which did not answer in time: Telegram may
                    # well have delivered it, and sendMessage is not idempotent, so it is not sent again
                    # (a slow Bot API gave users the same reply four times)
                    log.warning("sendMessage unanswered after it was sent: not sent again", extra={"event": {"channel": "telegram", "step": "sendMessage"}})
                    sent += 1
                    break
                if attempt == MAX_RETRIES:
                    raise NotDelivered(sent) from exc
                await asyncio.sleep(0.5 * 2**attempt)  # a transient failure of the Bot API: try again
            except Forbidden:
                log.warning("user blocked the bot; reply dropped", extra={"event": {"channel": "telegram"}})
                return sent
    return sent


def handle(rt: Runtime, update: Update, stateless: bool = False) -> tuple[int | None, list[Reply], str]:
    """The engine's work for one claimed update, done before the webhook answers (so that work never
    piles up unbounded): ``(chat id, replies, language)``; the claim is settled. With ``stateless``
    (Redis is unreachable: nothing was claimed) the engine answers without state
    (:meth:`~conversations.engine.Engine.handle_stateless`). Raises what the engine raises."""
    msg, chat_id, special = inbound(update)
    if chat_id is None:
        return None, [], "en"
    if special == "edited":
        return chat_id, [Reply(kind="info", text=t("edited", None))], "en"
    assert msg is not None
    if stateless:
        result = rt.engine.handle_stateless(msg)
    else:
        result = rt.engine.handle_turn(msg)
        rt.claims.settle("telegram", str(update.update_id))
    return chat_id, result.replies, result.lang


async def _best_effort(what: str, call) -> None:
    """Await a Bot API call whose failure must not cost the user the reply (acknowledging a button
    press, the "typing" action): a Telegram or network error is logged with ``what`` and swallowed."""
    try:
        await call
    except (TelegramError, OSError) as exc:
        log.warning("%s failed: %s", what, exc.__class__.__name__, extra={"event": {"channel": "telegram", "step": what}})


async def deliver(rt: Runtime, update: Update, chat_id: int | None, replies: list[Reply], lang: str, started: float) -> None:
    """In the background after the 200: answer a button press and show "typing" (both best effort: a
    button too old to answer still gets its reply), send the replies, and log the message with its
    latency from ``started`` (``time.perf_counter()`` when the update reached the app) to the last
    reply sent. A reply the Bot API will not take now (a long 429, network failures) is sent later
    (:func:`deliver_later`); any other failure is logged and counted, and the claim released (off the
    event loop) so that a re-delivery, should Telegram make one, is processed again."""
    try:
        if update.callback_query is not None:
            await _best_effort("answerCallbackQuery", rt.telegram_bot.answer_callback_query(update.callback_query.id, **SIDE_CALL_TIMEOUTS))
        if chat_id is None:
            return
        await _best_effort("sendChatAction", rt.telegram_bot.send_chat_action(chat_id=chat_id, action=ChatAction.TYPING,
                                                                                   **SIDE_CALL_TIMEOUTS))
        await send(rt.telegram_bot, chat_id, replies, lang)
        rt.observe("telegram", replies, (time.perf_counter() - started) * 1000)
    except NotDelivered as failed:
        # the message was handled (its state saved): its reply is sent again later, not dropped, and the
        # claim stays (a re-delivery would apply the message twice)
        log.warning("telegram reply not delivered yet", extra={"event": {"channel": "telegram", "step": "sendMessage"}})
        rt.spawn(deliver_later(rt, chat_id, replies, lang, started, failed))
    except Exception as exc:  # noqa: BLE001 - a background task must not die silently
        rt.metrics.requests.labels("telegram", "error").inc()
        log.error("telegram reply failed: %s", exc.__class__.__name__, extra={"event": {"channel": "telegram", "step": "sendMessage"}})
        await rt.release("telegram", str(update.update_id))


async def deliver_later(rt: Runtime, chat_id: int, replies: list[Reply], lang: str, started: float, failed: NotDelivered) -> bool:
    """Send what :func:`deliver` could not, after :data:`LATER_DELAYS_S` (or the longer wait the Bot API
    asked for, up to :data:`LATER_MAX_WAIT_S`), in a task of its own (the worker's delivery slots stay
    free). True when the reply went out; a reply still not delivered after the last try is counted
    (``schemebot_requests_total{status="undelivered"}``) and logged. Held in memory: a worker that stops
    meanwhile loses it."""
    for delay in LATER_DELAYS_S:
        wait = max(delay, failed.retry_after or 0.0)
        if wait > LATER_MAX_WAIT_S:
            break
        await asyncio.sleep(wait)
        try:
            await send(rt.telegram_bot, chat_id, replies, lang, skip=failed.sent)
        except NotDelivered as again:
            failed = NotDelivered(again.sent, again.retry_after)
            continue
        except Exception as exc:  # noqa: BLE001 - a background task must not die silently
            log.error("telegram reply failed: %s", exc.__class__.__name__, extra={"event": {"channel": "telegram", "step": "sendMessage"}})
            break
        rt.observe("telegram", replies, (time.perf_counter() - started) * 1000)
        return True
    rt.metrics.requests.labels("telegram", "undelivered").inc()
    log.error("telegram reply given up", extra={"event": {"channel": "telegram", "step": "sendMessage"}})
    return False


#: a chat or user id has at most 52 significant bits (Telegram Bot API, "Chat" and "User": "id ... has at
#: most 52 significant bits, so a signed 64-bit integer or double-precision float type are safe")
MAX_ID = 2**52


def _ids_ok(data: dict) -> bool:
    """True if every chat and user id of the update's message, edited message or callback query is an
    integer Telegram could send (a string, a float or a 100-bit number is a forged update)."""
    for key in ("message", "edited_message", "callback_query"):
        part = data.get(key)
        if not isinstance(part, dict):
            continue
        holders = [part.get("chat"), part.get("from")]
        if isinstance(part.get("message"), dict):  # a callback query's message
            holders.append(part["message"].get("chat"))
        for holder in holders:
            if holder is None:
                continue
            if not isinstance(holder, dict):
                return False
            ident = holder.get("id")
            if not isinstance(ident, int) or isinstance(ident, bool) or not -MAX_ID <= ident <= MAX_ID:
                return False
    return True


#: the update fields that hold a Message, whose ``chat`` the Bot API always sends (https://core.telegram.org/bots/api#message)
_MESSAGE_FIELDS = ("message", "edited_message", "channel_post", "edited_channel_post", "business_message", "edited_business_message")


def _chats_ok(data: dict) -> bool:
    """Whether every message of the update (and a callback query's message) has its ``chat`` object: a message without
    one is no update Telegram sends (a break-it trial's got past the parser and was logged as a code error)."""
    query = data.get("callback_query")
    messages = [data.get(k) for k in _MESSAGE_FIELDS if k in data]
    if isinstance(query, dict) and "message" in query:
        messages.append(query["message"])
    return all(isinstance(m, dict) and isinstance(m.get("chat"), dict) for m in messages)


def parse_update(body: bytes, bot: Bot) -> Update | None:
    """The update in a webhook body, or ``None`` if it is not a Telegram update (not JSON, no integer
    ``update_id``, a chat or user id that is not an integer of at most 52 bits, a message without its chat, a shape PTB
    refuses)."""
    try:
        data = json.loads(body)
    except (ValueError, RecursionError):
        return None
    if not isinstance(data, dict) or not isinstance(data.get("update_id"), int) or isinstance(data.get("update_id"), bool):
        return None
    if not _ids_ok(data) or not _chats_ok(data):
        return None
    try:
        return Update.de_json(data, bot)
    except Exception:  # noqa: BLE001 - PTB raises many kinds of errors on shapes it does not expect
        return None
