Unicode true

####
## Packsmith's installer. `wails build -platform windows/amd64 -nsis` (make release)
## writes wails_tools.nsh next to this file from wails.json and runs makensis here
## with -DARG_WAILS_AMD64_BINARY=<the window build>. scripts/release.sh builds the
## console build, ..\..\bin\packsmith.com, first.
##
## Unlike Wails' template, nothing is taken silently: the Start menu entry and the
## "Open with" entries are installed; making Packsmith the default program for
## each family's extension (.MOD is also a tracker-music extension), the PATH entry
## and a desktop shortcut are choices on the Components page, all unticked.
##
## A family's extension has four lines here (PACKSMITH_CLASS, PACKSMITH_OPENWITH,
## its "by default" section, PACKSMITH_UN_DEFAULT); internal/wailsproject's
## TestInstallerMatchesFamilies holds them to the registered families and names
## the line a new family lacks (backend/archive/doc.go, "Adding a game family").
####
!define PRODUCT_EXECUTABLE "packsmith.exe"
!define CONSOLE_EXECUTABLE "packsmith.com"
!define UNINST_KEY_NAME    "Packsmith"
!define PACKSMITH_KEY      "Software\Packsmith"

!include "wails_tools.nsh"
!include "LogicLib.nsh"
!include "WordFunc.nsh"
!include "WinMessages.nsh"

# The version information for this two must consist of 4 parts
VIProductVersion "${INFO_PRODUCTVERSION}.0"
VIFileVersion    "${INFO_PRODUCTVERSION}.0"

VIAddVersionKey "CompanyName"     "${INFO_COMPANYNAME}"
VIAddVersionKey "FileDescription" "${INFO_PRODUCTNAME} Installer"
VIAddVersionKey "ProductVersion"  "${INFO_PRODUCTVERSION}"
VIAddVersionKey "FileVersion"     "${INFO_PRODUCTVERSION}"
VIAddVersionKey "LegalCopyright"  "${INFO_COPYRIGHT}"
VIAddVersionKey "ProductName"     "${INFO_PRODUCTNAME}"

ManifestDPIAware true

!include "MUI.nsh"

!define MUI_ICON "..\icon.ico"
!define MUI_UNICON "..\icon.ico"
!define MUI_FINISHPAGE_NOAUTOCLOSE
!define MUI_ABORTWARNING
!define MUI_COMPONENTSPAGE_SMALLDESC
!define MUI_FINISHPAGE_RUN "$INSTDIR\${PRODUCT_EXECUTABLE}"

!insertmacro MUI_PAGE_WELCOME
!insertmacro MUI_PAGE_COMPONENTS
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH

!insertmacro MUI_UNPAGE_INSTFILES

!insertmacro MUI_LANGUAGE "English"

Name "${INFO_PRODUCTNAME}"
OutFile "..\..\bin\${INFO_PROJECTNAME}-${ARCH}-installer.exe"
InstallDir "$PROGRAMFILES64\${INFO_PRODUCTNAME}"
InstallDirRegKey HKLM "${PACKSMITH_KEY}" "InstallDir"
ShowInstDetails show

Function .onInit
   !insertmacro wails.checkArchitecture
FunctionEnd

# An "Open with" entry for one extension: listed, never the default.
!macro PACKSMITH_OPENWITH EXT
  WriteRegStr SHELL_CONTEXT "Software\Classes\.${EXT}\OpenWithProgids" "Packsmith.${EXT}" ""
!macroend
!macro PACKSMITH_UN_OPENWITH EXT
  DeleteRegValue SHELL_CONTEXT "Software\Classes\.${EXT}\OpenWithProgids" "Packsmith.${EXT}"
!macroend
# The file class behind it (description, icon, open command).
!macro PACKSMITH_CLASS EXT DESCRIPTION
  WriteRegStr SHELL_CONTEXT "Software\Classes\Packsmith.${EXT}" "" "${DESCRIPTION}"
  WriteRegStr SHELL_CONTEXT "Software\Classes\Packsmith.${EXT}\DefaultIcon" "" "$INSTDIR\fileicon.ico"
  WriteRegStr SHELL_CONTEXT "Software\Classes\Packsmith.${EXT}\shell\open" "" "Open with ${INFO_PRODUCTNAME}"
  WriteRegStr SHELL_CONTEXT "Software\Classes\Packsmith.${EXT}\shell\open\command" "" '"$INSTDIR\${PRODUCT_EXECUTABLE}" "%1"'
!macroend

Section "Packsmith (required)" SecMain
    SectionIn RO
    !insertmacro wails.setShellContext
    !insertmacro wails.webview2runtime

    SetOutPath $INSTDIR
    !insertmacro wails.files
    File "/oname=${CONSOLE_EXECUTABLE}" "..\..\bin\packsmith.com"
    File "..\fileicon.ico"

    CreateShortcut "$SMPROGRAMS\${INFO_PRODUCTNAME}.lnk" "$INSTDIR\${PRODUCT_EXECUTABLE}"

    WriteRegStr SHELL_CONTEXT "Software\Classes\Applications\${PRODUCT_EXECUTABLE}\shell\open\command" "" '"$INSTDIR\${PRODUCT_EXECUTABLE}" "%1"'
    !insertmacro PACKSMITH_CLASS "mod" "Torchlight II mod"
    !insertmacro PACKSMITH_CLASS "pak" "Torchlight II data archive"
    !insertmacro PACKSMITH_CLASS "dat" "Tactics Ogre: Reborn data pack"
    !insertmacro PACKSMITH_CLASS "iop" "Lost Saga resource pack"
    !insertmacro PACKSMITH_OPENWITH "mod"
    !insertmacro PACKSMITH_OPENWITH "pak"
    !insertmacro PACKSMITH_OPENWITH "dat"
    !insertmacro PACKSMITH_OPENWITH "iop"

    SetRegView 64
    WriteRegStr HKLM "${PACKSMITH_KEY}" "InstallDir" "$INSTDIR"
    !insertmacro wails.writeUninstaller
SectionEnd

Section /o "Desktop shortcut" SecDesktop
    !insertmacro wails.setShellContext
    CreateShortcut "$DESKTOP\${INFO_PRODUCTNAME}.lnk" "$INSTDIR\${PRODUCT_EXECUTABLE}"
SectionEnd

Section /o "Add Packsmith to PATH (packsmith in cmd and PowerShell)" SecPath
    SetRegView 64
    ClearErrors
    ReadRegStr $0 HKLM "SYSTEM\CurrentControlSet\Control\Session Manager\Environment" "Path"
    StrLen $1 $0
    ${If} ${Errors}
    ${OrIf} $1 > 900
        # NSIS strings hold 1024 characters: a longer PATH would be cut.
        DetailPrint "PATH is too long to edit safely; add $INSTDIR to PATH by hand."
    ${Else}
        ${WordFind} "$0" "$INSTDIR" "E+1{" $2
        ${If} ${Errors}
            WriteRegExpandStr HKLM "SYSTEM\CurrentControlSet\Control\Session Manager\Environment" "Path" "$0;$INSTDIR"
            WriteRegDWORD HKLM "${PACKSMITH_KEY}" "AddedToPath" 1
            SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
        ${EndIf}
    ${EndIf}
SectionEnd

SectionGroup "Open these files with Packsmith by default" SecAssoc
    Section /o ".MOD (Torchlight II mods; also tracker music)" SecMod
        !insertmacro wails.setShellContext
        WriteRegStr SHELL_CONTEXT "Software\Classes\.mod" "" "Packsmith.mod"
    SectionEnd
    Section /o ".PAK (Torchlight II data archives)" SecPak
        !insertmacro wails.setShellContext
        WriteRegStr SHELL_CONTEXT "Software\Classes\.pak" "" "Packsmith.pak"
    SectionEnd
    Section /o ".dat (Tactics Ogre: Reborn data packs)" SecDat
        !insertmacro wails.setShellContext
        WriteRegStr SHELL_CONTEXT "Software\Classes\.dat" "" "Packsmith.dat"
    SectionEnd
    Section /o ".iop (Lost Saga resource packs)" SecIop
        !insertmacro wails.setShellContext
        WriteRegStr SHELL_CONTEXT "Software\Classes\.iop" "" "Packsmith.iop"
    SectionEnd
SectionGroupEnd

!insertmacro MUI_FUNCTION_DESCRIPTION_BEGIN
  !insertmacro MUI_DESCRIPTION_TEXT ${SecMain} "The window (packsmith.exe), the command line (packsmith.com), a Start menu entry and Open with entries."
  !insertmacro MUI_DESCRIPTION_TEXT ${SecPath} "Lets you type packsmith in any cmd or PowerShell window."
  !insertmacro MUI_DESCRIPTION_TEXT ${SecAssoc} "Double-clicking these files opens Packsmith. Leave .MOD unticked if you play tracker music."
!insertmacro MUI_FUNCTION_DESCRIPTION_END

# Takes the default back only where it is still Packsmith's.
!macro PACKSMITH_UN_DEFAULT EXT
  ReadRegStr $0 SHELL_CONTEXT "Software\Classes\.${EXT}" ""
  ${If} $0 == "Packsmith.${EXT}"
      DeleteRegValue SHELL_CONTEXT "Software\Classes\.${EXT}" ""
  ${EndIf}
  !insertmacro PACKSMITH_UN_OPENWITH "${EXT}"
  DeleteRegKey SHELL_CONTEXT "Software\Classes\Packsmith.${EXT}"
!macroend

Section "uninstall"
    !insertmacro wails.setShellContext

    !insertmacro PACKSMITH_UN_DEFAULT "mod"
    !insertmacro PACKSMITH_UN_DEFAULT "pak"
    !insertmacro PACKSMITH_UN_DEFAULT "dat"
    !insertmacro PACKSMITH_UN_DEFAULT "iop"
    DeleteRegKey SHELL_CONTEXT "Software\Classes\Applications\${PRODUCT_EXECUTABLE}"

    SetRegView 64
    ReadRegDWORD $1 HKLM "${PACKSMITH_KEY}" "AddedToPath"
    ${If} $1 == 1
        ReadRegStr $0 HKLM "SYSTEM\CurrentControlSet\Control\Session Manager\Environment" "Path"
        ${WordReplace} "$0" ";$INSTDIR" "" "+" $2
        WriteRegExpandStr HKLM "SYSTEM\CurrentControlSet\Control\Session Manager\Environment" "Path" "$2"
        SendMessage ${HWND_BROADCAST} ${WM_SETTINGCHANGE} 0 "STR:Environment" /TIMEOUT=5000
    ${EndIf}
    DeleteRegKey HKLM "${PACKSMITH_KEY}"

    Delete "$INSTDIR\${PRODUCT_EXECUTABLE}"
    Delete "$INSTDIR\${CONSOLE_EXECUTABLE}"
    Delete "$INSTDIR\fileicon.ico"
    Delete "$SMPROGRAMS\${INFO_PRODUCTNAME}.lnk"
    Delete "$DESKTOP\${INFO_PRODUCTNAME}.lnk"
    !insertmacro wails.deleteUninstaller
    RMDir $INSTDIR

    # the window's WebView2 data (app/window_windows.go), this user's only
    SetShellVarContext current
    RMDir /r "$LOCALAPPDATA\Packsmith\WebView2"
    RMDir "$LOCALAPPDATA\Packsmith"
SectionEnd
