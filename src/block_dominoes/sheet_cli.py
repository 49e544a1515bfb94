"""The score sheet's chart under its old name, for notebooks written before
:mod:`block_dominoes.plot` existed; the ``sheet`` sub-commands live in
:mod:`block_dominoes.cli.sheet`."""

from __future__ import annotations

from .plot import sheet_figure

__all__ = ["sheet_figure"]
