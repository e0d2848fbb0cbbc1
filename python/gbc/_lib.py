"""Finding and loading libgbc, and the ctypes prototypes of the calls the package uses.

The library is looked up at $GBC_LIBRARY (a file), in $GBC_PREFIX/lib*, through
pkg-config (gbc.pc's libdir; PKG_CONFIG_PATH selects a prefix), in the build tree
of the repository the package runs from, and last by the system's loader."""
import ctypes
import ctypes.util
import glob
import os
import shutil
import subprocess

MIN_VERSION = 200  # the "For FFI callers" section of gbc.h appeared in 0.2.0


def _candidates():
    env = os.environ.get("GBC_LIBRARY")
    if env:
        yield env
        return
    prefix = os.environ.get("GBC_PREFIX")
    if prefix:
        for d in sorted(glob.glob(os.path.join(prefix, "lib*"))):
            yield from sorted(glob.glob(os.path.join(d, "**", "libgbc.so*"), recursive=True))
    if shutil.which("pkg-config"):
        try:
            out = subprocess.run(["pkg-config", "--variable=libdir", "gbc"],
                                 capture_output=True, text=True, timeout=30)
            if out.returncode == 0 and out.stdout.strip():
                yield os.path.join(out.stdout.strip(), "libgbc.so")
        except (OSError, subprocess.SubprocessError):
            pass
    here = os.path.dirname(os.path.abspath(__file__))
    for build in ("build", "build-asan", "build-debug"):
        yield os.path.join(here, "..", "..", build, "libgbc.so")
    found = ctypes.util.find_library("gbc")
    if found:
        yield found


def _load():
    tried = []
    for path in _candidates():
        if os.sep in path and not os.path.exists(path):
            tried.append(path + " (absent)")
            continue
        try:
            lib = ctypes.CDLL(path)
        except OSError as e:
            tried.append("%s (%s)" % (path, e))
            continue
        if not hasattr(lib, "gbc_version_number"):
            tried.append(path + " (older than gbc 0.2.0)")
            continue
        if lib.gbc_version_number() < MIN_VERSION:
            tried.append(path + " (older than gbc 0.2.0)")
            continue
        return lib, path
    raise ImportError(
        "libgbc (0.2.0 or later) not found; set GBC_LIBRARY to the path of libgbc.so, "
        "GBC_PREFIX to its installation prefix, or PKG_CONFIG_PATH to PREFIX/lib/pkgconfig. "
        "Tried: " + ("; ".join(tried) if tried else "nothing"))


lib, path = _load()

c_void_p = ctypes.c_void_p
c_char_p = ctypes.c_char_p
c_size_t = ctypes.c_size_t
c_uint32 = ctypes.c_uint32
c_int = ctypes.c_int
P = ctypes.POINTER


class Error(ctypes.Structure):
    """gbc_error (docs/api.md, Layout of every structure)."""
    _fields_ = [("line", ctypes.c_uint64), ("column", ctypes.c_uint64),
                ("message", ctypes.c_char * 256)]


def _proto(name, restype, *argtypes):
    f = getattr(lib, name)
    f.restype = restype
    f.argtypes = list(argtypes)


_proto("gbc_version", c_char_p)
_proto("gbc_version_number", c_uint32)
_proto("gbc_status_string", c_char_p, c_int)
_proto("gbc_mem_free", None, c_void_p)
_proto("gbc_ring_new", c_int, P(c_void_p), c_uint32, P(c_char_p), c_uint32, c_char_p,
       P(Error))
_proto("gbc_ring_free", None, c_void_p)
_proto("gbc_ring_nvars", c_uint32, c_void_p)
_proto("gbc_ring_characteristic", c_uint32, c_void_p)
_proto("gbc_options_new", c_int, P(c_void_p))
_proto("gbc_options_free", None, c_void_p)
_proto("gbc_options_set_algorithm", c_int, c_void_p, c_int)
_proto("gbc_options_set_certify", c_int, c_void_p, c_int)
_proto("gbc_options_set_seed", c_int, c_void_p, ctypes.c_uint64)
_proto("gbc_options_set_threads", c_int, c_void_p, c_int)
_proto("gbc_options_set_memory_limit", c_int, c_void_p, c_size_t)
_proto("gbc_options_set_time_limit", c_int, c_void_p, ctypes.c_double)
_proto("gbc_options_set_basis", c_int, c_void_p, c_int)
_proto("gbc_options_cancel", None, c_void_p)
_proto("gbc_polys_free", None, c_void_p)
_proto("gbc_polys_count", c_size_t, c_void_p)
_proto("gbc_polys_parse", c_int, P(c_void_p), c_void_p, c_char_p, c_size_t, c_void_p,
       P(Error))
_proto("gbc_polys_from_arrays_q", c_int, P(c_void_p), c_void_p, c_size_t, P(c_size_t),
       P(c_uint32), P(c_char_p), c_void_p, P(Error))
_proto("gbc_polys_to_arrays_q", c_int, P(P(c_size_t)), P(P(c_uint32)), P(P(c_char_p)),
       c_void_p)
_proto("gbc_groebner", c_int, P(c_void_p), c_void_p, c_void_p, c_void_p)
_proto("gbc_normal_form", c_int, P(c_void_p), c_void_p, c_void_p, c_void_p)
_proto("gbc_is_groebner", c_int, P(c_int), P(c_int), c_void_p, c_void_p)
_proto("gbc_stats_new", c_int, P(c_void_p))
_proto("gbc_stats_free", None, c_void_p)
_proto("gbc_stats_get", ctypes.c_double, c_void_p, c_char_p)
_proto("gbc_leading_ideal", c_int, P(c_void_p), c_void_p, ctypes.c_uint, c_void_p,
       c_void_p)
_proto("gbc_monideal_new", c_int, P(c_void_p), c_void_p, c_uint32, P(c_uint32), c_size_t)
_proto("gbc_monideal_free", None, c_void_p)
_proto("gbc_monideal_nvars", c_uint32, c_void_p)
_proto("gbc_monideal_ngens", c_size_t, c_void_p)
_proto("gbc_monideal_gens", c_int, P(c_uint32), c_size_t, c_void_p)
_proto("gbc_monideal_contains", c_int, P(c_int), c_void_p, P(c_uint32))
_proto("gbc_monideal_equal", c_int, P(c_int), c_void_p, c_void_p)
for _op in ("sum", "product", "intersection", "colon"):
    _proto("gbc_monideal_" + _op, c_int, P(c_void_p), c_void_p, c_void_p, c_void_p)
_proto("gbc_monideal_colon_mono", c_int, P(c_void_p), c_void_p, P(c_uint32), c_void_p)
_proto("gbc_monideal_radical", c_int, P(c_void_p), c_void_p, c_void_p)
_proto("gbc_monideal_alexdual", c_int, P(c_void_p), c_void_p, P(c_uint32), c_void_p)
_proto("gbc_monideal_dim", c_int, P(ctypes.c_int64), c_void_p, c_void_p)
_proto("gbc_monideal_degree_string", c_int, P(c_void_p), c_void_p, c_void_p)
_proto("gbc_monideal_hilbert", c_int, P(P(ctypes.c_uint64)), P(P(ctypes.c_int64)),
       P(c_size_t), c_void_p, c_void_p)
_proto("gbc_monideal_hilbert_multigraded", c_int, P(P(c_uint32)), P(P(ctypes.c_int64)),
       P(c_size_t), c_void_p, c_void_p)
for _op in ("irrdecom", "assoprimes", "maxstandard"):
    _proto("gbc_monideal_" + _op, c_int, P(P(c_uint32)), P(c_size_t), c_void_p, c_void_p)
# ideal operations, change of order, cofactors (gbc.h "ideal operations")
_proto("gbc_eliminate", c_int, P(c_void_p), c_void_p, P(c_uint32), c_size_t, c_void_p,
       c_void_p)
for _op in ("intersect", "quotient"):
    _proto("gbc_" + _op, c_int, P(c_void_p), c_void_p, c_void_p, c_void_p, c_void_p)
_proto("gbc_saturate", c_int, P(c_void_p), c_void_p, c_void_p, c_int, c_void_p, c_void_p)
_proto("gbc_lift_basis", c_int, P(c_void_p), P(c_void_p), c_void_p, c_void_p, c_void_p)
_proto("gbc_lift", c_int, P(c_void_p), P(c_size_t), c_void_p, c_void_p, c_void_p,
       c_void_p)
_proto("gbc_change_order", c_int, P(c_void_p), c_void_p, c_void_p, c_void_p, c_void_p)
# modules (gbc.h "Modules")
_proto("gbc_module_groebner", c_int, P(c_void_p), c_void_p, c_uint32, c_int, c_void_p,
       c_void_p)
_proto("gbc_module_groebner_schreyer", c_int, P(c_void_p), c_void_p, c_uint32, c_void_p,
       c_uint32, c_void_p, c_void_p)
_proto("gbc_module_reduce_order", c_int, P(c_void_p), c_void_p, c_void_p, c_uint32, c_int,
       c_void_p, c_void_p)
_proto("gbc_module_reduce_schreyer", c_int, P(c_void_p), c_void_p, c_void_p, c_uint32,
       c_void_p, c_uint32, c_void_p, c_void_p)
_proto("gbc_module_syz", c_int, P(c_void_p), c_void_p, c_uint32, c_void_p, c_void_p)
_proto("gbc_module_member", c_int, P(c_int), c_void_p, c_void_p, c_uint32, c_void_p,
       c_void_p)
_proto("gbc_module_reduce", c_int, P(c_void_p), c_void_p, c_void_p, c_uint32, c_void_p,
       c_void_p)
_proto("gbc_module_lift", c_int, P(c_void_p), P(c_int), c_void_p, c_void_p, c_uint32,
       c_void_p, c_void_p)
_proto("gbc_module_betti", c_int, P(P(ctypes.c_uint64)), P(c_uint32), P(c_uint32),
       c_void_p, c_uint32, c_void_p, c_void_p)
_proto("gbc_module_res", c_int, P(c_void_p), c_void_p, c_uint32, c_void_p, c_void_p)
_proto("gbc_resolution_length", ctypes.c_size_t, c_void_p)
_proto("gbc_resolution_rank", ctypes.c_size_t, c_void_p, ctypes.c_size_t)
_proto("gbc_resolution_degree", ctypes.c_int64, c_void_p, ctypes.c_size_t, ctypes.c_size_t)
_proto("gbc_resolution_map", c_void_p, c_void_p, ctypes.c_size_t)
_proto("gbc_resolution_free", None, c_void_p)
_proto("gbc_betti_to_string", c_int, P(c_void_p), P(ctypes.c_uint64), c_uint32, c_uint32)
_proto("gbc_string_free", None, c_void_p)
# the quotient ring (gbc.h)
_proto("gbc_kbase", c_int, P(c_void_p), P(c_void_p), c_void_p, c_void_p, P(Error))
# solving (gbc.h "Solving")
_proto("gbc_solve", c_int, P(c_void_p), c_void_p, c_uint32, ctypes.c_uint, c_void_p,
       P(Error))
_proto("gbc_solutions_free", None, c_void_p)
_proto("gbc_solutions_count", c_size_t, c_void_p)
_proto("gbc_solutions_nvars", c_uint32, c_void_p)
_proto("gbc_solutions_dim", ctypes.c_int64, c_void_p)
_proto("gbc_solutions_distinct", c_size_t, c_void_p)
_proto("gbc_solutions_endpoint", c_int, c_char_p, c_size_t, P(c_size_t), P(c_uint32),
       c_void_p, c_size_t, c_uint32, c_int)
_proto("gbc_solutions_get_zp", c_int, P(c_uint32), c_void_p, c_size_t)
_proto("gbc_solutions_to_string", c_int, P(c_void_p), P(c_size_t), c_void_p, c_int)
# learn and apply modulo a prime (gbc.h "learn and apply modulo a prime")
_proto("gbc_trace_mod_learn", c_int, P(c_void_p), P(c_void_p), c_void_p, c_void_p, P(Error))
_proto("gbc_trace_mod_apply_flags", c_int, P(c_void_p), c_void_p, c_void_p, ctypes.c_uint,
       c_void_p, P(Error))
_proto("gbc_trace_mod_apply_batch", c_int, P(c_void_p), P(c_int), c_size_t, c_void_p,
       P(c_void_p), ctypes.c_uint, c_void_p, P(Error))
_proto("gbc_trace_mod_save", c_int, P(P(ctypes.c_uint8)), P(c_size_t), c_void_p)
_proto("gbc_trace_mod_load", c_int, P(c_void_p), P(ctypes.c_uint8), c_size_t)
_proto("gbc_trace_mod_ngens", c_size_t, c_void_p)
_proto("gbc_trace_mod_prime", c_uint32, c_void_p)
_proto("gbc_trace_mod_free", None, c_void_p)
_proto("gbc_blob_free", None, P(ctypes.c_uint8))
