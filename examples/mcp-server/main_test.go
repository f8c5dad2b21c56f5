package main

import "testing"

func TestListenLoopback(t *testing.T) {
	for _, tc := range []struct {
		addr string
		ok   bool
	}{
		{":0", true},
		{"127.0.0.1:0", true},
		{"[::1]:0", true},
		{"localhost:0", true},
		{"0.0.0.0:0", false},
		{"[::]:0", false},
		{"192.168.1.10:0", false},
		{"example.com:0", false},
		{"127.0.0.1", false}, // no port
	} {
		ln, err := listenLoopback(tc.addr)
		if ok := err == nil; ok != tc.ok {
			t.Errorf("listenLoopback(%q): err = %v, want ok = %v", tc.addr, err, tc.ok)
		}
		if ln != nil {
			ln.Close()
		}
	}
}
