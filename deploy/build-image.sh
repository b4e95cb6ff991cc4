#!/usr/bin/env bash
# Builds the yams image offline: no registry, no daemon, no privilege beyond buildah's own.
# It builds yams here, static, as the Containerfile's build stage does, and the runtime
# image around it from scratch with buildah (deploy/image/Containerfile.runtime, the
# Containerfile's runtime stage stated again). The image is the one the Containerfile
# builds; use it where the Containerfile's base image (golang:1.26) cannot be had.
#
# usage: deploy/build-image.sh [TAG]       (TAG default: yams:latest)
#
# The image goes to buildah's storage, the one podman shares, with its driver (overlay by
# default); where that driver cannot work (in a container without fuse, say), run with
# STORAGE_DRIVER=vfs, which works anywhere, and give later buildah commands the same. The
# build runs no command inside the image, so it needs no runtime: BUILDAH_ISOLATION
# defaults here to chroot. Then, for example:
#   buildah push yams:latest docker://registry.example.org/you/yams:TAG
#   buildah push yams:latest docker-archive:yams.tar:yams:latest     (then docker load -i yams.tar)
#
# go must be on the PATH. Run from a git clone, yams version in the image names the
# commit, as the Containerfile's image does (a git worktree builds without a revision).
set -euo pipefail
if [ $# -gt 1 ]; then
	echo "usage: $0 [TAG]" >&2
	exit 2
fi
tag=${1:-yams:latest}
for tool in buildah go; do
	if ! command -v "$tool" >/dev/null 2>&1; then
		echo "$0: $tool is not installed (buildah: apt-get install buildah, as root, on Debian or Ubuntu)" >&2
		exit 1
	fi
done
export BUILDAH_ISOLATION=${BUILDAH_ISOLATION:-chroot}
repo=$(cd "$(dirname "$0")/.." && pwd -P)
umask 022
context=$(mktemp -d)
trap 'rm -rf "$context"' EXIT

# The context is laid out as the Containerfile's build stage lays out /out: the user and its
# group, the binary, the directories the user owns.
mkdir -p "$context/usr/local/bin" "$context/cache" "$context/work"
cp -R "$repo/deploy/image/etc" "$context/etc"
chmod 755 "$context/etc" "$context/cache" "$context/work"
chmod 644 "$context/etc/passwd" "$context/etc/group"
# The flags of the Containerfile's build stage (go test ./deploy checks that they agree).
vcs=false
if git -C "$repo" rev-parse --verify HEAD >/dev/null 2>&1; then vcs=true; fi
(cd "$repo" && CGO_ENABLED=0 go build -buildvcs="$vcs" -trimpath -ldflags='-s -w' -o "$context/usr/local/bin/yams" ./cmd/yams)
version=$("$context/usr/local/bin/yams" version)
echo "${version%%$'\n'*}"

# FROM scratch: buildah fetches nothing, and --pull=never would refuse to.
buildah build --quiet --pull=never --network=none -f "$repo/deploy/image/Containerfile.runtime" -t "$tag" "$context" >/dev/null
size=$(buildah images --format '{{.Size}}' "$tag")
driver=$(buildah info --format '{{.store.GraphDriverName}}')
echo "built the image $tag ($size), storage driver $driver"
