package toolkit_test

// docs/discovery.md's hybrid ranking blocks, verbatim (TestReadmeGo checks
// that they stand here), run against a server answering as OpenAI's
// embeddings endpoint does.

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/toolkittest"
)

type openAIEmbedder struct {
	client *http.Client
	key    string // from the host's secret store, never from a tool file
}

func (e openAIEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	body, _ := json.Marshal(map[string]any{"model": "text-embedding-3-small", "input": texts, "dimensions": 768})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, "https://api.openai.com/v1/embeddings", bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Authorization", "Bearer "+e.key)
	req.Header.Set("Content-Type", "application/json")
	resp, err := e.client.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("openai embeddings: %s", resp.Status)
	}
	var out struct {
		Data []struct {
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&out); err != nil {
		return nil, err
	}
	vecs := make([][]float32, len(texts))
	for _, d := range out.Data {
		if d.Index >= 0 && d.Index < len(vecs) {
			vecs[d.Index] = d.Embedding
		}
	}
	return vecs, nil // a missing one is refused by the Registry (ErrEmbedding)
}

func readmeHybrid(myEmbedder toolkit.Embedder) *toolkit.Registry {
	reg := toolkit.NewRegistry(&toolkit.Options{
		Embedder: myEmbedder,              // Embed(ctx, texts []string) ([][]float32, error)
		Hybrid:   toolkit.HybridOptions{}, // zero fields: the defaults below
	})
	return reg
}

// fakeOpenAI answers POST /v1/embeddings as OpenAI does, in reverse
// order of the inputs (the index says which is which), with
// HashEmbedder's vectors.
func fakeOpenAI(t *testing.T) *http.Client {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			Model      string   `json:"model"`
			Input      []string `json:"input"`
			Dimensions int      `json:"dimensions"`
		}
		if r.URL.Path != "/v1/embeddings" || r.Header.Get("Authorization") != "Bearer sk-test" || json.NewDecoder(r.Body).Decode(&in) != nil {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		vecs, _ := toolkittest.HashEmbedder{Dims: in.Dimensions}.Embed(r.Context(), in.Input)
		type item struct {
			Object    string    `json:"object"`
			Index     int       `json:"index"`
			Embedding []float32 `json:"embedding"`
		}
		var data []item
		for i, v := range vecs {
			data = append(data, item{"embedding", i, v})
		}
		slices.Reverse(data)
		_ = json.NewEncoder(w).Encode(map[string]any{"object": "list", "data": data, "model": in.Model})
	}))
	t.Cleanup(srv.Close)
	client := srv.Client()
	base := client.Transport.(*http.Transport)
	tr := base.Clone()
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, srv.Listener.Addr().String())
	}
	tr.TLSClientConfig.ServerName = "example.com" // httptest's certificate names example.com
	client.Transport = tr
	return client
}

func TestReadmeOpenAIEmbedder(t *testing.T) {
	reg := readmeHybrid(openAIEmbedder{client: fakeOpenAI(t), key: "sk-test"})
	if err := reg.Add(hybridCatalog(70)...); err != nil { // two batches
		t.Fatal(err)
	}
	if err := reg.Check(); err != nil {
		t.Fatal(err)
	}
	got := reg.SearchContext(context.Background(), "refund the customer", 1)
	if len(got) != 1 || got[0] != "refund_payment" {
		t.Errorf("got %v", got)
	}
	// A wrong key: the search falls back to keywords, Check says why.
	bad := readmeHybrid(openAIEmbedder{client: fakeOpenAI(t), key: "sk-wrong"})
	if err := bad.Add(hybridCatalog(0)...); err != nil {
		t.Fatal(err)
	}
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), "400 Bad Request") || strings.Contains(err.Error(), "sk-wrong") {
		t.Errorf("Check with a wrong key: %v", err)
	}
}
