package argcheck

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// A schema whose own numbers reach far (a maximum of 1.8e308, a
// multipleOf of 1e-400, an enum of 1e999) makes every stand-in as long
// as they are, and uniqueItems shows every number as written: an array
// of thousands of 1e1000 then cost the validator hundreds of bytes per
// byte (4 MB took 10 to 20 s and 3 GB). What the validator is shown is
// bounded in all (maxExpansion): the work stays proportional to the
// text, and a few such numbers are still judged as written.
func TestHardening26_02_SchemaNumbersReachFar(t *testing.T) {
	for _, schema := range []string{
		`{"type":"object","properties":{"a":{"type":"array","items":{"type":"number","maximum":1.7976931348623157e308}}}}`,
		`{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer","multipleOf":1e-400}}}}`,
		`{"type":"object","properties":{"a":{"type":"array","items":{"enum":[1e999,2]}}}}`,
		`{"type":"object","properties":{"a":{"type":"array","uniqueItems":true,"items":{"type":"number","minimum":-1e-300}}}}`,
	} {
		s, ref := compileNumbers(t, schema)
		base := perByte(t, s, "1")
		for _, n := range []string{"1e1000", "9e999", "-1e-1000", "-12e-999"} {
			// Distinct numbers, for uniqueItems: 1e1000, 2e1000, ...
			sign, exp := "", n[strings.IndexByte(n, 'e'):]
			if n[0] == '-' {
				sign = "-"
			}
			var b strings.Builder
			b.WriteString(`{"a":[`)
			for i := range 15000 {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(sign + strconv.Itoa(i+1) + exp)
			}
			b.WriteString(`]}`)
			text := b.String()
			if got := perByteText(t, s, text); got > base*2+200 {
				t.Errorf("%s\n%d × %s: %.0f bytes allocated per byte of arguments, %.0f for 1", schema, 15000, n, got, base)
			}
			if got := checkText(s, decode(t, text)); !strings.Contains(got, "too many numbers far from 1") {
				t.Errorf("%s\n15,000 × %s: %.300s", schema, n, got)
			}
			few := `{"a":[` + n + `,2,` + strings.Repeat(n+",", 3) + `0.5]}`
			if got, want := checkText(s, decode(t, few)), checkText(ref, decode(t, few)); got != want {
				t.Errorf("%s\n%s: %s\nwant (as written) %s", schema, few, got, want)
			}
		}
	}
}

// perByteText is the bytes Check allocates per byte of text.
func perByteText(t *testing.T, s *Schema, text string) float64 {
	return float64(allocCheck(t, s, text)) / float64(len(text))
}

// allocCheck is the bytes Check allocates for text.
func allocCheck(t *testing.T, s *Schema, text string) uint64 {
	args := decode(t, text)
	var a, b runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&a)
	_ = s.Check(args)
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// Every problem held its field's whole path: 25,000 wrong items under
// one 100 KB name took 10 s and 2.5 GB for 200 KB of arguments. A
// problem holds at most a few hundred bytes of its path, and its message
// counts the rest.
func TestHardening26_12_LongPathManyProblems(t *testing.T) {
	s, _ := compileNumbers(t, `{"type":"object","additionalProperties":{"type":"array","items":{"type":"integer"}}}`)
	items := strings.Repeat("0.5,", 4999) + "0.5"
	short := allocCheck(t, s, `{"k":[`+items+`]}`)
	long := allocCheck(t, s, `{"`+strings.Repeat("k", 50000)+`":[`+items+`]}`)
	if long > 4*short+1<<20 { // a few hundred bytes more per problem, not the name again
		t.Errorf("%d bytes allocated under a 50 KB name, %d under a short one", long, short)
	}
	err := s.Check(decode(t, `{"`+strings.Repeat("k", 50000)+`":[0.5]}`))
	if want := `parameter "` + strings.Repeat("k", 128) + `…" (50,003 bytes) must be an integer, got 0.5`; err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
}

// The validator copies a value's location for each of its errors:
// 20,000 wrong items 5,000 levels deep took 19 s and 3.4 GB for 90 KB of
// arguments. Arguments nested deeper than maxNesting are refused before
// it sees them.
func TestHardening26_02_DeepNesting(t *testing.T) {
	s, ref := compileNumbers(t, `{"$defs":{"a":{"type":["array","integer"],"items":{"$ref":"#/$defs/a"}}},"type":"object","properties":{"a":{"$ref":"#/$defs/a"}}}`)
	items := strings.Repeat("0.5,", 4999) + "0.5"
	nested := func(depth int) string {
		return `{"a":` + strings.Repeat("[", depth) + items + strings.Repeat("]", depth) + `}`
	}
	shallow := allocCheck(t, s, nested(10))
	if deep := allocCheck(t, s, nested(2000)); deep > 2*shallow+1<<20 {
		t.Errorf("%d bytes allocated 2,000 levels deep, %d 10 levels deep", deep, shallow)
	}
	for depth, want := range map[int]string{
		99:   `must be an integer or an array, got 0.5`,
		100:  `is nested deeper than 100 levels of arrays and objects`,
		5000: `is nested deeper than 100 levels of arrays and objects`,
	} {
		text := `{"a":` + strings.Repeat("[", depth) + "0.5" + strings.Repeat("]", depth) + `}`
		if got := checkText(s, decode(t, text)); !strings.Contains(got, want) {
			t.Errorf("%d levels: %.300s\nwant %q", depth, got, want)
		}
		if depth < 100 {
			if got, want := checkText(s, decode(t, text)), checkText(ref, decode(t, text)); got != want {
				t.Errorf("%d levels: %s\nwant %s", depth, got, want)
			}
		}
	}
}

// The validator allocates about a kilobyte for each value it finds
// wrong: 4 MB of 0.5 against integer items cost it a gigabyte. One check
// takes at most maxValues values (items and members at any depth), so
// what a wrong value costs is bounded whatever the size of the request,
// and below the cap the work per value stays what it was.
func TestHardening26_02_ManyValues(t *testing.T) {
	s, _ := compileNumbers(t, `{"type":"object","properties":{"a":{"type":"array","items":{"type":"integer"}},"o":{"type":"object"}}}`)
	many := func(n int, item string) string {
		return `{"a":[` + strings.Repeat(item+",", n-1) + item + `]}`
	}
	under := allocCheck(t, s, many(maxValues-1, "0.5"))
	for _, text := range []string{
		many(maxValues, "0.5"),
		many(1_000_000, "0.5"), // 4 MB
		many(1_000_000, "1"),
		`{"o":{` + manyMembers(maxValues) + `}}`,
		`{"a":[` + strings.Repeat(`[0.5],`, maxValues/2) + `[0.5]]}`, // items and their items count
	} {
		err := s.Check(decode(t, text))
		if want := "the arguments hold more than 20000 values (array items and object members in all); send fewer"; err == nil || err.Error() != want {
			t.Errorf("%.40s… (%d bytes): %.200v\nwant %s", text, len(text), err, want)
		}
		if got := allocCheck(t, s, text); got > under/4+1<<20 {
			t.Errorf("%.40s… (%d bytes): %d bytes allocated, %d for %d wrong items", text, len(text), got, under, maxValues-1)
		}
	}
	if err := s.Check(decode(t, many(maxValues-1, "1"))); err != nil {
		t.Errorf("%d integers: %v", maxValues-1, err)
	}
}

func manyMembers(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(`"m` + strconv.Itoa(i) + `":1`)
	}
	return b.String()
}
