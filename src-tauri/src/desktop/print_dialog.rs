//! The system print dialog on the print preview window, set up for the sheets.
//!
//! On Linux the window prints through WebKitGTK, which ignores the sheet's CSS `@page` margin and
//! takes the page setup of its print operation (GTK's default margins are 6.35 mm, and the sheet's
//! footer then sat 2 mm from the paper's edge). So the operation is run here, with the paper the
//! sheets were laid out for and `print::MARGIN_MM` on every side; the answer says whether the GM
//! printed (or saved a PDF) or cancelled. Elsewhere the webview's own print is used.

use std::sync::mpsc::{channel, Receiver};

use rollbook_roster::print::Paper;
use tauri::{Runtime, WebviewWindow};

/// Opens the dialog; the receiver gets `true` when the sheets were printed, `false` when the
/// dialog was cancelled (and nothing when the webview could not be reached).
pub fn open<R: Runtime>(window: &WebviewWindow<R>, paper: Paper) -> tauri::Result<Receiver<bool>> {
    let (sender, answer) = channel();
    #[cfg(target_os = "linux")]
    window.with_webview(move |webview| {
        let printed = linux::run_dialog(&webview.inner(), paper);
        let _ = sender.send(printed);
    })?;
    #[cfg(not(target_os = "linux"))]
    {
        let _ = paper;
        window.print()?;
        let _ = sender.send(true);
    }
    Ok(answer)
}

#[cfg(target_os = "linux")]
mod linux {
    use gtk::prelude::*;
    use rollbook_roster::print::{Paper, MARGIN_MM};
    use webkit2gtk::{PrintOperation, PrintOperationExt, PrintOperationResponse, WebView};

    /// The page setup of a sheet: its paper, `MARGIN_MM` on every side.
    pub fn page_setup(paper: Paper) -> gtk::PageSetup {
        let setup = gtk::PageSetup::new();
        setup.set_paper_size(&gtk::PaperSize::new(Some(paper.pwg())));
        setup.set_top_margin(MARGIN_MM, gtk::Unit::Mm);
        setup.set_bottom_margin(MARGIN_MM, gtk::Unit::Mm);
        setup.set_left_margin(MARGIN_MM, gtk::Unit::Mm);
        setup.set_right_margin(MARGIN_MM, gtk::Unit::Mm);
        setup
    }

    pub fn run_dialog(view: &WebView, paper: Paper) -> bool {
        let operation = PrintOperation::new(view);
        operation.set_page_setup(&page_setup(paper));
        let settings = gtk::PrintSettings::new();
        settings.set_paper_size(&gtk::PaperSize::new(Some(paper.pwg())));
        operation.set_print_settings(&settings);
        let parent = view
            .toplevel()
            .and_then(|w| w.downcast::<gtk::Window>().ok());
        operation.run_dialog(parent.as_ref()) == PrintOperationResponse::Print
    }
}
