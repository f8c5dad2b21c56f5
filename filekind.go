package toolkit

import (
	"bytes"

	"github.com/toolkit-sdk/toolkit/internal/jsontok"
	"github.com/toolkit-sdk/toolkit/internal/topkeys"
)

// FileKind is the format of a file the library loads.
type FileKind uint8

// File kinds, as DetectFile tells them apart.
const (
	FileUnknown FileKind = iota
	// FileTool is a YAML tool file, or one defining a shared pre_request
	// or a shared auth (ParseWorkflow, ParsePreRequest, ParseAuth,
	// Registry.LoadFile).
	FileTool
	// FileYQCloud holds YQCloud function definitions (package yqcloud).
	FileYQCloud
	// FileOpenAPI is an OpenAPI 3 or Swagger 2.0 document, JSON or YAML
	// (package hostapi).
	FileOpenAPI
)

func (k FileKind) String() string {
	switch k {
	case FileTool:
		return "tool"
	case FileYQCloud:
		return "yqcloud"
	case FileOpenAPI:
		return "openapi"
	}
	return "unknown"
}

// DetectFile tells what src holds from its top-level keys, without parsing
// it, so that a file with syntax errors is still recognised and its loader
// can report them: an "openapi" or "swagger" key makes an OpenAPI document;
// a "function" key in a JSON object, or in the objects of a JSON array,
// makes YQCloud definitions; a "steps", "desc", "params", "env", "values", "pre_request" or "auth" key makes a tool file.
// Anything else is FileUnknown.
func DetectFile(src []byte) FileKind {
	src = bytes.TrimPrefix(src, []byte(jsontok.BOM))
	keys := topkeys.YAML
	isJSON := false
	if c := topkeys.FirstSignificant(src); c == '{' || c == '[' {
		keys, isJSON = topkeys.JSON, true
	}
	kind := FileUnknown
	keys(src, func(key string, inArray bool) bool {
		switch {
		case (key == "openapi" || key == "swagger") && !inArray:
			kind = FileOpenAPI
			return false
		case key == "function" && isJSON:
			kind = FileYQCloud
		case toolKey(key) && !inArray && kind == FileUnknown:
			kind = FileTool
		}
		return true
	})
	return kind
}

func toolKey(key string) bool {
	switch key {
	case "steps", "desc", "params", "env", "values", "pre_request", "auth":
		return true
	}
	return false
}
