// Package steamlib finds Steam's libraries on this system and reads the
// two Valve KeyValues files that say where a game is installed:
// steamapps/libraryfolders.vdf (the libraries) and
// steamapps/appmanifest_<appid>.acf (the game's installdir).
//
// Where Steam itself is looked for (conventions of Steam's installers):
//
//   - Windows: the registry's SteamPath (HKCU\Software\Valve\Steam), else
//     InstallPath (HKLM\SOFTWARE\Valve\Steam), else Program Files
//     (x86)\Steam;
//   - Linux: ~/.steam/steam, ~/.local/share/Steam and the Flatpak
//     ~/.var/app/com.valvesoftware.Steam/.local/share/Steam;
//   - macOS: ~/Library/Application Support/Steam.
//
// A library is a folder holding steamapps/; a game of it is
// steamapps/common/<installdir>. Names are matched in any letter case
// (a library copied from Windows may say SteamApps).
package steamlib
