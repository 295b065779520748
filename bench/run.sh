#!/bin/sh
# Runs the peer benchmarks and prints a side-by-side benchstat table.
#
#   ./run.sh [regexp]        e.g. ./run.sh 'Marshal/corpus=twitter'
#
# Environment: COUNT (default 6 passes), BENCHTIME (default 200ms), OUT (raw
# results file, default results/<time>.txt), TAGS (go build tags, for
# example nosafejson to leave safejson out while compat does not build).
set -eu
cd "$(dirname "$0")"

BENCH=${1:-.}
COUNT=${COUNT:-6}
BENCHTIME=${BENCHTIME:-200ms}
OUT=${OUT:-results/$(date +%Y%m%d-%H%M%S).txt}
BENCHSTAT=golang.org/x/perf/cmd/benchstat@v0.0.0-20260908200009-22c9c6c9d4da

mkdir -p "$(dirname "$OUT")"
{
	echo "# $(go version); $(nproc) CPUs; $(uname -sr)"
	echo "# $COUNT passes of: go test -bench '$BENCH' -count 1 -benchtime $BENCHTIME ${TAGS:+-tags $TAGS} -order <pass-1>"
} >"$OUT"
# Each pass runs every benchmark once, so that a slow spell of a shared
# machine falls on all libraries alike instead of on one library's runs.
BIN=$(mktemp)
trap 'rm -f "$BIN"' EXIT
go test -c -o "$BIN" ${TAGS:+-tags "$TAGS"} .
# The first pass runs the libraries in Libraries' order, which also fixes
# benchstat's columns; every later pass shuffles the libraries after std
# (-order), so that no library always runs right after std (see order in
# bench_test.go).
for pass in $(seq "$COUNT"); do
	"$BIN" -test.run '^$' -test.bench "$BENCH" -test.benchmem -test.count 1 \
		-test.benchtime "$BENCHTIME" -order $((pass - 1)) | tee -a "$OUT"
done

# One row per benchmark and corpus, one column per library; each column is
# compared with the first, encoding/json ("std").
go run "$BENCHSTAT" -col /lib "$OUT" | tee "${OUT%.txt}.benchstat.txt"
echo "raw results: $OUT; table: ${OUT%.txt}.benchstat.txt" >&2
