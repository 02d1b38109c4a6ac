package cli

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"packsmith/backend/sys/watch"
	"packsmith/backend/tl2/modpack"
)

// watchPack is `pack --watch`: pack, then pack again after every save
// under the mod folder, one line per pack on stdout (the findings of a
// failed pack on stderr), until the context ends (Ctrl+C, SIGTERM): then
// exit 0, with nothing half-written (Pack removes its temporary file).
func watchPack(c *ctx, dir string, opt modpack.Options, js bool) error {
	if st, err := os.Stat(dir); err != nil {
		return err
	} else if !st.IsDir() {
		return fmt.Errorf("%s is not a folder", dir)
	}
	fmt.Fprintf(c.stderr, "packsmith pack: watching %s; every save packs it again (Ctrl+C stops)\n", dir)
	err := modpack.Watch(c.context, dir, opt, watch.Options{}, func(res *modpack.Result, err error, changed []string) {
		if js {
			o := struct {
				*modpack.Result
				Changed []string `json:"changed"`
				Error   string   `json:"error,omitempty"`
			}{Result: res, Changed: changed}
			if changed == nil {
				o.Changed = []string{}
			}
			if err != nil {
				o.Error = err.Error()
			}
			b, _ := marshalFinite(o)
			fmt.Fprintf(c.stdout, "%s\n", b)
			return
		}
		fmt.Fprintln(c.stdout, watchLine(time.Now(), res, err, changed))
		var pe *modpack.PackError
		if errors.As(err, &pe) {
			for _, f := range pe.Findings {
				if f.Severity == modpack.SevError {
					fmt.Fprintf(c.stderr, "  %s: %s\n", f.Severity, f)
				}
			}
		}
	})
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stderr, "packsmith pack: stopped watching %s\n", dir)
	return nil
}

// watchLine is one pack of a watch in one line.
func watchLine(now time.Time, r *modpack.Result, err error, changed []string) string {
	var b strings.Builder
	b.WriteString(now.Format("15:04:05"))
	if len(changed) > 0 {
		what := changed[0]
		if len(changed) > 1 {
			what = fmt.Sprintf("%s and %d more", what, len(changed)-1)
		}
		fmt.Fprintf(&b, " %s changed:", what)
	}
	if err != nil {
		var pe *modpack.PackError
		if errors.As(err, &pe) {
			n := modpack.Count(pe.Findings, modpack.SevError)
			fmt.Fprintf(&b, " not packed (%d error%s; the last .MOD stays)", n, plural(n))
		} else {
			fmt.Fprintf(&b, " not packed: %v", err)
		}
		return b.String()
	}
	fmt.Fprintf(&b, " packed %s · %s entries (%d reused, %d compiled) · %s bytes · %d ms",
		r.Output, groupDigits(int64(r.Entries)), r.Reused, r.Compiled, groupDigits(r.Size), r.Millis)
	if r.ModIDWritten {
		fmt.Fprintf(&b, " · MOD_ID %d written to MOD.DAT", r.ModID)
	}
	if d := r.Deploy; d != nil {
		fmt.Fprintf(&b, " · deployed %s", d.Path)
		if x := d.SchReplaced; x != nil {
			fmt.Fprintf(&b, " (load order line %d: MOD_ID %d → %d)", x.Place, x.OldID, x.NewID)
		} else if d.Enabled && !d.AlreadyEnabled {
			b.WriteString(" (enabled)")
		}
	} else if r.DeployHeld != nil {
		b.WriteString(" · not deployed: inherited fields guessed")
	}
	if n := modpack.Count(r.Findings, modpack.SevWarning); n > 0 {
		fmt.Fprintf(&b, " · %d warning%s", n, plural(n))
	}
	return b.String()
}
