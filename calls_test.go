package toolkit

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/goccy/go-yaml"
)

// callScenario is one testdata/calls file: a tool, the routes of a fake
// API ("METHOD URI", or "METHOD URI BODY" for a request with that body),
// and the calls a model makes.
type callScenario struct {
	Tool   string           `yaml:"tool"`
	Routes map[string]route `yaml:"routes"`
	Calls  []string         `yaml:"calls"`
}

type route struct {
	Status      int               `yaml:"status"`
	ContentType string            `yaml:"content_type"`
	Headers     map[string]string `yaml:"headers"`
	Body        string            `yaml:"body"`
}

// TestCallsGolden runs each scenario and compares the requests sent and the
// results the model sees with the golden transcript.
func TestCallsGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/calls/*.yaml")
	if len(files) == 0 {
		t.Fatal("no scenarios")
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".yaml")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var sc callScenario
			if err := yaml.UnmarshalWithOptions(src, &sc, yaml.Strict()); err != nil {
				t.Fatal(err)
			}
			srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
				body, _ := io.ReadAll(r.Body)
				rt, ok := sc.Routes[r.Method+" "+r.URL.RequestURI()+" "+string(body)]
				if !ok {
					rt, ok = sc.Routes[r.Method+" "+r.URL.RequestURI()]
				}
				if !ok {
					http.Error(w, "no route "+r.Method+" "+r.URL.RequestURI(), http.StatusNotFound)
					return
				}
				if rt.ContentType == "" {
					rt.ContentType = "application/json"
				}
				w.Header().Set("Content-Type", rt.ContentType)
				for k, v := range rt.Headers {
					w.Header().Set(k, strings.ReplaceAll(v, "{{base}}", "http://"+r.Host))
				}
				w.WriteHeader(max(rt.Status, 200))
				fmt.Fprint(w, rt.Body)
			})
			env := map[string]string{"BASE_URL": srv.URL, "CLIENT_ID": "client-1", "CLIENT_SECRET": "secret-value-1"}
			reg := loadRegistry(t, &Options{Env: testEnv(env)}, srv.URL, sc.Tool)
			var out strings.Builder
			seen := 0
			for _, params := range sc.Calls {
				res := call(t, reg, reg.Capabilities()[0].Name, params)
				fmt.Fprintf(&out, "## call %s\n", params)
				reqs := srv.requests()
				for _, r := range reqs[seen:] {
					fmt.Fprintf(&out, "-> %s %s", r.Method, r.URI)
					if r.Body != "" {
						fmt.Fprintf(&out, " %s", strings.TrimSpace(r.Body))
					}
					out.WriteString("\n")
				}
				seen = len(reqs)
				kind := "result"
				if res.IsError {
					kind = "error"
				}
				// The server's address changes from run to run.
				text := strings.ReplaceAll(strings.TrimRight(res.Text, "\n"), srv.URL, "{{base}}")
				fmt.Fprintf(&out, "<- %s:\n%s\n\n", kind, text)
			}
			goldenFile(t, "calls/"+name+".golden", out.String())
		})
	}
}
