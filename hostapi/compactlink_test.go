package hostapi

import "testing"

// TestCompactLinksSameAsKin: what a compact schema's refs are linked to
// (a compact component, the end of a chain of components that are refs,
// a loop of them, a component kept whole, one that failed) is what
// kin-openapi resolves them to, from a component's text, a parameter's
// or a body's.
func TestCompactLinksSameAsKin(t *testing.T) {
	ref := func(n string) string { return `{"$ref": "#/components/schemas/` + n + `"}` }
	props := func(names ...string) string {
		s := `{"type": "object", "properties": {`
		for i, n := range names {
			if i > 0 {
				s += ", "
			}
			s += `"` + n + `": ` + ref(n)
		}
		return s + `}}`
	}
	all := []string{"Chain", "ChainWhole", "Loop", "IntoLoop", "Self", "Esc", "Whole", "Leaf", "Rec"}
	comps := `"Chain": ` + ref("Chain2") + `, "Chain2": ` + ref("Leaf") + `,
	  "ChainWhole": ` + ref("Whole") + `,
	  "Loop": ` + ref("Loop2") + `, "Loop2": ` + ref("Loop") + `, "IntoLoop": ` + ref("Loop2") + `, "Self": ` + ref("Self") + `,
	  "Esc": {"$ref": "#/components/schemas/Odd%20Name"}, "Odd Name": {"type": "boolean", "description": "odd"},
	  "Whole": {"type": "object", "properties": {"o": {"$ref": "#/components/schemas/Odd%20Name"}, "e": ` + ref("Esc") + `, "c": ` + ref("Chain") + `}},
	  "Failed": {"type": "object", "properties": {"x": ` + ref("Bad") + `}}, "Bad": {"type": "string", "pattern": 5},
	  "Leaf": {"type": "integer", "description": "leaf", "nullable": true},
	  "Rec": {"type": "object", "properties": {"self": ` + ref("RecRef") + `, "kids": {"type": "array", "items": ` + ref("Rec") + `}}}, "RecRef": ` + ref("Rec")
	for _, version := range []string{"3.0.3", "3.1.0"} {
		sameDecoded(t, "links-"+version, []byte(rvDoc(version, props(all...), comps+`, "Top": `+props(all...))))
		for _, n := range append(all, "Failed") { // a component that failed leaves out the operation
			sameDecoded(t, "link-"+n+"-"+version, []byte(rvDoc(version, `{"type": "array", "items": `+ref(n)+`}`, comps)))
		}
	}
}
