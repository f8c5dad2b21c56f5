package extract_test

import (
	"errors"
	"fmt"

	"github.com/toolkit-sdk/toolkit/extract"
)

func Example() {
	body := []byte(`{"data": {"status": "paid", "amount": 1234567.89, "id": 12345678901234567890},
 "books": [{"title": "Go", "year": 2015}, {"title": "YAML"}], "note": null}`)

	// Compile once (at load time), evaluate per response.
	status := extract.MustCompile("data.status")
	amount := extract.MustCompile("data.amount")
	id := extract.MustCompile("data.id")
	titles := extract.MustCompile("books[].title")
	years := extract.MustCompile("books[].year")
	note := extract.MustCompile("note")

	doc := extract.NewDoc(body, nil) // parsed once, on the first path Eval
	for _, e := range []*extract.Expr{status, amount, id, titles, years} {
		v, _ := e.Eval(doc)
		fmt.Printf("%-14s %-7s %s\n", e, v.Kind, v.Text)
	}
	_, err := note.Eval(doc)
	fmt.Println(errors.Is(err, extract.ErrNotFound), err)

	html := extract.NewDoc([]byte("<html><title>Session abc123</title></html>"), nil)
	_, err = status.Eval(html)
	fmt.Println(errors.Is(err, extract.ErrNotStructured))
	v, _ := extract.MustCompile(`/(?i)session ([a-z0-9]+)/`).Eval(html)
	fmt.Println(v.Text)

	yaml := extract.NewDoc([]byte("data:\n  status: shipped\n  items: [a, b]\n"), nil)
	v, _ = extract.MustCompile("data.items").Eval(yaml)
	fmt.Println(v.Text)
	// Output:
	// data.status    string  paid
	// data.amount    number  1234567.89
	// data.id        number  12345678901234567890
	// books[].title  array   ["Go","YAML"]
	// books[].year   array   [2015]
	// true extract "note": at "note": value is null: not found
	// true
	// abc123
	// ["a","b"]
}

func ExampleCompile_error() {
	_, err := extract.Compile("data..status")
	fmt.Println(err)
	_, err = extract.Compile("/no group/")
	fmt.Println(err)
	// Output:
	// extract "data..status": col 6: empty key
	// extract "/no group/": col 1: regular expression has no capture group (the value is group 1)
}

func ExampleCompile_jsonPath() {
	body := []byte(`{"orders": [
  {"id": 12345678901234567890, "total": 1234567.89, "status": "paid"},
  {"id": 2, "total": 9.50, "status": "open", "items": [{"sku": "a"}, {"sku": "b"}]},
  {"id": 3, "total": 20, "status": "open"}]}`)
	doc := extract.NewDoc(body, nil)
	for _, q := range []string{
		"$.orders[?@.status == 'paid'].id", // one node: its value, every digit kept
		"$.orders[?@.status == 'open'].id", // several: a JSON array
		"$..sku",                           // recursive descent
		"$.orders[-1:]",                    // a slice of one element
		"$.orders[?@.total > 1e6].total",   // number text as written
		"$.orders[?@.status == 'lost']",    // none: a failed extraction
	} {
		v, err := extract.MustCompile(q).Eval(doc)
		if err != nil {
			fmt.Println(q, "->", errors.Is(err, extract.ErrNotFound))
			continue
		}
		fmt.Println(q, "->", v.Kind, v.Text)
	}
	_, err := extract.Compile("$.orders[?@.total >]")
	fmt.Println(err)
	// Output:
	// $.orders[?@.status == 'paid'].id -> number 12345678901234567890
	// $.orders[?@.status == 'open'].id -> array [2,3]
	// $..sku -> array ["a","b"]
	// $.orders[-1:] -> object {"id":3,"total":20,"status":"open"}
	// $.orders[?@.total > 1e6].total -> number 1234567.89
	// $.orders[?@.status == 'lost'] -> true
	// extract "$.orders[?@.total >]": col 20: bad JSONPath: '' is not a value or function
}
