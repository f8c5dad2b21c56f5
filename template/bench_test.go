package template

import "testing"

const benchURL = "${env:BASE_URL}/orders/${param:order_id}/items?lang=${param:lang}"

// refKey identifies a reference independent of its position.
type refKey struct {
	src  Source
	step int
	name string
}

// keyVals is a map-backed Values keyed the way a caller would key it.
type keyVals map[refKey]Value

func (m keyVals) Lookup(r Ref) (Value, bool) {
	v, ok := m[refKey{r.Source, r.Step, r.Name}]
	return v, ok
}

func benchValues() keyVals {
	return keyVals{
		{Env, 0, "BASE_URL"}:      s("https://api.example.com/v1"),
		{Param, 0, "order_id"}:    s("A-1029 38"),
		{Param, 0, "lang"}:        s("zh-CN"),
		{Step, 0, "token"}:        s("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.sig"),
		{Env, 0, "CLIENT_ID"}:     s("client-1"),
		{Env, 0, "CLIENT_SECRET"}: s("s3cret"),
		{Param, 0, "city"}:        s("北京"),
		{Step, 1, "amount"}:       raw("1234567.89"),
		{Param, 0, "note"}:        s(`say "hi"`),
	}
}

// fastValues avoids the map and Ref.String cost, to time the template alone.
type fastValues struct{}

func (fastValues) Lookup(r Ref) (Value, bool) {
	switch r.Name {
	case "BASE_URL":
		return Value{Text: "https://api.example.com/v1"}, true
	case "order_id":
		return Value{Text: "A-1029 38"}, true
	case "lang":
		return Value{Text: "zh-CN"}, true
	}
	return Value{}, false
}

func BenchmarkParseURL(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(benchURL, InURL); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExpandURL(b *testing.B) {
	tp := MustParse(benchURL, InURL)
	var v fastValues
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tp.Expand(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExpandURLMapValues(b *testing.B) {
	tp := MustParse(benchURL, InURL)
	v := benchValues()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tp.Expand(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkAppendExpandURL(b *testing.B) {
	tp := MustParse(benchURL, InURL)
	var v fastValues
	buf := make([]byte, 0, 256)
	b.ReportAllocs()
	for b.Loop() {
		var err error
		if buf, err = tp.AppendExpand(buf[:0], v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExpandHeader(b *testing.B) {
	tp := MustParse("Bearer ${step0:token}", InHeader)
	v := benchValues()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tp.Expand(v); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExpandJSON(b *testing.B) {
	tp := MustParse(`{"client_id":"${env:CLIENT_ID}","client_secret":"${env:CLIENT_SECRET}","city":"${param:city}","amount":${step1:amount},"note":"${param:note}"}`, InJSON)
	v := benchValues()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := tp.Expand(v); err != nil {
			b.Fatal(err)
		}
	}
}
