// The app's own question dialog, in place of the browser's confirm() (its
// "JavaScript – wails://wails/" title is no question a modder should read).
// ask() shows one question and resolves with true (the confirm button) or
// false (Cancel, Escape, a click beside it); AskDialog shows it.

export const asking = $state({ current: null }); // {title, text, ok, alt, cancel, danger, resolve}

/**
 * Ask a question; resolves true when confirmed. A question asked while one
 * is open answers the first false.
 * @param {{title?:string, text:string, ok?:string, cancel?:string, danger?:boolean}} q
 * @returns {Promise<boolean>}
 */
export function ask(q) {
  return choose({ ...q, alt: '' }).then((k) => k === 'ok');
}

/**
 * A question with a third button (alt: its label): resolves 'ok', 'alt'
 * or 'cancel' (Cancel, Escape, a click beside it).
 * @param {{title?:string, text:string, ok?:string, alt?:string, cancel?:string, danger?:boolean}} q
 * @returns {Promise<'ok'|'alt'|'cancel'>}
 */
export function choose(q) {
  answer(false);
  return new Promise((resolve) => {
    asking.current = { title: 'Packsmith', ok: 'OK', alt: '', cancel: 'Cancel', danger: false, ...q, resolve };
  });
}

/** The dialog's answer: true (ok), false (cancel) or 'alt'. */
export function answer(yes) {
  const q = asking.current;
  if (!q) return;
  asking.current = null;
  q.resolve(yes === 'alt' ? 'alt' : yes ? 'ok' : 'cancel');
}
