package toolkit

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"
)

// ScriptInfo describes a run of a run_script script. Calls, IsError and
// Elapsed are set for ScriptEnd.
type ScriptInfo struct {
	// Calls are the capability calls the script made, in order.
	Calls   []ScriptCall
	IsError bool // the script failed: its Result is an error for the model
	Elapsed time.Duration
}

// ScriptCall is one capability call a script made.
type ScriptCall struct {
	Capability string // the name the script called, registered or not (a long one cut)
	IsError    bool   // the call's Result was an error (the script got an exception)
	Elapsed    time.Duration
}

// Mermaid returns the script's calls as a Mermaid flowchart: run_script,
// then each call in order (an error marked), then its outcome. Labels are
// escaped as Workflow.Mermaid's are, so a name the script made up is safe.
func (s ScriptInfo) Mermaid() string {
	var b strings.Builder
	b.WriteString("flowchart TD\n")
	fmt.Fprintf(&b, "  start([%s])\n", mermaidLabel(ToolRunScript))
	prev := "start"
	for i, c := range s.Calls {
		label := fmt.Sprintf("%d. call %s", i+1, clip(c.Capability, maxNameBytes))
		if c.IsError {
			label += " (error)"
		}
		fmt.Fprintf(&b, "  c%d[%s]\n", i+1, mermaidLabel(label))
		fmt.Fprintf(&b, "  %s --> c%d\n", prev, i+1)
		prev = fmt.Sprintf("c%d", i+1)
	}
	outcome := "result"
	if s.IsError {
		outcome = "error to the model"
	}
	fmt.Fprintf(&b, "  done([%s])\n  %s --> done\n", mermaidLabel(outcome), prev)
	return b.String()
}

// scriptTrace is a script being observed; its zero value reports nothing.
type scriptTrace struct {
	e     *Executor
	start time.Time
}

// startScript reports the start of a script if anyone observes it.
func (e *Executor) startScript(ctx context.Context) (context.Context, scriptTrace) {
	if !e.observing(ctx) {
		return ctx, scriptTrace{}
	}
	if o := e.opts.Observer; o != nil && o.ScriptStart != nil {
		ctx = o.ScriptStart(ctx, ScriptInfo{})
	}
	return ctx, scriptTrace{e: e, start: time.Now()}
}

func (t *scriptTrace) done(ctx context.Context, calls []ScriptCall, res *Result) {
	if t.e == nil {
		return
	}
	info := ScriptInfo{Calls: calls, IsError: res.IsError, Elapsed: time.Since(t.start)}
	if o := t.e.opts.Observer; o != nil && o.ScriptEnd != nil {
		o.ScriptEnd(ctx, info)
	}
	if t.e.debug(ctx) {
		names := make([]string, len(calls))
		for i, c := range calls {
			names[i] = c.Capability
		}
		t.e.opts.Logger.LogAttrs(ctx, slog.LevelDebug, "toolkit: script",
			slog.Any("calls", names), slog.Bool("is_error", info.IsError), slog.Duration("duration", info.Elapsed))
	}
}
