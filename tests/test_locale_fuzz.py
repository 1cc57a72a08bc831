"""Hostile catalog sources: mangled .cd/.ct text raises only LocaleError."""

from __future__ import annotations

import contextlib
import warnings

from fuzzing import fuzz
from hypothesis import strategies as st

from amiga.locale import LocaleError, LocaleWarning, compile_catalog, parse_cd, parse_ct

CD_SEED = """; seed
#language english
#version 3
MSG_A (//)
Hello\\n
MSG_B (10/2/20)
Tab\\tbed \\x41\\033 \\\\
MSG_C (+2//)
continued \\
line
MSG_D ($40//)
last
"""
CT_SEED = """## version $VER: x.catalog 1.0 (1.1.2002)
## language deutsch
## codeset 0
MSG_A
Hallo\\n
; Hello\\n
MSG_B
Tab\\tbett
MSG_C
fort\\
gesetzt
MSG_X
unbekannt
"""
# Characters that matter to the syntax, so mutations hit the interesting paths.
SYNTAX = st.sampled_from([*'\\\n#;()/ $+x0789AZ_\t\0\r"', "\\x", "\\0", "(//)", "\n#", "€"])


@st.composite
def mangled(draw: st.DrawFn, seed: str) -> str:
    text = seed
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(["insert", "delete", "replace", "truncate"]))
        piece = draw(st.one_of(SYNTAX, st.text(max_size=5)))
        if action == "insert":
            text = text[:at] + piece + text[at:]
        elif action == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 8)) :]
        elif action == "replace":
            text = text[:at] + piece + text[at + len(piece) :]
        else:
            text = text[:at]
    return text


@fuzz(mangled(CD_SEED), mangled(CT_SEED))
def test_mangled_sources_raise_only_locale_error(cd: str, ct: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any other warning fails the test
        warnings.simplefilter("ignore", LocaleWarning)
        try:
            compile_catalog(parse_cd(cd, "x.cd"), parse_ct(ct, "x.ct"))
        except LocaleError as error:
            assert str(error).startswith(("x.cd", "x.ct"))


@fuzz(st.text(max_size=200))
def test_arbitrary_text_raises_only_locale_error(text: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LocaleWarning)
        for parse in (parse_cd, parse_ct):
            with contextlib.suppress(LocaleError):
                parse(text, "any")
