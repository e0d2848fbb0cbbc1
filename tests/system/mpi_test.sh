#!/bin/sh
# gbc-mpi against gbc (registered when GBC_MPI is on): over Q on 3 ranks the output
# must be byte-identical to gbc's, also modulo p, with a rank that sends bad
# residues, with an unlucky prime forced on a rank, with a rank that stops
# answering, and a rank that dies must end the run (never a hang).
# Usage: mpi_test.sh GBC GBC_MPI MPIEXEC GEN_PY
set -u
GBC=$1 GBCMPI=$2 MPIEXEC=$3 GEN=$4
command -v python3 >/dev/null 2>&1 || { echo "no python3: skipped"; exit 77; }
T=$(mktemp -d) || exit 1
trap 'rm -rf "$T"' EXIT
RUN="$MPIEXEC --oversubscribe --allow-run-as-root"
fail=0
check() { # name expected actual
    if cmp -s "$2" "$3"; then echo "ok: $1"; else echo "FAIL: $1: output differs from gbc"; fail=1; fi
}
for s in katsura-6 cyclic-5; do
    python3 "$GEN" $s --char 0 -o "$T/$s.in" || exit 1
    "$GBC" "$T/$s.in" > "$T/$s.want" || { echo "FAIL: gbc $s"; exit 1; }
    timeout -k 10 120 $RUN -np 3 "$GBCMPI" "$T/$s.in" > "$T/$s.got" 2> "$T/$s.err"
    rc=$?
    [ $rc -eq 0 ] || { echo "FAIL: $s: exit status $rc"; cat "$T/$s.err"; fail=1; }
    check "$s over Q, 3 ranks" "$T/$s.want" "$T/$s.got"
done
# an order that is not degree-compatible (FGLM modulo every prime), and one rank
"$GBC" --order lex "$T/cyclic-5.in" > "$T/lex.want"
timeout -k 10 120 $RUN -np 3 "$GBCMPI" --order lex "$T/cyclic-5.in" > "$T/lex.got" 2>/dev/null
check "cyclic-5 lex, 3 ranks" "$T/lex.want" "$T/lex.got"
timeout -k 10 120 $RUN -np 1 "$GBCMPI" "$T/katsura-6.in" > "$T/one.got" 2>/dev/null
check "katsura-6, 1 rank" "$T/katsura-6.want" "$T/one.got"
# modulo p: rank 0 computes it alone
python3 "$GEN" katsura-6 --char 32003 -o "$T/k6p.in"
"$GBC" "$T/k6p.in" > "$T/k6p.want"
timeout -k 10 120 $RUN -np 3 "$GBCMPI" "$T/k6p.in" > "$T/k6p.got" 2>/dev/null
check "katsura-6 mod 32003, 3 ranks" "$T/k6p.want" "$T/k6p.got"
# a usage error: gbc's message and status, and no hang
"$GBC" --threads 0 "$T/k6p.in" > /dev/null 2> "$T/use.want"
wrc=$?
timeout -k 10 120 $RUN -np 3 "$GBCMPI" --threads 0 "$T/k6p.in" > /dev/null 2> "$T/use.got"
grc=$?
[ $grc -eq $wrc ] || { echo "FAIL: usage error: status $grc, gbc gives $wrc"; fail=1; }
# (mpirun adds its own note on a non-zero status: gbc's lines must come first)
head -n "$(wc -l < "$T/use.want")" "$T/use.got" > "$T/use.head"
check "usage error message" "$T/use.want" "$T/use.head"
# rank 1 sends residues out of range: refused, reported, survived
GBC_MPI_TEST_BAD=1 timeout -k 10 120 $RUN -x GBC_MPI_TEST_BAD -np 3 "$GBCMPI" "$T/katsura-6.in" \
    > "$T/bad.got" 2> "$T/bad.err"
check "a rank sending bad residues" "$T/katsura-6.want" "$T/bad.got"
# an unlucky prime forced on rank 0 (detected: -vv logs it left out) and on rank 1
p=1000003
printf 'x,y,z\n0\nx^2 + z, x^2 + z + %s*y^2, x*y - z^3\n' $p > "$T/unl.in"
"$GBC" "$T/unl.in" > "$T/unl.want"
GBC_MPI_TEST_UNLUCKY=0:$p timeout -k 10 120 $RUN -x GBC_MPI_TEST_UNLUCKY -np 3 "$GBCMPI" -vv \
    "$T/unl.in" > "$T/unl.got" 2> "$T/unl.err"
check "an unlucky prime on rank 0" "$T/unl.want" "$T/unl.got"
grep -q "prime $p does not follow the trace" "$T/unl.err" ||
    { echo "FAIL: the unlucky prime $p was not noticed"; fail=1; }
GBC_MPI_TEST_UNLUCKY=1:$p timeout -k 10 120 $RUN -x GBC_MPI_TEST_UNLUCKY -np 3 "$GBCMPI" \
    "$T/unl.in" > "$T/unl1.got" 2> /dev/null
check "an unlucky prime on rank 1" "$T/unl.want" "$T/unl1.got"
# rank 2 stops answering: the result all the same, the rank reported, status 3
start=$(date +%s)
GBC_MPI_TEST_HANG=2 GBC_MPI_TIMEOUT=2 timeout -k 10 120 $RUN -x GBC_MPI_TEST_HANG -x GBC_MPI_TIMEOUT \
    -np 3 "$GBCMPI" "$T/katsura-6.in" > "$T/hang.got" 2> "$T/hang.err"
rc=$?
check "a rank that hangs" "$T/katsura-6.want" "$T/hang.got"
grep -q "rank 2 did not stop" "$T/hang.err" || { echo "FAIL: the hung rank was not reported"; fail=1; }
# (gbc-mpi aborts with 3; mpirun may report a status of its own, never 0)
[ $rc -ne 0 ] && [ $rc -ne 124 ] || { echo "FAIL: hung rank: exit status $rc"; fail=1; }
# rank 1 dies: the job ends (Open MPI ends it), never hangs; with --enable-recovery
# rank 0 survives it and prints the result
GBC_MPI_TEST_EXIT=1 timeout -k 10 120 $RUN -x GBC_MPI_TEST_EXIT -np 3 "$GBCMPI" "$T/katsura-6.in" \
    > /dev/null 2>&1
rc=$?
[ $rc -ne 0 ] && [ $rc -ne 124 ] || { echo "FAIL: dying rank: exit status $rc"; fail=1; }
GBC_MPI_TEST_EXIT=1 GBC_MPI_TIMEOUT=2 timeout -k 10 120 $RUN --enable-recovery -x GBC_MPI_TEST_EXIT \
    -x GBC_MPI_TIMEOUT -np 3 "$GBCMPI" "$T/katsura-6.in" > "$T/die.got" 2> /dev/null
check "a rank that dies (--enable-recovery)" "$T/katsura-6.want" "$T/die.got"
end=$(date +%s)
echo "failure cases took $((end - start)) s"
exit $fail
