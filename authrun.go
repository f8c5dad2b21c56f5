package toolkit

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/toolkit-sdk/toolkit/internal/auth"
	"github.com/toolkit-sdk/toolkit/internal/singleflight"
	"github.com/toolkit-sdk/toolkit/template"
)

// AWSCredentialsProvider is the AWS SDK's aws.CredentialsProvider: where
// an aws_sigv4 auth block without keys of its own gets them
// (Options.AWSCredentials).
type AWSCredentialsProvider = auth.AWSCredentialsProvider

// authScope is the cache scope of OAuth tokens obtained with credentials
// from the environment alone: they are the process's, shared by every
// call whatever its scope (and, through a shared Cache, by every replica).
const authScope = "\x00toolkit:auth"

// tokenFlights lets concurrent calls that need one OAuth token share its
// request (package singleflight).
type tokenFlights = singleflight.Group[*heldToken]

// heldToken is an OAuth token a call uses, with where it is kept.
type heldToken struct {
	tok    *auth.Token
	key    string // the cache key
	scoped bool   // kept in the call's scope (per-call credentials)
	data   []byte // what the cache holds, for the conditional delete
}

// authState is the part of a call's state that auth.go's blocks use.
type authState struct {
	auth        *Auth      // the tool's auth, nil if none
	token       *heldToken // the OAuth token the call sends
	authRetried bool       // a 401 already fetched a new token
	authID      string     // identity of per-call credentials, for cache keys
	stale       []byte     // the kept token a 401 refused, as the cache held it
}

// bindAuth picks the call's auth: the workflow's own, or the shared one
// it names.
func (r *run) bindAuth(shared *Auth) (Result, bool) {
	switch {
	case r.w.auth != nil:
		r.auth = r.w.auth
	case r.w.Auth == "":
	case shared == nil:
		r.e.opts.Logger.ErrorContext(r.ctx, "toolkit: auth not loaded", "capability", r.w.Name, "auth", r.w.Auth)
		return r.fail("its auth %q is not loaded (this is for the application's developers: load the file that defines it into the same Registry)", r.w.Auth), false
	default:
		r.auth = shared
	}
	return Result{}, true
}

// send sends step s's request, with the tool's credentials when authorize
// is set and the step does not opt out. After a 401 to an OAuth token
// that was not fetched for this request, the token is dropped, fetched
// again once and the request sent again once.
func (r *run) send(s *step, req *Request, authorize bool) (*Response, error) {
	a := r.auth
	if a == nil || s.noAuth || !authorize {
		return r.e.Send(r.ctx, req)
	}
	if s.urlFrom != "" {
		// Load refuses such a step with its tool's auth; a shared auth
		// loaded after the tool (or replacing another) meets it here.
		r.e.opts.Logger.ErrorContext(r.ctx, "toolkit: auth on a step whose whole URL is a reference", "capability", r.w.Name, "step", s.index, "url", s.urlFrom)
		return nil, fmt.Errorf("the step's whole URL comes from %s, so the tool's auth (%s) is not sent there (this is for the application's developers: set auth: none on the step)", s.urlFrom, a.Type)
	}
	var base Request
	oauth := authKinds[a.Type].grant != ""
	if oauth {
		base = *req
		base.Header = req.Header.Clone()
	}
	fresh, err := r.authorize(a, s, req, false)
	if err != nil {
		return nil, err
	}
	resp, err := r.e.Send(r.ctx, req)
	if err != nil || resp.StatusCode != http.StatusUnauthorized || !oauth || fresh || r.authRetried {
		return resp, err
	}
	r.authRetried = true
	if r.token != nil {
		r.stale = r.token.data
	}
	r.dropToken()
	*req = base
	if _, err := r.authorize(a, s, req, true); err != nil {
		return nil, err
	}
	return r.e.Send(r.ctx, req)
}

// authValue expands field name of a; the value is a secret of the call.
func (r *run) authValue(a *Auth, name string) (string, error) {
	t := a.fields[name]
	if t == nil {
		return "", nil
	}
	v, err := t.Expand(r)
	if err != nil {
		return "", fmt.Errorf("auth %s: %w", name, err)
	}
	r.secrets.Add(v)
	return v, nil
}

// plainAuthValue expands field name of a, a value that is not a secret
// (a region, a client id).
func (r *run) plainAuthValue(a *Auth, name string) (string, error) {
	t := a.fields[name]
	if t == nil {
		return "", nil
	}
	v, err := t.Expand(r)
	if err != nil {
		return "", fmt.Errorf("auth %s: %w", name, err)
	}
	return v, nil
}

// errHeaderValue is a credential that cannot go in a header.
func errHeaderValue(a *Auth, field string) error {
	return fmt.Errorf("auth (%s): %s holds a line break or another control character, which a header cannot carry", a.Type, field)
}

// authorize adds a's credentials to req; fresh reports an OAuth token
// fetched for this request (force: even if one is kept).
func (r *run) authorize(a *Auth, s *step, req *Request, force bool) (fresh bool, err error) {
	if req.Header == nil {
		req.Header = http.Header{}
	}
	switch a.Type {
	case "bearer":
		tok, err := r.authValue(a, "token")
		if err != nil {
			return false, err
		}
		return false, r.setAuthHeader(a, req, "Authorization", auth.Bearer("", tok), "token")
	case "basic":
		user, err := r.plainAuthValue(a, "username")
		if err != nil {
			return false, err
		}
		pass, err := r.authValue(a, "password")
		if err != nil {
			return false, err
		}
		return false, r.setAuthHeader(a, req, "Authorization", auth.Basic(user, pass), "username or password")
	case "api_key":
		v, err := r.authValue(a, "value")
		if err != nil {
			return false, err
		}
		switch a.in {
		case "query":
			sep := "?"
			if strings.Contains(req.URL, "?") {
				sep = "&"
			}
			frag := ""
			if i := strings.IndexByte(req.URL, '#'); i >= 0 {
				req.URL, frag = req.URL[:i], req.URL[i:]
			}
			req.URL += sep + url.QueryEscape(a.key) + "=" + url.QueryEscape(v) + frag
			return false, nil
		case "cookie":
			if !auth.HeaderSafe(v) || strings.ContainsAny(v, ";") {
				return false, fmt.Errorf("auth (api_key): the value holds a character a cookie cannot carry")
			}
			pair := a.key + "=" + v
			if c := req.Header.Get("Cookie"); c != "" {
				pair = c + "; " + pair
			}
			req.Header.Set("Cookie", pair)
			r.secrets.AddHeader("Cookie", pair)
			return false, nil
		}
		return false, r.setAuthHeader(a, req, a.key, v, "value")
	case "hmac":
		return false, r.signHMAC(a, req)
	case "aws_sigv4":
		return false, r.signV4(a, req)
	}
	tok, fresh, err := r.oauthToken(a, s, force)
	if err != nil {
		return false, err
	}
	return fresh, r.setAuthHeader(a, req, "Authorization", tok.Header(), "access token")
}

// setAuthHeader sets header name of req to v, a secret of the call.
func (r *run) setAuthHeader(a *Auth, req *Request, name, v, what string) error {
	if !auth.HeaderSafe(v) {
		return errHeaderValue(a, what)
	}
	req.Header.Set(name, v)
	r.secrets.AddHeader(name, v)
	return nil
}

// signHMAC sets an hmac block's header: its value (default the bare
// signature) with {signature} the HMAC of its message, both expanded and
// their placeholders replaced by the request's parts.
func (r *run) signHMAC(a *Auth, req *Request) error {
	key, err := r.authValue(a, "key")
	if err != nil {
		return err
	}
	msg, err := r.plainAuthValue(a, "message")
	if err != nil {
		return err
	}
	value := "{signature}"
	if a.fields["value"] != nil {
		if value, err = r.plainAuthValue(a, "value"); err != nil {
			return err
		}
	}
	u, err := url.Parse(req.URL)
	if err != nil {
		return fmt.Errorf("invalid URL %q", r.briefURL(req.URL))
	}
	sum := sha256.Sum256(req.Body)
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	parts := strings.NewReplacer("{method}", req.Method, "{host}", u.Host, "{path}", u.EscapedPath(), "{query}", u.RawQuery,
		"{body}", string(req.Body), "{body_sha256}", hex.EncodeToString(sum[:]), "{timestamp}", ts)
	sig, err := auth.HMAC(a.alg, a.enc, []byte(key), []byte(parts.Replace(msg)))
	if err != nil {
		return err
	}
	r.secrets.Add(sig)
	value = strings.ReplaceAll(parts.Replace(value), "{signature}", sig)
	if a.tsHeader != "" {
		req.Header.Set(a.tsHeader, ts)
	}
	return r.setAuthHeader(a, req, a.key, value, "value")
}

// signV4 signs req with AWS Signature Version 4: with the block's keys,
// or the host's Options.AWSCredentials.
func (r *run) signV4(a *Auth, req *Request) error {
	region, err := r.plainAuthValue(a, "region")
	if err != nil {
		return err
	}
	service, err := r.plainAuthValue(a, "service")
	if err != nil {
		return err
	}
	var creds auth.AWSCredentials
	switch {
	case a.fields["access_key_id"] != nil:
		if creds.AccessKeyID, err = r.authValue(a, "access_key_id"); err == nil {
			if creds.SecretAccessKey, err = r.authValue(a, "secret_access_key"); err == nil {
				creds.SessionToken, err = r.authValue(a, "session_token")
			}
		}
		if err != nil {
			return err
		}
	case r.e.opts.AWSCredentials != nil:
		if creds, err = r.e.opts.AWSCredentials.Retrieve(r.ctx); err != nil {
			return fmt.Errorf("auth (aws_sigv4): the host's AWS credentials: %w", err)
		}
		r.secrets.Add(creds.AccessKeyID, creds.SecretAccessKey, creds.SessionToken)
	default:
		return errors.New("auth (aws_sigv4): no keys: the block sets no access_key_id, and the application set no Options.AWSCredentials")
	}
	u, err := url.Parse(req.URL)
	if err != nil {
		return fmt.Errorf("invalid URL %q", r.briefURL(req.URL))
	}
	host := u.Host
	sig, err := auth.SignV4(r.ctx, creds, req.Method, u, req.Header, req.Body, service, region, time.Now())
	if err != nil {
		return fmt.Errorf("auth (aws_sigv4): %w", err)
	}
	if u.Host != host { // a default port, which the signature signs without (SignV4)
		req.URL = u.String()
	}
	r.secrets.Add(sig)
	r.secrets.AddHeader("Authorization", req.Header.Get("Authorization"))
	return nil
}

// grant expands an OAuth block's fields.
func (r *run) grant(a *Auth) (*auth.Grant, error) {
	g := &auth.Grant{Kind: authKinds[a.Type].grant, Scopes: a.scopes, InParams: a.inParams}
	var err error
	for _, f := range []struct {
		name   string
		dst    *string
		secret bool
	}{{"token_url", &g.TokenURL, false}, {"client_id", &g.ClientID, false}, {"client_secret", &g.ClientSecret, true},
		{"refresh_token", &g.RefreshToken, true}, {"username", &g.Username, false}, {"password", &g.Password, true}} {
		if f.secret {
			*f.dst, err = r.authValue(a, f.name)
		} else {
			*f.dst, err = r.plainAuthValue(a, f.name)
		}
		if err != nil {
			return nil, err
		}
	}
	return g, nil
}

// grantMemo is the grant of an auth block whose fields read the
// environment alone, with the values it was made from: while they read
// the same, every call makes the same grant, under the same key.
type grantMemo struct {
	env []string
	g   *auth.Grant
	key string
}

// grantKey returns a's grant and the cache key of its token; its secrets
// are the call's.
func (r *run) grantKey(a *Auth) (*auth.Grant, string, error) {
	var env []string
	if a.envOnly {
		env = make([]string, len(a.envNames))
		for i, name := range a.envNames {
			env[i], _ = r.e.opts.Env(name)
		}
		if m := a.grantMemo.Load(); m != nil && slices.Equal(m.env, env) {
			r.secrets.Add(m.g.ClientSecret, m.g.RefreshToken, m.g.Password)
			return m.g, m.key, nil
		}
	}
	g, err := r.grant(a)
	if err != nil {
		return nil, "", err
	}
	key := "auth:" + g.Key()
	if a.envOnly {
		a.grantMemo.Store(&grantMemo{env: env, g: g, key: key})
	}
	return g, key, nil
}

// oauthToken returns the OAuth token a's requests carry: the one the call
// already holds, else one kept across calls, else one fetched (force
// skips the first two). fresh reports one fetched now, by this call or by
// one it waited for. Credentials from the environment alone give a token
// of the process (authScope); per-call ones, a token of the call's cache
// scope. Concurrent calls that need the same token share one request.
func (r *run) oauthToken(a *Auth, s *step, force bool) (tok *auth.Token, fresh bool, err error) {
	g, key, err := r.grantKey(a)
	if err != nil {
		return nil, false, err
	}
	if h := r.token; h != nil && h.key == key && !force {
		r.secrets.Add(h.tok.AccessToken)
		return h.tok, false, nil
	}
	ctx := r.tokenContext(a)
	// A forced fetch (after a 401) takes a token kept since the refused
	// one: concurrent calls refused together fetch one new token.
	if h, ok := r.keptToken(ctx, key, !a.envOnly); ok && (!force || !bytes.Equal(h.data, r.stale)) {
		return r.holdToken(h).tok, force, nil
	}
	fk := "u\x00" + key
	if scope, ok := CacheScope(ctx); ok {
		fk = "s" + scope + "\x00" + key
	}
	f, lead := r.e.tokens.Join(fk)
	if !lead {
		select {
		case <-f.Done():
			if h := f.Value; h != nil {
				r.token = h
				r.secrets.Add(h.tok.AccessToken)
				return h.tok, true, nil
			}
			// The request failed: make one alone.
		case <-r.ctx.Done():
			return nil, false, r.ctx.Err()
		}
	} else {
		defer r.e.tokens.Finish(f)
		// Kept since this call looked?
		if h, ok := r.keptToken(ctx, key, !a.envOnly); ok && (!force || !bytes.Equal(h.data, r.stale)) {
			f.Value = h
			return r.holdToken(h).tok, force, nil
		}
	}
	tok, err = auth.Fetch(ctx, &http.Client{Transport: &tokenTransport{r: r, timeout: s.timeout},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}, g)
	if err != nil {
		return nil, false, fmt.Errorf("auth (%s): %w", a.Type, err)
	}
	r.secrets.Add(tok.AccessToken)
	if !auth.HeaderSafe(tok.AccessToken) || !auth.HeaderSafe(tok.TokenType) {
		return nil, false, fmt.Errorf("auth (%s): the token endpoint answered with a token a header cannot carry", a.Type)
	}
	h := &heldToken{tok: tok, key: key, scoped: !a.envOnly, data: auth.MarshalToken(tok)}
	if ttl := tok.TTL(time.Now()); ttl > 0 && r.e.cacheHealth.Usable() {
		r.cacheAnswered(r.e.opts.Cache.Set(ctx, key, h.data, ttl))
	}
	if lead {
		f.Value = h
	}
	r.token = h
	return tok, true, nil
}

// tokenContext is the context a's tokens are kept under: the call's, or
// for credentials from the environment alone, the process's scope.
func (r *run) tokenContext(a *Auth) context.Context {
	if a.envOnly {
		return context.WithValue(r.ctx, cacheScopeKey{}, authScope)
	}
	return r.ctx
}

// keptToken reads a token kept across calls under key (the caller
// holds it with holdToken).
func (r *run) keptToken(ctx context.Context, key string, scoped bool) (*heldToken, bool) {
	if !r.e.cacheHealth.Usable() {
		return nil, false
	}
	data, ok, err := r.e.opts.Cache.Get(ctx, key)
	if !r.cacheAnswered(err) || !ok {
		return nil, false
	}
	// The process's tokens (a few: one per credential in the
	// environment) are kept decoded while the store holds the same bytes.
	h, _ := r.e.tokenMemo.Load(key)
	if h == nil || scoped || !bytes.Equal(h.(*heldToken).data, data) {
		tok, ok := auth.UnmarshalToken(data)
		if !ok {
			return nil, false
		}
		h = &heldToken{tok: tok, key: key, scoped: scoped, data: data}
		if !scoped {
			r.e.tokenMemo.Store(key, h)
		}
	}
	tok := h.(*heldToken).tok
	if tok.TTL(time.Now()) <= 0 {
		return nil, false
	}
	return h.(*heldToken), true
}

// holdToken makes h the call's token.
func (r *run) holdToken(h *heldToken) *heldToken {
	r.token = h
	r.secrets.Add(h.tok.AccessToken)
	return h
}

// dropToken forgets the call's OAuth token, and drops it from the cache
// while the cache still holds it (a CompareDeleter: a call that got its
// 401 late keeps the token another call stored since).
func (r *run) dropToken() {
	h := r.token
	r.token = nil
	if h == nil || !r.e.cacheHealth.Usable() {
		return
	}
	ctx := r.ctx
	if !h.scoped {
		ctx = context.WithValue(ctx, cacheScopeKey{}, authScope)
	}
	if cd, ok := r.e.opts.Cache.(CompareDeleter); ok {
		_, err := cd.CompareAndDelete(ctx, h.key, h.data)
		r.cacheAnswered(err)
	} else {
		r.cacheAnswered(r.e.opts.Cache.Delete(ctx, h.key))
	}
}

// tokenTransport carries golang.org/x/oauth2's token requests through
// the Executor's Send: the network guard, the call's request budget, the
// body cap, the Observer and the call's secrets apply to them as to every
// step's request.
type tokenTransport struct {
	r       *run
	timeout time.Duration
}

// maxTokenRequestBytes bounds a token request's body, which
// golang.org/x/oauth2 makes from the block's fields.
const maxTokenRequestBytes = 64 << 10

func (t *tokenTransport) RoundTrip(hreq *http.Request) (*http.Response, error) {
	var body []byte
	if hreq.Body != nil {
		var err error
		body, err = io.ReadAll(io.LimitReader(hreq.Body, maxTokenRequestBytes+1))
		hreq.Body.Close()
		if err != nil {
			return nil, err
		}
		if len(body) > maxTokenRequestBytes {
			return nil, fmt.Errorf("the token request's body is over %d bytes", maxTokenRequestBytes)
		}
	}
	for k, vs := range hreq.Header {
		if IsSecretName(k) {
			t.r.secrets.AddHeader(k, vs...)
		}
	}
	t.r.recordPairSecrets(string(body))
	resp, err := t.r.e.Send(hreq.Context(), &Request{Method: hreq.Method, URL: hreq.URL.String(), Header: hreq.Header,
		Body: body, Timeout: t.timeout, Secrets: &t.r.secrets})
	if err != nil {
		return nil, err
	}
	return &http.Response{StatusCode: resp.StatusCode, Status: resp.Status, Header: resp.Header,
		Body: io.NopCloser(bytes.NewReader(resp.Body)), ContentLength: int64(len(resp.Body)),
		Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1, Request: hreq}, nil
}

// authIdentity is what tells apart the per-call credentials of the
// call's auth, for the keys of steps cached across calls: two calls of
// one scope with different credentials never share an entry ("" when the
// credentials are the process's).
func (r *run) authIdentity(s *step) string {
	a := r.auth
	if a == nil || a.envOnly || s.noAuth {
		return ""
	}
	if r.authID == "" {
		h := sha256.New()
		for _, name := range authFields {
			if t := a.fields[name]; t != nil {
				v, _ := t.Expand(r)
				fmt.Fprintf(h, "%s:%d:%s\x00", name, len(v), v)
			}
		}
		r.authID = hex.EncodeToString(h.Sum(nil))
	}
	return r.authID
}

// sameHostURL reports whether raw is on first's host (see sameHost).
func sameHostURL(first *url.URL, raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && first != nil && sameHost(first, u)
}

// authLabel is what the Mermaid picture says of a workflow's auth.
func (w *Workflow) authLabel() string {
	switch {
	case w.auth != nil:
		return "auth: " + w.auth.Type
	case w.Auth != "":
		return "auth: " + w.Auth
	}
	return ""
}

var _ template.Values = (*run)(nil)
