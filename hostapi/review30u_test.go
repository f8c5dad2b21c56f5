package hostapi

import (
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Red-team review of OpenAPI uploads (issue 30, item 4).

const review30uDoc = `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"}, "paths": {
 "/up": {"post": {"operationId": "up",
  "requestBody": {"content": {"multipart/form-data": {
    "schema": {"type": "object", "properties": {
      "note": {"type": "string"},
      "meta": {"type": "object"},
      "files": {"type": "array", "items": {"type": "string", "format": "binary"}}}}}}},
  "responses": {"200": {"description": "ok"}}}},
 "/raw": {"put": {"operationId": "raw",
  "requestBody": {"content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
  "responses": {"200": {"description": "ok"}}}}}}`

func review30uRegistry(t *testing.T, max int64) (*httptestServer30u, func(string) (string, bool)) {
	cat, diags := ParseOpenAPI("", []byte(review30uDoc), nil)
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	s := &httptestServer30u{}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.body, _ = io.ReadAll(r.Body)
		s.ct = r.Header.Get("Content-Type")
		s.n++
	}))
	t.Cleanup(srv.Close)
	reg := newRegistry(t, cat, Options{BaseURL: srv.URL, MaxUploadBytes: max})
	return s, func(body string) (string, bool) {
		endpoint := "up"
		if strings.HasPrefix(body, `"`) {
			endpoint = "raw"
		}
		res := run(reg, ToolCall, `{"endpoint": "`+endpoint+`", "body": `+body+`}`)
		return res.Text, res.IsError
	}
}

type httptestServer30u struct {
	body []byte
	ct   string
	n    int
}

func (s *httptestServer30u) parts(t *testing.T) []part {
	t.Helper()
	_, params, err := mime.ParseMediaType(s.ct)
	if err != nil {
		t.Fatal(err)
	}
	var got []part
	mr := multipart.NewReader(strings.NewReader(string(s.body)), params["boundary"])
	for {
		p, err := mr.NextPart()
		if err == io.EOF {
			return got
		}
		if err != nil {
			t.Fatalf("server: %v in %q", err, s.body)
		}
		data, _ := io.ReadAll(p)
		got = append(got, part{p.FormName(), p.FileName(), p.Header.Get("Content-Type"), string(data)})
	}
}

// TestReview30uParts: 64 parts pass, 65 are refused before sending.
func TestReview30uParts(t *testing.T) {
	s, call := review30uRegistry(t, 1<<20)
	files := func(n int) string {
		return `{"files": [` + strings.TrimSuffix(strings.Repeat(`"aGk=",`, n), ",") + `]}`
	}
	if text, isErr := call(files(64)); isErr {
		t.Fatal(text)
	}
	if got := len(s.parts(t)); got != 64 {
		t.Errorf("%d parts, want 64", got)
	}
	s.n = 0
	if text, isErr := call(files(65)); !isErr || !strings.Contains(text, "over 64 parts") || s.n != 0 {
		t.Errorf("65 parts: %q, %d sent", text, s.n)
	}
}

// TestReview30uHeaders: a model's content_type cannot end the part's
// header; its file name cannot break the Content-Disposition; a value
// holding the boundary stays one part; nested objects are JSON.
func TestReview30uHeaders(t *testing.T) {
	s, call := review30uRegistry(t, 1<<20)
	for _, ct := range []string{"image/png\r\n", "\r\nimage/png", "image/png\r\nX-Evil: 1", "image/png; a=\"b\r\nX: 1\""} {
		s.n = 0
		text, isErr := call(fmt.Sprintf(`{"files": [{"data": "aGk=", "content_type": %q}]}`, ct))
		if !isErr || s.n != 0 {
			t.Errorf("content_type %q: %q sent %d; want it refused", ct, text, s.n)
		}
	}
	text, isErr := call(`{"files": [{"data": "aGk=", "filename": "../../etc/passwd\r\nX-Evil: 1\"; name=\"x"}], "note": "--` + "\\r\\n--" + `", "meta": {"a": {"b": [1, {"c": "\r\n"}]}}}`)
	if isErr {
		t.Fatal(text)
	}
	got := s.parts(t)
	if want := `filename="../../etc/passwd%0D%0AX-Evil: 1\"; name=\"x"`; len(got) != 3 || got[0].Name != "files" || !strings.Contains(string(s.body), want) {
		t.Errorf("parts %q, body %q lacks %s", got, s.body, want)
	}
	if got[1].Data != `{"a":{"b":[1,{"c":"\r\n"}]}}` || got[1].ContentType != "application/json" {
		t.Errorf("nested object part %+v", got[1])
	}
	if got[2].Data != "--\r\n--" {
		t.Errorf("note part %+v", got[2])
	}
	// A NUL in a file name does not reach the server.
	s.body = nil
	call(`{"files": [{"data": "aGk=", "filename": "evil.php\u0000.png"}]}`)
	if strings.Contains(string(s.body), "\x00") {
		t.Errorf("a NUL in a file name was sent: %q", s.body)
	}
}

// TestReview30uBase64Forms: white space, data: URLs with odd media
// types, URL-safe and unpadded text all decode; a huge argument is
// refused before decoding.
func TestReview30uBase64Forms(t *testing.T) {
	s, call := review30uRegistry(t, 1000)
	bin := "\xff\xfe\x00hello"
	std := base64.StdEncoding.EncodeToString([]byte(bin))
	for _, in := range []string{
		" " + std[:4] + "\n\t" + std[4:] + "\r\n",
		"data:application/x-evil\r\n;charset=x;base64," + std,
		"data:;base64," + base64.RawURLEncoding.EncodeToString([]byte(bin)),
	} {
		text, isErr := call(fmt.Sprintf(`{"files": [%q]}`, in))
		if isErr {
			t.Errorf("%q: %s", in, text)
			continue
		}
		if got := s.parts(t); len(got) != 1 || got[0].Data != bin {
			t.Errorf("%q: parts %q", in, got)
		}
	}
	if text, isErr := call(fmt.Sprintf(`{"files": [%q]}`, strings.Repeat("A ", 1<<20))); !isErr || !strings.Contains(text, "Options.MaxUploadBytes") {
		t.Errorf("a 2 MiB argument: %q", text)
	}
}

// TestReview30uExactLimit: a raw body of exactly MaxUploadBytes passes,
// in MIME-wrapped base64 (76 columns, CRLF) or a data: URL too (the
// check before decoding counted the white space and the prefix); one
// byte more is refused.
func TestReview30uExactLimit(t *testing.T) {
	s, call := review30uRegistry(t, 1000)
	wrap := func(b64 string) string {
		var lines []string
		for len(b64) > 76 {
			lines, b64 = append(lines, b64[:76]), b64[76:]
		}
		return strings.Join(append(lines, b64), "\r\n")
	}
	exact := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("x", 1000)))
	for _, in := range []string{exact, wrap(exact), "data:application/octet-stream;base64," + exact, base64.RawStdEncoding.EncodeToString([]byte(strings.Repeat("x", 1000)))} {
		if text, isErr := call(fmt.Sprintf(`%q`, in)); isErr || len(s.body) != 1000 {
			t.Errorf("%.40q…: %s", in, text)
		}
	}
	s.n = 0
	over := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("x", 1001)))
	for _, in := range []string{over, wrap(over)} {
		if text, isErr := call(fmt.Sprintf(`%q`, in)); !isErr || !strings.Contains(text, "over the limit of 1000") {
			t.Errorf("1001 bytes: %s", text)
		}
	}
	if s.n != 0 {
		t.Errorf("%d sent", s.n)
	}
	// A file object whose data is not a string is refused.
	for _, in := range []string{`{"data": 5}`, `{"data": "aGk=", "filename": 5}`, `{"filename": "a"}`} {
		if text, isErr := call(`{"files": [` + in + `]}`); !isErr {
			t.Errorf("%s: %s", in, text)
		}
	}
}
