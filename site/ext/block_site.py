"""Local Sphinx extension: keep the built book free of requests to other hosts.

Jupyter Book 1 always loads sphinx-thebe, which adds to every page a config
script that declares ``THEBE_JS_URL`` (a CDN address) in a way that logs the
page error "Identifier 'THEBE_JS_URL' has already been declared". The book has
no live kernel (``launch_buttons: thebe: false``), so this extension removes
sphinx-thebe's script and doctree hooks; its CSS stays, served locally.

It also checks every page it writes: a script or stylesheet whose address names
another host is a build warning (so ``jupyter-book build -W`` fails), whatever
added it (MathJax, widget loader, a theme option).
"""

from __future__ import annotations

from typing import Any

from sphinx.application import Sphinx
from sphinx.config import Config
from sphinx.util import logging

logger = logging.getLogger(__name__)

# sphinx-thebe's handlers that add its CDN config script and binder config.
_THEBE_HANDLERS = {"init_thebe_core", "update_thebe_context"}


def _drop_thebe(app: Sphinx, config: Config) -> None:
    """Disconnect sphinx-thebe's page-script hooks (its static CSS path stays)."""
    for listeners in app.events.listeners.values():
        for listener in list(listeners):
            handler = listener.handler
            if (
                getattr(handler, "__module__", "") == "sphinx_thebe"
                and getattr(handler, "__name__", "") in _THEBE_HANDLERS
            ):
                app.disconnect(listener.id)


def _uri(asset: Any) -> str:
    return str(getattr(asset, "filename", asset) or "")


def _check_page(
    app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    """Warn about any script or stylesheet on this page that another host serves."""
    for key in ("script_files", "css_files"):
        for asset in context.get(key, ()):
            uri = _uri(asset)
            if "://" in uri or uri.startswith("//"):
                logger.warning(
                    "page %s loads %s from another host; vendor it under site/public/vendor",
                    pagename,
                    uri,
                    type="block_site",
                    subtype="external",
                )


def setup(app: Sphinx) -> dict[str, Any]:
    # After every extension's setup(), before the builder's first event.
    app.connect("config-inited", _drop_thebe)
    # Late, so the per-page scripts of myst-nb and sphinx.ext.mathjax are in.
    app.connect("html-page-context", _check_page, priority=900)
    return {"version": "1", "parallel_read_safe": True, "parallel_write_safe": True}
