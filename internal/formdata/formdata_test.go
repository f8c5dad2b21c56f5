package formdata

import (
	"bytes"
	"encoding/base64"
	"testing"
)

func TestBase64(t *testing.T) {
	for _, tt := range []struct{ in, want, err string }{
		{"aGk=", "hi", ""},
		{" aGk\n=\r\n", "hi", ""},
		{"data:image/png;base64,aGk=", "hi", ""},
		{"aGk", "hi", ""},        // unpadded
		{"-_8=", "\xfb\xff", ""}, // URL-safe
		{"aG!k", "", "illegal base64 data at input byte 2"},
	} {
		got, err := Decode(Base64(tt.in))
		if tt.err != "" {
			if err == nil || err.Error() != tt.err {
				t.Errorf("%q: error %v, want %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || string(got) != tt.want {
			t.Errorf("%q: %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}

func TestEscapeAndType(t *testing.T) {
	if got := Escape("a\r\nb\"c\\\x00"); got != `a%0D%0Ab\"c\\%00` {
		t.Errorf("Escape = %q", got)
	}
	for _, tt := range []struct {
		in   string
		want bool
	}{{"image/png", true}, {"text/plain; charset=utf-8", true}, {"image/png\r\n", false}, {"\r\nimage/png", false}, {"not a type", false}} {
		if got := ValidType(tt.in); got != tt.want {
			t.Errorf("ValidType(%q) = %v", tt.in, got)
		}
	}
}

// TestDecodeIntoAsDecodeString: decoding 4 KiB of text at a time accepts
// and refuses what encoding/base64 does over the whole text, with the same
// offset, at and around every chunk edge.
func TestDecodeIntoAsDecodeString(t *testing.T) {
	whole := base64.StdEncoding.EncodeToString(bytes.Repeat([]byte("toolkit!"), 1600)) // 17,068 chars
	var cases []string
	for _, n := range []int{0, 1, 2, 3, 4, 4095, 4096, 4097, 8192, len(whole)} {
		t := whole[:min(n, len(whole))]
		cases = append(cases, t, t+"=", t+"==", t+"A", t+"AA=", t+"!"+whole[:8])
		if n >= 4 {
			cases = append(cases, t[:n-4]+"AA=="+whole[:8], t[:n-1]+"*")
		}
	}
	for _, in := range cases {
		for _, enc := range []*base64.Encoding{base64.StdEncoding, base64.RawStdEncoding} {
			want, wantErr := enc.DecodeString(in)
			got, err := DecodeInto(make([]byte, enc.DecodedLen(len(in))), in, enc)
			if (err != nil) != (wantErr != nil) || err != nil && err.Error() != DecodeError(wantErr).Error() || err == nil && !bytes.Equal(got, want) {
				t.Errorf("%d chars ending %q: got %d bytes, %v; want %d bytes, %v", len(in), in[max(0, len(in)-6):], len(got), err, len(want), wantErr)
			}
		}
	}
}
