// Package outfile is the one way yams writes a file: a summary, a checkpoint, a report, a
// cache file. What a reader finds at the path is always either what was there before or
// the whole new content, never half of it; a path that is not a regular file (a device
// such as /dev/stdout, a pipe) is written in place rather than replaced; a symbolic link
// is followed, so that its target is updated and the link kept; and a write that fails
// (a full disk, /dev/full) is an error, never a silent loss.
//
// A regular file is written through a temporary file in the same directory, named
// ".NAME.yams-tmp-PID-RANDOM", which is synced, given the mode of the file it replaces
// (0644 for a new one), renamed over the path, and the directory synced. A process killed
// in between leaves its temporary file behind: the next Write in that directory removes
// the temporary files of processes that no longer run.
//
// Replace is Write for the files yams keeps for itself, the cache: it replaces a symbolic
// link rather than follow it.
//
// WriteDir writes a folder of several files (a report) the same way, as a whole: aside,
// then swapped in (dir.go), so that a failure, a full disk or a stop leaves the previous
// folder, never half of each. Check and CheckDir make sure, before a long computation,
// that Write and WriteDir can write at a path, through the same code that writes it.
//
// Halt stops every write of the process at once, for a process about to exit on a
// signal: a write that is taking its place ends first, the others are undone.
package outfile
