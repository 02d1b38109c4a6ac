#!/usr/bin/python3
"""Holds text on the X clipboard until killed, so the window test can paste
a path into GTK's file dialog instead of typing it (the location field
completes names while they are typed, turning /tmp/tmp.X into /tmp/tmp.mp.X
when other tmp.* folders exist)."""
import sys

import gi

gi.require_version("Gtk", "3.0")
from gi.repository import Gdk, Gtk  # noqa: E402

clip = Gtk.Clipboard.get(Gdk.SELECTION_CLIPBOARD)
clip.set_text(sys.argv[1], -1)
clip.store()
print("clipboard: holding", sys.argv[1], flush=True)
Gtk.main()
