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
// bound services (frontend/wailsjs, committed). These tests fail when the
// Go side changed and the bindings were not regenerated (`make bindings`).

const wailsjs = "../frontend/wailsjs/go"

// bound are the services window.go binds (App.Bound), by name.
func bound() map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for _, s := range NewApp(nil, nil, nil).Bound() { // nothing opened
		t := reflect.TypeOf(s)
		out[t.Elem().Name()] = t
	}
	return out
}

var dtsFunc = regexp.MustCompile(`^export function (\w+)\(([^)]*)\):Promise<(.*)>;$`)

// generatedMethods reads <service>.d.ts: method name → number of arguments.
func generatedMethods(t *testing.T, service string) map[string]int {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(wailsjs, "app", service+".d.ts"))
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
			t.Fatalf("%s.d.ts:%d: unexpected declaration %q", service, i+1, line)
		}
		n := 0
		if m[2] != "" {
			n = strings.Count(m[2], ",") + 1
		}
		out[m[1]] = n
	}
	return out
}

func TestGeneratedBindingsMatchServices(t *testing.T) {
	services := bound()
	if len(services) != 8 {
		t.Fatalf("%d bound services, want 8 (browse, edit, export, tools, packing, load order, combine, settings)", len(services))
	}
	var problems []string
	total := 0
	for name, typ := range services {
		gen := generatedMethods(t, name)
		total += len(gen)
		for i := 0; i < typ.NumMethod(); i++ {
			m := typ.Method(i)
			n, ok := gen[m.Name]
			switch {
			case !ok:
				problems = append(problems, name+"."+m.Name+" has no generated binding")
			case n != m.Type.NumIn()-1:
				problems = append(problems, name+"."+m.Name+": Go takes "+strconv.Itoa(m.Type.NumIn()-1)+" arguments, the binding "+strconv.Itoa(n))
			}
			delete(gen, m.Name)
		}
		for fn := range gen {
			problems = append(problems, "binding "+name+"."+fn+" has no Go method")
		}
	}
	// A binding file of a service no longer bound is stale too.
	ents, _ := os.ReadDir(filepath.Join(wailsjs, "app"))
	for _, e := range ents {
		if n, ok := strings.CutSuffix(e.Name(), ".d.ts"); ok && services[n] == nil {
			problems = append(problems, e.Name()+" belongs to no bound service")
		}
	}
	if total < 40 {
		problems = append(problems, "the bindings declare only "+strconv.Itoa(total)+" functions")
	}
	sort.Strings(problems)
	if len(problems) > 0 {
		t.Fatalf("frontend/wailsjs is stale, run `make bindings`:\n  %s", strings.Join(problems, "\n  "))
	}
}

// A service binds at most maxBound methods: past that it holds more than
// one concern. Nothing embedded in a service binds methods of its own.
const maxBound = 20

func TestServicesStaySmall(t *testing.T) {
	for name, typ := range bound() {
		if n := typ.NumMethod(); n > maxBound {
			t.Errorf("%s binds %d methods, more than %d: split it by concern", name, n, maxBound)
		}
	}
	// Nothing is embedded, so nothing binds methods a service did not
	// declare (TestServicesOwnTheirState lists what each holds).
	for name, typ := range bound() {
		for i := 0; i < typ.Elem().NumField(); i++ {
			if f := typ.Elem().Field(i); f.Anonymous {
				t.Errorf("%s embeds %s: its exported methods would be bound too", name, f.Type)
			}
		}
	}
}

// No method is bound twice: each concern's service has its own.
func TestServicesDoNotOverlap(t *testing.T) {
	seen := map[string]string{}
	for name, typ := range bound() {
		for i := 0; i < typ.NumMethod(); i++ {
			m := typ.Method(i).Name
			if other, ok := seen[m]; ok {
				t.Errorf("%s is bound on %s and %s", m, other, name)
			}
			seen[m] = name
		}
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
	for _, typ := range bound() {
		for i := 0; i < typ.NumMethod(); i++ {
			m := typ.Method(i)
			for j := 1; j < m.Type.NumIn(); j++ {
				collectStructs(m.Type.In(j), structs)
			}
			for j := 0; j < m.Type.NumOut(); j++ {
				collectStructs(m.Type.Out(j), structs)
			}
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
		case f.IsExported() && f.Tag.Get("json") != "-": // JSON and Wails skip "-" fields
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
