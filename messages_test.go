package toolkit

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestErrorTableLocale: the failures the specification's error table names
// read as it writes them with a Chinese locale, in English otherwise.
func TestErrorTableLocale(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/json":
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"a":1}`))
		default:
			_, _ = w.Write([]byte("<html>not data"))
		}
	}))
	defer srv.Close()
	reg := loadRegistry(t, nil, srv.URL, `
name: abort_missing
desc: aborts
steps:
  - url: ${env:BASE_URL}/json
    var:
      - {name: token, extract: data.token, abort: true}
    result: ${step0:token}
`, `
name: not_data
desc: a path over HTML
steps:
  - url: ${env:BASE_URL}/html
    var:
      - {name: token, extract: data.token}
    result: ${step0:token}
`, `
name: unreachable
desc: a refused request
steps:
  - url: http://10.255.255.1/x
`)
	tests := []struct {
		tool, locale, want string
	}{
		{"abort_missing", "", `capability "abort_missing" failed: variable "token" extraction failed (step 0, extract "data.token"): not found in the response`},
		{"abort_missing", "en_US", `capability "abort_missing" failed: variable "token" extraction failed (step 0, extract "data.token"): not found in the response`},
		{"abort_missing", "zh_CN", `能力 "abort_missing" 执行失败：变量 token 提取失败（步骤 0，extract "data.token"）：响应中不存在`},
		{"abort_missing", "zh-TW", `能力 "abort_missing" 执行失败：变量 token 提取失败（步骤 0，extract "data.token"）：响应中不存在`},
		{"abort_missing", "ZH", `能力 "abort_missing" 执行失败：变量 token 提取失败（步骤 0，extract "data.token"）：响应中不存在`},
		{"not_data", "", `capability "not_data" failed: step 0: variable "token": the response is neither JSON nor YAML, so path "data.token" cannot apply (HTTP 200 OK, body "<html>not data")`},
		{"not_data", "zh_CN", `能力 "not_data" 执行失败：步骤 0：变量 token：响应体既不是 JSON 也不是 YAML，无法应用路径 "data.token"（HTTP 200 OK，响应体 "<html>not data"）`},
	}
	for _, tt := range tests {
		res := call(t, reg, tt.tool, `{}`, WithLocale(tt.locale))
		if !res.IsError || res.Text != tt.want {
			t.Errorf("%s in %q:\n got %q (error %v)\nwant %q", tt.tool, tt.locale, res.Text, res.IsError, tt.want)
		}
	}
	// The request failure: the Go error stays as Go words it; the frame is localized.
	en := call(t, reg, "unreachable", `{}`)
	zh := call(t, reg, "unreachable", `{}`, WithLocale("zh_CN"))
	const enPrefix, zhPrefix = `capability "unreachable" failed: step 0: GET `, `能力 "unreachable" 执行失败：步骤 0：HTTP 请求失败：GET `
	if !en.IsError || len(en.Text) < len(enPrefix) || en.Text[:len(enPrefix)] != enPrefix {
		t.Errorf("request failure, English: %q", en.Text)
	}
	if !zh.IsError || len(zh.Text) < len(zhPrefix) || zh.Text[:len(zhPrefix)] != zhPrefix {
		t.Errorf("request failure, Chinese: %q", zh.Text)
	}
	const goErr = "dial tcp 10.255.255.1:80: host not allowed: 10.255.255.1 is a private or special-purpose address"
	if want := enPrefix + "http://10.255.255.1/x: " + goErr; en.Text != want {
		t.Errorf("request failure, English:\n got %q\nwant %q", en.Text, want)
	}
	if want := zhPrefix + "http://10.255.255.1/x：" + goErr; zh.Text != want {
		t.Errorf("request failure, Chinese:\n got %q\nwant %q", zh.Text, want)
	}
}
