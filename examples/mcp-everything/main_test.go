//lint:file-ignore SA1019 the fixture tool test_tool_with_logging is checked through the (deprecated, still served) logging feature

package main

import (
	"bytes"
	"context"
	"net/http/httptest"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestFixtures calls the fixture tools, resources, prompts and completion
// over streamable HTTP with go-sdk's client at both protocol revisions.
func TestFixtures(t *testing.T) {
	reg, err := NewRegistry()
	if err != nil {
		t.Fatal(err)
	}
	srv := NewServer(reg)
	defer srv.Close()
	hs := httptest.NewServer(srv.Handler(nil))
	defer hs.Close()
	ctx := context.Background()
	for _, version := range []string{"2025-11-25", "2026-07-28"} {
		var mu sync.Mutex
		var logged []string
		cs, err := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, &mcp.ClientOptions{
			LoggingMessageHandler: func(_ context.Context, r *mcp.LoggingMessageRequest) {
				mu.Lock()
				defer mu.Unlock()
				logged = append(logged, r.Params.Data.(string))
			},
		}).Connect(ctx, &mcp.StreamableClientTransport{Endpoint: hs.URL}, &mcp.ClientSessionOptions{ProtocolVersion: version})
		if err != nil {
			t.Fatal(err)
		}
		callText := func(name string) (string, bool) {
			t.Helper()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
			if err != nil {
				t.Fatalf("%s: %s: %v", version, name, err)
			}
			return res.Content[0].(*mcp.TextContent).Text, res.IsError
		}
		if got, isErr := callText("test_simple_text"); got != "This is a simple text response for testing." || isErr {
			t.Errorf("%s: test_simple_text: %q %v", version, got, isErr)
		}
		if _, isErr := callText("test_error_handling"); !isErr {
			t.Errorf("%s: test_error_handling is not isError", version)
		}
		content := func(name string) []mcp.Content {
			t.Helper()
			res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: map[string]any{}})
			if err != nil || res.IsError {
				t.Fatalf("%s: %s: %v %+v", version, name, err, res)
			}
			return res.Content
		}
		if c := content("test_image_content"); len(c) != 1 || !imageIs(c[0], "image/png", imageData()) {
			t.Errorf("%s: test_image_content: %+v", version, c)
		}
		if c := content("test_audio_content"); len(c) != 1 || c[0].(*mcp.AudioContent).MIMEType != "audio/wav" ||
			!bytes.Equal(c[0].(*mcp.AudioContent).Data, silenceWAV()) {
			t.Errorf("%s: test_audio_content: %+v", version, c)
		}
		if c := content("test_embedded_resource"); len(c) != 1 || !resourceIs(c[0], "test://embedded-resource", "text/plain", "This is an embedded resource content.") {
			t.Errorf("%s: test_embedded_resource: %+v", version, c)
		}
		if c := content("test_multiple_content_types"); len(c) != 3 || c[0].(*mcp.TextContent).Text != "Multiple content types test:" ||
			!imageIs(c[1], "image/png", imageData()) || !resourceIs(c[2], "test://mixed-content-resource", "application/json", `{"test":"data","value":123}`) {
			t.Errorf("%s: test_multiple_content_types: %+v", version, c)
		}
		rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "test://template/42/data"})
		if err != nil || rr.Contents[0].Text != `{"id":"42","templateTest":true,"data":"Data for ID: 42"}` {
			t.Errorf("%s: template resource: %v %+v", version, err, rr)
		}
		pr, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "test_prompt_with_arguments", Arguments: map[string]string{"arg1": "a", "arg2": "b"}})
		if err != nil || pr.Messages[0].Content.(*mcp.TextContent).Text != "Prompt with arguments: arg1='a', arg2='b'" {
			t.Errorf("%s: prompt: %v %+v", version, err, pr)
		}
		if _, err := cs.Complete(ctx, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "test_simple_prompt"},
			Argument: mcp.CompleteParamsArgument{Name: "x", Value: "y"}}); err != nil {
			t.Errorf("%s: completion: %v", version, err)
		}
		if version == "2025-11-25" {
			if err := cs.SetLoggingLevel(ctx, &mcp.SetLoggingLevelParams{Level: "info"}); err != nil {
				t.Fatal(err)
			}
			callText("test_tool_with_logging")
			// The client hands notifications to the handler on goroutines of
			// their own: the last may come after the result.
			var got []string
			for deadline := time.Now().Add(time.Minute); len(got) < 3 && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
				mu.Lock()
				got = slices.Clone(logged)
				mu.Unlock()
			}
			if len(got) != 3 || got[0] != "Tool execution started" {
				t.Errorf("%s: logged %q", version, got)
			}
		}
		cs.Close()
	}
}

func TestListenLoopback(t *testing.T) {
	for _, tc := range []struct {
		addr string
		ok   bool
	}{{":0", true}, {"127.0.0.1:0", true}, {"localhost:0", true}, {"0.0.0.0:0", false}, {"example.com:0", false}} {
		ln, err := listenLoopback(tc.addr)
		if ok := err == nil; ok != tc.ok {
			t.Errorf("listenLoopback(%q): %v", tc.addr, err)
		}
		if ln != nil {
			ln.Close()
		}
	}
}

func imageIs(c mcp.Content, mimeType string, data []byte) bool {
	img, ok := c.(*mcp.ImageContent)
	return ok && img.MIMEType == mimeType && bytes.Equal(img.Data, data)
}

func resourceIs(c mcp.Content, uri, mimeType, text string) bool {
	r, ok := c.(*mcp.EmbeddedResource)
	return ok && r.Resource != nil && r.Resource.URI == uri && r.Resource.MIMEType == mimeType && r.Resource.Text == text
}

// TestSilenceWAV: the audio fixture is a well-formed RIFF/WAVE file whose
// sizes add up.
func TestSilenceWAV(t *testing.T) {
	b := silenceWAV()
	le32 := func(i int) int { return int(b[i]) | int(b[i+1])<<8 | int(b[i+2])<<16 | int(b[i+3])<<24 }
	if string(b[:4]) != "RIFF" || string(b[8:16]) != "WAVEfmt " || string(b[36:40]) != "data" ||
		le32(4) != len(b)-8 || le32(40) != len(b)-44 || le32(24) != 8000 {
		t.Errorf("not a WAV header: % x", b[:44])
	}
}
