package benchmarks

import (
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"testing/fstest"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/parser"

	"github.com/toolkit-sdk/toolkit"
	interleaved "github.com/toolkit-sdk/toolkit/internal/interleave"
	"github.com/toolkit-sdk/toolkit/internal/parallel"
)

// toolFiles returns n small tool files in an in-memory file system.
func toolFiles(n int) fstest.MapFS {
	fsys := fstest.MapFS{}
	for i := range n {
		fsys[fmt.Sprintf("tools/tool%04d.yaml", i)] = &fstest.MapFile{Data: fmt.Appendf(nil, `name: tool_%04d
desc: Look up item %d in the catalogue.
params:
  - name: id
    type: string
    required: true
    description: the id of item %d
env: [BASE_URL, API_KEY]
steps:
  - url: ${env:BASE_URL}/items/${param:id}
    headers:
      X-Api-Key: ${env:API_KEY}
    var:
      - name: name
        extract: data.name
      - name: price
        extract: data.price
        default: "0"
    result: "${step0:name} costs ${step0:price}"
`, i, i, i)}
	}
	return fsys
}

// plainTool is the struct a hand-written loader would unmarshal into.
type plainTool struct {
	Name   string `yaml:"name"`
	Desc   string `yaml:"desc"`
	Params []struct {
		Name        string `yaml:"name"`
		Type        string `yaml:"type"`
		Required    bool   `yaml:"required"`
		Description string `yaml:"description"`
	} `yaml:"params"`
	Env   []string `yaml:"env"`
	Steps []struct {
		URL     string            `yaml:"url"`
		Headers map[string]string `yaml:"headers"`
		Var     []struct {
			Name    string `yaml:"name"`
			Extract string `yaml:"extract"`
			Default string `yaml:"default"`
		} `yaml:"var"`
		Result string `yaml:"result"`
	} `yaml:"steps"`
}

// BenchmarkLoad1000 loads 1,000 tool files: compiled and checked by the
// Registry, against plain goccy/go-yaml unmarshalling into a struct (the
// floor for this dependency).
func BenchmarkLoad1000(b *testing.B) {
	load, unmarshal := load1000(b)
	b.Run("toolkit", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			load()
		}
	})
	b.Run("goccy-unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			unmarshal()
		}
	})
}

// load1000 returns BenchmarkLoad1000's two sides.
func load1000(b *testing.B) (load, unmarshal func()) {
	fsys := toolFiles(1000)
	env := func(string) (string, bool) { return "x", true }
	load = func() {
		reg := toolkit.NewRegistry(&toolkit.Options{Env: env, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if _, err := reg.LoadFS(fsys, "tools"); err != nil {
			b.Fatal(err)
		}
	}
	unmarshal = func() {
		tools := make([]plainTool, 0, 1000)
		err := fs.WalkDir(fsys, "tools", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			src, err := fs.ReadFile(fsys, p)
			if err != nil {
				return err
			}
			var t plainTool
			if err := yaml.Unmarshal(src, &t); err != nil {
				return err
			}
			tools = append(tools, t)
			return nil
		})
		if err != nil || len(tools) != 1000 {
			b.Fatal(err, len(tools))
		}
	}
	return load, unmarshal
}

// BenchmarkLoad10000 loads 10,000 tool files in interleaved rounds (one
// load a side per round; -benchtime 5x for five rounds). "cores": the
// time of a load on 2 cores against the same load on 1 (GOMAXPROCS), so
// its ratio is the 2-core time over the 1-core time, over 11 rounds at
// least: the machine's speed moves the CPU time of the same load by a
// fifth from one round to the next, so a median of the few rounds a
// second holds swings more than the budget's margin. "cpu": the CPU time
// of every thread (the garbage collector's too) of a load on every core
// against goccy/go-yaml's bare parser.ParseBytes of the same files on one
// goroutine: what loading adds to parsing. "machine": "cores" for a pure
// integer loop in as many pieces, what the machine's second core gives.
func BenchmarkLoad10000(b *testing.B) {
	files := toolFiles(10_000)
	srcs := make([][]byte, 0, len(files))
	for _, name := range slices.Sorted(maps.Keys(files)) {
		srcs = append(srcs, files[name].Data)
	}
	load := func() {
		reg := toolkit.NewRegistry(&toolkit.Options{Env: func(string) (string, bool) { return "x", true }, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		if _, err := reg.LoadFS(files, "tools"); err != nil {
			b.Fatal(err)
		}
		if n := len(reg.Capabilities()); n != len(files) {
			b.Fatalf("%d capabilities loaded, want %d", n, len(files))
		}
	}
	procs := func(n int, f func()) func() {
		return func() {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(n))
			f()
		}
	}
	b.Run("cores", func(b *testing.B) {
		if runtime.NumCPU() < 2 {
			b.Skip("needs 2 cores")
		}
		interleaved.RunAtLeast(b, 11, interleaved.Wall, procs(2, load), procs(1, load))
	})
	// What 2 cores give this machine for work that needs no coordination
	// at all (no allocation, no shared data), handed out as the load's is:
	// the floor "cores" can reach here, for reading its ratio.
	b.Run("machine", func(b *testing.B) {
		if runtime.NumCPU() < 2 {
			b.Skip("needs 2 cores")
		}
		var sum atomic.Uint64
		spin := func() {
			parallel.For(len(files), func(i int) {
				x := uint64(i)
				for range 40_000 {
					x = x*6364136223846793005 + 1442695040888963407
				}
				sum.Add(x & 1)
			})
		}
		interleaved.Run(b, 1, interleaved.Wall, procs(2, spin), procs(1, spin))
	})
	b.Run("cpu", func(b *testing.B) {
		if interleaved.CPU == nil {
			b.Skip("no CPU clock on this system")
		}
		interleaved.Run(b, 1, interleaved.CPU, load, func() {
			for _, src := range srcs {
				if _, err := parser.ParseBytes(src, 0); err != nil {
					b.Fatal(err)
				}
			}
		})
	})
}
