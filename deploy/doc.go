// Package deploy holds no code: deploy/ is the files that run yams on a cluster (a
// Kubernetes job, a Slurm array, shards on one machine) and build its image offline
// (build-image.sh, image/Containerfile.runtime). Its test keeps the image's two
// definitions together: the runtime stage of the Containerfile at the root of the
// repository and image/Containerfile.runtime must state the same image, line for line,
// from the same files, with yams built by the same flags.
package deploy
