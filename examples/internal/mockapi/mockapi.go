// Package mockapi serves the mock order, weather and book API that the
// example programs' tool files call, so that they run with no setup.
package mockapi

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// Handler is a small stand-in for an order, weather and book service: the
// API the quick start's tool files call.
func Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /auth/token", func(w http.ResponseWriter, r *http.Request) {
		var in struct {
			ClientSecret string `json:"client_secret"`
		}
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&in); err != nil || in.ClientSecret != "s3cr3t-demo-value" {
			http.Error(w, `{"error":"invalid_client"}`, http.StatusUnauthorized)
			return
		}
		fmt.Fprint(w, `{"access_token":"tok-7f3a9c","expires_in":3600}`)
	})
	mux.HandleFunc("GET /orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer tok-7f3a9c" {
			http.Error(w, `{"error":"unauthorized"}`, http.StatusUnauthorized)
			return
		}
		fmt.Fprintf(w, `{"data":{"id":%q,"status":"shipped","amount":1234567.89}}`, r.PathValue("id"))
	})
	mux.HandleFunc("GET /primary/weather", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Query().Get("q") != "Berlin" {
			w.Header().Set("Content-Type", "text/html")
			w.WriteHeader(http.StatusBadGateway)
			fmt.Fprint(w, "<html><body>502 Bad Gateway</body></html>")
			return
		}
		fmt.Fprint(w, `{"current":{"temp":21.5,"summary":"sunny"}}`)
	})
	mux.HandleFunc("GET /primary/forecast", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "forecast:\n  - day: Mon\n    temp: 22\n  - day: Tue\n    temp: 19\n")
	})
	mux.HandleFunc("GET /backup/weather", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "city: %s\ntemperature: 4.0\n", r.URL.Query().Get("city"))
	})
	mux.HandleFunc("GET /books", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, `{"author":%q,"limit":%s,"books":[{"title":"A Wizard of Earthsea"},{"title":"The Dispossessed"}]}`,
			r.URL.Query().Get("author"), r.URL.Query().Get("limit"))
	})
	return mux
}
