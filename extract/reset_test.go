package extract

import "testing"

func TestDocReset(t *testing.T) {
	e := MustCompile("a")
	d := NewDoc([]byte(`{"a": 1}`), &Options{MaxYAMLDepth: 7})
	if v, err := e.Eval(d); err != nil || v.Text != "1" {
		t.Fatalf("Eval = %v, %v", v, err)
	}
	d.Reset([]byte(`{"a": "two"}`))
	if v, err := e.Eval(d); err != nil || v.Text != "two" {
		t.Fatalf("after Reset: Eval = %v, %v", v, err)
	}
	d.Reset([]byte(`not json: [`))
	if _, err := e.Eval(d); err == nil {
		t.Fatal("after Reset to a body without a: no error")
	}
	if d.opts.MaxYAMLDepth != 7 {
		t.Errorf("options lost: %+v", d.opts)
	}
}
