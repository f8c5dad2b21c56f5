package toolkit

// The differential check of issue 27's split of the root by phase and of
// the loop styles' table (loopStyles): load diagnostics and Mermaid
// pictures of generated and mutated tool files, and runs of loop tools
// against test servers, compared with what the code before the split
// answered (testdata/review27_phase.golden.json.gz, written by this test
// on 925b91f with REVIEW27_PHASE_UPDATE=1). A change of behaviour made on
// purpose rewrites it the same way; review the cases that moved.

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const review27Golden = "testdata/review27_phase.golden.json.gz"

type review27Load struct {
	Src     string   `json:"src"`
	Diags   []string `json:"diags"`
	Mermaid string   `json:"mermaid,omitempty"`
}

type review27Run struct {
	Name     string   `json:"name"`
	Tool     string   `json:"tool"`
	MaxSteps int      `json:"max_steps,omitempty"`
	MaxReqs  int      `json:"max_requests,omitempty"`
	Diags    []string `json:"diags,omitempty"`
	Requests []string `json:"requests"`
	Text     string   `json:"text"`
	IsError  bool     `json:"is_error"`
}

type review27Cases struct {
	Load []review27Load `json:"load"`
	Runs []review27Run  `json:"runs"`
}

func review27Diags(ds Diagnostics) []string {
	out := []string{}
	for _, d := range ds {
		out = append(out, fmt.Sprintf("%s|%s|%d:%d|%s|%s", d.Severity, d.File, d.Line, d.Col, d.Field, d.Msg))
	}
	return out
}

func review27LoadOne(src string) review27Load {
	w, ds := ParseWorkflow("t.yaml", []byte(src))
	l := review27Load{Src: src, Diags: review27Diags(ds)}
	if w != nil {
		l.Mermaid = w.Mermaid()
	}
	return l
}

// review27LoopFields are the fields a generated loop picks from, by
// group: at most one entry of a group, except styles (up to two, to
// conflict).
var review27LoopFields = map[string][]string{
	"style": {
		"next_url: next", `next_url: ""`, "next_url: 5", "next_url: [a]", `next_url: "data[x"`, "next_url: {a: b}", "next_url: links.next",
		"link: next", `link: "next page"`, `link: ""`, "link: 5", "link: [next]", "link: NEXT", `link: "rel=next"`, "link: null", "link: {}",
		"cursor: meta.next", "cursor: {path: next, param: c}", "cursor: {param: c}", "cursor: {path: next}", `cursor: {path: next, param: ""}`,
		"cursor: {path: next, param: c, start: 1}", "cursor: [x]", "cursor: 5", "cursor: {}", `cursor: {path: "[", param: "a b"}`, "cursor: null",
		"page: {param: page}", "page: {}", "page: {start: 0}", "page: {start: -1, param: p}", "page: {param: p, step: 2}", "page: 1",
		`page: "x"`, "page: {param: 5}", "page: {start: x}", "page: null", "page: {param: [p]}",
		"offset: {param: offset}", "offset: {param: o, step: 0}", "offset: {param: o, step: 3, start: 10}", "offset: {}",
		"offset: {start: -2}", "offset: null", "offset: {step: -1, param: o}", "offset: {step: x}", "offset: []",
	},
	"items":     {"items: data[]", `items: ""`, "items: 5", `items: "[x"`, "items: \"[]\"", "items: {a: 1}"},
	"cond":      {"while: has_more", "until: done", "while: \"[\"", "until: 5"},
	"cond2":     {"until: done", "while: more"},
	"max_pages": {"max_pages: 3", "max_pages: 0", "max_pages: -1", "max_pages: x", "max_pages: 1.5", "max_pages: [1]"},
	"max_items": {"max_items: 10", "max_items: 0", "max_items: -5", "max_items: \"\""},
	"hosts":     {"hosts: [api2.example.com]", `hosts: ["a b"]`, `hosts: "x"`, "hosts: [5]", `hosts: ["*.example.com:8080"]`, "hosts: []", `hosts: ["http://x"]`, "hosts: {a: b}"},
	"unknown":   {"max_page: 3", "style: x", "next: x"},
}

var review27Groups = []string{"style", "items", "cond", "cond2", "max_pages", "max_items", "hosts", "unknown"}

var review27Refs = []string{"", "${loop:cursor}", "${loop:page}", "${loop:offset}", "${loop:bogus}", "${loop:next_url}", "${loop:link}", "${loop:items}"}

// review27Generate returns n tool files with a loop made of random fields.
func review27Generate(rng *rand.Rand, n int) []string {
	var out []string
	pick := func(xs []string) string { return xs[rng.Intn(len(xs))] }
	for range n {
		var fields []string
		for _, g := range review27Groups {
			chance := 0.35
			switch g {
			case "style":
				chance = 0.93
			case "items":
				chance = 0.8
			}
			if rng.Float64() < chance {
				fields = append(fields, pick(review27LoopFields[g]))
			}
			if g == "style" && rng.Float64() < 0.15 {
				fields = append(fields, pick(review27LoopFields[g]))
			}
		}
		rng.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
		var b strings.Builder
		b.WriteString("name: t\ndesc: d\nsteps:\n")
		steps := 1 + rng.Intn(2)
		loopAt := rng.Intn(steps)
		for i := range steps {
			fmt.Fprintf(&b, "  - url: https://api.example.com/s%d", i)
			if r := pick(review27Refs); r != "" && rng.Float64() < 0.5 {
				b.WriteString("?c=" + r)
			}
			b.WriteString("\n")
			if r := pick(review27Refs); r != "" && rng.Float64() < 0.3 {
				fmt.Fprintf(&b, "    query:\n      - {key: q, value: %q}\n", r)
			}
			if r := pick(review27Refs); r != "" && rng.Float64() < 0.2 {
				fmt.Fprintf(&b, "    headers: {X-C: %q}\n", r)
			}
			if r := pick(review27Refs); r != "" && rng.Float64() < 0.2 {
				fmt.Fprintf(&b, "    method: POST\n    body: %q\n", `{"c":"`+r+`"}`)
			}
			if i == loopAt {
				switch rng.Intn(12) {
				case 0:
					b.WriteString("    loop: " + pick([]string{"true", "[]", `"x"`, "null", "{}", "[a, b]", "5"}) + "\n")
				case 1:
					b.WriteString("    loop: {" + strings.Join(fields, ", ") + "}\n")
				default:
					b.WriteString("    loop:\n")
					for _, f := range fields {
						b.WriteString("      " + f + "\n")
					}
				}
			}
			if rng.Float64() < 0.15 {
				fmt.Fprintf(&b, "    var:\n      - {name: %s, extract: x}\n", pick([]string{"items", "more", "other"}))
			}
			if i == steps-1 && rng.Float64() < 0.4 {
				fmt.Fprintf(&b, "    result: %q\n", pick([]string{"${step0:items} ${step0:more}", "${loop:page}", "${loop:cursor}", "${step" + strconv.Itoa(loopAt) + ":items}", "x"}))
			}
		}
		out = append(out, b.String())
	}
	return out
}

// review27Valid returns n tool files with a valid loop, for their
// pictures.
func review27Valid(rng *rand.Rand, n int) []string {
	type style struct{ field, ref string }
	styles := []style{
		{"next_url: next", ""}, {"next_url: links.next", ""}, {"link: next", ""}, {"link: NEXT", ""}, {`link: "prev"`, ""},
		{"cursor: meta.next", "cursor"}, {"cursor: {path: next, param: c}", ""}, {"cursor: {param: 'c d', path: 'x.y'}", ""},
		{"page: {param: page}", ""}, {"page: {param: p, start: 0}", ""}, {"page: {}", "page"}, {"page: {start: 7}", "page"},
		{"offset: {param: offset}", ""}, {"offset: {param: o, step: 3, start: 10}", ""}, {"offset: {step: 1}", "offset"}, {"offset: {param: 'a&b'}", ""},
	}
	pick := func(xs []string) string { return xs[rng.Intn(len(xs))] }
	var out []string
	for range n {
		st := styles[rng.Intn(len(styles))]
		fields := []string{st.field, pick([]string{"items: data[]", "items: \"[].id\"", "items: \"x.y[]\""})}
		if rng.Float64() < 0.4 {
			fields = append(fields, pick([]string{"while: has_more", "until: done", "while: \"meta.more\"", "until: \"[0].last\""}))
		}
		if rng.Float64() < 0.4 {
			fields = append(fields, pick([]string{"max_pages: 3", "max_pages: 1"}))
		}
		if rng.Float64() < 0.3 {
			fields = append(fields, pick([]string{"max_items: 10", "max_items: 1"}))
		}
		if strings.HasPrefix(st.field, "next_url") || strings.HasPrefix(st.field, "link") {
			if rng.Float64() < 0.4 {
				fields = append(fields, pick([]string{"hosts: [api2.example.com]", `hosts: ["*.example.com:8080", ".example.org"]`}))
			}
		}
		rng.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
		var b strings.Builder
		b.WriteString("name: t\ndesc: d\n")
		if rng.Float64() < 0.2 {
			b.WriteString("pre_request:\n  url: https://auth.example.com/t\n  var:\n    - {name: tok, extract: token}\n")
		}
		b.WriteString("steps:\n")
		steps := 1 + rng.Intn(3)
		loopAt := rng.Intn(steps)
		for i := range steps {
			fmt.Fprintf(&b, "  - url: https://api.example.com/s%d", i)
			if i == loopAt && st.ref != "" {
				fmt.Fprintf(&b, "?%s=${loop:%s}", st.ref, st.ref)
			}
			b.WriteString("\n")
			if i == loopAt {
				b.WriteString("    loop:\n")
				for _, f := range fields {
					b.WriteString("      " + f + "\n")
				}
				if rng.Float64() < 0.3 {
					b.WriteString("    var:\n      - {name: total, extract: meta.total, default: \"0\"}\n")
				}
			} else if rng.Float64() < 0.3 {
				b.WriteString("    var:\n      - {name: id, extract: \"[0].id\", abort: true}\n")
			}
			if i == steps-1 {
				fmt.Fprintf(&b, "    result: %q\n", pick([]string{"${step" + strconv.Itoa(loopAt) + ":items} ${step" + strconv.Itoa(loopAt) + ":more}", "x"}))
			}
		}
		out = append(out, b.String())
	}
	return out
}

// review27Handwritten are files of YAML's less common shapes: anchors,
// aliases, merge keys, tags, flow styles, several documents, aliases that
// grow the file past its bound.
func review27Handwritten() []string {
	bomb := "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
	for i := 1; i < 9; i++ {
		bomb += fmt.Sprintf("a%d: &a%d [*a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d, *a%d]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
	}
	base := "name: t\ndesc: d\nsteps:\n  - url: https://api.example.com/a\n"
	return []string{
		base + "    loop: &l\n      cursor: {path: next, param: c}\n      items: data[]\n  - url: https://api.example.com/b\n    loop: *l\n",
		base + "    loop:\n      <<: {cursor: next}\n      items: data[]\n",
		base + "    loop: !!map\n      link: !!str next\n      items: \"[]\"\n",
		base + "    loop:\n      link: &r next\n      items: \"[]\"\n      max_pages: *r\n",
		base + "    loop:\n      page: {param: &p page}\n      items: data[]\n    result: *p\n",
		base + "    loop:\n      page: {param: p}\n      items: data[]\n      *x: 1\n",
		base + "    loop:\n      ? page\n      : {param: p}\n      items: data[]\n",
		base + "    loop:\n      [page]: {param: p}\n      items: data[]\n",
		base + "    loop:\n      page: {param: p}\n      page: {param: q}\n      items: data[]\n",
		base + "    loop:\n      cursor: |\n        next\n      items: >-\n        data[]\n",
		base + "    loop:\n      cursor: \"next\"\n      items: 'data[]'\n---\nname: u\n",
		base + "    loop: {next_url: next, items: data[], hosts: [api2.example.com, api2.example.com]}\n",
		base + "    loop:\n      next_url: next\n      items: data[]\n    next: 0\n",
		base + "    loop:\n      offset: {param: o, step: 10000000000000000000000}\n      items: data[]\n",
		base + "    loop:\n      offset: {param: o, start: 0x10, step: 1_000}\n      items: data[]\n",
		base + "    loop:\n      offset: {param: o, start: 1e3, step: .inf}\n      items: data[]\n",
		base + "    loop:\n      page: {param: \"p\\u0000\"}\n      items: data[]\n",
		base + "    loop:\n      link: \"n\\u00e9xt\"\n      items: \"[]\"\n",
		base + "    x: " + strings.Repeat("[", 300) + strings.Repeat("]", 300) + "\n",
		bomb + base + "    loop:\n      cursor: next\n      items: data[]\n      hosts: *a8\n",
		"\ufeff" + base + "    loop:\n      cursor: {path: next, param: c}\n      items: data[]\n",
		base + "    loop:\n\tcursor: next\n",
		strings.ReplaceAll(base, "\n", "\r\n") + "    loop:\r\n      cursor: {path: next, param: c}\r\n      items: data[]\r\n",
		"",
		"# nothing\n",
		"[]",
		"name: t\ndesc: d\nsteps: []\n",
		"name: t\ndesc: d\nsteps:\n  - loop: {cursor: next, items: x}\n",
	}
}

// review27Mutate returns files made from src by deleting, duplicating or
// indenting one line, for every line.
func review27Mutate(src string) []string {
	lines := strings.Split(src, "\n")
	var out []string
	for i := range lines {
		del := slices27(lines[:i], lines[i+1:])
		dup := slices27(lines[:i+1], lines[i:])
		ind := slices27(lines[:i], []string{"  " + lines[i]}, lines[i+1:])
		out = append(out, strings.Join(del, "\n"), strings.Join(dup, "\n"), strings.Join(ind, "\n"))
	}
	return out
}

func slices27(parts ...[]string) []string {
	var out []string
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// review27Sources are the tool files mutated: the tree's own.
func review27Sources(t *testing.T) []string {
	var names []string
	for _, g := range []string{"testdata/load/*.yaml", "testdata/tools/*.yaml"} {
		m, _ := filepath.Glob(g)
		names = append(names, m...)
	}
	sort.Strings(names)
	var out []string
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, string(b))
	}
	return out
}

// review27Server answers the loop paths of review27Runs. Every answer
// depends only on the request.
func review27Handler(other *string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		q := r.URL.Query()
		n, _ := strconv.Atoi(cmpOr27(q.Get("p"), q.Get("page"), q.Get("offset"), "1"))
		seg := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
		kind := seg[0]
		arg := ""
		if len(seg) > 1 {
			arg = seg[1]
		}
		switch kind {
		case "nu": // next_url: pages 1..4, then none; arg picks the next URL's form
			next := ""
			if n < 4 {
				switch arg {
				case "abs":
					next = fmt.Sprintf("http://%s/nu/abs?p=%d", r.Host, n+1)
				case "other":
					next = fmt.Sprintf("%s/nu/abs?p=%d", *other, n+1)
				case "self":
					next = r.URL.RequestURI()
				case "frag":
					next = fmt.Sprintf("?p=%d#f%d", n+1, n)
				case "samefrag":
					next = "#x"
				case "js":
					next = "javascript:alert(1)"
				case "ftp":
					next = "ftp://example.com/x"
				case "schemeless":
					next = "//" + strings.TrimPrefix(*other, "http://") + "/nu/abs?p=2"
				case "bad":
					next = "http://[::1"
				case "space":
					next = " /nu/rel?p=2"
				case "num":
					fmt.Fprintf(w, `{"items":[%d],"next":%d}`, n, n+1)
					return
				case "obj":
					fmt.Fprintf(w, `{"items":[%d],"next":{"a":1}}`, n)
					return
				case "null":
					fmt.Fprintf(w, `{"items":[%d],"next":null}`, n)
					return
				case "long":
					next = "/nu/long?p=" + strconv.Itoa(n+1) + "&x=" + strings.Repeat("a", 500)
				case "nohost":
					next = "http:///x"
				case "userinfo":
					next = fmt.Sprintf("http://user:pass@%s/nu/rel?p=%d", r.Host, n+1)
				case "pingpong":
					next = fmt.Sprintf("/nu/pingpong?p=%d", 3-n)
				default:
					next = fmt.Sprintf("/nu/rel?p=%d", n+1)
				}
			}
			fmt.Fprintf(w, `{"items":[%d],"next":%q,"has_more":%t,"done":%t}`, n, next, n < 3, n >= 2)
		case "lk": // Link headers of every shape
			if n < 4 {
				nx := fmt.Sprintf("/lk/%s?p=%d", arg, n+1)
				var h []string
				switch arg {
				case "plain":
					h = []string{fmt.Sprintf(`<%s>; rel="next"`, nx)}
				case "case":
					h = []string{fmt.Sprintf(`<%s>; REL="NeXt"`, nx)}
				case "multi":
					h = []string{`</x>; rel="prev"`, fmt.Sprintf(`<%s>; rel=next`, nx)}
				case "twice":
					h = []string{fmt.Sprintf(`</lk/twice?p=9>; rel="prev"; rel="next", <%s>; rel="next"`, nx)}
				case "title":
					h = []string{fmt.Sprintf(`</lk/title?p=99>; title="rel=next, <%s>; rel=next"; rel="prev", <%s>; rel="next"`, nx, nx)}
				case "unterminated":
					h = []string{fmt.Sprintf(`<%s>; title="oops, <%s>; rel=next`, nx, nx)}
				case "empty":
					h = []string{`<>; rel="next"`}
				case "spaces":
					h = []string{fmt.Sprintf(`  ,, < %s >  ;  rel = "next"  `, nx)}
				case "commain":
					h = []string{fmt.Sprintf(`<%s&a=1,2>; rel="next"`, nx)}
				case "semi":
					h = []string{fmt.Sprintf(`<%s;x>; rel=next`, nx)}
				case "norel":
					h = []string{fmt.Sprintf(`<%s>`, nx)}
				case "garbage":
					h = []string{fmt.Sprintf(`garbage, <%s>; rel="next"`, nx)}
				case "relspaces":
					h = []string{fmt.Sprintf(`<%s>; rel="  prev   next "`, nx)}
				case "escaped":
					h = []string{fmt.Sprintf(`<%s>; title="a\"b"; rel="ne\xt"`, nx)}
				case "othernext":
					h = []string{fmt.Sprintf(`<%s/lk/plain?p=%d>; rel="next"`, *other, n+1)}
				case "self":
					h = []string{fmt.Sprintf(`<%s>; rel="next"`, r.URL.RequestURI())}
				case "many":
					for i := range 200 {
						h = append(h, fmt.Sprintf(`</x%d>; rel="p%d"`, i, i))
					}
					h = append(h, fmt.Sprintf(`<%s>; rel="next"`, nx))
				case "noangle":
					h = []string{fmt.Sprintf(`%s; rel="next"`, nx)}
				case "anchor":
					h = []string{fmt.Sprintf(`<%s>; anchor="#foo"; rel="next"`, nx)}
				case "relstar":
					h = []string{fmt.Sprintf(`<%s>; rel*=UTF-8''next`, nx)}
				case "tab":
					h = []string{"<" + nx + ">;\trel=\tnext"}
				case "noequals":
					h = []string{fmt.Sprintf(`<%s>; rel; rel=next`, nx)}
				case "uppercasenext":
					h = []string{fmt.Sprintf(`<%s>; rel=NEXT`, nx)}
				case "relnext":
					h = []string{fmt.Sprintf(`<%s>; rel="http://example.com/next next"`, nx)}
				}
				for _, v := range h {
					w.Header().Add("Link", v)
				}
			}
			fmt.Fprintf(w, `[%d]`, n)
		case "cur": // cursors
			c := q.Get("c")
			next := ""
			switch arg {
			case "plain":
				next = map[string]string{"": "c1", "c1": "c2", "c2": "c3"}[c]
			case "repeat":
				next = map[string]string{"": "c1", "c1": "c2", "c2": "c1"}[c]
			case "special":
				next = map[string]string{"": "a&b=c d/é", "a&b=c d/é": "%2F+?#", "%2F+?#": ""}[c]
			case "number":
				if c == "" || c == "1" {
					fmt.Fprintf(w, `{"items":["%s"],"next":%d}`, c, len(c)+1)
					return
				}
			case "bool":
				if c == "" {
					fmt.Fprint(w, `{"items":[0],"next":true}`)
					return
				}
			case "emptyfirst":
				next = ""
			case "zero":
				if c == "" {
					fmt.Fprint(w, `{"items":[0],"next":0}`)
					return
				}
			case "forever":
				next = "k" + strconv.Itoa(len(c)) + c
			}
			fmt.Fprintf(w, `{"items":[%q],"next":%q,"has_more":%t}`, c, next, next != "")
		case "pg": // counters: arg is the last page; "ignore" ignores the counter
			last, _ := strconv.Atoi(arg)
			switch {
			case arg == "ignore":
				fmt.Fprint(w, `{"items":[1,2]}`)
			case arg == "emptyignore":
				fmt.Fprint(w, `{"items":[]}`)
			case arg == "count":
				k := 3
				if n >= 6 {
					k = 0
				}
				items := make([]string, k)
				for i := range items {
					items[i] = strconv.Itoa(n + i)
				}
				fmt.Fprintf(w, `{"items":[%s],"done":%t}`, strings.Join(items, ","), n > 4)
			case n > last:
				fmt.Fprint(w, `{"items":[]}`)
			default:
				fmt.Fprintf(w, `{"items":[%d,"x%d"],"done":%t}`, n, n, n >= 2)
			}
		case "status":
			if n >= 2 {
				w.WriteHeader(map[string]int{"500": 500, "401": 401, "404": 404}[arg])
				fmt.Fprint(w, `{"error":"no"}`)
				return
			}
			if arg == "first" {
				w.WriteHeader(500)
				fmt.Fprint(w, `{"error":"first"}`)
				return
			}
			fmt.Fprintf(w, `{"items":[%d],"next":"/status/%s?p=%d"}`, n, arg, n+1)
		case "text":
			fmt.Fprint(w, "not json at all <html>")
		case "obj":
			fmt.Fprintf(w, `{"items":{"a":%d},"next":"/obj?p=%d"}`, n, n+1)
		case "str":
			if n > 3 {
				fmt.Fprint(w, `{"items":"", "next":""}`)
				return
			}
			fmt.Fprintf(w, `{"items":"s\"%d\u2028","next":"/str?p=%d"}`, n, n+1)
		default:
			w.WriteHeader(404)
		}
	}
}

func cmpOr27(xs ...string) string {
	for _, x := range xs {
		if x != "" {
			return x
		}
	}
	return ""
}

type review27RunCase struct {
	name, url, loop, extra string
	maxSteps, maxReqs      int
}

// review27RunCases are the loop tools run; {S1} and {S2} stand for the
// two servers' URLs ({H2} for the second's host:port).
func review27RunCases() []review27RunCase {
	var cs []review27RunCase
	add := func(name, url, loop, extra string, ms, mr int) {
		cs = append(cs, review27RunCase{name, url, loop, extra, ms, mr})
	}
	for _, a := range []string{"rel", "abs", "other", "self", "frag", "samefrag", "js", "ftp", "schemeless", "bad", "space", "num", "obj", "null", "long", "nohost", "userinfo", "pingpong"} {
		add("next_url "+a, "{S1}/nu/"+a+"?p=1", "next_url: next", "", 0, 0)
		add("next_url hosts "+a, "{S1}/nu/"+a+"?p=1", "next_url: next\n      hosts: [\"{H2}\"]", "", 0, 0)
	}
	add("next_url hosts post", "{S1}/nu/other?p=1", "next_url: next\n      hosts: [\"{H2}\"]", "    method: POST\n    body: '{\"a\":1}'\n", 0, 0)
	add("next_url hosts auth", "{S1}/nu/other?p=1", "next_url: next\n      hosts: [\"{H2}\"]", "    headers: {Authorization: \"Bearer ${env:API_TOKEN}\", X-Keep: k, Accept: application/json}\n", 0, 0)
	add("next_url hosts wildcard port", "{S1}/nu/other?p=1", "next_url: next\n      hosts: [\"127.0.0.1:*\"]", "", 0, 0)
	add("next_url hosts wrong port", "{S1}/nu/other?p=1", "next_url: next\n      hosts: [\"127.0.0.1:1\"]", "", 0, 0)
	add("next_url max_pages", "{S1}/nu/rel?p=1", "next_url: next\n      max_pages: 2", "", 0, 0)
	add("next_url max_items", "{S1}/nu/rel?p=1", "next_url: next\n      max_items: 3", "    result: ${step0:items} ${step0:more}\n", 0, 0)
	add("next_url while", "{S1}/nu/rel?p=1", "next_url: next\n      while: has_more", "", 0, 0)
	add("next_url until", "{S1}/nu/rel?p=1", "next_url: next\n      until: done", "", 0, 0)
	add("next_url max steps", "{S1}/nu/rel?p=1", "next_url: next", "", 2, 0)
	add("next_url max requests", "{S1}/nu/rel?p=1", "next_url: next", "", 0, 2)
	add("next_url result", "{S1}/nu/rel?p=1", "next_url: next", "    result: \"${step0:items} more=${step0:more}\"\n", 0, 0)
	for _, a := range []string{"plain", "case", "multi", "twice", "title", "unterminated", "empty", "spaces", "commain", "semi", "norel", "garbage", "relspaces", "escaped", "othernext", "self", "many", "noangle", "anchor", "relstar", "tab", "noequals", "uppercasenext", "relnext"} {
		add("link "+a, "{S1}/lk/"+a+"?p=1", "link: next", "", 0, 0)
		add("link prev "+a, "{S1}/lk/"+a+"?p=1", "link: prev", "", 0, 0)
	}
	add("link hosts othernext", "{S1}/lk/othernext?p=1", "link: next\n      hosts: [\"{H2}\"]", "", 0, 0)
	add("link http://example.com/next", "{S1}/lk/relnext?p=1", "link: \"http://example.com/next\"", "", 0, 0)
	for _, a := range []string{"plain", "repeat", "special", "number", "bool", "emptyfirst", "zero", "forever"} {
		add("cursor param "+a, "{S1}/cur/"+a, "cursor: {path: next, param: c}", "", 0, 0)
		add("cursor ref "+a, "{S1}/cur/"+a+"?c=${loop:cursor}", "cursor: next", "", 0, 0)
		add("cursor query "+a, "{S1}/cur/"+a, "cursor: next", "    query:\n      - {key: c, value: \"${loop:cursor}\"}\n", 0, 0)
		add("cursor header "+a, "{S1}/cur/"+a, "cursor: next\n      max_pages: 5", "    headers: {X-Cursor: \"${loop:cursor}\"}\n", 0, 0)
		add("cursor body "+a, "{S1}/cur/"+a+"?x=1", "cursor: {path: next, param: c}\n      max_pages: 6", "    method: POST\n    body: '{\"c\":\"${loop:cursor}\"}'\n", 0, 0)
		add("cursor while "+a, "{S1}/cur/"+a, "cursor: {path: next, param: c}\n      while: has_more", "", 0, 0)
	}
	add("cursor forever max_items", "{S1}/cur/forever", "cursor: {path: next, param: c}\n      max_items: 4", "    result: ${step0:items} ${step0:more}\n", 0, 0)
	add("cursor forever budget", "{S1}/cur/forever", "cursor: {path: next, param: c}", "", 9, 0)
	add("cursor forever requests", "{S1}/cur/forever", "cursor: {path: next, param: c}", "", 0, 5)
	for _, a := range []string{"3", "0", "1", "ignore", "emptyignore", "count"} {
		add("page "+a, "{S1}/pg/"+a, "page: {param: page}", "", 0, 0)
		add("page start0 "+a, "{S1}/pg/"+a, "page: {param: page, start: 0}", "", 0, 0)
		add("page ref "+a, "{S1}/pg/"+a+"?page=${loop:page}", "page: {}", "", 0, 0)
		add("page until "+a, "{S1}/pg/"+a, "page: {param: page}\n      until: done", "", 0, 0)
		add("offset "+a, "{S1}/pg/"+a, "offset: {param: offset}", "", 0, 0)
		add("offset step "+a, "{S1}/pg/"+a, "offset: {param: offset, step: 2, start: 1}", "", 0, 0)
		add("offset ref "+a, "{S1}/pg/"+a, "offset: {start: 3}", "    query:\n      - {key: offset, value: \"${loop:offset}\"}\n", 0, 0)
		add("offset max_pages "+a, "{S1}/pg/"+a, "offset: {param: offset}\n      max_pages: 2", "", 0, 0)
		add("page max_items "+a, "{S1}/pg/"+a, "page: {param: page}\n      max_items: 3", "    result: ${step0:items} ${step0:more}\n", 0, 0)
	}
	add("page budget", "{S1}/pg/1000", "page: {param: page}", "", 6, 0)
	add("page requests", "{S1}/pg/1000", "page: {param: page}", "", 0, 4)
	for _, a := range []string{"500", "401", "404", "first"} {
		add("status "+a, "{S1}/status/"+a, "next_url: next", "", 0, 0)
		add("status var "+a, "{S1}/status/"+a, "next_url: next", "    var:\n      - {name: e, extract: error, default: none}\n    result: \"${step0:e} ${step0:items}\"\n", 0, 0)
	}
	add("text", "{S1}/text", "next_url: next", "", 0, 0)
	add("obj", "{S1}/obj", "next_url: next\n      max_pages: 3", "", 0, 0)
	add("str", "{S1}/str", "next_url: next", "", 0, 0)
	add("two steps", "{S1}/pg/2", "page: {param: page}", "  - url: {S1}/cur/plain\n    loop:\n      cursor: {path: next, param: c}\n      items: items[]\n    result: \"${step0:items}|${step1:items}|${step0:more}\"\n", 0, 0)
	return cs
}

// review27Tool is the tool file of run case c, with {S1}, {S2} and {H2}.
func review27Tool(c review27RunCase) string {
	tool := "name: t\ndesc: d\nenv: [API_TOKEN]\nsteps:\n  - url: " + c.url + "\n" + c.extra + "    loop:\n      " + c.loop + "\n"
	if !strings.HasPrefix(c.loop, "items:") && !strings.Contains(c.loop, "\n      items:") {
		tool += "      items: items[]\n"
	}
	if strings.HasPrefix(c.loop, "link") {
		tool = strings.Replace(tool, "items: items[]", `items: "[]"`, 1)
	}
	// two steps: the extra holds the second step, after the loop
	if strings.HasPrefix(c.extra, "  - url:") {
		tool = "name: t\ndesc: d\nenv: [API_TOKEN]\nsteps:\n  - url: " + c.url + "\n    loop:\n      " + c.loop + "\n      items: items[]\n" + c.extra
	}
	return tool
}

func review27RunOne(t *testing.T, c review27RunCase) review27Run {
	return review27RunTool(t, c, review27Tool(c))
}

func review27RunTool(t *testing.T, c review27RunCase, tool string) review27Run {
	var other string
	var mu sync.Mutex
	var reqs []string
	rec := func(name string, h http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			body, _ := io.ReadAll(r.Body)
			line := fmt.Sprintf("%s %s %s body=%q auth=%q x-keep=%q x-cursor=%q", name, r.Method, r.URL.RequestURI(), body, r.Header.Get("Authorization"), r.Header.Get("X-Keep"), r.Header.Get("X-Cursor"))
			mu.Lock()
			reqs = append(reqs, line)
			mu.Unlock()
			h(w, r)
		}
	}
	s1 := httptest.NewServer(rec("S1", review27Handler(&other)))
	defer s1.Close()
	s2 := httptest.NewServer(rec("S2", review27Handler(&other)))
	defer s2.Close()
	other = s2.URL
	h2 := strings.TrimPrefix(s2.URL, "http://")
	sub := strings.NewReplacer("{S1}", s1.URL, "{S2}", s2.URL, "{H2}", h2)
	out := review27Run{Name: c.name, Tool: tool, MaxSteps: c.maxSteps, MaxReqs: c.maxReqs}
	reg := NewRegistry(&Options{
		Logger: discardLogger(), AllowPrivate: []string{"127.0.0.1"},
		Env:      testEnv(map[string]string{"API_TOKEN": "tok-secret-1"}),
		MaxSteps: c.maxSteps, MaxRequests: c.maxReqs,
	})
	ds, err := reg.LoadBytes("t.yaml", []byte(sub.Replace(tool)))
	unsub := strings.NewReplacer(s1.URL, "{S1}", s2.URL, "{S2}", h2, "{H2}", strings.TrimPrefix(s1.URL, "http://"), "{H1}")
	for _, d := range review27Diags(ds) {
		out.Diags = append(out.Diags, unsub.Replace(d))
	}
	if err != nil {
		out.Requests = []string{}
		return out
	}
	args, _ := json.Marshal(map[string]any{"name": "t", "parameters": map[string]any{}})
	res, err := reg.Call(context.Background(), ToolCallCapability, args)
	if err != nil {
		t.Fatalf("%s: Call: %v", c.name, err)
	}
	out.Text, out.IsError = unsub.Replace(res.Text), res.IsError
	mu.Lock()
	out.Requests = []string{}
	for _, r := range reqs {
		out.Requests = append(out.Requests, unsub.Replace(r))
	}
	mu.Unlock()
	return out
}

// review27Compute builds the cases from their inputs (the golden's, or
// generated ones when the golden is written).
func review27Compute(t *testing.T, loads []string, runs []review27RunCase) review27Cases {
	var got review27Cases
	for _, src := range loads {
		got.Load = append(got.Load, review27LoadOne(src))
	}
	for _, c := range runs {
		got.Runs = append(got.Runs, review27RunOne(t, c))
	}
	return got
}

func TestReview27_PhaseSplitUnchanged(t *testing.T) {
	if os.Getenv("REVIEW27_PHASE_UPDATE") != "" {
		rng := rand.New(rand.NewSource(27))
		loads := review27Generate(rng, 2500)
		loads = append(loads, review27Valid(rng, 600)...)
		loads = append(loads, review27Handwritten()...)
		for _, src := range review27Sources(t) {
			loads = append(loads, review27Mutate(src)...)
		}
		got := review27Compute(t, loads, review27RunCases())
		var buf bytes.Buffer
		zw := gzip.NewWriter(&buf)
		enc := json.NewEncoder(zw)
		enc.SetIndent("", " ")
		if err := enc.Encode(got); err != nil {
			t.Fatal(err)
		}
		zw.Close()
		if err := os.WriteFile(review27Golden, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(review27Golden)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	var want review27Cases
	if err := json.NewDecoder(zr).Decode(&want); err != nil {
		t.Fatal(err)
	}
	fails := 0
	for _, w := range want.Load {
		if got := review27LoadOne(w.Src); !cmp.Equal(w, got) {
			if fails++; fails <= 10 {
				t.Errorf("load of\n%s\n(-old +new):\n%s", w.Src, cmp.Diff(w, got))
			}
		}
	}
	for _, w := range want.Runs {
		c := review27RunCase{name: w.Name, maxSteps: w.MaxSteps, maxReqs: w.MaxReqs}
		got := review27RunTool(t, c, w.Tool)
		if !cmp.Equal(w, got) {
			if fails++; fails <= 20 {
				t.Errorf("run %s (-old +new):\n%s", w.Name, cmp.Diff(w, got))
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d cases differ", fails, len(want.Load)+len(want.Runs))
	}
}

// TestReview27_LoopSeenBounded: a loop keeps what each page was fetched
// with, to stop at a repeat; a hostile API that pads every next URL to a
// megabyte must not make a call hold a megabyte per page (the seen URLs
// were kept whole: 45 MB at page 45, up to MaxRequests × MaxBodyBytes).
func TestReview27_LoopSeenBounded(t *testing.T) {
	const pad = 1 << 20
	var grown atomic.Int64
	heap := func() int64 {
		runtime.GC()
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return int64(m.HeapAlloc)
	}
	var at2 atomic.Int64
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		switch n {
		case 2:
			at2.Store(heap())
		case 45:
			grown.Store(heap() - at2.Load())
		}
		fmt.Fprintf(w, `{"items":[%d],"next":"/p?n=%d&pad=%s"}`, n, n+1, strings.Repeat("a", pad))
	}))
	srv.Config.MaxHeaderBytes = 4 * pad
	srv.Start()
	defer srv.Close()
	reg := NewRegistry(&Options{Logger: discardLogger(), AllowPrivate: []string{"127.0.0.1"}})
	src := "name: t\ndesc: d\nsteps:\n  - url: " + srv.URL + "/p\n    loop:\n      next_url: next\n      items: items[]\n"
	if _, err := reg.LoadBytes("t.yaml", []byte(src)); err != nil {
		t.Fatal(err)
	}
	args, _ := json.Marshal(map[string]any{"name": "t", "parameters": map[string]any{}})
	res, err := reg.Call(context.Background(), ToolCallCapability, args)
	if err != nil {
		t.Fatal(err)
	}
	if !res.IsError || !strings.Contains(res.Text, "request budget spent") {
		t.Fatalf("want the request budget's error, got %.200s", res.Text)
	}
	if g := grown.Load(); g > 20*pad {
		t.Errorf("the heap grew by %d MB from page 2 to page 45 of 1 MB next URLs", g>>20)
	}
}
