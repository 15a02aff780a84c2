"""docs/ARCHITECTURE.md's map of yono-py ("yono-py: the Python binding") and the tree
agree: every source file is listed (or lies in a folder listed without its files), and
every listed path exists. The same check as yono-core/tests/layout.rs, for the binding."""

from typing import List, Set, Tuple

from conftest import PY_ROOT

ARCHITECTURE = PY_ROOT.parent / "docs" / "ARCHITECTURE.md"
#: The files the map covers, relative to the repository root.
SOURCES = ("src", "*.rs"), ("python/yono", "*")


def mapped() -> Tuple[Set[str], Set[str]]:
    """The files and the folders (listed without their files) of the map's tree."""
    text = ARCHITECTURE.read_text(encoding="utf-8")
    section = text.split("## yono-py: the Python binding", 1)[1].split("\n## ", 1)[0]
    block = section.split("```\n", 2)[1]
    files: Set[str] = set()
    folders: List[Tuple[int, str]] = []  # (indent, path) of the open folders
    bare: Set[str] = set()
    for line in block.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip(" "))
        name = line.split()[0]
        while folders and folders[-1][0] >= indent:
            folders.pop()
        path = (folders[-1][1] if folders else "") + name
        if name.endswith("/"):
            folders.append((indent, path))
            bare.add(path)
        else:
            files.add(path)
        parent = path.rstrip("/").rsplit("/", 1)[0] + "/"
        bare.discard(parent)
    return files, {f.rstrip("/") for f in bare}


def on_disk() -> Set[str]:
    root = PY_ROOT.parent
    out: Set[str] = set()
    for folder, pattern in SOURCES:
        for path in (PY_ROOT / folder).rglob(pattern):
            if path.is_file() and "__pycache__" not in path.parts and path.suffix not in {".so", ".pyc"}:
                out.add(path.relative_to(root).as_posix())
    return out


def test_the_architecture_map_lists_exactly_the_binding_files():
    files, folders = mapped()
    assert len(files) > 30, f"map not found or too short: {sorted(files)}"
    disk = on_disk()
    covered = {f for f in disk if any(f.startswith(d + "/") for d in folders)}
    unlisted = sorted(disk - files - covered)
    missing = sorted(f for f in files if f not in disk)
    missing += sorted(d for d in folders if not (PY_ROOT.parent / d).is_dir())
    assert not unlisted, f"files missing from docs/ARCHITECTURE.md's yono-py map: {unlisted}"
    assert not missing, f"docs/ARCHITECTURE.md's yono-py map lists paths that do not exist: {missing}"


def test_no_source_file_is_over_800_lines():
    long = {
        p.relative_to(PY_ROOT).as_posix(): n
        for p in (PY_ROOT / "src").rglob("*.rs")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 800
    }
    assert not long, f"split these files (issue 23: at most 800 lines): {long}"


def test_lib_rs_only_declares():
    lib = (PY_ROOT / "src" / "lib.rs").read_text(encoding="utf-8")
    # Modules, re-exports, the module `_yono` and one small function: no classes.
    assert "#[pyclass" not in lib and "#[pymethods]" not in lib
    assert len(lib.splitlines()) < 150
