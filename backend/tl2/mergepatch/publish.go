package mergepatch

import (
	"context"
	"errors"

	"packsmith/backend/tl2/deploy"
	"packsmith/backend/tl2/loadorder"
	"packsmith/backend/tl2/modpack"
)

// Target says what Publish does with the merge.
type Target struct {
	// Output is the patch .MOD to write. "" with Deploy: a scratch file,
	// gone once deployed (Report.Output is then the deployed copy). ""
	// without Deploy: nothing is packed (a preview).
	Output string
	Deploy bool // copy it into the mods folder (Options.ModsDir, "" = UserDir/mods)
	Enable bool // with Deploy: list it first in modlauncher.sch (after a backup)
}

// State is the merged patch in the mods folder as the load order sees it.
type State struct {
	Deployed string `json:"deployed"` // its file, "" = none
	Enabled  bool   `json:"enabled"`  // listed in modlauncher.sch
	Stale    string `json:"stale"`    // why it is out of date ("" = current, or none)
}

// ErrEnableWithoutDeploy: Target.Enable needs Target.Deploy.
var ErrEnableWithoutDeploy = errors.New("--enable goes with --deploy")

// Publish is the use case "build, deploy and report the merged patch",
// whole, for both shells (`packsmith merge`, the window's Load order →
// Merged patch): one merge (Build), the pack when there is an output or a
// deploy, the deploy when asked, and the patch's state read back from the
// load order. The report it returns is what the shells show; nothing is
// merged twice. Progress (Options.Progress) hears the merge, the pack's
// stages and the deploy; ctx stops any of them, leaving no patch and the
// mods folder and modlauncher.sch as they were.
func Publish(ctx context.Context, o Options, t Target) (*Report, error) {
	if t.Enable && !t.Deploy {
		return nil, ErrEnableWithoutDeploy
	}
	o.Output = t.Output
	if t.Deploy {
		done, err := deploy.Output(&o.Output, "merge", FileName)
		if err != nil {
			return nil, err
		}
		defer done()
	}
	rep, err := Build(ctx, o)
	if err != nil {
		return nil, err
	}
	deployed := ""
	if t.Deploy {
		md := deploy.ModsDirOf(o.UserDir, o.ModsDir)
		o.report(modpack.StageDeploy, 0, 1, md)
		d, err := deploy.Mod(ctx, rep.Output, PatchID, md, t.Enable)
		if err != nil {
			return nil, err
		}
		if t.Output == "" {
			rep.Output = d.Path // the scratch file goes with its folder
		}
		deployed = d.Path
		o.report(modpack.StageDeploy, 1, 1, md)
	}
	rep.Patch = PatchState(ctx, o.UserDir, o.ModsDir)
	if deployed != "" {
		rep.Patch.Deployed = deployed // where deploy put it, as it says
	}
	return rep, nil
}

// PatchState reads the merged patch's row of the load order: its file,
// whether modlauncher.sch lists it, and why it is stale (loadorder's one
// check). A load order that does not open gives the zero State.
func PatchState(ctx context.Context, userDir, modsDir string) State {
	var s State
	st, err := loadorder.Open(ctx, loadorder.Options{UserDir: userDir, ModsDir: modsDir})
	if err != nil {
		return s
	}
	v := st.View()
	st.Close()
	for _, m := range v.Mods {
		if m.ID != PatchID || m.File == "" {
			continue
		}
		s.Deployed, s.Enabled = m.File, m.Active
		for _, p := range m.Problems {
			if p.Code == StaleCode {
				s.Stale = p.Message
			}
		}
	}
	return s
}
