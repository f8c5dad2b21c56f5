package mcpserver

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/hostapi"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// confirmInput is the id of the input request asking the user to confirm
// a call (an elicitation with one boolean field, confirmInput).
const confirmInput = "confirm"

// stateTTL bounds how long a confirmation's requestState is honoured.
const stateTTL = 10 * time.Minute

// cacheable sets the caching hints of the results go-sdk builds
// (server/discover, tools/list): ListTTL, in the public scope (the list
// is the same for every caller). Results of what the host added through
// MCP() keep their own.
func (s *Server) cacheable(_ context.Context, req mcp.Request, c *mcp.Cacheable) {
	switch req.(type) {
	case *mcp.ListToolsRequest, *mcp.ServerRequest[*mcp.DiscoverParams]:
		c.TTLMs = int(s.listTTL() / time.Millisecond)
		c.CacheScope = "public"
	}
}

func (s *Server) listTTL() time.Duration { return max(s.opts.ListTTL, 0) }

// confirmation settles the confirmation a retried call carries: the
// requestState this server issued for the same tool and arguments, and
// the user's answer. It returns whether the user confirmed, or the result
// to answer with (declined), or a JSON-RPC error (a state that is not
// ours, altered or expired). A call without requestState has none.
func (s *Server) confirmation(name string, args json.RawMessage, req *mcp.CallToolRequest) (confirmed bool, res *mcp.CallToolResult, err error) {
	if req.Params == nil || req.Params.RequestState == "" {
		return false, nil, nil
	}
	now := time.Now()
	if !s.validState(req.Params.RequestState, name, principal(req), args, now) || !s.used.take(req.Params.RequestState, now) {
		return false, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "invalid requestState: not issued by this server for this call and caller, used already, or expired"}
	}
	answer, _ := req.Params.InputResponses[confirmInput].(*mcp.ElicitResult)
	if answer != nil && answer.Action == "accept" && answer.Content["confirm"] == true {
		return true, nil, nil
	}
	return false, &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{
		Text: "the user did not confirm the call: it was not made; do not repeat it unless the user asks",
	}}}, nil
}

// askConfirmation returns the input_required result asking the user to
// confirm a call whose Result needs it, when the client can be asked (it
// declared elicitation); else nil.
func (s *Server) askConfirmation(name string, args json.RawMessage, res toolkit.Result, req *mcp.CallToolRequest) *mcp.CallToolResult {
	if !res.Signals.NeedsConfirmation || s.opts.NoConfirm {
		return nil
	}
	if caps := req.ClientCapabilities(); caps == nil || caps.Elicitation == nil {
		return nil
	}
	capability := res.Signals.Capability
	if capability == "" {
		capability = name
	}
	what := ""
	var pending struct {
		Method string `json:"method"`
		Path   string `json:"path"`
	}
	if json.Unmarshal(res.Signals.ExtraParams, &pending) == nil && pending.Method != "" {
		what = ": " + pending.Method + " " + pending.Path
	} else if len(res.Signals.ExtraParams) > 0 {
		what = ": " + string(res.Signals.ExtraParams)
	}
	msg := textcut.Cut(fmt.Sprintf("Allow %s%s?", capability, what), 1000)
	return &mcp.CallToolResult{
		InputRequests: mcp.InputRequestMap{confirmInput: &mcp.ElicitParams{
			Mode:    "form",
			Message: msg,
			RequestedSchema: &jsonschema.Schema{
				Type: "object",
				Properties: map[string]*jsonschema.Schema{
					"confirm": {Type: "boolean", Title: "Confirm", Description: "Make the call"},
				},
				Required: []string{"confirm"},
			},
		}},
		RequestState: s.state(name, principal(req), args, time.Now()),
	}
}

// confirmedOptions are the per-call options of a call the user confirmed.
func (s *Server) confirmedOptions() []toolkit.CallOption {
	if s.opts.ConfirmedOptions != nil {
		return s.opts.ConfirmedOptions
	}
	return []toolkit.CallOption{hostapi.WithConfirmation()}
}

// principal is who a call comes from, as far as the server knows: the
// UserID of the request's verified bearer token, "" without one.
func principal(req *mcp.CallToolRequest) string {
	if req.Extra != nil && req.Extra.TokenInfo != nil {
		return req.Extra.TokenInfo.UserID
	}
	return ""
}

// state returns the requestState of a confirmation asked at now: the
// expiry, a random nonce and an HMAC of them, the tool, the caller
// (principal) and the arguments.
func (s *Server) state(name, who string, args json.RawMessage, now time.Time) string {
	var head [8 + stateNonce]byte
	binary.BigEndian.PutUint64(head[:8], uint64(now.Add(stateTTL).Unix()))
	_, _ = rand.Read(head[8:])
	return base64.RawURLEncoding.EncodeToString(append(head[:], s.mac(name, who, args, head[:])...))
}

// stateNonce is the length of a requestState's nonce, which makes each
// state asked unique, so that using it once spends it.
const stateNonce = 16

func (s *Server) validState(state, name, who string, args json.RawMessage, now time.Time) bool {
	b, err := base64.RawURLEncoding.DecodeString(state)
	if err != nil || len(b) != 8+stateNonce+sha256.Size {
		return false
	}
	if int64(binary.BigEndian.Uint64(b[:8])) < now.Unix() {
		return false
	}
	return hmac.Equal(b[8+stateNonce:], s.mac(name, who, args, b[:8+stateNonce]))
}

func (s *Server) mac(name, who string, args json.RawMessage, head []byte) []byte {
	sum := sha256.Sum256(canonical(args))
	m := hmac.New(sha256.New, s.stateKey)
	m.Write(head)
	for _, f := range []string{name, who} {
		var n [8]byte
		binary.BigEndian.PutUint64(n[:], uint64(len(f)))
		m.Write(n[:])
		m.Write([]byte(f))
	}
	m.Write(sum[:])
	return m.Sum(nil)
}

// canonical returns the arguments as compact JSON with sorted keys (a
// client may re-encode them when it retries), "{}" for none. Numbers keep
// their digits; arguments that do not decode to one value without loss
// (not JSON, invalid UTF-8, a key twice in an object, which decoders
// settle differently) are taken byte for byte.
func canonical(args json.RawMessage) []byte {
	if len(bytes.TrimSpace(args)) == 0 {
		return []byte("{}")
	}
	if !utf8.Valid(args) || duplicateKeys(args) {
		return args
	}
	d := json.NewDecoder(bytes.NewReader(args))
	d.UseNumber()
	var v any
	if d.Decode(&v) != nil || d.InputOffset() != int64(len(bytes.TrimRight(args, " \t\r\n"))) {
		return args
	}
	b, err := json.Marshal(v)
	if err != nil {
		return args
	}
	return b
}

// duplicateKeys reports whether an object in the JSON text b has a key
// twice (or b is not JSON).
func duplicateKeys(b []byte) bool {
	d := json.NewDecoder(bytes.NewReader(b))
	type frame struct {
		obj    bool
		keys   map[string]bool
		wantKV bool // the next string of an object is a key
	}
	var stack []*frame
	for {
		tok, err := d.Token()
		if err == io.EOF {
			return false
		}
		if err != nil {
			return true
		}
		var top *frame
		if len(stack) > 0 {
			top = stack[len(stack)-1]
		}
		if top != nil && top.obj && top.wantKV {
			if k, ok := tok.(string); ok {
				if top.keys[k] {
					return true
				}
				top.keys[k] = true
				top.wantKV = false
				continue
			}
		}
		if top != nil && top.obj && tok != json.Delim('}') {
			top.wantKV = true // a value: the next is a key
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{obj: true, keys: map[string]bool{}, wantKV: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
		}
	}
}

// spent holds the requestStates used, until they expire: a confirmation
// runs its call once. A state shared across replicas (Options.StateKey)
// is spent on the replica that got it.
type spent struct {
	mu    sync.Mutex
	m     map[string]time.Time // state → expiry
	prune int                  // size at which expired ones are dropped
}

// take spends state, reporting false when it was spent already.
func (u *spent) take(state string, now time.Time) bool {
	u.mu.Lock()
	defer u.mu.Unlock()
	if _, ok := u.m[state]; ok {
		return false
	}
	if u.m == nil {
		u.m = map[string]time.Time{}
	}
	if len(u.m) >= u.prune {
		for k, exp := range u.m {
			if exp.Before(now) {
				delete(u.m, k)
			}
		}
		u.prune = 2*len(u.m) + 1024
	}
	u.m[state] = now.Add(stateTTL + time.Second)
	return true
}

func newStateKey() []byte {
	k := make([]byte, 32)
	_, _ = rand.Read(k)
	return k
}
