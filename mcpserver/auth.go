package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"github.com/toolkit-sdk/toolkit"
)

// MetadataPath is the path of the OAuth 2.0 protected resource metadata
// (RFC 9728) of an MCP endpoint at mcpPath: "/mcp" is
// "/.well-known/oauth-protected-resource/mcp".
func MetadataPath(mcpPath string) string {
	return "/.well-known/oauth-protected-resource" + strings.TrimSuffix(mcpPath, "/")
}

// BearerOptions configure Bearer.
type BearerOptions struct {
	// ResourceMetadataURL is the absolute URL of the protected resource
	// metadata (see ResourceMetadata and MetadataPath), named in the
	// WWW-Authenticate header of a 401 so that an OAuth client finds the
	// authorization server.
	ResourceMetadataURL string
	// Scopes a token must all have; a token without one of them gets 403.
	Scopes []string
}

// Bearer returns middleware serving only requests whose
// "Authorization: Bearer <token>" verify accepts, with its auth.TokenInfo
// in the request's context (req.Extra.TokenInfo of a tools/call, for
// Options.CallOptions and Values); go-sdk binds a session started with a
// token to its TokenInfo.UserID. Any other request gets 401 with
// "WWW-Authenticate: Bearer" (RFC 6750 and the MCP authorization spec): the
// resource_metadata and scope parameters of opts, error="invalid_token"
// when it sent a token that verify refused, error="invalid_request" when its
// Bearer credentials are malformed. verify returns an error wrapping
// auth.ErrInvalidToken for a token it refuses; a TokenInfo without an
// Expiration is accepted (a token verify knows to be valid for as long as it
// says so).
func Bearer(verify auth.TokenVerifier, opts *BearerOptions) func(http.Handler) http.Handler {
	var o BearerOptions
	if opts != nil {
		o = *opts
	}
	require := auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{Scopes: o.Scopes, AllowMissingExpiration: true})
	return func(next http.Handler) http.Handler {
		served := require(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Del("WWW-Authenticate")
			next.ServeHTTP(w, r)
		}))
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// Set before go-sdk's middleware, which adds none without
			// resource metadata or scopes; removed when served.
			var params []string
			switch f := strings.Fields(r.Header.Get("Authorization")); {
			case len(f) == 0 || !strings.EqualFold(f[0], "Bearer"):
			case len(f) == 2:
				params = append(params, `error="invalid_token"`)
			default:
				params = append(params, `error="invalid_request"`)
			}
			if o.ResourceMetadataURL != "" {
				params = append(params, fmt.Sprintf("resource_metadata=%q", o.ResourceMetadataURL))
			}
			if len(o.Scopes) > 0 {
				params = append(params, fmt.Sprintf("scope=%q", strings.Join(o.Scopes, " ")))
			}
			challenge := "Bearer"
			if len(params) > 0 {
				challenge += " " + strings.Join(params, ", ")
			}
			w.Header().Set("WWW-Authenticate", challenge)
			insufficient := `Bearer error="insufficient_scope"`
			if o.ResourceMetadataURL != "" {
				insufficient += fmt.Sprintf(", resource_metadata=%q", o.ResourceMetadataURL)
			}
			if len(o.Scopes) > 0 {
				insufficient += fmt.Sprintf(", scope=%q", strings.Join(o.Scopes, " "))
			}
			served.ServeHTTP(&challengeWriter{ResponseWriter: w, challenge: challenge, insufficient: insufficient}, r)
		})
	}
}

// challengeWriter keeps one WWW-Authenticate on a refusal: go-sdk adds its
// own when it has resource metadata or scopes.
type challengeWriter struct {
	http.ResponseWriter
	challenge, insufficient string
	wrote                   bool
}

func (w *challengeWriter) WriteHeader(code int) {
	if !w.wrote {
		switch code {
		case http.StatusUnauthorized:
			w.Header()["Www-Authenticate"] = []string{w.challenge}
		case http.StatusForbidden:
			// A valid token without the scopes (RFC 6750 3.1).
			w.Header()["Www-Authenticate"] = []string{w.insufficient}
		}
	}
	w.wrote = true
	w.ResponseWriter.WriteHeader(code)
}

func (w *challengeWriter) Write(p []byte) (int, error) {
	w.wrote = true
	return w.ResponseWriter.Write(p)
}

func (w *challengeWriter) Flush() { _ = http.NewResponseController(w.ResponseWriter).Flush() }

func (w *challengeWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// ResourceMetadata returns the handler of the OAuth 2.0 protected resource
// metadata document (RFC 9728) md, to serve at MetadataPath of the MCP
// endpoint: go-sdk's auth.ProtectedResourceMetadataHandler.
func ResourceMetadata(md *oauthex.ProtectedResourceMetadata) http.Handler {
	return auth.ProtectedResourceMetadataHandler(md)
}

// Values returns an Options.CallOptions function that gives each call
// per-call values (toolkit.WithValue) from its own request only: claims
// maps a value's name to a claim of the verified token (auth.TokenInfo:
// "sub" is its UserID, "scope" its Scopes joined by spaces, any other name
// a string, number or boolean of its Extra), headers a value's name to a
// header of the HTTP request. A value whose claim or header is missing is
// not set, so the capability that needs it says so; a request without a
// verified token has no claims. A name in both maps is the claim's only: a
// request's header never sets a value the host takes from the token. A
// header sent more than once sets nothing.
func Values(claims, headers map[string]string) func(context.Context, *mcp.CallToolRequest) []toolkit.CallOption {
	return func(_ context.Context, req *mcp.CallToolRequest) []toolkit.CallOption {
		values := map[string]string{}
		if req.Extra == nil {
			return nil
		}
		if ti := req.Extra.TokenInfo; ti != nil {
			for name, claim := range claims {
				if v, ok := claimValue(ti, claim); ok {
					values[name] = v
				}
			}
		}
		for name, h := range headers {
			if _, fromToken := claims[name]; fromToken {
				continue // never from a header, even when the token lacks the claim
			}
			if v := req.Extra.Header.Values(h); len(v) == 1 {
				values[name] = v[0]
			}
		}
		if len(values) == 0 {
			return nil
		}
		return []toolkit.CallOption{toolkit.WithValues(values)}
	}
}

func claimValue(ti *auth.TokenInfo, claim string) (string, bool) {
	switch claim {
	case "sub":
		return ti.UserID, ti.UserID != ""
	case "scope":
		return strings.Join(ti.Scopes, " "), len(ti.Scopes) > 0
	}
	switch v := ti.Extra[claim].(type) {
	case string:
		return v, true
	case bool, float64, int, int64, json.Number:
		return fmt.Sprint(v), true
	}
	return "", false
}

// IntrospectionOptions configure Introspection.
type IntrospectionOptions struct {
	// ClientID and ClientSecret authenticate the resource server to the
	// introspection endpoint (HTTP Basic), when it asks for it.
	ClientID, ClientSecret string
	// Client sends the requests. Default: one with a 10-second timeout.
	Client *http.Client
	// Audience, when set, is this server's resource identifier (the
	// Resource of its protected resource metadata): an active token whose
	// "aud" (a string or an array of them) does not name it, or that has
	// none, is refused, as the MCP authorization spec requires of a token
	// issued for another resource server (RFC 8707).
	Audience string
}

// Introspection returns an auth.TokenVerifier that asks an OAuth 2.0 token
// introspection endpoint (RFC 7662) about each token: an active token's
// "sub" is the TokenInfo's UserID, "scope" its Scopes, "exp" its
// Expiration, and every claim is in Extra; an inactive one, or an answer
// that is not 200 with JSON, is refused (auth.ErrInvalidToken, or an
// error the middleware answers with 500 when the endpoint cannot be
// reached).
func Introspection(endpoint string, opts *IntrospectionOptions) (auth.TokenVerifier, error) {
	u, err := url.Parse(endpoint)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return nil, fmt.Errorf("introspection endpoint %q is not an http(s) URL", endpoint)
	}
	var o IntrospectionOptions
	if opts != nil {
		o = *opts
	}
	client := o.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	return func(ctx context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
		form := url.Values{"token": {token}, "token_type_hint": {"access_token"}}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(form.Encode()))
		if err != nil {
			return nil, err
		}
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Accept", "application/json")
		if o.ClientID != "" {
			req.SetBasicAuth(url.QueryEscape(o.ClientID), url.QueryEscape(o.ClientSecret))
		}
		resp, err := client.Do(req)
		if err != nil {
			return nil, fmt.Errorf("token introspection: %w", err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if err != nil {
			return nil, fmt.Errorf("token introspection: %w", err)
		}
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("token introspection: HTTP %d", resp.StatusCode)
		}
		var claims map[string]any
		if err := json.Unmarshal(body, &claims); err != nil {
			return nil, fmt.Errorf("token introspection: the answer is not a JSON object: %w", err)
		}
		if active, _ := claims["active"].(bool); !active {
			return nil, auth.ErrInvalidToken
		}
		if o.Audience != "" && !hasAudience(claims["aud"], o.Audience) {
			return nil, fmt.Errorf("%w: the token is not for this resource", auth.ErrInvalidToken)
		}
		ti := &auth.TokenInfo{Extra: claims}
		ti.UserID, _ = claims["sub"].(string)
		if s, ok := claims["scope"].(string); ok {
			ti.Scopes = strings.Fields(s)
		}
		if exp, ok := claims["exp"].(float64); ok {
			ti.Expiration = time.Unix(int64(exp), 0)
		}
		return ti, nil
	}, nil
}

// hasAudience reports whether an introspection answer's "aud" names want.
func hasAudience(aud any, want string) bool {
	switch a := aud.(type) {
	case string:
		return a == want
	case []any:
		for _, v := range a {
			if v == want {
				return true
			}
		}
	}
	return false
}
