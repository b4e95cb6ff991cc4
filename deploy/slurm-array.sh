#!/usr/bin/env bash
# A yams simulation split over a Slurm job array: task K of N plays the K-th slice of the
# games (yams reads SLURM_ARRAY_TASK_ID, less SLURM_ARRAY_TASK_MIN, as the 0-based shard
# index when --shard is "env/N"; the array must be a plain range such as 0-7, no step).
#
# Each task runs the image of the repository's Containerfile with Apptainer (Singularity),
# which most clusters have: YAMS_IMAGE names it (default docker://yams:latest: push the
# image to a registry the nodes reach and name it, or build a .sif once with
# `apptainer build yams.sif docker://REGISTRY/yams:TAG` and give its path). With
# YAMS_IMAGE=none, the task runs the yams on its PATH instead (go install ./cmd/yams).
#
# Submit from the directory that holds results/ (Slurm opens the log files before the
# script runs):
#   mkdir -p results && YAMS_IMAGE=docker://registry.example.org/you/yams:TAG sbatch deploy/slurm-array.sh
# then, when every task has ended:
#   apptainer run "$YAMS_IMAGE" merge results/shard-*.json --json results/summary.json --out results/report
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
#SBATCH --export=ALL
set -euo pipefail
mkdir -p results/cache
n=$((SLURM_ARRAY_TASK_MAX - SLURM_ARRAY_TASK_MIN + 1))
image=${YAMS_IMAGE:-docker://yams:latest}
if [ "$image" = none ]; then
	yams=(yams)
else
	# The working directory is bound into the container (Apptainer's default), the
	# Slurm variables passed on; the tables are cached beside the results.
	yams=(apptainer run --env "YAMS_CACHE_DIR=$PWD/results/cache" "$image")
fi
exec "${yams[@]}" sim --rules hasbro --strategy greedy,upper-first,optimal \
	--games 1e9 --seed 2026 --shard "env/$n" --workers "${SLURM_CPUS_PER_TASK:-2}" \
	--checkpoint "results/shard-${SLURM_ARRAY_TASK_ID}.ckpt" --resume-if-present \
	--json "results/shard-${SLURM_ARRAY_TASK_ID}.json"
