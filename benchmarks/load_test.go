package benchmarks

import (
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"testing"
	"testing/fstest"

	"github.com/goccy/go-yaml"

	"github.com/toolkit-sdk/toolkit"
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
	fsys := toolFiles(1000)
	env := func(string) (string, bool) { return "x", true }
	b.Run("toolkit", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			reg := toolkit.NewRegistry(&toolkit.Options{Env: env, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
			if _, err := reg.LoadFS(fsys, "tools"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("goccy-unmarshal", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
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
	})
}
