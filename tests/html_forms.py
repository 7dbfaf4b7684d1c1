"""Read a page's forms the way a browser would post them, for the Flask test client."""

from __future__ import annotations

from html.parser import HTMLParser


class Forms(HTMLParser):
    """The forms of a page: (action, {field: value}) for hidden/text inputs, checked boxes, selected options."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._select: str | None = None
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append((a.get("action", ""), {}))
        elif not self.forms:
            return
        elif tag == "input" and "name" in a:
            if a.get("type") in ("radio", "checkbox") and "checked" not in a:
                return
            self.forms[-1][1].setdefault(a["name"], a.get("value", ""))
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select and "selected" in a:
            self.forms[-1][1][self._select] = a.get("value", "")

    def form(self, action_end: str) -> dict[str, str]:
        """The fields of the first form whose action ends with ``action_end`` (a #fragment aside: it posts the same)."""
        for action, fields in self.forms:
            if action.partition("#")[0].endswith(action_end):
                return dict(fields)
        raise AssertionError(f"no form posting to …{action_end}: {[a for a, _ in self.forms]}")
