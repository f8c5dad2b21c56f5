package hostapi

import "strings"

// refGraph is the graph of what a document's operations refer to, read
// once for all of them: a large document's operations share most of
// their components, so following each operation's refs on its own reads
// the same components once per operation. Its nodes are those of
// closure: a component's pointer, or "#" and a ref written out in place.
type refGraph struct {
	d *rawDoc
	// node memoizes where a ref leads: its node, or why it cannot be
	// followed.
	node map[string]refEnd
	// edges are the nodes a node's refs lead to.
	edges map[string][]string
	// tainted nodes lead, directly or not, to a ref that cannot be
	// followed.
	tainted map[string]bool
}

type refEnd struct{ key, why string }

func (d *rawDoc) newRefGraph() *refGraph {
	return &refGraph{d: d, node: map[string]refEnd{}, edges: map[string][]string{}, tainted: map[string]bool{}}
}

// resolve is where ref leads, as closure follows it (hoisting its target
// on the first call).
func (g *refGraph) resolve(ref string) refEnd {
	if e, ok := g.node[ref]; ok {
		return e
	}
	e := g.d.refEnd(ref)
	g.node[ref] = e
	return e
}

// refEnd is the node a ref leads to, or why it cannot be followed.
func (d *rawDoc) refEnd(ref string) refEnd {
	if !strings.HasPrefix(ref, "#") {
		return refEnd{why: "external references are not followed"}
	}
	c, ok := d.component(ref)
	if !ok {
		c, ok = d.hoist(ref)
	}
	if !ok {
		if _, found := d.lookup(ref); !found {
			return refEnd{why: "no such location in the document"}
		}
		return refEnd{key: "#" + ref}
	}
	if _, ok := d.comps[c]; !ok {
		return refEnd{why: "no such component"}
	}
	return refEnd{key: c}
}

// subRefs are the refs the value of a node holds.
func (d *rawDoc) subRefs(key string) []string {
	if sub, ok := d.compRefs[key]; ok {
		return sub
	}
	var sp span
	if ref, inline := strings.CutPrefix(key, "#"); inline {
		sp, _ = d.lookup(ref)
	} else {
		sp = d.comps[key]
	}
	sub := d.refs(sp, nil)
	d.compRefs[key] = sub
	return sub
}

// keys returns the nodes refs resolve to (those that resolve to one).
func (g *refGraph) keys(refs []string) []string {
	var out []string
	for _, r := range refs {
		if e := g.resolve(r); e.key != "" {
			out = append(out, e.key)
		}
	}
	return out
}

// add reads the graph reachable from refs.
func (g *refGraph) add(refs []string) {
	stack := g.keys(refs)
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if _, done := g.edges[k]; done {
			continue
		}
		out := []string{}
		for _, r := range g.d.subRefs(k) {
			e := g.resolve(r)
			if e.key == "" {
				g.tainted[k] = true
				continue
			}
			out = append(out, e.key)
			if _, done := g.edges[e.key]; !done {
				stack = append(stack, e.key)
			}
		}
		g.edges[k] = out
	}
}

// taint marks every node that leads to a tainted one. Call it once,
// after every add.
func (g *refGraph) taint() {
	rev := map[string][]string{}
	for k, out := range g.edges {
		for _, o := range out {
			rev[o] = append(rev[o], k)
		}
	}
	var stack []string
	for k := range g.tainted {
		stack = append(stack, k)
	}
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, from := range rev[k] {
			if !g.tainted[from] {
				g.tainted[from] = true
				stack = append(stack, from)
			}
		}
	}
}

// ok reports whether every ref of refs, and every ref they lead to, can
// be followed.
func (g *refGraph) ok(refs []string) bool {
	for _, r := range refs {
		if e := g.resolve(r); e.key == "" || g.tainted[e.key] {
			return false
		}
	}
	return true
}

// reach adds to set the components (not the places written out in
// place) that refs lead to; seen holds the nodes read, so that a node
// seen by an earlier call with the same seen is not read again.
func (g *refGraph) reach(refs []string, set, seen map[string]bool) {
	stack := g.keys(refs)
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[k] {
			continue
		}
		seen[k] = true
		if !strings.HasPrefix(k, "#") {
			set[k] = true
		}
		stack = append(stack, g.edges[k]...)
	}
}

// anyRef reports whether f holds for a ref the graph has read.
func (g *refGraph) anyRef(f func(ref string) bool) bool {
	for ref := range g.node {
		if f(ref) {
			return true
		}
	}
	return false
}
