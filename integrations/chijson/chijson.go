// Package chijson plugs safejson into go-chi/render, for chi routers and
// plain net/http handlers.
//
// render's hooks are its package variables Respond and Decode, so setting
// them is process-wide; JSON, Responder and Decode can also be called
// directly in handlers, with a policy per call:
//
//	render.Respond = chijson.Responder(policy.New(policy.ScriptSafe())) // render.Render, render.RenderList
//	render.Decode = chijson.Decode                                       // render.Bind
//
//	chijson.JSON(policy.Policy{}, w, r, v) // in place of render.JSON(w, r, v)
//
// With the zero Policy, each writes and returns exactly what render's own
// function, which uses encoding/json, does.
package chijson

import (
	"bytes"
	"io"
	"net/http"
	"reflect"

	"github.com/go-chi/render"
	"github.com/safejson/safejson/compat"
	"github.com/safejson/safejson/policy"
)

// JSON writes v encoded under p, as render.JSON does: Content-Type
// application/json, the status set by render.Status, and on an encoding
// error a 500 with the error's text instead.
func JSON(p policy.Policy, w http.ResponseWriter, r *http.Request, v any) {
	var buf bytes.Buffer
	if err := p.NewEncoder(&buf).Encode(v); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if status, ok := r.Context().Value(render.StatusCtxKey).(int); ok {
		w.WriteHeader(status)
	}
	w.Write(buf.Bytes()) //nolint:errcheck // as render.JSON: the client is gone
}

// Responder returns a render.Respond that writes JSON under p where
// render.DefaultResponder writes JSON, and XML with render.XML. Channels go
// to render.DefaultResponder, whose streaming is unexported: their items
// are written by render with encoding/json, not under p.
func Responder(p policy.Policy) func(w http.ResponseWriter, r *http.Request, v any) {
	return func(w http.ResponseWriter, r *http.Request, v any) {
		if v != nil && reflect.TypeOf(v).Kind() == reflect.Chan {
			render.DefaultResponder(w, r, v)
			return
		}
		if render.GetAcceptedContentType(r) == render.ContentTypeXML {
			render.XML(w, r, v)
			return
		}
		JSON(p, w, r, v)
	}
}

// Decode is render.DefaultDecoder with JSON bodies decoded by DecodeJSON.
func Decode(r *http.Request, v any) error {
	if render.GetRequestContentType(r) == render.ContentTypeJSON {
		return DecodeJSON(r.Body, v)
	}
	return render.DefaultDecoder(r, v)
}

// DecodeJSON decodes one JSON value from body into v with a
// [compat.Decoder] and then drains body, as render.DecodeJSON does.
func DecodeJSON(body io.Reader, v any) error {
	defer io.Copy(io.Discard, body) //nolint:errcheck // as render.DecodeJSON
	return compat.NewDecoder(body).Decode(v)
}
