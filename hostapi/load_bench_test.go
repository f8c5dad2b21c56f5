package hostapi

import (
	"encoding/json"
	"fmt"
	"os"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// BenchmarkLoadLarge loads a document of GitHub's size and shape (1,200
// operations, 13 MB of JSON), or the one TOOLKIT_OPENAPI_DOC names, and
// compares ParseOpenAPI with json.Unmarshal of the same bytes into any:
// time per load, and peak heap in use above the heap before the load
// (peak-MB) and as a multiple of the document's size (peak/doc).
//
//	go test ./hostapi -run '^$' -bench LoadLarge -benchtime 5x
//	TOOLKIT_OPENAPI_DOC=api.github.com.json go test ./hostapi -run '^$' -bench LoadLarge
func BenchmarkLoadLarge(b *testing.B) {
	var doc []byte
	if name := os.Getenv("TOOLKIT_OPENAPI_DOC"); name != "" {
		var err error
		if doc, err = os.ReadFile(name); err != nil {
			b.Fatal(err)
		}
	} else {
		doc = githubLikeDoc(1200)
	}
	b.Logf("document: %.1f MB", float64(len(doc))/1e6)
	b.Run("json.Unmarshal-any", func(b *testing.B) {
		measureLoad(b, doc, func() error {
			var v any
			return json.Unmarshal(doc, &v)
		})
	})
	b.Run("LoadOpenAPI", func(b *testing.B) {
		measureLoad(b, doc, func() error {
			c, ds := ParseOpenAPI("", doc, nil)
			err := refused(ds)
			if err == nil && len(c.Endpoints()) == 0 {
				err = fmt.Errorf("no endpoints")
			}
			return err
		})
	})
}

func measureLoad(b *testing.B, doc []byte, load func() error) {
	b.SetBytes(int64(len(doc)))
	b.ReportAllocs()
	for b.Loop() {
		if err := load(); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	// Peak heap, in a run of its own: the sampler would skew the timing.
	runtime.GC()
	s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(s)
	base := s[0].Value.Uint64()
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		for {
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-time.After(200 * time.Microsecond):
			}
		}
	}()
	if err := load(); err != nil {
		b.Fatal(err)
	}
	close(done)
	<-stopped
	above := float64(peak.Load()) - float64(base)
	b.ReportMetric(above/1e6, "peak-MB")
	b.ReportMetric(above/float64(len(doc)), "peak/doc")
}

// githubLikeDoc writes an OpenAPI 3.0 document shaped like GitHub's: ops
// operations over few-segment paths, shared parameters, request bodies
// for a third of them, and responses that reach large component schemas
// and examples, which are most of the bytes.
func githubLikeDoc(ops int) []byte {
	var b strings.Builder
	b.Grow(14 << 20)
	groups := 40
	b.WriteString(`{"openapi":"3.0.3","info":{"title":"GitHub-like","version":"1.1.4","description":"A generated document of GitHub's size and shape."},"servers":[{"url":"https://api.example.com"}],"tags":[`)
	for g := range groups {
		if g > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"name":"group%02d","description":"Endpoints of area %d."}`, g, g)
	}
	b.WriteString(`],"paths":{`)
	schemas := ops / 2
	for i := range ops / 2 {
		if i > 0 {
			b.WriteByte(',')
		}
		g, s := i%groups, i%schemas
		fmt.Fprintf(&b, `"/repos/{owner}/{repo}/area%02d/things%04d/{thing_id}":{`, g, i)
		for j, method := range []string{"get", "patch"} {
			if j > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"%s":{"summary":"%s thing %d of area %d","description":"Longer text about what this endpoint does to thing %d, with a [link](https://docs.example.com/rest/area%02d#thing-%d) to its documentation page, as real descriptions have.","tags":["group%02d"],"operationId":"area%02d/%s-thing-%d",`+
				`"externalDocs":{"description":"API method documentation","url":"https://docs.example.com/rest/area%02d/things#%s-%d"},`+
				`"parameters":[{"$ref":"#/components/parameters/owner"},{"$ref":"#/components/parameters/repo"},{"name":"thing_id","in":"path","required":true,"description":"The unique identifier of the thing.","schema":{"type":"integer"}},{"$ref":"#/components/parameters/per-page"},{"$ref":"#/components/parameters/page"}],`,
				method, strings.ToUpper(method[:1])+method[1:], i, g, i, g, i, g, g, method, i, g, method, i)
			if method == "patch" && i%3 != 2 {
				fmt.Fprintf(&b, `"requestBody":{"required":true,"content":{"application/json":{"schema":{"type":"object","properties":{"name":{"type":"string","description":"The name of the thing."},"state":{"type":"string","enum":["open","closed"]},"labels":{"type":"array","items":{"type":"string"}},"owner":{"$ref":"#/components/schemas/simple-user"}},"required":["name"]},"examples":{"default":{"value":{"name":"x","state":"open"}}}}}},`)
			}
			fmt.Fprintf(&b, `"responses":{"200":{"description":"Response","content":{"application/json":{"schema":{"$ref":"#/components/schemas/thing-%d"},"examples":{"default":{"$ref":"#/components/examples/thing-%d"}}}},"headers":{"Link":{"$ref":"#/components/headers/link"}}},"404":{"$ref":"#/components/responses/not_found"},"403":{"$ref":"#/components/responses/forbidden"}},`+
				`"x-github":{"githubCloudOnly":false,"enabledForGitHubApps":true,"category":"area%02d","subcategory":"things"}}`, s, s, g)
		}
		b.WriteByte('}')
	}
	b.WriteString(`},"components":{"parameters":{` +
		`"owner":{"name":"owner","description":"The account owner of the repository. The name is not case sensitive.","in":"path","required":true,"schema":{"type":"string"}},` +
		`"repo":{"name":"repo","description":"The name of the repository without the .git extension.","in":"path","required":true,"schema":{"type":"string"}},` +
		`"per-page":{"name":"per_page","description":"The number of results per page (max 100).","in":"query","schema":{"type":"integer","default":30}},` +
		`"page":{"name":"page","description":"The page number of the results to fetch.","in":"query","schema":{"type":"integer","default":1}}},` +
		`"headers":{"link":{"example":"<https://api.example.com/things?page=2>; rel=\"next\"","schema":{"type":"string"}}},` +
		`"responses":{"not_found":{"description":"Resource not found","content":{"application/json":{"schema":{"$ref":"#/components/schemas/basic-error"}}}},"forbidden":{"description":"Forbidden","content":{"application/json":{"schema":{"$ref":"#/components/schemas/basic-error"}}}}},` +
		`"schemas":{"basic-error":{"title":"Basic Error","type":"object","properties":{"message":{"type":"string"},"documentation_url":{"type":"string"}}},` +
		`"simple-user":{"title":"Simple User","type":"object","properties":{"login":{"type":"string","example":"octocat"},"id":{"type":"integer","format":"int64"},"url":{"type":"string","format":"uri"}},"required":["login","id"]}`)
	for s := range schemas {
		fmt.Fprintf(&b, `,"thing-%d":{"title":"Thing %d","description":"A thing of kind %d.","type":"object","properties":{`, s, s, s)
		for p := range 38 {
			if p > 0 {
				b.WriteByte(',')
			}
			switch p % 4 {
			case 0:
				fmt.Fprintf(&b, `"field_%d":{"type":"string","description":"Field %d of the thing, as text.","example":"value-%d"}`, p, p, p)
			case 1:
				fmt.Fprintf(&b, `"count_%d":{"type":"integer","description":"A count kept for field %d.","example":%d}`, p, p, p)
			case 2:
				fmt.Fprintf(&b, `"url_%d":{"type":"string","format":"uri","example":"https://api.example.com/things/%d/field/%d"}`, p, s, p)
			default:
				fmt.Fprintf(&b, `"user_%d":{"nullable":true,"allOf":[{"$ref":"#/components/schemas/simple-user"}]}`, p)
			}
		}
		b.WriteString(`},"required":["field_0","count_1"]}`)
	}
	b.WriteString(`},"examples":{`)
	for s := range schemas {
		if s > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `"thing-%d":{"value":{`, s)
		for p := range 150 {
			if p > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"field_%d":"an example value of field %d of thing %d","url_%d":"https://api.example.com/things/%d/field/%d"`, p, p, s, p, s, p)
		}
		b.WriteString(`}}`)
	}
	b.WriteString(`}}}`)
	return []byte(b.String())
}

func TestGithubLikeDoc(t *testing.T) {
	doc := githubLikeDoc(40)
	c, diags := ParseOpenAPI("", doc, nil)
	err := refused(diags)
	if err != nil || len(diags) > 0 {
		t.Fatal(err, diags)
	}
	if n := len(c.Endpoints()); n != 40 {
		t.Fatalf("%d endpoints, want 40", n)
	}
}
