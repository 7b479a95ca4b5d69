"""HTML fragments inside saved pages -> plain text, with the standard library's HTML parser.

Some myScheme pages keep their tables (and a few ``<strong>``/``<br>``) as raw HTML inside the Markdown:
158 of the ~2,090 saved pages hold ``<table>`` markup, up to 13,000 characters of it in one section.
:func:`html_to_text` turns a table into one line per row, its cells joined by `` | ``, and drops other
tags, keeping their text; entities are decoded. Text without markup is returned unchanged.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

#: a tag of the kinds found in the saved pages (a bare "<" in text, as in "< 5 years", is not one)
TAG = re.compile(r"</?(?:table|thead|tbody|tfoot|tr|td|th|span|strong|b|i|u|em|br|p|div|ul|ol|li|a|sup|sub)\b[^<>]*>", re.IGNORECASE)
_CELL_SEP = " | "


class _TableText(HTMLParser):
    """Collects text: a row per ``<tr>``, cells per ``<td>``/``<th>``, a line break per ``<br>``,
    ``<p>``, ``<li>`` or ``<div>``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[list[str]] = [[""]]

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "tr":
            self.lines.append([""])
        elif tag in ("td", "th"):
            if self.lines[-1] != [""]:
                self.lines[-1].append("")
        elif tag in ("br", "p", "li", "div"):
            self.lines.append([""])

    def handle_data(self, data: str) -> None:
        self.lines[-1][-1] += data

    def text(self) -> str:
        rows = []
        for cells in self.lines:
            parts = [" ".join(c.split()) for c in cells]
            row = _CELL_SEP.join(p for p in parts if p)
            if row:
                rows.append(row)
        return "\n".join(rows)


def html_to_text(text: str) -> str:
    """``text`` with its HTML markup turned into plain text (see the module docstring); unchanged when it
    holds no tag of :data:`TAG`'s kinds."""
    if not TAG.search(text):
        return text
    out: list[str] = []
    pos = 0
    # each run of markup (from the first tag to the last tag before plain text resumes) is parsed whole
    for m in re.finditer(r"(?:" + TAG.pattern + r"[^<>\n]*)+", text, re.IGNORECASE):
        out.append(text[pos:m.start()])
        parser = _TableText()
        parser.feed(m.group())
        parser.close()
        piece = parser.text()
        if piece:
            before = "".join(out)
            out.append(("\n" if before and not before.endswith("\n") and "\n" in piece else "") + piece)
        pos = m.end()
    out.append(text[pos:])
    return "".join(out)
