package toolkit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"

	"github.com/toolkit-sdk/toolkit/internal/argcheck"
	"github.com/toolkit-sdk/toolkit/internal/jsonstr"
)

// registered is a capability as the Registry holds it: a private copy,
// its arguments' schema as the model sees it, compiled for validation.
type registered struct {
	cap    Capability
	schema json.RawMessage // the JSON Schema of the arguments, compact
	w      *Workflow       // the workflow it runs, if it is one

	compile  sync.Once
	check    *argcheck.Schema
	checkErr error
}

// checker returns the compiled schema, compiling it on first use.
func (e *registered) checker() (*argcheck.Schema, error) {
	e.compile.Do(func() { e.check, e.checkErr = argcheck.Compile(json.RawMessage(e.schema)) })
	return e.check, e.checkErr
}

// copy returns the capability with its own slices and maps.
func (e *registered) copy() Capability {
	c := e.cap
	c.Params = slices.Clone(c.Params)
	c.Descriptions = maps.Clone(c.Descriptions)
	c.Env = slices.Clone(c.Env)
	if c.Schema != nil {
		dec := json.NewDecoder(bytes.NewReader(e.schema))
		dec.UseNumber()
		c.Schema = nil
		_ = dec.Decode(&c.Schema) // encoded by prepare
	}
	return c
}

// validName reports a capability or parameter name the YAML loader
// accepts.
func validName(s string) bool { return len(s) <= maxNameBytes && isName(s) }

// prepare checks c as the loader checks a tool file and compiles its
// arguments' schema. With lazy set (a workflow the loader has checked,
// whose schema the Registry wrote), the schema is compiled on the first
// call instead: loading a thousand tool files does not compile a thousand
// schemas up front.
func prepare(c *Capability, lazy bool) (*registered, error) {
	if c == nil {
		return nil, fmt.Errorf("%w: nil capability", ErrInvalidCapability)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: capability %q: %s", ErrInvalidCapability, c.Name, fmt.Sprintf(format, args...))
	}
	switch {
	case c.Name == "":
		return nil, fmt.Errorf("%w: a capability needs a name", ErrInvalidCapability)
	case !validName(c.Name):
		return nil, bad("name: not a valid name (1 to %d letters, digits, _ . -; starting with a letter or _)", maxNameBytes)
	case isEntryTool(c.Name):
		return nil, bad("name: the name of an entry tool")
	case c.Handler == nil:
		return nil, bad("Handler: a capability needs a handler")
	case c.Params != nil && c.Schema != nil:
		return nil, bad("set Params or Schema, not both")
	}
	e := &registered{cap: *c}
	e.cap.Params = slices.Clone(c.Params)
	e.cap.Descriptions = maps.Clone(c.Descriptions)
	e.cap.Env = slices.Clone(c.Env)
	if e.cap.Category == "" {
		e.cap.Category = CategoryGo
	}
	var schema any
	if c.Schema != nil {
		schema = c.Schema
	} else {
		for i, p := range c.Params {
			field := fmt.Sprintf("params[%d] (%q)", i, p.Name)
			switch {
			case !validName(p.Name):
				return nil, bad("%s: not a valid parameter name", field)
			case slices.ContainsFunc(c.Params[:i], func(q Param) bool { return q.Name == p.Name }):
				return nil, bad("%s: duplicate parameter", field)
			case !p.Type.validGo():
				return nil, bad("%s: unknown type %q (string, number, integer, boolean, array or object)", field, p.Type)
			case p.Validate != nil && p.Type != TypeString:
				return nil, bad("%s: a Validate pattern needs a string parameter, not %s", field, p.Type)
			}
		}
		schema = paramsSchema(c.Params)
	}
	text, err := jsonstr.Marshal(schema)
	if err != nil {
		return nil, bad("Schema: not JSON: %v", err)
	}
	e.schema = text
	if lazy {
		return e, nil
	}
	check, err := e.checker()
	if err != nil {
		return nil, bad("Schema: %v", err)
	}
	// Defaults must fit: validating no arguments applies every default.
	var ae *argcheck.Error
	if err := check.Check(map[string]any{}); errors.As(err, &ae) {
		for _, p := range ae.Problems {
			if p.Kind != "required" {
				return nil, bad("default does not fit: %s", p.Msg)
			}
		}
	}
	return e, nil
}
