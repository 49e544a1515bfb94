"""Re-fetch the site's vendored browser files from the npm registry, pinned.

The book must work with no network, so the scripts that myst-nb and Sphinx would
load from CDNs are copied into ``site/public/vendor/`` (served at ``vendor/``):

- ``@jupyter-widgets/html-manager`` ``dist/embed-amd.js`` and its FontAwesome
  web fonts: renders the stored widget state with no kernel;
- ``requirejs`` ``require.js``: the AMD loader embed-amd.js needs;
- ``mathjax`` ``es5/tex-chtml-full.js`` and its woff-v2 fonts: math on any page
  that has it (Sphinx would otherwise load MathJax from a CDN);
- ``@fontsource/noto-sans`` and ``@fontsource/ibm-plex-sans-arabic``: the book's own
  Latin and Arabic faces (woff2, regular and bold; ``fonts/fonts.css``, ours, declares
  them), so pages and printed handouts lay out the same on any machine, and on a
  phone with no Arabic font;
- the licence of each (FontAwesome's from ``@fortawesome/fontawesome-free``,
  the version that html-manager bundles; the fonts' SIL OFL 1.1 beside them).

Every tarball comes from ``npm pack NAME@VERSION`` and is checked against the
sha512 integrity pinned below before anything is extracted. To move to a new
version: change VERSION and INTEGRITY (``npm view NAME@VERSION dist.integrity``),
run ``python tools/vendor_widgets.py``, rebuild the site, run the browser test
(tests/site/test_site.py), and update ``site/public/vendor/VERSIONS.md``.

``python tools/vendor_widgets.py --check`` fetches the same tarballs and
reports any vendored file that differs from them, changing nothing.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import importlib.metadata
import json
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENDOR = ROOT / "site" / "public" / "vendor"

# The requirejs npm package ships no licence file; its require.js header says
# "Copyright jQuery Foundation and other contributors. Released under MIT license".
REQUIREJS_LICENSE = """\
Copyright jQuery Foundation and other contributors, https://jquery.org/

This software consists of voluntary contributions made by many
individuals. For exact contribution history, see the revision history
available at https://github.com/requirejs/requirejs

The following license applies to all parts of this software except as
documented below:

====

Permission is hereby granted, free of charge, to any person obtaining
a copy of this software and associated documentation files (the
"Software"), to deal in the Software without restriction, including
without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to
the following conditions:

The above copyright notice and this permission notice shall be
included in all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE
LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION
OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION
WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
"""


@dataclass(frozen=True)
class Pin:
    """One npm package version and which of its files go where under VENDOR."""

    name: str
    version: str
    integrity: str
    # (path inside the tarball's package/ folder, or a folder ending in "/"
    #  plus a suffix filter, -> destination relative to VENDOR)
    files: tuple[tuple[str, str], ...]


PINS = (
    Pin(
        "@jupyter-widgets/html-manager",
        "1.0.15",
        "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
        (
            ("dist/embed-amd.js", "html-manager/embed-amd.js"),
            ("dist/embed.js.LICENSE.txt", "html-manager/THIRD-PARTY-LICENSES.txt"),
            # Every current browser takes woff2 (woff is the fallback); the
            # eot/ttf/svg copies serve only browsers from before 2016.
            ("dist/*.woff2", "html-manager/"),
            ("dist/*.woff", "html-manager/"),
        ),
    ),
    Pin(
        "requirejs",
        "2.3.8",
        "sha512-7/cTSLOdYkNBNJcDMWf+luFvMriVm7eYxp4BcFCsAX0wF421Vyce5SXP17c+Jd5otXKGNehIonFlyQXSowL6Mw==",
        (("require.js", "requirejs/require.js"),),
    ),
    Pin(
        "mathjax",
        "3.2.2",
        "sha512-Bt+SSVU8eBG27zChVewOicYs7Xsdt40qm4+UpHyX7k0/O9NliPc+x77k1/FEsPsjKPZGJvtRZM1vO+geW0OhGw==",
        (
            # -full bundles every TeX extension, so nothing is autoloaded later.
            ("es5/tex-chtml-full.js", "mathjax/tex-chtml-full.js"),
            ("es5/output/chtml/fonts/woff-v2/*.woff", "mathjax/output/chtml/fonts/woff-v2/"),
            ("LICENSE", "mathjax/LICENSE"),
        ),
    ),
    Pin(
        "@fortawesome/fontawesome-free",
        "5.15.4",
        "sha512-eYm8vijH/hpzr/6/1CJ/V/Eb1xQFW2nnUKArb3z+yUWv7HTwj6M7SP957oMjfZjAHU6qpoNc2wQvIxBLWYa/Jg==",
        (("LICENSE.txt", "html-manager/LICENSE-fontawesome.txt"),),
    ),
    # Only the subsets the book writes in: latin, latin-ext (Turkish ç ğ ı İ ş), greek
    # and cyrillic (the Greek and Bulgarian editions); Arabic is IBM Plex's, below.
    # Each face serves only its script (unicode-range in fonts/fonts.css).
    Pin(
        "@fontsource/noto-sans",
        "5.3.0",
        "sha512-fBCog2PY7DiVVTEEqtI/Qdinx/knobHYfoGpjFXdfBX5RoJaBp1Prw2G75p0OIsdlMZg3cLo0c+YbIUYOxnQJw==",
        (
            *(
                (f"files/noto-sans-{subset}-{face}.woff2", f"fonts/noto-sans-{subset}-{face}.woff2")
                for subset in ("latin", "latin-ext", "greek", "cyrillic")
                for face in ("400-normal", "400-italic", "700-normal", "700-italic")
            ),
            ("LICENSE", "fonts/LICENSE-noto-sans.txt"),
        ),
    ),
    # Not Noto Naskh/Sans Arabic: they draw a letter as a dotless body plus its dots,
    # and Chromium's PDFs then map those glyphs to no character (a handout's Arabic
    # text could not be searched or copied); IBM Plex Sans Arabic maps every glyph.
    Pin(
        "@fontsource/ibm-plex-sans-arabic",
        "5.3.0",
        "sha512-ZZ4g+JDgQY0NqSh4o0MNWU1sHQmtcee1g++aKAwyJvZxnT5y51JXsN1cIXnaQaMd40dcbK6QFYa+Z1LbaiNuqA==",
        (
            (
                "files/ibm-plex-sans-arabic-arabic-400-normal.woff2",
                "fonts/ibm-plex-sans-arabic-arabic-400-normal.woff2",
            ),
            (
                "files/ibm-plex-sans-arabic-arabic-700-normal.woff2",
                "fonts/ibm-plex-sans-arabic-arabic-700-normal.woff2",
            ),
            ("LICENSE", "fonts/LICENSE-ibm-plex-sans-arabic.txt"),
        ),
    ),
)


def sri(data: bytes) -> str:
    """The npm/Subresource-Integrity form of a sha512 digest."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def npm_pack(pin: Pin, dest: Path) -> Path:
    """Download NAME@VERSION's tarball with npm and check its pinned integrity."""
    spec = f"{pin.name}@{pin.version}"
    out = subprocess.run(
        ["npm", "pack", spec, "--json", "--pack-destination", str(dest)],
        check=True,
        capture_output=True,
        text=True,
    )
    filename = json.loads(out.stdout)[0]["filename"]
    tgz = dest / filename
    got = sri(tgz.read_bytes())
    if got != pin.integrity:
        raise SystemExit(f"{spec}: integrity {got} does not match the pin {pin.integrity}")
    return tgz


def members(tgz: Path, pin: Pin) -> dict[str, bytes]:
    """Map each destination path (relative to VENDOR) to its bytes."""
    wanted: dict[str, bytes] = {}
    with tarfile.open(tgz) as tar:
        names = {m.name.removeprefix("package/"): m for m in tar.getmembers() if m.isfile()}
        for src, dst in pin.files:
            if "*" in src:
                folder, _, pattern = src.rpartition("/")
                suffix = pattern.removeprefix("*")
                hits = [n for n in names if n.rpartition("/")[0] == folder and n.endswith(suffix)]
                if not hits:
                    raise SystemExit(f"{pin.name}: nothing matches {src!r}")
                for n in sorted(hits):
                    wanted[dst + n.rpartition("/")[2]] = _read(tar, names[n])
            else:
                if src not in names:
                    raise SystemExit(f"{pin.name}: no file {src!r} in the tarball")
                wanted[dst] = _read(tar, names[src])
    return wanted


def _read(tar: tarfile.TarFile, member: tarfile.TarInfo) -> bytes:
    f = tar.extractfile(member)
    assert f is not None  # a regular file always has content
    return f.read()


def extra_files() -> dict[str, bytes]:
    """Licences that the npm tarballs do not carry."""
    dist = importlib.metadata.distribution("ipywidgets")
    lic = [p for p in dist.files or () if p.name == "LICENSE"]
    if not lic:
        raise SystemExit("the installed ipywidgets carries no LICENSE file")
    # html-manager is part of the ipywidgets repository, under its BSD-3-Clause licence.
    return {
        "html-manager/LICENSE": Path(str(dist.locate_file(lic[0]))).read_bytes(),
        "requirejs/LICENSE": REQUIREJS_LICENSE.encode(),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="compare the vendored files, change nothing"
    )
    args = parser.parse_args(argv)
    files: dict[str, bytes] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for pin in PINS:
            files.update(members(npm_pack(pin, Path(tmp)), pin))
    files.update(extra_files())
    bad = 0
    for rel, data in sorted(files.items()):
        path = VENDOR / rel
        same = path.is_file() and path.read_bytes() == data
        if args.check:
            if not same:
                print(f"differs: {path.relative_to(ROOT)}")
                bad += 1
        elif not same:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
            print(f"wrote {path.relative_to(ROOT)} ({len(data):,} bytes)")
    if args.check:
        print(f"{len(files)} files checked, {bad} differ")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
