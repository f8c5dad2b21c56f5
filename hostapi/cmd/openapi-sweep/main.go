// Command openapi-sweep loads every OpenAPI or Swagger document under a
// folder with hostapi.ParseOpenAPI and reports how many load whole, in part
// or not at all, with the diagnostics grouped by kind:
//
//	go run ./hostapi/cmd/openapi-sweep [-timeout 60s] [-mem 2048] [-j 2] [-v] DIR
//
// Each document is loaded in a child process of its own, under a time
// limit and a memory limit (the Go memory limit, a heap watchdog and an
// address-space limit), so one document cannot stall or sink the sweep.
package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"strings"
	"sync"
	"syscall"
	"time"

	"go.yaml.in/yaml/v4"

	"github.com/toolkit-sdk/toolkit/hostapi"
)

// childEnv marks the child process that loads one document.
const childEnv = "OPENAPI_SWEEP_CHILD"

// result is what a child reports about one document.
type result struct {
	File   string   `json:"file"`
	Status string   `json:"status"` // loaded, partial, refused, timeout, memory, crash
	Ops    int      `json:"ops"`    // operations in the document
	Usable int      `json:"usable"` // endpoints in the catalog
	Diags  []string `json:"diags"`  // rendered diagnostics
	Kinds  []string `json:"kinds"`  // their messages, for grouping
	Millis int64    `json:"ms"`
	CPUms  int64    `json:"cpu_ms"` // user and system CPU time of the load, on every core
	HeapMB float64  `json:"heap_mb"`
	Bytes  int64    `json:"bytes"` // the document's size
}

func main() {
	timeout := flag.Duration("timeout", 60*time.Second, "time limit per document")
	memMB := flag.Int("mem", 2048, "heap limit per document, in MiB")
	jobs := flag.Int("j", runtime.NumCPU(), "documents loaded at once")
	verbose := flag.Bool("v", false, "print every diagnostic, not only the groups")
	flag.Parse()
	if os.Getenv(childEnv) != "" {
		os.Exit(child(flag.Arg(0), *memMB))
	}
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: openapi-sweep [-timeout 60s] [-mem 2048] [-j 2] [-v] DIR")
		os.Exit(2)
	}
	if err := sweep(flag.Arg(0), *timeout, *memMB, *jobs, *verbose); err != nil {
		fmt.Fprintln(os.Stderr, "openapi-sweep:", err)
		os.Exit(1)
	}
}

func sweep(dir string, timeout time.Duration, memMB, jobs int, verbose bool) error {
	var files []string
	err := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "node_modules" && path != dir {
			return nil
		}
		switch strings.ToLower(filepath.Ext(path)) {
		case ".json", ".yaml", ".yml":
			if !d.IsDir() && d.Name() != "package.json" && d.Name() != "package-lock.json" {
				files = append(files, path)
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	self, err := os.Executable()
	if err != nil {
		return err
	}
	start := time.Now()
	results := make([]result, len(files))
	var wg sync.WaitGroup
	next := make(chan int)
	for range max(jobs, 1) {
		wg.Go(func() {
			for i := range next {
				results[i] = runChild(self, files[i], timeout, memMB)
			}
		})
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	report(os.Stdout, dir, results, time.Since(start), verbose)
	return nil
}

func runChild(self, file string, timeout time.Duration, memMB int) result {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, self, "-mem", fmt.Sprint(memMB), file)
	cmd.Env = append(os.Environ(), childEnv+"=1", fmt.Sprintf("GOMEMLIMIT=%dMiB", memMB))
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	t0 := time.Now()
	err := cmd.Run()
	var r result
	if jerr := json.Unmarshal(out.Bytes(), &r); jerr == nil && r.Status != "" {
		return r
	}
	r = result{File: file, Millis: time.Since(t0).Milliseconds(), Ops: countOps(file)}
	var ee *exec.ExitError
	switch {
	case ctx.Err() != nil:
		r.Status = "timeout"
	case errors.As(err, &ee) && ee.ExitCode() == exitMemory:
		r.Status = "memory"
	default:
		r.Status = "crash"
		msg := strings.TrimSpace(stderr.String())
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		r.Diags, r.Kinds = []string{msg}, []string{msg}
	}
	return r
}

const exitMemory = 3

// child loads one document and prints its result as JSON.
func child(file string, memMB int) int {
	limit := int64(memMB) << 20
	debug.SetMemoryLimit(limit)
	// A hard stop well above the heap limit, for what the watchdog misses.
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: uint64(limit)*4 + 2<<30, Max: uint64(limit)*4 + 2<<30})
	var peak uint64
	var mu sync.Mutex
	go func() {
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			metrics.Read(s)
			v := s[0].Value.Uint64()
			mu.Lock()
			peak = max(peak, v)
			mu.Unlock()
			if v > uint64(limit) {
				fmt.Fprintln(os.Stderr, "heap limit exceeded")
				os.Exit(exitMemory)
			}
			time.Sleep(2 * time.Millisecond)
		}
	}()
	data, err := os.ReadFile(file)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	// The heap before the load (the document's bytes are in it) is not the load's.
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	runtime.GC()
	metrics.Read(s)
	base := s[0].Value.Uint64()
	mu.Lock()
	peak = base
	mu.Unlock()
	t0, c0 := time.Now(), cpuTime()
	cat, diags := hostapi.ParseOpenAPI(file, data, nil)
	r := result{File: file, Millis: time.Since(t0).Milliseconds(), CPUms: (cpuTime() - c0).Milliseconds(), Bytes: int64(len(data))}
	left := 0
	for _, d := range diags {
		r.Diags = append(r.Diags, d.Error())
		kind := d.Severity.String() + ": " + d.Msg
		r.Kinds = append(r.Kinds, kind)
		if strings.HasPrefix(d.Msg, "operation left out") {
			left++
		}
	}
	switch {
	case diags.HasErrors():
		r.Status, r.Ops = "refused", countOps(file)
	case left > 0:
		r.Status = "partial"
	default:
		r.Status = "loaded"
	}
	if cat != nil {
		r.Usable = len(cat.Endpoints())
		r.Ops = r.Usable + left
		if r.Usable == 0 && left > 0 {
			r.Status = "refused"
		}
	}
	mu.Lock()
	r.HeapMB = float64(peak-base) / (1 << 20)
	mu.Unlock()
	b, _ := json.Marshal(r)
	os.Stdout.Write(b)
	return 0
}

// cpuTime is the CPU time the process has used, user and system.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// countOps counts a document's operations without ParseOpenAPI, for the
// documents it refused.
func countOps(file string) int {
	data, err := os.ReadFile(file)
	if err != nil {
		return 0
	}
	var doc struct {
		Paths map[string]map[string]any `json:"paths" yaml:"paths"`
	}
	if json.Unmarshal(data, &doc) != nil && yaml.Unmarshal(data, &doc) != nil {
		return 0
	}
	n := 0
	for _, item := range doc.Paths {
		for k := range item {
			switch strings.ToLower(k) {
			case "get", "put", "post", "delete", "options", "head", "patch", "trace":
				n++
			}
		}
	}
	return n
}

var (
	quoted = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	number = regexp.MustCompile(`\b\d+\b`)
)

// kindOf folds the specifics of a message so that like problems group.
func kindOf(msg string) string {
	msg = quoted.ReplaceAllString(msg, `"…"`)
	msg = number.ReplaceAllString(msg, "N")
	if len(msg) > 160 {
		msg = msg[:160] + "…"
	}
	return msg
}

func report(w *os.File, dir string, rs []result, elapsed time.Duration, verbose bool) {
	count := map[string]int{}
	ops, usable := 0, 0
	type group struct {
		n, docs int
		example string
		seen    map[string]bool
	}
	groups := map[string]*group{}
	for _, r := range rs {
		count[r.Status]++
		ops += r.Ops
		usable += r.Usable
		for i, k := range r.Kinds {
			k = kindOf(k)
			g := groups[k]
			if g == nil {
				g = &group{example: r.Diags[i], seen: map[string]bool{}}
				groups[k] = g
			}
			g.n++
			if !g.seen[r.File] {
				g.seen[r.File] = true
				g.docs++
			}
			if verbose {
				fmt.Fprintln(w, r.Diags[i])
			}
		}
		if verbose && (r.Status == "timeout" || r.Status == "memory") {
			fmt.Fprintf(w, "%s: %s\n", r.File, r.Status)
		}
	}
	n := len(rs)
	pct := func(a, b int) float64 {
		if b == 0 {
			return 100
		}
		return 100 * float64(a) / float64(b)
	}
	loadedAny := count["loaded"] + count["partial"]
	fmt.Fprintf(w, "%s: %d documents in %s\n", dir, n, elapsed.Round(time.Second))
	fmt.Fprintf(w, "  loaded whole   %5d\n  loaded partly  %5d\n  refused        %5d\n  timed out      %5d\n  over memory    %5d\n  crashed        %5d\n",
		count["loaded"], count["partial"], count["refused"], count["timeout"], count["memory"], count["crash"])
	fmt.Fprintf(w, "  documents that load: %.2f%%\n", pct(loadedAny, n))
	fmt.Fprintf(w, "operations: %d, usable %d (%.2f%%)\n", ops, usable, pct(usable, ops))
	top := func(title string, less func(a, b result) int, line func(r result) string) {
		sorted := slices.Clone(rs)
		slices.SortFunc(sorted, less)
		fmt.Fprintln(w, title)
		for _, r := range sorted[:min(10, len(sorted))] {
			fmt.Fprintf(w, "  %s  %s\n", line(r), r.File)
		}
	}
	top("slowest (CPU on every core, wall, size):", func(a, b result) int { return int(b.CPUms - a.CPUms) }, func(r result) string {
		return fmt.Sprintf("%6d ms CPU %6d ms %8.1f KiB", r.CPUms, r.Millis, float64(r.Bytes)/1024)
	})
	ratio := func(r result) float64 { return r.HeapMB * (1 << 20) / float64(max(r.Bytes, 1)) }
	heavyRatio := func(r result) float64 {
		if r.Bytes < 100<<10 {
			return 0
		}
		return ratio(r)
	}
	top("largest peak heap for their size, of 100 KiB or more (peak heap above the document's, size, ratio):", func(a, b result) int {
		return cmp.Compare(heavyRatio(b), heavyRatio(a))
	}, func(r result) string {
		return fmt.Sprintf("%7.1f MiB %8.1f KiB %5.1fx", r.HeapMB, float64(r.Bytes)/1024, ratio(r))
	})
	slow, heavy := 0, 0
	for _, r := range rs {
		if r.CPUms > 2000 {
			slow++
		}
		if r.Bytes >= 100<<10 && ratio(r) > 10 {
			heavy++
		}
	}
	fmt.Fprintf(w, "documents over 2 s CPU: %d; of 100 KiB or more, over 10x their size in peak heap: %d\n", slow, heavy)
	keys := make([]string, 0, len(groups))
	for k := range groups {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int {
		if groups[a].n != groups[b].n {
			return groups[b].n - groups[a].n
		}
		return strings.Compare(a, b)
	})
	if len(keys) > 0 {
		fmt.Fprintln(w, "diagnostics by kind (count, documents, kind, example):")
	}
	for _, k := range keys {
		g := groups[k]
		fmt.Fprintf(w, "%6d %5d  %s\n              e.g. %s\n", g.n, g.docs, k, g.example)
	}
}
