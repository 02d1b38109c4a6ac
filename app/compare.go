package app

import (
	"context"
	"path"

	"packsmith/backend/view/diff"
	"packsmith/backend/workspace/jobs"
)

// Compare starts a job comparing two open archives (A before, B after);
// its result is a diff.Result.
func (s *ToolsService) Compare(idA, idB string) (string, error) {
	a, err := s.archives.get(idA)
	if err != nil {
		return "", err
	}
	b, err := s.archives.get(idB)
	if err != nil {
		return "", err
	}
	return s.jobs.Start("compare", "Comparing "+a.Name()+" with "+b.Name(), func(ctx context.Context, p *jobs.Reporter) (any, error) {
		r, err := diff.Compare(ctx, a.Archive, b.Archive, p)
		if err != nil {
			return nil, err
		}
		return r, nil
	}), nil
}

// CompareEntry starts a job saying what changed inside one entry: pathA
// of session A against pathB of session B ("" on the side without it).
// Its result is a diff.EntryDiff.
func (s *ToolsService) CompareEntry(idA, pathA, idB, pathB string) (string, error) {
	a, err := s.archives.get(idA)
	if err != nil {
		return "", err
	}
	b, err := s.archives.get(idB)
	if err != nil {
		return "", err
	}
	name := pathB
	if name == "" {
		name = pathA
	}
	return startCall(s.jobs, "compare-entry", "Comparing "+path.Base(name), name, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		return diff.Entry(ctx, a.Archive, pathA, b.Archive, pathB)
	}), nil
}
