package vecindex

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/toolkit-sdk/toolkit/internal/interleave"
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
	b.Run("Unrolled", func(b *testing.B) {
		for b.Loop() {
			sink = Dot(x, y)
		}
	})
}

func TestDot4(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{1, 3, 768} {
		q, d := randVec(r, n), randVec(r, 4*n)
		got := [4]float32{}
		got[0], got[1], got[2], got[3] = dot4(q, d)
		for j := range 4 {
			want := dotPlain(q, d[j*n:(j+1)*n])
			if math.Abs(float64(got[j]-want)) > 1e-3*math.Max(1, math.Abs(float64(want))) {
				t.Errorf("n=%d vector %d: %v, plain %v", n, j, got[j], want)
			}
		}
	}
}

// BenchmarkDot4 compares scoring 1,024 vectors of 768 dimensions four at
// a time with one at a time, in alternating rounds.
func BenchmarkDot4(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	const n, dims = 1024, 768
	q, d := randVec(r, dims), randVec(r, n*dims)
	scores := make([]float32, n)
	interleave.Run(b, 5, interleave.Wall, func() {
		for i := 0; i < n; i += 4 {
			scores[i], scores[i+1], scores[i+2], scores[i+3] = dot4(q, d[i*dims:])
		}
	}, func() {
		for i := range n {
			scores[i] = Dot(q, d[i*dims:(i+1)*dims])
		}
	})
}
