package app

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"packsmith/backend/archive"
	"packsmith/backend/workspace/jobs"
	"packsmith/backend/workspace/session"
)

// result waits for the job a bound call started and answers as the call
// did before it became a job: the job's result, or its error (a cancelled
// job: context.Canceled). Use: result[*BakeView](s)(s.BakeGrid(id, p)).
func result[T any](s *App) func(string, error) (T, error) {
	return func(id string, err error) (T, error) {
		var zero T
		if err != nil {
			return zero, err
		}
		st, ok := s.Jobs.Wait(id)
		if !ok {
			return zero, fmt.Errorf("no job %q", id)
		}
		r, _ := st.Result.(T)
		switch st.State {
		case jobs.Done:
			return r, nil
		case jobs.Cancelled:
			return zero, context.Canceled
		}
		return r, errors.New(st.Error)
	}
}

// JobResults lists exactly the kinds of job this package starts: the
// string each jobs.Start and startCall(jobs, ...) names, read from the source.
func TestJobResultsListEveryKind(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	started := map[string]bool{}
	call := regexp.MustCompile(`(?:startCall\([\w.]+, |[Jj]obs\.Start\()"([a-z-]+)"`)
	// A family's text-table jobs are named by the family (tables.go
	// starts tb.Job+"-read" and tb.Job+"-edit"); the reads of the source
	// below check that it still does.
	tableCall := regexp.MustCompile(`startCall\([\w.]+, tb\.Job\+"(-read|-edit)"`)
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range call.FindAllSubmatch(b, -1) {
			started[string(m[1])] = true
		}
		for _, m := range tableCall.FindAllSubmatch(b, -1) {
			for _, fam := range archive.Families() {
				if fam.Tables != nil {
					started[fam.Tables.Job+string(m[1])] = true
				}
			}
		}
	}
	listed := JobResults()
	for k := range started {
		if _, ok := listed[k]; !ok {
			t.Errorf("kind %q is started but not in JobResults", k)
		}
	}
	for k := range listed {
		if !started[k] {
			t.Errorf("JobResults lists %q, which nothing starts", k)
		}
	}
	if len(started) < 20 {
		t.Fatalf("found %d kinds: the pattern no longer matches the calls", len(started))
	}
}

// openNow opens path in s and waits for the open job: its session, or the
// job's error.
func openNow(s *App, path, password string) (session.Info, error) {
	return result[session.Info](s)(s.Open(path, password))
}

// checkJobResult stops the tests when a finished job's result is not of
// the type JobResults tells the front end (every job the tests run passes
// here, through the events recorder): a panic, since it runs on the job's
// goroutine, with no test to fail.
func checkJobResult(st jobs.Status) {
	if st.State != jobs.Done {
		return
	}
	want, ok := JobResults()[st.Kind]
	if !ok {
		panic(fmt.Sprintf("job kind %q is not in JobResults", st.Kind))
	}
	if st.Result != nil && reflect.TypeOf(st.Result) != reflect.TypeOf(want) {
		panic(fmt.Sprintf("a %q job gave a %T, JobResults says %T", st.Kind, st.Result, want))
	}
}
