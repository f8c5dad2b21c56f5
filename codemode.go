package toolkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"time"

	"github.com/dop251/goja"

	"github.com/toolkit-sdk/toolkit/internal/callargs"
	"github.com/toolkit-sdk/toolkit/internal/jsbox"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// Code mode: run_script runs a script the model writes in the sandbox the
// YQCloud hooks run in (package internal/jsbox), reaching capabilities only
// through call, which is call_capability.

// Bounds of a script.
const (
	// DefaultScriptTimeout is Options.ScriptTimeout's default: as long as
	// a YQCloud hook may compute.
	DefaultScriptTimeout = time.Second
	// DefaultScriptMemory is Options.ScriptMemory's default: how far the
	// live heap may grow while a script runs.
	DefaultScriptMemory = 64 << 20
	// MaxScriptCalls bounds the capability calls one script makes; its
	// HTTP requests share one budget of Options.MaxRequests, as the
	// requests of one call do.
	MaxScriptCalls = 50
	// maxScriptStack bounds a script's call stack, as a hook's.
	maxScriptStack = 1000
	// maxScriptSearch bounds the names search returns.
	maxScriptSearch = 50
	// maxThrownQuote is how many bytes of what a script threw its error
	// quotes.
	maxThrownQuote = 1024
)

// runScriptDescription is what the model reads of run_script: the API in
// a few lines.
const runScriptDescription = "Run JavaScript that calls several capabilities and returns only what you need. The script is an async function body: " +
	"call(name, params) runs a capability and returns its result (parsed JSON, else text; a failure throws), " +
	"search(words, limit) returns [{name, description}], describe(name) its parameters and signature; " +
	"inputs is the inputs argument; return the result (JSON). No timers, network or files. " +
	"A capability needing the user's confirmation throws: use call_capability for it."

var runScriptTool = entryTool{Tool: Tool{
	Name:        ToolRunScript,
	Description: runScriptDescription,
	InputSchema: mustJSON(map[string]any{
		"type": "object",
		"properties": map[string]any{
			"script": map[string]any{"type": "string", "description": "JavaScript, e.g. return call('get_order', {id: inputs.id}).total;"},
			"inputs": map[string]any{"description": "values the script reads as inputs (optional)"},
		},
		"required":             []string{"script"},
		"additionalProperties": false,
	}),
}, call: (*Registry).runScript, codeMode: true}

// errScriptTimeout ends a script that computed for too long.
var errScriptTimeout = errors.New("script timed out")

// scripts holds code mode's idle runtimes: making one costs milliseconds
// (the built-ins' bounds, the lockdown's walk).
type scripts struct {
	timeout time.Duration
	memory  uint64 // Options.ScriptMemory
	idle    chan *scriptRuntime
}

func newScripts(opts *Options) *scripts {
	if opts == nil || !opts.CodeMode {
		return nil
	}
	s := &scripts{timeout: opts.ScriptTimeout, idle: make(chan *scriptRuntime, runtime.GOMAXPROCS(0))}
	if s.timeout <= 0 {
		s.timeout = DefaultScriptTimeout
	}
	s.memory = DefaultScriptMemory
	if opts.ScriptMemory > 0 {
		s.memory = uint64(opts.ScriptMemory)
	}
	return s
}

// scriptRuntime is a sandboxed runtime with call, search and describe
// installed (frozen, like every global); they serve the run under way.
type scriptRuntime struct {
	*jsbox.Runtime
	run      *scriptRun
	parse    goja.Callable // JSON.parse, bounded
	errorCtr *goja.Object  // Error
}

func (s *scripts) acquire() (*scriptRuntime, error) {
	select {
	case rt := <-s.idle:
		return rt, nil
	default:
	}
	rt := &scriptRuntime{}
	var err error
	rt.Runtime, err = jsbox.NewRuntime("scripts", maxScriptStack, func(vm *goja.Runtime) error {
		for name, fn := range map[string]func(goja.FunctionCall) goja.Value{
			"call": rt.call, "search": rt.search, "describe": rt.describe,
		} {
			if err := vm.Set(name, fn); err != nil {
				return err
			}
		}
		rt.parse, _ = goja.AssertFunction(vm.Get("JSON").ToObject(vm).Get("parse"))
		rt.errorCtr = vm.Get("Error").ToObject(vm)
		return nil
	})
	return rt, err
}

func (s *scripts) release(rt *scriptRuntime) {
	rt.run = nil
	if !rt.Reusable() {
		return
	}
	select {
	case s.idle <- rt:
	default:
	}
}

// scriptRun is one run of a script: what its calls need, and what they
// did.
type scriptRun struct {
	r      *Registry
	ctx    context.Context // the calls' context: the caller's, with the script's budget
	opts   []CallOption
	secret Redactor // the secrets the calls know
	known  map[string]bool
	calls  []ScriptCall
	clock  *scriptClock
}

// scriptCtxKey marks a context inside a script: run_script does not nest.
type scriptCtxKey struct{}

// runScript runs run_script: {"script": "...", "inputs": ...}.
func (r *Registry) runScript(ctx context.Context, args json.RawMessage, opts []CallOption) (res Result) {
	if r.scripts == nil {
		return ErrorResult("run_script is not enabled (Options.CodeMode)")
	}
	if ctx.Value(scriptCtxKey{}) != nil {
		return ErrorResult("run_script: a script cannot run another script")
	}
	var in struct {
		Script string          `json:"script"`
		Inputs json.RawMessage `json:"inputs"`
	}
	if err := callargs.Strict(args, &in); err != nil || strings.TrimSpace(in.Script) == "" {
		msg := `run_script: send {"script": "...", "inputs": ...}`
		if err != nil {
			msg += ": " + err.Error()
		}
		return ErrorResult(msg)
	}
	// A body that does not await runs as a plain function: the same
	// outcome, without the generator an async function runs on.
	head := "function (inputs)"
	if strings.Contains(in.Script, "await") {
		head = "async " + head
	}
	prog, err := jsbox.CompileBody(head, in.Script)
	if err != nil {
		return ErrorResult("run_script: " + err.Error())
	}
	rt, err := r.scripts.acquire()
	if err != nil {
		r.exec.opts.Logger.ErrorContext(ctx, "toolkit: code mode's runtime", "error", err)
		return ErrorResult("run_script failed with an internal error")
	}
	defer r.scripts.release(rt)

	ctx, trace := r.exec.startScript(r.exec.withRequestBudget(ctx))
	run := &scriptRun{r: r, opts: opts, known: map[string]bool{}}
	defer func() { trace.done(ctx, run.calls, &res) }()
	runCtx, cancel := context.WithCancelCause(context.WithValue(ctx, scriptCtxKey{}, true))
	defer cancel(nil)
	run.ctx = runCtx
	run.clock = startClock(r.scripts.timeout, func() { cancel(errScriptTimeout) })
	defer run.clock.stop()
	stopWatch := watchMemory(r.scripts.memory, func() { cancel(errScriptMemory) })
	defer stopWatch()
	rt.run = run

	var out []byte
	var text string // the error, read while the run is bounded
	halted, err := rt.Run(runCtx, func() error {
		err := rt.Try(func() {
			v, err := rt.VM.RunProgram(prog)
			if err != nil {
				panic(err)
			}
			fn, _ := goja.AssertFunction(v)
			inputs := goja.Undefined()
			if len(in.Inputs) > 0 {
				inputs = rt.jsValue(in.Inputs)
			}
			if v, err = fn(goja.Undefined(), inputs); err != nil {
				panic(err)
			}
			v = settled(rt.VM, v)
			w := jsbox.Writer{B: rt.Bounds, What: "the result"}
			var ok bool
			if out, ok = w.Append(nil, v); !ok {
				out = append(out[:0], "null"...)
			}
		})
		if err != nil {
			text = rt.ErrorText(err, maxScriptStack, maxThrownQuote)
			return err
		}
		return nil
	})
	// A script may end while the watchdog reads what it kept: that
	// reading counts.
	if stopWatch() && halted == nil {
		halted = errScriptMemory
	}
	limit := r.exec.opts.MaxResultBytes
	switch {
	case halted != nil && errors.Is(halted, errScriptTimeout):
		return ErrorResult(fmt.Sprintf("run_script: the script computed for over %s (an endless loop?); it made %d calls", r.scripts.timeout, len(run.calls)))
	case halted != nil && errors.Is(halted, errScriptMemory):
		return ErrorResult(fmt.Sprintf("run_script: the script kept over %d MiB of memory (Options.ScriptMemory); it made %d calls", r.scripts.memory>>20, len(run.calls)))
	case halted != nil:
		return ErrorResult("run_script: stopped: the call was canceled (" + halted.Error() + ")")
	case err != nil:
		return ErrorResult(run.secret.Cap("run_script: the script "+text, limit))
	}
	return Result{Text: run.secret.CapBytes(out, limit)}
}

// settled is what the script's function returned: the value of the
// promise an async function returns (its jobs have run when the call
// returns), or what it was rejected with, thrown.
func settled(vm *goja.Runtime, v goja.Value) goja.Value {
	// Only a promise is exported: Export walks a whole value, running
	// its getters and proxies' traps, which the writer runs once.
	o, ok := v.(*goja.Object)
	if !ok || o.ExportType() != promiseType {
		return v
	}
	p, ok := o.Export().(*goja.Promise)
	if !ok {
		return v
	}
	switch p.State() {
	case goja.PromiseStateFulfilled:
		return p.Result()
	case goja.PromiseStateRejected:
		panic(p.Result())
	}
	panic(vm.NewTypeError("the script awaits a promise that never settles (there are no timers)"))
}

var promiseType = reflect.TypeFor[*goja.Promise]()

// jsValue is a JSON text as a value of the script: parsed by the bounded
// JSON.parse.
func (rt *scriptRuntime) jsValue(text []byte) goja.Value {
	v, err := rt.parse(goja.Undefined(), rt.VM.ToValue(string(text)))
	if err != nil {
		panic(err)
	}
	return v
}

// throw throws an Error with msg, the call's secrets redacted.
func (rt *scriptRuntime) throw(msg string) {
	o, err := rt.VM.New(rt.errorCtr, rt.VM.ToValue(rt.run.secret.Redact(msg)))
	if err != nil {
		panic(err)
	}
	panic(o)
}

// call is the script's call(name, params): call_capability.
func (rt *scriptRuntime) call(fc goja.FunctionCall) goja.Value {
	run := rt.run
	name, ok := fc.Argument(0).Export().(string)
	if !ok {
		panic(rt.VM.NewTypeError("call(name, params): name must be a capability's name, a string"))
	}
	if len(run.calls) >= MaxScriptCalls {
		rt.throw(fmt.Sprintf("call(%s): a script makes at most %d capability calls", textcut.Quote(name), MaxScriptCalls))
	}
	params := []byte("{}")
	if p := fc.Argument(1); !goja.IsUndefined(p) && !goja.IsNull(p) {
		if _, isObj := p.(*goja.Object); !isObj {
			panic(rt.VM.NewTypeError("call(%s, params): params must be an object", textcut.Quote(name)))
		}
		w := jsbox.Writer{B: rt.Bounds, What: "call's params"}
		params, _ = w.Append(nil, p)
	}
	run.learn(name)
	run.clock.pause()
	start := time.Now()
	res := run.r.callCapability(run.ctx, name, params, nil, run.opts)
	run.calls = append(run.calls, ScriptCall{Capability: textcut.Cut(name, maxNameBytes), IsError: res.IsError, Elapsed: time.Since(start)})
	if !run.clock.resume() {
		panic(rt.VM.NewGoError(errScriptTimeout)) // halted meanwhile
	}
	switch {
	case res.Signals.NeedsConfirmation:
		rt.throw(fmt.Sprintf("capability %q needs the user's confirmation, which a script cannot ask for: it was not run; call it with call_capability", name))
	case res.Signals.Manual:
		rt.throw(fmt.Sprintf("capability %q is done by the application's front end, which a script cannot reach: call it with call_capability", name))
	case res.IsError:
		rt.throw(res.Text)
	}
	if json.Valid([]byte(res.Text)) {
		return rt.jsValue([]byte(res.Text))
	}
	return rt.VM.ToValue(res.Text)
}

// learn adds the secrets a call of name can know to the run's redactor.
func (run *scriptRun) learn(name string) {
	if run.known[name] {
		return
	}
	run.known[name] = true
	e, ok := run.r.get(name)
	if !ok {
		return
	}
	call := &Call{opts: newCallOptions(run.opts)}
	for _, s := range run.r.callSecrets(&e.cap, call).list() {
		run.secret.Add(s)
	}
}

// search is the script's search(words, limit): ranked names with the
// first sentence of their descriptions.
func (rt *scriptRuntime) search(fc goja.FunctionCall) goja.Value {
	words := fc.Argument(0).String()
	limit := 10
	if l := fc.Argument(1); !goja.IsUndefined(l) {
		limit = int(min(max(l.ToInteger(), 1), maxScriptSearch))
	}
	r := rt.run.r
	hits, _ := r.rank(rt.run.ctx, textcut.Cut(words, 1024), nil, limit)
	b := []byte{'['}
	for _, h := range hits {
		e, ok := r.get(h.ID)
		if !ok {
			continue
		}
		if len(b) > 1 {
			b = append(b, ',')
		}
		b = jsonstr.Append(append(b, `{"name":`...), e.cap.Name)
		b = append(jsonstr.Append(append(b, `,"description":`...), textcut.Brief(e.cap.Description)), '}')
	}
	return rt.jsValue(append(b, ']'))
}

// describe is the script's describe(name): what query_capability_detail
// shows.
func (rt *scriptRuntime) describe(fc goja.FunctionCall) goja.Value {
	r := rt.run.r
	name := fc.Argument(0).String()
	e, ok := r.get(name)
	if !ok {
		rt.throw(r.unknownCapability(name))
	}
	res := r.detail(e, newCallOptions(rt.run.opts))
	return rt.jsValue([]byte(res.Text))
}

// scriptClock bounds the time a script computes: it runs while the
// script does and stops while a call it made runs.
type scriptClock struct {
	left    time.Duration
	started time.Time
	timer   *time.Timer
}

func startClock(d time.Duration, expire func()) *scriptClock {
	return &scriptClock{left: d, started: time.Now(), timer: time.AfterFunc(d, expire)}
}

func (c *scriptClock) pause() {
	c.timer.Stop()
	c.left -= time.Since(c.started)
}

// resume restarts the clock; false when it ran out before it paused.
func (c *scriptClock) resume() bool {
	if c.left <= 0 {
		return false
	}
	c.started = time.Now()
	c.timer.Reset(c.left)
	return true
}

func (c *scriptClock) stop() { c.timer.Stop() }
