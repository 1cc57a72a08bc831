"""The player's copy of the original: read as data, pixel for pixel, every part refused alone.

The copies here are our own art written in the original's C layout
(:mod:`original_copy`), as files, as a folder and as LhA archives: the
tests hold none of the original's files or data.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import original_copy as W
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lha_writer import archive

from saga.art import NONE, load_map
from saga.art.kit import OwnArt
from saga.engine import tables as T
from saga.look import pens as P
from saga.original import TOLD, load
from saga.original import cdata as C
from saga.original.pictures import NO_AREA, area_of, screen_pen

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def made() -> dict[str, bytes]:
    return W.files()


@pytest.fixture(scope="module")
def copy_folder(tmp_path_factory: pytest.TempPathFactory, made: dict[str, bytes]) -> Path:
    return W.write(tmp_path_factory.mktemp("copy") / "Saga" / "source", made)


def _archive(tmp: Path, made: dict[str, bytes], **how: object) -> Path:
    path = tmp / "Saga.lha"
    members = {f"Saga/source/{name}": data for name, data in made.items()}
    path.write_bytes(archive(members, **how))  # type: ignore[arg-type]
    return path


# -- 1.95's way of drawing the map -------------------------------------------------


def test_the_map_pens_are_converted_as_195_draws_them() -> None:
    assert [screen_pen(p) for p in (0, 5, 7, 10, 11, 12, 32, 67)] == [0, 5, 0, 11, 10, 12, 32, 67]
    assert [screen_pen(p) for p in (68, 97, 98, 99, 100, 101, 102, 103)] == [12] * 2 + [0, 12] * 3
    assert [screen_pen(p) for p in (104, 110, 127)] == [104, 110, 127]


def test_the_area_under_a_pixel_is_its_pens_and_coasts_are_their_islands() -> None:
    assert [area_of(p) for p in (32, 67, 68, 97)] == [0, 35, 36, 65]
    assert [area_of(p) for p in (98, 99, 100, 101, 102, 103)] == [11, 11, 30, 30, 31, 31]
    assert [area_of(p) for p in (0, 7, 12, 31, 104)] == [NO_AREA] * 5


# -- a whole copy, read back pixel for pixel ----------------------------------------


def _check_whole(loaded) -> None:  # type: ignore[no-untyped-def]
    original = loaded.original
    assert original.used == ["map", "counters", "colours"], original.problems
    assert not original.problems
    written = W.map_pens()
    window = (slice(12, 12 + 467), slice(9, 9 + 623))
    shown = original.map.pens[window]
    seas = (written >= 68) & (written <= 97)
    expected = written.copy()
    expected[seas] = 12
    for pen, becomes in {
        7: 0,
        10: 11,
        11: 10,
        98: 0,
        99: 12,
        100: 0,
        101: 12,
        102: 0,
        103: 12,
    }.items():
        expected[written == pen] = becomes
    assert (shown == expected).all()
    assert (original.map.pens[:12] == 0).all() and (original.map.pens[:, :9] == 0).all()
    areas = original.map.areas[window]
    _, regions, _ = load_map()
    ours = regions[window]
    inside = ours != NONE
    strip = np.zeros_like(inside)
    strip[0:3, 100:160] = True
    assert (areas[inside & ~strip] == ours[inside & ~strip]).all()
    assert (areas[~inside & ~strip] == NO_AREA).all()
    # The counters: black where the bit is set, the kind's pen elsewhere.
    art = loaded.art
    bits = W.counter_bits()
    for (kind, number, face_down), index, tile in [
        ((T.HERO, 2, False), 2, 20),
        ((T.JARL, 5, False), 11, 22),
        ((T.JARL, 5, True), 24, 22),
        ((T.MONSTER, 31, False), 56, 24),
        ((T.SWORD, 3, False), 60, 26),
        ((T.TREASURE, 7, False), 70, 27),
        ((T.TREASURE, 1, True), 71, 27),
    ]:
        image = art.counter(kind, number, face_down=face_down)
        assert image.mask is None  # 1.95 draws the whole square
        assert (image.pixels == np.where(bits[index], 0, tile)).all(), (kind, number)
    selected = art.counter(T.MONSTER, 0, selected=True, pen=P.hero_pen(1))
    assert set(np.unique(selected.pixels)) <= {0, 25}
    assert set(np.unique(art.counter(T.SWORD, 0, selected=True).pixels)) <= {0, 26}
    # The colours.
    colours = art.fixed_colours()
    for pen, rgb in W.palette().items():
        if pen <= 12 or 20 <= pen <= 27:
            assert colours[pen] == rgb, pen
    assert art.land(0, -1, False) == tuple(17 * c for c in W.TAX_COLOURS[T.AREA_TABLE[0].tax])
    assert art.land(0, 3, False) == tuple(17 * c for c in W.KINGDOM_COLOURS[3])
    assert art.land(0, 3, True) == tuple(17 * c for c in W.ICE_COLOUR)
    assert art.frame(None) == W.frames()[-1] and art.frame(4) == W.frames()[4]


def test_a_folder_copy_comes_back_pixel_for_pixel(copy_folder: Path) -> None:
    _check_whole(load(copy_folder.parent.parent))  # found below the folder named


def test_one_of_its_files_names_the_copy_too(copy_folder: Path) -> None:
    _check_whole(load(copy_folder / "counters.h"))


@pytest.mark.parametrize(("method", "level"), [("lh5", 1), ("lh0", 0), ("lh5", 2)])
def test_an_archive_comes_back_pixel_for_pixel(
    tmp_path: Path, made: dict[str, bytes], method: str, level: int
) -> None:
    _check_whole(load(_archive(tmp_path, made, method=method, level=level)))


def test_the_board_of_the_original_map_keeps_roles_and_parts_the_rest(copy_folder: Path) -> None:
    art = load(copy_folder).art
    picture = art.board()
    shown = art.original.map.pens
    lands = (shown >= 32) & (shown < 68)
    assert (picture.pixels[lands] == shown[lands]).all()
    assert (picture.pixels[shown <= 12] == shown[shown <= 12]).all()
    assert set(np.unique(picture.pixels[shown == 110])) == {P.BORDER[0]}
    other = np.unique(picture.pixels[shown == 120])
    assert len(other) == 1 and other[0] not in range(13, 68) and other[0] not in P.BORDER
    assert (picture.regions == art.original.map.areas).all()
    for area in range(T.LAND_AREAS):
        assert picture.colours[P.FIRST_LAND + area] == art.land(area, -1, False)


# -- partial and broken copies ------------------------------------------------------


def _damaged(tmp: Path, made: dict[str, bytes], **changes: bytes | None) -> Path:
    files = {n: d for n, d in {**made, **changes}.items() if d is not None}
    return W.write(tmp / "copy", files)  # type: ignore[arg-type]


def test_a_map_cut_off_in_plane_3_says_where_and_the_rest_is_used(
    tmp_path: Path, made: dict[str, bytes]
) -> None:
    text = made["themap.c"].decode()
    cut = text[: len(text) // 2 + 1003]  # into the fourth plane, as the public copy is
    plane_3 = text[: text.index("/* Plane 3 */")].count("\n") + 1
    last = cut[: cut.rindex(",")].count("\n") + 1  # the line of the last whole word
    loaded = load(_damaged(tmp_path, made, **{"themap.c": cut.encode()}))
    assert loaded.original.used == ["counters", "colours"]
    assert loaded.original.problems == [
        f"themap.c ends in plane 3 of 7 (line {plane_3}; cut off at line {last})"
    ]
    assert loaded.summary() == "using Saga's own map; counters and colours from your copy"
    picture = loaded.art.board()
    assert (picture.pixels == load_map()[0]).all()  # our map, in the copy's colours


@pytest.mark.parametrize(
    ("file", "change", "said"),
    [
        ("themap.c", lambda t: t.replace("0x0000,", "evil(),", 1), "'evil' is not data"),
        ("themap.c", lambda t: t.replace("0x0000,", "0x123456789,", 1), "is too large"),
        ("themap.c", lambda t: t[: t.index("/* Plane 6")] + "/* Plane 6\n0x0000,", "never ends"),
        ("themap.c", lambda t: t.replace("/* Plane 1 */", "/* Plane 1", 1), "holds 109278 words"),
        ("themap.c", lambda t: t.replace("0x0000,", "{{{{{{{{{{0x0000,", 1), "nested too deep"),
        ("themap.c", lambda t: t.replace("OriginalMapData", "SomeOtherData"), "no OriginalMapData"),
        ("themap.c", lambda t: t.replace("0x0000,", "0x0000,0x0000,", 1), "more than 127491"),
        ("counters.h", lambda t: t.replace("0\n", "0\n 0x0001,", 1), "picture 0 at line 2 is not"),
        ("counters.h", lambda t: t[: len(t) // 2], "whole counter pictures of 72"),
        ("counters.h", lambda t: t.replace("0x", "0X", 1).replace("0X", "1x", 1), "is not data"),
    ],
)
def test_each_kind_of_damage_is_refused_with_where(  # type: ignore[no-untyped-def]
    tmp_path: Path, made: dict[str, bytes], file: str, change, said: str
) -> None:
    broken = change(made[file].decode()).encode()
    loaded = load(_damaged(tmp_path, made, **{file: broken}))
    assert any(said in problem for problem in loaded.original.problems), loaded.original.problems
    part = "map" if file == "themap.c" else "counters"
    assert part not in loaded.original.used
    assert len(loaded.original.used) == 2  # the other parts still come from the copy


def test_a_missing_frame_costs_the_frame_only(tmp_path: Path, made: dict[str, bytes]) -> None:
    text = made["system.c"].decode().replace("case STARKAD", "case NOBODY")
    loaded = load(_damaged(tmp_path, made, **{"system.c": text.encode()}))
    assert any("border() lacks the frame of STARKAD" in p for p in loaded.original.problems)
    art = loaded.art
    assert art.frame(5) == OwnArt().frame(5)  # ours
    assert art.fixed_colours()[1] == W.palette()[1]  # the rest is the copy's


def test_odd_files_get_a_message(tmp_path: Path, made: dict[str, bytes]) -> None:
    utf16 = made["counters.h"].decode().encode("utf-16")
    bom = b"\xef\xbb\xbf" + made["saga.h"]
    loaded = load(_damaged(tmp_path, made, **{"counters.h": utf16, "saga.h": bom}))
    assert any("not C source text" in p for p in loaded.original.problems)
    assert loaded.original.used == ["map", "colours"]


def test_an_endless_line_and_a_huge_file_are_refused_unread(
    tmp_path: Path, made: dict[str, bytes]
) -> None:
    folder = _damaged(tmp_path, made, **{"system.c": b"/*" + b"x" * (2 << 20)})
    huge = folder / "themap.c"
    with open(huge, "wb") as f:
        f.truncate(2 << 30)  # 2 GB, sparse: never read
    loaded = load(folder)
    problems = " ".join(loaded.original.problems)
    assert "themap.c: is too large" in problems and "system.c: is too large" in problems
    assert loaded.original.used == ["counters"]


def test_an_archive_bomb_and_a_damaged_archive_are_refused(
    tmp_path: Path, made: dict[str, bytes]
) -> None:
    bomb = {"Saga/source/themap.c": b"0x0000," * 1_000_000}  # 7 MB, in a few kilobytes
    path = tmp_path / "Saga.lha"
    path.write_bytes(archive(bomb, method="lh5"))
    loaded = load(path)
    assert any("more than" in p for p in loaded.original.problems)
    good = _archive(tmp_path, made, method="lh5", level=1)
    data = bytearray(good.read_bytes())
    data[len(data) // 3] ^= 0x55
    good.write_bytes(bytes(data))
    damaged = load(good)
    assert len(damaged.original.used) < 3


@pytest.mark.parametrize("path", ["/nonexistent/Saga.lha", "/dev/null", "/", "README.md"])
def test_nothing_usable_leaves_our_art_with_a_message(path: str) -> None:
    loaded = load(REPO / path if path == "README.md" else Path(path))
    assert not loaded.usable and loaded.original.problems
    assert loaded.summary().startswith("nothing in it could be used")
    assert loaded.notices()[0].words[0] == "MSG_ORIGINAL_NOTHING"
    art = loaded.art
    assert (art.board().pixels == OwnArt().board().pixels).all()
    assert art.fixed_colours() == OwnArt().fixed_colours()


def _copies_with_every_kind_of_trouble(tmp: Path, made: dict[str, bytes]) -> list[Path]:
    text = made["themap.c"].decode()
    system = made["system.c"].decode().replace("case STARKAD", "case NOBODY")
    system = system.replace("taxcolours[10 + 1]", "taxcolours[]").replace("{ 0, 4, 2 },", "")
    header = made["saga.h"].decode().replace("127491", "127490")
    archive_path = _archive(tmp, {"Saga/readme": b"no source here"})  # type: ignore[arg-type]
    return [
        _damaged(tmp / "cut", made, **{"themap.c": text[: len(text) // 2].encode()}),
        _damaged(tmp / "few", made, **{"counters.h": made["counters.h"][:9000], "themap.c": None}),
        _damaged(tmp / "colours", made, **{"system.c": system.encode()}),
        _damaged(tmp / "size", made, **{"saga.h": header.encode()}),
        _damaged(
            tmp / "utf16", made, **{"counters.h": made["counters.h"].decode().encode("utf-16")}
        ),
        _damaged(
            tmp / "junk", made, **{"themap.c": text.replace("0x0000,", "evil(),", 1).encode()}
        ),
        archive_path,
        tmp / "nowhere",
        REPO / "README.md",
        tmp / "empty",
        _damaged(tmp / "bare", made, **{"system.c": b"/* no colours */\n"}),
    ]


def test_what_failed_is_told_in_the_players_language(
    tmp_path: Path, made: dict[str, bytes]
) -> None:
    """Each problem of a copy is a catalog message in the window, its names and numbers
    filled in; only the C reader's own words (in brackets) may stay English."""
    from languages import LANGUAGES
    from test_catalogs import PLACEHOLDER

    (tmp_path / "empty").mkdir()
    seen: set[object] = set()
    for path in _copies_with_every_kind_of_trouble(tmp_path, made):
        notices = load(path).notices()
        assert notices, path
        for notice in notices:
            said = {language: notice.reason(t) for language, t in LANGUAGES.items()}
            seen |= {w[0] if isinstance(w, tuple) else w for w in notice.words}
            for language, text in said.items():
                assert "MSG_" not in text and not PLACEHOLDER.search(text), (language, text)
                if language != "english":
                    assert text != said["english"], (language, text)
                for word in notice.words:  # every name and number given is shown
                    for value in word[1:] if isinstance(word, tuple) else ():
                        assert value in text, (language, value, text)
    bare = load(tmp_path / "bare" / "copy")  # seven problems: four are shown, and a count
    assert len(bare.original.problems) == 7
    assert [n.words[0] for n in bare.notices()][-1] == ("MSG_ORIGINAL_MORE", "3")
    assert len(bare.notices()) == 1 + TOLD + 1
    told = {w for w in seen if isinstance(w, str) and w.startswith("MSG_ORIGINAL_")}
    assert {"MSG_ORIGINAL_MAP_CUT", "MSG_ORIGINAL_NOT_DATA", "MSG_ORIGINAL_NO_FRAMES"} <= told
    assert {"MSG_ORIGINAL_NOT_TEXT", "MSG_ORIGINAL_NOT_A_COPY", "MSG_FILE_MISSING"} <= told | seen


# -- the command line ---------------------------------------------------------------


def _saga(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "XDG_CONFIG_HOME": str(cwd)}
    return subprocess.run(
        [sys.executable, "-m", "saga", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        env=env,
        timeout=120,
    )


def test_check_says_what_it_found_and_what_it_used(tmp_path: Path, made: dict[str, bytes]) -> None:
    text = made["themap.c"].decode()
    folder = _damaged(tmp_path, made, **{"themap.c": text[: len(text) // 2].encode()})
    done = _saga("--original", str(folder), "--check", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "found and used:" in out and "72 counter pictures of 24x24" in out
    assert "table1, pens 0..12" in out and "ends in plane 3 of 7 (line" in out
    assert out.splitlines()[-1] == "using Saga's own map; counters and colours from your copy"
    nothing = _saga("--original", str(tmp_path / "nowhere"), "--check", cwd=tmp_path)
    assert nothing.returncode == 1 and "nothing in it could be used" in nothing.stdout


def test_the_settings_name_the_copy_and_keep_nothing_else(
    tmp_path: Path, copy_folder: Path
) -> None:
    (tmp_path / "Saga.config").write_text(f"ORIGINAL={copy_folder}\n")
    done = _saga("--check", cwd=tmp_path)
    assert (
        done.returncode == 0
        and "the map, counters and colours are all from your copy" in done.stdout
    )
    assert (tmp_path / "Saga.config").read_text() == f"ORIGINAL={copy_folder}\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["Saga.config"]


# -- the game is the same game ------------------------------------------------------


def test_a_game_played_through_the_original_art_saves_the_same_bytes(copy_folder: Path) -> None:
    """The oracle's human answers, clicked on the original's map and counters: every
    start-of-turn save matches the original engine's, as it does with our art."""
    from conftest import oracle_traces
    from test_screen_replay import HUMAN_TRACES, play_through_screens

    assert oracle_traces()
    art = load(copy_folder).art
    for _, trace in HUMAN_TRACES[:2]:
        host = play_through_screens(trace, art)
        assert (host.board.map_pixels == art.board().pixels).all()  # the original's map shown


# -- the menu -----------------------------------------------------------------------


class _Kept:
    def __init__(self) -> None:
        self.changes: list[dict[str, object]] = []

    def remember(self, **changes: object) -> None:
        self.changes.append(changes)


def test_the_menu_takes_a_copy_through_the_requester_and_gives_it_back(
    copy_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from amiga.display import Screen
    from amiga.input import ScriptedEventSource
    from saga.engine.rng import Lcg64
    from saga.files.config import Config
    from saga.look.text import english
    from saga.original.art import OriginalArt
    from saga.screen.ui import Ui
    from saga.window import app as window_app

    ui = Ui(ScriptedEventSource(), None, Screen(640, 512, depth=7, halfbrite=True))
    kept = _Kept()
    app = window_app.App(ui, Config(), english(), Lcg64(1), store=kept)
    board = app.board  # made with our art
    assert not ui.menu_item("own_art").enabled
    asked: list[tuple[str, bool]] = []

    def requester(ui, t, title, folder, name="", *, pattern="#?.saga", drawers=False):  # type: ignore[no-untyped-def]
        asked.append((pattern, drawers))
        return copy_folder

    monkeypatch.setattr(window_app, "choose_file", requester)
    app.menu("original")
    assert asked == [("#?", True)]
    assert isinstance(ui.art, OriginalArt)
    assert (board.map_pixels == ui.art.board().pixels).all()
    assert ui.screen.palette[1] == W.palette()[1]
    assert ui.screen.palette[P.BORDER[0]] == W.frames()[-1][0]
    assert kept.changes == [{"original": str(copy_folder.resolve())}]
    assert ui.menu_item("own_art").enabled
    app.menu("own_art")
    assert isinstance(ui.art, OwnArt) and not ui.menu_item("own_art").enabled
    assert (board.map_pixels == load_map()[0]).all()
    assert kept.changes[-1] == {"original": ""}


def test_the_requester_opens_at_the_copy_in_use_and_a_partial_copy_is_told_in_its_colours(
    tmp_path: Path, made: dict[str, bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    from amiga.input import ScriptedEventSource
    from saga.engine.rng import Lcg64
    from saga.files.config import Config
    from saga.look.text import english
    from saga.screen.ui import Ui
    from saga.window import app as window_app

    text = made["themap.c"].decode()
    partial = _damaged(tmp_path, made, **{"themap.c": text[: len(text) // 2].encode()})
    ui = Ui(ScriptedEventSource())
    app = window_app.App(ui, Config(original=str(partial)), english(), Lcg64(1), store=_Kept())
    asked: list[tuple[Path, str]] = []
    told: list[tuple[object, P.RGB]] = []

    def requester(ui, t, title, folder, name="", *, pattern="#?.saga", drawers=False):  # type: ignore[no-untyped-def]
        asked.append((folder, name))
        return partial

    def tell(ui, t, notices):  # type: ignore[no-untyped-def]
        told.append((notices[0].words[0], ui.screen.palette[22]))

    monkeypatch.setattr(window_app, "choose_file", requester)
    monkeypatch.setattr(window_app.fm, "tell", tell)
    assert OwnArt().fixed_colours()[22] != W.palette()[22]  # a jarl's tile tells them apart
    app.menu("original")
    assert asked == [(partial.parent, partial.name)]  # at the copy, named
    assert told == [("MSG_ORIGINAL_PARTIAL", W.palette()[22])]  # the copy's colours already


def test_the_command_line_copy_is_the_one_the_window_uses(
    tmp_path: Path, copy_folder: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--original, else ORIGINAL= (a relative name from the settings file's folder), is
    the run's copy: the window's requester opens there; the file keeps its own words."""
    import saga.window.app as window_app
    from saga import cli

    seen: list[str] = []

    def window(config, setup, text, path=None, source=None, **_):  # type: ignore[no-untyped-def]
        seen.append(config.original)
        return 0

    monkeypatch.setattr(window_app, "run_window", window)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    settings = tmp_path / "elsewhere" / "Saga.config"
    settings.parent.mkdir()
    relative = os.path.relpath(copy_folder, settings.parent)
    settings.write_text(f"ORIGINAL={relative}\n")
    assert cli.main(["--config", str(settings), "--original", str(copy_folder)]) == 0
    assert cli.main(["--config", str(settings)]) == 0
    assert seen == [str(copy_folder), str(settings.parent / relative)]
    assert Path(seen[1]).resolve() == copy_folder.resolve()
    assert settings.read_text() == f"ORIGINAL={relative}\n"


def test_one_endless_line_is_read_like_many(tmp_path: Path, made: dict[str, bytes]) -> None:
    one_line = made["themap.c"].replace(b"\n", b" ")
    loaded = load(_damaged(tmp_path, made, **{"themap.c": one_line}))
    assert loaded.original.used == ["map", "counters", "colours"], loaded.original.problems


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=40), st.integers(0, 400))
def test_any_bytes_in_an_initialiser_give_values_or_a_reason(junk: bytes, at: int) -> None:
    text = b"UWORD A[8] = {\n 0x0001, 2, (3 << 1) + 1, /* four */ 4,\n 5, 6, 7, 8 };\n"
    at = min(at, len(text))
    try:
        src = C.source(text[:at] + junk + text[at:], "a.c")
    except C.CDataError:
        assert b"\0" in junk
        return
    init = C.find_initializer(src, "A", {}, max_values=8, max_value=0xFFFF)
    if init is not None:
        assert len(init.values) <= 8 and all(0 <= v <= 0xFFFF for v in init.values)
        assert init.whole or init.problem
