package yqcloud

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestLodashMemberCheck(t *testing.T) {
	tests := []struct {
		name, body string
		want       string // "" when the hook loads
	}{
		{"known members", "return _.map(_.filter(data, {a: 1}), 'b').concat(_.round(1.5), _.VERSION, _['pick'], _.templateSettings, _.prototype)", ""},
		{"unknown member", "const x = 1;\nreturn _.roundTo(data, 2)", "script line 2:10: _.roundTo is not a lodash function"},
		{"unknown bracket member", "return _['nope'](data)", "script line 1:10: _.nope is not a lodash function"},
		{"optional chain", "return _?.nope?.(data)", "script line 1:11: _.nope is not a lodash function"},
		{"in a nested function", "return data.map(x => {\n  return _.mapp(x)\n})", "script line 2:12: _.mapp is not a lodash function"},
		{"chain methods are not checked", "return _(data).map('a').value()", ""},
		{"computed member", "const k = 'nope'; return typeof _[k]", ""},
		{"shadowed by an arrow parameter", "return data.map((_, i) => _.foo + i)", ""},
		{"shadowed by a function parameter", "return data.map(function (x, _) { return _.foo })", ""},
		{"shadowed by a destructured parameter", "return data.map(({_}) => _.foo)", ""},
		{"shadowed by a declaration", "var _ = {foo: 1}; return _.foo", ""},
		{"shadowed by a nested declaration", "return data.map(x => { let _ = x; return _.foo })", ""},
		{"shadowed by a function declaration", "function _() {} return _.foo", ""},
		{"shadowed by a catch parameter", "try { return 1 } catch (_) { return _.message }", ""},
		{"outer scope still checked", "data.map((_) => _.foo); return _.nope", "_.nope is not a lodash function"},
		{"destructured", "const {map, roundTo} = _;\nreturn map(data, roundTo)", "script line 1:13: _.roundTo is not a lodash function"},
		{"destructured with a key", "const {map: m, nope: n} = _; return m", "script line 1:16: _.nope is not a lodash function"},
		{"destructured with defaults", "const {roundTo = Math.round, map} = _; return map(data, roundTo)", ""},
		{"syntax errors are compile errors", "return _.nope(", "SyntaxError"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			hook, _ := json.Marshal(tt.body)
			src := `{"name": "a", "description": "d", "parameters": {"type": "object", "properties": {}}, "function": {"type": "call_url", "url": "https://x", "responseParser": ` + string(hook) + `}}`
			_, diags := Parse("f.json", []byte(src), nil)
			got := diags.Error()
			if !diags.HasErrors() {
				got = ""
			}
			if tt.want == "" {
				if got != "" {
					t.Errorf("load error: %s", got)
				}
				return
			}
			if !strings.Contains(got, tt.want) || !strings.Contains(got, "f.json:1:") || !strings.Contains(got, "responseParser") {
				t.Errorf("got %q, want an error naming f.json, responseParser and %q", got, tt.want)
			}
		})
	}
}
