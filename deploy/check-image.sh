#!/usr/bin/env bash
# Builds the yams image and checks it the way a cluster runs it; .ci/run runs it, and so can
# you before you push an image.
#
# usage: deploy/check-image.sh        (from anywhere; it builds the repository it is in)
#
# The image is built from the Containerfile by the first of podman, docker and buildah that
# works here, gets the Containerfile's base image and runs a container. Where none does
# (no engine, docker without its daemon, no registry in reach), it is built offline by
# deploy/build-image.sh: yams built on this machine, the runtime stage from scratch by
# buildah, in a storage of its own that is removed at the end. Then, in the image:
#   - yams version names the commit HEAD (from a git clone; a git worktree builds none);
#   - the sharded job of deploy/kubernetes-job.yaml, its arguments and environment as
#     written there but with 3 shards of 3,000 games, the results on one volume mounted
#     where the job mounts its volume, the cache of tables on another, mounted where
#     YAMS_CACHE_DIR points;
#   - yams merge of the 3 shards, as deploy/kubernetes-merge.yaml merges them;
# and the merged summary's checksum must equal that of one run of the same games by a yams
# built on this machine. The image's user must be 65532 (the files it writes are its own
# when this runs as root) and its entry point yams.
#
# Exit status: 0 checked, 1 a check failed, 3 no image can be built or run on this machine
# (one line says why).
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd -P)
cd "$repo"
me=deploy/check-image.sh
start=$SECONDS
export BUILDAH_ISOLATION=${BUILDAH_ISOLATION:-chroot}

# cannot ends the script where this machine, not the image, is at fault.
cannot() { echo "skipped: $*"; exit 3; }
# oneline puts a command's messages on one line, cut short.
oneline() { tr '\n' ' ' | sed 's/ *$//' | cut -c1-160; }
fail() { echo "$me: $*" >&2; exit 1; }

# The Containerfile's way: an engine that works, has the base image and runs containers.
base=docker.io/library/golang:1.26
# buildah_runs_base prints why buildah cannot run a container of the base image, if it cannot.
buildah_runs_base() {
	local c st
	c=$(buildah from "$base" 2>&1) || { echo "$c"; return 1; }
	buildah run "$c" -- true 2>&1
	st=$?
	buildah rm "$c" >/dev/null 2>&1
	return $st
}
engine="" why=""
for e in podman docker buildah; do
	command -v "$e" >/dev/null 2>&1 || continue
	if ! "$e" info >/dev/null 2>&1; then
		why="$why${why:+; }$e does not work here ($e info fails)"
		continue
	fi
	case $e in
	buildah) buildah inspect --type image "$base" >/dev/null 2>&1 || buildah pull -q "$base" >/dev/null 2>&1 ;;
	*) "$e" image inspect "$base" >/dev/null 2>&1 || "$e" pull -q "$base" >/dev/null 2>&1 ;;
	esac || {
		why="$why${why:+; }$e cannot get the base image $base (no registry in reach)"
		continue
	}
	# A sandbox may forbid what the engine's runtime needs (cgroups, rlimits): the
	# machine's fault, not the image's.
	case $e in
	buildah) out=$(buildah_runs_base) ;;
	*) out=$("$e" run --rm "$base" true 2>&1) ;;
	esac || {
		why="$why${why:+; }$e cannot run a container here: $(oneline <<<"$out")"
		continue
	}
	engine=$e
	break
done
if [ -z "$engine" ] && ! command -v buildah >/dev/null 2>&1; then
	cannot "no container engine can build the Containerfile here (${why:-none installed}), and buildah, which builds the image offline, is not installed"
fi

work=$(mktemp -d)
chmod 755 "$work"
tag=localhost/yams-check:$$ ctr="" own_storage=""
cleanup() {
	if [ -n "$own_storage" ]; then
		# The offline build's storage is this script's own: remove all of it.
		buildah rm --all >/dev/null 2>&1 || true
	elif [ -n "$engine" ]; then
		[ -n "$ctr" ] && buildah rm "$ctr" >/dev/null 2>&1
		"$engine" rmi -f "$tag" >/dev/null 2>&1 || true
	fi
	rm -rf "$work"
}
trap cleanup EXIT

# Build.
if [ -n "$engine" ]; then
	echo "building the Containerfile with $engine"
	# The base image is here by now: --pull=false takes it, without asking a registry
	# for a newer one (buildah's default).
	if ! "$engine" build --pull=false -t "$tag" -f Containerfile . >"$work/build.log" 2>&1; then
		cat "$work/build.log" >&2
		fail "$engine build of the Containerfile failed"
	fi
else
	cat >"$work/storage.conf" <<-EOF
		[storage]
		driver = "vfs"
		graphroot = "$work/storage"
		runroot = "$work/run"
	EOF
	export CONTAINERS_STORAGE_CONF=$work/storage.conf STORAGE_DRIVER=vfs
	own_storage=$work/storage
	# Whether buildah works here at all: its storage, a container from nothing.
	if ! out=$(buildah from scratch 2>&1); then
		cannot "buildah cannot make a container on this machine: $(oneline <<<"$out")"
	fi
	buildah rm "$out" >/dev/null
	echo "building the image offline with buildah (deploy/build-image.sh): ${why:-no engine builds the Containerfile here}"
	if ! deploy/build-image.sh "$tag" >"$work/build.log" 2>&1; then
		cat "$work/build.log" >&2
		fail "deploy/build-image.sh failed"
	fi
	sed 's/^/  /' "$work/build.log"
	ctr=$(buildah from --pull-never "$tag" 2>"$work/from.log") || { cat "$work/from.log" >&2; fail "buildah from $tag failed"; }
	# Whether buildah can run a container here: yams by its path, as root, whatever the
	# image's user, working directory and PATH.
	if ! out=$(buildah run --user 0:0 "$ctr" -- /usr/local/bin/yams version 2>&1); then
		cannot "buildah cannot run a container on this machine: $(oneline <<<"$out")"
	fi
fi

# The image's configuration: its user and entry point.
case $engine in
'' | buildah) inspect=(buildah inspect --type image --format) config=.OCIv1.Config ;;
*) inspect=("$engine" image inspect --format) config=.Config ;;
esac
user=$("${inspect[@]}" "{{$config.User}}" "$tag") && entrypoint=$("${inspect[@]}" "{{$config.Entrypoint}}" "$tag") ||
	fail "${engine:-buildah} cannot inspect the image it built"
[ "$user" = 65532:65532 ] || fail "the image runs as user '$user', not 65532:65532"
[ "$entrypoint" = "[yams]" ] || fail "the image's entry point is $entrypoint, not [yams]"

# The job as deploy/kubernetes-job.yaml writes it: its arguments (one per line, the image
# has no shell), its environment, where it mounts its volume.
job=deploy/kubernetes-job.yaml
mapfile -t job_args < <(sed -n 's/^            - \([^ ]*\)$/\1/p' "$job")
mapfile -t job_env < <(sed -n 's/^ *- {name: \([A-Z_][A-Z0-9_]*\), value: \([^ }]*\)}$/\1=\2/p' "$job")
results=$(sed -n 's/^ *- {name: results, mountPath: \([^ }]*\)}$/\1/p' "$job")
cache=""
for kv in "${job_env[@]}"; do
	case $kv in YAMS_CACHE_DIR=*) cache=${kv#*=} ;; esac
done
[ "${job_args[0]:-}" = sim ] && [ -n "$results" ] && [ -n "$cache" ] ||
	fail "cannot read $job: its args (sim ...), its YAMS_CACHE_DIR or the mount of its volume 'results'"
n=3 games=3000
shard_args=() host_args=()
for a in "${job_args[@]}"; do
	case $a in
	--games=*) a=--games=$games ;;
	--shard=env/*) a=--shard=env/$n ;;
	esac
	shard_args+=("$a")
	case $a in --shard=* | --checkpoint=* | --json=* | --resume-if-present) ;; *) host_args+=("$a") ;; esac
done
mkdir -m 777 "$work/results" "$work/cache"

# yams in the image, with the environment given before --, the volumes mounted.
in_image() {
	local env=() mounts=(-v "$work/results:$results" -v "$work/cache:$cache")
	while [ "$1" != -- ]; do env+=(--env "$1"); shift; done
	shift
	case $engine in
	'' | buildah) buildah run "${env[@]}" "${mounts[@]}" "$ctr" -- yams "$@" ;;
	*) "$engine" run --rm "${env[@]}" "${mounts[@]}" "$tag" "$@" ;;
	esac
}
if [ "$engine" = buildah ]; then
	ctr=$(buildah from "$tag") || fail "buildah from $tag failed"
fi

version=$(in_image -- version) || fail "yams version failed in the image"
echo "in the image: ${version%%$'\n'*}"
if head=$(git rev-parse HEAD 2>/dev/null); then
	if [ "$(git rev-parse --git-dir)" != "$(git rev-parse --git-common-dir)" ]; then
		echo "  (a git worktree: the go command stamps no revision, so none is checked)"
	elif ! grep -q "^  revision   $head\$" <<<"$version"; then
		fail "yams version in the image does not name the commit $head: $version"
	else
		echo "  revision $head: the commit HEAD"
	fi
fi

for ((k = 0; k < n; k++)); do
	in_image "${job_env[@]}" JOB_COMPLETION_INDEX=$k -- "${shard_args[@]//\$(JOB_COMPLETION_INDEX)/$k}" >"$work/shard-$k.log" 2>&1 ||
		{ cat "$work/shard-$k.log" >&2; fail "shard $k of $n failed in the image"; }
done
merge_args=(merge)
for ((k = 0; k < n; k++)); do merge_args+=("$results/shard-$k.json"); done
merge_args+=(--json "$results/summary.json" --out "$results/report")
in_image -- "${merge_args[@]}" >"$work/merge.log" 2>&1 || { cat "$work/merge.log" >&2; fail "yams merge failed in the image"; }
sed 's/^/  /' "$work/merge.log"
[ -f "$work/results/report/report.html" ] || fail "yams merge in the image wrote no report.html"
ls "$work/cache"/*.table >/dev/null 2>&1 || fail "the shards cached no table in the volume at $cache"

# One run of the same games by a yams built here.
go build -o "$work/yams" ./cmd/yams
"$work/yams" "${host_args[@]}" --json "$work/host.json" >/dev/null 2>"$work/host.log" ||
	{ cat "$work/host.log" >&2; fail "the run on this machine failed"; }
checksum() { sed -n 's/^  "checksum": "\(sha256:[0-9a-f]\{64\}\)"$/\1/p' "$1"; }
merged=$(checksum "$work/results/summary.json") host=$(checksum "$work/host.json")
[ -n "$merged" ] || fail "the merged summary has no checksum"
[ "$merged" = "$host" ] ||
	fail "the $n shards merged in the image ($merged) differ from one run here ($host): yams ${host_args[*]}"

if [ "$(id -u)" = 0 ]; then
	for f in "$work/results/summary.json" "$work/cache"/*.table; do
		[ "$(stat -c %u:%g "$f")" = 65532:65532 ] || fail "the image wrote ${f#"$work/"} as $(stat -c %u:%g "$f"), not as its user 65532"
	done
fi
echo "the image runs yams as user 65532 (entry point yams); $n shards of yams ${host_args[*]} played and merged in it give the checksum of one run here (${merged:0:19}...); checked in $((SECONDS - start)) s"
