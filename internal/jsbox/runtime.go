package jsbox

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"

	"github.com/dop251/goja"
)

// Runtime is a goja runtime in the sandbox: the size checks of the
// built-ins (Bounds), no BigInt or typed arrays, no timers (goja has
// none), a bounded call stack, and every object the globals reach frozen
// (Lockdown), so a run leaves nothing behind for the next. It serves one
// goroutine at a time; Run bounds each run by a context.
type Runtime struct {
	VM     *goja.Runtime
	Bounds *Bounds

	// halted receives one signal per halt of the run (the context's end).
	halted chan struct{}
	cause  atomic.Pointer[error] // the first halt's cause in this run
	broken bool                  // a run panicked out: do not reuse
}

// NewRuntime makes a runtime for what ("scripts", for errors) with the
// call stack bounded to stack frames; install sets the globals the host
// adds (Go functions), before everything is frozen.
func NewRuntime(what string, stack int, install func(vm *goja.Runtime) error) (*Runtime, error) {
	vm := goja.New()
	rt := &Runtime{VM: vm, halted: make(chan struct{}, 1)}
	b, err := New(vm, what, func() bool { return rt.cause.Load() != nil }, func(buf []byte, v goja.Value) ([]byte, bool) {
		w := Writer{B: rt.Bounds, What: "JSON.stringify"}
		return w.Append(buf, v)
	})
	if err != nil {
		return nil, err
	}
	rt.Bounds = b
	if install != nil {
		if err := install(vm); err != nil {
			return nil, err
		}
	}
	if err := Lockdown(vm, nil, nil); err != nil {
		return nil, fmt.Errorf("jsbox: lockdown: %w", err)
	}
	vm.SetMaxCallStackSize(stack)
	return rt, nil
}

// Reusable reports whether the runtime may serve another run: no run
// panicked out of it.
func (rt *Runtime) Reusable() bool { return !rt.broken }

// Run runs fn, which calls into the runtime, until it returns or ctx
// ends: then the runtime is interrupted and the JavaScript under way
// stops at its next instruction (a Go function it called returns first).
// halted is ctx's cause when ctx ended the run, whatever error that
// led to; err is fn's.
func (rt *Runtime) Run(ctx context.Context, fn func() error) (halted, err error) {
	stop := context.AfterFunc(ctx, func() {
		cause := context.Cause(ctx)
		rt.cause.CompareAndSwap(nil, &cause)
		rt.VM.Interrupt(cause)
		rt.halted <- struct{}{}
	})
	finished := false
	defer func() {
		if !finished { // a panic: the runtime is in no known state
			rt.broken = true
			stop()
		}
	}()
	err = fn()
	finished = true
	// An interrupt under way lands before it is cleared, not in the
	// runtime's next run.
	if !stop() {
		<-rt.halted
	}
	rt.VM.ClearInterrupt()
	rt.Bounds.Reset()
	if c := rt.cause.Swap(nil); c != nil {
		return *c, err
	}
	return nil, err
}

// Try runs f, which calls into the runtime, and returns what it threw:
// a *goja.Exception, or the interrupt or stack overflow that ended it
// (which goja's own Try lets through as panics).
func (rt *Runtime) Try(f func()) (err error) {
	defer func() {
		if x := recover(); x != nil {
			var ie *goja.InterruptedError
			var so *goja.StackOverflowError
			if e, isErr := x.(error); isErr && (errors.As(e, &ie) || errors.As(e, &so)) {
				err = e
				return
			}
			panic(x)
		}
	}()
	if ex := rt.VM.Try(f); ex != nil {
		return ex
	}
	return nil
}

// ErrorText is what a run's error says to the model: a thrown value's
// text (cut to maxThrown bytes), a stack overflow, or err's text. It
// reads a thrown object's toString, which is script code: call it in
// Run's fn, where the run is bounded.
func (rt *Runtime) ErrorText(err error, stack, maxThrown int) string {
	var so *goja.StackOverflowError
	var ex *goja.Exception
	switch {
	case errors.As(err, &so):
		return fmt.Sprintf("exceeded the call-stack limit of %d (endless recursion?)", stack)
	case errors.As(err, &ex):
		return "threw " + rt.thrown(ex, maxThrown) + at(ex)
	}
	return err.Error()
}

// at is " (script line l:c)" of the innermost frame of the script, or "".
func at(ex *goja.Exception) string {
	for _, f := range ex.Stack() {
		if p := f.Position(); p.Line > 1 && f.SrcName() == ScriptName {
			return fmt.Sprintf(" (script line %d:%d)", p.Line-1, p.Column)
		}
	}
	return ""
}

// ScriptName is the source name a script is compiled under (CompileBody).
const ScriptName = "script"

func (rt *Runtime) thrown(ex *goja.Exception, maxThrown int) (text string) {
	v := ex.Value()
	if v == nil {
		return "an error"
	}
	defer func() {
		if recover() != nil {
			rt.broken = true
			text = "an error whose text could not be read"
		}
	}()
	text = v.String()
	if len(text) > maxThrown {
		cut := maxThrown
		for cut > 0 && text[cut]&0xC0 == 0x80 {
			cut--
		}
		text = fmt.Sprintf("%s… (%d bytes)", text[:cut], len(text))
	}
	return text
}
