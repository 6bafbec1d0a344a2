; Tauri's NSIS installer hooks: Rollbook's command line, rollbook.exe, installed beside the window
; (rollbook-app.exe, tauri.windows.conf.json's mainBinaryName), where `rollbook` with no subcommand
; looks for it. beforeBuildCommand (cargo build --release -p rollbook-cli) has built it by the time
; the installer is made. The path is fixed here, where this file is read, not where the macros are
; inserted (Tauri's generated installer.nsi, deep in target/).
!define ROLLBOOK_CLI "${__FILEDIR__}\..\..\target\release\rollbook.exe"

!macro NSIS_HOOK_POSTINSTALL
  SetOutPath "$INSTDIR"
  File "${ROLLBOOK_CLI}"
!macroend

; Before Tauri's own removal, so that the install folder is empty when it is removed.
!macro NSIS_HOOK_PREUNINSTALL
  Delete "$INSTDIR\rollbook.exe"
!macroend
