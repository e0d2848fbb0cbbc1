#!/bin/sh
# ffi/docs (ctest): run the examples of docs/ffi.md marked "ffi-example" (Python with
# ctypes and cffi, PARI/GP) against the built library. An example whose interpreter
# or module is missing is skipped with a message; at least the ctypes one must run.
# usage: docs_examples.sh PYTHON LIBGBC GBC_CDEF_H SOURCE_DIR
set -eu
py=$1
export GBC_LIBRARY=$2 GBC_CDEF=$3
src=$4
tmp=$(mktemp -d /tmp/gbc-ffi-docs.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
awk -v dir="$tmp" '
    /^```[a-z]+ ffi-example$/ { n++; split($1, a, "```"); f = dir "/ex" n "." a[2]; next }
    /^```$/ { f = ""; next }
    f != "" { print > f }' "$src/docs/ffi.md"
ran=0
for ex in "$tmp"/ex*; do
    case "$ex" in
        *.python)
            if grep -q '^import cffi' "$ex" && ! "$py" -c "import cffi" 2>/dev/null; then
                echo "skipped $(basename "$ex"): no cffi"; continue
            fi
            "$py" "$ex" || { echo "docs/ffi.md example $(basename "$ex") failed" >&2; exit 1; } ;;
        *.gp)
            if ! command -v gp >/dev/null 2>&1; then
                echo "skipped $(basename "$ex"): no gp (apt-get install pari-gp)"; continue
            fi
            out=$(gp -q -f "$ex" </dev/null 2>&1)
            echo "$out"
            case "$out" in
                *"***"*) echo "docs/ffi.md example $(basename "$ex") failed" >&2; exit 1 ;;
            esac ;;
    esac
    ran=$((ran + 1))
done
[ "$ran" -ge 1 ] || { echo "no docs/ffi.md example ran" >&2; exit 1; }
echo "docs/ffi.md: $ran examples ran"
