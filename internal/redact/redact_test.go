package redact

import (
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/toolkit-sdk/toolkit/internal/textcut"
)

// prepare makes r.set the set of r's secrets, with every form computed.
func (r *Redactor) prepare() { r.lookup().build() }

// margin returns Cap's margin for r's secrets, with every form computed.
func (r *Redactor) margin() int {
	if len(r.secrets) == 0 {
		return 0
	}
	r.prepare()
	return r.bound()
}

func TestRedactForms(t *testing.T) {
	// b64 encodes to + and / and needs padding: every base64 form differs.
	const b64 = "k3y?>~s3cr3t"
	for _, tc := range []struct {
		name, secret, form string
	}{
		{"base64 std padded", b64 + "!", base64.StdEncoding.EncodeToString([]byte(b64 + "!"))},
		{"base64 std raw", b64 + "!", base64.RawStdEncoding.EncodeToString([]byte(b64 + "!"))},
		{"base64 url padded", b64 + "!", base64.URLEncoding.EncodeToString([]byte(b64 + "!"))},
		{"base64 url raw", b64 + "!", base64.RawURLEncoding.EncodeToString([]byte(b64 + "!"))},
		{"base64 no padding needed", b64, base64.StdEncoding.EncodeToString([]byte(b64))},
		{"hex lower", "s3cr3t-zz", hex.EncodeToString([]byte("s3cr3t-zz"))},
		{"hex upper", "s3cr3t-zz", strings.ToUpper(hex.EncodeToString([]byte("s3cr3t-zz")))},
		{"lower case", "MiXeD-S3cret", "mixed-s3cret"},
		{"upper case", "MiXeD-S3cret", "MIXED-S3CRET"},
		{"query lower hex", "abc/d f9", "abc%2fd+f9"},
		{"path lower hex", "abc/d f9", "abc%2fd%20f9"},
		// Forms neither url.QueryEscape's (+ for a space) nor
		// url.PathEscape's (& = + @ : $ kept) write.
		{"component", "k y+z&1=2", "k%20y%2Bz%261%3D2"},
		{"component lower hex", "K y+z&1=2", "K%20y%2bz%261%3d2"},
		{"encodeURIComponent", "sk(live)!0123 x*", "sk(live)!0123%20x*"},
		{"json slash", "abc/def9", `abc\/def9`},
		{"json quote", `abc"def9`, `abc\"def9`},
		{"json backslash", `abc\def9`, `abc\\def9`},
		{"json plus lower", "abc+def9", `abc\u002bdef9`},
		{"json plus upper", "abc+def9", `abc\u002Bdef9`},
		{"json go html", "a<b>c&d9", `a\u003cb\u003ec\u0026d9`},
		{"json dotnet", "ab/cd+ef", `ab/cd\u002Bef`},
		{"json punct lower", "abc-def_9", `abc\u002ddef\u005f9`},
		{"json punct upper", "abc-def_9", `abc\u002Ddef\u005F9`},
		{"json punct all", "a.b~c!d9", `a\u002eb\u007ec\u0021d9`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.form == tc.secret {
				t.Fatalf("form %q is the secret itself", tc.form)
			}
			var r Redactor
			r.Add(tc.secret)
			got := r.Redact(`{"a":"` + tc.form + `","b":"x` + tc.form + `y"}`)
			want := `{"a":"[REDACTED]","b":"x[REDACTED]y"}`
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("Redact(%q) (-want +got):\n%s", tc.form, diff)
			}
		})
	}
}

func TestRedactLongestFirst(t *testing.T) {
	// "abcd" is part of the other secret and of its forms.
	var r Redactor
	r.Add("abcd", "abcd/efgh")
	got := r.Redact(`p=abcd%2Fefgh j=abcd\/efgh u=ABCD/EFGH`)
	if diff := cmp.Diff("p=[REDACTED] j=[REDACTED] u=[REDACTED]", got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
	// Secrets added after a Redact are redacted too, in every form.
	r.Add("late-secret")
	got = r.Redact("a=late-secret b=" + base64.StdEncoding.EncodeToString([]byte("late-secret")))
	if diff := cmp.Diff("a=[REDACTED] b=[REDACTED]", got); diff != "" {
		t.Errorf("after a later Add (-want +got):\n%s", diff)
	}
}

func TestCapRedactsForms(t *testing.T) {
	var r Redactor
	r.Add("s3cr3t-value")
	form := base64.StdEncoding.EncodeToString([]byte("s3cr3t-value"))
	got := r.Cap("token="+form+" and more text after it", 20)
	want := "token=[REDACTED] and\n[truncated: 20 of 39 bytes shown]"
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Cap (-want +got):\n%s", diff)
	}
}

// checkCap checks that r.Cap(s, n) shows what redacting the whole of s
// and cutting it shows, and notes the size of the redacted text or of s.
func checkCap(t *testing.T, r *Redactor, s string, n int) {
	t.Helper()
	got := r.Cap(s, n)
	whole := r.Redact(s)
	shown, cut := textcut.Prefix(whole, n)
	want := shown
	if cut {
		want = truncated(shown, len(whole))
		if other := truncated(shown, len(s)); got == other {
			want = other
		}
	}
	if got != want {
		t.Fatalf("secrets %q, text %q, cut at %d:\n got %q\nwant %q", r.secrets, s, n, got, want)
	}
	if b := r.CapBytes([]byte(s), n); b != got {
		t.Fatalf("secrets %q, text %q, cut at %d: CapBytes %q, Cap %q", r.secrets, s, n, b, got)
	}
}

// TestCapAtTheCut puts every form of a secret across the cut, at every
// offset: what Cap shows is the start of the whole text redacted, and no
// start of the form of half its length or more.
func TestCapAtTheCut(t *testing.T) {
	for _, secret := range []string{"s3cr3t-value", "Bearer tok/+x=y<z>&w", strings.Repeat("k9", 40)} {
		var r Redactor
		r.Add(secret)
		n := 4*r.margin() + 100              // past the margin: Cap redacts only the start
		filler := strings.Repeat("é. ", n/2) // two-byte characters: the cut backs up
		for _, f := range r.set.forms {
			for k := -len(f) - 2; k <= 2; k++ {
				text := filler[:n+k] + f + filler
				checkCap(t, &r, text, n)
				if shown, _, _ := strings.Cut(r.Cap(text, n), "\n[truncated"); strings.Contains(shown, f[:len(f)/2]) {
					t.Fatalf("form %q at %d: its start is shown: %q", f, n+k, shown)
				}
			}
		}
	}
}

// TestCapMatchesWhole compares Cap with redacting the whole text before
// cutting, on random texts of forms, parts of forms and other bytes, with
// cuts anywhere: also where replacing long secrets shortens the text by
// more than the margin Cap starts with.
func TestCapMatchesWhole(t *testing.T) {
	rnd := rand.New(rand.NewPCG(3, 4))
	for _, nsecrets := range []int{0, 1, 3} {
		for range 300 {
			r, s := randomCase(rnd, "abcXYZ019/+=%-_\\\"u é", nsecrets, 60, rnd.IntN(200), true)
			checkCap(t, r, s, rnd.IntN(len(s)+10))
		}
	}
}

// TestCapRedactsOnlyTheHead: capping a large body redacts (and copies)
// what it shows and a margin, not the part cut away.
func TestCapRedactsOnlyTheHead(t *testing.T) {
	var r Redactor
	r.Add("s3cr3t-value")
	body := []byte(strings.Repeat("lorem ipsum s3cr3t-value dolor "+strings.Repeat("sit amet ", 20), 6000)) // 1.27 MB
	r.CapBytes(body, 64<<10)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	got := r.CapBytes(body, 64<<10)
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > 4*64<<10 {
		t.Errorf("capping a %d-byte body allocated %d bytes", len(body), n)
	}
	if strings.Contains(got, "s3cr3t") || !strings.HasSuffix(got, " of 1266000 bytes shown]") {
		t.Errorf("capped body ends %q", got[len(got)-80:])
	}
}

func TestRedactAllocs(t *testing.T) {
	var zero Redactor
	var r Redactor
	r.Add(benchSecrets...)
	text := benchText(200)
	r.Redact(text) // computes the forms
	for name, f := range map[string]func(){
		"no secrets": func() { zero.Redact(text) },
		"short text": func() { r.Redact("abc") },
		"no match":   func() { r.Redact(text) },
		"new Redactor, known secrets": func() {
			fresh := Redactor{secrets: r.secrets}
			fresh.Redact(text)
		},
	} {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}

func TestRedactConcurrent(t *testing.T) {
	// Redactors with the same secrets share their forms.
	form := hex.EncodeToString([]byte("shared-s3cret"))
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			var r Redactor
			r.Add("shared-s3cret", fmt.Sprint("own-secret-", i%2))
			got := r.Redact("a=" + form + " b=own-secret-" + fmt.Sprint(i%2))
			if diff := cmp.Diff("a=[REDACTED] b=[REDACTED]", got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	wg.Wait()
}

func TestSecretNamesExtended(t *testing.T) {
	for _, name := range []string{"DB_PASS", "PWD", "JWT", "DSN", "PASSPHRASE", "HMAC", "SENTRY_DSN", "JWT_SIGNING", "webhook_signature", "db_pwd", "SSH_PASSPHRASE"} {
		if diff := cmp.Diff(true, IsSecretName(name)); diff != "" {
			t.Errorf("IsSecretName(%q) (-want +got):\n%s", name, diff)
		}
	}
	for _, name := range []string{"apikey", "Token", "X-Auth", "X-Signature", "X-Session-Id", "X-Password", "X-Hub-Signature-256", "X-Api-Key-Id", "X-Jwt"} {
		if diff := cmp.Diff(true, IsSecretName(name)); diff != "" { // header names follow the same rule
			t.Errorf("IsSecretName(%q) (-want +got):\n%s", name, diff)
		}
	}
}

func TestIsSecretQueryKey(t *testing.T) {
	for _, tc := range []struct {
		key  string
		want bool
	}{
		{"access_token", true},
		{"api_key", true},
		{"apikey", true},
		{"apiKey", true},
		{"APIKey", true},
		{"API_KEY", true},
		{"key", true},
		{"token", true},
		{"sig", true},
		{"signature", true},
		{"password", true},
		{"client_secret", true},
		{"X-Amz-Signature", true},
		{"X-Amz-Security-Token", true},
		{"X-Amz-Credential", true},
		{"oauth_token", true},
		{"auth", true},
		{"keyword", false},
		{"monkey", false},
		{"token_type", false},
		{"oauth_signature_method", false},
		{"design", false},
		{"bypass", false},
		{"q", false},
		{"page", false},
	} {
		if diff := cmp.Diff(tc.want, IsSecretQueryKey(tc.key)); diff != "" {
			t.Errorf("IsSecretQueryKey(%q) (-want +got):\n%s", tc.key, diff)
		}
	}
}

var benchSecrets = []string{"sk-live-4f9a8b7c6d5e4f3a2b1c", "Bearer eyJhbGciOiJIUzI1NiJ9.payload.sig"}

// benchText returns n bytes of JSON-like text with escapes, percent signs
// and padding characters in it, so that no form is skipped cheaply.
func benchText(n int) string {
	const rec = `{"id":1234,"name":"Widget \"Pro\" <b>","url":"https://example.com/a?b=c%20d&e=f+g","note":"lorem ipsum dolor sit amet"},`
	return strings.Repeat(rec, n/len(rec)+1)[:n]
}

// escapedText returns n bytes of JSON text with \uXXXX and \/ escapes.
func escapedText(n int) string {
	const rec = `{"id":1234,"name":"Caf\u00e9 \u003cb\u003e","url":"https:\/\/example.com\/a?b=c","note":"lorem ipsum dolor sit amet"},`
	return strings.Repeat(rec, n/len(rec)+1)[:n]
}

type redactCase struct {
	name    string
	secrets []string
	text    string
}

func redactCases() []redactCase {
	big := benchText(64 << 10)
	return []redactCase{
		{"none", nil, benchText(200)},
		{"2secrets-200B-nomatch", benchSecrets, benchText(200)},
		{"2secrets-64KiB-nomatch", benchSecrets, big},
		{"2secrets-64KiB-match", benchSecrets, big[:32<<10] + benchSecrets[0] + big[32<<10:]},
		// JSON escapes (\u00e9, \/) as Python's and PHP's encoders write
		// them: the escapes are decoded and the decoded text scanned.
		{"2secrets-64KiB-escapes-nomatch", benchSecrets, escapedText(64 << 10)},
		// A JSON text held in a JSON string: a backslash every few bytes.
		{"2secrets-64KiB-nested-nomatch", benchSecrets, strings.Repeat(`{\"id\":1234,\"name\":\"Widget\"},`, 2000)[:64<<10]},
	}
}

func BenchmarkRedact(b *testing.B) {
	for _, bc := range redactCases() {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			var r Redactor
			r.Add(bc.secrets...)
			r.Redact(bc.text) // the forms are computed once per Redactor
			for b.Loop() {
				r.Redact(bc.text)
			}
		})
	}
	// What a call pays: a new Redactor and one result; the secrets'
	// forms are cached from the previous call.
	b.Run("2secrets-200B-fresh", func(b *testing.B) {
		b.ReportAllocs()
		text := benchText(200)
		for b.Loop() {
			var r Redactor
			r.Add(benchSecrets...)
			r.Redact(text)
		}
	})
	// The same with a secret never seen before, whose forms are computed.
	b.Run("2secrets-200B-newsecret", func(b *testing.B) {
		b.ReportAllocs()
		text := benchText(200)
		n := 0
		for b.Loop() {
			n++
			var r Redactor
			r.Add(benchSecrets[0]+strconv.Itoa(n), benchSecrets[1])
			r.Redact(text)
		}
	})
}

// randomCase returns a Redactor of nsecrets random secrets of 4 to
// 4+longer bytes of alphabet, and a text of pieces: random bytes, then a
// form of a secret, or when partial is set, often only its start.
func randomCase(rnd *rand.Rand, alphabet string, nsecrets, longer, pieces int, partial bool) (*Redactor, string) {
	randString := func(n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[rnd.IntN(len(alphabet))]
		}
		return string(b)
	}
	var r Redactor
	for range nsecrets {
		r.Add(randString(4 + rnd.IntN(longer)))
	}
	r.prepare()
	var text strings.Builder
	for range pieces {
		text.WriteString(randString(rnd.IntN(8)))
		if f := r.set.forms; len(f) > 0 {
			f := f[rnd.IntN(len(f))]
			if partial {
				f = f[:len(f)-rnd.IntN(2)*rnd.IntN(len(f))]
			}
			text.WriteString(f)
		}
	}
	return &r, text.String()
}

// TestRedactMatchesNaive checks the sampled scan against replacing every
// form in turn, on random texts full of forms, with few and with many
// secrets (more forms than scan tracks one by one).
func TestRedactMatchesNaive(t *testing.T) {
	rnd := rand.New(rand.NewPCG(1, 2))
	for _, nsecrets := range []int{1, 3, 30} {
		for range 200 {
			r, text := randomCase(rnd, "abcXYZ019/+=%-_\\\"u ", nsecrets, 12, 20, false)
			want := naiveRedact(r.set.forms, text)
			if diff := cmp.Diff(want, r.Redact(text)); diff != "" {
				t.Fatalf("secrets %q, text %q (-naive +got):\n%s", r.secrets, text, diff)
			}
		}
	}
}

// TestRedactFindsFormsByTheirStarts redacts with sets whose forms are not
// computed yet, as for secrets new to a call, like replacing every form in
// turn: the starts find every form, and bound every form's length.
func TestRedactFindsFormsByTheirStarts(t *testing.T) {
	rnd := rand.New(rand.NewPCG(5, 6))
	for _, nsecrets := range []int{1, 3, 30} {
		for i := range 400 {
			alphabet := "abcXYZ019/+=%-_\\\"u "
			if i%2 == 1 {
				alphabet = "aZ9<>&'`\"/+\\.~ \x01é"
			}
			r, text := randomCase(rnd, alphabet, nsecrets, 24, 20, true)
			want, total := naiveRedact(r.set.forms, text), 0
			for _, f := range r.set.forms {
				total += len(f)
			}
			set := newSecretSet(r.secrets)
			if diff := cmp.Diff(want, set.redact(text)); diff != "" {
				t.Fatalf("secrets %q, text %q (-naive +got):\n%s", r.secrets, text, diff)
			}
			if set.bound < total {
				t.Fatalf("secrets %q: bound %d, forms %d bytes together", r.secrets, set.bound, total)
			}
		}
	}
}

// TestRedactComputesFormsOnDemand: a text holding no start of a form of a
// new secret costs no forms; one holding a form has it redacted.
func TestRedactComputesFormsOnDemand(t *testing.T) {
	const tok = "tok-on-demand-7Qx/9"
	var r Redactor
	r.AddHeader("Authorization", "Bearer "+tok)
	text := benchText(200)
	if got := r.Redact(text); got != text {
		t.Fatalf("Redact changed a text without secrets: %q", got)
	}
	if r.set.forms != nil {
		t.Errorf("forms computed for a text holding none: %q", r.set.forms)
	}
	for _, form := range []string{tok, strings.ToUpper(tok), hex.EncodeToString([]byte(tok)), base64.RawURLEncoding.EncodeToString([]byte(tok)), `tok\u002don\u002ddemand\u002d7Qx\u002f9`, "Bearer%20tok-on-demand-7Qx%2f9"} {
		if got, want := r.Redact(text+form+text), text+Redacted+text; got != want {
			t.Errorf("form %q: Redact left %q", form, strings.TrimSuffix(strings.TrimPrefix(got, text), text))
		}
	}
}

func TestAddHeader(t *testing.T) {
	for _, c := range []struct {
		name, value, text, want string
	}{
		{"Cookie", "sid=abcd1234; theme=dark", "sid abcd1234, theme dark", "sid [REDACTED], theme [REDACTED]"},
		{"cookie", "sid=abcd1234", "abcd1234", "[REDACTED]"},
		{"Authorization", "Bearer tok-5678", "tok-5678 and Bearer tok-5678", "[REDACTED] and [REDACTED]"},
		// Only a Cookie header is split into its pairs.
		{"X-Api-Key", "k=abcd1234", "abcd1234 k=abcd1234", "abcd1234 [REDACTED]"},
	} {
		var r Redactor
		r.AddHeader(c.name, c.value)
		if got := r.Redact(c.text); got != c.want {
			t.Errorf("%s: %q: Redact(%q) = %q, want %q", c.name, c.value, c.text, got, c.want)
		}
	}
}

// BenchmarkRedactNewSecret is what a call pays whose secrets are new to
// it, as a per-user token passed with each call is: a new Redactor, the
// secrets added, one text redacted.
func BenchmarkRedactNewSecret(b *testing.B) {
	small, big := benchText(200), benchText(64<<10)
	for _, bc := range []struct {
		name  string
		text  string
		match bool // the text holds the new secret
	}{
		{"bearer-200B-nomatch", small, false},
		{"bearer-200B-match", small, true},
		{"bearer-64KiB-nomatch", big, false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			n := 0
			for b.Loop() {
				n++
				tok := "tok-" + strconv.Itoa(1e8+n) + "-user"
				text := bc.text
				if bc.match {
					text = text[:100] + tok + text[100:]
				}
				var r Redactor
				r.Add(benchSecrets[0])
				r.AddHeader("Authorization", "Bearer "+tok)
				if got := r.Redact(text); bc.match == (got == text) {
					b.Fatalf("Redact(%q) = %q", text, got)
				}
			}
		})
	}
}

// TestReview36_BracketQueryKey: a credential key written as a form encodes
// arrays and maps (PHP, Rails, qs) is still a credential's position, so
// RequestInfo.Query, errors and fixtures redact its value.
func TestReview36_BracketQueryKey(t *testing.T) {
	for key, want := range map[string]bool{
		"api_key[]": true, "access_token[0]": true, "token[]": true, "auth[token]": true,
		"filter[api_key]": true, " api_key ": true, "user[password]": true,
		"page[size]": false, "ids[]": false, "filter[keyword]": false, "[key]": false, "q": false,
	} {
		if got := IsSecretQueryKey(key); got != want {
			t.Errorf("IsSecretQueryKey(%q) = %v, want %v", key, got, want)
		}
	}
}
