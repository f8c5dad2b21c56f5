package vecindex

import (
	"math"
	"math/rand/v2"
	"testing"
)

func randVec(r *rand.Rand, n int) []float32 {
	v := make([]float32, n)
	for i := range v {
		v[i] = float32(r.NormFloat64())
	}
	return v
}

func TestDotMatchesPlain(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 3, 4, 5, 7, 8, 9, 767, 768, 1536} {
		a, b := randVec(r, n), randVec(r, n)
		got, want := Dot(a, b), dotPlain(a, b)
		if math.Abs(float64(got-want)) > 1e-3*math.Max(1, math.Abs(float64(want))) {
			t.Errorf("n=%d: Dot %v, plain %v", n, got, want)
		}
	}
}

var sink float32

// BenchmarkDot compares the unrolled Dot with the plain loop, over 768
// dimensions (alternate with -count).
func BenchmarkDot(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	x, y := randVec(r, 768), randVec(r, 768)
	b.Run("Plain", func(b *testing.B) {
		for b.Loop() {
			sink = dotPlain(x, y)
		}
	})
	b.Run("Unrolled8", func(b *testing.B) {
		for b.Loop() {
			sink = dot8(x, y)
		}
	})
	b.Run("Unrolled", func(b *testing.B) {
		for b.Loop() {
			sink = Dot(x, y)
		}
	})
}
