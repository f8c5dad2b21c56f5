package yqcloud

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestJSON(t *testing.T) {
	tests := []struct{ in, out string }{
		{`{"b": 1, "a": [true, false, null], "c": {"": ""}}`, `{"b":1,"a":[true,false,null],"c":{"":""}}`},
		{` [ 1.50 , -0 , 1e+21, 12345678901234567890 ] `, `[1.50,-0,1e+21,12345678901234567890]`},
		{`"\u4e2d\ud83d\ude00\n\t\"\\\/\b\f\r\u0001<>&\u2028"`, "\"中😀\\n\\t\\\"\\\\/\\b\\f\\r\\u0001<>&\u2028\""},
		{`"\ud800x"`, `"` + "\uFFFD" + `x"`},
		{"\"bad \xff utf8\"", `"bad ` + "\uFFFD" + ` utf8"`},
		{`{"a": 1, "a": 2, "b": 3}`, `{"a":2,"b":3}`},
	}
	for _, tt := range tests {
		v, err := parseJSON([]byte(tt.in))
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if got := marshalJSON(v); got != tt.out {
			t.Errorf("%s: got %s, want %s", tt.in, got, tt.out)
		}
	}
}

func TestJSONErrors(t *testing.T) {
	tests := []struct {
		in, msg   string
		line, col int
	}{
		{``, "unexpected end of input, expecting a value", 1, 1},
		{`{"a": 1,}`, `unexpected '}', expecting a member name in double quotes`, 1, 9},
		{"[1,\n 2 3]", `unexpected '3', expecting ',' or ']'`, 2, 4},
		{`{"a" 1}`, `unexpected '1', expecting ':' after member "a"`, 1, 6},
		{`01`, `unexpected '1' after the JSON value`, 1, 2},
		{`-`, `invalid number: expecting a digit, got end of input`, 1, 2},
		{`1.`, `invalid number: expecting a digit after '.'`, 1, 3},
		{`1e`, `invalid number: expecting a digit in the exponent`, 1, 3},
		{`"abc`, `unterminated string`, 1, 5},
		{"\"a\nb\"", `invalid control character '\n' in string`, 1, 3},
		{`"\x"`, `invalid escape '\x' in string`, 1, 2},
		{`"\u12"`, `invalid \u escape`, 1, 4},
		{`tru`, `unexpected 't', expecting a value`, 1, 1},
		{`// c` + "\n1", `unexpected '/', expecting a value`, 1, 1},
		{strings.Repeat("[", maxDepth+1), `nested too deeply (over 10000 levels)`, 1, 10001},
	}
	for _, tt := range tests {
		_, err := parseJSON([]byte(tt.in))
		var se *syntaxError
		if !errors.As(err, &se) {
			t.Errorf("%q: %v", tt.in, err)
			continue
		}
		line, col := lineCol([]byte(tt.in), se.off)
		if se.msg != tt.msg || line != tt.line || col != tt.col {
			t.Errorf("%q: %d:%d %s, want %d:%d %s", tt.in, line, col, se.msg, tt.line, tt.col, tt.msg)
		}
	}
}

func TestJSONPaths(t *testing.T) {
	src := "[{\"a\": {\"x-y\": [1, {\"b\": 2}]}}]"
	p := &jsonParser{src: []byte(src), paths: map[string]int{}}
	if _, err := p.document(); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"[0]": 1, "[0].a": 2, `[0].a["x-y"]`: 8, `[0].a["x-y"][0]`: 16, `[0].a["x-y"][1]`: 19, `[0].a["x-y"][1].b`: 20}
	if diff := cmp.Diff(want, p.paths); diff != "" {
		t.Errorf("paths (-want +got):\n%s", diff)
	}
}

// FuzzJSON: the parser accepts what encoding/json accepts, builds the same
// values, and what it writes parses back to them; a doc of the same
// input writes what its values write.
func FuzzJSON(f *testing.F) {
	for _, s := range []string{`{"a":[1,2.5e3,"x\u00e9",true,null]}`, `[]`, `"\ud83d\ude00"`, `{"a":1,"a":2}`, `-0.0e-0`, "\"\xff\"", `[1,]`, `{"a"}`,
		`[{"a\"b":1,"c":2},{"a\"b":3,"c":4}]`, `[{"a":1,"b":2},{"a":3,"a":4}]`, `[{"ab":1},{"a":2}]`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		v, err := parseJSON(in)
		if valid := json.Valid(in); valid != (err == nil) {
			t.Fatalf("json.Valid %v, parseJSON error %v", valid, err)
		}
		if err != nil {
			var se *syntaxError
			if !errors.As(err, &se) || se.off < 0 || se.off > len(in) {
				t.Fatalf("bad error %v", err)
			}
			return
		}
		dec := json.NewDecoder(bytes.NewReader(in))
		dec.UseNumber()
		var std any
		if err := dec.Decode(&std); err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(std, plain(v)); diff != "" {
			t.Fatalf("values differ (-encoding/json +ours):\n%s", diff)
		}
		out := appendJSON(nil, v)
		d, err := parseDoc(context.Background(), in)
		if err != nil {
			t.Fatalf("parseDoc: %v", err)
		}
		if got := d.String(); got != string(out) {
			t.Fatalf("doc writes %s, its values %s", got, out)
		}
		back, err := parseJSON(out)
		if err != nil {
			t.Fatalf("output %s does not parse: %v", out, err)
		}
		if diff := cmp.Diff(plain(v), plain(back)); diff != "" {
			t.Fatalf("round trip (-first +second):\n%s", diff)
		}
	})
}

// TestIsInteger: an integer is one losslessly, not one that rounds to an
// integer as a float64.
func TestIsInteger(t *testing.T) {
	for n, want := range map[json.Number]bool{"4": true, "4.0": true, "4e1": true, "1e400": true, "4.5": false, "1.0000000000000001": false, "1e-400": false} {
		if got := isInteger(n); got != want {
			t.Errorf("isInteger(%s) = %v, want %v", n, got, want)
		}
	}
}

// TestWideObjectLinear: the work of parsing one object (names compared
// while looking for duplicate members) grows with its members, not with
// their square, in both parsers (bodies and definition files), and the
// object looks names up by index. 80k members were 28 s when each name
// was compared with all the others.
func TestWideObjectLinear(t *testing.T) {
	work := func(n int, paths bool) int {
		p := &jsonParser{src: wideObject(n)}
		if paths {
			p.paths, p.comments = map[string]int{}, true
		}
		v, err := p.document()
		if err != nil {
			t.Fatal(err)
		}
		o := v.(*object)
		if len(o.keys) != n || o.index("key0000007") != 7 || o.index(fmt.Sprintf("key%07d", n-1)) != n-1 || o.index("nope") != -1 {
			t.Fatalf("%d members: lookups are wrong", n)
		}
		if o.idx == nil {
			t.Errorf("%d members and no index: every lookup scans them", n)
		}
		return p.work
	}
	for _, paths := range []bool{false, true} {
		small, large := work(10_000, paths), work(80_000, paths)
		// Linear: 8 times the members, 8 times the work (2x slack).
		if large > 16*small {
			t.Errorf("paths %v: %d comparisons for 10k members, %d for 80k: quadratic", paths, small, large)
		}
	}
	// An object that grows by set gets its index too.
	o := &object{}
	for i := range 1000 {
		o.set(strconv.Itoa(i), i)
		o.set(strconv.Itoa(i/2), -i) // an update: no new member
	}
	o.del("10")
	if len(o.keys) != 999 || o.idx == nil || o.index("999") != 998 || o.index("10") != -1 || o.index("11") != 10 {
		t.Errorf("after set and del: %d members, index %v", len(o.keys), o.idx != nil)
	}
	if c := o.clone(); c.index("999") != 998 {
		t.Error("the clone lost its index")
	}
}

// TestParseContext: parsing a body stops when the call's context ends.
func TestParseContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := parseBody(ctx, wideObject(checkEvery+1)); !errors.Is(err, context.Canceled) {
		t.Errorf("canceled parse: %v", err)
	}
	if v, err := parseBody(context.Background(), []byte("<html>")); err != nil || !v.plain || v.String() != "<html>" {
		t.Errorf("text body: %v, %v", v, err)
	}
}

// TestJSONSharedShapes checks that like objects share their member list
// and that changing one object leaves the others as they were.
func TestJSONSharedShapes(t *testing.T) {
	v, err := parseJSON([]byte(`[{"a":1,"b":2},{"a":3,"b":4},{"a":5,"c":6},{"\u0061":7,"b":8},{"a":9,"b":{"a":0,"b":1}},{"a":2,"b":3}]`))
	if err != nil {
		t.Fatal(err)
	}
	list := v.([]any)
	o := func(i int) *object { return list[i].(*object) }
	if &o(0).keys[0] != &o(1).keys[0] || &o(0).keys[0] != &o(5).keys[0] {
		t.Error("objects of the same members do not share their member list")
	}
	o(0).set("z", "new")
	o(1).del("a")
	o(5).set("a", "replaced")
	for i, want := range []string{
		`{"a":1,"b":2,"z":"new"}`, `{"b":4}`, `{"a":5,"c":6}`, `{"a":7,"b":8}`, `{"a":9,"b":{"a":0,"b":1}}`, `{"a":"replaced","b":3}`,
	} {
		if got := marshalJSON(list[i]); got != want {
			t.Errorf("item %d = %s, want %s", i, got, want)
		}
	}
}

// TestDoc: a doc holds the values its tree holds, like objects guessing
// their names from the last one only where the name is written the same
// way, and writes them as its tree does.
func TestDoc(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{`{"a":[1,2.50,"x\u00e9",true,false,null],"b":{}}`, `{"a":[1,2.50,"xé",true,false,null],"b":{}}`},
		// The second object's name is `a`, then a quote: not the first's a"b.
		{`[{"a\"b":1},{"a":2}]`, `[{"a\"b":1},{"a":2}]`},
		{`[{"a\"b":1,"c":2},{"a\"b":3,"c":4}]`, `[{"a\"b":1,"c":2},{"a\"b":3,"c":4}]`},
		// A repeated name after names like the last object's.
		{`[{"a":1,"b":2},{"a":3,"a":4}]`, `[{"a":1,"b":2},{"a":4}]`},
		{`[{"ab":1},{"a":2},{"a\u0062":3}]`, `[{"ab":1},{"a":2},{"ab":3}]`},
		{"\"\xff\\/ \"", `"` + "\ufffd" + `/ "`},
		{` [ ] `, `[]`},
	} {
		d, err := parseDoc(context.Background(), []byte(tt.in))
		if err != nil {
			t.Errorf("%s: %v", tt.in, err)
			continue
		}
		if got := d.String(); got != tt.want {
			t.Errorf("%s: doc writes %s, want %s", tt.in, got, tt.want)
		}
		v, err := parseJSON([]byte(tt.in))
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(plain(v), plain(d.tree(d.root))); diff != "" {
			t.Errorf("%s: tree (-parseJSON +doc):\n%s", tt.in, diff)
		}
	}
}
