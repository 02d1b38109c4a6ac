// The window's chrome around the workspace: whether the Settings panel is
// open, the Recent dropdown (open or not, and where it sits) and the theme.
// Changed by the top bar's buttons, the Settings panel's Save and, for the
// theme, the app's info at start.

export const ui = $state({
  settingsOpen: false,
  helpOpen: false, // the `?` list of shortcuts
  recentOpen: false,
  recentAt: { top: 0, left: 0 },
});

/**
 * Where the Recent list opens: under its button (rect), moved left as far
 * as it takes to stay inside a window innerWidth wide.
 */
export function dropdownAt(rect, innerWidth) {
  const w = Math.min(520, innerWidth - 16);
  return { top: rect.bottom + 4, left: Math.max(8, Math.min(rect.left, innerWidth - w - 8)) };
}

/** The Recent button's click: open the list under it, or close it. */
export function toggleRecent(e) {
  ui.recentAt = dropdownAt(e.currentTarget.getBoundingClientRect(), window.innerWidth);
  ui.recentOpen = !ui.recentOpen;
}

/** The light theme is a class on the page's root; anything else is dark. */
export function applyTheme(theme) {
  document.documentElement.classList.toggle('light', theme === 'light');
}
