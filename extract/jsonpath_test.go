package extract

import (
	"errors"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The bookstore of RFC 9535, Figure 1.
const bookstore = `{ "store": {
    "book": [
      { "category": "reference",
        "author": "Nigel Rees",
        "title": "Sayings of the Century",
        "price": 8.95
      },
      { "category": "fiction",
        "author": "Evelyn Waugh",
        "title": "Sword of Honour",
        "price": 12.99
      },
      { "category": "fiction",
        "author": "Herman Melville",
        "title": "Moby Dick",
        "isbn": "0-553-21311-3",
        "price": 8.99
      },
      { "category": "fiction",
        "author": "J. R. R. Tolkien",
        "title": "The Lord of the Rings",
        "isbn": "0-395-19395-8",
        "price": 22.99
      }
    ],
    "bicycle": {
      "color": "red",
      "price": 399
    }
  }
}`

// The same document as YAML.
const bookstoreYAML = `store:
  book:
    - {category: reference, author: Nigel Rees, title: Sayings of the Century, price: 8.95}
    - {category: fiction, author: Evelyn Waugh, title: Sword of Honour, price: 12.99}
    - category: fiction
      author: Herman Melville
      title: Moby Dick
      isbn: 0-553-21311-3
      price: 8.99
    - category: fiction
      author: J. R. R. Tolkien
      title: The Lord of the Rings
      isbn: 0-395-19395-8
      price: 22.99
  bicycle:
    color: red
    price: 399
`

const (
	book0 = `{"category":"reference","author":"Nigel Rees","title":"Sayings of the Century","price":8.95}`
	book1 = `{"category":"fiction","author":"Evelyn Waugh","title":"Sword of Honour","price":12.99}`
	book2 = `{"category":"fiction","author":"Herman Melville","title":"Moby Dick","isbn":"0-553-21311-3","price":8.99}`
	book3 = `{"category":"fiction","author":"J. R. R. Tolkien","title":"The Lord of the Rings","isbn":"0-395-19395-8","price":22.99}`
	books = `[` + book0 + `,` + book1 + `,` + book2 + `,` + book3 + `]`
	bike  = `{"color":"red","price":399}`
)

// Documents of RFC 9535's examples (sections 2.3.x and 2.5.2.3).
const (
	rfcFilter = `{"a": [3, 5, 1, 2, 4, 6, {"b": "j"}, {"b": "k"}, {"b": {}}, {"b": "kilo"}],
	  "o": {"p": 1, "q": 2, "r": 3, "s": 5, "t": {"u": 6}}, "e": "f"}`
	rfcDescent = `{"o": {"j": 1, "k": 2}, "a": [5, 3, [{"j": 4}, {"k": 6}]]}`
	rfcSlice   = `["a", "b", "c", "d", "e", "f", "g"]`
	rfcNames   = `{"o": {"j j": {"k.k": 3}}, "'": {"@": 2}}`
	rfcNull    = `{"a": null, "b": [null], "c": [{}], "null": 1}`
	numbers    = `{"big": 123456789012345678901234567890, "f": 1234567.89, "e": 1E3, "one": 1.0, "neg": -0,
	  "ids": [{"id": 9007199254740993, "n": "a"}, {"id": 9007199254740992, "n": "b"}],
	  "huge": [{"v": 1e400}, {"v": 123456789012345678901234567890, "n": "big"}], "list": [1.10, 2.50]}`
)

func TestJSONPath(t *testing.T) {
	tests := []struct {
		body, expr string
		want       Value
		err        error // ErrNotFound: no value (default / abort / jump apply)
	}{
		// RFC 9535 Table 2, the bookstore.
		{bookstore, "$.store.book[*].author", Value{`["Nigel Rees","Evelyn Waugh","Herman Melville","J. R. R. Tolkien"]`, Array}, nil},
		{bookstore, "$..author", Value{`["Nigel Rees","Evelyn Waugh","Herman Melville","J. R. R. Tolkien"]`, Array}, nil},
		{bookstore, "$.store.*", Value{`[` + books + `,` + bike + `]`, Array}, nil},
		{bookstore, "$.store..price", Value{`[8.95,12.99,8.99,22.99,399]`, Array}, nil},
		{bookstore, "$..book[2]", Value{book2, Object}, nil},
		{bookstore, "$..book[2].author", Value{"Herman Melville", String}, nil},
		{bookstore, "$..book[2].publisher", Value{}, ErrNotFound},
		{bookstore, "$..book[-1]", Value{book3, Object}, nil},
		{bookstore, "$..book[0,1]", Value{`[` + book0 + `,` + book1 + `]`, Array}, nil},
		{bookstore, "$..book[:2]", Value{`[` + book0 + `,` + book1 + `]`, Array}, nil},
		{bookstore, "$..book[?@.isbn]", Value{`[` + book2 + `,` + book3 + `]`, Array}, nil},
		{bookstore, "$..book[?@.price<10]", Value{`[` + book0 + `,` + book2 + `]`, Array}, nil},
		{bookstore, "$..*", Value{`[{"book":` + books + `,"bicycle":` + bike + `},` + books + `,` + bike + `,` +
			book0 + `,` + book1 + `,` + book2 + `,` + book3 + `,` +
			`"reference","Nigel Rees","Sayings of the Century",8.95,` +
			`"fiction","Evelyn Waugh","Sword of Honour",12.99,` +
			`"fiction","Herman Melville","Moby Dick","0-553-21311-3",8.99,` +
			`"fiction","J. R. R. Tolkien","The Lord of the Rings","0-395-19395-8",22.99,` +
			`"red",399]`, Array}, nil},
		{bookstore, "$", Value{`{"store":{"book":` + books + `,"bicycle":` + bike + `}}`, Object}, nil},
		{bookstore, "$.store.bicycle.price", Value{"399", Number}, nil},
		{bookstore, "$['store']['bicycle']['color']", Value{"red", String}, nil},
		{bookstore, `$.store.book[?@.price > 10 && @.category == "fiction"].title`, Value{`["Sword of Honour","The Lord of the Rings"]`, Array}, nil},
		{bookstore, `$.store.book[?(@.author == 'Nigel Rees')].price`, Value{"8.95", Number}, nil},
		{bookstore, `$..book[?@.price < $.store.bicycle.price && @.price > 20].title`, Value{"The Lord of the Rings", String}, nil},

		// Filters (RFC 9535 2.3.5.3).
		{rfcFilter, `$.a[?@.b == 'kilo']`, Value{`{"b":"kilo"}`, Object}, nil},
		{rfcFilter, `$.a[?(@.b == 'kilo')]`, Value{`{"b":"kilo"}`, Object}, nil},
		{rfcFilter, `$.a[?@>3.5]`, Value{`[5,4,6]`, Array}, nil},
		{rfcFilter, `$.a[?@.b]`, Value{`[{"b":"j"},{"b":"k"},{"b":{}},{"b":"kilo"}]`, Array}, nil},
		{rfcFilter, `$[?@.*]`, Value{`[[3,5,1,2,4,6,{"b":"j"},{"b":"k"},{"b":{}},{"b":"kilo"}],{"p":1,"q":2,"r":3,"s":5,"t":{"u":6}}]`, Array}, nil},
		{rfcFilter, `$[?@[?@.b]]`, Value{`[3,5,1,2,4,6,{"b":"j"},{"b":"k"},{"b":{}},{"b":"kilo"}]`, Array}, nil}, // one node: $.a
		{rfcFilter, `$.a[?@<2 || @.b == "k"]`, Value{`[1,{"b":"k"}]`, Array}, nil},
		{rfcFilter, `$.a[?match(@.b, "[jk]")]`, Value{`[{"b":"j"},{"b":"k"}]`, Array}, nil},
		{rfcFilter, `$.a[?search(@.b, "[jk]")]`, Value{`[{"b":"j"},{"b":"k"},{"b":"kilo"}]`, Array}, nil},
		{rfcFilter, `$.o[?@>1 && @<4]`, Value{`[2,3]`, Array}, nil},
		{rfcFilter, `$.o[?@.u || @.x]`, Value{`{"u":6}`, Object}, nil},
		{rfcFilter, `$.a[?@.b == $.x]`, Value{`[3,5,1,2,4,6]`, Array}, nil},
		{rfcFilter, `$.a[?@ == @]`, Value{`[3,5,1,2,4,6,{"b":"j"},{"b":"k"},{"b":{}},{"b":"kilo"}]`, Array}, nil},
		{rfcFilter, `$.a[?@ > 100]`, Value{}, ErrNotFound},
		// Functions: length, count, match, search, value.
		{rfcFilter, `$[?length(@) == 10]`, Value{`[3,5,1,2,4,6,{"b":"j"},{"b":"k"},{"b":{}},{"b":"kilo"}]`, Array}, nil},
		{rfcFilter, `$.a[?length(@.b) == 4]`, Value{`{"b":"kilo"}`, Object}, nil},
		{rfcFilter, `$[?count(@.*) == 5]`, Value{`{"p":1,"q":2,"r":3,"s":5,"t":{"u":6}}`, Object}, nil},

		// Descendants, in the RFC's order (2.5.2.3).
		{rfcDescent, "$..j", Value{`[1,4]`, Array}, nil},
		{rfcDescent, "$..[0]", Value{`[5,{"j":4}]`, Array}, nil},
		{rfcDescent, "$..*", Value{`[{"j":1,"k":2},[5,3,[{"j":4},{"k":6}]],1,2,5,3,[{"j":4},{"k":6}],{"j":4},{"k":6},4,6]`, Array}, nil},
		{rfcDescent, "$..[*]", Value{`[{"j":1,"k":2},[5,3,[{"j":4},{"k":6}]],1,2,5,3,[{"j":4},{"k":6}],{"j":4},{"k":6},4,6]`, Array}, nil},
		{rfcDescent, "$..o", Value{`{"j":1,"k":2}`, Object}, nil},
		{rfcDescent, "$.o..[*, *]", Value{`[1,2,1,2]`, Array}, nil}, // a union of wildcards (ojg's jp refused it)
		{rfcDescent, "$.a..j", Value{"4", Number}, nil},
		{rfcDescent, "$..[?@..j]", Value{`[{"j":1,"k":2},[5,3,[{"j":4},{"k":6}]],[{"j":4},{"k":6}],{"j":4}]`, Array}, nil},
		{rfcDescent, "$..[?@ > $.o.j]", Value{`[2,5,3,4,6]`, Array}, nil},
		{rfcDescent, "$..j..k", Value{}, ErrNotFound},

		// Slices and indexes (2.3.3.3, 2.3.4.3).
		{rfcSlice, "$[1]", Value{"b", String}, nil},
		{rfcSlice, "$[-2]", Value{"f", String}, nil},
		{rfcSlice, "$[7]", Value{}, ErrNotFound},
		{rfcSlice, "$[1:3]", Value{`["b","c"]`, Array}, nil},
		{rfcSlice, "$[5:]", Value{`["f","g"]`, Array}, nil},
		{rfcSlice, "$[1:5:2]", Value{`["b","d"]`, Array}, nil},
		{rfcSlice, "$[5:1:-2]", Value{`["f","d"]`, Array}, nil},
		{rfcSlice, "$[::-1]", Value{`["g","f","e","d","c","b","a"]`, Array}, nil},
		{rfcSlice, "$[0, 3]", Value{`["a","d"]`, Array}, nil},
		{rfcSlice, "$[6:]", Value{"g", String}, nil}, // one node: its value
		{rfcSlice, "$[3:3]", Value{}, ErrNotFound},

		// Names (2.3.1.3).
		{rfcNames, "$.o['j j']", Value{`{"k.k":3}`, Object}, nil},
		{rfcNames, "$.o['j j']['k.k']", Value{"3", Number}, nil},
		{rfcNames, `$.o["j j"]["k.k"]`, Value{"3", Number}, nil},
		{rfcNames, `$["'"]["@"]`, Value{"2", Number}, nil},
		{rfcNames, "$.o.*", Value{`{"k.k":3}`, Object}, nil},

		// Null: one null node is no value; nulls among several stay.
		{rfcNull, "$.a", Value{}, ErrNotFound},
		{rfcNull, "$.a[0]", Value{}, ErrNotFound},
		{rfcNull, "$.b[0]", Value{}, ErrNotFound},
		{rfcNull, "$.null", Value{"1", Number}, nil},
		{rfcNull, "$[?@ == null]", Value{}, ErrNotFound}, // the one node is $.a, null
		{rfcNull, "$.*[0]", Value{`[null,{}]`, Array}, nil},
		{rfcNull, "$.c[0]", Value{"{}", Object}, nil},

		// Numbers keep their text; filters compare them as numbers.
		{numbers, "$.big", Value{"123456789012345678901234567890", Number}, nil},
		{numbers, "$.f", Value{"1234567.89", Number}, nil},
		{numbers, "$.e", Value{"1E3", Number}, nil},
		{numbers, "$.one", Value{"1.0", Number}, nil},
		{numbers, "$.neg", Value{"-0", Number}, nil},
		{numbers, "$.list", Value{"[1.10,2.50]", Array}, nil},
		{numbers, "$.list[*]", Value{"[1.10,2.50]", Array}, nil},
		{numbers, "$.list[?@ > 2]", Value{"2.50", Number}, nil},
		{numbers, "$[?@ == 1000]", Value{"1E3", Number}, nil},
		{numbers, "$[?@ == 1]", Value{"1.0", Number}, nil},
		{numbers, "$.ids[?@.id == 9007199254740993].n", Value{"a", String}, nil}, // int64: exact
		{numbers, "$.ids[*].id", Value{"[9007199254740993,9007199254740992]", Array}, nil},
		{numbers, "$.huge[?@.v > 1e29].n", Value{"big", String}, nil}, // beyond int64: compared as float64
		{numbers, "$.huge[0].v", Value{"1e400", Number}, nil},
		{numbers, "$..v", Value{"[1e400,123456789012345678901234567890]", Array}, nil},

		// Strings, keys and duplicates as the simple paths read them.
		{jsonBody, "$.esc", Value{"line\nbreak \"q\" é 😀", String}, nil},
		{jsonBody, "$.escaped", Value{"key had an escape", String}, nil},
		{jsonBody, "$.dup", Value{"2", Number}, nil},
		{jsonBody, "$['weird key']['with/slash']", Value{"ok", String}, nil},
		{jsonBody, "$['中文']", Value{"值", String}, nil},
		{jsonBody, "$.data.nested", Value{`{"z":1,"a":[1,2,{"k":"v"}]}`, Object}, nil},
		{jsonBody, "$.data.ok", Value{"true", Bool}, nil},
		{jsonBody, "$.data[?@ == false]", Value{"false", Bool}, nil},
		{jsonBody, "$.items[?@.name].name", Value{`["alpha","beta",null]`, Array}, nil}, // a null member exists
		{jsonBody, "$.data.none", Value{}, ErrNotFound},
		{jsonBody, "$.empty", Value{"[]", Array}, nil},
		{jsonBody, "$.empty[*]", Value{}, ErrNotFound},
		{jsonBody, "$.str.x", Value{}, ErrNotFound},
		{jsonBody, "$.data.count[0]", Value{}, ErrNotFound},
		{`"just a string"`, "$", Value{"just a string", String}, nil},
		{`42.50`, "$", Value{"42.50", Number}, nil},
		{`[{"a":[1],"b":[1]}]`, "$[?@.a == @.b]", Value{`{"a":[1],"b":[1]}`, Object}, nil}, // deep equality (ojg's jp failed the query)

		// Bodies that are not JSON or YAML.
		{"<html>oops</html>", "$.a", Value{}, ErrNotStructured},
		{"", "$", Value{}, ErrNotStructured},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			e, err := Compile(tt.expr)
			if tt.err == errSyntax {
				var se *SyntaxError
				if !errors.As(err, &se) {
					t.Fatalf("Compile: %v, want a syntax error", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Compile: %v", err)
			}
			got, err := e.Eval(NewDoc([]byte(tt.body), nil))
			if !errors.Is(err, tt.err) || (err == nil) != (tt.err == nil) {
				t.Fatalf("Eval = %v, %v; want error %v", got, err, tt.err)
			}
			if err != nil && !strings.Contains(err.Error(), tt.expr) {
				t.Errorf("error %q does not name the expression", err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

var errSyntax = errors.New("syntax error")

// YAML bodies read as their JSON form does.
func TestJSONPathYAML(t *testing.T) {
	for _, expr := range []string{"$.store.book[*].author", "$..price", "$..book[?@.isbn].title", "$.store.bicycle",
		"$..book[-1]", "$..*", "$.store.book[?@.price < 10].price"} {
		e := MustCompile(expr)
		want, err := e.Eval(NewDoc([]byte(bookstore), nil))
		if err != nil {
			t.Fatalf("%s over JSON: %v", expr, err)
		}
		got, err := e.Eval(NewDoc([]byte(bookstoreYAML), nil))
		if err != nil {
			t.Fatalf("%s over YAML: %v", expr, err)
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("%s: YAML differs from JSON (-json +yaml)\n%s", expr, diff)
		}
	}
}

func TestJSONPathSyntaxErrors(t *testing.T) {
	tests := []struct {
		expr string
		col  int
		msg  string
	}{
		{"$.x[", 5, "not terminated"},
		{"$.a b", 4, "parse error"},
		{"$[?@.a ==]", 10, "is not a value or function"},
		{"$..", 2, `".." must be followed by`},
		{"$.a..", 4, `".." must be followed by`},
		{"$[?valu(@.a) == 1]", 4, `unknown function "valu"`},
		{"$[?@.a, ?@.b", 13, "invalid bracket fragment"},
		{"$[1:2:3:4]", 9, "invalid slice syntax"},
		{"$['a'", 6, "invalid bracket fragment"},
		{"$.é.ü[", 7, "not terminated"}, // columns count characters
		{"$foo", 2, "parse error"},
		{"$" + strings.Repeat("[", 65), 66, "nested deeper than 64"},
		{"$[?" + strings.Repeat("(", 70) + "@.a" + strings.Repeat(")", 70) + "]", 67, "nested deeper than 64"},
	}
	for _, tt := range tests {
		t.Run(tt.expr, func(t *testing.T) {
			_, err := Compile(tt.expr)
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Compile(%q) = %v, want *SyntaxError", tt.expr, err)
			}
			if se.Expr != tt.expr || se.Col != tt.col || !strings.Contains(se.Msg, tt.msg) {
				t.Errorf("got {col %d %q}, want {col %d ~%q}", se.Col, se.Msg, tt.col, tt.msg)
			}
		})
	}
	// A string literal may hold brackets past the nesting bound.
	if _, err := Compile("$[?@.a == '" + strings.Repeat("[", 100) + "']"); err != nil {
		t.Errorf("brackets in a string literal: %v", err)
	}
}

func TestJSONPathBounds(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 150) + "1" + strings.Repeat("}", 150)
	_, err := MustCompile("$..a").Eval(NewDoc([]byte(deep), nil))
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "nested deeper than 100 levels") {
		t.Errorf("150 levels: %v, want the depth limit", err)
	}
	// What a query does not reach may be deeper; the Doc stays usable.
	doc := NewDoc([]byte(`{"x": 1, "deep": `+deep+`}`), nil)
	for _, q := range []string{"$.x", "$..a", "$.x"} {
		got, err := MustCompile(q).Eval(doc)
		if tooDeep := errors.Is(err, ErrNotFound) && strings.Contains(err.Error(), "deeper than 100"); (q == "$..a") != tooDeep || (q == "$.x" && got.Text != "1") {
			t.Errorf("%s = %v, %v", q, got, err)
		}
	}
	got, err := MustCompile("$" + strings.Repeat(".a", 150)).Eval(NewDoc([]byte(deep), &Options{MaxJSONPathDepth: 200}))
	if err != nil || got.Text != "1" {
		t.Errorf("150 levels with MaxJSONPathDepth 200 = %v, %v", got, err)
	}
	// Simple paths keep reading any depth.
	if got, err := MustCompile(strings.Repeat("a.", 149) + "a").Eval(NewDoc([]byte(deep), nil)); err != nil || got.Text != "1" {
		t.Errorf("simple path over 150 levels = %v, %v", got, err)
	}

	// $..* over a 90-deep body renders each level's subtree: past 8× the
	// body plus 1 MiB the query fails instead of growing.
	wide := strings.Repeat("[", 90) + strings.Repeat("1234567,", 20000) + "1" + strings.Repeat("]", 90)
	_, err = MustCompile("$..*").Eval(NewDoc([]byte(wide), nil))
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "result over") {
		t.Errorf("huge result: %v, want the size limit", err)
	}
	// Every node selected many times over: the count is bounded too.
	_, err = MustCompile("$..*..*..*..*").Eval(NewDoc([]byte(wide), nil))
	if !errors.Is(err, ErrNotFound) || !strings.Contains(err.Error(), "results") {
		t.Errorf("result count: %v, want the count limit", err)
	}
}

// A Doc builds its JSONPath view once, and paths of both kinds share one parse.
func TestJSONPathParsesOnce(t *testing.T) {
	doc := NewDoc([]byte(bookstore), nil)
	for _, expr := range []string{"$..price", "store.bicycle.color", "$.store.book[0].title", "$..author"} {
		if _, err := MustCompile(expr).Eval(doc); err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
	}
	if doc.parses != 1 || doc.jt == nil {
		t.Errorf("parses = %d, view built = %v", doc.parses, doc.jt != nil)
	}
}
