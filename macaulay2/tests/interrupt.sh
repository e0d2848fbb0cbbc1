#!/bin/sh
# Ctrl-C during a library call from Macaulay2: SIGINT sent to M2 while gbcGroebner
# computes (thirteen random quadrics in thirteen variables modulo 32003: minutes of
# work) must stop the call within seconds with the package's error
# "interrupted (Ctrl-C)"; the session then goes on (a later call in the same
# session computes and prints its answer) and M2's own Ctrl-C handling is back.
# usage: interrupt.sh LIBGBC SOURCE_DIR TMPDIR (called by run_tests.sh)
set -eu
lib=$1
src=$2
tmp=$3
ready=$tmp/interrupt.ready
rm -f "$ready"
GBC_LIBRARY=$lib M2 --no-readline --silent -q -e "
loadPackage(\"Gbc\", FileName => \"$src/macaulay2/Gbc.m2\");
R = ZZ/32003[x_0..x_12];
setRandomSeed 1;
I = ideal apply(13, i -> random(2, R));
\"$ready\" << \"computing\" << close;
r = try (gbcGroebner I; \"finished\") else \"stopped\";
print(\"after the call: \" | r);
print(\"next call: \" | toString gbcGroebner ideal(R_0^2 - R_1, R_1^2));
exit 0" </dev/null >"$tmp/interrupt.out" 2>&1 &
pid=$!
i=0
while [ ! -s "$ready" ]; do
    i=$((i + 1))
    [ "$i" -gt 600 ] && { kill -9 "$pid"; cat "$tmp/interrupt.out"; echo "M2 never started the computation" >&2; exit 1; }
    sleep 0.1
done
sleep 1
kill -INT "$pid"
t0=$(date +%s)
i=0
while kill -0 "$pid" 2>/dev/null; do
    i=$((i + 1))
    if [ "$i" -gt 300 ]; then
        kill -9 "$pid"
        cat "$tmp/interrupt.out"
        echo "M2 did not end within 30 s of SIGINT: the call was not interrupted" >&2
        exit 1
    fi
    sleep 0.1
done
wait "$pid" || true
t1=$(date +%s)
cat "$tmp/interrupt.out"
grep -q "after the call: stopped" "$tmp/interrupt.out" || {
    echo "the interrupted call did not raise an error" >&2; exit 1; }
grep -q "next call: " "$tmp/interrupt.out" || {
    echo "the session did not go on after the interrupt" >&2; exit 1; }
echo "Gbc: Ctrl-C stopped gbcGroebner; M2 ended $((t1 - t0)) s after SIGINT"
