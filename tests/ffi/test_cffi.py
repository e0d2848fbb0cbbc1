"""ffi/cffi (ctest): cffi's cdef() accepts the generated gbc_cdef.h as it is, and the
calls of gbc.h's "For FFI callers" section work through it (a basis, a report with
a parse error's position, the time limit). Exits 77 (skipped) without cffi.
usage: test_cffi.py LIBGBC GBC_CDEF_H"""
import sys

try:
    import cffi
except ImportError:
    print("cffi is not installed (apt-get install python3-cffi): skipped")
    sys.exit(77)

lib_path, cdef_path = sys.argv[1], sys.argv[2]
ffi = cffi.FFI()
with open(cdef_path, encoding="utf-8") as f:
    ffi.cdef(f.read())
lib = ffi.dlopen(lib_path)

assert lib.gbc_version_number() == lib.GBC_VERSION_NUMBER >= 200
assert ffi.sizeof("gbc_error") == 272
assert ffi.offsetof("gbc_error", "message") == 16

rep = ffi.gc(lib.gbc_report_new(), lib.gbc_report_free)
gens = lib.gbc_parse_text(b"x,y\n0\nx^2+y^2-1, x-y\n", b"lex", ffi.NULL, rep)
assert gens != ffi.NULL, ffi.string(lib.gbc_report_message(rep))
basis = lib.gbc_groebner_make(gens, ffi.NULL, ffi.NULL, rep)
text = lib.gbc_polys_text(basis, 0, rep)
got = ffi.string(text).decode()
lib.gbc_mem_free(text)
assert got == "y^2-1/2,\nx-y\n", repr(got)

ring = lib.gbc_polys_ring(gens)
bad = lib.gbc_polys_make(ring, b"x+\n+y)", ffi.NULL, rep)
assert bad == ffi.NULL
assert lib.gbc_report_status(rep) == lib.GBC_ERR_PARSE
assert lib.gbc_report_line(rep) == 2
assert ffi.string(lib.gbc_report_message(rep))

# the classic out-pointer calls work too
err = ffi.new("gbc_error *")
pr = ffi.new("gbc_ring **")
pp = ffi.new("gbc_polys **")
src = b"a\n7\na+*1\n"
assert lib.gbc_parse(pr, pp, src, len(src), ffi.NULL, ffi.NULL, err) == lib.GBC_ERR_PARSE
assert lib.gbc_error_line(err) == 3 and ffi.string(lib.gbc_error_message(err))

opts = ffi.gc(lib.gbc_options_make(), lib.gbc_options_free)
assert lib.gbc_options_set_time_limit(opts, -1.0) == lib.GBC_ERR_ARG
assert lib.gbc_options_set_time_limit(opts, 5.0) == lib.GBC_OK
again = lib.gbc_groebner_make(gens, opts, ffi.NULL, rep)
assert again != ffi.NULL
lib.gbc_polys_free(again)
lib.gbc_polys_free(basis)
lib.gbc_polys_free(gens)
print("cffi: cdef(gbc_cdef.h) accepted; FFI calls passed")
