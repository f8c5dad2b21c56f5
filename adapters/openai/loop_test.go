package toolkitopenai

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

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/responses"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/adapters/adaptertest"
)

// ordersYAML is a capability calling the shop API.
const ordersYAML = `name: get_order
desc: Look up an order by its id, with its status and amount.
params:
  - name: order_id
    type: string
    required: true
    description: the order id, like A-1001
  - name: currency
    type: string
    required: false
    default: EUR
    description: the currency of the amount
env: [SHOP_URL]
steps:
  - url: ${env:SHOP_URL}/orders/${param:order_id}
    var:
      - {name: status, extract: status}
      - {name: amount, extract: amount}
    result: "Order ${param:order_id} is ${step0:status} (${step0:amount} ${param:currency})."
`

// newRegistry returns a Registry holding get_order (over a loopback shop),
// capabilities of other categories, and one that stops generation.
func newRegistry(t *testing.T, flat bool) *toolkit.Registry {
	return adaptertest.Registry(t, adaptertest.NewShop(t), flat, ordersYAML,
		adaptertest.Capability("create_invoice", "billing", "Create an invoice for a customer.", "customer", adaptertest.Noop),
		adaptertest.Capability("refund.payment", "billing", "Refund a customer's payment.", "payment_id", adaptertest.Noop),
		&toolkit.Capability{Name: "list_tickets", Category: "support", Description: "List the open support tickets.", Params: []toolkit.Param{}, Handler: adaptertest.Noop},
		adaptertest.Capability("cancel_order", "shop", "Cancel an order; the user confirms it in the front end.", "order_id",
			func(_ context.Context, c *toolkit.Call) (toolkit.Result, error) {
				c.Notify("Cancelling...")
				return toolkit.Result{Text: "waiting for the user", Signals: toolkit.Signals{StopGeneration: true, NeedsConfirmation: true, ToolChoice: json.RawMessage(`{"type":"function","function":{"name":"get_order"}}`)}}, nil
			}),
	)
}

// step is one exchange with the model API: a check of the request body
// and the recorded-shape answer.
type step struct {
	check  func(t *testing.T, body map[string]any, raw string)
	answer string
}

// modelServer serves steps in order at path, as the provider would.
func modelServer(t *testing.T, path string, steps []step) *httptest.Server {
	t.Helper()
	var mu sync.Mutex
	n := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if r.URL.Path != path || r.Method != http.MethodPost {
			t.Errorf("request %s %s, want POST %s", r.Method, r.URL.Path, path)
			http.NotFound(w, r)
			return
		}
		if n >= len(steps) {
			t.Errorf("request %d: the script has %d steps", n+1, len(steps))
			http.Error(w, `{"error":{"message":"no more steps"}}`, http.StatusBadRequest)
			return
		}
		raw, _ := io.ReadAll(r.Body)
		var body map[string]any
		if err := json.Unmarshal(raw, &body); err != nil {
			t.Errorf("request %d: %v", n+1, err)
		}
		steps[n].check(t, body, string(raw))
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, steps[n].answer)
		n++
	}))
	t.Cleanup(func() {
		srv.Close()
		if n != len(steps) {
			t.Errorf("the model was asked %d times, want %d", n, len(steps))
		}
	})
	return srv
}

func client(srv *httptest.Server) openai.Client {
	return openai.NewClient(option.WithBaseURL(srv.URL+"/v1/"), option.WithAPIKey("sk-test"), option.WithMaxRetries(0))
}

// find returns the elements of list (JSON objects) whose key is value.
func find(list any, key, value string) []map[string]any {
	var out []map[string]any
	l, _ := list.([]any)
	for _, x := range l {
		if m, ok := x.(map[string]any); ok && m[key] == value {
			out = append(out, m)
		}
	}
	return out
}

// TestResponsesToolSearchLoop: the whole loop over the Responses API with
// client-executed tool search. The model searches, the Registry's ranked
// search loads get_order in its namespace, the model calls it, gets the
// shop's answer and answers the user.
func TestResponsesToolSearchLoop(t *testing.T) {
	reg := newRegistry(t, false)
	a := New(reg, &Options{Strict: true, Namespaces: map[string]string{"http": "The shop's HTTP API: orders."}})
	srv := modelServer(t, "/v1/responses", []step{
		{check: func(t *testing.T, body map[string]any, raw string) {
			search := find(body["tools"], "type", "tool_search")
			if len(search) != 1 || search[0]["execution"] != "client" || search[0]["parameters"] == nil {
				t.Errorf("tool_search tool: %v", search)
			}
			ns := find(body["tools"], "type", "namespace")
			if len(ns) != 4 { // billing, http, shop, support
				t.Fatalf("namespaces: %v", ns)
			}
			http := find(body["tools"], "name", "http")
			if len(http) != 1 || http[0]["description"] != "The shop's HTTP API: orders." {
				t.Errorf("namespace http: %v", http)
			}
			fn := find(http[0]["tools"], "name", "get_order")
			if len(fn) != 1 || fn[0]["defer_loading"] != true || fn[0]["strict"] != true {
				t.Errorf("get_order in namespace http: %v", fn)
			}
			billing := find(body["tools"], "name", "billing")
			if len(find(billing[0]["tools"], "name", "refund_payment")) != 1 {
				t.Errorf("refund.payment is not sent as refund_payment: %v", billing)
			}
		}, answer: `{"id":"resp_1","object":"response","created_at":1760000000,"model":"gpt-5.4","status":"completed",
			"output":[{"type":"tool_search_call","id":"tsc_1","call_id":"call_search_1","execution":"client","status":"completed","arguments":{"query":"order status"}}],
			"parallel_tool_calls":true,"tool_choice":"auto","tools":[],"usage":{"input_tokens":120,"output_tokens":12,"total_tokens":132,"input_tokens_details":{"cached_tokens":0},"output_tokens_details":{"reasoning_tokens":0}}}`},
		{check: func(t *testing.T, body map[string]any, raw string) {
			if body["previous_response_id"] != "resp_1" {
				t.Errorf("previous_response_id = %v", body["previous_response_id"])
			}
			out := find(body["input"], "type", "tool_search_output")
			if len(out) != 1 || out[0]["call_id"] != "call_search_1" || out[0]["execution"] != "client" {
				t.Fatalf("tool_search_output: %v", out)
			}
			ns := find(out[0]["tools"], "name", "http")
			if len(ns) != 1 {
				t.Fatalf("loaded namespaces: %v", out[0]["tools"])
			}
			fn := find(ns[0]["tools"], "name", "get_order")
			if len(fn) != 1 || fn[0]["defer_loading"] != nil || fn[0]["parameters"] == nil {
				t.Errorf("loaded get_order: %v", fn)
			}
		}, answer: `{"id":"resp_2","object":"response","created_at":1760000001,"model":"gpt-5.4","status":"completed",
			"output":[{"type":"function_call","id":"fc_1","call_id":"call_fn_1","namespace":"http","name":"get_order","arguments":"{\"order_id\":\"A-1001\",\"currency\":null}","status":"completed"}],
			"parallel_tool_calls":true,"tool_choice":"auto","tools":[]}`},
		{check: func(t *testing.T, body map[string]any, raw string) {
			out := find(body["input"], "type", "function_call_output")
			if len(out) != 1 || out[0]["call_id"] != "call_fn_1" || out[0]["output"] != "Order A-1001 is shipped (129.90 EUR)." {
				t.Errorf("function_call_output: %v", out)
			}
		}, answer: `{"id":"resp_3","object":"response","created_at":1760000002,"model":"gpt-5.4","status":"completed",
			"output":[{"type":"message","id":"msg_1","role":"assistant","status":"completed","content":[{"type":"output_text","text":"Your order A-1001 has shipped.","annotations":[]}]}],
			"parallel_tool_calls":true,"tool_choice":"auto","tools":[]}`},
	})
	c := client(srv)
	ctx := context.Background()
	params := responses.ResponseNewParams{
		Model: "gpt-5.4",
		Input: responses.ResponseNewParamsInputUnion{OfString: openai.String("Where is my order A-1001?")},
		Tools: a.DeferredTools(),
	}
	var calls []string
	for range 5 {
		resp, err := c.Responses.New(ctx, params)
		if err != nil {
			t.Fatal(err)
		}
		turn := a.RunResponse(ctx, resp)
		if len(turn.Items) == 0 {
			if got := resp.OutputText(); got != "Your order A-1001 has shipped." {
				t.Errorf("answer %q", got)
			}
			break
		}
		for _, call := range turn.Calls {
			calls = append(calls, call.Name+" "+call.Result.Text)
		}
		params.PreviousResponseID = openai.String(resp.ID)
		params.Input = responses.ResponseNewParamsInputUnion{OfInputItemList: turn.Items}
	}
	want := []string{`tool_search {"loaded":["http.get_order","shop.cancel_order"]}`, "get_order Order A-1001 is shipped (129.90 EUR)."}
	if strings.Join(calls, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant:\n%s", strings.Join(calls, "\n"), strings.Join(want, "\n"))
	}
}

// TestChatEntryToolsLoop: the whole loop over Chat Completions with the
// three entry tools: the model searches with query_capabilities, calls
// get_order through call_capability and answers.
func TestChatEntryToolsLoop(t *testing.T) {
	reg := newRegistry(t, false)
	a := New(reg, nil)
	srv := modelServer(t, "/v1/chat/completions", []step{
		{check: func(t *testing.T, body map[string]any, raw string) {
			var names []string
			for _, tool := range body["tools"].([]any) {
				fn := tool.(map[string]any)["function"].(map[string]any)
				names = append(names, fn["name"].(string))
				if _, ok := fn["strict"]; ok {
					t.Errorf("%s: strict sent without Options.Strict", fn["name"])
				}
			}
			if strings.Join(names, " ") != "query_capabilities query_capability_detail call_capability" {
				t.Errorf("tools %v", names)
			}
		}, answer: chatToolCall("call_1", toolkit.ToolQueryCapabilities, `{"keyword":"order status"}`)},
		{check: func(t *testing.T, body map[string]any, raw string) {
			tool := find(body["messages"], "role", "tool")
			if len(tool) != 1 || tool[0]["tool_call_id"] != "call_1" || !strings.Contains(tool[0]["content"].(string), `"get_order"`) {
				t.Errorf("tool message: %v", tool)
			}
		}, answer: chatToolCall("call_2", toolkit.ToolCallCapability, `{"name":"get_order","parameters":{"order_id":"A-1001"}}`)},
		{check: func(t *testing.T, body map[string]any, raw string) {
			tool := find(body["messages"], "role", "tool")
			if len(tool) != 2 || tool[1]["content"] != "Order A-1001 is shipped (129.90 EUR)." {
				t.Errorf("tool messages: %v", tool)
			}
		}, answer: chatAnswer("Your order A-1001 has shipped.")},
	})
	answer := runChat(t, a, client(srv), a.ChatTools())
	if answer != "Your order A-1001 has shipped." {
		t.Errorf("answer %q", answer)
	}
}

// TestChatStrictFlatLoop: flat tools in strict mode. The model sends null
// for the optional currency, as strict mode makes it; the call drops it,
// so the default applies. A tool the model calls by a wrong name gets an
// error for it to read, and the turn answers every call.
func TestChatStrictFlatLoop(t *testing.T) {
	reg := newRegistry(t, true)
	a := New(reg, &Options{Strict: true})
	srv := modelServer(t, "/v1/chat/completions", []step{
		{check: func(t *testing.T, body map[string]any, raw string) {
			for _, tool := range body["tools"].([]any) {
				fn := tool.(map[string]any)["function"].(map[string]any)
				if fn["strict"] != true {
					t.Errorf("%s: not strict", fn["name"])
				}
				if fn["name"] == "get_order" {
					cur := fn["parameters"].(map[string]any)["properties"].(map[string]any)["currency"].(map[string]any)
					if fmt.Sprint(cur["type"]) != "[string null]" || cur["description"] != `the currency of the amount (default: "EUR")` {
						t.Errorf("currency: %v", cur)
					}
				}
			}
		}, answer: `{"id":"chatcmpl-1","object":"chat.completion","created":1760000000,"model":"gpt-4.1","choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,"refusal":null,"tool_calls":[
			{"id":"call_1","type":"function","function":{"name":"get_order","arguments":"{\"order_id\":\"A-1001\",\"currency\":null}"}},
			{"id":"call_2","type":"function","function":{"name":"get_ordr","arguments":"{}"}}]}}]}`},
		{check: func(t *testing.T, body map[string]any, raw string) {
			tool := find(body["messages"], "role", "tool")
			if len(tool) != 2 || tool[0]["content"] != "Order A-1001 is shipped (129.90 EUR)." || !strings.Contains(tool[1]["content"].(string), `unknown tool "get_ordr"`) {
				t.Errorf("tool messages: %v", tool)
			}
		}, answer: chatAnswer("Shipped.")},
	})
	if answer := runChat(t, a, client(srv), a.ChatTools()); answer != "Shipped." {
		t.Errorf("answer %q", answer)
	}
}

// TestChatSignals: a call that stops generation, asks for confirmation
// and forces the next tool choice; the turn says so in the SDK's terms,
// and the notice reaches the host's function.
func TestChatSignals(t *testing.T) {
	reg := newRegistry(t, true)
	a := New(reg, nil)
	var msg openai.ChatCompletion
	if err := json.Unmarshal([]byte(chatToolCall("call_9", "cancel_order", `{"order_id":"A-1001"}`)), &msg); err != nil {
		t.Fatal(err)
	}
	var notices []string
	turn := a.RunChat(context.Background(), msg.Choices[0].Message, toolkit.WithNotify(func(n toolkit.Notice) { notices = append(notices, n.Text) }))
	if !turn.Stop() {
		t.Error("Stop() = false for a result that stops generation")
	}
	choice, ok := turn.ToolChoice()
	if !ok || choice.OfFunctionToolChoice == nil || choice.OfFunctionToolChoice.Function.Name != "get_order" {
		t.Errorf("ToolChoice() = %+v, %v", choice, ok)
	}
	if strings.Join(notices, "|") != "Cancelling..." {
		t.Errorf("notices %q", notices)
	}
	if len(turn.Messages) != 1 {
		t.Errorf("messages: %d", len(turn.Messages))
	}
}

func runChat(t *testing.T, a *Adapter, c openai.Client, tools []openai.ChatCompletionToolUnionParam) string {
	t.Helper()
	ctx := context.Background()
	params := openai.ChatCompletionNewParams{
		Model:    "gpt-4.1",
		Messages: []openai.ChatCompletionMessageParamUnion{openai.UserMessage("Where is my order A-1001?")},
		Tools:    tools,
	}
	for range 5 {
		completion, err := c.Chat.Completions.New(ctx, params)
		if err != nil {
			t.Fatal(err)
		}
		msg := completion.Choices[0].Message
		if len(msg.ToolCalls) == 0 {
			return msg.Content
		}
		turn := a.RunChat(ctx, msg)
		params.Messages = append(params.Messages, msg.ToParam())
		params.Messages = append(params.Messages, turn.Messages...)
	}
	t.Fatal("no answer after 5 turns")
	return ""
}

func chatToolCall(id, name, args string) string {
	b, _ := json.Marshal(args)
	return fmt.Sprintf(`{"id":"chatcmpl-%s","object":"chat.completion","created":1760000000,"model":"gpt-4.1","choices":[{"index":0,"finish_reason":"tool_calls","message":{"role":"assistant","content":null,"refusal":null,"tool_calls":[{"id":%q,"type":"function","function":{"name":%q,"arguments":%s}}]}}],"usage":{"prompt_tokens":80,"completion_tokens":10,"total_tokens":90}}`, id, id, name, b)
}

func chatAnswer(text string) string {
	return fmt.Sprintf(`{"id":"chatcmpl-end","object":"chat.completion","created":1760000001,"model":"gpt-4.1","choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":%q,"refusal":null}}]}`, text)
}

// TestHostileCalls: what a hostile model sends comes back as a short error
// for it, never a panic or its own text at length: a huge unknown name,
// tool_search arguments that are not {"query": ...}, a megabyte query,
// strict-mode nulls where a required parameter goes.
func TestHostileCalls(t *testing.T) {
	a := New(newRegistry(t, true), &Options{Strict: true})
	ctx := context.Background()
	huge := strings.Repeat("x_", 1<<19)
	if res := a.call(ctx, huge, `{}`, nil); !res.IsError || len(res.Text) > 200 {
		t.Errorf("unknown huge name: %d bytes, error %v", len(res.Text), res.IsError)
	}
	if res := a.call(ctx, "get_order", `{"order_id":null,"currency":null}`, nil); !res.IsError || !strings.Contains(res.Text, "order_id") {
		t.Errorf("null for a required parameter: %+v", res)
	}
	var resp responses.Response
	body := `{"id":"r","output":[
		{"type":"tool_search_call","call_id":"c1","execution":"client","arguments":"not an object"},
		{"type":"tool_search_call","call_id":"c2","execution":"client","arguments":{"query":"` + strings.Repeat("order ", 200000) + `"}},
		{"type":"tool_search_call","call_id":"c3","execution":"server","arguments":{"query":"order"}}]}`
	if err := json.Unmarshal([]byte(body), &resp); err != nil {
		t.Fatal(err)
	}
	turn := a.RunResponse(ctx, &resp)
	if len(turn.Calls) != 2 || len(turn.Items) != 2 {
		t.Fatalf("%d calls, %d items; want the two client searches answered", len(turn.Calls), len(turn.Items))
	}
	if !turn.Calls[0].Result.IsError || len(turn.Items[0].OfToolSearchOutput.Tools) != 0 {
		t.Errorf("bad arguments: %+v", turn.Calls[0].Result)
	}
	if n := len(turn.Items[1].OfToolSearchOutput.Tools); n == 0 || n > defaultSearchLimit {
		t.Errorf("a megabyte query loaded %d namespaces", n)
	}
}
