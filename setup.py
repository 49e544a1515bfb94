"""Compile the engine's gettext catalogs (.po -> .mo) whenever the package is built.

Everything else is in pyproject.toml. The .mo files are not in the repository: a
wheel, ``pip install .`` and the live edition's wheel get them from this hook; an
editable checkout compiles them in memory at first use (block_dominoes.i18n) or
with ``pybabel compile -D block_dominoes -d src/block_dominoes/locale``.
"""

from __future__ import annotations

from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

DOMAIN = "block_dominoes"


def compile_catalogs(locale_dir: Path) -> list[Path]:
    """Write ``<lang>/LC_MESSAGES/block_dominoes.mo`` beside every ``.po`` under ``locale_dir``."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    written = []
    for po in sorted(locale_dir.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        with po.open("rb") as f:
            catalog = read_po(f, locale=po.parent.parent.name, domain=DOMAIN)
        mo = po.with_suffix(".mo")
        with mo.open("wb") as f:
            write_mo(f, catalog)
        written.append(mo)
    return written


class BuildPyWithCatalogs(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):
            target = Path(__file__).parent / "src" / "block_dominoes" / "locale"
        else:
            target = Path(self.build_lib) / "block_dominoes" / "locale"
        compile_catalogs(target)


setup(cmdclass={"build_py": BuildPyWithCatalogs})
