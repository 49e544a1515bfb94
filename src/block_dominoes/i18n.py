"""The language the engine speaks: gettext catalogs, one current language, bidi isolation.

Every sentence built for a person goes through :func:`_` (or :func:`ngettext` for a
count, :func:`pgettext` for a word that needs its context). English is the source
language and the default: with no catalog the msgid itself is the text, so English
output never depends on a compiled catalog.

The language is chosen, in this order, by ``block-dominoes --lang xx`` or a widget's
``lang="xx"`` (both run inside :func:`language`), else the ``BLOCK_DOMINOES_LANG``
environment variable (read once, at import; one the engine does not speak leaves the
library English, and the command line refuses it: :func:`environment_language`), else
English. ``LANG``/``LANGUAGE`` are deliberately ignored: a machine's locale must not
change the engine's output, which tests, records and the book's stored outputs compare
word for word.

Catalogs live in ``block_dominoes/locale/<lang>/LC_MESSAGES/block_dominoes.po``. The
``.mo`` beside each is compiled at build time (``setup.py``'s ``build_py``, so every
wheel and ``pip install .`` has them); a checkout without them (an editable install)
compiles the ``.po`` in memory with Babel the first time the language is used, or, if
Babel is not installed, falls back to English. ``pybabel compile -D block_dominoes -d
src/block_dominoes/locale`` writes the ``.mo`` files in place; ``tools/update_catalogs.sh``
re-extracts the messages and merges them into every ``.po``.

Tile notation inside right-to-left text is wrapped by :func:`iso` in FSI ... PDI
(U+2068 ... U+2069) so ``[1|4]`` is not shown as ``[4|1]``; in a left-to-right
language :func:`iso` returns its text unchanged, so English output is byte-identical.

>>> with language("ar"):
...     get_language(), iso("[1|4]") == "\\u2068[1|4]\\u2069"
('ar', True)
>>> get_language(), iso("[1|4]")
('en', '[1|4]')
"""

from __future__ import annotations

import functools
import gettext
import io
import os
import string
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path
from typing import Any, TypeVar

from block_dominoes.errors import UnknownLanguageError
from block_dominoes.languages import LANGUAGES, RTL

__all__ = [
    "DOMAIN",
    "LANG_VARIABLE",
    "LOCALE_DIR",
    "N_",
    "_",
    "available_languages",
    "environment_language",
    "get_language",
    "is_rtl",
    "iso",
    "iso_sum",
    "language",
    "lower_first",
    "ngettext",
    "number",
    "percent",
    "pgettext",
    "set_language",
    "speaks",
    "strip_isolates",
    "upper_first",
]

DOMAIN = "block_dominoes"
LOCALE_DIR = Path(__file__).with_name("locale")
# RTL, the languages written right to left (their tile notation is isolated by
# :func:`iso`), comes from the one language registry, block_dominoes.languages.
FSI, PDI = "\u2068", "\u2069"
NBSP = "\u00a0"  # NO-BREAK SPACE: no line ends inside an arithmetic line (iso_sum)

F = TypeVar("F", bound=Callable[..., Any])


def available_languages() -> tuple[str, ...]:
    """The languages the engine speaks: those the registry marks ``engine=True``
    (:mod:`block_dominoes.languages`) whose catalog is here, English first."""
    return tuple(
        code
        for code, lang in LANGUAGES.items()
        if lang.engine and (code == "en" or (LOCALE_DIR / code / "LC_MESSAGES").is_dir())
    )


#: the environment variable that names the default language
LANG_VARIABLE = "BLOCK_DOMINOES_LANG"


def _normalise(lang: str | None, variable: str | None = None) -> str:
    """The code of ``lang`` (``tr_TR.UTF-8`` is ``tr``; nothing is English), or an
    UnknownLanguageError in the current language, naming ``variable`` if it came from one."""
    if lang is None or not str(lang).strip():
        return "en"
    code = str(lang).strip().replace("-", "_").split(".")[0]
    langs = available_languages()
    if code in langs:
        return code
    if code.split("_")[0] in langs:
        return code.split("_")[0]
    shown = repr(lang if len(str(lang)) <= 58 else str(lang)[:57] + "\u2026")
    said = (
        _("unknown language {value} in {variable}: the engine speaks {languages}")
        if variable
        else _("unknown language {value}: the engine speaks {languages}")
    )
    raise UnknownLanguageError(
        said.format(value=shown, variable=variable, languages=", ".join(langs))
    )


@functools.cache
def _translations(lang: str) -> gettext.NullTranslations:
    if lang == "en":
        return gettext.NullTranslations()
    folder = LOCALE_DIR / lang / "LC_MESSAGES"
    mo, po = folder / f"{DOMAIN}.mo", folder / f"{DOMAIN}.po"
    if mo.exists() and (not po.exists() or mo.stat().st_mtime >= po.stat().st_mtime):
        with mo.open("rb") as f:
            return gettext.GNUTranslations(f)
    try:  # an editable checkout: compile the .po in memory (Babel, optional)
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po
    except ImportError:  # an installed wheel without Babel (the live edition's Pyodide):
        # its .mo was compiled at build time, but unzipping may date the .po later
        if mo.exists():
            with mo.open("rb") as f:
                return gettext.GNUTranslations(f)
        return gettext.NullTranslations()  # pragma: no cover
    with po.open("rb") as f:
        catalog = read_po(f, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def environment_language() -> str | None:
    """The language ``BLOCK_DOMINOES_LANG`` names now: its code, or None when the
    variable is unset or blank. Raises :class:`UnknownLanguageError` naming the variable
    and its value for a language the engine does not speak: the command line refuses
    it, as it refuses ``--lang xx``. The library, imported with such a value, speaks
    English (an import, a notebook's first cell, must not fail over the environment)."""
    value = os.environ.get(LANG_VARIABLE)
    if value is None or not value.strip():
        return None
    return _normalise(value, LANG_VARIABLE)


#: the default language: English until the variable is read, at the end of this module
_default = "en"

#: the language of a :func:`language` block (None outside any: the default applies)
_current: ContextVar[str | None] = ContextVar("block_dominoes_language", default=None)


def get_language() -> str:
    """The current language code (``"en"``, ``"ar"``, ...)."""
    return _current.get() or _default


def set_language(lang: str | None) -> str:
    """Make ``lang`` the default language of the process (None: English); return its code.

    A plain global, not a context variable, so it holds in every later notebook cell
    (a kernel may run each cell in its own context); a :func:`language` block still
    overrides it. Raises :class:`UnknownLanguageError` for a language with no catalog.
    """
    global _default
    code = _normalise(lang)
    _translations(code)
    _default = code
    return code


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Speak ``lang`` inside the block (None keeps the current language)."""
    if lang is None:
        yield get_language()
        return
    code = _normalise(lang)
    _translations(code)
    token = _current.set(code)
    try:
        yield code
    finally:
        _current.reset(token)


def speaks(fn: F) -> F:
    """Give a function a keyword ``lang=``: it runs inside :func:`language` (widgets)."""

    @functools.wraps(fn)
    def inner(*args: Any, lang: str | None = None, **kwargs: Any) -> Any:
        with language(lang):
            return fn(*args, **kwargs)

    return inner  # type: ignore[return-value]


def is_rtl(lang: str | None = None) -> bool:
    """Whether ``lang`` (default: the current language) is written right to left."""
    return (lang or get_language()) in RTL


class _LocalFormatter(string.Formatter):
    """``str.format`` writing every number formatted with a decimal spec (``{x:.1f}``,
    ``{share:.1%}``) as the language writes numbers (:func:`number`, :func:`percent`)."""

    def __init__(self, lang: str) -> None:
        self.lang = LANGUAGES[lang]

    def format_field(self, value: Any, format_spec: str) -> str:
        text = format(value, format_spec)
        if not isinstance(value, float) or not format_spec or format_spec[-1] not in "f%":
            if isinstance(value, int) and "," in format_spec:
                return text.replace(",", self.lang.group)
            return text
        text = (
            text.replace(",", "\0").replace(".", self.lang.decimal).replace("\0", self.lang.group)
        )
        if format_spec.endswith("%") and self.lang.percent != "{n}%":
            bare = text.strip().removesuffix("%")
            width = len(text)
            text = self.lang.percent.format(n=bare)
            text = text.rjust(width) if format_spec[:1] != "<" else text.ljust(width)
        return text


class _Message(str):
    """A translated message whose ``format`` writes numbers in its language's way
    (``{ratio:.1f}`` is ``2,5`` in Turkish, ``{share:.0%}`` is ``%62``). Only made for
    a language that writes numbers otherwise than English: elsewhere a plain ``str``."""

    lang: str

    def format(self, *args: Any, **kwargs: Any) -> str:
        return _LocalFormatter(self.lang).vformat(self, args, kwargs)


def _local(message: str) -> str:
    lang = get_language()
    info = LANGUAGES.get(lang)
    if info is None or (info.decimal == "." and info.percent == "{n}%" and info.group == ","):
        return message
    local = _Message(message)
    local.lang = lang
    return local


def _(message: str) -> str:
    """``message`` in the current language (its ``format`` writes numbers as the
    language does: :class:`_Message`)."""
    return _local(_translations(get_language()).gettext(message))


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` (Arabic has six)."""
    return _local(_translations(get_language()).ngettext(singular, plural, n))


def pgettext(context: str, message: str) -> str:
    """``message`` in the current language, told apart from its homonyms by ``context``."""
    return _local(_translations(get_language()).pgettext(context, message))


def N_(message: str) -> str:
    """Mark ``message`` for extraction without translating it now (module-level data)."""
    return message


def iso(text: object) -> str:
    """``text`` isolated from the surrounding direction (FSI ... PDI) in a right-to-left
    language, unchanged in a left-to-right one. For display only: never for notation a
    parser reads back (see :func:`strip_isolates`)."""
    s = str(text)
    return f"{FSI}{s}{PDI}" if is_rtl() else s


def number(
    x: float, digits: int = 0, *, sign: bool = False, group: bool = False, lang: str | None = None
) -> str:
    """``x`` with ``digits`` decimals, written as the language writes numbers: its decimal
    symbol and (with ``group``) its digit groups from the registry (CLDR's, a test
    checks), digits 0-9.

    >>> number(2.345, 2, lang="en"), number(2.345, 2, lang="tr"), number(-0.5, 1, sign=True, lang="bg")
    ('2.35', '2,35', '-0,5')
    >>> number(37560, group=True, lang="en"), number(37560, group=True, lang="el")
    ('37,560', '37.560')
    >>> number(2**63 - 1, group=True, lang="en")  # exactly: a float would say ...808
    '9,223,372,036,854,775,807'
    """
    exact = isinstance(x, int) and not digits  # an int is written exactly, never via a float
    spec = ("+" if sign else "") + ("," if group else "") + ("d" if exact else f".{digits}f")
    text = format(x, spec)
    info = LANGUAGES.get(lang or get_language())
    if info is None or (info.decimal == "." and info.group == ","):
        return text
    return text.replace(",", "\0").replace(".", info.decimal).replace("\0", info.group)


def percent(share: float, digits: int = 1, *, lang: str | None = None) -> str:
    """``share`` (0 to 1) as a percentage, as the language writes one.

    >>> percent(0.625, lang="en"), percent(0.625, lang="tr"), percent(0.625, 0, lang="el")
    ('62.5%', '%62,5', '62%')
    """
    code = lang or get_language()
    pattern = LANGUAGES[code].percent if code in LANGUAGES else "{n}%"
    return pattern.format(n=number(100 * share, digits, lang=code))


def upper_first(text: str, lang: str | None = None) -> str:
    """``text`` with its first letter capital, as the language writes it (Turkish
    ``i`` is ``İ``, ``ı`` is ``I``: ``str.upper`` knows no language).

    >>> upper_first("iki oyuncu", "tr"), upper_first("ıslak", "tr"), upper_first("in", "en")
    ('İki oyuncu', 'Islak', 'In')
    """
    return _first_letter(text, lang, upper=True)


def lower_first(text: str, lang: str | None = None) -> str:
    """``text`` with its first letter small, as the language writes it (Turkish ``İ``
    is ``i``, ``I`` is ``ı``).

    >>> lower_first("İki oyuncu", "tr"), lower_first("Islak", "tr"), lower_first("It", "en")
    ('iki oyuncu', 'ıslak', 'it')
    """
    return _first_letter(text, lang, upper=False)


#: languages whose dotted and dotless i are two letters (Turkish, Azerbaijani)
_DOTTED_I = frozenset({"tr", "az"})
#: their i's, small to capital
_TURKISH_I = {"i": "İ", "ı": "I"}


def _first_letter(text: str, lang: str | None, upper: bool) -> str:
    """``text`` with its first letter capital (``upper``) or small, in ``lang``."""
    first = text[:1]
    if (lang or get_language()) in _DOTTED_I:
        pairs = _TURKISH_I.items() if upper else ((b, a) for a, b in _TURKISH_I.items())
        for old, new in pairs:
            first = first.replace(old, new)
    return (first.upper() if upper else first.lower()) + text[1:]


def iso_sum(text: object) -> str:
    """An arithmetic line (``7 + 8 - 3 = 12``) for display: :func:`iso`, and in a
    right-to-left language its spaces made no-break spaces.

    Isolated, a sum reads left to right; but a line that ends inside it shows the first
    part at the end of one right-to-left line and the rest at the start of the next, and
    a reader going right to left reads ``= 3 − 8 + 7`` / ``12`` (issue 22, measured in
    Chromium at 400 px in the printed results and the scorer app). Unchanged in a
    left-to-right language.

    >>> with language("ar"):
    ...     iso_sum("7 + 8 = 15") == "\u2068" + "7\u00a0+\u00a08\u00a0=\u00a015" + "\u2069"
    True
    >>> iso_sum("7 + 8 = 15")
    '7 + 8 = 15'
    """
    s = str(text)
    return iso(s.replace(" ", NBSP)) if is_rtl() else s


def strip_isolates(text: str) -> str:
    """``text`` without the bidi marks :func:`iso` adds, and with the no-break spaces
    :func:`iso_sum` writes made plain spaces again."""
    return text.replace(FSI, "").replace(PDI, "").replace(NBSP, " ")


# The variable is read once, at import, after every function it needs exists (a bad
# one is said with _): a bad one must not stop the import, so the library stays English.
try:
    _default = environment_language() or "en"
except UnknownLanguageError:
    _default = "en"
