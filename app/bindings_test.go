package app

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The front end calls Go through the bindings Wails generates from the
// bound Service (frontend/wailsjs, committed). These tests fail when the Go
// side changed and the bindings were not regenerated (`make bindings`).

const wailsjs = "../frontend/wailsjs/go"

// lifecycleMethods are given to Wails as OnStartup/OnShutdown/… callbacks
// (window.go), which Wails leaves out of the bindings.
var lifecycleMethods = map[string]bool{"Shutdown": true}

var dtsFunc = regexp.MustCompile(`^export function (\w+)\(([^)]*)\):Promise<(.*)>;$`)

// generatedMethods reads Service.d.ts: method name → number of arguments.
func generatedMethods(t *testing.T) map[string]int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(wailsjs, "app", "Service.d.ts"))
	if err != nil {
		t.Fatalf("%v (generate the bindings with `make bindings`)", err)
	}
	out := map[string]int{}
	for i, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSpace(line)
		if !strings.HasPrefix(line, "export function ") {
			continue
		}
		m := dtsFunc.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("Service.d.ts:%d: unexpected declaration %q", i+1, line)
		}
		n := 0
		if m[2] != "" {
			n = strings.Count(m[2], ",") + 1
		}
		out[m[1]] = n
	}
	return out
}

func TestGeneratedBindingsMatchService(t *testing.T) {
	gen := generatedMethods(t)
	if len(gen) < 20 {
		t.Fatalf("Service.d.ts declares %d functions; expected the whole service", len(gen))
	}
	typ := reflect.TypeOf(&Service{})
	var problems []string
	for i := 0; i < typ.NumMethod(); i++ {
		m := typ.Method(i)
		if lifecycleMethods[m.Name] {
			if _, ok := gen[m.Name]; ok {
				problems = append(problems, m.Name+" is a lifecycle callback but has a binding")
			}
			continue
		}
		n, ok := gen[m.Name]
		switch {
		case !ok:
			problems = append(problems, "Service."+m.Name+" has no generated binding")
		case n != m.Type.NumIn()-1:
			problems = append(problems, "Service."+m.Name+": Go takes "+strconv.Itoa(m.Type.NumIn()-1)+" arguments, the binding "+strconv.Itoa(n))
		}
		delete(gen, m.Name)
	}
	for name := range gen {
		problems = append(problems, "binding "+name+" has no Service method")
	}
	sort.Strings(problems)
	if len(problems) > 0 {
		t.Fatalf("frontend/wailsjs is stale, run `make bindings`:\n  %s", strings.Join(problems, "\n  "))
	}
}

// The generated models (models.ts) have the JSON fields of every Go struct
// the bound methods take or return.
func TestGeneratedModelsMatchStructs(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(wailsjs, "models.ts"))
	if err != nil {
		t.Fatal(err)
	}
	models := parseModels(string(b))
	structs := map[string]reflect.Type{}
	typ := reflect.TypeOf(&Service{})
	for i := 0; i < typ.NumMethod(); i++ {
		m := typ.Method(i)
		if lifecycleMethods[m.Name] {
			continue
		}
		for j := 1; j < m.Type.NumIn(); j++ {
			collectStructs(m.Type.In(j), structs)
		}
		for j := 0; j < m.Type.NumOut(); j++ {
			collectStructs(m.Type.Out(j), structs)
		}
	}
	if len(structs) < 10 {
		t.Fatalf("found %d structs in the service's signatures", len(structs))
	}
	var problems []string
	for name, st := range structs {
		fields, ok := models[name]
		if !ok {
			problems = append(problems, name+": no class in models.ts")
			continue
		}
		want := jsonFields(st)
		if strings.Join(want, ",") != strings.Join(fields, ",") {
			problems = append(problems, name+": Go fields "+strings.Join(want, ",")+"; models.ts "+strings.Join(fields, ","))
		}
	}
	sort.Strings(problems)
	if len(problems) > 0 {
		t.Fatalf("frontend/wailsjs/go/models.ts is stale, run `make bindings`:\n  %s", strings.Join(problems, "\n  "))
	}
}

// parseModels reads "namespace.Class" → field names (in order).
func parseModels(src string) map[string][]string {
	out := map[string][]string{}
	ns, class := "", ""
	field := regexp.MustCompile(`^(\w+)\??: .*;$`)
	for _, line := range strings.Split(src, "\n") {
		l := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(l, "export namespace "):
			ns = strings.TrimSuffix(strings.TrimPrefix(l, "export namespace "), " {")
		case strings.HasPrefix(l, "export class "):
			class = ns + "." + strings.TrimSuffix(strings.TrimPrefix(l, "export class "), " {")
			out[class] = []string{}
		case strings.HasPrefix(l, "static createFrom"), strings.HasPrefix(l, "constructor("):
			class = ""
		case class != "":
			if m := field.FindStringSubmatch(l); m != nil {
				out[class] = append(out[class], m[1])
			}
		}
	}
	return out
}

func collectStructs(t reflect.Type, seen map[string]reflect.Type) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice || t.Kind() == reflect.Array || t.Kind() == reflect.Map {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t.PkgPath() == "" {
		return
	}
	name := filepath.Base(t.PkgPath()) + "." + t.Name()
	if _, ok := seen[name]; ok {
		return
	}
	seen[name] = t
	collectFields(t, seen)
}

func collectFields(t reflect.Type, seen map[string]reflect.Type) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		switch {
		case inlined(f):
			collectFields(f.Type, seen) // its fields are the outer struct's
		case f.IsExported():
			collectStructs(f.Type, seen)
		}
	}
}

// inlined says whether encoding/json (and Wails) flatten an embedded struct.
func inlined(f reflect.StructField) bool {
	n, _, _ := strings.Cut(f.Tag.Get("json"), ",")
	return f.Anonymous && n == "" && f.Type.Kind() == reflect.Struct
}

// jsonFields are the names encoding/json gives a struct's exported fields.
func jsonFields(t reflect.Type) []string {
	var out []string
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if inlined(f) {
			out = append(out, jsonFields(f.Type)...)
			continue
		}
		if !f.IsExported() {
			continue
		}
		name := f.Name
		if tag, ok := f.Tag.Lookup("json"); ok {
			n, _, _ := strings.Cut(tag, ",")
			if n == "-" {
				continue
			}
			if n != "" {
				name = n
			}
		}
		out = append(out, name)
	}
	return out
}
