package toolkit

import (
	"fmt"

	"github.com/toolkit-sdk/toolkit/internal/suggest"
)

// stepOrder is which steps can run after which, from the next, jump and
// on_error edges of a chain: what the loader checks a ${stepN:var}
// against, and where it finds steps that never run.
type stepOrder struct {
	steps     []*step
	fromStart []bool // a path from step 0 reaches the step
	// Made by closure when a reference first needs them: each step's
	// strongly connected component, and for each component the set of
	// components (a bitset) a path of one edge or more leads to.
	comp  []int
	later [][]uint64
}

func newStepOrder(steps []*step) *stepOrder {
	o := &stepOrder{steps: steps}
	if len(steps) > 0 {
		o.fromStart = o.reach(0)
	}
	return o
}

// successors calls visit with each step that can run right after s: its
// vars' and on_error's jump targets, and on success the step next names,
// or the following one; none after a result.
func (o *stepOrder) successors(s *step, visit func(int)) {
	for _, v := range s.vars {
		visit(v.jump)
	}
	if s.onError.kind == onErrorJump {
		visit(s.onError.jump)
	}
	switch {
	case s.result != nil:
	case s.next >= 0:
		visit(s.next)
	default:
		visit(s.index + 1)
	}
}

// reach returns the steps a path from step from leads to, itself
// included.
func (o *stepOrder) reach(from int) []bool {
	seen := make([]bool, len(o.steps))
	queue := []int{from}
	seen[from] = true
	for len(queue) > 0 {
		s := o.steps[queue[0]]
		queue = queue[1:]
		o.successors(s, func(i int) {
			if i >= 0 && i < len(o.steps) && !seen[i] {
				seen[i] = true
				queue = append(queue, i)
			}
		})
	}
	return seen
}

// closure finds the strongly connected components of the steps (Tarjan's
// algorithm, which ends a component after every component it leads to)
// and, for each, the components a path of one edge or more leads to: the
// union of its successors' sets and the successors themselves, itself
// too when a path leads back into it. Linear in the steps and edges times
// the bitsets' words: a chain of thousands of steps, each reading the one
// before, costs no search per reference.
func (o *stepOrder) closure() {
	n := len(o.steps)
	words := (n + 63) / 64
	o.comp = make([]int, n)
	order := make([]int, n) // 0: not visited yet, else the visit's order, from 1
	low := make([]int, n)
	onStack := make([]bool, n)
	var stack []int
	visited := 0
	var strong func(v int)
	strong = func(v int) {
		visited++
		order[v], low[v] = visited, visited
		stack = append(stack, v)
		onStack[v] = true
		o.successors(o.steps[v], func(w int) {
			switch {
			case w < 0 || w >= n:
			case order[w] == 0:
				strong(w)
				low[v] = min(low[v], low[w])
			case onStack[w]:
				low[v] = min(low[v], order[w])
			}
		})
		if low[v] != order[v] {
			return
		}
		c := len(o.later)
		top := len(stack) - 1
		for stack[top] != v {
			top--
		}
		members := stack[top:]
		stack = stack[:top]
		for _, m := range members {
			onStack[m] = false
			o.comp[m] = c
		}
		set := make([]uint64, words)
		cyclic := len(members) > 1
		for _, m := range members {
			o.successors(o.steps[m], func(w int) {
				if w < 0 || w >= n {
					return
				}
				d := o.comp[w]
				if d == c {
					cyclic = true
					return
				}
				set[d/64] |= 1 << (d % 64)
				for k, x := range o.later[d] {
					set[k] |= x
				}
			})
		}
		if cyclic {
			set[c/64] |= 1 << (c % 64)
		}
		o.later = append(o.later, set)
	}
	for v := range n {
		if order[v] == 0 {
			strong(v)
		}
	}
}

// before says why a var of step n has no value where step i reads it (in
// its result when inResult, else in its request), or "" when step n can
// have run by then. A step that never runs reads nothing: its references
// are not checked (a warning says it never runs).
func (o *stepOrder) before(n, i int, inResult bool) string {
	switch {
	case i < 0 || i >= len(o.steps) || n < 0 || n >= len(o.steps) || !o.fromStart[i]:
		return ""
	case !o.fromStart[n]:
		return fmt.Sprintf("step %d never runs (no path from step 0 reaches it), so its vars have no value", n)
	case n == i && inResult:
		return ""
	}
	if o.later == nil {
		o.closure()
	}
	switch c := o.comp[i]; {
	case o.later[o.comp[n]][c/64]&(1<<(c%64)) != 0:
		return ""
	case n == i:
		return fmt.Sprintf("step %d reads its own var before its request is sent, and no next, jump or on_error leads back to it: read it in result, or in a later step", n)
	}
	return fmt.Sprintf("step %d cannot have run before step %d: no path of next, jump or on_error leads from step %d to step %d, so the var has no value here", n, i, n, i)
}

// didYouMean is "; did you mean ${source:x}?" for the name of names
// closest to name, or "".
func didYouMean(source, name string, names []string) string {
	if s := suggest.Closest(name, names); s != "" {
		return fmt.Sprintf("; did you mean ${%s:%s}?", source, s)
	}
	return ""
}

func paramNames(ps []Param) []string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = p.Name
	}
	return names
}

func envNames(vs []EnvVar) []string {
	names := make([]string, len(vs))
	for i, v := range vs {
		names[i] = v.Name
	}
	return names
}
