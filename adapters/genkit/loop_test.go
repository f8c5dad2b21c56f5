package toolkitgenkit

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	"github.com/firebase/genkit/go/ai"
	"github.com/firebase/genkit/go/genkit"
	oai "github.com/firebase/genkit/go/plugins/compat_oai/openai"
	"github.com/google/go-cmp/cmp"
	"github.com/openai/openai-go/option"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/adapters/adaptertest"
)

// png is the start of a PNG file: what shipping.label returns.
var png = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")

// newRegistry returns a Registry holding get_order (over a loopback shop
// that records the tenant header) and capabilities of other categories:
// one answers with an image, one hands the call to the front end.
func newRegistry(t *testing.T) (*toolkit.Registry, *adaptertest.Shop) {
	shop := adaptertest.NewShop(t)
	return adaptertest.Registry(t, shop, false, adaptertest.OrdersYAML,
		adaptertest.Capability("shipping.label", "shipping", "The shipping label of an order, as an image.", "order_id",
			func(context.Context, *toolkit.Call) (toolkit.Result, error) {
				return toolkit.Result{Text: "the label of A-1001 (an image)", Parts: []toolkit.Part{toolkit.ImagePart("image/png", png)}}, nil
			}),
		adaptertest.Capability("cancel_order", "shop", "Cancel an order; the user confirms it in the front end.", "order_id",
			func(_ context.Context, c *toolkit.Call) (toolkit.Result, error) {
				c.Notify("Cancelling...")
				return toolkit.Result{Text: "waiting for the user", Signals: toolkit.Signals{Manual: true, ManualArguments: c.RawArgs}}, nil
			}),
	), shop
}

// chatServer is a loopback server speaking OpenAI's Chat Completions wire
// format: each request is checked by the next step, whose answer (a
// recorded-shape completion) it sends.
func chatServer(t *testing.T, steps []func(t *testing.T, req map[string]any) string) *httptest.Server {
	t.Helper()
	var mu sync.Mutex
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/chat/completions") {
			t.Errorf("unexpected request %s %s", r.Method, r.URL.Path)
			http.NotFound(w, r)
			return
		}
		if len(steps) == 0 {
			t.Errorf("the model was called once too often")
			http.Error(w, `{"error":{"message":"no more turns"}}`, http.StatusInternalServerError)
			return
		}
		var req map[string]any
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			t.Error(err)
		}
		step := steps[0]
		steps = steps[1:]
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, step(t, req))
	}))
	t.Cleanup(func() {
		srv.Close()
		if len(steps) != 0 {
			t.Errorf("%d model turns left unplayed", len(steps))
		}
	})
	return srv
}

// completion is a recorded-shape Chat Completions answer: text, or one
// tool call.
func completion(content, callID, tool, args string) string {
	msg := map[string]any{"role": "assistant", "content": content}
	finish := "stop"
	if tool != "" {
		msg["content"] = nil
		msg["tool_calls"] = []any{map[string]any{"id": callID, "type": "function",
			"function": map[string]any{"name": tool, "arguments": args}}}
		finish = "tool_calls"
	}
	b, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-1", "object": "chat.completion", "created": 1767225600, "model": "gpt-4o",
		"choices": []any{map[string]any{"index": 0, "finish_reason": finish, "message": msg, "logprobs": nil}},
		"usage":   map[string]any{"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110},
	})
	return string(b)
}

// toolMessages are the tool messages of a Chat Completions request, as
// "id: content".
func toolMessages(req map[string]any) []string {
	var out []string
	msgs, _ := req["messages"].([]any)
	for _, m := range msgs {
		m, _ := m.(map[string]any)
		if m["role"] == "tool" {
			out = append(out, fmt.Sprintf("%v: %v", m["tool_call_id"], m["content"]))
		}
	}
	return out
}

// TestGenerateLoop: the whole loop in genkit.Generate with Genkit's OpenAI
// plugin against a loopback server speaking Chat Completions: the model
// searches with query_capabilities, calls get_order through
// call_capability with the tenant as a per-call value, gets the shop's
// answer and answers; a call with bad arguments comes back to the model as
// the Registry's error, and the loop goes on.
func TestGenerateLoop(t *testing.T) {
	reg, shop := newRegistry(t)
	srv := chatServer(t, []func(*testing.T, map[string]any) string{
		func(t *testing.T, req map[string]any) string {
			var names []string
			for _, tl := range req["tools"].([]any) {
				fn := tl.(map[string]any)["function"].(map[string]any)
				names = append(names, fn["name"].(string))
				if fn["name"] == toolkit.ToolCallCapability {
					b, _ := json.Marshal(fn["parameters"])
					if !strings.Contains(string(b), `"required":["name"]`) {
						t.Errorf("call_capability's parameters: %s", b)
					}
				}
			}
			if diff := cmp.Diff([]string{"call_capability", "query_capabilities", "query_capability_detail"}, sorted(names)); diff != "" {
				t.Errorf("tools (-want +got):\n%s", diff)
			}
			return completion("", "call_1", toolkit.ToolQueryCapabilities, `{"keyword":"order status"}`)
		},
		func(t *testing.T, req map[string]any) string {
			tm := toolMessages(req)
			if len(tm) != 1 || !strings.HasPrefix(tm[0], "call_1: ") || !strings.Contains(tm[0], `get_order`) {
				t.Errorf("tool messages: %q", tm)
			}
			// Arguments the schema refuses (the parameters are not an
			// object): Genkit's own check would end Generate here.
			return completion("", "call_2", toolkit.ToolCallCapability, `{"name":"get_order","parameters":"A-1001"}`)
		},
		func(t *testing.T, req map[string]any) string {
			tm := toolMessages(req)
			if len(tm) != 2 || !strings.HasPrefix(tm[1], "call_2: ") || !strings.Contains(tm[1], "must be a JSON object") {
				t.Errorf("tool messages: %q", tm)
			}
			return completion("", "call_3", toolkit.ToolCallCapability, `{"name":"get_order","parameters":{"order_id":"A-1001"}}`)
		},
		func(t *testing.T, req map[string]any) string {
			tm := toolMessages(req)
			// Genkit's OpenAI plugin sends a tool's output as JSON: the
			// text as a JSON string.
			if want := `call_3: "Order A-1001 is shipped (129.90 EUR)."`; len(tm) != 3 || tm[2] != want {
				t.Errorf("tool messages: %q, want the last %q", tm, want)
			}
			return completion("Your order A-1001 has shipped.", "", "", "")
		},
	})
	ctx := context.Background()
	g := genkit.Init(ctx, genkit.WithPlugins(&oai.OpenAI{APIKey: "test-key", Opts: []option.RequestOption{option.WithBaseURL(srv.URL + "/v1/"), option.WithMaxRetries(0)}}))
	var mu sync.Mutex
	var results []string
	ctx = WithCallOptions(ctx, toolkit.WithValue("tenant", "acme"))
	ctx = WithResults(ctx, func(name string, _ json.RawMessage, res toolkit.Result) {
		mu.Lock()
		results = append(results, fmt.Sprintf("%s error=%v stop=%v", name, res.IsError, Stop(res)))
		mu.Unlock()
	})
	resp, err := genkit.Generate(ctx, g,
		ai.WithModelName("openai/gpt-4o"),
		ai.WithPrompt("Where is my order A-1001?"),
		ai.WithTools(New(reg).Tools()...),
	)
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text() != "Your order A-1001 has shipped." {
		t.Errorf("answer %q", resp.Text())
	}
	if got := shop.Tenants(); strings.Join(got, ",") != "acme" {
		t.Errorf("the shop saw tenants %q, want acme", got)
	}
	want := []string{"query_capabilities error=false stop=false", "call_capability error=true stop=false", "call_capability error=false stop=false"}
	if diff := cmp.Diff(want, results); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
}

func sorted(s []string) []string {
	out := append([]string(nil), s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// scripted is a Genkit model defined in the test: each turn checks the
// request and answers with the next scripted message.
type scriptStep struct {
	check  func(t *testing.T, req *ai.ModelRequest)
	answer *ai.Message
}

func defineScripted(t *testing.T, g *genkit.Genkit, steps *[]scriptStep) ai.Model {
	var mu sync.Mutex
	t.Cleanup(func() {
		if len(*steps) != 0 {
			t.Errorf("%d model turns left unplayed", len(*steps))
		}
	})
	return genkit.DefineModel(g, "test/scripted", &ai.ModelOptions{Supports: &ai.ModelSupports{Tools: true, Multiturn: true, Media: true}},
		func(_ context.Context, req *ai.ModelRequest, _ ai.ModelStreamCallback) (*ai.ModelResponse, error) {
			mu.Lock()
			defer mu.Unlock()
			if len(*steps) == 0 {
				return nil, fmt.Errorf("the model was called once too often")
			}
			s := (*steps)[0]
			*steps = (*steps)[1:]
			if s.check != nil {
				s.check(t, req)
			}
			return &ai.ModelResponse{Request: req, Message: s.answer, FinishReason: ai.FinishReasonStop}, nil
		})
}

func callTool(ref, name, args string) *ai.Message {
	var input map[string]any
	if err := json.Unmarshal([]byte(args), &input); err != nil {
		panic(err)
	}
	return ai.NewModelMessage(ai.NewToolRequestPart(&ai.ToolRequest{Ref: ref, Name: name, Input: input}))
}

// lastToolResponses are the tool responses of the request's last message.
func lastToolResponses(req *ai.ModelRequest) []*ai.ToolResponse {
	var out []*ai.ToolResponse
	if len(req.Messages) == 0 {
		return nil
	}
	for _, p := range req.Messages[len(req.Messages)-1].Content {
		if p.IsToolResponse() {
			out = append(out, p.ToolResponse)
		}
	}
	return out
}

// TestCapabilityToolsInterrupt: one Genkit tool per capability, with a
// model defined in the test: the tools' definitions carry the
// capabilities' schemas ('.' sent as '_'); missing arguments come back to
// the model as the Registry's error; an image comes as a media part with a
// data URL; a manual hand-off interrupts Generate, InterruptOf reads it,
// and Respond resumes the conversation with the user's decision.
func TestCapabilityToolsInterrupt(t *testing.T) {
	reg, _ := newRegistry(t)
	ctx := context.Background()
	g := genkit.Init(ctx)
	var notices []string
	tools := New(reg).CapabilityTools(toolkit.WithNotify(func(n toolkit.Notice) { notices = append(notices, n.Text) }))
	steps := []scriptStep{
		{check: func(t *testing.T, req *ai.ModelRequest) {
			got := map[string]string{}
			for _, td := range req.Tools {
				b, _ := json.Marshal(td.InputSchema)
				got[td.Name] = string(b)
			}
			want := map[string]string{
				"get_order":      `{"additionalProperties":false,"properties":{"order_id":{"description":"the order id, like A-1001","type":"string"}},"required":["order_id"],"type":"object"}`,
				"shipping_label": `{"additionalProperties":false,"properties":{"order_id":{"description":"","type":"string"}},"required":["order_id"],"type":"object"}`,
				"cancel_order":   `{"additionalProperties":false,"properties":{"order_id":{"description":"","type":"string"}},"required":["order_id"],"type":"object"}`,
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("tool schemas (-want +got):\n%s", diff)
			}
		}, answer: callTool("r1", "get_order", `{}`)},
		{check: func(t *testing.T, req *ai.ModelRequest) {
			tr := lastToolResponses(req)
			if len(tr) != 1 || tr[0].Ref != "r1" || !strings.Contains(fmt.Sprint(tr[0].Output), `parameter "order_id" is required`) {
				t.Errorf("tool responses: %+v", tr)
			}
		}, answer: callTool("r2", "shipping_label", `{"order_id":"A-1001"}`)},
		{check: func(t *testing.T, req *ai.ModelRequest) {
			tr := lastToolResponses(req)
			if len(tr) != 1 || tr[0].Output != "the label of A-1001 (an image)" || len(tr[0].Content) != 1 {
				t.Fatalf("tool responses: %+v", tr)
			}
			if p := tr[0].Content[0]; !p.IsMedia() || p.ContentType != "image/png" || p.Text != "data:image/png;base64,iVBORw0KGgoAAAANSUhEUg==" {
				t.Errorf("media part %+v", p)
			}
		}, answer: callTool("r3", "cancel_order", `{"order_id":"A-1001"}`)},
	}
	model := defineScripted(t, g, &steps)
	resp, err := genkit.Generate(ctx, g, ai.WithModel(model), ai.WithPrompt("Cancel A-1001."), ai.WithTools(tools...))
	if err != nil {
		t.Fatal(err)
	}
	if resp.FinishReason != ai.FinishReasonInterrupted || len(resp.Interrupts()) != 1 {
		t.Fatalf("finish %q, interrupts %v", resp.FinishReason, resp.Interrupts())
	}
	part := resp.Interrupts()[0]
	in, ok := InterruptOf(part)
	want := Interrupt{Tool: "cancel_order", Text: "waiting for the user", Manual: true, ManualArguments: json.RawMessage(`{"order_id":"A-1001"}`)}
	if diff := cmp.Diff(want, in); !ok || diff != "" {
		t.Errorf("InterruptOf (ok %v) (-want +got):\n%s", ok, diff)
	}
	if _, ok := InterruptOf(ai.NewTextPart("x")); ok {
		t.Error("InterruptOf a text part")
	}
	if strings.Join(notices, ",") != "Cancelling..." {
		t.Errorf("notices %q", notices)
	}

	// The user confirmed in the front end: the host answers the
	// interrupted request and the model goes on.
	steps = append(steps, scriptStep{check: func(t *testing.T, req *ai.ModelRequest) {
		tr := lastToolResponses(req)
		if len(tr) != 1 || tr[0].Ref != "r3" || tr[0].Output != "the user cancelled A-1001" {
			t.Errorf("tool responses: %+v", tr)
		}
	}, answer: ai.NewModelTextMessage("A-1001 is cancelled.")})
	resp, err = genkit.Generate(ctx, g, ai.WithModel(model), ai.WithMessages(resp.History()...), ai.WithTools(tools...),
		ai.WithToolResponses(Respond(part, "the user cancelled A-1001")))
	if err != nil {
		t.Fatal(err)
	}
	if resp.Text() != "A-1001 is cancelled." {
		t.Errorf("answer %q", resp.Text())
	}
}

// TestHostileInput: input that is not an object, or a megabyte of digits,
// is an output for the model (the Registry's error), never an error that
// would end Generate; the shop is not called.
func TestHostileInput(t *testing.T) {
	reg, shop := newRegistry(t)
	var get *Tool
	for _, tl := range New(reg).CapabilityTools() {
		if tl.Name() == "get_order" {
			get = tl.(*Tool)
		}
	}
	for _, input := range []any{nil, "A-1001", []any{1}, map[string]any{"order_id": json.Number(strings.Repeat("9", 1<<20))},
		map[string]any{"order_id": strings.Repeat("../", 1<<18)}, map[string]any{"order_id": map[string]any{}}} {
		var got toolkit.Result
		ctx := WithResults(context.Background(), func(_ string, _ json.RawMessage, res toolkit.Result) { got = res })
		out, err := get.RunRaw(ctx, input)
		text, _ := out.(string)
		if err != nil || !got.IsError || text != got.Text || len(text) > 4096 {
			t.Errorf("%.40q: %.200q, %.200v (IsError %v)", fmt.Sprint(input), text, err, got.IsError)
		}
	}
	if n := len(shop.Tenants()); n != 0 {
		t.Errorf("the shop was called %d times", n)
	}
}
