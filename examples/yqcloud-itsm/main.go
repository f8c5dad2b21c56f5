// Command yqcloud-itsm runs the YQCloud ITSM and knowledge flows of the
// function-definition spec against an embedded mock YQCloud server: the
// spec's definitions are loaded as they are, and a scripted model calls
// them through the registry's entry tools. It prints what the model sees
// and the signals the host's agent loop acts on.
//
//	go run ./examples/yqcloud-itsm
package main

import (
	"context"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"

	"github.com/toolkit-sdk/toolkit"
	"github.com/toolkit-sdk/toolkit/yqcloud"
)

//go:embed functions/*.json
var functions embed.FS

const (
	tenant = "1001"
	token  = "yq-access-7c1e4b2a9d"
)

func main() {
	if err := run(os.Stdout); err != nil {
		log.Fatal(err)
	}
}

func run(out io.Writer) error {
	api := httptest.NewServer(mockYQCloud())
	defer api.Close()

	set, diags := yqcloud.ParseFS(functions, "functions", nil)
	if diags.HasErrors() {
		return diags
	}
	reg := toolkit.NewRegistry(&toolkit.Options{
		Logger:       slog.New(slog.NewTextHandler(io.Discard, nil)),
		AllowPrivate: []string{"127.0.0.1"}, // the mock YQCloud server listens on loopback
	})
	if err := set.Register(reg); err != nil {
		return err
	}

	fmt.Fprintln(out, "The definitions as tools for a model that calls them directly (Options.Flat, en_US):")
	flat := toolkit.NewRegistry(&toolkit.Options{Flat: true})
	if err := set.Register(flat); err != nil {
		return err
	}
	for _, t := range flat.Tools(toolkit.WithLocale("en_US")) {
		fmt.Fprintf(out, "  - %s: %s\n", t.Name, t.Description)
	}

	// What differs per request in a multi-tenant agent: the tenant, the
	// user's token and the static configuration.
	values := []toolkit.CallOption{
		toolkit.WithValue(yqcloud.ValueBaseURL, api.URL),
		toolkit.WithValue(yqcloud.ValueTenantID, tenant),
		toolkit.WithValue(yqcloud.ValueAccessToken, token),
	}
	values = append(values, toolkit.WithNotify(func(n toolkit.Notice) {
		fmt.Fprintf(out, "[host shows while %s runs] %s\n", n.Capability, n.Text)
	}))
	ctx := context.Background()

	flows := []struct {
		title string
		calls []struct{ tool, args string }
	}{
		{"ITSM: the user wants a VPN ticket", []struct{ tool, args string }{
			{toolkit.ToolQueryCapabilities, `{"category": "yqcloud"}`},
			{toolkit.ToolQueryDetail, `{"name": "getCreateTicketParamJsonSchema"}`},
			{toolkit.ToolCallCapability, `{"name": "getAllServiceItem", "parameters": {}}`},
			{toolkit.ToolCallCapability, `{"name": "getCreateTicketParamJsonSchema", "parameters": {"id": "2001"}}`},
			{toolkit.ToolCallCapability, `{"name": "createTicket", "parameters": {"serviceItemId": "2001", "title": "VPN 无法连接", "urgency": "HIGH"}}`},
		}},
		{"ITSM: the service item is unclear", []struct{ tool, args string }{
			{toolkit.ToolCallCapability, `{"name": "requestUserSelectServiceItem", "parameters": {"serviceItemList": [{"id": "2002", "name": "电脑故障报修"}]}}`},
		}},
		{"Knowledge: search, then fetch an article", []struct{ tool, args string }{
			{toolkit.ToolCallCapability, `{"name": "searchKnowledge", "parameters": {"keyword": "VPN"}}`},
			{toolkit.ToolCallCapability, `{"name": "fetchKnowledgeElement", "parameters": {"knowId": "KN-2024/017"}}`},
			{toolkit.ToolCallCapability, `{"name": "searchKnowledge", "parameters": {"keyword": "打印机", "page": "1"}}`},
			{toolkit.ToolCallCapability, `{"name": "fetchKnowledgeElement", "parameters": {}}`},
		}},
	}
	for _, f := range flows {
		fmt.Fprintf(out, "\n## %s\n", f.title)
		for _, c := range f.calls {
			fmt.Fprintf(out, "\n> %s %s\n", c.tool, c.args)
			res, err := reg.Call(ctx, c.tool, json.RawMessage(c.args), values...)
			if err != nil {
				return err
			}
			prefix := ""
			if res.IsError {
				prefix = "[error] "
			}
			fmt.Fprintf(out, "%s%s\n", prefix, res.Text)
			hostActions(out, res.Signals)
		}
	}
	return nil
}

// hostActions prints what an agent loop does with a result's signals.
func hostActions(out io.Writer, s toolkit.Signals) {
	if s.Manual {
		fmt.Fprintf(out, "[host] hand %s to the front end with %s\n", s.Capability, s.ManualArguments)
	}
	if s.ResultTips != "" {
		fmt.Fprintf(out, "[host] show the user: %s\n", s.ResultTips)
	}
	if s.ExtraParams != nil {
		fmt.Fprintf(out, "[host] extra params for the front end: %s\n", s.ExtraParams)
	}
	if s.ToolChoice != nil {
		fmt.Fprintf(out, "[host] next turn's tool_choice: %s\n", s.ToolChoice)
	}
	if s.StopGeneration {
		fmt.Fprintln(out, "[host] stop generation: the user acts next")
	}
}

// mockYQCloud stands in for the YQCloud ITSM and knowledge APIs.
func mockYQCloud() http.Handler {
	mux := http.NewServeMux()
	authorized := func(w http.ResponseWriter, r *http.Request) bool {
		if r.Header.Get("Authorization") != "bearer "+token || r.PathValue("tenant") != tenant {
			w.WriteHeader(http.StatusUnauthorized)
			fmt.Fprint(w, `{"failed":true,"code":"error.permission","message":"unauthorized"}`)
			return false
		}
		return true
	}
	mux.HandleFunc("GET /itsm/v1/{tenant}/service_items/catalog/page/all", func(w http.ResponseWriter, r *http.Request) {
		if !authorized(w, r) {
			return
		}
		q := r.URL.Query()
		if q.Get("serviceCatalogFlag") != "true" || q.Get("size") != "9999" {
			http.Error(w, `{"failed":true,"message":"bad query"}`, http.StatusBadRequest)
			return
		}
		fmt.Fprint(w, `{"totalElements":5,"content":[`+
			`{"id":"1000","name":"IT 服务","type":"CATALOG","shortDescription":"目录","description":"IT 服务目录","icon":"it.png"},`+
			`{"id":"2001","name":"VPN 访问问题","type":"SERVICE","shortDescription":"VPN 无法连接或很慢","description":"远程办公 VPN 的连接、认证与速度问题","icon":"vpn.png","catalogId":"1000"},`+
			`{"id":"2002","name":"电脑故障报修","type":"SERVICE","shortDescription":"办公电脑硬件或系统故障","description":"台式机、笔记本的硬件损坏、蓝屏和系统问题","icon":"pc.png","catalogId":"1000"},`+
			`{"id":"2003","name":"账号权限申请","type":"RECORD","shortDescription":"系统账号与权限","description":"新开账号、权限变更与回收","icon":"key.png","catalogId":"1000"},`+
			`{"id":"3001","name":"办公用品","type":"CATALOG","shortDescription":"目录","description":"办公用品目录","icon":"box.png"}`+
			`],"number":0,"size":9999}`)
	})
	mux.HandleFunc("GET /ai/v1/{tenant}/itsmScene/getServiceItemSchema", func(w http.ResponseWriter, r *http.Request) {
		if !authorized(w, r) {
			return
		}
		fmt.Fprintf(w, `{"serviceItemId":%q,"jsonSchema":{"type":"object","properties":{"title":{"type":"string","description":"标题"},"urgency":{"type":"string","enum":["LOW","MEDIUM","HIGH"],"description":"紧急程度"},"description":{"type":"string","description":"问题描述"}},"required":["title","urgency"]}}`,
			r.URL.Query().Get("id"))
	})
	mux.HandleFunc("POST /knowledge/v1/{tenant}/know/search", func(w http.ResponseWriter, r *http.Request) {
		if !authorized(w, r) {
			return
		}
		var body struct {
			SearchType string `json:"searchType"`
			SearchText string `json:"searchText"`
		}
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil || body.SearchType != "FULL_TEXT" || r.URL.Query().Get("size") != "5" {
			http.Error(w, `{"failed":true,"message":"bad search"}`, http.StatusBadRequest)
			return
		}
		if !strings.Contains(strings.ToUpper(body.SearchText), "VPN") {
			fmt.Fprint(w, `{"totalElements":0,"content":[]}`)
			return
		}
		fmt.Fprint(w, `{"totalElements":2,"content":[`+
			`{"knowId":"KN-2024/017","title":"VPN 连接失败排查","views":1024,"author":"it-ops"},`+
			`{"knowId":"KN-2023/101","title":"VPN 客户端安装指南","views":512,"author":"it-ops"}]}`)
	})
	mux.HandleFunc("GET /knowledge/v1/{tenant}/know/fetch/element/{knowId}", func(w http.ResponseWriter, r *http.Request) {
		if !authorized(w, r) {
			return
		}
		if r.Header.Get("X-Tenant-Id") != tenant || r.Header.Get("Accept") != "application/json" {
			http.Error(w, `{"failed":true,"message":"missing headers"}`, http.StatusBadRequest)
			return
		}
		fmt.Fprintf(w, `{"knowId":%q,"title":"VPN 连接失败排查","content":"1. 检查网络；2. 重新登录 VPN 客户端；3. 仍失败请提交工单。","escapedPath":%q}`,
			r.PathValue("knowId"), strings.TrimPrefix(r.URL.EscapedPath(), "/knowledge/v1/"+tenant+"/know/fetch/element/"))
	})
	return mux
}
