"""Small pieces every widget shares: an SVG view, a message line, and a guard
that turns any bad input into a message in the widget (never a traceback)."""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Callable
from typing import Any, TypeVar

import ipywidgets as w

from block_dominoes.i18n import _, get_language, language

F = TypeVar("F", bound=Callable[..., Any])

__all__ = [
    "NEEDS_KERNEL",
    "Message",
    "escape_isolated",
    "fit_width",
    "guard",
    "own_language",
    "row_wrap",
    "shown",
    "svg_view",
]

#: The CSS class of a widget that only works with Python running. The static site's
#: _static/bd-static-widgets.js greys such a widget out and puts one line above it
#: with the chapter's "Run live" link; in Jupyter and the live edition it means nothing.
NEEDS_KERNEL = "bd-needs-kernel"


def shown(visible: bool, display: str = "flex") -> str:
    """The ``layout.display`` that shows (``display``: boxes, checkboxes and text boxes
    lay out as ``flex``) or hides a widget. Not ``None``: in the browser a widget whose
    display goes from ``"none"`` back to ``None`` stays hidden."""
    return display if visible else "none"


def row_wrap() -> w.Layout:
    """A row that wraps onto the next line on a narrow screen instead of overflowing."""
    return w.Layout(flex_flow="row wrap", max_width="100%")


def fit_width() -> w.Layout:
    """A button as wide as its words (the default width truncates long ones)."""
    return w.Layout(width="auto", max_width="100%")


def svg_view(svg: str = "") -> w.HTML:
    """An HTML widget showing one SVG picture (update its ``value`` to change it)."""
    return w.HTML(value=svg, layout=w.Layout(max_width="100%", overflow="auto"))


def own_language(fn: F) -> F:
    """Run a widget's method in the widget's language, its field ``lang``.

    The one way a widget carries its language: ``self.lang`` is set when it is made,
    from the current language (so a widget function's ``lang="ar"``, which runs it
    inside :func:`~block_dominoes.i18n.language`, gives it Arabic), and every method
    a click or a later cell calls runs in it. No widget changes the process-wide
    default (:func:`~block_dominoes.i18n.set_language`)."""

    @functools.wraps(fn)
    def inner(self: Any, *args: Any, **kwargs: Any) -> Any:
        with language(self.lang):
            return fn(self, *args, **kwargs)

    return inner  # type: ignore[return-value]


#: the isolates the engine writes, as the attributes of the ``bdi`` that replaces each:
#: FSI takes the direction of its first strong letter (dir="auto", left to right for a
#: tile or a sum, which have none), LRI is left to right, RLI right to left
_OPEN = {"\u2068": "", "\u2066": ' dir="ltr"', "\u2067": ' dir="rtl"'}
_PDI = "\u2069"
#: an isolate this short (a tile, a sum, a seat's name) is kept on one line
SHORT_ISOLATE = 32


def escape_isolated(text: str) -> str:
    """``text`` as HTML: escaped, each isolate the engine wrote (FSI/LRI ... PDI around
    a tile or a sum) turned into a ``bdi`` (TRANSLATORS.md: in HTML we write ourselves, an
    isolate is a ``bdi``), and a short one kept on one line.

    Issue 22: at 400 px the scorer app broke its isolated ``7 + 8 − 3 = 12`` after the
    "=": the end of one right-to-left line showed ``7 + 8 − 3 =`` (itself left to
    right), the next began with ``12``, so a reader going right to left read
    ``= 3 − 8 + 7`` / ``12``. Measured in Chromium in the app: a ``bdi`` alone breaks the
    same way; ``white-space: nowrap`` moves the whole sum to the next line. A long
    isolate (a quoted input) may still wrap. Text with no isolate (English) is only
    escaped."""
    stack: list[tuple[str, list[str]]] = [("", [])]
    for ch in text:
        if ch in _OPEN:
            stack.append((_OPEN[ch], []))
        elif ch == _PDI and len(stack) > 1:
            attrs, parts = stack.pop()
            stack[-1][1].append(_bdi(attrs, parts))
        elif ch != _PDI:
            stack[-1][1].append(html.escape(ch))
    while len(stack) > 1:  # an isolate left open: closed at the end
        attrs, parts = stack.pop()
        stack[-1][1].append(_bdi(attrs, parts))
    return "".join(stack[0][1])


def _bdi(attrs: str, parts: list[str]) -> str:
    inner = "".join(parts)
    if len(html.unescape(re.sub(r"<[^>]*>", "", inner))) <= SHORT_ISOLATE:
        attrs += ' style="white-space: nowrap"'
    return f"<bdi{attrs}>{inner}</bdi>"


class Message(w.HTML):
    """A one-line status: ``ok(text)``, ``error(text)``, ``clear()``.

    It remembers the language current when it was made (a widget's ``lang=``):
    :func:`guard` runs its callbacks in that language."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.lang = get_language()

    def ok(self, text: str) -> None:
        self.value = f'<div class="bd-msg bd-ok" role="status">{escape_isolated(text)}</div>'

    def error(self, text: str) -> None:
        self.value = (
            '<div class="bd-msg bd-error" role="alert" style="color:#b00020">'
            f"{escape_isolated(text)}</div>"
        )

    def clear(self) -> None:
        self.value = ""


def guard(message: Message) -> Callable[[F], F]:
    """Decorate a callback: a ValueError (every engine error) or any other
    exception is shown in ``message`` instead of escaping as a traceback; the
    callback's other effects are the callback's to keep all-or-nothing.

    The callback runs in the language of ``message``, so a
    widget built with ``lang="ar"`` (its Message made then) keeps speaking Arabic when a reader clicks."""

    def wrap(fn: F) -> F:
        @functools.wraps(fn)
        def inner(*args: Any, **kwargs: Any) -> Any:
            with language(getattr(message, "lang", None)):
                try:
                    return fn(*args, **kwargs)
                except ValueError as e:
                    message.error(str(e))
                except Exception as e:  # a bug: still no traceback in the widget
                    message.error(
                        _("internal error ({kind}): {error}").format(kind=type(e).__name__, error=e)
                    )
                return None

        return inner  # type: ignore[return-value]

    return wrap
