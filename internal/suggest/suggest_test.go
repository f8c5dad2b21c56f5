package suggest

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDistance(t *testing.T) {
	for _, tt := range []struct {
		a, b string
		want int
	}{
		{"", "", 0}, {"abc", "", 3}, {"metod", "method", 1}, {"kitten", "sitting", 3},
		{strings.Repeat("a", 201), "a", 201},
	} {
		if got := Distance(tt.a, tt.b); got != tt.want {
			t.Errorf("Distance(%q, %q) = %d, want %d", tt.a, tt.b, got, tt.want)
		}
	}
}

func TestClosest(t *testing.T) {
	fields := []string{"url", "method", "headers", "extract"}
	for in, want := range map[string]string{"metod": "method", "EXTRCT": "extract", "colour": "", "": ""} {
		if got := Closest(in, fields); got != want {
			t.Errorf("Closest(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestClose(t *testing.T) {
	names := []string{"get_order", "get_orders", "list_books", "getTicket", "order_status"}
	got := Close("get_ordr", names, 5)
	if diff := cmp.Diff([]string{"get_order", "get_orders"}, got); diff != "" {
		t.Errorf("Close (-want +got):\n%s", diff)
	}
	if got := Close("order", names, 2); len(got) != 2 {
		t.Errorf("limit not applied: %v", got)
	}
	if got := Close("", names, 5); got != nil {
		t.Errorf("empty name: %v", got)
	}
}

func TestDidYouMean(t *testing.T) {
	names := []string{"getTicket", "listTickets", "closeTicket"}
	if got, want := DidYouMean("getTicet", names), `; did you mean "getTicket"?`; got != want {
		t.Errorf("DidYouMean = %q, want %q", got, want)
	}
	if got := DidYouMean("weather", names); got != "" {
		t.Errorf("no close name: %q", got)
	}
	if got, want := QuoteJoin([]string{"a", `b"c`}), `"a", "b\"c"`; got != want {
		t.Errorf("QuoteJoin = %q, want %q", got, want)
	}
}
