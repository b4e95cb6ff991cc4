package external

// Resident returns the memory the bot's processes hold now, in bytes: the resident set of
// its process and of the processes it started (on Linux; 0 elsewhere, or when it cannot
// be read). A server that keeps bots running counts them with it (yams serve's
// --max-memory).
func (bt *batch) Resident() int64 {
	if bt.p == nil || bt.p.cmd == nil || bt.p.cmd.Process == nil {
		return 0
	}
	return treeResident(bt.p.cmd.Process.Pid)
}
