"""Opening catalogs and choosing languages: lookups, search order and fallbacks."""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import pytest

from amiga.iff import Ctlg, write_ctlg
from amiga.locale import (
    LANGUAGES,
    Catalog,
    LocaleWarning,
    NullCatalog,
    amiga_language,
    catalog_paths,
    choose_language,
    load_catalog,
    open_catalog,
)

GERMAN = write_ctlg(Ctlg({1: "Hallo", 2: "Beenden"}, "deutsch", "$VER: game.catalog 3.1 (1.1.02)"))


def install(directory: Path, data: bytes = GERMAN, language: str = "deutsch") -> Path:
    path = directory / language / "game.catalog"
    path.parent.mkdir(parents=True)
    path.write_bytes(data)
    return path


def test_get_returns_the_translation_or_the_built_in_string_once_warned() -> None:
    catalog = load_catalog(GERMAN, name="game.catalog", language="deutsch")
    assert catalog.language == "deutsch"
    assert catalog.get(1, "Hello") == "Hallo"
    with pytest.warns(LocaleWarning, match="game.catalog: no string 9; using the built-in one"):
        assert catalog.get(9, "Nine") == "Nine"
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert catalog.get(9, "Nine") == "Nine"  # reported once only


def test_null_catalog_is_silent() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert NullCatalog().get(1, "Hello") == "Hello"
        assert NullCatalog().language is None


@pytest.mark.parametrize("language", [None, "english"])
def test_english_or_no_language_means_built_in_strings_without_looking(
    tmp_path: Path, language: str | None
) -> None:
    install(tmp_path / "catalogs", language="english")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        catalog = open_catalog("game", language, catalogs_dir=tmp_path / "catalogs")
    assert isinstance(catalog, NullCatalog)


def test_progdir_catalogs_come_before_the_project_catalogs(tmp_path: Path) -> None:
    beside = install(tmp_path / "prog" / "Catalogs", write_ctlg(Ctlg({1: "Servus"}, "deutsch")))
    install(tmp_path / "catalogs")
    catalog = open_catalog(
        "game", "deutsch", progdir=tmp_path / "prog", catalogs_dir=tmp_path / "catalogs"
    )
    assert catalog.get(1, "Hello") == "Servus"
    assert catalog.name == str(beside)
    assert list(
        catalog_paths("game.catalog", "deutsch", progdir=Path("p"), catalogs_dir=Path("c"))
    ) == [
        Path("p/Catalogs/deutsch/game.catalog"),
        Path("c/deutsch/game.catalog"),
    ]


def test_the_project_catalogs_are_used_when_progdir_has_none(tmp_path: Path) -> None:
    install(tmp_path / "catalogs")
    catalog = open_catalog(
        "game.catalog", "deutsch", progdir=tmp_path / "prog", catalogs_dir=tmp_path / "catalogs"
    )
    assert catalog.get(2, "Quit") == "Beenden"


def test_version_must_match_when_asked_for(tmp_path: Path) -> None:
    install(tmp_path)
    assert open_catalog("game", "deutsch", catalogs_dir=tmp_path, version=3).get(1, "x") == "Hallo"
    with pytest.warns(LocaleWarning, match="is not version 4"):
        catalog = open_catalog("game", "deutsch", catalogs_dir=tmp_path, version=4)
    assert isinstance(catalog, NullCatalog)


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        (lambda d: None, "no deutsch catalog 'game' found"),
        (
            lambda d: install(d, b"FORM\0\0\0\x14CTLGSTRS\0\0\0\x08\0\0\0\1\0\0\0\x64"),
            "STRS: a string runs past the end of the chunk; using built-in strings",
        ),
        (lambda d: install(d, GERMAN[:-9]), "claims .* bytes"),
        (
            lambda d: install(d, write_ctlg(Ctlg({1: "Bonjour"}, "français"))),
            "is a français catalog",
        ),
        (lambda d: (d / "deutsch" / "game.catalog").mkdir(parents=True), "cannot read the catalog"),
    ],
)
def test_missing_broken_or_foreign_catalogs_fall_back_with_a_warning(
    tmp_path: Path, setup, message: str
) -> None:
    setup(tmp_path)
    with pytest.warns(LocaleWarning, match=message):
        catalog = open_catalog("game", "deutsch", catalogs_dir=tmp_path)
    assert isinstance(catalog, NullCatalog)
    assert catalog.get(1, "Hello") == "Hello"


def test_language_names_in_the_catalog_are_compared_as_languages() -> None:
    data = write_ctlg(Ctlg({1: "Hallo"}, "German"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        catalog = load_catalog(data, name="x", language="deutsch")
    assert catalog.get(1, "Hello") == "Hallo"
    assert isinstance(
        load_catalog(write_ctlg(Ctlg({1: "x"})), name="x", language="deutsch"), Catalog
    )


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("de", "deutsch"),
        ("german", "deutsch"),
        ("Deutsch", "deutsch"),
        ("de_DE.UTF-8", "deutsch"),
        ("de_AT@euro", "deutsch"),
        ("en", "english"),
        ("english", "english"),
        ("C", "english"),
        ("POSIX", "english"),
        ("C.UTF-8", "english"),
        ("fr_CA", "français"),
        ("francais", "français"),
        ("FRANC\u0327AIS", "français"),  # decomposed, as macOS spells it
        ("it", "italiano"),
        ("es", "español"),
        ("nl", "nederlands"),
        ("da", "dansk"),
        ("nb_NO", "norsk"),
        ("sv", "svenska"),
        ("fi", "suomi"),
        ("pl", "polski"),
        ("pt_BR", "português"),
        ("cs", "čeština"),
        ("czech", "čeština"),
        ("klingon", None),
        ("", None),
    ],
)
def test_amiga_language_names(name: str, expected: str | None) -> None:
    assert amiga_language(name) == expected


def test_every_amiga_name_maps_to_itself() -> None:
    for amiga in set(LANGUAGES.values()):
        assert LANGUAGES[amiga] == amiga


@pytest.mark.parametrize(
    ("option", "config", "environ", "expected"),
    [
        ("fr", "it", {"LANG": "de_DE.UTF-8"}, "français"),
        (None, "it", {"LANG": "de_DE.UTF-8"}, "italiano"),
        ("", "  ", {"LANG": "de_DE.UTF-8"}, "deutsch"),
        (None, None, {"LANG": "de_DE.UTF-8", "LC_MESSAGES": "sv_SE"}, "svenska"),
        (None, None, {"LANG": "de_DE", "LC_MESSAGES": "sv_SE", "LC_ALL": "pl_PL"}, "polski"),
        (None, None, {"LANG": "de_DE", "LC_ALL": ""}, "deutsch"),
        (None, None, {"LANG": "ja_JP.UTF-8"}, None),
        (None, None, {"LANG": "C.UTF-8"}, None),
        (None, None, {}, None),
        ("english", None, {"LANG": "de_DE"}, None),
        ("en", None, {"LANG": "de_DE"}, None),
        ("Klingon", None, {}, "klingon"),
    ],
)
def test_choose_language_precedence(
    option: str | None, config: str | None, environ: dict[str, str], expected: str | None
) -> None:
    assert choose_language(option, config, environ) == expected


def test_choose_language_reads_the_real_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for variable in ("LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("LANG", "da_DK.UTF-8")
    assert choose_language() == "dansk"


@pytest.mark.parametrize(
    "spelling", ["Catalogs/deutsch/Game.catalog", "catalogs/DEUTSCH/GAME.CATALOG"]
)
def test_names_match_whatever_their_case_as_on_amigados(tmp_path: Path, spelling: str) -> None:
    path = tmp_path / "prog" / spelling
    path.parent.mkdir(parents=True)
    path.write_bytes(GERMAN)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        catalog = open_catalog("game", "deutsch", progdir=tmp_path / "prog")
    assert catalog.get(1, "Hello") == "Hallo" and catalog.name == str(path)


@pytest.mark.parametrize("language", ["deu\0tsch", "../deutsch", "a/b", ".."])
def test_a_language_that_is_no_folder_name_is_a_warning(tmp_path: Path, language: str) -> None:
    with pytest.warns(LocaleWarning, match="is not a language name; using built-in strings"):
        catalog = open_catalog("game", language, catalogs_dir=tmp_path)
    assert isinstance(catalog, NullCatalog)


@pytest.mark.parametrize("kind", ["huge", "fifo"])
def test_a_catalog_that_is_no_plain_small_file_is_a_warning(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "deutsch" / "game.catalog"
    path.parent.mkdir()
    if kind == "huge":
        with path.open("wb") as f:
            f.truncate(1 << 30)
    else:
        os.mkfifo(path)
    with pytest.warns(LocaleWarning, match="cannot read the catalog"):
        catalog = open_catalog("game", "deutsch", catalogs_dir=tmp_path)
    assert isinstance(catalog, NullCatalog)
