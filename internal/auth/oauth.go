package auth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// OAuth 2.0 grants.
const (
	ClientCredentials = "client_credentials"
	RefreshToken      = "refresh_token"
	Password          = "password"
)

// Grant is what an OAuth 2.0 token request needs.
type Grant struct {
	Kind         string // ClientCredentials, RefreshToken or Password
	TokenURL     string
	ClientID     string
	ClientSecret string
	Scopes       []string
	// InParams sends the client's credentials in the request body
	// (client_secret_post) instead of HTTP Basic (client_secret_basic).
	InParams     bool
	RefreshToken string
	Username     string
	Password     string
}

// Key returns a key naming the token the grant obtains: a hash of every
// field, so that two grants share a token only when they send the same
// credentials to the same endpoint for the same scopes.
func (g *Grant) Key() string {
	h := sha256.New()
	for _, f := range []string{g.Kind, g.TokenURL, g.ClientID, g.ClientSecret, strings.Join(g.Scopes, " "),
		strconv.FormatBool(g.InParams), g.RefreshToken, g.Username, g.Password} {
		h.Write([]byte(strconv.Itoa(len(f))))
		h.Write([]byte{':'})
		h.Write([]byte(f))
	}
	return hex.EncodeToString(h.Sum(nil))
}

// Token is an access token as kept across calls.
type Token struct {
	AccessToken string    `json:"access_token"`
	TokenType   string    `json:"token_type,omitempty"`
	Expiry      time.Time `json:"expiry,omitzero"` // zero: the server said nothing
}

// Header returns the Authorization header's value for t.
func (t *Token) Header() string { return Bearer(t.TokenType, t.AccessToken) }

// DefaultLifetime is how long a token whose server gives no expires_in
// is kept: until a 401 drops it, or this long.
const DefaultLifetime = time.Hour

// ExpiryMargin is how long before its expiry a token is no longer used:
// 10 seconds, or half the token's lifetime when that is shorter.
const ExpiryMargin = 10 * time.Second

// TTL returns how long t may be kept from now: its lifetime less the
// margin (see ExpiryMargin); zero or less means it must not be kept.
func (t *Token) TTL(now time.Time) time.Duration {
	if t.Expiry.IsZero() {
		return DefaultLifetime
	}
	life := t.Expiry.Sub(now)
	margin := ExpiryMargin
	if life < 2*margin {
		margin = life / 2
	}
	return life - margin
}

// Fetch requests a token for g with client, which carries the request
// (the host's guarded HTTP layer). Its error says what the server
// answered, without its body.
func Fetch(ctx context.Context, client *http.Client, g *Grant) (*Token, error) {
	ctx = context.WithValue(ctx, oauth2.HTTPClient, client)
	style := oauth2.AuthStyleInHeader
	if g.InParams {
		style = oauth2.AuthStyleInParams
	}
	var tok *oauth2.Token
	var err error
	switch g.Kind {
	case ClientCredentials:
		cc := clientcredentials.Config{ClientID: g.ClientID, ClientSecret: g.ClientSecret, TokenURL: g.TokenURL, Scopes: g.Scopes, AuthStyle: style}
		tok, err = cc.Token(ctx)
	case RefreshToken:
		c := oauth2.Config{ClientID: g.ClientID, ClientSecret: g.ClientSecret, Endpoint: oauth2.Endpoint{TokenURL: g.TokenURL, AuthStyle: style}, Scopes: g.Scopes}
		tok, err = c.TokenSource(ctx, &oauth2.Token{RefreshToken: g.RefreshToken}).Token()
	case Password:
		c := oauth2.Config{ClientID: g.ClientID, ClientSecret: g.ClientSecret, Endpoint: oauth2.Endpoint{TokenURL: g.TokenURL, AuthStyle: style}, Scopes: g.Scopes}
		tok, err = c.PasswordCredentialsToken(ctx, g.Username, g.Password)
	default:
		return nil, fmt.Errorf("unknown OAuth 2.0 grant %q", g.Kind)
	}
	if err != nil {
		return nil, tokenError(err)
	}
	if tok.AccessToken == "" {
		return nil, errors.New("the token endpoint answered without an access_token")
	}
	return &Token{AccessToken: tok.AccessToken, TokenType: tok.TokenType, Expiry: tok.Expiry}, nil
}

// tokenError words a failed token request: the status and the OAuth error
// code, never the response body (which may echo what was sent).
func tokenError(err error) error {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		msg := "the token endpoint refused the request"
		if re.Response != nil {
			msg += ": HTTP " + re.Response.Status
		}
		if re.ErrorCode != "" && len(re.ErrorCode) <= 64 && !strings.ContainsFunc(re.ErrorCode, func(r rune) bool { return r < ' ' }) {
			msg += " (" + re.ErrorCode + ")"
		}
		return errors.New(msg)
	}
	return errors.New("token request: " + strings.TrimPrefix(err.Error(), "oauth2: "))
}

// MarshalToken encodes t as kept across calls.
func MarshalToken(t *Token) []byte {
	data, _ := json.Marshal(t)
	return data
}

// UnmarshalToken decodes a token kept across calls; ok is false for data
// that is not one.
func UnmarshalToken(data []byte) (*Token, bool) {
	var t Token
	if json.Unmarshal(data, &t) != nil || t.AccessToken == "" {
		return nil, false
	}
	return &t, true
}
