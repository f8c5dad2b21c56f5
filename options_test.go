package toolkit

import (
	"context"
	"net/url"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// checkLines splits what Check returned into its problems, without the
// "invalid Options: " prefix.
func checkLines(err error) []string {
	if err == nil {
		return nil
	}
	return strings.Split(strings.TrimPrefix(err.Error(), "invalid Options: "), "\n")
}

// TestOptionsCheck: Options.Check, Executor.Check and Registry.Check report
// every malformed option at once, each naming its field; valid options and
// nil pass.
func TestOptionsCheck(t *testing.T) {
	tests := []struct {
		name string
		opts *Options
		want []string // the fields named, in order
	}{
		{"nil", nil, nil},
		{"zero", &Options{}, nil},
		{"valid", &Options{AllowedHosts: []string{"api.example.com", ".example.com:8443"},
			AllowPrivate: []string{"*", "10.0.0.0/8", "127.0.0.1", "[::1]", ".corp.example"},
			Proxy:        &url.URL{Scheme: "http", Host: "proxy.test:3128"}, MaxSteps: -1, MaxRequests: -5}, nil},
		{"AllowedHosts port", &Options{AllowedHosts: []string{"a.test:x"}}, []string{"AllowedHosts"}},
		{"AllowedHosts user", &Options{AllowedHosts: []string{"ok.test", "u@h"}}, []string{"AllowedHosts"}},
		{"AllowPrivate prefix", &Options{AllowPrivate: []string{"10.0.0.0/33"}}, []string{"AllowPrivate"}},
		{"AllowPrivate zone", &Options{AllowPrivate: []string{"fe80::1%eth0"}}, []string{"AllowPrivate"}},
		{"Proxy without host", &Options{Proxy: &url.URL{Scheme: "http", Path: "/x"}}, []string{"Proxy"}},
		{"every one", &Options{
			AllowedHosts: []string{"a.test:x", "fine.test", "u@h"},
			AllowPrivate: []string{"10.0.0.0/33", "db.internal", "bad host"},
			Proxy:        &url.URL{Scheme: "http"},
		}, []string{"AllowedHosts", "AllowedHosts", "AllowPrivate", "AllowPrivate", "Proxy"}},
	}
	fields := func(err error) []string {
		var out []string
		for _, l := range checkLines(err) {
			f, _, _ := strings.Cut(strings.TrimPrefix(l, "option "), ":")
			out = append(out, f)
		}
		return out
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.opts.Check()
			if diff := cmp.Diff(tt.want, fields(err)); diff != "" {
				t.Errorf("Options.Check() = %v; fields (-want +got):\n%s", err, diff)
			}
			var o Options
			if tt.opts != nil {
				o = *tt.opts
			}
			o.Logger = discardLogger()
			e := NewExecutor(&o)
			reg := NewRegistry(&o)
			if got, want := optErrText(reg.Check()), optErrText(err); got != want {
				t.Errorf("Registry.Check() = %q, want %q", got, want)
			}
			if err == nil {
				return
			}
			// What Check reports is what every request fails with.
			_, serr := e.Send(context.Background(), &Request{Method: "GET", URL: "http://api.example.com/"})
			if serr == nil || serr.Error() != err.Error() {
				t.Errorf("Send: %v, want %v", serr, err)
			}
		})
	}
}

// TestRegistryCheckJoins: Registry.Check reports malformed options beside
// the unset environment it reported before, all at once.
func TestRegistryCheckJoins(t *testing.T) {
	reg := NewRegistry(&Options{AllowPrivate: []string{"10.0.0.0/33"}, AllowedHosts: []string{"u@h"}, Env: testEnv(nil), Logger: discardLogger()})
	if _, err := reg.LoadBytes("t.yaml", []byte("name: t\ndesc: d\nenv: [TOKEN]\nsteps:\n  - url: https://api.example.com/${env:TOKEN}\n")); err != nil {
		t.Fatal(err)
	}
	err := reg.Check()
	if err == nil {
		t.Fatal("Check: nil")
	}
	for _, want := range []string{"option AllowedHosts: ", "option AllowPrivate: ", `capability "t": environment variable TOKEN is not set`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("Check() = %v, want it to name %q", err, want)
		}
	}
	if got := len(strings.Split(err.Error(), "\n")); got != 3 {
		t.Errorf("Check() has %d lines, want 3:\n%v", got, err)
	}
}

// optErrText is err's text, "" for nil.
func optErrText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}
