// Package schema holds the JSON Schema (draft 2020-12) of the YAML tool-file
// format, for editors and CI. It agrees with the loader: a file the loader
// accepts validates, and a file with an unknown field, a field of the wrong
// type or a missing required field does not. The loader checks more than a
// schema can say (references to steps and variables, regexes, jump targets),
// so a valid file may still fail to load.
//
// Editors that use yaml-language-server (VS Code's YAML extension, for one)
// complete and explain the fields of a tool file that starts with
//
//	# yaml-language-server: $schema=https://raw.githubusercontent.com/toolkit-sdk/toolkit/main/schema/tool.schema.json
package schema

import _ "embed"

//go:embed tool.schema.json
var tool []byte

// ID is the schema's $id, the URL of tool.schema.json in the repository.
const ID = "https://raw.githubusercontent.com/toolkit-sdk/toolkit/main/schema/tool.schema.json"

// Tool returns the JSON Schema of a tool file, as JSON.
func Tool() []byte { return append([]byte(nil), tool...) }
