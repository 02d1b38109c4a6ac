// Package workpool is the project's one worker pool: the loops that spread
// independent pieces of work over the cores (MOD verification and
// compression, RAW generation, the walk-grid bake, DDS rows, extraction,
// search, the load-order scan) run through it instead of each starting and
// counting its own goroutines.
//
// The shapes it offers:
//
//	Each, EachWith  fn(i) for i in [0,n), indexes handed out in order; the
//	                first error or the end of ctx stops the handing out
//	Map             the same, collecting fn's results by index
//	Ranges          [0,n) cut into one contiguous range per worker (pixel
//	                rows: no error, no ctx, one call per range)
//	Go              a fixed set of goroutines for a stream the caller feeds
//	                through its own channel (the MOD writer's compressors)
//
// A worker count ≤ 0 means GOMAXPROCS, the number of goroutines the runtime
// runs at once (cgroup-aware, unlike NumCPU); no more workers than items are
// started. The package is pure (it reads no environment beyond GOMAXPROCS)
// so formats/ codecs use it too.
package workpool
