package template_test

import (
	"errors"
	"fmt"

	"github.com/toolkit-sdk/toolkit/template"
)

func Example() {
	values := template.ValuesFunc(func(r template.Ref) (template.Value, bool) {
		switch r.String() {
		case "${env:BASE_URL}":
			return template.Value{Text: "https://api.example.com"}, true
		case "${param:order_id}":
			return template.Value{Text: "../admin?x=1"}, true // hostile
		case "${step0:amount}":
			return template.Value{Text: "12.5", Raw: true}, true
		}
		return template.Value{}, false
	})

	u := template.MustParse("${env:BASE_URL}/orders/${param:order_id}", template.InURL)
	fmt.Println(u.Refs())
	fmt.Println(u.Expand(values))

	body := template.MustParse(`{"id":"${param:order_id}","amount":${step0:amount},"note":${param:note}}`, template.InJSON)
	fmt.Println(body.Expand(values))

	h := template.MustParse("Bearer ${param:order_id}", template.InHeader)
	_, err := h.Expand(template.ValuesFunc(func(template.Ref) (template.Value, bool) {
		return template.Value{Text: "t\r\nX-Admin: 1"}, true
	}))
	fmt.Println(errors.Is(err, template.ErrUnsafeValue), err)
	// Output:
	// [${env:BASE_URL} ${param:order_id}]
	// https://api.example.com/orders/..%2Fadmin%3Fx%3D1 <nil>
	// {"id":"../admin?x=1","amount":12.5,"note":""} <nil>
	// true ${param:order_id}: unsafe value: a header value cannot contain CR, LF or NUL
}

func ExampleParse_error() {
	_, err := template.Parse("${step0:${env:KEY}}", template.InText)
	fmt.Println(err)
	_, err = template.Parse("Bearer ${step:0}", template.InHeader)
	var se *template.SyntaxError
	fmt.Println(errors.As(err, &se), se.Offset)
	// Output:
	// col 9: nested reference: a reference cannot contain another reference
	// true 9
}
