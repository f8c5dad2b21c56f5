package eventstream_test

import (
	"fmt"
	"io"
	"strings"

	"github.com/toolkit-sdk/toolkit/internal/eventstream"
)

func ExampleReader() {
	stream := ": a comment\r\nevent: delta\r\nid: 1\r\ndata: {\"text\":\"Hel\"}\r\n\r\n" +
		"event: delta\nid: 2\ndata: {\"text\":\"lo\"}\n\n" +
		"data: line one\ndata: line two\n\n" +
		"data: never ended"
	r := eventstream.NewReader(strings.NewReader(stream), eventstream.SSE, 1<<16)
	for {
		ev, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			fmt.Println("error:", err)
			return
		}
		fmt.Printf("%s id=%q %q\n", ev.Type, ev.ID, ev.Data)
	}
	// Output:
	// delta id="1" "{\"text\":\"Hel\"}"
	// delta id="2" "{\"text\":\"lo\"}"
	// message id="2" "line one\nline two"
}
