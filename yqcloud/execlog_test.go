package yqcloud

import (
	"log/slog"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// TestExecutorLimitsAndLogger: a Set whose Options leave MaxResultBytes
// and Logger unset takes them from the Executor each capability runs on
// (the same Set registered on two Registries gets each one's); set in
// Options, they win.
func TestExecutorLimitsAndLogger(t *testing.T) {
	src := def("big", "", `{"type": "call_url", "url": "/transparent", "responseParser": "console.log('hello from', 'big'); return 'x'.repeat(70000)"}`)
	newLogger := func() (*slog.Logger, *strings.Builder) {
		var b strings.Builder
		return slog.New(slog.NewTextHandler(&b, &slog.HandlerOptions{Level: slog.LevelDebug})), &b
	}
	const logged = `msg="yqcloud: console.log" function=big hook=responseParser message="hello from big"`
	tests := []struct {
		name     string
		opts     *Options // the Set's
		execMax  int      // toolkit.Options.MaxResultBytes
		wantMax  int      // the bytes of the text before the cut note
		setsLog  bool     // opts has a Logger of its own
		quietReg bool     // the Registry's Logger does not get the console output
	}{
		{"executor's", nil, 100, 100, false, false},
		{"executor's, other bound", &Options{}, 300, 300, false, false},
		{"executor's default", nil, 0, toolkit.DefaultMaxResultBytes, false, false},
		{"Set's bound wins", &Options{MaxResultBytes: 200}, 100, 200, false, false},
		{"Set's logger wins", &Options{}, 100, 100, true, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var setLog *strings.Builder
			opts := tt.opts
			if tt.setsLog {
				var l *slog.Logger
				l, setLog = newLogger()
				o := *opts
				o.Logger = l
				opts = &o
			}
			set, diags := Parse("t.json", []byte(src), opts)
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			// Two registries share the Set: each call takes its own's.
			for i := range 2 {
				l, regLog := newLogger()
				execMax := tt.execMax
				if execMax > 0 {
					execMax += i
				}
				reg := toolkit.NewRegistry(&toolkit.Options{Logger: l, MaxResultBytes: execMax})
				if err := set.Register(reg); err != nil {
					t.Fatal(err)
				}
				res := call(reg, "big", `{}`)
				want := tt.wantMax
				if tt.opts == nil || tt.opts.MaxResultBytes == 0 {
					if tt.execMax > 0 {
						want += i
					}
				}
				text, note, cut := strings.Cut(res.Text, "\n[truncated: ")
				if res.IsError || !cut || len(text) > want || len(text) < want-3 || !strings.HasSuffix(note, " of 70000 bytes shown]") {
					t.Errorf("registry %d: %d bytes before the note (want %d): %.80q…", i, len(text), want, res.Text)
				}
				if got := strings.Contains(regLog.String(), logged); got == tt.quietReg {
					t.Errorf("registry %d: its log holds the console output: %v, want %v:\n%s", i, got, !tt.quietReg, regLog)
				}
			}
			if setLog != nil && strings.Count(setLog.String(), logged) != 2 {
				t.Errorf("the Set's log does not hold both calls' console output:\n%s", setLog)
			}
		})
	}
}

// TestExecLogHandler: the handler standing for the Executor's Logger keeps
// the attributes and groups it was given, in order.
func TestExecLogHandler(t *testing.T) {
	var b strings.Builder
	l := slog.New(slog.NewTextHandler(&b, &slog.HandlerOptions{Level: slog.LevelDebug}))
	var st callState
	st.ectx = execContext{Context: t.Context(), logger: l}
	slog.New(execLogHandler{}).With("a", 1).WithGroup("g").With("b", 2).DebugContext(&st.ectx, "m", "c", 3)
	if got, want := b.String(), "level=DEBUG msg=m a=1 g.b=2 g.c=3\n"; !strings.HasSuffix(got, want) {
		t.Errorf("log %q, want it to end in %q", got, want)
	}
	if execLogger(t.Context()) != slog.Default() {
		t.Error("without an Executor's Logger in the context, not slog.Default()")
	}
}
