package formdata

import (
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
