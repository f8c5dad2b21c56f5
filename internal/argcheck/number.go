package argcheck

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/toolkit-sdk/toolkit/internal/callargs"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// A number's text is read, never expanded: 1e1000 is the digit 1 and the
// exponent 1000, not a thousand and one digits. A written exponent beyond
// ±maxExponent and a mantissa of more than maxDigits digits are refused;
// a number is normalized to integer text only when that text is short
// (maxGrowth); the validator, which reads every number into a big.Rat
// (10^1000 is 3,322 bits, made anew for each keyword), sees a number
// whose exponent is beyond what the schema's own numbers can tell apart
// as a stand-in that every keyword judges alike (see standIn), as long as
// the schema's numbers reach (a few digits for most schemas, 310 beside
// a maximum of 1.8e308); and what all the numbers it is shown add to
// their texts is bounded in all (maxExpansion).
const (
	maxExponent = 1000
	maxDigits   = 1000
	// maxGrowth is how much longer than its text a number's integer text
	// may be for normalization to write it ("1e20" becomes 21 digits;
	// "1e1000" stays as written).
	maxGrowth = 32
	// maxExpansion bounds, for one check, how many more digits than
	// their texts the numbers the validator is shown have in all once
	// written out, in its big.Rat numbers: the numbers as written (with
	// uniqueItems), or their stand-ins, which reach as far as the
	// schema's numbers (10^310 beside a maximum of 1.8e308). A number
	// past it is refused, so 4 MB of "1e1000" costs what about a
	// thousand of them do when the schema's numbers reach far, and stays
	// cheap (a stand-in of a few digits) when they do not.
	maxExpansion = 1 << 20
	// maxNesting is how deep arguments may nest arrays and objects: the
	// validator copies a value's location for each of its errors, so
	// 20,000 wrong items 5,000 levels deep cost it 3 GB.
	maxNesting = 100
	// maxValues is how many values (array items and object members, at
	// any depth) one check takes: the validator allocates about a
	// kilobyte for each value it finds wrong, so a 4 MB array of 0.5
	// against integer items cost it a gigabyte.
	maxValues = 20000
)

// countValues subtracts the array items and object members of v, at any
// depth up to maxNesting, from *left and reports whether they fit.
func countValues(v any, left *int, depth int) bool {
	if depth > maxNesting {
		return true // walkNumbers reports the nesting
	}
	switch x := v.(type) {
	case map[string]any:
		if *left -= len(x); *left < 0 {
			return false
		}
		for _, e := range x {
			if !countValues(e, left, depth+1) {
				return false
			}
		}
	case []any:
		if *left -= len(x); *left < 0 {
			return false
		}
		for _, e := range x {
			if !countValues(e, left, depth+1) {
				return false
			}
		}
	}
	return true
}

// decimal is a JSON number read from its text: its value is digits ×
// 10^exp, digits without leading or trailing zeros ("" for zero).
type decimal struct {
	neg    bool
	digits string
	exp    int
	// written is the exponent as written (0 without one), clamped to
	// ±(maxExponent+1); mantissa is the number of digits before it.
	written, mantissa int
}

// parseDecimal reads a JSON number's text in one pass; ok is false for
// text that is not a number.
func parseDecimal(s string) (d decimal, ok bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		d.neg = true
		i++
	}
	run := func() string {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return s[j:i]
	}
	whole := run()
	if whole == "" {
		return d, false
	}
	var frac string
	if i < len(s) && s[i] == '.' {
		i++
		if frac = run(); frac == "" {
			return d, false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		neg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			neg = s[i] == '-'
			i++
		}
		e := run()
		if e == "" {
			return d, false
		}
		e = strings.TrimLeft(e, "0")
		if len(e) > 4 {
			d.written = maxExponent + 1
		} else {
			for _, c := range []byte(e) {
				d.written = d.written*10 + int(c-'0')
			}
			d.written = min(d.written, maxExponent+1)
		}
		if neg {
			d.written = -d.written
		}
	}
	if i != len(s) {
		return d, false
	}
	d.mantissa = len(whole) + len(frac)
	whole = strings.TrimLeft(whole, "0")
	switch {
	case frac == "":
		d.digits = whole
	case whole == "":
		d.digits = strings.TrimLeft(frac, "0")
	default:
		d.digits = whole + frac
	}
	trimmed := strings.TrimRight(d.digits, "0")
	d.exp = d.written - len(frac) + len(d.digits) - len(trimmed)
	d.digits = trimmed
	if d.digits == "" {
		d.exp = 0
	}
	return d, true
}

// isInt reports an integer value.
func (d decimal) isInt() bool { return d.digits == "" || d.exp >= 0 }

// bounded reports a number within maxExponent and maxDigits.
func (d decimal) bounded() bool {
	return d.written >= -maxExponent && d.written <= maxExponent && d.mantissa <= maxDigits
}

// integerText is the integer t writes, without a fraction or an exponent
// ("4.0" is 4, "1.5e2" is 150), or t itself when that would be more than
// maxGrowth bytes longer than t; ok is false when t is not an integer
// within the bounds. Text without '.', 'e' or 'E' is returned as it is
// ("-0" stays).
func integerText(t string) (string, bool) {
	if !strings.ContainsAny(t, ".eE") {
		return t, true
	}
	d, ok := parseDecimal(t)
	if !ok || !d.bounded() || !d.isInt() {
		return "", false
	}
	if d.digits == "" {
		return "0", true
	}
	if len(d.digits)+d.exp > len(t)+maxGrowth {
		return t, true
	}
	var b strings.Builder
	b.Grow(1 + len(d.digits) + d.exp)
	if d.neg {
		b.WriteByte('-')
	}
	b.WriteString(d.digits)
	for range d.exp {
		b.WriteByte('0')
	}
	return b.String(), true
}

// numberScale is how far the numbers of a schema reach (minimum,
// multipleOf, enum, const, default...): scale is the largest count of
// digits plus the exponent's size, so every nonzero number of the schema
// lies between 10^-scale and 10^scale; factors is the most factors 2, or
// 5, of any of their numerators (the digits' and the exponent's).
func numberScale(v any) (scale, factors int) {
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case json.Number:
			if d, ok := parseDecimal(string(x)); ok && d.digits != "" {
				scale = max(scale, len(d.digits)+abs(d.exp))
				n, _ := new(big.Int).SetString(d.digits, 10)
				f2 := int(n.TrailingZeroBits())
				f5 := 0
				five, r := big.NewInt(5), new(big.Int)
				for q := new(big.Int).Set(n); ; f5++ {
					if q.QuoRem(q, five, r); r.Sign() != 0 {
						break
					}
				}
				factors = max(factors, max(f2, f5)+max(d.exp, 0))
			}
		case jsonstr.Object:
			for _, m := range x {
				walk(m.Value)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	return scale, factors
}

// hasKey reports whether key appears as a member name anywhere in v.
func hasKey(v any, key string) bool {
	switch x := v.(type) {
	case jsonstr.Object:
		for _, m := range x {
			if m.Key == key || hasKey(m.Value, key) {
				return true
			}
		}
	case []any:
		for _, e := range x {
			if hasKey(e, key) {
				return true
			}
		}
	}
	return false
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// standIn is what the validator is shown of a number whose exponent is
// far beyond the schema's numbers (needsStandIn). A stand-in is judged as the number by every keyword.
// With e0 = max(scale, factors)+1 (see numberScale):
//
//   - a huge number d×10^e (e > e0) stands as d×10^e0, written out: both
//     are integers beyond every number of the schema, on the same side of
//     each; a multipleOf p/q divides both or neither, since p has at most
//     e0 factors 2 or 5 and only d decides the rest (q has no others);
//   - a tiny number (nonzero, below 10^-(scale+1), written with an
//     exponent below -e0) stands as its digits just below 10^-(scale+2):
//     both lie between zero and every nonzero number of the schema, are
//     not integers, and no multipleOf (never smaller) divides them; enum
//     and const hold neither.
//
// Two numbers with the same digits and different huge exponents, or
// different tiny ones, stand alike: a schema with uniqueItems shows
// every number as it is (see Schema.standIns).
func (s *Schema) standIn(d decimal) string {
	sign := ""
	if d.neg {
		sign = "-"
	}
	if d.exp > 0 {
		return sign + d.digits + strings.Repeat("0", s.e0)
	}
	return sign + d.digits + "e" + strconv.Itoa(-(s.scale + 2 + len(d.digits)))
}

// needsStandIn reports a number standIn is for.
func (s *Schema) needsStandIn(d decimal) bool {
	return d.digits != "" && (d.exp > s.e0 || d.exp < -s.e0 && len(d.digits)+d.exp < -(s.scale+1))
}

// swap is one number replaced by its stand-in, for restore: an array's
// element (slot) or an object's member (m, key).
type swap struct {
	slot *any
	m    map[string]any
	key  string
	v    json.Number
}

// numberProblem is a number beyond the bounds, or arguments nested too
// deep: where, the keyword ("number" when empty) and what.
type numberProblem struct {
	loc       []string
	kind, msg string
}

// number checks one number: a problem when it is beyond the bounds, else
// whether it needs a stand-in (and the schema allows one). With spent
// non-nil, the digits the number adds to its text once shown to the
// validator are counted there against maxExpansion.
func (s *Schema) number(n json.Number, spent *int) (p *numberProblem, d decimal, stand bool) {
	d, ok := parseDecimal(string(n))
	if !ok {
		return nil, d, false // the validator decides
	}
	switch {
	case d.written < -maxExponent || d.written > maxExponent:
		return &numberProblem{msg: "must be a number with an exponent within ±1000, got " + textcut.Cut(string(n), 40)}, d, false
	case d.mantissa > maxDigits:
		return &numberProblem{msg: "must be a number of at most 1000 digits, got " + textcut.Cut(string(n), 40) +
			" (" + strconv.Itoa(d.mantissa) + " digits)"}, d, false
	}
	stand = s.standIns && s.needsStandIn(d)
	if spent != nil && d.digits != "" {
		// The digits of the numerator and denominator of the value the
		// validator is shown: the number's, or its stand-in's.
		shown := len(d.digits) + abs(d.exp)
		if stand && d.exp > 0 {
			shown = len(d.digits) + s.e0
		} else if stand {
			shown = 2*len(d.digits) + s.scale + 2
		}
		if *spent += max(shown-len(n), 0); *spent > maxExpansion {
			return &numberProblem{msg: "must be a number with a smaller exponent: the arguments hold too many numbers " +
				"far from 1 (more than " + strconv.Itoa(maxExpansion) + " digits in all once written out), got " + textcut.Cut(string(n), 40)}, d, false
		}
	}
	return nil, d, stand
}

// prepareNumbers readies v for the validator: it finds the first number
// beyond the bounds (its location built only then), else replaces the
// numbers that need one by their stand-ins and returns them for restore.
// A first walk counts them, so the record is allocated once. A bare
// number is shown to the validator as it is.
func (s *Schema) prepareNumbers(v any) (*numberProblem, []swap) {
	if left := maxValues; !countValues(v, &left, 0) {
		return &numberProblem{kind: "size", msg: "hold more than " + strconv.Itoa(maxValues) + " values (array items and object members in all); send fewer"}, nil
	}
	n, spent := 0, 0
	if p := s.walkNumbers(v, &spent, 0, func(*any, map[string]any, string, json.Number, decimal) { n++ }); p != nil || n == 0 {
		return p, nil
	}
	swaps := make([]swap, 0, n)
	s.walkNumbers(v, nil, 0, func(slot *any, m map[string]any, key string, old json.Number, d decimal) {
		swaps = append(swaps, swap{slot: slot, m: m, key: key, v: old})
		if slot != nil {
			*slot = json.Number(s.standIn(d))
		} else {
			m[key] = json.Number(s.standIn(d))
		}
	})
	return nil, swaps
}

// walkNumbers calls f with every number of v that needs a stand-in (in
// an array's slot, or an object's member m[key]), until a number beyond
// the bounds or a value nested deeper than maxNesting, which it returns
// (see number for spent; depth is v's).
func (s *Schema) walkNumbers(v any, spent *int, depth int, f func(slot *any, m map[string]any, key string, old json.Number, d decimal)) *numberProblem {
	switch v.(type) {
	case map[string]any, []any:
		if depth++; depth > maxNesting {
			return &numberProblem{kind: "nesting", msg: "is nested deeper than " + strconv.Itoa(maxNesting) + " levels of arrays and objects"}
		}
	}
	switch x := v.(type) {
	case json.Number:
		p, _, _ := s.number(x, spent)
		return p
	case map[string]any:
		for k, e := range x {
			var p *numberProblem
			if n, ok := e.(json.Number); ok {
				var d decimal
				var stand bool
				if p, d, stand = s.number(n, spent); stand {
					f(nil, x, k, n, d)
				}
			} else {
				p = s.walkNumbers(e, spent, depth, f)
			}
			if p != nil {
				p.loc = append([]string{k}, p.loc...)
				return p
			}
		}
	case []any:
		for i, e := range x {
			var p *numberProblem
			if n, ok := e.(json.Number); ok {
				var d decimal
				var stand bool
				if p, d, stand = s.number(n, spent); stand {
					f(&x[i], nil, "", n, d)
				}
			} else {
				p = s.walkNumbers(e, spent, depth, f)
			}
			if p != nil {
				p.loc = append([]string{strconv.Itoa(i)}, p.loc...)
				return p
			}
		}
	}
	return nil
}

// restore puts back the numbers prepareNumbers replaced.
func restore(swaps []swap) {
	for _, w := range swaps {
		if w.slot != nil {
			*w.slot = w.v
		} else {
			w.m[w.key] = w.v
		}
	}
}

// longNumber finds in v the first number given for a string and longer
// than callargs.MaxNumberText characters, which normalize left a number:
// the model gets that bound, not a type error or the digit bound of
// numbers. It descends only where the schema has nodes.
func (n *node) longNumber(v any) *numberProblem {
	if n == nil {
		return nil
	}
	switch x := v.(type) {
	case json.Number:
		if len(x) > callargs.MaxNumberText && (n.types == tString || n.types == tString|tNull) {
			return &numberProblem{kind: "type", msg: fmt.Sprintf("must be a string: got a number of %d characters (at most %d are taken as text)",
				len(x), callargs.MaxNumberText)}
		}
	case map[string]any:
		for k, e := range x {
			if p := n.child(k).longNumber(e); p != nil {
				p.loc = append([]string{k}, p.loc...)
				return p
			}
		}
	case []any:
		for i, e := range x {
			if p := n.items.longNumber(e); p != nil {
				p.loc = append([]string{strconv.Itoa(i)}, p.loc...)
				return p
			}
		}
	}
	return nil
}
