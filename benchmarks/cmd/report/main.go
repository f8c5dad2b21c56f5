// Command report reads `go test -bench -benchmem` output and prints, for
// each benchmark with a "toolkit" sub-benchmark, the median time and
// allocations beside its baseline sibling and their ratios.
//
//	go test ./benchmarks/ -run '^$' -bench . -benchmem -count 10 | go run ./benchmarks/cmd/report
package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
)

func main() {
	if err := report(os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "report:", err)
		os.Exit(1)
	}
}

// sample holds every run of one benchmark.
type sample struct {
	ns, bytes, allocs []float64
}

var line = regexp.MustCompile(`^(Benchmark\S+?)(?:-\d+)?\s+\d+\s+([\d.]+) ns/op(?:\s+([\d.]+) B/op)?(?:\s+([\d.]+) allocs/op)?`)

func report(in io.Reader, out io.Writer) error {
	samples := map[string]*sample{}
	var order []string
	var header []string
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		text := sc.Text()
		if strings.HasPrefix(text, "cpu:") || strings.HasPrefix(text, "goos:") || strings.HasPrefix(text, "goarch:") {
			if !slices.Contains(header, text) {
				header = append(header, text)
			}
		}
		m := line.FindStringSubmatch(text)
		if m == nil {
			continue
		}
		s, ok := samples[m[1]]
		if !ok {
			s = &sample{}
			samples[m[1]] = s
			order = append(order, m[1])
		}
		s.ns = append(s.ns, num(m[2]))
		s.bytes = append(s.bytes, num(m[3]))
		s.allocs = append(s.allocs, num(m[4]))
	}
	if err := sc.Err(); err != nil {
		return err
	}
	for _, h := range header {
		fmt.Fprintln(out, h)
	}
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "benchmark\ttoolkit\tbaseline\ttime ratio\ttoolkit allocs\tbaseline allocs\talloc ratio\truns\t")
	rows := 0
	for _, name := range order {
		parent, sub, ok := strings.Cut(name, "/toolkit")
		if !ok || strings.Contains(sub, "/") {
			continue
		}
		for _, other := range order {
			base, found := strings.CutPrefix(other, parent+"/")
			if !found || base == "toolkit"+sub || strings.Contains(base, "/") {
				continue
			}
			t, b := samples[name], samples[other]
			fmt.Fprintf(tw, "%s (vs %s)\t%s\t%s\t%.2fx\t%.0f\t%.0f\t%.2fx\t%d\t\n",
				strings.TrimPrefix(parent, "Benchmark"), base,
				dur(median(t.ns)), dur(median(b.ns)), median(t.ns)/median(b.ns),
				median(t.allocs), median(b.allocs), ratio(median(t.allocs), median(b.allocs)), len(t.ns))
			rows++
		}
	}
	if rows == 0 {
		return fmt.Errorf("no toolkit/baseline pairs in the input")
	}
	return tw.Flush()
}

func num(s string) float64 {
	f, _ := strconv.ParseFloat(s, 64)
	return f
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

func ratio(a, b float64) float64 {
	if b == 0 {
		return 0
	}
	return a / b
}

func dur(ns float64) string {
	switch {
	case ns >= 1e6:
		return fmt.Sprintf("%.2fms", ns/1e6)
	case ns >= 1e3:
		return fmt.Sprintf("%.1fµs", ns/1e3)
	}
	return fmt.Sprintf("%.0fns", ns)
}
