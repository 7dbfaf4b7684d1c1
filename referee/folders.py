"""Where the app's data folders are: in the built wheel, inside the package; in a checkout, at the top.

Standard library only, and nothing of ours: the app factory (:mod:`referee`) and the web layer's translations
(:mod:`referee.web.core.i18n`) both ask it, so neither imports the other for it.
"""

from __future__ import annotations

from pathlib import Path

#: The package's folder; in a checkout (the editable install), the folder above it is the repository's root.
PACKAGE_DIR = Path(__file__).resolve().parent
PROJECT_ROOT = PACKAGE_DIR.parent


def data_folder(name: str) -> Path:
    """The folder ``name`` (``templates``, ``static`` or ``translations``): the copy the built wheel ships inside
    the package (pyproject.toml maps them in), else the top-level one of a checkout."""
    packaged = PACKAGE_DIR / name
    return packaged if packaged.is_dir() else PROJECT_ROOT / name
