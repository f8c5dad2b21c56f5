package toolkittest

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/url"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/goccy/go-yaml"

	"github.com/toolkit-sdk/toolkit"
)

// fixture is the file of one call.
type fixture struct {
	Capability   string        `yaml:"capability"`
	Arguments    any           `yaml:"arguments"` // the JSON arguments, as YAML
	Interactions []interaction `yaml:"interactions"`
}

// interaction is one request and its response, or the error sending it
// ended with.
type interaction struct {
	Request  requestRecord   `yaml:"request"`
	Response *responseRecord `yaml:"response,omitempty"`
	Error    string          `yaml:"error,omitempty"`
}

type requestRecord struct {
	Method  string        `yaml:"method"`
	URL     string        `yaml:"url"`
	Headers yaml.MapSlice `yaml:"headers,omitempty"`
	Body    string        `yaml:"body,omitempty"`
	Compact bool          `yaml:"compact,omitempty"`
	Base64  bool          `yaml:"base64,omitempty"`
	// BodyFile names the file beside the fixture that holds a body that
	// is not UTF-8 text (bodyfile.go).
	BodyFile string `yaml:"body_file,omitempty"`
}

type responseRecord struct {
	Status  string        `yaml:"status"` // "200 OK"
	Headers yaml.MapSlice `yaml:"headers,omitempty"`
	Body    string        `yaml:"body,omitempty"`
	Compact bool          `yaml:"compact,omitempty"`
	Base64  bool          `yaml:"base64,omitempty"`
	// BodyFile names the file beside the fixture that holds a body that
	// is not UTF-8 text (bodyfile.go).
	BodyFile string `yaml:"body_file,omitempty"`
}

// content is a body as a fixture shows it: JSON pretty-printed (Compact:
// a response body is sent compact again), other UTF-8 text as it is, and
// anything else in base64 (Base64).
type content struct {
	Body    string
	Compact bool
	Base64  bool
}

func (q requestRecord) content() content   { return content{q.Body, q.Compact, q.Base64} }
func (p *responseRecord) content() content { return content{p.Body, p.Compact, p.Base64} }

// bytes returns the body as it was sent.
func (c content) bytes() []byte {
	switch {
	case c.Base64:
		b, _ := base64.StdEncoding.DecodeString(c.Body)
		return b
	case c.Compact:
		var buf bytes.Buffer
		if json.Compact(&buf, []byte(c.Body)) != nil {
			return []byte(c.Body)
		}
		t := strings.TrimRight(c.Body, " \t\r\n")
		return append(buf.Bytes(), c.Body[len(t):]...) // Compact drops trailing space
	}
	return []byte(c.Body)
}

// newContent is the fixture form of a body already redacted. A request's
// JSON body is always pretty-printed (replay compares JSON whatever its
// layout); a response's only when it was compact, so that replay sends
// the same bytes.
func newContent(b []byte, request bool) content {
	if !utf8.Valid(b) {
		return content{Body: base64.StdEncoding.EncodeToString(b), Base64: true}
	}
	var compact bytes.Buffer
	t := bytes.TrimRight(b, " \t\r\n")
	if request && json.Valid(t) && bytes.ContainsAny(t, "{[") {
		var pretty bytes.Buffer
		if json.Indent(&pretty, t, "", "  ") == nil {
			return content{Body: pretty.String()}
		}
	}
	if json.Valid(t) && json.Compact(&compact, t) == nil && bytes.Equal(compact.Bytes(), t) && bytes.ContainsAny(t, "{[") {
		var pretty bytes.Buffer
		if json.Indent(&pretty, b, "", "  ") == nil {
			return content{Body: pretty.String(), Compact: true}
		}
	}
	return content{Body: string(b)}
}

func newRequestRecord(req *http.Request, body []byte) requestRecord {
	return requestRecord{Method: req.Method, URL: req.URL.String(), Headers: headerSlice(req.Header), Body: string(body)}
}

func newResponseRecord(resp *http.Response, body []byte) *responseRecord {
	h := resp.Header.Clone()
	h.Del("Content-Length") // the body read may differ (redacted, pretty-printed)
	h.Del("Date")
	return &responseRecord{Status: resp.Status, Headers: headerSlice(h), Body: string(body)}
}

// headerSlice lists headers in name order: one value as a string, more
// as a list.
func headerSlice(h http.Header) yaml.MapSlice {
	var out yaml.MapSlice
	for _, name := range slices.Sorted(maps.Keys(h)) {
		vs := h[name]
		if len(vs) == 1 {
			out = append(out, yaml.MapItem{Key: name, Value: vs[0]})
		} else {
			out = append(out, yaml.MapItem{Key: name, Value: slices.Clone(vs)})
		}
	}
	return out
}

func headerOf(s yaml.MapSlice) http.Header {
	h := make(http.Header, len(s))
	for _, it := range s {
		name := fmt.Sprint(it.Key)
		switch v := it.Value.(type) {
		case []any:
			for _, e := range v {
				h.Add(name, fmt.Sprint(e))
			}
		case []string:
			h[name] = append(h[name], v...)
		default:
			h.Add(name, fmt.Sprint(v))
		}
	}
	return h
}

// redactHeaders replaces every value of a credential header, and the
// known secrets in the others.
func redactHeaders(s yaml.MapSlice, r *toolkit.Redactor) yaml.MapSlice {
	out := make(yaml.MapSlice, len(s))
	for i, it := range s {
		name := fmt.Sprint(it.Key)
		switch v := it.Value.(type) {
		case string:
			if toolkit.IsSecretName(name) {
				v = toolkit.Redacted
			}
			out[i] = yaml.MapItem{Key: name, Value: r.Redact(v)}
		case []string:
			vs := make([]string, len(v))
			for j, e := range v {
				if toolkit.IsSecretName(name) {
					e = toolkit.Redacted
				}
				vs[j] = r.Redact(e)
			}
			out[i] = yaml.MapItem{Key: name, Value: vs}
		}
	}
	return out
}

// redactPairs replaces the values of credential keys in a query or a
// form whatever their length (the Redactor leaves values under four
// bytes), then every known secret.
func redactPairs(s string, r *toolkit.Redactor) string {
	parts := strings.Split(s, "&")
	for i, p := range parts {
		k, v, ok := strings.Cut(p, "=")
		if key, err := url.QueryUnescape(k); ok && v != "" && err == nil && toolkit.IsSecretQueryKey(key) {
			parts[i] = k + "=" + toolkit.Redacted
		}
	}
	return r.Redact(strings.Join(parts, "&"))
}

func redactURL(u string, r *toolkit.Redactor) string {
	base, query, ok := strings.Cut(u, "?")
	if !ok {
		return r.Redact(u)
	}
	return r.Redact(base) + "?" + redactPairs(query, r)
}

func redactBody(b string, headers yaml.MapSlice, r *toolkit.Redactor, request bool) content {
	if strings.Contains(headerOf(headers).Get("Content-Type"), "x-www-form-urlencoded") {
		b = redactPairs(b, r)
	}
	return newContent([]byte(r.Redact(b)), request)
}

func (q requestRecord) redact(r *toolkit.Redactor) requestRecord {
	c := redactBody(q.Body, q.Headers, r, true)
	return requestRecord{Method: q.Method, URL: redactURL(q.URL, r), Headers: redactHeaders(q.Headers, r), Body: c.Body, Compact: c.Compact, Base64: c.Base64}
}

func (p *responseRecord) redact(r *toolkit.Redactor) *responseRecord {
	c := redactBody(p.Body, p.Headers, r, false)
	return &responseRecord{Status: r.Redact(p.Status), Headers: redactHeaders(p.Headers, r), Body: c.Body, Compact: c.Compact, Base64: c.Base64}
}

func (p *responseRecord) httpResponse(req *http.Request) *http.Response {
	code, _, _ := strings.Cut(p.Status, " ")
	n, _ := strconv.Atoi(code)
	body := p.content().bytes()
	return &http.Response{
		Status: p.Status, StatusCode: n, Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: headerOf(p.Headers), Body: io.NopCloser(bytes.NewReader(body)),
		ContentLength: int64(len(body)), Request: req,
	}
}

func (fx *fixture) marshal() ([]byte, error) {
	data, err := yaml.MarshalWithOptions(fx, yaml.UseLiteralStyleIfMultiline(true), yaml.Indent(2), yaml.IndentSequence(true))
	if err != nil {
		return nil, err
	}
	head := "# Recorded by toolkittest; secrets read [REDACTED]. Record again with " + RecordEnv + "=1 go test.\n"
	return append([]byte(head), data...), nil
}

func readFixture(file string) (*fixture, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var fx fixture
	if err := yaml.Unmarshal(data, &fx); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	if err := readBodyFiles(file, &fx); err != nil {
		return nil, err
	}
	return &fx, nil
}

// matchable is a request as replay compares it.
type matchable struct {
	method, url, body string
}

// ignored stands for the value of a field Config.Ignore names.
const ignored = "[IGNORED]"

// normalize prepares a request for comparison: volatile fields replaced,
// a JSON body in one canonical layout.
func normalize(method, u, body string, ignore []string) matchable {
	m := matchable{method: method, url: u, body: body}
	if len(ignore) > 0 {
		if base, query, ok := strings.Cut(u, "?"); ok {
			m.url = base + "?" + ignorePairs(query, ignore)
		}
	}
	t := strings.TrimSpace(body)
	if t == "" {
		m.body = ""
		return m
	}
	if parts, ok := multipartParts(body); ok { // multipart.go
		m.body = parts
		return m
	}
	var v any
	d := json.NewDecoder(strings.NewReader(t))
	d.UseNumber()
	if (t[0] == '{' || t[0] == '[') && d.Decode(&v) == nil {
		v = ignoreFields(v, ignore)
		if b, err := json.MarshalIndent(v, "", "  "); err == nil {
			m.body = string(b)
		}
		return m
	}
	if len(ignore) > 0 && !strings.ContainsAny(t, " \n<") {
		m.body = ignorePairs(t, ignore)
	}
	return m
}

func ignorePairs(s string, ignore []string) string {
	parts := strings.Split(s, "&")
	for i, p := range parts {
		k, _, _ := strings.Cut(p, "=")
		if key, err := url.QueryUnescape(k); err == nil && slices.Contains(ignore, key) {
			parts[i] = k + "=" + ignored
		}
	}
	return strings.Join(parts, "&")
}

func ignoreFields(v any, ignore []string) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if slices.Contains(ignore, k) {
				x[k] = ignored
				continue
			}
			x[k] = ignoreFields(e, ignore)
		}
	case []any:
		for i, e := range x {
			x[i] = ignoreFields(e, ignore)
		}
	}
	return v
}

func (q requestRecord) normalized(ignore []string) matchable {
	return normalize(q.Method, q.URL, string(q.content().bytes()), ignore)
}

// matches reports whether a live request matches m, a recorded one, where
// each [REDACTED] of m stands for any text.
func (m matchable) matches(live matchable) bool {
	return m.method == live.method && wildcard(m.url, live.url) && wildcard(m.body, live.body)
}

func wildcard(pattern, s string) bool {
	if !strings.Contains(pattern, toolkit.Redacted) {
		return pattern == s
	}
	parts := strings.Split(pattern, toolkit.Redacted)
	for i, p := range parts {
		parts[i] = regexp.QuoteMeta(p)
	}
	re, err := regexp.Compile(`^(?s:` + strings.Join(parts, `.*?`) + `)$`)
	return err == nil && re.MatchString(s)
}
