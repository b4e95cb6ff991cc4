package external

// SetIsolation sets whether the bots started from now on run in namespaces of their own
// (where the kernel allows it), and returns a function that restores what was.
func SetIsolation(on bool) (restore func()) {
	was := isolation.Load()
	if on {
		isolation.Store(isolationUnknown)
	} else {
		isolation.Store(isolationOff)
	}
	return func() { isolation.Store(was) }
}
