"""A render process of a worker: ``python -m scorekeeper.renderer NICENESS``.

Started by :class:`scorekeeper.pdf.Renderers`; lays out one sheet at a time (documents in
on its standard input, PDFs out on its standard output) until the worker ends. A game's
sheet comes as its facts and is made here (:mod:`scorekeeper.printing`), by an app of the
process's own, made before the first sheet."""

from __future__ import annotations

import sys

from .pdf import serve_renders

if __name__ == "__main__":
    from .printing import printing_app

    serve_renders(int(sys.argv[1]) if len(sys.argv) > 1 else 0, prepare=printing_app)
