package toolkit

import (
	"bytes"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"

	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/internal/textcut"
	"github.com/toolkit-sdk/toolkit/internal/yamlast"
	"github.com/toolkit-sdk/toolkit/template"
)

// A step's failure handling (extension): which statuses it expects besides
// 2xx (ok_status), and what its on_error does when its request fails or
// its response has a status it does not expect. In the order of the
// other extensions: spec, compile, run.
//
// Our reading of the spec's "HTTP 请求失败 → 返回错误详情给 LLM", extended
// to an answer the step does not handle: the vars of a step are extracted
// from any response, and default, abort and jump keep their meaning on any
// status; what no handling covers — an unexpected status where a var
// would silently be "", or where the step's result, next step or raw body
// would take the error for data — fails the call with the step, the status
// line and an excerpt of the body.

// onErrorKind is what a step's on_error does.
type onErrorKind uint8

const (
	onErrorNone     onErrorKind = iota // the call fails with the error
	onErrorJump                        // go to another step
	onErrorAbort                       // the call fails with the file's message
	onErrorContinue                    // go on, as a non-2xx response did before on_error
)

// onError is a step's compiled on_error.
type onError struct {
	kind onErrorKind
	jump int    // onErrorJump: the step
	msg  string // onErrorAbort: the message
}

// maxAbortBytes bounds on_error's abort message.
const maxAbortBytes = 1024

// maxStatusBytes bounds the status line in the error.
const maxStatusBytes = 200

// statusExcerptBytes is how much of a failed response's body the model
// reads in the error.
const statusExcerptBytes = 300

var onErrorFields = []string{"jump", "abort"}

// okStatus reads ok_status: a status or a list of them, 100 to 599.
func (c *compiler) okStatus(s *step, n ast.Node, path string) {
	items := []ast.Node{n}
	if _, isSeq := c.resolve(n).(*ast.SequenceNode); isSeq {
		items, _ = c.seq(n, path)
	}
	for i, item := range items {
		ip := path
		if item != n {
			ip = indexPath(path, i)
		}
		code, ok := c.integer(item, ip)
		if !ok {
			continue
		}
		switch {
		case code < 100 || code > 599:
			c.errorf(item, ip, "%d is not an HTTP status (100 to 599)", code)
		case code >= 200 && code < 300:
			c.warnf(item, ip, "a 2xx status is always expected; list the others the step expects, such as 404")
		default:
			s.okStatus = append(s.okStatus, code)
		}
	}
}

// onError reads on_error: continue, {jump: N} or {abort: "message"}.
func (c *compiler) onError(s *step, n ast.Node, path string) {
	if _, isStr := c.resolve(n).(*ast.StringNode); isStr {
		word, _ := c.str(n, path)
		if word != "continue" {
			c.errorf(n, path, "%q: write on_error: continue, on_error: {jump: N} or on_error: {abort: \"message\"}", word)
			return
		}
		s.onError.kind = onErrorContinue
		return
	}
	fields, ok := c.mapping(n, path, onErrorFields)
	if !ok {
		return
	}
	var known []field
	for _, f := range fields {
		if slices.Contains(onErrorFields, f.key) {
			known = append(known, f)
		}
	}
	switch {
	case len(known) > 1:
		c.errorf(n, path, "set one of jump and abort, not both")
		return
	case len(known) == 0:
		if all, _ := yamlast.MappingValues(c.resolve(n)); len(all) == 0 { // else an unknown field, reported
			c.errorf(n, path, "set one of jump and abort")
		}
		return
	}
	f := known[0]
	fp := path + "." + f.key
	switch f.key {
	case "jump":
		if s.index == PreRequestIndex {
			c.errorf(f.value, fp, "a pre_request runs before the steps and cannot jump to one; use abort or continue")
			return
		}
		if j, ok := c.integer(f.value, fp); ok {
			s.onError = onError{kind: onErrorJump, jump: j}
			c.checkTarget(f.value, fp, j)
		}
	case "abort":
		if msg, ok := c.str(f.value, fp); ok && c.short(f.value, fp, msg, maxAbortBytes) {
			if strings.TrimSpace(msg) == "" {
				c.errorf(f.value, fp, "must not be empty: it is what the model reads")
			}
			s.onError = onError{kind: onErrorAbort, msg: strings.TrimSpace(msg)}
		}
	}
}

// expects reports whether the step takes resp as a success: a 2xx, or a
// status its ok_status lists.
func (s *step) expects(resp *Response) bool {
	if resp.OK() {
		return true
	}
	for _, code := range s.okStatus {
		if resp.StatusCode == code {
			return true
		}
	}
	return false
}

// handles reports whether a var of the step says what to do when its
// extraction fails (default, abort or jump): the step is written for
// failing responses.
func (s *step) handles() bool {
	for _, v := range s.vars {
		if !v.fromLoop && (v.hasDefault || v.abort || v.jump >= 0) {
			return true
		}
	}
	return false
}

// requestError is a step's request that got no response.
type requestError struct {
	method, url string
	err         error
}

// requestFailed decides what a step whose request failed does: its
// on_error, or the call fails. The call's end (canceled, its request
// budget spent) is no step's to handle.
func (r *run) requestFailed(s *step, e *requestError) (next int, res Result, done bool) {
	detail := fmt.Sprintf(msgRequest.in(r.zh), r.stepName(s), e.method, r.briefURL(e.url), e.err)
	if r.ctx.Err() != nil || errors.Is(e.err, ErrRequestBudget) {
		return 0, r.fail("%s", detail), true
	}
	switch s.onError.kind {
	case onErrorJump:
		r.stepFailed(s, "request failed", slog.String("error", r.secrets.Redact(e.err.Error())))
		return s.onError.jump, Result{}, false
	case onErrorAbort:
		return 0, r.fail(msgOnErrorAbort.in(r.zh), s.onError.msg, detail), true
	case onErrorContinue:
		r.stepFailed(s, "request failed", slog.String("error", r.secrets.Redact(e.err.Error())))
		return r.noResponse(s, detail)
	}
	return 0, r.fail("%s", detail), true
}

// noResponse goes on after a step whose request failed, under on_error:
// continue: each var's extraction failed, so its default, abort or jump
// applies, and a var without one is "". The call's raw body, if it ends
// here, is empty.
func (r *run) noResponse(s *step, detail string) (int, Result, bool) {
	r.last = nil
	for i, v := range s.vars {
		switch {
		case v.fromLoop:
			if v.name == loopItemsVar {
				r.setVar(s, i, template.Value{Text: "[]", Raw: true})
			} else {
				r.setVar(s, i, template.Value{Text: "false", Raw: true})
			}
		case v.hasDefault:
			r.setVar(s, i, template.Value{Text: v.def})
		case v.abort:
			return 0, r.fail(msgAbort.in(r.zh), v.name, r.stepName(s), v.expr, detail), true
		case v.jump >= 0:
			return v.jump, Result{}, false
		default:
			r.varsOf(s)[i] = varValue{set: true}
		}
	}
	return r.after(s)
}

// unexpectedStatus decides what a step does with a response of a status it
// does not expect, before its vars are extracted: on_error jump and abort
// decide at once (ok false); without on_error, or with continue, the vars
// are extracted (ok true) and statusFailure judges what they left.
func (r *run) unexpectedStatus(s *step, method, u string, resp *Response) (next int, res Result, done, ok bool) {
	switch s.onError.kind {
	case onErrorJump:
		r.stepFailed(s, "unexpected status", slog.Int("status", resp.StatusCode))
		return s.onError.jump, Result{}, false, false
	case onErrorAbort:
		return 0, r.fail(msgOnErrorAbort.in(r.zh), s.onError.msg, r.statusDetail(s, method, u, resp)), true, false
	}
	return 0, Result{}, false, true
}

// statusDetail is the error of an unexpected status: the step, the
// request (its URL without the query), the status line and the start of
// the body, redacted.
func (r *run) statusDetail(s *step, method, u string, resp *Response) string {
	b := bytes.TrimSpace(resp.Body)
	var status, shown string
	var cut bool
	if r.secrets.holds('\n') {
		// A secret holding a line break may span the status line and the
		// body: they are redacted as one text, then split again.
		var joined string
		joined, cut = r.secrets.prefix(append([]byte(resp.Status+"\n"), b...), len(resp.Status)+1+statusExcerptBytes)
		status, shown, _ = strings.Cut(joined, "\n")
	} else {
		status = r.secrets.Redact(resp.Status)
		shown, cut = r.secrets.prefix(b, statusExcerptBytes) // redacted, then cut
	}
	body := msgEmptyBody.in(r.zh)
	if mt, bin := binaryType(resp.Header, resp.Body); bin {
		// Not text: what it is, never its bytes as text.
		body = fmt.Sprintf("%s, %d bytes", textcut.Cut(r.secrets.Redact(mt), 64), len(resp.Body))
	} else if shown != "" {
		if cut {
			shown += "…"
		}
		body = fmt.Sprintf("%q", shown)
	}
	// The reason phrase is the server's: as long as its headers may be,
	// with any byte but CR and LF (an ANSI escape, NUL), shown escaped.
	return fmt.Sprintf(msgStatus.in(r.zh), r.stepName(s), method, r.briefURL(u), textcut.Cut(textcut.Printable(status), maxStatusBytes), body)
}

// stepFailed logs a step's failure that its on_error handles: the call
// goes on, and the host should still learn that a source is failing.
func (r *run) stepFailed(s *step, what string, attr slog.Attr) {
	r.e.opts.Logger.LogAttrs(r.ctx, slog.LevelWarn, "toolkit: step "+what+"; on_error handles it",
		slog.String("capability", r.w.Name), slog.Int("step", s.index), attr)
}
