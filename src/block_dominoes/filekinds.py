"""What kind of file a name and some bytes are: the formats commands write, and the
marks that prove this program wrote a file (split from :mod:`block_dominoes.storage`,
which asks these questions before :func:`~block_dominoes.storage.write_output` replaces
anything).

* :data:`KINDS` and :func:`check_kind`: a name whose extension is another format's
  (an SVG into ``a.png``, JSON into ``x.txt``) is refused, by Python's own media-type
  table, never the machine's.
* :data:`MARK`, :func:`marked` and :func:`unmarked`: every picture, chart or handout a
  command writes names itself in its metadata; ``--force`` replaces only a file whose
  metadata says so (its first bytes prove nothing: any PDF starts with ``%PDF``).
"""

from __future__ import annotations

import mimetypes
import os
import re
from collections.abc import Callable
from pathlib import Path

from block_dominoes.errors import FileError, cut_path
from block_dominoes.i18n import N_, _, iso

__all__ = ["KINDS", "MARK", "Owned", "check_kind", "marked", "unmarked"]


#: the program's name: every picture or chart a command writes names itself in its
#: metadata as ``MARK`` and what it is (``block-dominoes chart``): the SVG's
#: ``<metadata>`` (or its creator), the PDF's Creator, the PNG's Software text. That
#: mark is the proof that ``--force`` may replace the file; its first bytes prove
#: nothing (any PDF starts with ``%PDF``).
MARK = "block-dominoes"

#: the formats a command writes: kind -> (media type, extension, name in messages)
KINDS = {
    "svg": ("image/svg+xml", ".svg", "SVG"),
    "png": ("image/png", ".png", "PNG"),
    "pdf": ("application/pdf", ".pdf", "PDF"),
    "json": ("application/json", ".json", "JSON"),
    "text": ("text/plain", ".txt", N_("plain text")),
}
_KIND_OF_TYPE = {media: kind for kind, (media, _ext, _name) in KINDS.items()}
_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

#: whether an existing file is one this program wrote as that kind of file: None when
#: it is, else why not (a phrase in the reader's language, said in the refusal)
Owned = Callable[[bytes], str | None]


def _png_text(data: bytes, key: bytes) -> bytes | None:
    """The value of a PNG's ``tEXt`` chunk ``key`` (those before the image data)."""
    pos = len(_PNG_SIGNATURE)
    while pos + 8 <= len(data):
        size = int.from_bytes(data[pos : pos + 4], "big")
        kind = data[pos + 4 : pos + 8]
        body = data[pos + 8 : pos + 8 + size]
        if kind == b"tEXt" and body.startswith(key + b"\x00"):
            return body[len(key) + 1 :]
        if kind in (b"IDAT", b"IEND"):
            return None
        pos += 12 + size
    return None


#: a PDF's Creator, a literal string (``(...)`` with ``\\`` escapes, as matplotlib and
#: pypdf write it)
_PDF_CREATOR = re.compile(rb"/Creator\s*\(((?:\\.|[^\\)])*)\)", re.DOTALL)
_PDF_ESCAPE = re.compile(rb"\\([0-7]{1,3}|.)", re.DOTALL)


def _pdf_text(raw: bytes) -> bytes:
    """A PDF literal string's bytes: ``block\\055dominoes`` is ``block-dominoes``."""

    def one(m: re.Match[bytes]) -> bytes:
        c = m[1]
        if c[:1].isdigit():
            return bytes([int(c, 8) & 0xFF])
        return {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}.get(c, c)

    return _PDF_ESCAPE.sub(one, raw)


def marked(data: bytes, mark: str) -> bool:
    """True when ``data`` is a picture or chart whose metadata names it ``mark``
    exactly: an SVG with an element in its ``<metadata>`` whose whole text is
    ``mark``, a PDF whose Creator is ``mark``, a PNG whose Software text is ``mark``.

    >>> svg = b'<svg xmlns="http://www.w3.org/2000/svg"><metadata>block-dominoes chart</metadata>'
    >>> marked(svg + b"</svg>", "block-dominoes chart"), marked(svg, "block-dominoes")
    (True, False)
    >>> marked(b"%PDF-1.4 an invoice", "block-dominoes chart")
    False
    """
    want = mark.encode("utf-8")
    if data.startswith(_PNG_SIGNATURE):
        return _png_text(data, b"Software") == want
    if data.startswith(b"%PDF-"):
        return any(_pdf_text(m[1]) == want for m in _PDF_CREATOR.finditer(data))
    svg = rb"<svg\b.*?<metadata\b(?:(?!</metadata>).)*?>\s*" + re.escape(want) + rb"\s*<"
    return re.search(svg, data, re.DOTALL) is not None


def unmarked(mark: str) -> Owned:
    """The ``ours`` test of :func:`write_output` for files marked ``mark``."""

    def why_not(data: bytes) -> str | None:
        if marked(data, mark):
            return None
        return _("its metadata does not name it {mark}").format(mark=iso(repr(mark)))

    return why_not


def _kind_name(kind: str) -> str:
    return _(KINDS[kind][2])


def check_kind(path: str | os.PathLike[str], kind: str, *, error: type[FileError]) -> None:
    """Refuse a file name whose extension is for another format than ``kind`` (one of
    :data:`KINDS`): an SVG is never written into ``a.png``, nor JSON into ``x.txt``.
    An extension the standard media types do not know (or none) is fine.

    >>> check_kind("line.svg", "svg", error=FileError)
    >>> check_kind("a.png", "svg", error=FileError)
    Traceback (most recent call last):
    ...
    block_dominoes.errors.FileError: cannot write 'a.png': the extension .png is for PNG files, not SVG: nothing was written; give a name ending in .svg
    """
    ext = Path(path).suffix
    types = _media_types()
    named = types.types_map[True].get(ext.lower()) or types.encodings_map.get(ext.lower())
    if named is None or named == KINDS[kind][0]:
        return
    other = _KIND_OF_TYPE.get(named)
    raise error(
        _(
            "cannot write {file}: the extension {ext} is for {named} files, not {kind}: "
            "nothing was written; give a name ending in {suffix}"
        ).format(
            file=iso(repr(cut_path(os.fspath(path)))),
            ext=iso(ext),
            named=iso(named if other is None else _kind_name(other)),
            kind=_kind_name(kind),
            suffix=iso(KINDS[kind][1]),
        )
    )


_TYPES: list[mimetypes.MimeTypes] = []


def _media_types() -> mimetypes.MimeTypes:
    """Python's own table of media types (never the machine's: the same everywhere)."""
    if not _TYPES:
        _TYPES.append(mimetypes.MimeTypes())
    return _TYPES[0]
