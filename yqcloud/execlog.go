package yqcloud

import (
	"context"
	"log/slog"
)

// execContext is a call's context carrying the Logger of the Executor the
// call runs on, for the hooks' console output when Options.Logger is not
// set. It lives inside the call's state: no allocation of its own.
type execContext struct {
	context.Context
	logger *slog.Logger
}

type execLoggerKey struct{}

func (c *execContext) Value(key any) any {
	if key == (execLoggerKey{}) {
		return c.logger
	}
	return c.Context.Value(key)
}

// execLogger is the Executor's Logger that ctx carries, else slog.Default().
func execLogger(ctx context.Context) *slog.Logger {
	if ctx != nil {
		if l, _ := ctx.Value(execLoggerKey{}).(*slog.Logger); l != nil {
			return l
		}
	}
	return slog.Default()
}

// execLogHandler sends records to the Logger of the Executor that the
// record's context carries (see execContext).
type execLogHandler struct {
	with func(slog.Handler) slog.Handler // WithAttrs and WithGroup, in order
}

func (h execLogHandler) handler(ctx context.Context) slog.Handler {
	hd := execLogger(ctx).Handler()
	if h.with != nil {
		hd = h.with(hd)
	}
	return hd
}

func (h execLogHandler) Enabled(ctx context.Context, level slog.Level) bool {
	return execLogger(ctx).Handler().Enabled(ctx, level)
}

func (h execLogHandler) Handle(ctx context.Context, r slog.Record) error {
	return h.handler(ctx).Handle(ctx, r)
}

func (h execLogHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	return h.then(func(hd slog.Handler) slog.Handler { return hd.WithAttrs(attrs) })
}

func (h execLogHandler) WithGroup(name string) slog.Handler {
	return h.then(func(hd slog.Handler) slog.Handler { return hd.WithGroup(name) })
}

func (h execLogHandler) then(f func(slog.Handler) slog.Handler) slog.Handler {
	prev := h.with
	return execLogHandler{with: func(hd slog.Handler) slog.Handler {
		if prev != nil {
			hd = prev(hd)
		}
		return f(hd)
	}}
}
