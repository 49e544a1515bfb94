"""Files that several people can update at once: read, lock, check, write atomically.

* :func:`read` returns a file's bytes and a :class:`Snapshot` (its SHA-256), and
  :func:`read_json` its JSON, with every failure one line naming the file: missing
  (or its folder), a folder, a dangling symbolic link, unreadable, not JSON, nested
  too deeply, a number too long to read. A UTF-8 byte-order mark is accepted.
* :func:`locked` holds the file's lock (``filelock``, on a hidden ``.NAME.lock``
  beside it) around a read-modify-write, so two writers cannot interleave.
* :func:`write_output` is how a command writes a file it was asked to make (an
  SVG, a chart, a converted record): an existing file is refused unless ``force``,
  and even then only a file this program wrote as that kind of file (the caller's
  ``ours``: for a picture or chart, :func:`block_dominoes.filekinds.marked`, its mark in the metadata) is
  replaced, never a score sheet. A name whose extension is for another format
  than the one written is refused.
* A path is a file's name: ``-`` means a standard stream (so it is refused here;
  the commands that can write to standard output do so themselves), and a name
  that ends in ``/`` names a folder, so nothing is ever written there. A symbolic
  link that leads back to itself is named as such (too many levels of links).
* :func:`write` puts new bytes in place atomically (a temporary file in the same
  folder, flushed and synced, then renamed over the old one), under the lock, and
  only if the file still holds what was read (``expect``): a write that would
  drop another writer's change is refused and writes nothing. A read-only file
  is refused, never replaced. A temporary file left by a write that was killed
  (``.NAME.XXXXXXXX.tmp``) is removed by the next write of that file.

Every error is the ``error`` class the caller names (a
:class:`~block_dominoes.errors.FileError`), so the command line prints it as one
line and exits with status 2.

>>> import pathlib, tempfile
>>> p = pathlib.Path(tempfile.mkdtemp()) / 'n.json'
>>> first = write(p, b'{"n": 1}', new=True)
>>> data, snap = read_json(p, what='note', create='note new')
>>> data, snap == first
({'n': 1}, True)
>>> _ = write(p, b'{"n": 2}', expect=snap)
>>> write(p, b'{"n": 3}', expect=snap)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
block_dominoes.errors.FileError: '...n.json' changed since it was read (another program or window wrote it): nothing was written; read it again and redo the change
"""

from __future__ import annotations

import contextlib
import errno
import hashlib
import json
import os
import re
import stat
import tempfile
import warnings
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from block_dominoes.errors import DuplicateKeyError, FileError, cut_path
from block_dominoes.filekinds import Owned, check_kind
from block_dominoes.i18n import N_, _, get_language, iso, lower_first
from block_dominoes.inputs import unique_keys

__all__ = [
    "LOCK_TIMEOUT",
    "STREAM",
    "Snapshot",
    "check_name",
    "lock_path",
    "locked",
    "read",
    "read_json",
    "write",
    "write_output",
]

#: seconds a writer waits for another writer's lock before giving up
LOCK_TIMEOUT = 30.0
#: longest number a JSON file may hold, in digits (Python refuses 4,300 and more)
MAX_DIGITS = 100


@dataclass(frozen=True, slots=True)
class Snapshot:
    """What a file held when it was read: its real path and the SHA-256 of its bytes."""

    path: str
    digest: str

    @classmethod
    def of(cls, path: str | os.PathLike[str], data: bytes) -> Snapshot:
        return cls(os.path.realpath(path), hashlib.sha256(data).hexdigest())


class BigNumber:
    """A number in a JSON file too long to be a count of anything (kept as its length)."""

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return _("a {digits}-digit number").format(digits=self.digits)


def _int(text: str) -> int | BigNumber:
    digits = len(text.lstrip("-"))
    return BigNumber(digits) if digits > MAX_DIGITS else int(text)


#: the system's reasons a file cannot be read or written, as :func:`strerror` gives them
OS_REASONS = (
    N_("permission denied"),
    N_("is a directory"),
    N_("not a directory"),
    N_("no such file or directory"),
    N_("read-only file system"),
    N_("no space left on device"),
    N_("file name too long"),
    N_("too many levels of symbolic links"),
    N_("disk quota exceeded"),
    N_("input/output error"),
    N_("operation not permitted"),
    N_("invalid argument"),
)

#: why bytes are not UTF-8, as Python's decoder says it
UTF8_REASONS = (
    N_("invalid start byte"),
    N_("invalid continuation byte"),
    N_("unexpected end of data"),
)


def strerror(e: OSError, *, lower: bool = True) -> str:
    """The system's reason for ``e`` in the current language.

    The reason is looked up with its first letter lowered by English rules (the
    msgid is English: Turkish rules would make "Is a directory" "ıs a directory").
    A reason the catalog lacks is never case-mapped by the language's rules: in
    English it is lowered (unless ``lower`` is False), in any other language it
    stays as the system says it.

    >>> from block_dominoes.i18n import language
    >>> with language("tr"):
    ...     strerror(IsADirectoryError(21, "Is a directory")) != "ıs a directory"
    True
    """
    text = e.strerror or type(e).__name__
    key = lower_first(text, "en")
    said = _(key)
    if said != key:
        return said
    return key if lower and get_language() == "en" else text


_strerror = strerror


def _dangling(p: Path) -> str | None:
    """The target of ``p`` if it is a symbolic link to nothing (not a link loop)."""
    if not p.is_symlink():
        return None
    try:
        os.stat(p)
    except OSError as e:
        return os.readlink(p) if e.errno in (errno.ENOENT, errno.ENOTDIR) else None
    return None


def _link_loop(p: Path) -> OSError | None:
    """The error of ``p`` (or of a folder on its way) when it is a symbolic link loop."""
    try:
        os.stat(p)
    except OSError as e:
        return e if e.errno == errno.ELOOP else None
    return None


#: what a path that is no file's name means: the standard input or output
STREAM = "-"


def check_name(
    path: str | os.PathLike[str], *, what: str, error: type[FileError] = FileError
) -> None:
    """Refuse, before opening it, a path that cannot be a file of ``what``: no name
    at all, ``-`` (the standard streams, :data:`STREAM`), a name too long for the
    system, or something other than a regular file or a folder (a FIFO would wait
    forever, a device never ends). Missing is fine."""
    shown = cut_path(str(path))
    if not str(path):
        raise error(_("no file name given: name the {what} file").format(what=_(what)))
    if str(path) == STREAM:
        raise error(
            _(
                "{file} means the standard input or output, not a file, and a {what} is "
                "kept in a file: give its file name (write {example} for a file named -)"
            ).format(file=iso(repr(STREAM)), what=_(what), example=iso("./-"))
        )
    try:
        mode = os.stat(path).st_mode
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG:
            raise error(_("{file}: file name too long").format(file=iso(repr(shown)))) from None
        return  # missing, a dangling link, no permission: the caller's open says which
    if not stat.S_ISREG(mode) and not stat.S_ISDIR(mode):
        raise error(
            _("{file}: not a regular file (a pipe, socket or device); a {what} is a file").format(
                file=iso(repr(shown)), what=_(what)
            )
        )


def read(
    path: str | os.PathLike[str], *, what: str, create: str, error: type[FileError] = FileError
) -> tuple[bytes, Snapshot]:
    """The bytes of ``path`` and their snapshot. ``what`` names the kind of file in
    messages ("score sheet"), ``create`` the command that makes one ("sheet new")."""
    check_name(path, what=what, error=error)
    p, shown = Path(path), cut_path(str(path))
    target = _dangling(p)
    if target is not None:
        raise error(
            _(
                "no {what} at {file}: it is a symbolic link to {target}, which does not "
                "exist: create the file there with {command}, or remove the link"
            ).format(
                what=_(what),
                file=iso(repr(shown)),
                target=iso(repr(target)),
                command=iso(f"'{create} {target}'"),
            ),
            reason="missing",
        )
    try:
        raw = p.read_bytes()
    except FileNotFoundError:
        folder = p.parent
        if str(folder) not in ("", ".") and not folder.is_dir():
            raise error(
                _("no {what} at {file}: the folder {folder} does not exist").format(
                    what=_(what), file=iso(repr(shown)), folder=iso(repr(str(folder)))
                ),
                reason="missing",
            ) from None
        raise error(
            _("no {what} at {file}: create it with {command}").format(
                what=_(what), file=iso(repr(shown)), command=f"'{create}'"
            ),
            reason="missing",
        ) from None
    except OSError as e:
        raise error(
            _("cannot read {what} {file}: {reason}").format(
                what=_(what), file=iso(repr(shown)), reason=_strerror(e)
            )
        ) from None
    return raw, Snapshot.of(p, raw)


def read_json(
    path: str | os.PathLike[str], *, what: str, create: str, error: type[FileError] = FileError
) -> tuple[object, Snapshot]:
    """The JSON value in ``path`` (a UTF-8 byte-order mark is skipped) and its snapshot.

    Numbers longer than ``MAX_DIGITS`` digits are read as :class:`BigNumber`, so the
    caller's field check names the field instead of Python refusing the whole file."""
    raw, snap = read(path, what=what, create=create, error=error)
    shown = iso(repr(cut_path(str(path))))
    corrupt = _("corrupt {what} {file}: {why}")
    name = _(what)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        why = _("not valid JSON (not UTF-8 text: {reason} at byte {byte})").format(
            reason=_(e.reason), byte=e.start
        )
        raise error(corrupt.format(what=name, file=shown, why=why)) from None
    try:
        return json.loads(text, parse_int=_int, object_pairs_hook=unique_keys), snap
    except DuplicateKeyError as e:
        raise error(corrupt.format(what=name, file=shown, why=e)) from None
    except json.JSONDecodeError as e:
        why = _("not valid JSON ({reason}: line {line} column {column} (char {char}))").format(
            reason=_(e.msg), line=e.lineno, column=e.colno, char=e.pos
        )
        raise error(corrupt.format(what=name, file=shown, why=why)) from None
    except RecursionError:
        why = _("not valid JSON (lists or objects nested too deeply)")
        raise error(corrupt.format(what=name, file=shown, why=why)) from None
    except ValueError as e:  # a float Python cannot convert, and the like
        why = _("not valid JSON ({reason})").format(reason=str(e)[:80])
        raise error(corrupt.format(what=name, file=shown, why=why)) from None


def lock_path(path: str | os.PathLike[str]) -> Path:
    """The lock file of ``path``: ``.NAME.lock`` beside the real file."""
    real = Path(os.path.realpath(path))
    return real.with_name(f".{real.name}.lock")


@contextlib.contextmanager
def locked(path: str | os.PathLike[str], *, error: type[FileError] = FileError) -> Iterator[None]:
    """Hold the lock of ``path`` (re-entrant in one thread); other writers wait up to
    ``LOCK_TIMEOUT`` seconds, then get ``error``."""
    shown = str(path)
    with warnings.catch_warnings():
        # In the browser (Pyodide) there is no flock: filelock says so once, then uses
        # its soft lock, which is all one page needs; the warning is no error to show.
        warnings.filterwarnings("ignore", "only soft file lock is available")
        import filelock
    lock = filelock.FileLock(lock_path(path), timeout=LOCK_TIMEOUT, is_singleton=True)
    try:
        lock.acquire()
    except filelock.Timeout:
        raise error(
            _(
                "cannot write {file}: another program has held its lock ({lock}) for "
                "{seconds} s; nothing was written"
            ).format(
                file=iso(repr(shown)),
                lock=iso(repr(str(lock.lock_file))),
                seconds=f"{LOCK_TIMEOUT:g}",
            )
        ) from None
    except OSError as e:
        raise error(
            _("cannot write {file}: cannot create its lock file {lock}: {reason}").format(
                file=iso(repr(shown)), lock=iso(repr(str(lock.lock_file))), reason=_strerror(e)
            )
        ) from None
    try:
        yield
    finally:
        lock.release()


def _check_file_name(path: str | os.PathLike[str], what: str, error: type[FileError]) -> None:
    """Refuse a name that names a folder (``out/``, ``out/.``): nothing is ever written
    there, where the system would otherwise make a file of the name without its ``/``."""
    text = os.fspath(path)
    base = os.path.basename(text)
    if text.endswith(tuple(c for c in (os.sep, os.altsep, "/") if c)):
        end = text[-1]
    elif base in (".", ".."):
        end = text[-len(base) - 1 :] if len(text) > len(base) else base
    else:
        return
    raise error(
        _(
            "cannot write {file}: a name that ends in {end} names a folder, and a {what} "
            "is a file: nothing was written; give a file name"
        ).format(file=iso(repr(cut_path(text))), end=iso(repr(end)), what=_(what))
    )


def _loop_error(p: Path, shown: str, error: type[FileError]) -> None:
    """Refuse to write through a symbolic link loop, naming it (never "create it")."""
    loop = _link_loop(p)
    if loop is not None:
        raise error(
            _("cannot write {file}: {reason}").format(file=iso(repr(shown)), reason=_strerror(loop))
        )


def _check_target(p: Path, shown: str, error: type[FileError]) -> None:
    folder = p.parent
    _loop_error(folder, shown, error)
    if not folder.is_dir():
        raise error(
            _("cannot write {file}: the folder {folder} does not exist").format(
                file=iso(repr(shown)), folder=iso(repr(str(folder)))
            )
        )
    if p.is_dir():
        raise error(_("cannot write {file}: is a directory").format(file=iso(repr(shown))))
    try:
        mode = p.stat().st_mode
    except FileNotFoundError:
        return
    if not mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH) or not os.access(p, os.W_OK):
        raise error(
            _(
                "cannot write {file}: the file is read-only; nothing was changed "
                "(make it writable, for example with {command}, to update it)"
            ).format(file=iso(repr(shown)), command="chmod u+w")
        )


def write(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    new: bool = False,
    expect: Snapshot | None = None,
    what: str = N_("file"),
    error: type[FileError] = FileError,
) -> Snapshot:
    """Write ``data`` to ``path`` atomically, under its lock; return the new snapshot.

    With ``new=True`` an existing file (or a link, even a dangling one) is refused
    and never overwritten: the new file is put in place with a hard link, which
    fails if the name was taken meanwhile. With ``expect``, the file must still
    hold what was read then, else the write is refused and nothing is written.
    A path that is a symbolic link updates the file it points to.
    """
    check_name(path, what=what, error=error)
    _check_file_name(path, what, error)
    shown = cut_path(str(path))
    _loop_error(Path(path), shown, error)
    p = Path(path) if new else Path(os.path.realpath(path))
    if new and p.is_dir():
        raise error(_("cannot write {file}: is a directory").format(file=iso(repr(shown))))
    if new and (p.exists() or p.is_symlink()):
        target = _dangling(p)
        if target is not None:
            raise error(
                _(
                    "{file} already exists as a symbolic link to {target}, which does not "
                    "exist: a new {what} never replaces a link; create the file there with "
                    "{target} as the file name, or remove the link"
                ).format(file=iso(repr(shown)), target=iso(repr(target)), what=_(what))
            )
        raise error(_taken(shown, what))
    _check_target(p, shown, error)
    with locked(path if not new else p, error=error):
        if expect is not None:
            try:
                now = Snapshot.of(p, p.read_bytes())
            except OSError:
                now = None
            if now != expect:
                raise error(
                    _(
                        "{file} changed since it was read (another program or window wrote "
                        "it): nothing was written; read it again and redo the change"
                    ).format(file=iso(repr(shown)))
                )
        try:
            _replace(p, data, new=new, shown=shown, what=what, error=error)
        except OSError as e:
            raise error(
                _("cannot write {file}: {reason}").format(
                    file=iso(repr(shown)), reason=_strerror(e)
                )
            ) from None
    return Snapshot.of(p, data)


def _taken(shown: str, what: str) -> str:
    return _("{file} already exists: a new {what} never overwrites a file").format(
        file=iso(repr(shown)), what=_(what)
    )


def _clean_stale(folder: Path, name: str) -> None:
    """Remove the ``.NAME.XXXXXXXX.tmp`` files a killed write of ``name`` left behind.

    Called under the file's lock, so no other writer of ``name`` is writing one now."""
    stale = re.compile(re.escape(f".{name}.") + r"[a-z0-9_]{8}\.tmp")
    with contextlib.suppress(OSError):
        for entry in os.scandir(folder):
            if stale.fullmatch(entry.name) and entry.is_file(follow_symlinks=False):
                with contextlib.suppress(OSError):
                    os.unlink(entry.path)


def _replace(
    p: Path, data: bytes, *, new: bool, shown: str, what: str, error: type[FileError]
) -> None:
    folder = p.parent if str(p.parent) else Path(".")
    _clean_stale(folder, p.name)
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=f".{p.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        mode = 0o644
        with contextlib.suppress(OSError):
            mode = p.stat().st_mode & 0o777
        os.chmod(tmp, mode)
        if new:
            _link_new(tmp, p, _taken(shown, what), error)
        else:
            os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError, AttributeError):
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)


def _link_new(tmp: str, p: Path, taken: str, error: type[FileError]) -> None:
    """Put ``tmp`` in place at ``p`` only if ``p`` does not exist (then drop ``tmp``)."""
    try:
        os.link(tmp, p)
    except FileExistsError:
        raise error(taken) from None
    except OSError:  # a file system without hard links: checked just before, replace
        if p.exists():
            raise error(taken) from None
        os.replace(tmp, p)
        return
    os.unlink(tmp)


#: what the first bytes of a score sheet hold (whatever its version or state)
SHEET_MARK = b'"block-dominoes score sheet"'


def write_output(
    path: str | os.PathLike[str],
    data: bytes,
    *,
    kind: str | None = None,
    force: bool = False,
    ours: Owned,
    what: str,
    error: type[FileError] = FileError,
) -> Snapshot:
    """Write ``data``, a new file of ``what`` in format ``kind``, a command was asked
    to make, atomically.

    The name must be a file's (not ``-``, not one ending in ``/``: :func:`check_name`)
    and its extension must not be another format's (:func:`~block_dominoes.filekinds.check_kind`). An existing
    ``path`` is refused unless ``force``; with ``force`` it is replaced only when
    ``ours(its bytes)`` says this program wrote it as a ``what`` (a picture's mark:
    :func:`~block_dominoes.filekinds.unmarked`) and it is not a score sheet: a command never replaces a sheet,
    or a file it did not write, with its output. Raises ``error`` naming the file and
    the reason (what ``ours`` says); nothing is written then.

    ``kind`` None skips the extension check.
    """
    check_name(path, what=what, error=error)
    _check_file_name(path, what, error)
    if kind is not None:
        check_kind(path, kind, error=error)
    shown = iso(repr(cut_path(str(path))))
    p = Path(path)
    _loop_error(p, cut_path(str(path)), error)
    if not (p.exists() or p.is_symlink()) or _dangling(p) is not None:
        return write(path, data, new=True, what=what, error=error)
    if p.is_dir():
        raise error(_("cannot write {file}: is a directory").format(file=shown))
    if not force:
        raise error(
            _(
                "{file} already exists: nothing was written; give {flag} to replace it, "
                "or choose another file name"
            ).format(file=shown, flag="--force")
        )
    old, snap = read(path, what=what, create="", error=error)
    if SHEET_MARK in old[:4096]:
        raise error(
            _(
                "{file} is a score sheet: it is never replaced, even with {flag}; "
                "choose another file name"
            ).format(file=shown, flag="--force")
        )
    why = ours(old)
    if why is not None:
        raise error(
            _(
                "{file} is not a {what} written by block-dominoes ({why}): {flag} replaces "
                "only those, so nothing was written; choose another file name"
            ).format(file=shown, what=_(what), why=why, flag="--force")
        )
    return write(path, data, expect=snap, what=what, error=error)
