"""The package's own PEP 517 build backend: writes the wheel (and the sdist) with the
standard library alone, so that `pip install --no-index ./python` works offline in a
bare virtual environment, which has neither setuptools' wheel support nor `wheel`.

The package is pure Python (ctypes over libgbc), so a wheel is the files of gbc/
plus the .dist-info metadata (PEP 427, core metadata 2.1) built from pyproject.toml's
[project] table. Editable installs (PEP 660) put a .pth file naming this directory."""
import base64
import hashlib
import io
import os
import re
import tarfile
import time
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "gbc"
TAG = "py3-none-any"
# a fixed timestamp (1980-01-01, the zip epoch) so that the same sources give the same
# wheel bytes
EPOCH = (1980, 1, 1, 0, 0, 0)


def _project():
    """pyproject.toml's [project] table: tomllib (Python 3.11+), else a reader of the
    few forms this file uses (key = "string", key = ["a", "b"], key = {text = "x"}, and
    the [project.optional-dependencies] table)."""
    path = os.path.join(HERE, "pyproject.toml")
    try:
        import tomllib
    except ImportError:
        tomllib = None
    if tomllib is not None:
        with open(path, "rb") as f:
            return tomllib.load(f)["project"]
    table, section = {}, None
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line.startswith("["):
                section = line.strip("[] ")
                continue
            m = re.match(r'([A-Za-z_-]+)\s*=\s*(.*)$', line)
            if section not in ("project", "project.optional-dependencies") or not m:
                continue
            key, value = m.group(1), m.group(2)
            if section != "project":
                table.setdefault("optional-dependencies", {})[key] = \
                    re.findall(r'"([^"]*)"', value)
            elif value.startswith("{"):
                table[key] = dict(re.findall(r'(\w+)\s*=\s*"([^"]*)"', value))
            elif value.startswith("["):
                table[key] = re.findall(r'"([^"]*)"', value)
            else:
                table[key] = value.strip('"')
    return table


def _metadata():
    """The core metadata (METADATA / PKG-INFO) text and the distribution's name and
    version."""
    p = _project()
    name, version = p["name"], p["version"]
    lines = ["Metadata-Version: 2.1", "Name: " + name, "Version: " + version]
    if "description" in p:
        lines.append("Summary: " + p["description"])
    lic = p.get("license")
    if isinstance(lic, dict) and "text" in lic:
        lines.append("License: " + lic["text"])
    if "requires-python" in p:
        lines.append("Requires-Python: " + p["requires-python"])
    for dep in p.get("dependencies", []):
        lines.append("Requires-Dist: " + dep)
    for extra, deps in p.get("optional-dependencies", {}).items():
        lines.append("Provides-Extra: " + extra)
        for dep in deps:
            lines.append('Requires-Dist: %s; extra == "%s"' % (dep, extra))
    body = ""
    readme = p.get("readme")
    if readme:
        lines.append("Description-Content-Type: text/markdown")
        with open(os.path.join(HERE, readme), encoding="utf-8") as f:
            body = "\n" + f.read()
    return "\n".join(lines) + "\n" + body, name, version


def _dist_info(name, version):
    return "%s-%s.dist-info" % (re.sub(r"[-_.]+", "_", name), version)


def _package_files():
    """(archive name, path) of every file of the package, sorted."""
    out = []
    root = os.path.join(HERE, PACKAGE)
    for d, dirs, files in os.walk(root):
        dirs[:] = sorted(x for x in dirs if x != "__pycache__")
        for f in sorted(files):
            if f.endswith((".pyc", ".pyo")):
                continue
            full = os.path.join(d, f)
            out.append((os.path.relpath(full, HERE).replace(os.sep, "/"), full))
    return out


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "%s,sha256=%s,%d" % (arcname, digest.decode(), len(data))


def _write_wheel(wheel_directory, contents):
    """A wheel of contents ((archive name, bytes) pairs) and its .dist-info; returns
    the wheel's file name."""
    meta, name, version = _metadata()
    info = _dist_info(name, version)
    contents = list(contents) + [
        (info + "/METADATA", meta.encode()),
        (info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: gbc_backend\n"
                           "Root-Is-Purelib: true\nTag: %s\n" % TAG).encode()),
        (info + "/top_level.txt", (PACKAGE + "\n").encode()),
    ]
    record = [_record_line(a, d) for a, d in contents] + [info + "/RECORD,,"]
    contents.append((info + "/RECORD", ("\n".join(record) + "\n").encode()))
    filename = "%s-%s-%s.whl" % (re.sub(r"[-_.]+", "_", name), version, TAG)
    os.makedirs(wheel_directory, exist_ok=True)
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w",
                         zipfile.ZIP_DEFLATED) as z:
        for arcname, data in contents:
            zi = zipfile.ZipInfo(arcname, EPOCH)
            zi.external_attr = 0o644 << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return filename


# -- the PEP 517 / PEP 660 hooks ------------------------------------------------------
def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    files = []
    for arcname, path in _package_files():
        with open(path, "rb") as f:
            files.append((arcname, f.read()))
    return _write_wheel(wheel_directory, files)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """A wheel holding a .pth file that puts this source directory on sys.path."""
    return _write_wheel(wheel_directory, [("__editable__.%s.pth" % PACKAGE,
                                           (HERE + "\n").encode())])


def build_sdist(sdist_directory, config_settings=None):
    meta, name, version = _metadata()
    base = "%s-%s" % (re.sub(r"[-_.]+", "_", name), version)
    filename = base + ".tar.gz"
    paths = [os.path.join(HERE, f) for f in ("pyproject.toml", "README.md")]
    paths += [p for _, p in _package_files()]
    paths += [os.path.join(HERE, "_backend", "gbc_backend.py")]
    os.makedirs(sdist_directory, exist_ok=True)
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz",
                      format=tarfile.PAX_FORMAT) as t:
        def add(arcname, data):
            ti = tarfile.TarInfo(base + "/" + arcname)
            ti.size, ti.mode, ti.mtime = len(data), 0o644, int(time.time())
            t.addfile(ti, io.BytesIO(data))
        add("PKG-INFO", meta.encode())
        for p in paths:
            with open(p, "rb") as f:
                add(os.path.relpath(p, HERE).replace(os.sep, "/"), f.read())
    return filename
