package main

// Interruption by SIGINT or SIGTERM.

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// interruptible returns a context that SIGINT or SIGTERM cancels, with the signal as its
// cause (interruption); the signal then calls each of onSignal, which stop at once what
// the context cannot (the processes of external bots, waited for in a read). After the
// first signal the default handling is back: a second Ctrl-C ends the process at once.
func interruptible(onSignal ...func()) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case sig := <-ch:
			signal.Stop(ch)
			cancel(signalError{sig})
			for _, f := range onSignal {
				f()
			}
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// signalError is the cause of a context cancelled by a signal.
type signalError struct{ sig os.Signal }

func (e signalError) Error() string { return "interrupted by " + signalName(e.sig) }

func signalName(sig os.Signal) string {
	switch sig {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return sig.String()
}

// interruption returns the signal that cancelled ctx and the exit status that says so,
// 128 + the signal's number (130 for SIGINT, 143 for SIGTERM); ok is false if no signal
// did.
func interruption(ctx context.Context) (name string, code int, ok bool) {
	var se signalError
	if !errors.As(context.Cause(ctx), &se) {
		return "", 0, false
	}
	code = 130
	if s, isSys := se.sig.(syscall.Signal); isSys {
		code = 128 + int(s)
	}
	return signalName(se.sig), code, true
}
