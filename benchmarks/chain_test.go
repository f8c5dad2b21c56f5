package benchmarks

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
)

// tokenChainYAML is the spec's two-step example: POST /auth/token, then
// GET /orders/{id} with the token, two vars extracted, a result template.
var tokenChainYAML = func() string {
	b, err := os.ReadFile("../testdata/tools/spec_order.yaml")
	if err != nil {
		panic(err)
	}
	return string(b)
}()

const wantResult = "Order: A-1001\nStatus: shipped\nAmount: 1234567.89\n"

func orderAPI() *httptest.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /auth/token", func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"access_token":"tok-7f3a9c","token_type":"bearer","expires_in":3600}`)
	})
	mux.HandleFunc("GET /orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer tok-7f3a9c" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"data":{"id":"`+r.PathValue("id")+`","status":"shipped","amount":1234567.89,"currency":"EUR","items":[{"sku":"X1","qty":2},{"sku":"Y2","qty":1}]}}`)
	})
	return httptest.NewServer(mux)
}

func newRegistry(b testing.TB, base, cache string) *toolkit.Registry {
	env := map[string]string{"BASE_URL": base, "CLIENT_ID": "demo", "CLIENT_SECRET": "s3cr3t-value"}
	reg := toolkit.NewRegistry(&toolkit.Options{
		Env:          func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		HTTPClient:   &http.Client{Transport: newTransport()},
		AllowPrivate: []string{"127.0.0.1"},
	})
	if _, err := reg.LoadBytes("orders.yaml", []byte(strings.Replace(tokenChainYAML, "cache: true", "cache: "+cache, 1))); err != nil {
		b.Fatal(err)
	}
	return reg
}

var callArgs = json.RawMessage(`{"name":"get_order","parameters":{"order_id":"A-1001"}}`)

func callToolkit(b testing.TB, reg *toolkit.Registry) {
	res, err := reg.Call(context.Background(), toolkit.ToolCallCapability, callArgs)
	if err != nil || res.IsError || res.Text != wantResult {
		b.Fatalf("result %q, %v", res.Text, err)
	}
}

// handwritten is the same work written by hand with net/http and
// encoding/json: the yardstick.
type handwritten struct {
	client *http.Client
	base   string
	token  string // set for the cached variant
}

func (h *handwritten) fetchToken(ctx context.Context) (string, error) {
	body, _ := json.Marshal(map[string]string{"client_id": "demo", "client_secret": "s3cr3t-value"})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.base+"/auth/token", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := h.client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || tok.AccessToken == "" {
		return "", fmt.Errorf("token: %v", err)
	}
	return tok.AccessToken, nil
}

func (h *handwritten) order(ctx context.Context, id string) (string, error) {
	token := h.token
	if token == "" {
		var err error
		if token, err = h.fetchToken(ctx); err != nil {
			return "", err
		}
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, h.base+"/orders/"+id, nil)
	if err != nil {
		return "", err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	resp, err := h.client.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var out struct {
		Data struct {
			Status string      `json:"status"`
			Amount json.Number `json:"amount"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return "", err
	}
	var sb strings.Builder
	sb.WriteString("Order: ")
	sb.WriteString(id)
	sb.WriteString("\nStatus: ")
	sb.WriteString(out.Data.Status)
	sb.WriteString("\nAmount: ")
	sb.WriteString(out.Data.Amount.String())
	sb.WriteString("\n")
	return sb.String(), nil
}

func callHandwritten(b testing.TB, h *handwritten) {
	got, err := h.order(context.Background(), "A-1001")
	if err != nil || got != wantResult {
		b.Fatalf("result %q, %v", got, err)
	}
}

// BenchmarkTokenChain compares the spec's two-step example through the
// Registry's entry tool with the hand-written twin.
func BenchmarkTokenChain(b *testing.B) {
	srv := orderAPI()
	defer srv.Close()
	reg := newRegistry(b, srv.URL, "true")
	h := &handwritten{client: &http.Client{Transport: newTransport()}, base: srv.URL}
	b.Run("toolkit", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			callToolkit(b, reg)
		}
	})
	b.Run("handwritten", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			callHandwritten(b, h)
		}
	})
}

// BenchmarkTokenChainParallel is BenchmarkTokenChain under b.RunParallel.
func BenchmarkTokenChainParallel(b *testing.B) {
	srv := orderAPI()
	defer srv.Close()
	reg := newRegistry(b, srv.URL, "true")
	h := &handwritten{client: &http.Client{Transport: newTransport()}, base: srv.URL}
	b.Run("toolkit", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				callToolkit(b, reg)
			}
		})
	})
	b.Run("handwritten", func(b *testing.B) {
		b.ReportAllocs()
		b.RunParallel(func(pb *testing.PB) {
			for pb.Next() {
				callHandwritten(b, h)
			}
		})
	})
}

// BenchmarkCachedToken has the token step hit a cache that lives across
// calls, so one request is sent per call, against the hand-written
// one-request version holding a token.
func BenchmarkCachedToken(b *testing.B) {
	srv := orderAPI()
	defer srv.Close()
	reg := newRegistry(b, srv.URL, "{ttl: 3600}")
	callToolkit(b, reg) // fill the cache
	h := &handwritten{client: &http.Client{Transport: newTransport()}, base: srv.URL, token: "tok-7f3a9c"}
	b.Run("toolkit", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			callToolkit(b, reg)
		}
	})
	b.Run("handwritten", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			callHandwritten(b, h)
		}
	})
}

// newTransport matches the connection pooling of the Executor's own client.
func newTransport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConnsPerHost = 32
	return t
}
