module github.com/toolkit-sdk/toolkit/examples/agent-loop

go 1.26

require github.com/toolkit-sdk/toolkit v0.0.0

require (
	code.dny.dev/ssrf v0.3.0 // indirect
	github.com/goccy/go-yaml v1.19.2 // indirect
	github.com/hashicorp/go-cleanhttp v0.5.2 // indirect
	github.com/hashicorp/go-retryablehttp v0.7.8 // indirect
)

replace github.com/toolkit-sdk/toolkit => ../..
