"""Where the data folders are (referee/folders.py): the copy a built wheel ships inside the package, else the
checkout's top-level folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee import folders


def test_the_project_root_is_the_folder_above_the_package() -> None:
    assert Path(folders.__file__).resolve().parent == folders.PACKAGE_DIR
    assert folders.PACKAGE_DIR.parent == folders.PROJECT_ROOT
    assert folders.PACKAGE_DIR.name == "referee"


@pytest.mark.parametrize("name", ["templates", "static", "translations"])
def test_a_checkout_finds_each_data_folder(name: str) -> None:
    found = folders.data_folder(name)
    assert found.is_dir()
    assert found in (folders.PACKAGE_DIR / name, folders.PROJECT_ROOT / name)


def test_a_folder_inside_the_package_comes_first(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    package = tmp_path / "site-packages" / "referee"
    (package / "templates").mkdir(parents=True)
    monkeypatch.setattr(folders, "PACKAGE_DIR", package)
    monkeypatch.setattr(folders, "PROJECT_ROOT", tmp_path / "checkout")
    assert folders.data_folder("templates") == package / "templates"
    assert folders.data_folder("static") == tmp_path / "checkout" / "static"
