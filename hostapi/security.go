package hostapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"
	"time"

	"golang.org/x/oauth2"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/internal/auth"
)

// Security scheme types (SecurityScheme.Type): OpenAPI's, and AWSSigV4
// for an AWS description's scheme.
const (
	SchemeAPIKey        = "apiKey"
	SchemeHTTP          = "http"
	SchemeOAuth2        = "oauth2"
	SchemeOpenIDConnect = "openIdConnect"
	SchemeAWSSigV4      = "awsSigv4"
)

// SecurityScheme is how the API takes a credential: an OpenAPI security
// scheme (components.securitySchemes, Swagger 2.0's securityDefinitions).
type SecurityScheme struct {
	// Type is apiKey, http, oauth2, openIdConnect or awsSigv4: an AWS
	// description's scheme (the apiKey on the Authorization header, named
	// hmac, that their x-amazon-apigateway-authtype awsSigv4 or awsS3 marks).
	// Another authtype (awsSigv2) is the Type as written, and is not
	// supported.
	Type string
	// In and Name are an apiKey scheme's location (header, query or
	// cookie) and parameter name.
	In, Name string
	// Scheme is an http scheme's: basic or bearer.
	Scheme string
	// SigningName is the AWS service's signing name (info's
	// x-aws-signingName, else x-serviceName), for awsSigv4.
	SigningName string
}

// Credential is what the host registers for a security scheme, by the
// scheme's name (Options.Credentials). The model never sees nor sends it;
// every value in it is a secret of the call.
type Credential struct {
	// Value is an apiKey scheme's key, or an http bearer scheme's token.
	Value string
	// Username and Password are an http basic scheme's.
	Username, Password string
	// TokenSource gives an oauth2 or openIdConnect scheme's access tokens,
	// sent as bearer tokens (golang.org/x/oauth2: clientcredentials.Config's
	// TokenSource, for one; wrap it in oauth2.ReuseTokenSource to keep a
	// token until it expires).
	TokenSource oauth2.TokenSource
	// AWS signs an awsSigv4 scheme's requests (the AWS SDK's provider,
	// such as config.LoadDefaultConfig's Credentials), for Region.
	AWS    toolkit.AWSCredentialsProvider
	Region string
	// Service overrides the document's signing name.
	Service string
}

// Security is an operation's security: alternatives, each the names of
// the schemes that must all be applied. An empty alternative means the
// operation may be called without credentials.
type Security [][]string

// applySecurity adds to req the credentials of the first of e's
// alternatives whose schemes all have a credential the host registered
// (an empty one, reached first, adds none). An operation none of whose
// alternatives the host has credentials for is sent as it is (the host
// may pass credentials with toolkit.WithHeader). The schemes are applied in name order; a signature comes last.
func (a *API) applySecurity(ctx context.Context, e *endpoint, req *request, red *toolkit.Redactor) error {
	for _, alt := range e.Security {
		if slices.ContainsFunc(alt, func(name string) bool { _, ok := a.opts.Credentials[name]; return !ok || a.schemes[name].Type == "" }) {
			continue
		}
		alt = slices.Clone(alt)
		slices.SortStableFunc(alt, func(x, y string) int {
			return boolInt(a.schemes[x].Type == SchemeAWSSigV4) - boolInt(a.schemes[y].Type == SchemeAWSSigV4)
		})
		for _, name := range alt {
			if err := a.applyScheme(ctx, name, req, red); err != nil {
				return fmt.Errorf("security scheme %q: %w", name, err)
			}
		}
		return nil
	}
	return nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// applyScheme applies the credential of scheme name.
func (a *API) applyScheme(ctx context.Context, name string, req *request, red *toolkit.Redactor) error {
	s, c := a.schemes[name], a.opts.Credentials[name]
	setHeader := func(h, v string) error {
		if !auth.HeaderSafe(v) {
			return errors.New("the credential holds a line break or another control character")
		}
		req.header.Set(h, v)
		red.AddHeader(h, v)
		return nil
	}
	switch s.Type {
	case SchemeAPIKey:
		red.Add(c.Value)
		switch s.In {
		case "query":
			if req.rawQuery != "" {
				req.rawQuery += "&"
			}
			// Escaped as every query pair (a space as %20: the
			// redactor's RFC 3986 form of the value). Added as a secret
			// of its own, it is also redacted escaped again, as a server
			// quoting the request's URL in a query or JSON may write it.
			esc := queryEscape(c.Value, false)
			red.Add(esc)
			req.rawQuery += queryEscape(s.Name, false) + "=" + esc
			return nil
		case "cookie":
			pair := s.Name + "=" + c.Value
			if prev := req.header.Get("Cookie"); prev != "" {
				pair = prev + "; " + pair
			}
			return setHeader("Cookie", pair)
		}
		return setHeader(s.Name, c.Value)
	case SchemeHTTP:
		switch strings.ToLower(s.Scheme) {
		case "basic":
			red.Add(c.Password)
			return setHeader("Authorization", auth.Basic(c.Username, c.Password))
		case "bearer":
			red.Add(c.Value)
			return setHeader("Authorization", auth.Bearer("", c.Value))
		}
		return fmt.Errorf("http scheme %q is not supported (basic and bearer are)", s.Scheme)
	case SchemeOAuth2, SchemeOpenIDConnect:
		if c.TokenSource == nil {
			return errors.New("the application registered no TokenSource for it")
		}
		tok, err := c.TokenSource.Token()
		if err != nil {
			return fmt.Errorf("getting a token: %w", err)
		}
		red.Add(tok.AccessToken)
		return setHeader("Authorization", auth.Bearer(tok.TokenType, tok.AccessToken))
	case SchemeAWSSigV4:
		if c.AWS == nil {
			return errors.New("the application registered no AWS credentials for it")
		}
		creds, err := c.AWS.Retrieve(ctx)
		if err != nil {
			return fmt.Errorf("AWS credentials: %w", err)
		}
		red.Add(creds.AccessKeyID, creds.SecretAccessKey, creds.SessionToken)
		service := c.Service
		if service == "" {
			service = s.SigningName
		}
		u, err := url.Parse(a.url(req))
		if err != nil {
			return err
		}
		sig, err := auth.SignV4(ctx, creds, req.method, u, req.header, req.body, service, c.Region, time.Now())
		if err != nil {
			return err
		}
		red.Add(sig)
		red.AddHeader("Authorization", req.header.Get("Authorization"))
		return nil
	}
	return fmt.Errorf("type %q is not supported", s.Type)
}

// checkCredentials reports credentials registered for schemes the
// catalog does not have, and credentials that lack what their scheme
// needs.
func checkCredentials(creds map[string]Credential, schemes map[string]SecurityScheme) error {
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(creds)) {
		s, ok := schemes[name]
		c := creds[name]
		switch {
		case !ok:
			errs = append(errs, fmt.Errorf("%w: Credentials: the document has no security scheme %q", ErrInvalidOptions, name))
		case s.Type == SchemeAWSSigV4 && (c.AWS == nil || c.Region == "" || c.Service == "" && s.SigningName == ""):
			errs = append(errs, fmt.Errorf("%w: Credentials[%q]: an AWS Signature Version 4 scheme needs AWS, Region and a Service (the document names none)", ErrInvalidOptions, name))
		case (s.Type == SchemeOAuth2 || s.Type == SchemeOpenIDConnect) && c.TokenSource == nil:
			errs = append(errs, fmt.Errorf("%w: Credentials[%q]: an %s scheme needs a TokenSource", ErrInvalidOptions, name, s.Type))
		}
	}
	return errors.Join(errs...)
}

// guardsCredential reports whether p is where a registered credential of
// one of e's schemes goes: such a parameter is left out of what the model
// sees and sends.
func (a *API) guardsCredential(e Endpoint, p Param) bool {
	for _, alt := range e.Security {
		for _, name := range alt {
			s := a.schemes[name]
			if _, ok := a.opts.Credentials[name]; !ok || s.Type != SchemeAPIKey {
				continue
			}
			if string(p.In) == s.In && (p.Name == s.Name || p.In == InHeader && strings.EqualFold(p.Name, s.Name)) {
				return true
			}
		}
	}
	return false
}

// rawScheme is a security scheme as a document writes it.
type rawScheme struct {
	Type     string `json:"type"`
	In       string `json:"in"`
	Name     string `json:"name"`
	Scheme   string `json:"scheme"`
	AuthType string `json:"x-amazon-apigateway-authtype"`
}

// securitySchemes reads the document's schemes (components.securitySchemes,
// or Swagger 2.0's securityDefinitions) and its root security.
func (l *docLoader) securitySchemes() (map[string]SecurityScheme, Security) {
	d := l.d
	var signing, service string
	var root Security
	out := map[string]SecurityScheme{}
	add := func(name string, raw []byte) {
		var r rawScheme
		if json.Unmarshal(raw, &r) != nil {
			return
		}
		s := SecurityScheme{Type: r.Type, In: r.In, Name: r.Name, Scheme: r.Scheme}
		switch {
		case r.Type == "basic": // Swagger 2.0
			s.Type, s.Scheme = SchemeHTTP, "basic"
		case strings.EqualFold(r.AuthType, "awsSigv4"), strings.EqualFold(r.AuthType, "awsS3"):
			s.Type = SchemeAWSSigV4 // S3 takes Signature Version 4 too
		case r.AuthType != "":
			s.Type = r.AuthType // awsSigv2 (SimpleDB, Import/Export): not supported
		}
		out[name] = s
	}
	for _, m := range d.root {
		switch m.key {
		case "securityDefinitions":
			if d.swagger {
				defs, _ := d.object(m.val)
				for _, def := range defs {
					add(def.key, d.value(def.val))
				}
			}
		case "security":
			root = decodeSecurity(d.value(m.val))
		case "info":
			var info struct {
				Signing string `json:"x-aws-signingName"`
				Service string `json:"x-serviceName"`
			}
			json.Unmarshal(d.value(m.val), &info)
			signing, service = info.Signing, info.Service
		}
	}
	if !d.swagger {
		for c, sp := range d.comps {
			if name, ok := strings.CutPrefix(c, "/components/securitySchemes/"); ok {
				add(unescapeToken(name), d.value(sp))
			}
		}
	}
	for name, s := range out {
		if s.Type == SchemeAWSSigV4 {
			s.SigningName = signing
			if s.SigningName == "" {
				s.SigningName = service
			}
		}
		out[name] = s
	}
	return out, root
}

// opSecurity returns an operation's security: its own, else the
// document's.
func (d *rawDoc) opSecurity(op *rawOp, root Security) Security {
	for _, m := range op.kept {
		if m.key == "security" {
			return decodeSecurity(d.value(m.val))
		}
	}
	return root
}

// decodeSecurity reads a security requirement list; [] is an empty
// Security that is not nil (no credentials needed).
func decodeSecurity(raw []byte) Security {
	var reqs []map[string]json.RawMessage
	if json.Unmarshal(raw, &reqs) != nil {
		return nil
	}
	out := Security{}
	for _, r := range reqs {
		alt := make([]string, 0, len(r))
		for name := range r {
			alt = append(alt, name)
		}
		slices.Sort(alt)
		out = append(out, alt)
	}
	return out
}
