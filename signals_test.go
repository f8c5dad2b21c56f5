package toolkit

import (
	"reflect"
	"testing"
)

// TestSignalsIsZero sets each field of Signals in turn: a field added
// without IsZero knowing it fails here.
func TestSignalsIsZero(t *testing.T) {
	if !(Signals{}).IsZero() {
		t.Error("the zero Signals are not zero")
	}
	typ := reflect.TypeFor[Signals]()
	for i := range typ.NumField() {
		var s Signals
		f := reflect.ValueOf(&s).Elem().Field(i)
		switch f.Kind() {
		case reflect.Bool:
			f.SetBool(true)
		case reflect.String:
			f.SetString("x")
		case reflect.Slice:
			f.SetBytes([]byte(`{}`))
		default:
			t.Fatalf("field %s: kind %v not handled", typ.Field(i).Name, f.Kind())
		}
		if s.IsZero() {
			t.Errorf("Signals with %s set are zero", typ.Field(i).Name)
		}
	}
}
