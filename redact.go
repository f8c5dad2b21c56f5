package toolkit

import "github.com/toolkit-sdk/toolkit/internal/redact"

// Redacted replaces a secret in text the model or the logs see.
const Redacted = "[REDACTED]" // redact.Redacted

// IsSecretName reports whether a variable's or a header's name marks its
// value as a secret: it contains KEY, SECRET, TOKEN, PASS (so PASSWORD,
// PASSWD and PASSPHRASE), PWD, AUTH, CREDENTIAL, PRIVATE, SESSION,
// COOKIE, JWT, DSN, HMAC or SIGNATURE, in any case: Authorization,
// Proxy-Authorization, Cookie, Set-Cookie, X-Api-Key, apikey, Token,
// X-Auth, X-Signature, X-Session-Id and X-Password carry credentials.
func IsSecretName(name string) bool { return redact.IsSecretName(name) }

// IsSecretQueryKey reports whether a query parameter's key puts its value
// in a credential position: the key's last word is key, apikey, token,
// secret, password, passwd, pwd, pass, passphrase, signature, sig, auth,
// credential, credentials, jwt or hmac, in any case. Words are separated
// by '_', '-', '.' or a change to upper case, so access_token, api_key,
// apiKey, APIKey, client_secret, X-Amz-Signature and sig count, while
// keyword, token_type, oauth_signature_method and monkey do not. A key
// written as a form encodes arrays and maps counts by its name and by its
// last bracket: api_key[], access_token[0] and auth[token] count,
// page[size] does not.
//
// The rule is stricter than IsSecretName's: query keys are often ordinary
// words, and redacting an ordinary value would corrupt what the model reads.
func IsSecretQueryKey(key string) bool { return redact.IsSecretQueryKey(key) }

// Redactor removes known secret values from text. The zero value redacts
// nothing; it is not safe for concurrent use (one per call).
type Redactor struct{ r redact.Redactor }

// Add records secret values. Values shorter than four bytes are ignored.
// A header value such as "Bearer abc123" also records its credential part.
func (r *Redactor) Add(values ...string) { r.r.Add(values...) }

// AddHeader records the values of a header sent with a request. A Cookie
// header also records each cookie's value on its own, since a server may
// echo one cookie without the others.
func (r *Redactor) AddHeader(name string, values ...string) { r.r.AddHeader(name, values...) }

// Redact returns s with every recorded secret replaced by [REDACTED], in
// each of these forms:
//   - as written, and with its ASCII letters lower-cased or upper-cased;
//   - URL-encoded for a query or a path, with upper- or lower-case hex;
//   - base64, standard or URL-safe, with or without padding;
//   - hex, lower or upper case;
//   - any of these written with JSON escapes, by any encoder: each of its
//     characters as written or as \uXXXX (hex digits of either case; a
//     character outside ASCII as one, or as a surrogate pair), "/" also
//     as "\/", and " \ and control characters as JSON requires, in any
//     mix (Go's \u003c, Gson's \u003d, .NET's \u002B, PHP's \/, ...);
//     and so escaped twice, as a JSON text held in a JSON string is
//     (\\u003d, \u005cu003d).
//
// Longer forms are replaced first, so a form containing another is
// replaced whole. The first time any Redactor meets a list of secrets,
// the first bytes of each form are computed; the whole forms only once a
// text holds one of those starts. A text holding \u or \/ (or another
// escape a secret needs) has its escapes decoded once, into a reused
// buffer, and the forms are looked for in the decoded text the same way:
// linear work, however many ways a secret could be escaped. A decoded
// text that still holds such escapes is decoded once more, into another
// buffer, after a copy. Otherwise Redact allocates only when it replaces
// something.
func (r *Redactor) Redact(s string) string { return r.r.Redact(s) }

// Cap redacts s and cuts the result at n bytes on a UTF-8 boundary, with a
// note of how much is shown and of the size of the text. Only the part
// shown, and a margin past it that holds any secret the cut crosses, is
// redacted: the text shown is the start of the whole text redacted, so a
// cut can never leave the start of a secret behind, and the part cut away
// costs nothing. The size is the redacted text's, or, when only its start
// was redacted, the size of s.
func (r *Redactor) Cap(s string, n int) string { return r.r.Cap(s, n) }

// CapBytes is Cap for a body as read, converting only what it shows.
func (r *Redactor) CapBytes(b []byte, n int) string { return r.r.CapBytes(b, n) }

// prefix is the start of b redacted, at most n bytes (Cap without its
// note); cut reports a cut.
func (r *Redactor) prefix(b []byte, n int) (shown string, cut bool) { return r.r.Prefix(b, n) }

// list returns the values recorded; the caller must not change them.
func (r *Redactor) list() []string { return r.r.Secrets() }

// reset forgets the values recorded; the next are kept in buf while it
// has room.
func (r *Redactor) reset(buf []string) { r.r.Reset(buf) }

// holds reports whether a recorded secret contains byte c.
func (r *Redactor) holds(c byte) bool { return r.r.Holds(c) }

// jsonFieldSecrets calls add with the value of every field of the JSON
// text doc whose key is in a credential position (IsSecretQueryKey).
func jsonFieldSecrets(doc string, add func(...string)) { redact.JSONFieldSecrets(doc, add) }
