#!/usr/bin/env bash
# Runs one simulation as N shard processes on this machine, then merges them, the way a
# cluster would (deploy/kubernetes-job.yaml, deploy/slurm-array.sh). The merged summary is
# identical, bit for bit, to one run of all the games with the same seed.
#
# usage: deploy/local-shards.sh N OUTDIR [yams sim flags...]
#   e.g. deploy/local-shards.sh 4 out/shards --games 4e6 --seed 7 --strategy greedy,upper-first
#
# Each shard checkpoints to OUTDIR/shard-K-of-N.ckpt: interrupted (Ctrl-C, or SIGTERM to
# this script, which passes it on), the same command run again continues where the shards
# stopped; run again after the end, it merges again without playing a game.
#
# YAMS names the yams binary (default: build the repository's cmd/yams into OUTDIR).
set -euo pipefail
if [ $# -lt 2 ]; then
	echo "usage: $0 N OUTDIR [yams sim flags...]" >&2
	exit 2
fi
n=$1 out=$2
shift 2
case $n in '' | *[!0-9]* | 0) echo "$0: N must be a positive integer, got '$n'" >&2; exit 2 ;; esac
mkdir -p "$out"
yams=${YAMS:-}
if [ -z "$yams" ]; then
	# Built in the repository that holds this script, wherever it is run from: the go
	# command reads a path such as deploy/../cmd/yams as an import path, not a directory.
	repo=$(cd "$(dirname "$0")/.." && pwd -P)
	yams="$(cd "$out" && pwd -P)/yams"
	(cd "$repo" && go build -o "$yams" ./cmd/yams)
fi
# Each shard gets an equal share of the cores.
cores=$(nproc 2>/dev/null || getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
workers=$(( (cores + n - 1) / n ))
pids=()
interrupted=0
trap 'interrupted=1; kill -TERM "${pids[@]}" 2>/dev/null || true' INT TERM
for ((k = 1; k <= n; k++)); do
	"$yams" sim "$@" --workers "$workers" --shard "$k/$n" \
		--checkpoint "$out/shard-$k-of-$n.ckpt" --resume-if-present \
		--json "$out/shard-$k-of-$n.json" >"$out/shard-$k.log" 2>&1 &
	pids+=($!)
done
status=0
for ((i = 0; i < n; i++)); do
	while :; do
		st=0
		wait "${pids[$i]}" || st=$?
		# A signal trapped while waiting ends the wait, not the shard: wait again.
		if [ $st -gt 128 ] && kill -0 "${pids[$i]}" 2>/dev/null; then continue; fi
		break
	done
	if [ $st -ne 0 ]; then
		echo "$0: shard $((i + 1))/$n ended with status $st; see $out/shard-$((i + 1)).log" >&2
		status=1
	fi
done
if [ $interrupted -eq 1 ]; then
	echo "$0: interrupted; run the same command again to resume the shards from their checkpoints" >&2
	exit 130
fi
[ $status -eq 0 ] || exit $status
# yams merge says, in one line, what it merged and where.
"$yams" merge "$out"/shard-*-of-"$n".json --json "$out/summary.json"
