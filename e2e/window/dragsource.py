# A drag source for the native-window test: a small GTK window whose button
# drags one file (XDND, text/uri-list), as a file manager would.
#   python3 dragsource.py /path/to/file
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

path = sys.argv[1]
win = Gtk.Window(title="dragsource")
win.move(0, 700)
win.set_default_size(200, 80)
button = Gtk.Button(label="DRAG ME")
button.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [], Gdk.DragAction.COPY)
button.drag_source_add_uri_targets()
button.connect("drag-data-get", lambda w, ctx, data, info, t: data.set_uris(["file://" + path]))
win.add(button)
win.connect("destroy", Gtk.main_quit)
win.show_all()
Gtk.main()
