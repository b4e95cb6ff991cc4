#!/usr/bin/env bash
# A yams simulation split over a Slurm job array: task K of N plays the K-th slice of the
# games (yams reads SLURM_ARRAY_TASK_ID, less SLURM_ARRAY_TASK_MIN, as the 0-based shard
# index when --shard is "env/N"; the array must be a plain range such as 0-7, no step).
# Submit from the directory that holds results/ (Slurm opens the log files before the
# script runs):
#   mkdir -p results && sbatch deploy/slurm-array.sh
# then, when every task has ended:
#   yams merge results/shard-*.json --json results/summary.json --out results/report
# At the time limit, or on scancel, Slurm sends SIGTERM: yams lets the games in flight
# finish, writes its checkpoint and exits with status 143. A task resubmitted
# (sbatch --array=K deploy/slurm-array.sh) resumes from its checkpoint; one that had
# completed plays nothing and writes its summary again.
#SBATCH --job-name=yams-sim
#SBATCH --array=0-7
#SBATCH --cpus-per-task=2
#SBATCH --mem=1G
#SBATCH --time=04:00:00
#SBATCH --output=results/shard-%a.log
set -euo pipefail
mkdir -p results
n=$((SLURM_ARRAY_TASK_MAX - SLURM_ARRAY_TASK_MIN + 1))
exec yams sim --rules hasbro --strategy greedy,upper-first,optimal \
	--games 1e9 --seed 2026 --shard "env/$n" --workers "${SLURM_CPUS_PER_TASK:-2}" \
	--checkpoint "results/shard-${SLURM_ARRAY_TASK_ID}.ckpt" --resume-if-present \
	--json "results/shard-${SLURM_ARRAY_TASK_ID}.json"
