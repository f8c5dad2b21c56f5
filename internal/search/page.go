package search

import (
	"fmt"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// Fit packs a page into budget bytes: the items item(0), item(1), …, up to
// n, joined by commas, between a head of headLen bytes and tail(k), where k
// is the number of items taken (the last page's tail, without a cursor, is
// usually the shortest). It returns k and the joined items. At least one
// item is taken when n > 0, so paging always moves forward; only that
// single item can make the page exceed the budget.
func Fit(budget, headLen, n int, item func(i int) []byte, tail func(k int) []byte) (int, []byte) {
	var body []byte
	for k := 0; k < n; k++ {
		it := item(k)
		size := headLen + len(body) + len(it) + len(tail(k+1))
		if k > 0 {
			size++
		}
		if size > budget && k > 0 {
			// Not with a cursor; perhaps all the rest, with the last tail.
			rest, j := body, k
			for ; j < n && headLen+len(rest)+len(tail(n)) <= budget; j++ {
				rest = append(append(rest, ','), item(j)...)
			}
			if j == n && headLen+len(rest)+len(tail(n)) <= budget {
				return n, rest
			}
			return k, body
		}
		if k > 0 {
			body = append(body, ',')
		}
		body = append(body, it...)
	}
	return n, body
}

// A Listing is a page of a discovery answer: a JSON object whose member
// Key holds "name": "text" members, with a cursor and a hint while more
// remain.
type Listing struct {
	Key       string // the member that holds the items
	N         int    // the items in all
	Start     int    // the first item shown
	Budget    int    // bytes for the whole answer
	MoreHint  string // the hint beside a cursor
	EmptyHint string // the hint when N is 0, if any
	LastHint  string // the hint otherwise, if any
}

// Page writes head (the answer's opening, ending with a comma or a brace),
// the items from l.Start that fit the budget (see Fit) and the closing;
// item(i) is item i's name and text, for i below avail (at most N). It
// returns the answer and how many items it shows.
func (l Listing) Page(head []byte, avail int, item func(i int) (name, text string)) ([]byte, int) {
	start := min(l.Start, l.N)
	head = jsonstr.Append(head, l.Key)
	head = append(head, ":{"...)
	tail := func(k int) []byte {
		b := []byte("}")
		switch more := l.N - start - k; {
		case more > 0:
			b = fmt.Appendf(b, `,"more":%d,"cursor":"%d","hint":`, more, start+k)
			b = jsonstr.Append(b, l.MoreHint)
		case l.N == 0 && l.EmptyHint != "":
			b = jsonstr.Append(append(b, `,"hint":`...), l.EmptyHint)
		case l.LastHint != "":
			b = jsonstr.Append(append(b, `,"hint":`...), l.LastHint)
		}
		return append(b, '}')
	}
	k, body := Fit(l.Budget, len(head), min(l.N, avail)-start, func(i int) []byte {
		name, text := item(start + i)
		return jsonstr.Append(append(jsonstr.Append(nil, name), ':'), text)
	}, tail)
	return append(append(head, body...), tail(k)...), k
}
