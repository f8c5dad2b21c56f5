package mcpserver

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"time"

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
	if !s.validState(req.Params.RequestState, name, args, time.Now()) {
		return false, nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "invalid requestState: not issued by this server for this call, or expired"}
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
		RequestState: s.state(name, args, time.Now()),
	}
}

// confirmedOptions are the per-call options of a call the user confirmed.
func (s *Server) confirmedOptions() []toolkit.CallOption {
	if s.opts.ConfirmedOptions != nil {
		return s.opts.ConfirmedOptions
	}
	return []toolkit.CallOption{hostapi.WithConfirmation()}
}

// state returns the requestState of a confirmation asked at now: the
// expiry and an HMAC of the tool, the arguments and the expiry.
func (s *Server) state(name string, args json.RawMessage, now time.Time) string {
	var exp [8]byte
	binary.BigEndian.PutUint64(exp[:], uint64(now.Add(stateTTL).Unix()))
	return base64.RawURLEncoding.EncodeToString(append(exp[:], s.mac(name, args, exp[:])...))
}

func (s *Server) validState(state, name string, args json.RawMessage, now time.Time) bool {
	b, err := base64.RawURLEncoding.DecodeString(state)
	if err != nil || len(b) != 8+sha256.Size {
		return false
	}
	if int64(binary.BigEndian.Uint64(b[:8])) < now.Unix() {
		return false
	}
	return hmac.Equal(b[8:], s.mac(name, args, b[:8]))
}

func (s *Server) mac(name string, args json.RawMessage, exp []byte) []byte {
	sum := sha256.Sum256(compact(args))
	m := hmac.New(sha256.New, s.stateKey)
	m.Write(exp)
	m.Write([]byte(name))
	m.Write([]byte{0})
	m.Write(sum[:])
	return m.Sum(nil)
}

// compact returns the arguments as compact JSON (a client may re-encode
// them when it retries), "{}" for none.
func compact(args json.RawMessage) []byte {
	var v any
	if len(args) == 0 || json.Unmarshal(args, &v) != nil {
		return []byte("{}")
	}
	b, err := json.Marshal(v)
	if err != nil {
		return []byte("{}")
	}
	return b
}

func newStateKey() []byte {
	k := make([]byte, 32)
	_, _ = rand.Read(k)
	return k
}
