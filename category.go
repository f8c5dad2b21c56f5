package toolkit

import (
	"fmt"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/goccy/go-yaml"
	"github.com/goccy/go-yaml/ast"

	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// CategoryFile is the file of a folder of tool files that describes the
// folder's category (LoadDir, LoadFS): `description: text`, whose first
// sentence the overview of query_capabilities shows beside the
// category. The folder's name is the category of its tool files that set
// none.
const CategoryFile = "_category.yaml"

// Bounds on a tool file's tags.
const (
	maxTags     = 32
	maxTagBytes = 64
)

// isCategory reports a category a tool file or a folder may name: a name
// (letters, digits, _ . -) of at most maxCategoryBytes.
func isCategory(s string) bool { return len(s) <= maxCategoryBytes && isName(s) }

// category reads a tool file's `category`.
func (c *compiler) category(n ast.Node) {
	s, ok := c.str(n, "category")
	if !ok {
		return
	}
	if !isCategory(s) {
		c.errorf(n, "category", "%s is not a valid category (1 to %d letters, digits, _ . -; starting with a letter or _)", textcut.Quote(s), maxCategoryBytes)
		return
	}
	c.w.Category = s
}

// tags reads a tool file's `tags`: words query_capabilities' keyword
// matches, as it matches the description.
func (c *compiler) tags(n ast.Node) {
	items, ok := c.seq(n, "tags")
	if !ok {
		return
	}
	if len(items) > maxTags {
		c.errorf(n, "tags", "has %d tags; at most %d are allowed", len(items), maxTags)
		return
	}
	for i, item := range items {
		path := indexPath("tags", i)
		s, ok := c.str(item, path)
		switch {
		case !ok:
		case strings.TrimSpace(s) == "":
			c.errorf(item, path, "must not be empty")
		case c.short(item, path, s, maxTagBytes):
			c.w.Tags = append(c.w.Tags, strings.TrimSpace(s))
		}
	}
}

// folderCategory is the category a tool file at name (a slash path under
// root) takes when it sets none: the name of its folder, when that is
// below root and a valid category; else "".
func folderCategory(root, name string) string {
	dir := path.Dir(name)
	if dir == path.Clean(root) || dir == "." {
		return ""
	}
	if base := path.Base(dir); isCategory(base) {
		return base
	}
	return ""
}

// maxCategoryFileBytes bounds a CategoryFile.
const maxCategoryFileBytes = 16 << 10

// readCategoryFile reads the description of a folder's CategoryFile.
func readCategoryFile(fsys fs.FS, name, display string) (string, *Diagnostic) {
	f, err := fsys.Open(name)
	if err != nil {
		return "", &Diagnostic{Severity: SeverityWarning, File: display, Msg: err.Error()}
	}
	defer f.Close()
	// Read as a tool file is, never past the bound (a symlink to a
	// device or a pipe has no end).
	src, diags, err := readTool(f, display, maxCategoryFileBytes)
	if err != nil {
		return "", &Diagnostic{Severity: SeverityWarning, File: display, Msg: err.Error()}
	}
	if diags != nil {
		return "", &Diagnostic{Severity: SeverityWarning, File: display, Msg: fmt.Sprintf("is over %d bytes, the limit of a category file; ignored", maxCategoryFileBytes)}
	}
	var d struct {
		Description string `yaml:"description"`
	}
	if err := yaml.Unmarshal([]byte(src), &d); err != nil || strings.TrimSpace(d.Description) == "" {
		return "", &Diagnostic{Severity: SeverityWarning, File: display, Line: 1, Col: 1,
			Msg: "a category file holds `description: text` (what the folder's capabilities are for); ignored"}
	}
	return strings.TrimSpace(d.Description), nil
}

// splitCategoryFiles takes the CategoryFiles out of the names of a load.
func splitCategoryFiles(names []string) (tools, cats []string) {
	if !slices.ContainsFunc(names, func(n string) bool { return path.Base(n) == CategoryFile }) {
		return names, nil
	}
	tools = names[:0:0]
	for _, n := range names {
		if path.Base(n) == CategoryFile {
			cats = append(cats, n)
		} else {
			tools = append(tools, n)
		}
	}
	return tools, cats
}
