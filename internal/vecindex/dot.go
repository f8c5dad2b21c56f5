package vecindex

// Dot returns the dot product of a and b, of the same length (b may be
// longer: its extra elements are ignored).
//
// Four independent sums over an unrolled loop let the processor overlap
// the additions; BenchmarkDot measures it against the plain loop.
func Dot(a, b []float32) float32 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float32
	i := 0
	for ; i+4 <= len(a); i += 4 {
		a4, b4 := a[i:i+4:i+4], b[i:i+4:i+4]
		s0 += a4[0] * b4[0]
		s1 += a4[1] * b4[1]
		s2 += a4[2] * b4[2]
		s3 += a4[3] * b4[3]
	}
	for ; i < len(a); i++ {
		s0 += a[i] * b[i]
	}
	return (s0 + s1) + (s2 + s3)
}

// dotPlain is Dot's plain loop, the twin its test and benchmark compare
// it with.
func dotPlain(a, b []float32) float32 {
	b = b[:len(a)]
	var s float32
	for i, x := range a {
		s += x * b[i]
	}
	return s
}

// dot4 returns the dot products of q with the four vectors of d, each of
// q's length, laid end to end: q is read once for the four, and the four
// sums are independent. BenchmarkDot4 measures it against four Dots.
func dot4(q, d []float32) (s0, s1, s2, s3 float32) {
	n := len(q)
	d = d[:4*n]
	a, b, c, e := d[:n:n], d[n:2*n:2*n], d[2*n:3*n:3*n], d[3*n:4*n:4*n]
	for i, x := range q {
		s0 += x * a[i]
		s1 += x * b[i]
		s2 += x * c[i]
		s3 += x * e[i]
	}
	return s0, s1, s2, s3
}
