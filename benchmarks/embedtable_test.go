package benchmarks

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"sync"
	"testing"
)

// The vectors of testdata/embeddings/vectors.bin were computed ahead of
// time by a real embedding model (testdata/embeddings/README.md) for every
// text the Registry hands its Embedder in the hybrid retrieval tests: the
// capabilities' texts at load and the queries. tableEmbedder serves them,
// so the tests measure hybrid ranking with that model offline.
//
// The file: "TKVEC1\n", then the count and the dimensions (uint32, little
// endian), then per text the first 16 bytes of the SHA-256 of its UTF-8
// bytes, a float32 scale and dims int8 values (value = int8 * scale). A
// scale of 0 marks a text the model has no vector for (none of its words
// is known): Embed returns a zero vector for it, which the Registry takes
// as no meaning (the text is ranked by keyword alone).
const embedTablePath = "testdata/embeddings/vectors.bin"

// recordEnv, when set to a file name, makes tableEmbedder append every
// text it is handed to that file (one JSON string a line, each once) and
// serve a stand-in vector for those it does not know, instead of failing:
// the first step of regenerating vectors.bin
// (testdata/embeddings/README.md). The tests then assert nothing.
const recordEnv = "TOOLKIT_EMBED_RECORD"

type tableEmbedder struct {
	dims int
	vecs map[[16]byte][]float32 // nil: a text without a vector

	mu       sync.Mutex
	record   *os.File
	recorded map[[16]byte]bool
}

func textKey(s string) [16]byte {
	h := sha256.Sum256([]byte(s))
	return [16]byte(h[:16])
}

var (
	embedTableOnce sync.Once
	embedTable     *tableEmbedder
	embedTableErr  error
)

// loadEmbedTable reads vectors.bin once; with recordEnv set, the
// embedder it returns records unknown texts.
func loadEmbedTable(t testing.TB) *tableEmbedder {
	t.Helper()
	embedTableOnce.Do(func() {
		embedTable, embedTableErr = readEmbedTable(embedTablePath)
		if embedTableErr == nil && os.Getenv(recordEnv) != "" {
			embedTable.record, embedTableErr = os.OpenFile(os.Getenv(recordEnv), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
			embedTable.recorded = map[[16]byte]bool{}
		}
	})
	if embedTableErr != nil {
		t.Fatal(embedTableErr)
	}
	return embedTable
}

func readEmbedTable(path string) (*tableEmbedder, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	magic := []byte("TKVEC1\n")
	if !bytes.HasPrefix(b, magic) || len(b) < len(magic)+8 {
		return nil, fmt.Errorf("%s: not a vector table", path)
	}
	b = b[len(magic):]
	n, dims := int(binary.LittleEndian.Uint32(b)), int(binary.LittleEndian.Uint32(b[4:]))
	b = b[8:]
	rec := 16 + 4 + dims
	if dims <= 0 || len(b) != n*rec {
		return nil, fmt.Errorf("%s: %d bytes for %d vectors of %d dimensions", path, len(b), n, dims)
	}
	e := &tableEmbedder{dims: dims, vecs: make(map[[16]byte][]float32, n)}
	flat := make([]float32, n*dims)
	for i := range n {
		r := b[i*rec : (i+1)*rec]
		key := [16]byte(r[:16])
		scale := math.Float32frombits(binary.LittleEndian.Uint32(r[16:]))
		if scale == 0 {
			e.vecs[key] = nil
			continue
		}
		v := flat[i*dims : (i+1)*dims : (i+1)*dims]
		for j, q := range r[20:] {
			v[j] = float32(int8(q)) * scale
		}
		e.vecs[key] = v
	}
	return e, nil
}

func (e *tableEmbedder) Embed(_ context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	var errs []error
	for i, s := range texts {
		k := textKey(s)
		if e.record != nil {
			e.mu.Lock()
			if !e.recorded[k] {
				e.recorded[k] = true
				line, _ := json.Marshal(s)
				_, _ = e.record.Write(append(line, '\n'))
			}
			e.mu.Unlock()
		}
		v, ok := e.vecs[k]
		switch {
		case ok && v != nil:
			out[i] = v
		case ok: // the model knows none of its words
			out[i] = make([]float32, e.dims)
		case e.record != nil:
			out[i] = make([]float32, e.dims)
			out[i][0] = 1
		default:
			errs = append(errs, fmt.Errorf("no vector for %q (regenerate %s: testdata/embeddings/README.md)", s, embedTablePath))
		}
	}
	if errs != nil {
		return nil, errors.Join(errs...)
	}
	return out, nil
}

// recording reports whether this run records texts rather than measures.
func recording() bool { return os.Getenv(recordEnv) != "" }

func TestTableEmbedderRefusesUnknownText(t *testing.T) {
	if recording() {
		t.Skip("recording texts")
	}
	e := loadEmbedTable(t)
	if _, err := e.Embed(context.Background(), []string{"a text no test hands the Registry, 2f1c"}); err == nil {
		t.Fatal("an unknown text got a vector")
	}
	if len(e.vecs) == 0 || e.dims <= 0 {
		t.Fatalf("empty table: %d vectors of %d dimensions", len(e.vecs), e.dims)
	}
}
