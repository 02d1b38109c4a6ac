package app

import (
	"context"

	"packsmith/backend/view/diff"
	"packsmith/backend/workspace/jobs"
)

// Compare starts a job comparing two open archives (A before, B after);
// its result is a diff.Result.
func (s *ToolsService) Compare(idA, idB string) (string, error) {
	a, err := s.Sessions.Get(idA)
	if err != nil {
		return "", err
	}
	b, err := s.Sessions.Get(idB)
	if err != nil {
		return "", err
	}
	return s.Jobs.Start("compare", "Comparing "+a.Name()+" with "+b.Name(), func(ctx context.Context, p *jobs.Reporter) (any, error) {
		r, err := diff.Compare(ctx, a.Archive, b.Archive, p)
		if err != nil {
			return nil, err
		}
		return r, nil
	}), nil
}

// CompareEntry says what changed inside one entry: pathA of session A
// against pathB of session B ("" on the side without it).
func (s *ToolsService) CompareEntry(idA, pathA, idB, pathB string) (diff.EntryDiff, error) {
	a, err := s.Sessions.Get(idA)
	if err != nil {
		return diff.EntryDiff{}, err
	}
	b, err := s.Sessions.Get(idB)
	if err != nil {
		return diff.EntryDiff{}, err
	}
	return diff.Entry(context.Background(), a.Archive, pathA, b.Archive, pathB)
}
