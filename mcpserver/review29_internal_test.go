package mcpserver

import (
	"encoding/json"
	"testing"
	"time"
)

// TestReview29_ConfirmationStateArgs: a requestState names its call's
// arguments exactly: not other digits of a number past float64's, not
// the other value of a key given twice, not other invalid JSON; the same
// arguments re-encoded (spacing, key order, escapes) still match.
func TestReview29_ConfirmationStateArgs(t *testing.T) {
	s := &Server{stateKey: []byte("review-key")}
	now := time.Unix(1_800_000_000, 0)
	for _, tt := range []struct {
		asked, sent string
		ok          bool
	}{
		{`{"id":12345678901234567890}`, `{"id":12345678901234567891}`, false},
		{`{"id":1.0000000000000001}`, `{"id":1}`, false},
		{`{"path":"/a","path":"/b"}`, `{"path":"/b"}`, false},
		{`{"path":"/b"}`, `{"path":"/a","path":"/b"}`, false},
		{`{"a":{"x":1,"x":2}}`, `{"a":{"x":2}}`, false},
		{`not json`, `{}`, false},
		{`{} {"x":1}`, `{}`, false},
		{``, `{}`, true},
		{`{"a": 1, "b": [1, 2]}`, `{"b":[1,2],"a":1}`, true},
		{`{"a":"\u0041"}`, `{"a":"A"}`, true},
		{`{"id":12345678901234567890}`, ` {"id": 12345678901234567890} `, true},
		{`[{"x":1},{"x":2}]`, `[{"x":1},{"x":2}]`, true},
	} {
		state := s.state("call_http_api", "alice", json.RawMessage(tt.asked), now)
		if got := s.validState(state, "call_http_api", "alice", json.RawMessage(tt.sent), now); got != tt.ok {
			t.Errorf("asked %s, sent %s: valid %v, want %v", tt.asked, tt.sent, got, tt.ok)
		}
	}
	state := s.state("t", "alice", nil, now)
	for _, tt := range []struct{ name, who string }{{"t", "bob"}, {"u", "alice"}, {"talice", ""}, {"", "talice"}} {
		if s.validState(state, tt.name, tt.who, nil, now) {
			t.Errorf("state of t for alice valid for %q, %q", tt.name, tt.who)
		}
	}
	if s.validState(state, "t", "alice", nil, now.Add(stateTTL+time.Second)) {
		t.Error("valid after it expired")
	}
}
