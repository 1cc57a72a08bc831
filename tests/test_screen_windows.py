"""The Help windows, drawn headless in English, German and Italian: what each says,
that it stays inside its frame, how it closes; the hover line; the view."""

from __future__ import annotations

import re
from collections.abc import Callable

import numpy as np
import pytest
from engine_helpers import RecordingHost, blank_game, put_hero, put_monster
from languages import ENGLISH, GERMAN, LANGUAGES
from window_demo import EGIL, HOME, demo_game, face_down_jarl

from amiga.input import MouseCode, Qualifier, RawKey, ScriptedEventSource
from saga.art.mapdata import FRAME
from saga.engine import tables as T
from saga.engine.attacks import attackers
from saga.engine.combat import battle
from saga.engine.host import Ask
from saga.engine.placement import start_game
from saga.engine.session import Session, Setup
from saga.engine.state import Counter
from saga.files import savefile, savelayout
from saga.files.config import Config
from saga.look import pens as P
from saga.look.view import GameView
from saga.play.hosts import QuietHost
from saga.screen.about import about_lines, open_about
from saga.screen.board import Board
from saga.screen.info import info_window, open_info
from saga.screen.manual import ManualWindow, manual_window
from saga.screen.pages import open_page
from saga.screen.panel import Panel
from saga.screen.summary import hero_row, open_summary, piles
from saga.screen.ui import HEIGHT, WIDTH, QuitProgram, Ui
from saga.window.game import WindowGame
from saga.window.host import ScreenHost

RAGNAR = T.HERO_NAMES.index("Ragnar")
GRENDALL = next(n for n, m in enumerate(T.MONSTER_TABLE) if m.name == "Grendall")


def _texts(panel: Panel) -> list[str]:
    return [text for _, _, text in panel.lines]


def _open(kind: str, ui: Ui, v: GameView, t: Callable[[str], str]) -> Panel:
    g_jarl = v.treasures[T.MAGIC_SHIRT].possessor
    openers: dict[str, Callable[[], Panel]] = {
        "hero": lambda: open_info(ui, v, t, ("counter", T.HERO, EGIL)),
        "jarl": lambda: open_info(ui, v, t, ("counter", T.JARL, g_jarl)),
        "monster": lambda: open_info(ui, v, t, ("counter", T.MONSTER, 0)),
        "land": lambda: open_info(ui, v, t, ("area", HOME)),
        "sea": lambda: open_info(ui, v, t, ("area", 40)),
        "treasure": lambda: open_info(ui, v, t, ("counter", T.TREASURE, T.FREY_FAXI)),
        "sword": lambda: open_info(ui, v, t, ("counter", T.SWORD, T.LOVI)),
        "summary": lambda: open_summary(ui, v, t),
        "runes": lambda: open_page(ui, t, "runes"),
        "spells": lambda: open_page(ui, t, "spells"),
        "swords": lambda: open_page(ui, t, "swords"),
        "treasures": lambda: open_page(ui, t, "treasures", advanced=True),
        "about": lambda: open_about(ui, t),
        "manual": lambda: ManualWindow(ui, t, t.language).panel,  # type: ignore[attr-defined]
    }
    return openers[kind]()


KINDS = (
    "hero",
    "jarl",
    "monster",
    "land",
    "sea",
    "treasure",
    "sword",
    "summary",
    "runes",
    "spells",
    "swords",
    "treasures",
    "about",
    "manual",
)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_every_window_draws_its_lines_inside_its_frame(kind: str, language: str, ui: Ui) -> None:
    t = LANGUAGES[language]
    g = demo_game(text=t)
    board = Board(ui)
    board.draw(GameView(g))
    before = ui.screen.pixels.copy()
    panel = _open(kind, ui, GameView(g), t)
    after = ui.screen.pixels
    frame = panel.window.box
    outside = np.ones(after.shape, bool)
    outside[frame.top : frame.bottom, frame.left : frame.right] = False
    # Outside the window only the dimming changed.
    assert np.array_equal(after[outside], before[outside] | 128)
    assert panel.lines
    for x, baseline, text in panel.lines:
        # Every line fits the inner area, and its glyphs are really there.
        assert x >= 0 and x + 8 * len(text) <= panel.width, (kind, text)
        assert 8 <= baseline <= panel.height, (kind, text)
        top, left = panel.y0 + baseline - 7, panel.x0 + x
        glyphs = after[top : top + 8, left : left + 8 * len(text)]
        if text.strip():
            assert (glyphs != after[panel.y0 + 1, panel.x0 + panel.width - 3]).any(), text
    panel.close()
    assert np.array_equal(ui.screen.pixels, before)


def test_hero_window_has_the_originals_fields(ui: Ui) -> None:
    t = ENGLISH
    g = demo_game()
    text = _texts(open_info(ui, GameView(g), t, ("counter", T.HERO, EGIL)))
    # Gram +2, Ogal +1, Hagall -1; defending the Mail Coat adds 2.
    assert text[4:6] == ["Fighting strength:", "5 (7/9)"]
    for label, value in (
        ("Jara (lose a turn)?", "No"),
        ("Hagall (hail)?", "Yes"),
        ("Sea travel?", "Njord's aid"),
        ("Routed?", "No"),
        ("God:", "Thor"),
        ("State:", "Wounded"),
        ("Sword:", "Gram (+2)"),
        ("Rune:", "Ogal"),
    ):
        assert text[text.index(label) + 1] == value
    assert " Frey Faxi (2 rides left)" in text and " Mail Coat" in text
    assert any(line.startswith(" Upland (") for line in text)
    jarl = g.treasures[T.MAGIC_SHIRT].possessor
    j = g.jarls[jarl]
    assert f" {j.name} ({j.strength}-{j.moves})" in text


def test_jarl_window_labels_the_owner_hero_and_hides_a_face_down_jarl(ui: Ui) -> None:
    g = demo_game()
    v = GameView(g)
    jarl = g.treasures[T.MAGIC_SHIRT].possessor
    text = _texts(open_info(ui, v, ENGLISH, ("counter", T.JARL, jarl)))
    assert text[text.index(ENGLISH("MSG_HERO") + ":") + 1] == "Egil"
    assert text[text.index("Routed?") + 1] == "Yes"
    j = g.jarls[jarl]
    # Moves as printed, then usual moves with the Magic Shirt; it defends one stronger.
    assert text[text.index("Movement:") + 1] == f"{j.moves} ({j.moves + 1})"
    strength = text[text.index("Fighting strength:") + 1]
    assert strength == f"{j.strength} ({j.strength}/{j.strength + 1})"
    hidden = face_down_jarl(g)
    text = _texts(open_info(ui, v, ENGLISH, ("counter", T.JARL, hidden)))
    assert text.count(ENGLISH("MSG_UNKNOWN")) == 3  # name, strength, movement
    assert g.jarls[hidden].name not in text
    assert any(line.startswith(g.area_name(g.jarls[hidden].where)) for line in text)


def test_area_window_lists_all_there_and_builds_the_ice_label(ui: Ui) -> None:
    g = demo_game()
    text = _texts(open_info(ui, GameView(g), GERMAN, ("area", HOME)))
    assert f"Is ({GERMAN('MSG_ICE')})?" in text
    assert f" {GERMAN('MSG_HERO')} Egil (5-4)" in text
    assert f" {GERMAN('MSG_SWORD')} Lovi (+1)" in text


def test_summary_counts_as_the_original() -> None:
    g = demo_game()
    v = GameView(g)
    row = hero_row(v, ENGLISH, EGIL)
    # Gram's initial; Frey Faxi, the Mail Coat and the jarl's Magic Shirt.
    jarls = sum(1 for j in g.jarls if j.alive and j.hero == EGIL)
    kingdoms = g.king[: T.LAND_AREAS].count(EGIL)
    assert row.split()[1:7] == ["5-4", str(jarls), str(kingdoms), "G", "3", "A"]
    g.jarls[g.treasures[T.MAGIC_SHIRT].possessor].wealth = 30
    assert hero_row(v, ENGLISH, EGIL).endswith(f"{g.heroes[EGIL].wealth + 30:>5}")
    monsters, _, treasures = piles(v)
    assert monsters == [m.index for m in g.monsters if not m.taken]
    assert len(treasures) == sum(1 for i in g.treasures if not i.taken)


def test_the_summary_notes_this_turns_score_as_the_original_does(
    source: ScriptedEventSource, ui: Ui
) -> None:
    # Its graph shows the turn in progress, and a game saved afterwards
    # keeps the noted scores, as the original's would.
    g = demo_game()
    beowulf = T.HERO_NAMES.index("Beowulf")
    g.heroes[beowulf].control = T.NONE
    turn = g.state.turn
    v = GameView(g)
    assert g.heroes[EGIL].score[turn] == 0 != v.score(EGIL)
    before = savefile.encode(g.state)
    source.press(MouseCode.MENUDOWN)  # it closes
    game = WindowGame(ui, Board(ui), Config(), Setup.continuing(5, g.state), ENGLISH, print)
    game.summary()  # as the menu or Help opens it; the game's state is g's
    assert v.score_history(EGIL)[turn] == g.heroes[EGIL].score[turn] == v.score(EGIL)
    assert g.heroes[beowulf].score[turn] == 0  # nobody plays him: the original skips him
    assert savelayout.differences(before, savefile.encode(g.state)) == [
        f"scores.{name}.{turn} 0 ≠ {g.heroes[hero].score[turn]}"
        for hero, name in enumerate(T.HERO_NAMES)
        if hero != beowulf and g.heroes[hero].score[turn]
    ]


def test_treasure_page_shows_advanced_treasures_only_in_advanced_games(ui: Ui) -> None:
    basic = _texts(open_page(ui, ENGLISH, "treasures"))
    advanced = _texts(open_page(ui, ENGLISH, "treasures", advanced=True))
    assert ENGLISH("MSG_MAGIC_CROWN") in advanced and ENGLISH("MSG_MAGIC_CROWN") not in basic
    runes = _texts(open_page(ui, ENGLISH, "runes"))
    assert f"Amsir, {ENGLISH('MSG_RUNE_OF_THE_GODS')}" in runes
    spells = _texts(open_page(ui, ENGLISH, "spells"))
    assert f"Nied ({ENGLISH('MSG_NIED_EFFECT')})" in spells


def _opened_info_windows(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """What each Help window the game host opens from now on is about, in order."""
    opened: list[object] = []

    def spy(*args: object) -> Panel:
        opened.append(args[-1])
        return info_window(*args)  # type: ignore[arg-type]

    monkeypatch.setattr("saga.window.host.info_window", spy)
    return opened


@pytest.mark.parametrize("close", ["key", "select", "middle", "menu"])
def test_help_opens_info_that_closes_on_any_key_or_button_and_answers_nothing(
    close: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = ScriptedEventSource()
    host, _ = _game_host(source)
    source.move(*_land_spot(host.board, HOME))
    source.raw(RawKey.HELP)  # opens the window as it goes down; its release closes nothing
    source.raw(RawKey.LSHIFT)  # nor does a qualifier alone
    if close == "key":
        source.key("n")  # the whole stroke is the window's, not the question's
    else:
        button = {
            "select": MouseCode.SELECTDOWN,
            "middle": MouseCode.MIDDLEDOWN,
            "menu": MouseCode.MENUDOWN,
        }[close]
        source.press(button).release(button)
    source.pause(0.1).key("y")  # later: the window's closing throws away what came with it
    opened = _opened_info_windows(monkeypatch)
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Y")
    assert opened == [("area", HOME)]
    assert len(source) == 1  # only the release of "y" is left


def test_every_pixel_inside_the_map_frame_is_an_area_to_the_pointer(ui: Ui) -> None:
    board = Board(ui)
    left, top, right, bottom = FRAME
    for y in range(HEIGHT):
        for x in range(WIDTH):
            inside = left < x < right and top < y < bottom
            assert (board.area_at(x, y) >= 0) == inside, (x, y)
            assert (board.thing_at(x, y) is not None) == inside, (x, y)


def test_a_border_answers_hover_help_and_clicks_with_the_area_beside_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    source = ScriptedEventSource()
    host, ui = _game_host(source)
    board = host.board
    ys, xs = np.nonzero(board.map_pixels == P.LAND_BORDER)
    x, y = int(xs[len(xs) // 2]), int(ys[len(ys) // 2])
    area = board.area_at(x, y)
    beside = {board.area_at(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)}
    assert len(beside) > 1 and area < T.LAND_AREAS  # a line between two lands
    host.redraw()
    ui._mouse = (x, y)
    host._hover_tick()
    assert host.bar.upper[0].startswith(GameView(host.g).area_name(area))
    source.move(x, y).raw(RawKey.HELP).key("n")
    source.pause(0.1).key("y")
    source.pause(0.1).click(x, y)
    opened = _opened_info_windows(monkeypatch)
    assert host.ask(Ask.YNKEYBOARD, 6).result == ord("Y")
    assert opened == [("area", area)]
    answer = host.ask(Ask.COUNTRY, 6)
    assert (answer.result, answer.countertype) == (area, T.KINGDOM)


def _land_spot(board: Board, area: int) -> tuple[int, int]:
    ys, xs = np.nonzero(board.regions == area)
    return int(xs[len(xs) // 2]), int(ys[len(ys) // 2])


def _game_host(source: ScriptedEventSource) -> tuple[ScreenHost, Ui]:
    ui = Ui(source)
    board = Board(ui)
    g = demo_game()
    host = ScreenHost(
        ui, board, ENGLISH, Config(delay=0), g, None, lambda key: None, summary=lambda: None
    )
    for h in g.heroes:  # nothing on the board where the pointer goes
        h.alive = False
    for j in g.jarls:
        j.alive = False
    for m in g.monsters:
        m.alive = False
    for item in (*g.treasures, *g.swords):
        item.possessortype = -1
    return host, ui


def test_shift_escape_quits_from_a_window(source: ScriptedEventSource, ui: Ui) -> None:
    source.raw(RawKey.ESC, Qualifier.LSHIFT)
    with pytest.raises(QuitProgram):
        info_window(ui, GameView(demo_game()), ENGLISH, ("area", HOME))


def test_manual_scrolls_and_closes(source: ScriptedEventSource, ui: Ui) -> None:
    source.raw(RawKey.RIGHT).raw(RawKey.RIGHT)  # a long section
    source.raw(RawKey.DOWN).raw(RawKey.PAGE_DOWN).raw(RawKey.END).raw(RawKey.UP)
    source.key("\x1b")
    window = manual_window(ui, GERMAN)
    assert window.last_top > 0  # long enough to scroll
    assert window.top == window.last_top - 1
    assert window.title == "Spielmaterial"


def test_view_is_read_only() -> None:
    g = demo_game()
    v = GameView(g)
    with pytest.raises(AttributeError):
        v.heroes[0].glory = 99  # type: ignore[misc]
    with pytest.raises(AttributeError):
        v.turn = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        v.kings[0] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        v.heroes[0].score[1] = 5
    assert not hasattr(v, "goodrand") and not hasattr(v, "host")


def test_hover_uses_printed_moves_and_follows_a_reveal(ui: Ui) -> None:
    g = demo_game()
    board = Board(ui)
    host = ScreenHost(
        ui, board, ENGLISH, Config(delay=0), g, None, lambda key: None, summary=lambda: None
    )
    jarl = g.treasures[T.MAGIC_SHIRT].possessor  # a shirt adds a move, never to the line
    host.redraw()
    x, y = _spot(board, (T.JARL, jarl))
    ui._mouse = (x, y)
    host._hover_tick()
    j = g.jarls[jarl]
    assert f"({j.strength}-{j.moves})" in host.bar.upper[0]
    hidden = face_down_jarl(g)
    host.redraw()
    ui._mouse = _spot(board, (T.JARL, hidden))
    host._hover_tick()
    assert ENGLISH("MSG_HIDDEN_JARL") in host.bar.upper[0]
    g.jarls[hidden].face = T.FACE_UP  # revealed; the pointer stays put
    host._hover_tick()
    assert g.jarls[hidden].name in host.bar.upper[0]


def _spot(board: Board, key: tuple[int, int]) -> tuple[int, int]:
    for drawn, cx, cy, _ in board.drawn:
        if drawn == key:
            for dy in range(24):
                for dx in range(24):
                    if board.counter_at(cx + dx, cy + dy) == key:
                        return cx + dx, cy + dy
    raise AssertionError(f"{key} is nowhere to be seen")


def test_the_moving_hero_is_drawn_over_a_face_down_jarl(ui: Ui) -> None:
    g = demo_game()
    board = Board(ui)
    hidden = face_down_jarl(g)
    area = g.jarls[hidden].where
    board.draw(GameView(g))  # the jarl takes its place first
    g.heroes[EGIL].where = area
    g.mover = (T.HERO, EGIL)
    board.draw(GameView(g))
    cx, cy = next((x, y) for key, x, y, _ in board.drawn if key == (T.HERO, EGIL))
    # The hero's lower part, where the counter under it in the pile would lie.
    assert board.counter_at(cx + 12, cy + 20) == (T.HERO, EGIL)
    g.mover = None
    board.draw(GameView(g))
    assert board.counter_at(cx + 12, cy + 20) != (T.HERO, EGIL)


@pytest.mark.parametrize("advanced", [False, True])
def test_summary_of_a_fresh_game_for_one_hero_fits_its_piles(advanced: bool, ui: Ui) -> None:
    g = Session(Setup(1), ENGLISH, QuietHost()).game
    start_game(g, [T.AMIGA, T.NONE, T.NONE, T.NONE, T.NONE, T.NONE], 20, advanced)
    board = Board(ui)
    board.draw(GameView(g))
    before = ui.screen.pixels.copy()
    panel = open_summary(ui, GameView(g), ENGLISH)
    frame = panel.window.box
    outside = np.ones(before.shape, bool)
    outside[frame.top : frame.bottom, frame.left : frame.right] = False
    assert np.array_equal(ui.screen.pixels[outside], before[outside] | 128)
    monsters, jarls, treasures = piles(GameView(g))
    # As in the original, every counter not drawn, the advanced ones in a basic game too.
    assert monsters == [m for m in range(len(T.MONSTER_TABLE)) if not g.monsters[m].taken]
    assert len(monsters) == T.ADVANCED_MONSTERS - 1
    assert len(treasures) == T.ADVANCED_TREASURES  # the one monster guards none
    assert len(jarls) == len(T.JARL_TABLE) - 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_about_gives_the_manuals_year_and_credits_the_translations(language: str) -> None:
    t = LANGUAGES[language]
    texts = [text for _, _, text, _ in about_lines(t)]
    assert any(text.endswith("TSR Hobbies, 1981") for text in texts)  # the 1.2a manual's year
    ours = texts.index(t("MSG_TRANSLATOR_1"))
    credits = ("MSG_TRANSLATOR_1", "MSG_TRANSLATOR_2", "MSG_TRANSLATIONS")
    assert texts[ours : ours + 3] == [t(name) for name in credits]
    # Each translator is named once: the next line names the other translations only.
    translator = t("MSG_TRANSLATOR_2")
    assert " ".join(texts).count(translator) == 1 or language == "english"
    others = {
        "english": ("German", "Greek", "Italian"),
        "deutsch": ("griechische", "italienische"),
        "greek": ("γερμανικά", "ιταλικά"),
        "italiano": ("greca", "tedesca"),
    }
    assert all(word in texts[ours + 2] for word in others[language])
    # Then the original 1.95's translators, after the languages of their catalogs
    # (Anthony Iliakis made the Greek one, Samir Hawamdeh the Italian: its guide).
    assert texts[ours + 3 :] == [
        t("MSG_ORIGINAL_TRANSLATORS"),
        "deutsch   Thomas Veress, Stefan Haubenthal",
        "greek     Anthony Iliakis",
        "italiano  Samir Hawamdeh",
    ]


def _battle_line(host: RecordingHost) -> tuple[int, int]:
    """The attack and defence the last battle added up, as it told them."""
    told = [text for text, _ in host.said if text.startswith("Attack: ")]
    found = re.match(r"Attack: (\d+)\. Defence: (\d+)\.", told[-1])
    assert found is not None, told
    return int(found[1]), int(found[2])


def test_the_help_windows_strength_is_the_battles_sum(ui: Ui) -> None:
    """Egil with the Ogal rune, Gram and the Mail Coat, alone on his side, with
    no luck to spend and no god: the Help window's attack and defence are what
    his battles add up for him (attacking a troll, attacked by Ragnar)."""
    host = RecordingHost()
    g = blank_game(host)
    put_hero(g, EGIL, 5, luck=0, rune=T.OGAL)
    put_hero(g, RAGNAR, 5, luck=0)
    for item in (g.swords[T.GRAM], g.treasures[T.MAIL_COAT]):
        item.possessortype, item.possessor, item.where = T.HERO, EGIL, -1
    text = _texts(open_info(ui, GameView(g), ENGLISH, ("counter", T.HERO, EGIL)))
    shown = text[text.index("Fighting strength:") + 1]
    assert shown == "5 (8/10)"  # printed 5; Ogal +1 and Gram +2; the Mail Coat +2 defending
    attack, defence = (int(n) for n in re.findall(r"\d+", shown)[1:])

    put_monster(g, GRENDALL, 5)  # a troll: it casts no spell
    attackers(g, EGIL, 5, True)
    battle(g, Counter(T.MONSTER, GRENDALL), EGIL)
    assert _battle_line(host)[0] == attack

    put_hero(g, EGIL, 5, luck=0, rune=T.OGAL)  # whatever the troll did to him
    attackers(g, RAGNAR, 5, True)
    battle(g, Counter(T.HERO, EGIL), RAGNAR)
    assert _battle_line(host)[1] == defence
