"""Translated strings the way locale.library provides them, for programs ported from the Amiga.

Knows nothing of any particular program.  Typical use::

    language = choose_language(args.language, config.get("language"))
    catalog = open_catalog("saga", language, progdir=..., catalogs_dir=...)
    text = catalog.get(MSG_QUIT, "Quit")
"""

from .catalog import Catalog, NullCatalog, catalog_paths, load_catalog, open_catalog
from .compiler import compile_catalog
from .errors import LocaleError, LocaleWarning
from .escapes import escape, unescape
from .languages import BUILTIN_LANGUAGE, LANGUAGES, amiga_language, choose_language
from .source import (
    Description,
    Message,
    Translated,
    Translation,
    parse_cd,
    parse_ct,
    read_cd,
    read_ct,
)

__all__ = [
    "BUILTIN_LANGUAGE",
    "LANGUAGES",
    "Catalog",
    "Description",
    "LocaleError",
    "LocaleWarning",
    "Message",
    "NullCatalog",
    "Translated",
    "Translation",
    "amiga_language",
    "catalog_paths",
    "choose_language",
    "compile_catalog",
    "escape",
    "load_catalog",
    "open_catalog",
    "parse_cd",
    "parse_ct",
    "read_cd",
    "read_ct",
    "unescape",
]
