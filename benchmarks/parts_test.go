package benchmarks

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"mime"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"github.com/antchfx/xmlquery"

	"github.com/toolkit-sdk/toolkit"
	interleaved "github.com/toolkit-sdk/toolkit/internal/interleave"
)

// partsSize is the body size of the parts benchmarks: 1 MB.
const partsSize = 1 << 20

// pngLike is partsSize bytes that start like a PNG, the rest random (an
// image's compressed data does not compress further).
func pngLike() []byte {
	b := make([]byte, partsSize)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	copy(b, "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
	return b
}

// xmlCatalog is a catalog of books of about partsSize bytes.
func xmlCatalog() []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<catalog>\n")
	for i := 1; b.Len() < partsSize-200; i++ {
		fmt.Fprintf(&b, "  <book id=\"bk%d\" year=\"%d\">\n    <title>Book number %d</title>\n    <author>Author %d</author>\n    <price currency=\"EUR\">%d.99</price>\n    <tags><tag>new</tag><tag>sale</tag></tags>\n  </book>\n", i, 1900+i%120, i, i%500, i%100)
	}
	b.WriteString("</catalog>\n")
	return []byte(b.String())
}

// partsAPI serves /image.png (image/png) and /catalog.xml, each with a
// Content-Length.
func partsAPI(png, catalog []byte) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ct := png, "image/png"
		if r.URL.Path == "/catalog.xml" {
			body, ct = catalog, "application/xml"
		}
		w.Header().Set("Content-Type", ct)
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.Write(body)
	}))
}

const partsTools = `
name: get_image
desc: an image
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/image.png
---
name: book_title
desc: the title of a book of the catalog
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/catalog.xml
    var:
      - {name: title, extract: "/catalog/book[@id='bk2000']/title"}
    result: ${step0:title}
`

// partsTwin is the hand-written twin: net/http, io.ReadAll under the same
// body cap, then the image as bytes with its type, or xmlquery's tree and
// the same XPath.
type partsTwin struct {
	client *http.Client
	base   string
}

func (h *partsTwin) get(path string) ([]byte, string, error) {
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, h.base+path, nil)
	if err != nil {
		return nil, "", err
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return nil, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, toolkit.DefaultMaxBodyBytes+1))
	if err != nil {
		return nil, "", err
	}
	if len(body) > toolkit.DefaultMaxBodyBytes {
		return nil, "", errors.New("body too large")
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	return body, mt, nil
}

func (h *partsTwin) image() (toolkit.Part, error) {
	body, mt, err := h.get("/image.png")
	return toolkit.ImagePart(mt, body), err
}

func (h *partsTwin) title() (string, error) {
	body, _, err := h.get("/catalog.xml")
	if err != nil {
		return "", err
	}
	root, err := xmlquery.Parse(bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	n, err := xmlquery.Query(root, "/catalog/book[@id='bk2000']/title")
	if err != nil || n == nil {
		return "", fmt.Errorf("no title: %v", err)
	}
	return n.InnerText(), nil
}

// BenchmarkParts times a 1 MB image result (an image part) and an XPath
// extraction from a 1 MB XML body beside their hand-written twins,
// interleaved (see interleave) in the process's CPU time, and reports the
// bytes each side allocates per body byte (B/byte, base-B/byte).
func BenchmarkParts(b *testing.B) {
	png, catalog := pngLike(), xmlCatalog()
	srv := partsAPI(png, catalog)
	defer srv.Close()
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:          func(k string) (string, bool) { return srv.URL, k == "BASE_URL" },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		HTTPClient:   &http.Client{Transport: newTransport()},
		AllowPrivate: []string{"127.0.0.1"},
	})
	for i, doc := range strings.Split(partsTools, "\n---\n") {
		if _, err := reg.LoadBytes(fmt.Sprintf("parts%d.yaml", i), []byte(doc)); err != nil {
			b.Fatal(err)
		}
	}
	h := &partsTwin{client: &http.Client{Transport: newTransport()}, base: srv.URL}
	cases := []struct {
		name       string
		capability string
		size       int
		check      func(toolkit.Result) bool
		twin       func() error
	}{
		{"Image1MB", "get_image", len(png),
			func(res toolkit.Result) bool {
				return len(res.Parts) == 1 && res.Parts[0].MIMEType == "image/png" && bytes.Equal(res.Parts[0].Data, png)
			},
			func() error {
				p, err := h.image()
				if err == nil && (p.MIMEType != "image/png" || len(p.Data) != len(png)) {
					err = errors.New("wrong image")
				}
				return err
			}},
		{"XPath1MB", "book_title", len(catalog),
			func(res toolkit.Result) bool { return res.Text == "Book number 2000" },
			func() error {
				t, err := h.title()
				if err == nil && t != "Book number 2000" {
					err = fmt.Errorf("title %q", t)
				}
				return err
			}},
	}
	for _, c := range cases {
		toolkitSide := func() {
			res, err := reg.Call(context.Background(), c.capability, nil)
			if err != nil || res.IsError || !c.check(res) {
				b.Fatalf("%s: %.200q, %v", c.capability, res.Text, err)
			}
		}
		twin := func() {
			if err := c.twin(); err != nil {
				b.Fatal(err)
			}
		}
		b.Run(c.name, func(b *testing.B) {
			toolkitSide()
			twin()
			const calls = 4
			alloc := [2]uint64{}
			n := 0
			// CPU time, not wall time: the machines these run on are
			// shared, and the process's CPU time is what the work costs.
			interleaved.RunAround(b, calls, interleaved.CPU, toolkitSide, twin, func(side int, run func()) {
				before := allocated()
				run()
				alloc[side] += allocated() - before
				if side == 0 {
					n += calls
				}
			})
			b.ReportMetric(float64(alloc[0])/float64(n)/float64(c.size), "B/byte")
			b.ReportMetric(float64(alloc[1])/float64(n)/float64(c.size), "base-B/byte")
		})
	}
}
