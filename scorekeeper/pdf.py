"""HTML to PDF: the one module that imports WeasyPrint.

WeasyPrint is imported on first use, not with the app: most requests never
print, and the import takes half a second. It needs Pango at run time and,
to subset fonts quickly, HarfBuzz's subsetter (Debian: ``libpango-1.0-0``,
``libpangoft2-1.0-0``, ``libharfbuzz-subset0``; scripts/start installs them).
Without the subsetter WeasyPrint silently falls back to fontTools, about five
times slower: :func:`harfbuzz_subset_available` says which one it found.

Documents may load nothing from outside: only ``data:`` URLs are fetched, so
no sheet can read a file or reach the network, whatever ends up in its HTML.
"""

from __future__ import annotations

import functools
from pathlib import Path
from types import ModuleType
from typing import Any


@functools.cache
def _weasyprint() -> ModuleType:
    import weasyprint

    return weasyprint


@functools.lru_cache(maxsize=8)
def _stylesheet(path: str, mtime_ns: int) -> Any:
    """A parsed stylesheet, kept while its file is unchanged: parsing it is not free."""
    weasyprint = _weasyprint()
    return weasyprint.CSS(filename=path, url_fetcher=_fetcher())


def _fetcher() -> Any:
    from weasyprint.urls import URLFetcher

    return URLFetcher(allowed_protocols=("data",))


def render_pdf(html: str, stylesheets: tuple[Path, ...] = ()) -> bytes:
    """The PDF of an HTML document, with these stylesheets applied after its own."""
    weasyprint = _weasyprint()
    css = [_stylesheet(str(path), path.stat().st_mtime_ns) for path in stylesheets]
    document = weasyprint.HTML(string=html, url_fetcher=_fetcher())
    pdf: bytes = document.write_pdf(stylesheets=css)
    return pdf


def harfbuzz_subset_available() -> bool:
    """Whether WeasyPrint subsets fonts with HarfBuzz (the fast way) rather than fontTools."""
    _weasyprint()
    from weasyprint.text.ffi import harfbuzz, harfbuzz_subset

    return harfbuzz_subset is not None and bool(harfbuzz.hb_version_atleast(4, 1, 0))


def weasyprint_version() -> str:
    version: str = _weasyprint().__version__
    return version
