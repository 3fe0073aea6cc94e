"""The message catalogs: extract every sentence, keep each language's catalog in step, compile.

``python -m scorekeeper.catalogs update`` extracts the messages from the code and the
templates into ``messages.pot`` and merges them into every language's ``messages.po``;
``compile`` writes the ``.mo`` files the app reads; ``check`` lists what is stale,
untranslated or broken (the test suite runs it too); ``todo LANG`` lists what a language
still lacks as JSON, and ``apply LANG FILE`` takes that JSON back with its translations.

The rules (``scorekeeper/rules/``) import nothing of Babel: their sentences are the first
(and, for a plural, second) arguments of the errors they raise, of a referee's ``Reason``,
or of the no-op ``N_()``; :func:`extract_rules` finds them there.
"""

from __future__ import annotations

import ast
import builtins
import contextlib
import fcntl
import io
import json
import re
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

PACKAGE_DIR = Path(__file__).resolve().parent
ROOT = PACKAGE_DIR.parent
TRANSLATIONS = PACKAGE_DIR / "translations"
TEMPLATE_FILE = TRANSLATIONS / "messages.pot"
LANGUAGES = ("cy", "nl", "el", "ne")  # English is the source: its catalog is the template
DOMAIN = "messages"

KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "lazy_gettext": None,
    "lazy_ngettext": (1, 2),
    "N_": None,
    "N_plural": (1, 2),
    "_l": None,
    "plural_forms": (1, 2),
}
METHOD_MAP = [
    ("scorekeeper/rules/**.py", "scorekeeper.catalogs:extract_rules"),
    # Each game's own rules and referee, in its folder, speak as the shared rules do.
    ("scorekeeper/games/*/rules.py", "scorekeeper.catalogs:extract_rules"),
    ("scorekeeper/games/*/referee.py", "scorekeeper.catalogs:extract_rules"),
    ("scorekeeper/catalogs.py", "ignore"),
    ("scorekeeper/**.py", "python"),
    ("templates/**.html", "jinja2"),
]
OPTIONS_MAP = {"templates/**.html": {"trimmed": "true", "encoding": "utf-8"}}


def _call_name(node: ast.Call) -> str:
    if isinstance(node.func, ast.Name):
        return node.func.id
    if isinstance(node.func, ast.Attribute):
        return node.func.attr
    return ""


def _text(node: ast.expr | None) -> str | None:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    return None


def extract_rules(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str | None, str | tuple[str, str], list[str]]]:
    """Babel's extractor for the rules: the sentences of errors, reasons and ``N_()``."""
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = _call_name(node)
        # The rules' own errors speak to players; Python's (a ValueError) to programmers.
        ours = name.endswith("Error") and not hasattr(builtins, name)
        if not (ours or name in ("Reason", "N_")) or not node.args:
            continue
        singular = _text(node.args[0])
        if singular is None:
            continue
        plural = _text(node.args[1]) if len(node.args) > 1 else None
        if plural is not None:
            yield node.lineno, "ngettext", (singular, plural), []
        else:
            yield node.lineno, None, singular, []


def extract() -> Catalog:
    """Every message of the code and the templates, as a fresh template catalog."""
    catalog = Catalog(project="Scorekeeper", domain=DOMAIN, charset="utf-8", fuzzy=False)
    found = extract_from_dir(
        ROOT,
        method_map=METHOD_MAP,
        options_map=OPTIONS_MAP,
        keywords=KEYWORDS,
        strip_comment_tags=True,
        comment_tags=("TRANSLATORS:",),
    )
    for filename, lineno, message, comments, context in found:
        catalog.add(
            message,
            None,
            [(filename, lineno)],
            auto_comments=comments,
            context=context,
            flags=_flags(message),
        )
    return catalog


def _flags(message: str | tuple[str, ...]) -> tuple[str, ...]:
    texts = message if isinstance(message, tuple) else (message,)
    if any(re.search(r"%\(\w+\)s", text) for text in texts):
        return ("python-format",)
    if any(re.search(r"\{\w+\}", text) for text in texts):
        return ("python-brace-format",)
    return ()


def po_path(language: str) -> Path:
    return TRANSLATIONS / language / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_catalog(language: str) -> Catalog:
    with po_path(language).open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def _write(catalog: Catalog, path: Path, **options: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, omit_header=False, sort_output=True, **options)
    path.write_bytes(buffer.getvalue())


def update() -> None:
    """Write ``messages.pot`` and bring every language's catalog in step with it; what is
    gone from the code is dropped, what is new waits (empty) for its translation."""
    template = extract()
    _write(template, TEMPLATE_FILE)
    for language in LANGUAGES:
        path = po_path(language)
        if path.exists():
            catalog = read_catalog(language)
        else:
            catalog = Catalog(locale=language, domain=DOMAIN, project="Scorekeeper")
        catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
        catalog.obsolete.clear()
        _write(catalog, path, no_location=True)


def compiled(language: str) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, read_catalog(language), use_fuzzy=False)
    return buffer.getvalue()


def compile_all(languages: Sequence[str] = LANGUAGES) -> None:
    for language in languages:
        po_path(language).with_suffix(".mo").write_bytes(compiled(language))


def todo(language: str) -> list[dict[str, Any]]:
    """The messages of a language still to translate (or fuzzy), as JSON-ready entries:
    ``id`` (a string, or singular and plural), the translator's ``comments``, and for a
    plural the number of ``forms`` the language has."""
    catalog = read_catalog(language)
    with TEMPLATE_FILE.open("rb") as handle:
        places = {m.id: sorted({path for path, _ in m.locations}) for m in read_po(handle)}
    entries = []
    for message in catalog:
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if all(strings) and not message.fuzzy:
            continue
        entry: dict[str, Any] = {
            "id": message.id,
            "comments": list(message.auto_comments),
            "used_in": places.get(message.id, []),
        }
        if isinstance(message.id, tuple):
            entry["id"] = list(message.id)
            entry["forms"] = catalog.num_plurals
            entry["plural_rule"] = catalog.plural_expr
        entries.append(entry)
    return entries


def apply(language: str, entries: list[dict[str, Any]]) -> int:
    """Put translations (``id`` and ``string``: a string, or a list of plural forms) into a
    language's catalog; returns how many were taken. Unknown ids are an error."""
    with _locked(language):
        return _apply(language, entries)


@contextlib.contextmanager
def _locked(language: str) -> Iterator[None]:
    """One writer at a time for a language's catalog."""
    with (TRANSLATIONS / language / ".lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _apply(language: str, entries: list[dict[str, Any]]) -> int:
    catalog = read_catalog(language)
    taken = 0
    for entry in entries:
        key = tuple(entry["id"]) if isinstance(entry["id"], list) else entry["id"]
        lookup = key[0] if isinstance(key, tuple) else key
        message = catalog.get(lookup)
        if message is None:
            raise KeyError(f"{language}: no message {lookup!r} in the catalog")
        string = entry["string"]
        message.string = tuple(string) if isinstance(string, list) else string
        message.flags.discard("fuzzy")
        taken += 1
    _write(catalog, po_path(language), no_location=True)
    return taken


_PLACEHOLDER = re.compile(r"%\((\w+)\)s|\{(\w+)\}")


def placeholders(text: str) -> set[str]:
    return {a or b for a, b in _PLACEHOLDER.findall(text)}


def problems() -> list[str]:
    """What keeps the catalogs from being complete and current, one line each."""
    found: list[str] = []
    template = extract()
    wanted = {message.id for message in template if message.id}
    for language in LANGUAGES:
        if not po_path(language).exists():
            found.append(f"{language}: no catalog")
            continue
        catalog = read_catalog(language)
        have = {message.id for message in catalog if message.id}
        for missing in sorted(wanted - have, key=str):
            found.append(f"{language}: stale, lacks {missing!r}")
        for extra in sorted(have - wanted, key=str):
            found.append(f"{language}: stale, keeps {extra!r} the code no longer has")
        for message in catalog:
            if not message.id or message.id not in wanted:
                continue
            found.extend(_message_problems(language, message, catalog))
        mo = po_path(language).with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(language):
            found.append(f"{language}: {mo.name} is not compiled from the catalog")
    return found


def _message_problems(language: str, message: Any, catalog: Catalog) -> list[str]:
    found = []
    ids = message.id if isinstance(message.id, tuple) else (message.id,)
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    if message.fuzzy:
        found.append(f"{language}: fuzzy {ids[0]!r}")
    if isinstance(message.id, tuple) and len(strings) != catalog.num_plurals:
        found.append(f"{language}: {len(strings)} plural forms, wants {catalog.num_plurals}")
    if not all(strings):
        found.append(f"{language}: untranslated {ids[0]!r}")
        return found
    wanted = set().union(*(placeholders(text) for text in ids))
    plural = isinstance(message.id, tuple)
    braces = any(re.search(r"\{\w+\}", text) for text in ids)
    for text in strings:
        have = placeholders(text)
        # A plural form may spell its count out ("one trick", Welsh "dwy"): one placeholder
        # may go; nothing else may be lost, and nothing the code does not fill be added.
        lost = wanted - have
        if have - wanted or len(lost) > (1 if plural else 0):
            found.append(f"{language}: placeholders of {ids[0]!r} differ in {text!r}")
            break
        if not _fills(text, wanted, braces):
            found.append(f"{language}: {text!r} cannot be filled (a stray % or brace?)")
            break
    return found


def _fills(text: str, names: set[str], braces: bool) -> bool:
    """Whether a translation can be filled as the code fills it: ``{name}`` by the
    rules' sentences, ``%(name)s`` by everything else (templates always apply ``%``)."""
    values = {name: "x" for name in names | {"num"}}
    try:
        if braces:
            text.format(**values)
        else:
            text % values
    except (KeyError, IndexError, ValueError, TypeError):
        return False
    return True


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else ""
    if command == "update":
        update()
    elif command == "compile":
        compile_all(argv[2:] or LANGUAGES)
    elif command == "todo" and len(argv) == 3:
        print(json.dumps(todo(argv[2]), ensure_ascii=False, indent=1))
    elif command == "apply" and len(argv) == 4:
        entries = json.loads(Path(argv[3]).read_text(encoding="utf-8"))
        print(f"{apply(argv[2], entries)} translations taken")
    elif command == "check":
        found = problems()
        for line in found:
            print(line)
        return 1 if found else 0
    else:
        print(
            "usage: python -m scorekeeper.catalogs update | compile | check"
            " | todo LANG | apply LANG FILE.json",
            file=sys.stderr,
        )
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
