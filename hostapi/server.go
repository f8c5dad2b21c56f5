package hostapi

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"

	"github.com/toolkit-sdk/toolkit"
)

// A document's base path is the path of its server's URL (OpenAPI 3) or
// its basePath (Swagger 2.0): every endpoint's path is appended to it.
// Endpoint.BasePath holds it, apart from Path, so that a BaseURL with a
// path of its own can replace it (see Options.BaseURL) and the group of an
// untagged endpoint is read after it.

// rootBase is the base path of the document's endpoints, from the server
// LoadOptions.Server chooses (default the first) or Swagger 2.0's
// basePath. Problems are reported as diagnostics; what cannot be read
// gives no base path.
func (l *docLoader) rootBase() string {
	d := l.d
	rootMember := func(key string) (member, bool) {
		i := slices.IndexFunc(d.root, func(m member) bool { return m.key == key })
		if i < 0 {
			return member{}, false
		}
		return d.root[i], true
	}
	if d.swagger {
		if l.opts.Server != "" {
			return l.namedBase(nil, nil)
		}
		m, ok := rootMember("basePath")
		if !ok {
			return ""
		}
		var bp string
		if json.Unmarshal(d.value(m.val), &bp) != nil {
			l.add(toolkit.SeverityWarning, m.keyPos, "/basePath", "basePath must be a string: the paths are sent as written")
			return ""
		}
		base, err := basePath(bp)
		if err != nil {
			l.add(toolkit.SeverityWarning, m.keyPos, "/basePath", fmt.Sprintf("basePath %q: %v: the paths are sent as written", bp, err))
			return ""
		}
		return base
	}
	var servers openapi3.Servers
	m, ok := rootMember("servers")
	if ok && json.Unmarshal(d.value(m.val), &servers) != nil {
		l.add(toolkit.SeverityWarning, m.keyPos, "/servers", "servers must be a list of server objects: the paths are sent as written")
		servers = nil
	}
	if l.opts.Server != "" {
		return l.namedBase(servers, &m)
	}
	if len(servers) == 0 || servers[0] == nil {
		return ""
	}
	base, problem := serverBase(servers[0], l.opts.ServerVariables)
	if problem != "" {
		l.add(toolkit.SeverityWarning, m.keyPos, "/servers/0", problem+": the paths are sent as written")
	}
	return base
}

// namedBase is the base path of the server LoadOptions.Server names.
func (l *docLoader) namedBase(servers openapi3.Servers, m *member) string {
	name := l.opts.Server
	for i, s := range servers {
		if s == nil || s.URL != name && strings.TrimSpace(s.Description) != name {
			continue
		}
		base, problem := serverBase(s, l.opts.ServerVariables)
		if problem != "" {
			l.add(toolkit.SeverityError, m.keyPos, fmt.Sprintf("/servers/%d", i), problem+" (LoadOptions.Server)")
		}
		return base
	}
	base, err := "", error(nil)
	if u, perr := url.Parse(name); perr != nil || !(u.Scheme == "http" || u.Scheme == "https") && !strings.HasPrefix(name, "/") {
		err = fmt.Errorf("is neither the URL or description of one of the document's servers, nor an http(s) URL or an absolute path")
	} else {
		base, err = basePath(name)
	}
	if err != nil {
		urls := make([]string, 0, len(servers))
		for _, s := range servers {
			if s != nil {
				urls = append(urls, s.URL)
			}
		}
		msg := fmt.Sprintf("LoadOptions.Server %q %v", name, err)
		if len(urls) > 0 {
			msg += fmt.Sprintf("; the document's servers: %q", urls)
		}
		if m != nil && m.key != "" {
			l.add(toolkit.SeverityError, m.keyPos, "/servers", msg)
		} else {
			l.add(toolkit.SeverityError, -1, "", msg)
		}
	}
	return base
}

// opBase is an operation's base path: its own servers', else its path
// item's, else the document's (root). A server the host names
// (LoadOptions.Server) applies to every operation.
func (l *docLoader) opBase(root string, item *openapi3.PathItem, op *openapi3.Operation) (string, string) {
	if l.opts.Server != "" || l.d.swagger {
		return root, ""
	}
	var s *openapi3.Server
	switch {
	case op.Servers != nil && len(*op.Servers) > 0:
		s = (*op.Servers)[0]
	case len(item.Servers) > 0:
		s = item.Servers[0]
	default:
		return root, ""
	}
	if s == nil {
		return root, ""
	}
	base, problem := serverBase(s, l.opts.ServerVariables)
	if problem != "" {
		return root, problem + ": the document's base path is used"
	}
	return base, ""
}

// serverBase is the path of a server's URL, its {variables} replaced by
// the host's values or their defaults; the problem, if any, says why it
// could not be read.
func serverBase(s *openapi3.Server, vars map[string]string) (string, string) {
	values := map[string]string{}
	for name, sv := range s.Variables {
		if sv != nil {
			values[name] = sv.Default
		}
	}
	maps.Copy(values, vars)
	u := s.URL
	for _, name := range slices.Sorted(maps.Keys(values)) {
		u = strings.ReplaceAll(u, "{"+name+"}", values[name])
	}
	if i := strings.IndexByte(u, '{'); i >= 0 {
		j := strings.IndexByte(u[i:], '}')
		if j < 0 {
			return "", fmt.Sprintf("server URL %q has an unclosed {", s.URL)
		}
		return "", fmt.Sprintf("server URL %q: variable %s has no value (LoadOptions.ServerVariables) or default", s.URL, u[i:i+j+1])
	}
	base, err := basePath(u)
	if err != nil {
		return "", fmt.Sprintf("server URL %q: %v", s.URL, err)
	}
	return base, ""
}

// basePath is the path of a URL (absolute, or relative to the root of the
// host the document describes), escaped and without a trailing slash: ""
// for the root.
func basePath(s string) (string, error) {
	s = strings.TrimSpace(s)
	u, err := url.Parse(s)
	if err != nil {
		return "", fmt.Errorf("not a URL: %v", strings.TrimPrefix(err.Error(), "parse "+fmt.Sprintf("%q", s)+": "))
	}
	if u.RawQuery != "" || u.Fragment != "" || u.ForceQuery {
		return "", fmt.Errorf("a base URL holds no query or fragment")
	}
	p := u.EscapedPath()
	if u.Scheme == "" && u.Host == "" && !strings.HasPrefix(p, "/") {
		p = "/" + p // relative to where the document is served: its host's root
	}
	p = strings.TrimRight(p, "/")
	if err := checkBase(p); err != nil {
		return "", err
	}
	return p, nil
}

// checkBase checks an Endpoint's BasePath: empty, or an escaped path
// starting with / without a trailing /, query, fragment, placeholder, or
// . and .. segments.
func checkBase(p string) error {
	switch {
	case p == "":
		return nil
	case !strings.HasPrefix(p, "/") || strings.HasSuffix(p, "/"):
		return fmt.Errorf("base path %q must start with / and not end with one", p)
	case strings.ContainsAny(p, "?#{} \t\r\n"):
		return fmt.Errorf("base path %q must hold no query, fragment, placeholder or spaces", p)
	case slices.ContainsFunc(strings.Split(p, "/"), func(seg string) bool { return seg == "." || seg == ".." }):
		return fmt.Errorf("base path %q has a . or .. segment", p)
	}
	return nil
}
