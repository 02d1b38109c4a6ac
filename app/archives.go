package app

import (
	"packsmith/backend/archive"
	"packsmith/backend/edit/edits"
	"packsmith/backend/sys/limits"
	"packsmith/backend/workspace/session"
)

// openArchives are the archives open in the window and the changes
// pending on each: the one owner of both. A session and its pending
// changes live and die together (close drops both), so no service holds
// either on its own; the services that work on open archives (Browse,
// Edit, Export, Tools, and the asset handler) are given this owner.
type openArchives struct {
	sessions *session.Manager
	edits    *edits.Store // pending changes per open archive (edits.go)
}

func newOpenArchives(budget *limits.Budget) *openArchives {
	return &openArchives{sessions: session.NewManager(budget), edits: edits.NewStore()}
}

// open opens the archive, folder or file at path as a new session.
func (o *openArchives) open(path string, opt archive.OpenOptions) (session.Info, error) {
	return o.sessions.Open(path, opt)
}

// get is the open session id.
func (o *openArchives) get(id string) (*session.Session, error) { return o.sessions.Get(id) }

// pending is the changes waiting to be saved into session id.
func (o *openArchives) pending(id string) *edits.Pending { return o.edits.For(id) }

// close closes session id and forgets its pending changes.
func (o *openArchives) close(id string) error {
	o.edits.Drop(id)
	return o.sessions.Close(id)
}

// closeAll closes every open archive (the window is going).
func (o *openArchives) closeAll() { o.sessions.CloseAll() }

// view is the session's archive with its pending changes applied.
func (o *openArchives) view(ss *session.Session) archive.Archive {
	return edits.NewOverlay(ss.Archive, o.pending(ss.ID).List())
}

// entry finds path in session id's archive as the window shows it: with
// its pending changes applied, so a pending change previews as what the
// save will store (view).
func (o *openArchives) entry(id, path string) (archive.Archive, archive.Entry, error) {
	ss, err := o.get(id)
	if err != nil {
		return nil, archive.Entry{}, err
	}
	v := o.view(ss)
	e, ok := archive.Find(v, path)
	if !ok {
		return nil, archive.Entry{}, &archive.EntryError{Archive: ss.Archive.Path(), Entry: path, Offset: -1, Err: archive.ErrNotFound}
	}
	return v, e, nil
}

// SessionsRefreshed is the event that names the sessions refreshOthers
// read again from disk: their tabs list, size and preview them anew.
const SessionsRefreshed = "sessions-refreshed"

// refreshOthers reads again every other open archive that shows a file a
// save of session id wrote (paths: the file saved and its output), so a
// game-folder tab lists the sizes and bytes another tab saved (issue 46),
// and tells the window which (event SessionsRefreshed, the ids). A session
// with pending changes of its own is left as it is: its changes were
// made against what it read.
func (o *openArchives) refreshOthers(emit Emitter, id string, paths ...string) []string {
	var done []string
	for _, ss := range o.sessions.Overlapping(id, paths...) {
		if o.pending(ss.ID).Len() > 0 {
			continue
		}
		if err := ss.Reopen(); err != nil {
			continue // it stays as it was; its next read says what is wrong
		}
		done = append(done, ss.ID)
	}
	if len(done) > 0 && emit != nil {
		emit.Emit(SessionsRefreshed, done)
	}
	return done
}
