package toolkit

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxGraphResult bounds the result text shown in a Mermaid result node.
const maxGraphResult = 120

// Mermaid returns w's step chain as a Mermaid flowchart, for a README or
// a review (GitHub renders a ```mermaid block as a diagram).
//
// Each step is a node showing its index, method and URL template (with
// its query, and cache, retry, loop or export when set); a loop step has an edge
// to itself saying how it reaches the next page. Solid edges are the success
// paths, labelled with the vars the step extracts on its way: to the step
// named by next ("next: ..."), to the following step (fall-through), to a
// result node holding the result template, or, past the last step, to the
// raw body of the last response. Dotted edges are the failure handling of
// a var (jump to a fallback step, or abort) and of the step's request
// (on_error: jump or abort). A pre_request is a node
// between the start and step 0. Node declarations come first,
// then the edges; labels are quoted and escaped with Mermaid's entity
// codes, so any template text is safe in them.
func (w *Workflow) Mermaid() string {
	var b strings.Builder
	b.WriteString("flowchart TD\n")
	start := w.Name
	if l := w.authLabel(); l != "" {
		start += "\n" + l
	}
	fmt.Fprintf(&b, "  start([%s])\n", mermaidLabel(start))
	aborts, rawBody := w.mermaidPreNode(&b), false
	for _, s := range w.steps {
		fmt.Fprintf(&b, "  s%d[%s]\n", s.index, mermaidLabel(stepLabel(s)))
		if s.result != nil {
			fmt.Fprintf(&b, "  r%d([%s])\n", s.index, mermaidLabel("result: "+clip(s.result.Source(), maxGraphResult)))
		}
		for _, v := range s.vars {
			aborts = aborts || v.abort
		}
		aborts = aborts || s.onError.kind == onErrorAbort
		rawBody = rawBody || s.result == nil && s.next < 0 && s.index == len(w.steps)-1
	}
	if aborts {
		fmt.Fprintf(&b, "  abort([%s])\n", mermaidLabel("abort: error to the model"))
	}
	if rawBody {
		fmt.Fprintf(&b, "  body([%s])\n", mermaidLabel("last response body"))
	}
	w.mermaidPreEdges(&b)
	for _, s := range w.steps {
		if s.loop != nil {
			fmt.Fprintf(&b, "  s%d -->|%s| s%d\n", s.index, mermaidLabel(loopEdge(s.loop)), s.index)
		}
		for _, v := range s.vars {
			switch {
			case v.jump >= 0:
				fmt.Fprintf(&b, "  s%d -.->|%s| s%d\n", s.index, mermaidLabel(v.name+" fails: jump"), v.jump)
			case v.abort:
				fmt.Fprintf(&b, "  s%d -.->|%s| abort\n", s.index, mermaidLabel(v.name+" fails"))
			}
		}
		switch s.onError.kind {
		case onErrorJump:
			fmt.Fprintf(&b, "  s%d -.->|%s| s%d\n", s.index, mermaidLabel("request fails: jump"), s.onError.jump)
		case onErrorAbort:
			fmt.Fprintf(&b, "  s%d -.->|%s| abort\n", s.index, mermaidLabel("request fails"))
		}
		vars := edgeVars(s)
		var label, target string
		switch {
		case s.result != nil:
			label, target = vars, "r"+strconv.Itoa(s.index)
		case s.next >= 0:
			label, target = strings.TrimSuffix("next: "+vars, ": "), "s"+strconv.Itoa(s.next)
		case s.index+1 < len(w.steps):
			label, target = vars, "s"+strconv.Itoa(s.index+1)
		default:
			label, target = vars, "body"
		}
		if label == "" {
			fmt.Fprintf(&b, "  s%d --> %s\n", s.index, target)
		} else {
			fmt.Fprintf(&b, "  s%d -->|%s| %s\n", s.index, mermaidLabel(label), target)
		}
	}
	return b.String()
}

// stepLabel is a step node's text: index, method, URL template and query,
// then cache and retry on a second line.
func stepLabel(s *step) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d · %s ", s.index, s.method)
	if s.url != nil {
		b.WriteString(s.url.Source())
	}
	sep := "?"
	if s.url != nil && strings.Contains(s.url.Source(), "?") {
		sep = "&"
	}
	for _, q := range s.query {
		b.WriteString(sep + q.key + "=" + q.value.Source())
		sep = "&"
	}
	var extra []string
	switch {
	case s.cacheTTL > 0:
		extra = append(extra, fmt.Sprintf("cache %ds", int(s.cacheTTL.Seconds())))
	case s.cache:
		extra = append(extra, "cache")
	}
	if s.retry.max > 0 {
		extra = append(extra, fmt.Sprintf("retry %d", s.retry.max))
	}
	if l := s.loop; l != nil {
		pages := "loop: items " + l.items.String()
		if l.maxPages > 0 {
			pages += fmt.Sprintf(", max %d pages", l.maxPages)
		}
		extra = append(extra, pages+fmt.Sprintf(", max %d items", l.maxItems))
	}
	if s.stream != nil {
		extra = append(extra, s.stream.label())
	}
	if len(s.exports) > 0 {
		extra = append(extra, "export "+exportNames(s))
	}
	if s.upload != nil {
		extra = append(extra, s.upload.label()) // upload.go
	}
	if s.noAuth {
		extra = append(extra, "auth: none")
	}
	if len(extra) > 0 {
		b.WriteString("\n" + strings.Join(extra, ", "))
	}
	return b.String()
}

// loopEdge is the label of a loop step's edge to itself: how it reaches
// the next page, and the condition it pages under.
func loopEdge(l *loopSpec) string {
	how := l.style.label(l)
	if l.param != "" {
		how += " as ?" + l.param + "="
	}
	switch {
	case l.cond == nil:
	case l.until:
		how += ", until " + l.cond.String()
	default:
		how += ", while " + l.cond.String()
	}
	return "next page: " + how
}

// edgeVars lists the vars a step sets on its success path, with their
// defaults.
func edgeVars(s *step) string {
	names := make([]string, 0, len(s.vars))
	for _, v := range s.vars {
		if v.hasDefault {
			names = append(names, fmt.Sprintf("%s or %q", v.name, v.def))
			continue
		}
		names = append(names, v.name)
	}
	return strings.Join(names, ", ")
}

// clip cuts s to n runes, marking the cut with an ellipsis.
func clip(s string, n int) string {
	s = strings.TrimSpace(s)
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// mermaidLabel quotes s as a Mermaid label. Characters Mermaid would read
// as syntax or HTML become entity codes (#quot; #124; #35; ...); a line
// break becomes <br>.
func mermaidLabel(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString("#quot;")
		case '#':
			b.WriteString("#35;")
		case '|':
			b.WriteString("#124;")
		case ';':
			b.WriteString("#59;")
		case '<':
			b.WriteString("#lt;")
		case '>':
			b.WriteString("#gt;")
		case '&':
			b.WriteString("#amp;")
		case '`':
			b.WriteString("#96;")
		case '\n':
			b.WriteString("<br>")
		case '\r', '\t':
			b.WriteByte(' ')
		default:
			if r < ' ' || r == 0x7f {
				b.WriteByte(' ')
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// mermaidPreNode declares the pre_request's node, if w has one, and
// reports whether one of its vars aborts.
func (w *Workflow) mermaidPreNode(b *strings.Builder) (aborts bool) {
	switch {
	case w.pre != nil:
		fmt.Fprintf(b, "  pre[%s]\n", mermaidLabel("pre_request · "+strings.TrimPrefix(stepLabel(w.pre.step), "-1 · ")))
		return w.pre.step.onError.kind == onErrorAbort || slices.ContainsFunc(w.pre.step.vars, func(v varSpec) bool { return v.abort })
	case w.PreRequest != "":
		fmt.Fprintf(b, "  pre[%s]\n", mermaidLabel("pre_request: "+w.PreRequest+" (shared)"))
	}
	return false
}

// mermaidPreEdges links the start to step 0, through the pre_request if
// w has one.
func (w *Workflow) mermaidPreEdges(b *strings.Builder) {
	if w.pre == nil && w.PreRequest == "" {
		b.WriteString("  start --> s0\n")
		return
	}
	b.WriteString("  start --> pre\n")
	if w.pre == nil {
		b.WriteString("  pre --> s0\n")
		return
	}
	for _, v := range w.pre.step.vars {
		if v.abort {
			fmt.Fprintf(b, "  pre -.->|%s| abort\n", mermaidLabel(v.name+" fails"))
		}
	}
	if w.pre.step.onError.kind == onErrorAbort {
		b.WriteString("  pre -.->|\"request fails\"| abort\n")
	}
	if vars := edgeVars(w.pre.step); vars != "" {
		fmt.Fprintf(b, "  pre -->|%s| s0\n", mermaidLabel(vars))
		return
	}
	b.WriteString("  pre --> s0\n")
}

// exportNames lists what step s exports, for its Mermaid node.
func exportNames(s *step) string {
	names := make([]string, len(s.exports))
	for i, e := range s.exports {
		names[i] = e.name
	}
	return strings.Join(names, " ")
}
