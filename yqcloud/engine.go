package yqcloud

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/jsbox"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
	"github.com/toolkit-sdk/toolkit/internal/watchdog"
	"github.com/toolkit-sdk/toolkit/yqcloud/lodash"
)

// Hook fields: the JavaScript function bodies of a definition.
const (
	FieldRequestParser  = "requestParser"
	FieldResponseParser = "responseParser"
	FieldStopCondition  = "stopAfterFunctionCallCondition"
	FieldExtraParams    = "extraParamsBuilder"
)

// HookError is a hook that did not compile, threw, ran out of time or
// returned something unusable. Line and Col are the script's own (1-based,
// 0 if unknown).
type HookError struct {
	Function string // the definition's name
	Field    string // requestParser, responseParser, ...
	Line     int
	Col      int
	Msg      string
	err      error // ErrHook, ErrHookTimeout or the context's cause
}

// Error renders "field of \"function\" (script line l:c): message".
func (e *HookError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s of %q", e.Field, e.Function)
	if e.Line > 0 {
		fmt.Fprintf(&b, " (script line %d:%d)", e.Line, e.Col)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns ErrHook, ErrHookTimeout, or the cause of the caller's
// context (context.Canceled, context.DeadlineExceeded) when that ended
// the run.
func (e *HookError) Unwrap() error { return e.err }

// hook is one compiled function body, shared by every runtime.
type hook struct {
	fn      string
	field   string
	prog    *goja.Program
	returns bool          // the body has a `return <value>`
	picks   []hoistedPick // prog is hoistWrapper's function of $yqP (hoist.go)
	// keepsResult: the result is data for a later hook of the definition,
	// which could see what resultMaps relies on no script seeing.
	keepsResult bool
}

// hookPrefix wraps a body on a line of its own, so script lines are the
// program's lines minus one.
const (
	hookPrefix = "(function (data, _) {\n"
	hookSuffix = "\n})"
)

// compileHook compiles a function body once. The program is strict: an
// undeclared assignment throws instead of creating a global.
func compileHook(fn, field, body string) (*hook, error) {
	return compileHookWith(fn, field, body, fastPicks)
}

// compileHookWith compiles a function body, with its _.pick calls
// rewritten (hoist.go) if hoist: compileHook's is fastPicks, the tests'
// plain path is false.
func compileHookWith(fn, field, body string, hoist bool) (*hook, error) {
	name := fn + "." + field
	if at := sourceTokens(body); at >= 0 {
		line := strings.Count(body[:at], "\n") + 1
		col := utf8.RuneCountInString(body[strings.LastIndexByte(body[:at], '\n')+1:at]) + 1
		return nil, &HookError{Function: fn, Field: field, Line: line, Col: col, err: ErrHook,
			Msg: fmt.Sprintf("the script is over %d characters (not counting blanks), the limit for hooks: split it, or move data out of it", maxSourceTokens)}
	}
	src := hookPrefix + body + hookSuffix
	prg, err := parser.ParseFile(nil, name, src, 0)
	if err != nil {
		return nil, compileError(fn, field, body, err)
	}
	// The body must not close the wrapper and run code of its own.
	lit := hookLiteral(prg)
	if lit == nil {
		return nil, &HookError{Function: fn, Field: field, Msg: "the script must be a function body; it closes the function it runs in", err: ErrHook}
	}
	if at := bigIntLiteral(lit.Body); at > 0 {
		p := prg.File.Position(int(at) - 1)
		return nil, &HookError{Function: fn, Field: field, Line: p.Line - 1, Col: p.Column, Msg: "SyntaxError: BigInt is not available in hooks (its arithmetic is unbounded)", err: ErrHook}
	}
	h := &hook{fn: fn, field: field, returns: returnsValue(lit.Body)}
	if hoist {
		if rewritten, picks := hoistPicks(src, name, lit, field); picks != nil {
			// A rewrite that does not compile would be a bug in hoist.go;
			// the hook then runs as written (TestHoistSameOutcome checks
			// that every call it covers is rewritten).
			if p, err := goja.Compile(name, hoistWrapper(picks)+rewritten+hoistSuffix, true); err == nil {
				h.prog, h.picks = p, picks
				return h, nil
			}
		}
	}
	p, err := goja.CompileAST(prg, true)
	if err != nil {
		return nil, compileError(fn, field, body, err)
	}
	h.prog = p
	return h, nil
}

// hookLiteral returns the function of a hook's program: nil unless the
// program is that one function expression.
func hookLiteral(prg *ast.Program) *ast.FunctionLiteral {
	if len(prg.Body) != 1 {
		return nil
	}
	st, ok := prg.Body[0].(*ast.ExpressionStatement)
	if !ok {
		return nil
	}
	lit, _ := st.Expression.(*ast.FunctionLiteral)
	return lit
}

// returnsValue reports whether a function body holds a `return <value>`
// outside nested functions.
func returnsValue(body *ast.BlockStatement) bool {
	found := false
	walkAST(reflect.ValueOf(body), func(n any) bool {
		switch x := n.(type) {
		case *ast.ReturnStatement:
			found = found || x.Argument != nil
		case *ast.FunctionLiteral, *ast.ArrowFunctionLiteral:
			return false // a nested function's returns are its own
		}
		return !found
	})
	return found
}

func compileError(fn, field, body string, err error) *HookError {
	he := &HookError{Function: fn, Field: field, err: ErrHook}
	var list parser.ErrorList
	var se *goja.CompilerSyntaxError
	switch {
	case errors.As(err, &list) && len(list) > 0:
		he.Line, he.Col = list[0].Position.Line-1, list[0].Position.Column
		he.Msg = "SyntaxError: " + list[0].Message
	case errors.As(err, &se):
		if se.File != nil {
			p := se.File.Position(se.Offset)
			he.Line, he.Col = p.Line-1, p.Column
		}
		he.Msg = "SyntaxError: " + se.Message
	default:
		he.Msg = err.Error()
	}
	// An error in the wrapper's closing line is at the end of the script.
	lines := strings.Split(body, "\n")
	if he.Line > len(lines) {
		he.Line, he.Col = len(lines), utf8.RuneCountInString(lines[len(lines)-1])+1
		he.Msg = "SyntaxError: unexpected end of the script (a bracket, brace or string left open?)"
	}
	if he.Line < 1 {
		he.Line, he.Col = 1, max(he.Col, 1)
	}
	return he
}

// engine runs hooks on pooled goja runtimes. Idle runtimes wait in a
// channel rather than a sync.Pool: making one costs milliseconds (lodash,
// lockdown), and a sync.Pool would drop them at every other GC. The
// channel holds up to Options.MaxIdleRuntimes, so the pool grows to the
// most hooks run at once, within that bound.
type engine struct {
	timeout  time.Duration
	stack    int
	logger   *slog.Logger
	idle     chan *jsRuntime
	made     atomic.Int64      // runtimes made, for tests
	watchdog watchdog.Watchdog // run timeouts
}

func newEngine(o Options) *engine {
	return &engine{timeout: o.HookTimeout, stack: o.MaxCallStackSize, logger: o.Logger,
		idle: make(chan *jsRuntime, o.MaxIdleRuntimes)}
}

// jsRuntime is one goja runtime with `_` installed and its global object
// and built-ins frozen. It serves one goroutine at a time.
type jsRuntime struct {
	vm       *goja.Runtime
	lib      *lodash.Lib
	fns      map[*goja.Program]goja.Callable
	cur      *hook // the hook running, for console output
	redact   func(string) string
	logger   *slog.Logger
	ctx      context.Context
	exec     *toolkit.Executor // reports hook runs to its Observer and log
	jsonSize int               // the length of toJSON's last result, a size hint
	jsonBuf  []byte            // toJSON's buffer, kept from one result to the next

	// halt interrupts the run with a cause and then signals halted (room
	// for the two sources: the timeout and the caller's context). The
	// first cause of a run is the one reported.
	halt   func(cause error)
	halted chan struct{}
	cause  atomic.Pointer[error] // the first halt's cause in this run

	lim *jsbox.Bounds // size checks of the built-ins (internal/jsbox)

	broken bool // a run panicked out: the runtime is not pooled again

	// toJS's next data objects, allocated 4, 8, ... 64 at a time in a
	// run (a 50-item page takes 4 allocations, not 50).
	objs      []jsObject
	objChunk  int
	view      *docView     // the doc read last
	shortStrs [64]shortStr // stringValue's cache

	objectProto *goja.Object      // Object.prototype, data objects' prototype
	frames      []goja.StackFrame // pickView's look at the stack
	// pickView's members, allocated 64 at a time in a run.
	viewKeys []string
	viewVals []jval
}

// lodashRoots are what `_` hands out (its chain wrappers), which the
// lockdown freezes beside what the global object reaches; `_` itself and
// what it reaches lodash.New froze (TestHardening26_03_IntrinsicsFrozen
// checks): walking its 300 functions again would double the walk.
var lodashRoots = goja.MustCompile("lodashroots.js", `[_(1), _.chain([1]), _([1, 2]).map(String), _([1]).filter(Boolean).take(1)]`, true)

func (e *engine) newRuntime() (*jsRuntime, error) {
	e.made.Add(1)
	vm := goja.New()
	rt := &jsRuntime{vm: vm, fns: map[*goja.Program]goja.Callable{}, logger: e.logger, halted: make(chan struct{}, 2)}
	rt.halt = func(cause error) {
		rt.cause.CompareAndSwap(nil, &cause)
		vm.Interrupt(interrupt{*rt.cause.Load()})
		rt.halted <- struct{}{}
	}
	lim, err := newBounds(rt)
	if err != nil {
		return nil, err
	}
	rt.lim = lim
	lib, err := lodash.New(vm)
	if err != nil {
		return nil, err
	}
	rt.lib = lib
	rt.objectProto = vm.Get("Object").ToObject(vm).Get("prototype").ToObject(vm)
	console := vm.NewObject()
	for _, level := range []string{"log", "info", "warn", "error", "debug"} {
		if err := console.Set(level, rt.consoleFunc(level)); err != nil {
			return nil, err
		}
	}
	if err := vm.Set("console", console); err != nil {
		return nil, err
	}
	roots, err := vm.RunProgram(lodashRoots)
	if err != nil {
		return nil, fmt.Errorf("yqcloud: lockdown: %w", err)
	}
	if err := jsbox.Lockdown(vm, roots, vm.Get("_")); err != nil {
		return nil, fmt.Errorf("yqcloud: lockdown: %w", err)
	}
	vm.SetMaxCallStackSize(e.stack)
	return rt, nil
}

// consoleFunc sends console output to the logger at debug level.
func (rt *jsRuntime) consoleFunc(level string) func(goja.FunctionCall) goja.Value {
	return func(call goja.FunctionCall) goja.Value {
		if rt.logger == nil || rt.cur == nil || !rt.logger.Enabled(rt.ctx, slog.LevelDebug) {
			return goja.Undefined()
		}
		parts := make([]string, len(call.Arguments))
		for i, a := range call.Arguments {
			if _, isObj := a.(*goja.Object); isObj {
				if s, ok, err := rt.toJSON(a); err == nil && ok {
					parts[i] = s
					continue
				}
			}
			parts[i] = a.String()
		}
		msg := strings.Join(parts, " ")
		if rt.redact != nil {
			msg = rt.redact(msg)
		}
		rt.logger.DebugContext(rt.ctx, "yqcloud: console."+level, "function", rt.cur.fn, "hook", rt.cur.field, "message", msg)
		return goja.Undefined()
	}
}

// acquire takes an idle runtime or makes one; its hook runs are reported
// through exec (which may be nil).
func (e *engine) acquire(ctx context.Context, exec *toolkit.Executor, redact func(string) string) *jsRuntime {
	var rt *jsRuntime
	select {
	case rt = <-e.idle:
	default:
		var err error
		if rt, err = e.newRuntime(); err != nil {
			panic(err) // the embedded library failed to install: a build fault
		}
	}
	rt.ctx, rt.exec, rt.redact = ctx, exec, redact
	return rt
}

// release returns a runtime to the idle ones, or drops it when enough
// are idle.
func (e *engine) release(rt *jsRuntime) {
	if rt.broken {
		return
	}
	rt.ctx, rt.exec, rt.redact, rt.cur = nil, nil, nil, nil
	rt.objs, rt.objChunk, rt.view = nil, 0, nil
	rt.viewKeys, rt.viewVals = nil, nil
	rt.lim.Reset()
	clear(rt.shortStrs[:])
	select {
	case e.idle <- rt:
	default:
	}
}

// interrupt is the value a run is interrupted with.
type interrupt struct{ err error }

var errTimedOut = errors.New("timed out")

// function returns h's function in rt, evaluating its program once per
// runtime.
func (rt *jsRuntime) function(h *hook) (goja.Callable, error) {
	if fn, ok := rt.fns[h.prog]; ok {
		return fn, nil
	}
	v, err := rt.vm.RunProgram(h.prog)
	if err != nil {
		return nil, &HookError{Function: h.fn, Field: h.field, Msg: err.Error(), err: ErrHook}
	}
	fn, ok := goja.AssertFunction(v)
	if ok && h.picks != nil {
		if v, err = fn(goja.Undefined(), rt.pickMaker(h.picks)); err != nil {
			return nil, &HookError{Function: h.fn, Field: h.field, Msg: err.Error(), err: ErrHook}
		}
		fn, ok = goja.AssertFunction(v)
	}
	if !ok {
		return nil, &HookError{Function: h.fn, Field: h.field, Msg: "the script is not a function body", err: ErrHook}
	}
	rt.fns[h.prog] = fn
	return fn, nil
}

// run calls h with data and `_`, then passes the result to then (which
// may run JavaScript too: JSON.stringify calls toJSON), all bounded by the
// engine's timeout and ctx. The run is reported to the Executor's
// Observer and debug log, its error redacted.
func (e *engine) run(ctx context.Context, rt *jsRuntime, h *hook, data goja.Value, then func(goja.Value) error) error {
	ctx, trace := rt.exec.TraceHook(ctx, h.fn, h.field)
	err := e.runHook(ctx, rt, h, data, then)
	if err != nil && rt.redact != nil {
		trace.Done(ctx, redactHookError(err, rt.redact))
	} else {
		trace.Done(ctx, err)
	}
	return err
}

// redactHookError returns err with redact applied to its text: a copy of
// a *HookError with its message redacted, or a plain error.
func redactHookError(err error, redact func(string) string) error {
	var he *HookError
	if errors.As(err, &he) {
		c := *he
		c.Msg = redact(he.Msg)
		return &c
	}
	if msg := redact(err.Error()); msg != err.Error() {
		return errors.New(msg)
	}
	return err
}

func (e *engine) runHook(ctx context.Context, rt *jsRuntime, h *hook, data goja.Value, then func(goja.Value) error) error {
	fn, err := rt.function(h)
	if err != nil {
		return err
	}
	rt.cur = h
	w := e.watchdog.Add(time.Now().Add(e.timeout), rt.halt, errTimedOut)
	var stop func() bool
	if ctx.Done() != nil {
		stop = context.AfterFunc(ctx, func() { rt.halt(context.Cause(ctx)) })
	}
	// A panic out of the run (a fault in Go code the run went through)
	// leaves the runtime in no known state: it is not pooled again, and
	// its halts are disarmed, so neither lands in a later run.
	finished := false
	defer func() {
		if !finished {
			rt.broken = true
			e.watchdog.Remove(w)
			if stop != nil {
				stop()
			}
		}
	}()
	v, err := fn(goja.Undefined(), data, rt.lib.Value())
	if err == nil && then != nil {
		err = then(v)
	}
	// What a thrown object says is read while the run's halts are armed:
	// its toString is script code, and may loop.
	var thrown string
	if ex := (*goja.Exception)(nil); errors.As(err, &ex) {
		thrown = rt.exceptionText(ex)
	}
	finished = true
	// An interrupt that is under way lands before it is cleared, not in
	// the runtime's next run.
	if !e.watchdog.Remove(w) {
		<-rt.halted
	}
	if stop != nil && !stop() {
		<-rt.halted
	}
	rt.vm.ClearInterrupt()
	halted := rt.cause.Swap(nil)
	rt.cur = nil
	if err != nil {
		var he *HookError
		if errors.As(err, &he) && halted == nil {
			return he
		}
		return e.runError(h, err, halted, thrown)
	}
	return nil
}

// runError describes err of a run; halted is the cause the run was halted
// with, if it was: whatever error the halt led to (an interrupt, or an
// exception from a built-in that saw it), the halt is reported.
func (e *engine) runError(h *hook, err error, halted *error, thrown string) error {
	he := &HookError{Function: h.fn, Field: h.field, err: ErrHook}
	var ie *goja.InterruptedError
	var so *goja.StackOverflowError
	var ex *goja.Exception
	switch {
	case halted != nil || errors.As(err, &ie):
		cause := errTimedOut
		if halted != nil {
			cause = *halted
		} else if in, ok := ie.Value().(interrupt); ok {
			cause = in.err
		}
		if errors.Is(cause, errTimedOut) {
			he.Msg = fmt.Sprintf("did not finish within %s (an endless loop?)", e.timeout)
			he.err = ErrHookTimeout
		} else {
			he.Msg = "stopped: the call was canceled (" + cause.Error() + ")"
			he.err = cause
		}
	case errors.As(err, &so):
		he.Msg = fmt.Sprintf("exceeded the call-stack limit of %d (endless recursion?)", e.stack)
	case errors.As(err, &ex):
		he.Msg = "threw " + thrown
		for _, f := range ex.Stack() {
			if p := f.Position(); p.Line > 1 && f.SrcName() == h.fn+"."+h.field {
				he.Line, he.Col = p.Line-1, p.Column
				break
			}
		}
	default:
		he.Msg = err.Error()
	}
	return he
}

func (rt *jsRuntime) exceptionText(ex *goja.Exception) (text string) {
	v := ex.Value()
	if v == nil {
		return "an error"
	}
	defer func() {
		if recover() != nil {
			// Its toString threw, or was halted, out of goja's VM, which
			// is then in no known state: not pooled again.
			rt.broken = true
			text = "an error whose text could not be read"
		}
	}()
	text = v.String()
	if s, cut := textcut.Prefix(text, maxThrownQuote); cut {
		text = s + "… (" + textcut.Count(len(text)) + " bytes)"
	}
	return text
}

// maxThrownQuote is how many bytes of what a hook threw its error quotes.
const maxThrownQuote = 1024

// jsNumber is a JSON number as JavaScript reads it.
func jsNumber(n json.Number) any {
	s := string(n)
	if len(s) < 16 && !strings.ContainsAny(s, ".eE") {
		if i, err := strconv.ParseInt(s, 10, 64); err == nil {
			if s == "-0" {
				return math.Copysign(0, -1)
			}
			return i
		}
	}
	f, _ := strconv.ParseFloat(s, 64) // out of range: ±Inf, as in JavaScript
	return f
}
