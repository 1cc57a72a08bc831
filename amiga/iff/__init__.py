"""IFF-85 files as the Amiga wrote them: the container, ILBM pictures and CTLG catalogs.

Knows nothing of any particular game.  Readers raise only :class:`IffError`.
"""

from .container import Chunk, Group, ResolvedForm, find_forms, parse_iff, write_iff
from .ctlg import Ctlg, read_ctlg, write_ctlg
from .errors import IffError
from .ilbm import CAMG_EHB, CAMG_HAM, Compression, Ilbm, Masking, read_ilbm, write_ilbm

__all__ = [
    "CAMG_EHB",
    "CAMG_HAM",
    "Chunk",
    "Compression",
    "Ctlg",
    "Group",
    "IffError",
    "Ilbm",
    "Masking",
    "ResolvedForm",
    "find_forms",
    "parse_iff",
    "read_ctlg",
    "read_ilbm",
    "write_ctlg",
    "write_iff",
    "write_ilbm",
]
