"""Freshness keys: what a stored output or a built step was made from, in one place.

One mechanism for the whole project: a key is a set of named SHA-256 digests over
declared inputs (files, whole folders, tool versions), stored beside what was made
from them, and compared with today's. It is used by

- ``tools/run_notebooks.py``: each chapter's run (``NAME.ipynb``, and its run in each
  edition's language, ``locales/<lang>/runs/<chapter>.ipynb``) stores in its metadata
  (``metadata.block_dominoes.inputs``) the digests of :func:`chapter_inputs`: the
  chapter's ``.md`` text, the engine package (its code AND its data files, such as
  ``expert_lab.json``, which the claims chapter reads) and, for an edition's run, the
  engine's catalog in that language;
- ``tools/build.py``: each build step stores the digests of its inputs in
  ``_build/build-stamps.json``, and is skipped when they are all the same;
- ``tools/build_live.py``: each cached step of the live edition is named by
  :func:`digest` of its inputs;
- the tests, which import it rather than recompute anything.

A chapter is stale when :func:`stale_inputs` names an input whose digest changed;
the fix is always ``python tools/run_notebooks.py <chapter>.md``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from importlib import metadata
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: the engine package: everything in it counts (code and data), except what is
#: generated (bytecode, compiled catalogs) and its catalogs, which only the runs in
#: their language read (a new translation re-runs that edition's chapters only)
PACKAGE = ROOT / "src" / "block_dominoes"
CATALOGS = PACKAGE / "locale"
_GENERATED_PARTS = {"__pycache__", ".ipynb_checkpoints", ".mypy_cache"}
_GENERATED_SUFFIXES = {".pyc", ".mo"}
#: where a notebook keeps the digests its outputs were made from
META_KEY = "inputs"


def digest(parts: Iterable[bytes | str]) -> str:
    """SHA-256 (hex) of ``parts``, each length-prefixed so that no two lists collide."""
    h = hashlib.sha256()
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        h.update(len(data).to_bytes(8, "big"))
        h.update(data)
    return h.hexdigest()


def generated(path: Path) -> bool:
    """Whether ``path`` is made by a tool (bytecode, a compiled catalog, a cache)."""
    return path.suffix in _GENERATED_SUFFIXES or bool(_GENERATED_PARTS.intersection(path.parts))


def files_digest(paths: Iterable[Path], base: Path = ROOT) -> str:
    """Digest of files by their path relative to ``base`` and their bytes, in path order."""
    parts: list[bytes | str] = []
    for path in sorted(set(paths)):
        where = path.relative_to(base).as_posix() if path.is_relative_to(base) else str(path)
        parts += [where, path.read_bytes()]
    return digest(parts)


def tree_files(folder: Path, pattern: str = "**/*", skip: Iterable[Path] = ()) -> list[Path]:
    """The files of ``folder`` matching ``pattern``, without generated ones or ``skip``."""
    skipped = [p.resolve() for p in skip]
    return sorted(
        p
        for p in folder.glob(pattern)
        if p.is_file()
        and not generated(p.relative_to(folder))
        and not any(p.resolve().is_relative_to(s) for s in skipped)
    )


def globs_digest(patterns: Iterable[str], base: Path = ROOT) -> str:
    """Digest of every non-generated file matching any of ``patterns`` under ``base``."""
    found: set[Path] = set()
    for pattern in patterns:
        found.update(tree_files(base, pattern))
    return files_digest(found, base)


def versions_digest(distributions: Iterable[str]) -> str:
    """Digest of the installed versions of ``distributions`` (absent: "none")."""
    parts = []
    for name in sorted(distributions):
        try:
            parts.append(f"{name}=={metadata.version(name)}")
        except metadata.PackageNotFoundError:
            parts.append(f"{name}==none")
    return digest(parts)


def package_digest(package: Path = PACKAGE) -> str:
    """The engine: every file of the package (code and data), its catalogs aside."""
    return files_digest(tree_files(package, skip=[package / "locale"]), package)


def catalog_digest(lang: str, package: Path = PACKAGE) -> str:
    """The engine's catalog in ``lang`` (what a run in that language says)."""
    po = package / "locale" / lang / "LC_MESSAGES" / "block_dominoes.po"
    return digest([lang, *catalog_sayings(po)])


def catalog_sayings(po: Path) -> list[str]:
    """What a catalog says: its plural rule and each entry's context, source and
    translation, fuzzy ones left out as gettext leaves them out. Its comments (the
    source lines an entry was found at, which move with every edit of the engine) and
    header dates are not part of it, so re-extracting the catalog stales no run."""
    if not po.is_file():
        return []
    from babel.messages.pofile import read_po

    with po.open("rb") as f:
        catalog = read_po(f, locale=None)
    said = [catalog.plural_forms]
    for message in catalog:
        if message.id and not message.fuzzy:
            said.append(json.dumps([message.context, message.id, message.string]))
    return sorted(said)


def chapter_inputs(
    md: Path, lang: str = "en", package: str | None = None, package_dir: Path = PACKAGE
) -> dict[str, str]:
    """The digests a chapter's run in ``lang`` is made from: its text, the engine
    (pass ``package``, :func:`package_digest`, to reuse it across chapters) and, in a
    language other than English, the engine's catalog in it."""
    inputs = {"text": digest([md.read_bytes()]), "package": package or package_digest(package_dir)}
    if lang != "en":
        inputs["catalog"] = catalog_digest(lang, package_dir)
    return inputs


def key(inputs: Mapping[str, str]) -> str:
    """One key for a set of named digests."""
    return digest([json.dumps(dict(inputs), sort_keys=True)])


#: how a person reads the name of an input that changed
DESCRIBE = {
    "text": "its .md changed",
    "package": "the engine (src/block_dominoes: code or data) changed",
    "catalog": "the engine's catalog in this language changed",
}


def stored_inputs(nb_metadata: Mapping[str, object]) -> dict[str, str] | None:
    """The digests a notebook's outputs were made from (None: never run by the tool)."""
    ours = nb_metadata.get("block_dominoes")
    found = ours.get(META_KEY) if isinstance(ours, Mapping) else None
    return {str(k): str(v) for k, v in found.items()} if isinstance(found, Mapping) else None


def stale_inputs(stored: Mapping[str, str] | None, today: Mapping[str, str]) -> list[str]:
    """Why outputs made from ``stored`` are stale today, in words (empty: fresh)."""
    if stored is None:
        return ["never run by tools/run_notebooks.py"]
    return [
        DESCRIBE.get(name, f"{name} changed") for name in today if stored.get(name) != today[name]
    ]
