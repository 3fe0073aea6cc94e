"""A render process of a worker: ``python -m scorekeeper.renderer NICENESS``.

Started by :class:`scorekeeper.pdf.Renderers`; lays out one sheet at a time (documents in
on its standard input, PDFs out on its standard output) until the worker ends."""

from __future__ import annotations

import sys

from .pdf import serve_renders

if __name__ == "__main__":
    serve_renders(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
