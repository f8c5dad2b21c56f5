package search

import (
	"fmt"
	"slices"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// A Count is a category and the number of items it holds, with what
// the category is for ("" when unknown).
type Count struct {
	Name  string
	N     int
	About string
}

// Overview renders the answer to a discovery query without arguments
// within budget bytes, in the form that tells the most: every item by
// category with its description (cut to textcut.Brief), else their names
// by category, else the categories with their counts (and what each is
// for, [count, "about"], where counts says), most items first, as many as
// fit. item(i), for i below n, is item i's category, name and
// description, the items sorted by category; counts is called only for
// the last form.
func Overview(n int, item func(i int) (category, name, description string), counts func() []Count, budget int) []byte {
	if b, ok := grouped(n, item, true, budget); ok {
		return b
	}
	if b, ok := grouped(n, item, false, budget); ok {
		return b
	}
	cats := counts()
	slices.SortStableFunc(cats, func(a, b Count) int { return b.N - a.N })
	head := fmt.Appendf(nil, `{"total":%d,"categories":{`, n)
	tail := func(k int) []byte {
		b := []byte("}")
		if more := len(cats) - k; more > 0 {
			b = fmt.Appendf(b, `,"more_categories":%d`, more)
		}
		return append(b, `,"hint":"too many to list: {\"keyword\": words} finds capabilities ranked by relevance; {\"category\": name} lists a category; {\"cursor\": \"0\"} pages through all"}`...)
	}
	k, body := Fit(budget, len(head), len(cats), func(i int) []byte {
		c := &cats[i]
		if c.About == "" {
			return fmt.Appendf(jsonstr.Append(nil, c.Name), ":%d", c.N)
		}
		b := fmt.Appendf(jsonstr.Append(nil, c.Name), ":[%d,", c.N)
		return append(jsonstr.Append(b, textcut.Brief(c.About)), ']')
	}, tail)
	return append(append(head, body...), tail(k)...)
}

// grouped renders every item by category, with descriptions or names
// only; ok is false when that takes more than budget bytes.
func grouped(n int, item func(i int) (category, name, description string), descriptions bool, budget int) (b []byte, ok bool) {
	b = fmt.Appendf(nil, `{"total":%d,"categories":{`, n)
	prev := ""
	for i := range n {
		category, name, description := item(i)
		first := i == 0 || prev != category
		prev = category
		switch {
		case first && i > 0 && descriptions:
			b = append(b, "},"...)
		case first && i > 0:
			b = append(b, "],"...)
		case !first:
			b = append(b, ',')
		}
		if first {
			b = append(jsonstr.Append(b, category), ':')
			if descriptions {
				b = append(b, '{')
			} else {
				b = append(b, '[')
			}
		}
		b = jsonstr.Append(b, name)
		if descriptions {
			b = jsonstr.Append(append(b, ':'), textcut.Brief(description))
		}
		if len(b) > budget {
			return nil, false
		}
	}
	switch {
	case n == 0:
		b = append(b, `},"hint":"no capabilities are registered"}`...)
	case descriptions:
		b = append(b, "}}}"...)
	default:
		b = append(b, `]},"hint":"names only, to fit: {\"category\": name} lists a category with descriptions; {\"keyword\": words} finds capabilities ranked by relevance"}`...)
	}
	return b, len(b) <= budget
}
