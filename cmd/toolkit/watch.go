package main

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/toolkit-sdk/toolkit/mcpserver"
)

// watchSettle is how long the files must be quiet after a change before
// they are reloaded (an editor writes a file in several steps).
var watchSettle = 200 * time.Millisecond

// watch reloads the capabilities of paths when a file under them changes
// and swaps the new set into srv at once; a load with an error in any file
// is reported and the last good set goes on serving. It returns when ctx
// ends.
func (c *cli) watch(ctx context.Context, srv *mcpserver.Server, paths []string, reload func() (*loaded, error)) {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		c.errorf("mcp: --watch: %v", err)
		return
	}
	defer w.Close()
	if len(paths) == 0 {
		paths = []string{defaultPath}
	}
	files := map[string]bool{} // files named on the command line
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			c.errorf("mcp: --watch %s: %v", p, err)
			continue
		}
		if !fi.IsDir() {
			files[filepath.Clean(p)] = true
			_ = w.Add(filepath.Dir(p))
			continue
		}
		_ = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err == nil && d.IsDir() {
				if path != p && strings.HasPrefix(d.Name(), ".") {
					return filepath.SkipDir
				}
				if err := w.Add(path); err != nil {
					c.errorf("mcp: --watch %s: %v", path, err)
				}
			}
			return nil
		})
	}
	relevant := func(ev fsnotify.Event) bool {
		name := filepath.Clean(ev.Name)
		if files[name] {
			return true
		}
		if strings.HasPrefix(filepath.Base(name), ".") {
			return false
		}
		if ev.Has(fsnotify.Create) {
			if fi, err := os.Stat(name); err == nil && fi.IsDir() {
				_ = w.Add(name) // a new folder: its files count
				return true
			}
		}
		return slices.Contains(extensions, strings.ToLower(filepath.Ext(name)))
	}
	var settle <-chan time.Time
	for {
		select {
		case <-ctx.Done():
			return
		case err, ok := <-w.Errors:
			if !ok {
				return
			}
			c.errorf("mcp: --watch: %v", err)
		case ev, ok := <-w.Events:
			if !ok {
				return
			}
			if relevant(ev) {
				settle = time.After(watchSettle)
			}
		case <-settle:
			settle = nil
			l, err := reload()
			switch {
			case err != nil:
				c.errorf("mcp: reload: %v; still serving the previous tools", err)
			case len(l.failed) > 0:
				c.errorf("mcp: reload: %d file(s) with errors (above); still serving the previous tools", len(l.failed))
			default:
				srv.Swap(l.reg)
				c.errorf("mcp: reloaded: %d capabilities", len(l.reg.Capabilities()))
			}
		}
	}
}
