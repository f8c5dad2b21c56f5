package toolkit

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"sync/atomic"
	"testing"
)

// TestReview34_DidYouMeanNamesNotWords: past 256 capabilities, a
// misspelt name whose words the keyword index does not hold (digits,
// hex, a short name, a dropped first letter) still gets the hint the scan
// over every name gives.
func TestReview34_DidYouMeanNamesNotWords(t *testing.T) {
	handler := func(context.Context, *Call) (Result, error) { return Result{}, nil }
	for fam, mk := range map[string]func(i int) string{
		"digits": func(i int) string { return fmt.Sprintf("tool%04d", i) },
		"short":  func(i int) string { return fmt.Sprintf("c%d", i) },
		"alike":  func(i int) string { return strings.Repeat("a", 40) + fmt.Sprint(i) },
		"hex":    func(i int) string { return fmt.Sprintf("op_%x", i*2654435761%1000003) },
	} {
		reg := NewRegistry(&Options{Logger: discardLogger()})
		var caps []*Capability
		for i := range 1000 {
			caps = append(caps, &Capability{Name: mk(i), Description: "does a thing", Handler: handler})
		}
		if err := reg.Add(caps...); err != nil {
			t.Fatal(err)
		}
		miss, n := 0, 0
		for i := 0; i < len(caps); i += 37 {
			name := caps[i].Name
			for _, typo := range []string{name[1:], name[:len(name)-1], name + "x"} {
				if _, ok := reg.get(typo); ok || !strings.Contains(reg.unknownCapabilityLinear(typo), `"`+name+`"`) {
					continue
				}
				n++
				if got := reg.unknownCapability(typo); !strings.Contains(got, `"`+name+`"`) {
					miss++
					if miss <= 2 {
						t.Errorf("%s: %s for %s: %s", fam, typo, name, got)
					}
				}
			}
		}
		if miss > 0 {
			t.Errorf("%s: %d of %d typos miss the name the scan finds", fam, miss, n)
		}
	}
}

// TestReview34_UnknownCategoryHintEscaped: the categories an unknown
// category's hint lists are counted as the answer holds them, escaped as
// JSON, so a host's categories of control characters (six bytes each in
// the answer) keep the answer within its budget.
func TestReview34_UnknownCategoryHintEscaped(t *testing.T) {
	reg := NewRegistry(&Options{Logger: discardLogger()})
	handler := func(context.Context, *Call) (Result, error) { return Result{}, nil }
	for i := range 300 {
		cat := fmt.Sprintf("%03d", i) + strings.Repeat("\x01", 61)
		if err := reg.Add(&Capability{Name: fmt.Sprintf("c%d", i), Category: cat, Description: "x", Handler: handler}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := reg.Call(context.Background(), ToolQueryCapabilities, []byte(`{"category":"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz"}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Text) > DefaultMaxDiscoveryBytes || !json.Valid([]byte(res.Text)) || !strings.Contains(res.Text, " more") {
		t.Errorf("answer of %d bytes: %.300s", len(res.Text), res.Text)
	}
}

// endlessFS is a file system whose every file is an endlessFS stream of
// bytes without a size (a symlink to /dev/zero, a pipe), counting what
// is read of it.
type endlessFS struct{ read *atomic.Int64 }

func (e endlessFS) Open(name string) (fs.File, error) { return endlessFSFile(e), nil }

type endlessFSFile struct{ read *atomic.Int64 }

func (f endlessFSFile) Stat() (fs.FileInfo, error) { return nil, errors.New("no stat") }
func (f endlessFSFile) Close() error               { return nil }
func (f endlessFSFile) Read(p []byte) (int, error) {
	if f.read.Add(int64(len(p))) > 1<<20 { // a bound for the test only
		return 0, io.EOF
	}
	for i := range p {
		p[i] = 'a'
	}
	return len(p), nil
}

// TestReview34_CategoryFileNotReadPastItsBound: a folder's
// _category.yaml with no end (a symlink to /dev/zero) is read no further
// than its bound, and ignored with a warning.
func TestReview34_CategoryFileNotReadPastItsBound(t *testing.T) {
	var read atomic.Int64
	_, diag := readCategoryFile(endlessFS{&read}, "tools/x/_category.yaml", "tools/x/_category.yaml")
	if diag == nil || diag.Severity != SeverityWarning || read.Load() > 2*maxCategoryFileBytes {
		t.Errorf("read %d bytes; diagnostic %v", read.Load(), diag)
	}
}

// TestReview34_KeywordEchoEscaped: the keyword an answer echoes is
// bounded as the answer holds it, escaped as JSON: 256 control
// characters (1,536 bytes escaped) do not push an answer of a 1,000-byte
// budget over it.
func TestReview34_KeywordEchoEscaped(t *testing.T) {
	reg := budgetRegistry(t, 1000)
	for _, kw := range []string{strings.Repeat("\x01", 300), strings.Repeat("\x01", 200), strings.Repeat(`"`, 250) + "order"} {
		raw, _ := json.Marshal(map[string]string{"keyword": kw})
		res, err := reg.Call(context.Background(), ToolQueryCapabilities, raw)
		if err != nil {
			t.Fatal(err)
		}
		var got struct{ Keyword string }
		if err := json.Unmarshal([]byte(res.Text), &got); err != nil || len(res.Text) > 1000 || !strings.HasSuffix(got.Keyword, "…") {
			t.Errorf("%d-byte keyword: answer of %d bytes (%v): %.200s", len(kw), len(res.Text), err, res.Text)
		}
	}
}
