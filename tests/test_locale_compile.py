"""Compiling .cd + .ct into a catalog: content, determinism and warnings."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from amiga.iff import Ctlg, read_ctlg, write_ctlg
from amiga.locale import LocaleError, LocaleWarning, compile_catalog, parse_cd, parse_ct

CD = """#language english
MSG_HELLO (//)
Hello
MSG_QUIT (10/2/8)
Quit
MSG_LONG (//)
Long text\\n
MSG_UNTRANSLATED (//)
Untranslated
"""
CT = """## version $VER: game.ct 1.2 (3.4.2002)
## language deutsch
## codeset 4
MSG_QUIT
Beenden
; Quit
MSG_HELLO
Hallo
MSG_LONG
Langer Text\\n
"""


def compile_texts(cd: str = CD, ct: str = CT) -> bytes:
    return compile_catalog(parse_cd(cd, "game.cd"), parse_ct(ct, "deutsch.ct"))


def test_compiles_translated_strings_by_id() -> None:
    with pytest.warns(LocaleWarning):
        data = compile_texts()
    assert read_ctlg(data) == Ctlg(
        {0: "Hallo", 10: "Beenden", 11: "Langer Text\n"},
        language="deutsch",
        version="$VER: game.catalog 1.2 (3.4.2002)",  # ".ct " renamed as FlexCat does
        codeset=4,
    )


def test_output_is_deterministic_and_independent_of_ct_order() -> None:
    reordered = CT.replace("MSG_QUIT\nBeenden\n; Quit\n", "") + "MSG_QUIT\nBeenden\n"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LocaleWarning)
        first, second, third = compile_texts(), compile_texts(), compile_texts(ct=reordered)
    assert first == second == third


def test_rebuilding_a_checked_in_catalog_gives_identical_bytes(tmp_path: Path) -> None:
    # The project keeps a compiled catalog in git and checks it like this.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LocaleWarning)
        (tmp_path / "game.catalog").write_bytes(compile_texts())
        rebuilt = compile_texts()
    assert rebuilt == (tmp_path / "game.catalog").read_bytes()


def test_warns_about_missing_extra_and_wrongly_sized_strings() -> None:
    cd = CD.replace("MSG_HELLO (//)", "MSG_HELLO (/6/)")
    ct = CT.replace("Beenden", "Programm beenden") + "MSG_GONE\nweg\n"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        compile_texts(cd, ct)
    messages = sorted(str(w.message) for w in caught)
    assert all(w.category is LocaleWarning for w in caught)
    assert messages == [
        "deutsch.ct: 1 of 4 strings are not translated and keep their built-in text: "
        "MSG_UNTRANSLATED",
        "deutsch.ct:11: MSG_GONE is not in game.cd; ignored",
        "deutsch.ct:4: MSG_QUIT is longer than 8 characters",
        "deutsch.ct:7: MSG_HELLO is shorter than 6 characters",
        "game.cd:2: MSG_HELLO is shorter than 6 characters",
    ]


def test_empty_translations_keep_the_built_in_string() -> None:
    with pytest.warns(LocaleWarning, match="2 of 4 strings are not translated.*MSG_HELLO"):
        data = compile_texts(ct=CT.replace("Hallo", ""))
    assert 0 not in read_ctlg(data).strings


def test_matches_write_ctlg_exactly() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LocaleWarning)
        data = compile_texts()
    expected = write_ctlg(
        Ctlg(
            {10: "Beenden", 0: "Hallo", 11: "Langer Text\n"},
            "deutsch",
            "$VER: game.catalog 1.2 (3.4.2002)",
            4,
        )
    )
    assert data == expected


@pytest.mark.parametrize(
    ("ct", "message"),
    [
        ("## language deutsch\n", r"^deutsch\.ct: no '## version' line$"),
        ("## version $VER: x 1.0\n", r"^deutsch\.ct: no '## language' line$"),
        (CT.replace("Hallo", "Hal\\0lo"), r"^deutsch\.ct:7: MSG_HELLO contains \\0"),
    ],
)
def test_unusable_translations_are_errors(ct: str, message: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", LocaleWarning)
        with pytest.raises(LocaleError, match=message):
            compile_texts(ct=ct)
