package toolkit

import (
	"net/http"
	"strings"
	"testing"
)

const xmlCatalog = `<?xml version="1.0"?>
<catalog>
  <book id="b1"><title>Foundation</title><price>8.5</price></book>
  <book id="b2"><title>Dune</title><price>9</price></book>
</catalog>`

// XPath through a YAML capability: a value, a node set, and default,
// abort and jump when nothing matches or the body is not XML.
func TestXPathExtract(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/catalog.xml":
			w.Header().Set("Content-Type", "application/xml")
			w.Write([]byte(xmlCatalog))
		case "/fallback":
			w.Write([]byte(`{"title": "from the fallback"}`))
		default:
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<html><body>oops"))
		}
	})
	tool := `
name: books
desc: book titles from an XML API
params:
  - {name: path, type: string, required: true, description: which document}
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/${param:path}
    var:
      - {name: second, extract: "/catalog/book[2]/title", jump: 1}
      - {name: titles, extract: "/catalog/book/title"}
      - {name: count, extract: "/catalog/book[2]/price * 2"}
      - {name: id, extract: "/catalog/book[title='Dune']/@id"}
      - {name: missing, extract: "/catalog/book[9]/title", default: none}
    result: "${step0:second} ${step0:titles} ${step0:count} ${step0:id} ${step0:missing}"
  - url: ${env:BASE_URL}/fallback
    var: [{name: title, extract: title}]
    result: ${step1:title}
`
	reg := loadRegistry(t, nil, srv.URL, tool)
	wantText(t, call(t, reg, "books", `{"path":"catalog.xml"}`), `Dune ["Foundation","Dune"] 18 b2 none`)
	wantText(t, call(t, reg, "books", `{"path":"page.html"}`), "from the fallback")

	abort := strings.Replace(tool, `jump: 1}`, `abort: true}`, 1)
	reg = loadRegistry(t, nil, srv.URL, abort)
	wantError(t, call(t, reg, "books", `{"path":"page.html"}`), `variable "second" extraction failed`)
}

func TestXPathLoadError(t *testing.T) {
	tool := `
name: bad
desc: a bad XPath
steps:
  - url: https://example.com/
    var:
      - {name: x, extract: "/catalog/book["}
`
	reg := NewRegistry(&Options{Logger: discardLogger()})
	diags, err := reg.LoadBytes("bad.yaml", []byte(tool))
	if err == nil {
		t.Fatal("loaded")
	}
	if got := diags.String(); !strings.Contains(got, "bad.yaml:7:") || !strings.Contains(got, `steps[0].var[0].extract: extract "/catalog/book[": col 1: bad XPath expression`) {
		t.Errorf("diagnostics:\n%s", got)
	}
}
