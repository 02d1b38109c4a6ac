package app

// Bound calls that can take more than about 100 ms (a bake, reading a mods
// folder, comparing two entries, a deploy) start a job and return its id,
// as extract and save do: the job bar shows them with Cancel, the "job"
// events carry their progress, and the final one their result. bridge.js
// waits for that end, so its functions still resolve to the result.

import (
	"context"

	"packsmith/backend/workspace/jobs"
)

// startCall starts such a job. Its first report names what it works on,
// and a cancel that comes before the work starts is honoured at once;
// after that, fn's backend calls stop on ctx.
func (s *Service) startCall(kind, title, what string, fn jobs.Func) string {
	return s.Jobs.Start(kind, title, func(ctx context.Context, p *jobs.Reporter) (any, error) {
		p.Progress(0, 0, what)
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return fn(ctx, p)
	})
}
