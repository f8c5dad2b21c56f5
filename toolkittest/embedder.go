package toolkittest

import (
	"context"
	"hash/fnv"
	"math"
	"strings"
	"unicode"
)

// HashEmbedder is a deterministic Embedder (toolkit.Options.Embedder) for
// tests and benchmarks: it needs no model and no network. A text's vector
// is the feature hashing of its lower-cased words (weight 1) and pairs of
// adjacent words (weight 0.5) into Dims dimensions, each feature adding
// its weight, signed by a bit of its hash, to one dimension; the vector
// is normalized. Texts sharing words have similar vectors; synonyms do
// not, so it tests the plumbing of hybrid ranking, not its quality. The
// same text gives the same vector in every process.
type HashEmbedder struct {
	// Dims is the vectors' length. Default 768.
	Dims int
}

// Embed returns one vector per text.
func (e HashEmbedder) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	dims := e.Dims
	if dims <= 0 {
		dims = 768
	}
	out := make([][]float32, len(texts))
	for i, t := range texts {
		v := make([]float32, dims)
		words := strings.FieldsFunc(strings.ToLower(t), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r)
		})
		for j, w := range words {
			addFeature(v, w, 1)
			if j > 0 {
				addFeature(v, words[j-1]+" "+w, 0.5)
			}
		}
		var sum float64
		for _, x := range v {
			sum += float64(x) * float64(x)
		}
		if sum == 0 {
			v[0] = 1 // a text without words: some vector, the same for all
		} else {
			inv := float32(1 / math.Sqrt(sum))
			for k := range v {
				v[k] *= inv
			}
		}
		out[i] = v
	}
	return out, nil
}

func addFeature(v []float32, feature string, weight float32) {
	h := fnv.New64a()
	h.Write([]byte(feature))
	sum := h.Sum64()
	if sum>>63 == 1 {
		weight = -weight
	}
	v[(sum&(1<<62-1))%uint64(len(v))] += weight
}
