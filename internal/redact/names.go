package redact

import "strings"

// Redacted replaces a secret in text the model or the logs see.
const Redacted = "[REDACTED]"

// minSecretLen is the shortest value redacted: replacing shorter strings
// would corrupt ordinary text more than it protects.
const minSecretLen = 4

// secretMarkers mark a name as a secret's. PASS also covers PASSWORD,
// PASSWD and PASSPHRASE; AUTH covers Authorization and OAUTH.
var secretMarkers = []string{"KEY", "SECRET", "TOKEN", "PASS", "PWD", "AUTH", "CREDENTIAL", "PRIVATE", "SESSION", "COOKIE", "JWT", "DSN", "HMAC", "SIGNATURE"}

// IsSecretName reports whether a variable's name marks its value as a
// secret: it contains KEY, SECRET, TOKEN, PASS (so PASSWORD, PASSWD and
// PASSPHRASE), PWD, AUTH, CREDENTIAL, PRIVATE, SESSION, COOKIE, JWT, DSN,
// HMAC or SIGNATURE, in any case.
func IsSecretName(name string) bool {
	for _, m := range secretMarkers {
		if containsFold(name, m) {
			return true
		}
	}
	return false
}

// containsFold reports whether s contains the upper-case ASCII marker m,
// ignoring ASCII case, without allocating.
func containsFold(s, m string) bool {
	for i := 0; i+len(m) <= len(s); i++ {
		j := 0
		for j < len(m) && upperASCII(s[i+j]) == m[j] {
			j++
		}
		if j == len(m) {
			return true
		}
	}
	return false
}

func upperASCII(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c - 'A' + 'a'
	}
	return c
}

// secretQueryWords name credentials in a query string.
var secretQueryWords = []string{"key", "apikey", "token", "secret", "password", "passwd", "pwd", "pass", "passphrase", "signature", "sig", "auth", "credential", "credentials", "jwt", "hmac"}

// IsSecretQueryKey reports whether a query parameter's key puts its value
// in a credential position: the key's last word is key, apikey, token,
// secret, password, passwd, pwd, pass, passphrase, signature, sig, auth,
// credential, credentials, jwt or hmac, in any case. Words are separated
// by '_', '-', '.' or a change to upper case, so access_token, api_key,
// apiKey, APIKey, client_secret, X-Amz-Signature and sig count, while
// keyword, token_type, oauth_signature_method and monkey do not.
//
// A key written as a form encodes arrays and maps counts by its name and
// by its last bracket: api_key[], access_token[0] and auth[token] count,
// page[size] does not.
//
// The rule is stricter than IsSecretName's: query keys are often ordinary
// words, and redacting an ordinary value would corrupt what the model reads.
func IsSecretQueryKey(key string) bool {
	key = strings.TrimSpace(key)
	if open := strings.IndexByte(key, '['); open > 0 && strings.HasSuffix(key, "]") {
		last := key[strings.LastIndexByte(key, '[')+1 : len(key)-1]
		return secretQueryWord(key[:open]) || secretQueryWord(last)
	}
	return secretQueryWord(key)
}

// secretQueryWord is IsSecretQueryKey for a key without brackets.
func secretQueryWord(key string) bool {
	for _, w := range secretQueryWords {
		i := len(key) - len(w)
		if i < 0 || !strings.EqualFold(key[i:], w) {
			continue
		}
		if wordStart(key, i) {
			return true
		}
	}
	return false
}

// wordStart reports whether a word of key starts at i: after a separator,
// at a lower-to-upper change (apiKey) or at the last capital of an acronym
// (APIKey), but not inside an all-capitals word (MYTOKEN).
func wordStart(key string, i int) bool {
	if i == 0 || strings.IndexByte("_-.", key[i-1]) >= 0 {
		return true
	}
	isUpper := func(c byte) bool { return 'A' <= c && c <= 'Z' }
	if !isUpper(key[i]) {
		return false
	}
	return !isUpper(key[i-1]) || i+1 < len(key) && !isUpper(key[i+1])
}
