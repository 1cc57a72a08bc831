"""Emblems for the counters, drawn as text.

Each character names a pen role (see :data:`ROLES` in :mod:`saga.art.counters`);
'.' lets the counter's own colour show through.
"""

from __future__ import annotations

HERO = (
    "w...kkkkkk...w",
    "ww.ksslsssk.ww",
    ".wwkslssssskw.",
    "..wkssssssskw.",
    "...kkkkkkkkk..",
    "...kekssskek..",
    "...keeesseek..",
    "...kgeeeeegk..",
    "....kgggggk...",
    ".....kkkkk....",
)
JARL = (
    ".....kk.....",
    "....kssk....",
    "...ksslsk...",
    "..kssssssk..",
    "..kkkkkkkk..",
    "..keksskek..",
    "..keesseek..",
    "..kdeeeedk..",
    "...kdddk....",
    "....kkk.....",
)
BACK = (
    "...kkkkkk...",
    "..krrrwwwwk.",
    ".krrrrwwwwwk",
    "krrrrrwwwwwk",
    "krrrrkkwwwwk",
    "kwwwksskrrrk",
    "kwwwwkkrrrrk",
    ".kwwwwrrrrk.",
    "..kwwwrrrk..",
    "...kkkkkk...",
)
DRAGON = (
    ".........kk...",
    "......kkkrk...",
    "..kkkkrrrrrk..",
    ".krrrrrrwkrrk.",
    "krrrrrrrrrrrk.",
    "kwkwkrrrrrrrrk",
    "k.....krrrrrrk",
    "kwkwkkrrrrrrk.",
    ".kkkkrrrrrkk..",
    ".....kkkkk....",
)
DROW = (
    "...kkkkkk...",
    "..kwwwwwwk..",
    ".kwwkkkkwwk.",
    "kkwkddddkwkk",
    "klwkrddrkwlk",
    ".kwkddddkwk.",
    ".kwkdkkdkwk.",
    ".kwwkddkwwk.",
    "..kwwkkwwk..",
    "...kk..kk...",
)
GIANT = (
    "...kkkkkkk...",
    "..kddddddk...",
    "..kkkkkkkkk..",
    "..kekkekkek..",
    "..keeeeeeek..",
    "..keeekeeek..",
    ".kdkeeeeekdk.",
    ".kddkkkkkddk.",
    ".kddddddddk..",
    "..kkkkkkkk...",
)
GHOST = (
    "...kkkkk...",
    "..kwwwwwk..",
    ".kwwwwwwwk.",
    ".kwkwwwkwk.",
    ".kwkwwwkwk.",
    ".kwwwwwwwk.",
    ".kwwwkwwwk.",
    ".kwwwwwwwk.",
    ".kwkwwkwwk.",
    ".kk.kk.kkk.",
)
TROLL = (
    ".k........k.",
    ".kmk....kmk.",
    "..kmkkkkmk..",
    "..kmmmmmmk..",
    ".kmwkmmwkmk.",
    ".kmkkmmkkmk.",
    ".kmmmeemmmk.",
    "..kmkeekmk..",
    "..kwmmmmwk..",
    "...kkkkkk...",
)
WITCH = (
    ".......kk...",
    "......kddk..",
    ".....kddk...",
    "....kddk....",
    "...kdhhdk...",
    "kkkkkkkkkkkk",
    "..keeeeeek..",
    "..kekeekek..",
    "...keeeek...",
    "....kkkk....",
)
HYDRA = (
    "kk...kk...kk",
    "nnk.knnk.knn",
    ".nk..nk..nk.",
    ".nk.knk..nk.",
    ".knk.nk.knk.",
    "..knknkknk..",
    "..knnnnnnk..",
    ".knnnnnnnnk.",
    ".kkkkkkkkkk.",
)
SERPENT = (
    ".kkk..........",
    "knwnk.........",
    "knnnk....kkk..",
    ".kknk...knnnk.",
    "...knk.knk.knk",
    "sssknkskknsknk",
    ".sssskssksskss",
    "ssssssssssssss",
)
KRAKEN = (
    "....kkkk....",
    "...kmmmmk...",
    "..kmmmmmmk..",
    "..kmwmmwmk..",
    "..kmkmmkmk..",
    "..kmmmmmmk..",
    ".kmkmkkmkmk.",
    "kmk.mk.km.mk",
    "km.k.k.k.km.",
    ".k.......kk.",
)
SWORD = (
    "....k...........",
    "...kgk.kkkkkkkk.",
    "kkkkgkkssssssssk",
    "kggkgkklllllllk.",
    "kkkkgkkkkkkkkk..",
    "...kgk..........",
    "....k...........",
)
NECKLACE = (
    "k..........k",
    "kgk......kgk",
    ".kgk....kgk.",
    "..kgk..kgk..",
    "...kgggrk...",
    "....kgrk....",
    "....krrk....",
    ".....kk.....",
)
HORSE = (
    "....kk.kk...",
    "...kdkkdk...",
    "..kdddddk...",
    ".kdddwdddk..",
    "kdddkdddddk.",
    "kddkkdddddk.",
    ".kk.kdddddk.",
    "....kddddk..",
    "...kddddk...",
    "...kkkkk....",
)
SHIRT = (
    "..kkk..kkk..",
    ".kwwwkkwwwk.",
    "kwwwwwwwwwwk",
    "kwkwwhwwwkwk",
    "kk.kwwwwk.kk",
    "...kwwhwk...",
    "...kwwwwk...",
    "...kwwwwk...",
    "...kkkkkk...",
)
MAIL = (
    "..kkk..kkk..",
    ".kslskksslk.",
    "kslslslslslk",
    "ksksssssskk.",
    "kk.klslslk.k",
    "...kslslsk..",
    "...klslslk..",
    "...kslslsk..",
    "...kkkkkkk..",
)
POTION = (
    "....kkkk....",
    "....kddk....",
    ".....kk.....",
    "....kwwk....",
    "...kwrrrk...",
    "..kwrrrrrk..",
    "..krrrrrrk..",
    "..krrrrrrk..",
    "...krrrrk...",
    "....kkkk....",
)
RING = (
    ".....kk.....",
    "....kwwk....",
    "....kwwk....",
    "...kkkkkk...",
    "..kgkkkkgk..",
    ".kgk....kgk.",
    ".kgk....kgk.",
    "..kgk..kgk..",
    "...kggggk...",
    "....kkkk....",
)
CROWN = (
    "k....k....k.",
    "kgk.kgk.kgk.",
    "kggkgggkggk.",
    "kgggggggggk.",
    "kgrggwggrgk.",
    "kgggggggggk.",
    "kkkkkkkkkkk.",
)
SCROLL = (
    ".kkkkkkkkkk.",
    "kwlkwwwwwwwk",
    "kllkwkkkwwwk",
    ".kkkwwwwwwwk",
    "...kwkkkkwwk",
    "...kwwwwwwwk",
    "...kwkkkwwk.",
    "...kwwwwwwlk",
    "...kkkkkkkkk",
)
