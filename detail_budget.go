package toolkit

import (
	"bytes"
	"cmp"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// MinDiscoveryBytes is the least MaxDiscoveryBytes that holds one
// capability's query_capability_detail answer whatever the capability
// (its name, category, a cut description and its parameters' names):
// Options.Check reports a smaller one, and such a detail answer takes up
// to MinDiscoveryBytes.
const MinDiscoveryBytes = 1024

// detailBudget is what a query_capability_detail answer may take.
func (r *Registry) detailBudget() int { return max(r.exec.DiscoveryBudget(), MinDiscoveryBytes) }

// Trimming levels of a detail answer's parameters, each shorter than the
// one before.
const (
	trimNested = iota + 1 // nested objects and arrays collapsed to their type, descriptions cut
	trimTypes             // the parameters' names and types only
	trimNames             // as many parameters' names and types as fit
)

// trimmedDetail is the detail answer of c with its schema trimmed to fit
// budget bytes, with a "trimmed" member saying what was left out: the
// smallest trimming that fits, then the description cut.
func trimmedDetail(c *Capability, description string, schema json.RawMessage, budget int) []byte {
	var s map[string]any
	dec := json.NewDecoder(bytes.NewReader(schema))
	dec.UseNumber()
	if dec.Decode(&s) != nil {
		s = map[string]any{"type": "object"}
	}
	render := func(params any, note, desc string) []byte {
		b, err := jsonstr.Marshal(jsonstr.Object{
			{Key: "name", Value: c.Name}, {Key: "category", Value: c.Category}, {Key: "description", Value: desc},
			{Key: "parameters", Value: params}, {Key: "trimmed", Value: note},
		})
		if err != nil {
			return nil
		}
		return b
	}
	budgetText := textcut.Count(budget)
	for level := trimNested; level <= trimTypes; level++ {
		if b := render(trimSchema(s, level, -1), trimNote(level, budgetText, 0, 0), description); b != nil && len(b) <= budget {
			return b
		}
	}
	// Names and types: as many parameters as fit, the description cut
	// when not even none of them leaves room for it.
	props, _ := s["properties"].(map[string]any)
	n := len(props)
	lo, hi := 0, n // the most parameters that fit lies in [lo, hi]
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if b := render(trimSchema(s, trimNames, mid), trimNote(trimNames, budgetText, mid, n), description); b != nil && len(b) <= budget {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	params, note := trimSchema(s, trimNames, lo), trimNote(trimNames, budgetText, lo, n)
	b := render(params, note, description)
	if len(b) > budget {
		empty := len(render(params, note, ""))
		// Escaping may make the cut description longer than its bytes:
		// cut until it fits.
		for room := budget - empty - len("…"); room > 0; room = room * 3 / 4 {
			if b = render(params, note, textcut.Cut(description, room)); len(b) <= budget {
				return b
			}
		}
		b = render(params, note, "")
	}
	return b
}

// trimNote is the "trimmed" member of a trimmed detail answer.
func trimNote(level int, budget string, shown, of int) string {
	const head = "the parameters' schema was trimmed to fit the answer in " // + budget + " bytes: "
	switch level {
	case trimNested:
		return head + budget + " bytes: nested objects and arrays show their type only and long descriptions are cut; call_capability checks the full schema"
	case trimTypes:
		return head + budget + " bytes: parameters show their names and types only; call_capability checks the full schema"
	}
	return fmt.Sprintf("%s%s bytes: %d of the %d parameters show their names and types (required first); call_capability checks the full schema", head, budget, shown, of)
}

// trimDescriptionBytes is how much of a parameter's description the
// first trimming level keeps.
const trimDescriptionBytes = 200

// trimSchema is the object schema s trimmed to level: keep is how many
// properties trimNames keeps (required ones first, then by name).
func trimSchema(s map[string]any, level, keep int) map[string]any {
	out := map[string]any{"type": "object"}
	req := stringsOf(s["required"])
	props, _ := s["properties"].(map[string]any)
	names := make([]string, 0, len(props))
	for name := range props {
		names = append(names, name)
	}
	isReq := func(n string) bool { return slices.Contains(req, n) }
	slices.SortFunc(names, func(a, b string) int {
		if ra, rb := isReq(a), isReq(b); ra != rb {
			if ra {
				return -1
			}
			return 1
		}
		return cmp.Compare(a, b)
	})
	if keep >= 0 && keep < len(names) {
		names = names[:keep]
	}
	kept := map[string]any{}
	for _, name := range names {
		p, _ := props[name].(map[string]any)
		q := map[string]any{}
		if t, ok := p["type"]; ok {
			q["type"] = t
		}
		if level == trimNested {
			for _, k := range []string{"enum", "format", "default"} {
				if v, ok := p[k]; ok {
					q[k] = v
				}
			}
			if d, ok := p["description"].(string); ok {
				q["description"] = textcut.Cut(d, trimDescriptionBytes)
			}
		}
		kept[name] = q
	}
	if len(props) > 0 {
		out["properties"] = kept
	}
	if len(req) > 0 {
		var r []string
		for _, n := range req {
			if _, ok := kept[n]; ok {
				r = append(r, n)
			}
		}
		if len(r) > 0 {
			out["required"] = r
		}
	}
	return out
}

func stringsOf(v any) []string {
	xs, _ := v.([]any)
	var out []string
	for _, x := range xs {
		if s, ok := x.(string); ok {
			out = append(out, s)
		}
	}
	return out
}
