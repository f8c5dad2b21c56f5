package toolkit

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// ModelError is a failure the model should read and can act on ("no order
// A-17; order ids look like A-1234"). A typed handler (AddFunc) returns
// one to make its text the error Result; any other error is for the host.
type ModelError struct{ Msg string }

func (e *ModelError) Error() string { return e.Msg }

// ModelErrorf returns a *ModelError with a formatted message.
func ModelErrorf(format string, args ...any) error {
	return &ModelError{Msg: fmt.Sprintf(format, args...)}
}

// AddFunc registers a capability written as a typed Go function. The
// arguments' JSON Schema is inferred from In, a struct, by
// github.com/google/jsonschema-go: properties are the exported fields under
// their `json` names, a field is required unless its json tag says
// omitempty or omitzero, a `jsonschema:"..."` tag is the field's
// description, and unknown names are refused. Slices, maps, nested structs
// and pointers are allowed. The arguments are validated against the schema
// (as every capability's are) and decoded into In before fn runs; Out is
// the Result text as compact JSON.
//
// fn's error: a *ModelError (ModelErrorf) becomes an error Result with its
// text; any other error is for the host (logged with the call's secrets
// redacted; the model reads only that the capability failed).
//
// c supplies Name, Description, Category, Descriptions and Env; setting
// Params, Schema or Handler in it is an error (ErrInvalidCapability).
func AddFunc[In, Out any](r *Registry, c Capability, fn func(ctx context.Context, call *Call, in In) (Out, error)) error {
	if c.Params != nil || c.Schema != nil || c.Handler != nil {
		return fmt.Errorf("%w: capability %q: AddFunc infers the schema from In and runs fn: leave Params, Schema and Handler unset", ErrInvalidCapability, c.Name)
	}
	if fn == nil {
		return fmt.Errorf("%w: capability %q: nil function", ErrInvalidCapability, c.Name)
	}
	s, err := jsonschema.For[In](nil)
	if err != nil {
		return fmt.Errorf("%w: capability %q: no JSON Schema for its input type: %v", ErrInvalidCapability, c.Name, err)
	}
	if s.Type != "object" {
		return fmt.Errorf("%w: capability %q: the input type must be a struct (a JSON object), not %s", ErrInvalidCapability, c.Name, s.Type)
	}
	text, err := json.Marshal(s)
	if err != nil {
		return fmt.Errorf("%w: capability %q: %v", ErrInvalidCapability, c.Name, err)
	}
	// {"not": {}} is how the library writes false; the model reads false.
	text = bytes.ReplaceAll(text, []byte(`"additionalProperties":{"not":{}}`), []byte(`"additionalProperties":false`))
	// Object-valued members stay JSON text, so properties keep the
	// struct's field order in what the model reads and in messages.
	var members map[string]json.RawMessage
	if err := json.Unmarshal(text, &members); err != nil {
		return fmt.Errorf("%w: capability %q: %v", ErrInvalidCapability, c.Name, err)
	}
	schema := make(map[string]any, len(members))
	for k, v := range members {
		if len(v) > 0 && v[0] == '{' {
			schema[k] = v
			continue
		}
		var x any
		if err := json.Unmarshal(v, &x); err != nil {
			return fmt.Errorf("%w: capability %q: %v", ErrInvalidCapability, c.Name, err)
		}
		schema[k] = x
	}
	c.Schema = schema
	c.Handler = func(ctx context.Context, call *Call) (Result, error) {
		var in In
		b, err := jsonstr.Marshal(call.Args)
		if err == nil {
			err = json.Unmarshal(b, &in)
		}
		if err != nil { // validated, so only a value the schema cannot express (an int overflow)
			return ErrorResult(fmt.Sprintf("capability %q: the arguments do not fit: %s", call.Name, jsonErrorText(err))), nil
		}
		out, err := fn(ctx, call, in)
		if err != nil {
			if me, ok := errors.AsType[*ModelError](err); ok {
				return ErrorResult(me.Error()), nil
			}
			return Result{}, err
		}
		return JSONResult(out)
	}
	return r.Add(&c)
}
