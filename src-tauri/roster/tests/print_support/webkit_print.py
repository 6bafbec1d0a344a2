# Prints an HTML file to PDF through WebKitGTK's own print path (the window's Print…: a
# WebKitPrintOperation with the app's page setup), with no dialog. Run under Xvfb:
#   /usr/bin/python3 webkit_print.py SHEET.html OUT.pdf PWG_PAPER MARGIN_MM
# Needs Debian's python3-gi, gir1.2-gtk-3.0 and gir1.2-webkit2-4.1 (scripts/bootstrap.sh).
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import GLib, Gtk, WebKit2  # noqa: E402

source, out, paper, margin = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
result = {"status": 3, "why": "the page did not load in 60 s"}

window = Gtk.OffscreenWindow()
view = WebKit2.WebView()
window.add(view)
window.show_all()


def done(status, why=""):
    result["status"], result["why"] = status, why
    Gtk.main_quit()


def loaded(_view, event):
    if event != WebKit2.LoadEvent.FINISHED:
        return
    setup = Gtk.PageSetup()
    setup.set_paper_size(Gtk.PaperSize.new(paper))
    for side in ("top", "bottom", "left", "right"):
        getattr(setup, "set_%s_margin" % side)(margin, Gtk.Unit.MM)
    settings = Gtk.PrintSettings()
    settings.set(Gtk.PRINT_SETTINGS_PRINTER, "Print to File")
    settings.set(Gtk.PRINT_SETTINGS_OUTPUT_FILE_FORMAT, "pdf")
    settings.set(Gtk.PRINT_SETTINGS_OUTPUT_URI, "file://" + out)
    settings.set_paper_size(Gtk.PaperSize.new(paper))
    operation = WebKit2.PrintOperation.new(view)
    operation.set_page_setup(setup)
    operation.set_print_settings(settings)
    operation.connect("finished", lambda *_: done(0))
    operation.connect("failed", lambda _op, error: done(2, str(error)))
    operation.print_()


view.connect("load-changed", loaded)
view.load_uri("file://" + source)
GLib.timeout_add_seconds(60, lambda: done(3, "no answer from WebKit in 60 s"))
Gtk.main()
if result["status"]:
    print(result["why"], file=sys.stderr)
sys.exit(result["status"])
