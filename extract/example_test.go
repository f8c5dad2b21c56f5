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
