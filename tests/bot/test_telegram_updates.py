"""Which webhook bodies are Telegram updates (:func:`bot.telegram_channel.parse_update`), without a server."""

import json

from telegram import Bot

from bot.telegram_channel import parse_update

BOT = Bot("123456:TEST-TOKEN", base_url="http://127.0.0.1:9/bot")


def body(data) -> bytes:
    return json.dumps(data).encode()


def test_a_message_without_its_chat_is_no_update():
    """A break-it trial's message without "chat" got past the parser and was logged as a code error ("telegram update
    unusable: AttributeError"); the Bot API always sends a message's chat, so the body is refused as not an update."""
    chat = {"id": 42, "type": "private"}
    assert parse_update(body({"update_id": 6, "message": {"message_id": 1, "date": 1, "text": "hi"}}), BOT) is None
    assert parse_update(body({"update_id": 7, "callback_query": {"id": "q", "from": {"id": 42, "is_bot": False, "first_name": "A"},
                                                                  "chat_instance": "c", "data": "x",
                                                                  "message": {"message_id": 1, "date": 1}}}), BOT) is None
    update = parse_update(body({"update_id": 8, "message": {"message_id": 1, "date": 1, "chat": chat, "text": "hi"}}), BOT)
    assert update is not None and update.effective_chat.id == 42 and update.effective_message.text == "hi"
    assert parse_update(body({"update_id": 9, "edited_message": {"message_id": 1, "date": 1, "text": "x"}}), BOT) is None
