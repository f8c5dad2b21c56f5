package benchmarks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// bodySizes are the response sizes of the large-body benchmarks.
var bodySizes = []struct {
	name  string
	size  int
	calls int // calls of each side per interleaved round
}{{"100KB", 100 << 10, 20}, {"1MB", 1 << 20, 4}, {"10MB", 10 << 20, 1}}

// largeBody builds a JSON listing of about size bytes, the shape of a
// paged API answer.
func largeBody(size int) []byte {
	var b strings.Builder
	b.Grow(size + 256)
	b.WriteString(`{"data": {"status": "paid", "amount": 1234567.89, "id": 12345678901234567890, "ok": true},` + "\n" + `"items": [`)
	for i := 0; b.Len() < size-200; i++ {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"id": %d, "sku": "SKU-%06d", "name": "item %d", "price": {"amount": %d.99, "currency": "EUR"}, "stock": %d, "tags": ["new", "sale"], "updated_at": "2026-11-30T12:00:00Z"}`, i, i, i, i%100, i%7)
	}
	b.WriteString("],\n" + `"meta": {"total": 42, "next": "/page/2"}}`)
	return []byte(b.String())
}

// bodyAPI serves GET /body?size=N: the largeBody of that size, written in
// 32 KiB pieces without a Content-Length (so chunked, as a streamed or
// compressed answer is), or with one when cl=1.
func bodyAPI() *httptest.Server {
	bodies := map[string][]byte{}
	for _, s := range bodySizes {
		bodies[strconv.Itoa(s.size)] = largeBody(s.size)
	}
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, ok := bodies[r.URL.Query().Get("size")]
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Query().Get("cl") == "1" {
			w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		}
		for len(body) > 0 {
			n := min(len(body), 32<<10)
			if _, err := w.Write(body[:n]); err != nil {
				return
			}
			body = body[n:]
		}
	}))
}

// bodyTools are the capabilities of the large-body benchmarks: the raw
// body as the result, with and without a secret in the call, and four
// paths extracted into a result template.
const bodyTools = `
name: raw_body
desc: the raw body
params: [{name: size, type: string, required: true, description: body size}, {name: cl, type: string, required: false, default: "0", description: "1 for a Content-Length"}]
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/body?size=${param:size}&cl=${param:cl}
---
name: raw_body_secret
desc: the raw body, the request carrying a token
params: [{name: size, type: string, required: true, description: body size}, {name: cl, type: string, required: false, default: "0", description: "1 for a Content-Length"}]
env: [BASE_URL, API_TOKEN]
steps:
  - url: ${env:BASE_URL}/body?size=${param:size}&cl=${param:cl}
    headers:
      Authorization: Bearer ${env:API_TOKEN}
---
name: extract_body
desc: four paths of the body
params: [{name: size, type: string, required: true, description: body size}, {name: cl, type: string, required: false, default: "0", description: "1 for a Content-Length"}]
env: [BASE_URL]
steps:
  - url: ${env:BASE_URL}/body?size=${param:size}&cl=${param:cl}
    var:
      - name: status
        extract: data.status
      - name: amount
        extract: data.amount
      - name: third
        extract: items[3].name
      - name: next
        extract: meta.next
    result: "${step0:status} ${step0:amount} ${step0:third} ${step0:next}"
`

const bodyToken = "tok-5d1e0c9b7a"

func newBodyRegistry(b testing.TB, base string) *toolkit.Registry {
	env := map[string]string{"BASE_URL": base, "API_TOKEN": bodyToken}
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:          func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		HTTPClient:   &http.Client{Transport: newTransport()},
		AllowPrivate: []string{"127.0.0.1"},
	})
	for i, doc := range strings.Split(bodyTools, "\n---\n") {
		if _, err := reg.LoadBytes(fmt.Sprintf("body%d.yaml", i), []byte(doc)); err != nil {
			b.Fatal(err)
		}
	}
	return reg
}

// bodyCase is one large-body benchmark: a capability and its hand-written
// twin, each returning the text the model gets.
type bodyCase struct {
	name       string
	capability string
	cl         bool
	handwrit   func(h *bodyClient, size int, cl bool) (string, error)
}

var bodyCases = []bodyCase{
	{"Raw", "raw_body", false, (*bodyClient).raw},
	{"RawLength", "raw_body", true, (*bodyClient).raw},
	{"RawSecret", "raw_body_secret", false, (*bodyClient).rawSecret},
	{"Extract", "extract_body", false, (*bodyClient).extract},
	{"ExtractLength", "extract_body", true, (*bodyClient).extract},
}

// bodyClient is the hand-written twin: net/http, io.ReadAll under the same
// body cap, a cut at the same result cap, encoding/json for the paths.
type bodyClient struct {
	client *http.Client
	base   string
}

func (h *bodyClient) get(size int, cl bool, token string) ([]byte, error) {
	u := h.base + "/body?size=" + strconv.Itoa(size) + "&cl=0"
	if cl {
		u = u[:len(u)-1] + "1"
	}
	req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := h.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, toolkit.DefaultMaxBodyBytes+1))
	if err != nil {
		return nil, err
	}
	if len(body) > toolkit.DefaultMaxBodyBytes {
		return nil, errors.New("body too large")
	}
	return body, nil
}

// cut is the result cap as written by hand: the first 64 KiB on a UTF-8
// boundary and a note.
func cut(body []byte) string {
	shown, cut := textcut.Prefix(body, toolkit.DefaultMaxResultBytes)
	if !cut {
		return string(body)
	}
	return string(shown) + "\n[truncated: " + strconv.Itoa(len(shown)) + " of " + strconv.Itoa(len(body)) + " bytes shown]"
}

func (h *bodyClient) raw(size int, cl bool) (string, error) {
	body, err := h.get(size, cl, "")
	if err != nil {
		return "", err
	}
	return cut(body), nil
}

// rawSecret takes the token out of what it shows, as written by hand: the
// token as written, in the part shown.
func (h *bodyClient) rawSecret(size int, cl bool) (string, error) {
	body, err := h.get(size, cl, bodyToken)
	if err != nil {
		return "", err
	}
	return strings.ReplaceAll(cut(body), bodyToken, toolkit.Redacted), nil
}

func (h *bodyClient) extract(size int, cl bool) (string, error) {
	body, err := h.get(size, cl, "")
	if err != nil {
		return "", err
	}
	var v struct {
		Data struct {
			Status string      `json:"status"`
			Amount json.Number `json:"amount"`
		} `json:"data"`
		Items []struct {
			Name string `json:"name"`
		} `json:"items"`
		Meta struct {
			Next string `json:"next"`
		} `json:"meta"`
	}
	if err := json.Unmarshal(body, &v); err != nil {
		return "", err
	}
	if len(v.Items) < 4 {
		return "", errors.New("too few items")
	}
	return v.Data.Status + " " + v.Data.Amount.String() + " " + v.Items[3].Name + " " + v.Meta.Next, nil
}

// BenchmarkBody runs each large-body capability against its hand-written
// twin in alternating rounds (see interleave), for bodies of 100 KB, 1 MB
// and 10 MB sent chunked or (the Length cases) with a Content-Length. The
// raw cases return the body cut at MaxResultBytes; Extract reads four
// paths. Besides the ratio it reports the bytes each side allocates per
// body byte (B/byte, base-B/byte).
func BenchmarkBody(b *testing.B) {
	srv := bodyAPI()
	defer srv.Close()
	reg := newBodyRegistry(b, srv.URL)
	h := &bodyClient{client: &http.Client{Transport: newTransport()}, base: srv.URL}
	for _, c := range bodyCases {
		for _, sz := range bodySizes {
			cl := "0"
			if c.cl {
				cl = "1"
			}
			args := json.RawMessage(fmt.Sprintf(`{"name":%q,"parameters":{"size":%q,"cl":%q}}`, c.capability, strconv.Itoa(sz.size), cl))
			var want string
			toolkitSide := func() {
				res, err := reg.Call(context.Background(), toolkit.ToolCallCapability, args)
				if err != nil || res.IsError || res.Text != want {
					b.Fatalf("%s: result %.200q, %v; want %.200q", c.capability, res.Text, err, want)
				}
			}
			twin := func() {
				if got, err := c.handwrit(h, sz.size, c.cl); err != nil || got != want {
					b.Fatalf("twin: %.200q, %v", got, err)
				}
			}
			b.Run(c.name+sz.name, func(b *testing.B) {
				var err error
				if want, err = c.handwrit(h, sz.size, c.cl); err != nil {
					b.Fatal(err)
				}
				toolkitSide()
				alloc := [2]uint64{}
				calls := 0
				interleaveN(b, sz.calls, toolkitSide, twin, func(side int, run func()) {
					before := allocated()
					run()
					alloc[side] += allocated() - before
					if side == 0 {
						calls += sz.calls
					}
				})
				b.ReportMetric(float64(alloc[0])/float64(calls)/float64(sz.size), "B/byte")
				b.ReportMetric(float64(alloc[1])/float64(calls)/float64(sz.size), "base-B/byte")
			})
		}
	}
}

// allocated returns the bytes allocated by the process so far.
func allocated() uint64 {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.TotalAlloc
}
