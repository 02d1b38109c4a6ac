// One way every dialog behaves at the keyboard (issue 34: F2 opened Rename
// with no focus in its field, typing did nothing, Escape did not close it,
// Ctrl+L typed into the path box behind it). `use:modal={{ onclose }}` on a
// dialog's backdrop:
//   - focuses the dialog's first field (an input, select or textarea;
//     without one its first button), also when the fields arrive later
//     (Settings reads its values first);
//   - keeps Tab and Shift+Tab inside the dialog, wrapping at the ends;
//   - closes it on Escape (onclose);
//   - with `onconfirm`, Enter in a field (a box, a checkbox, a list; not a
//     text area, not a button, which Enter presses) does the dialog's action
//     once: the key goes no further, so the keypress that follows cannot
//     press the button focus returns to (issue 46: Enter in Replace applied
//     it and opened the dialog again from the toolbar's Replace…); a held
//     key's repeats do nothing;
//   - makes everything beside it inert (no click, no focus, not read out),
//     and lifts it above the window's own layers (a list's scrollbar drew
//     over the dialog);
//   - gives focus back, when it closes, to what had it before it opened;
//   - while open, modalOpen() is true: the window's shortcuts stand aside.

const stack = []; // open dialogs' backdrops, the top one last

/** Whether a dialog is open: the window's shortcuts do nothing then. */
export function modalOpen() {
  return stack.length > 0;
}

const FOCUSABLE = 'input, select, textarea, button, [href], [tabindex]:not([tabindex="-1"])';
const FIELD = 'input:not([type=hidden]):not([type=checkbox]):not([type=radio]), select, textarea';

function usable(el) {
  return !el.disabled && !el.closest('[inert]') && el.getClientRects().length > 0;
}

/** The elements Tab visits in root, in document order. */
export function focusables(root) {
  return [...root.querySelectorAll(FOCUSABLE)].filter((el) => el.tabIndex >= 0 && usable(el));
}

/** Where focus goes when the dialog opens: [data-autofocus], a field, else the first focusable. */
export function firstField(root) {
  const marked = root.querySelector('[data-autofocus]');
  if (marked && usable(marked)) return marked;
  return [...root.querySelectorAll(FIELD)].find(usable) ?? focusables(root)[0] ?? null;
}

/**
 * Tab at the last focusable goes to the first, Shift+Tab at the first to the
 * last, and focus outside the dialog comes back in. Returns the element to
 * focus, or null to let the browser move focus.
 */
export function tabTarget(root, active, shift) {
  const f = focusables(root);
  return f.length ? nextInTrap(f, active, shift) : root;
}

/** tabTarget over the list of what Tab visits (list order = Tab order). */
export function nextInTrap(list, active, shift) {
  const i = list.indexOf(active);
  if (i < 0) return shift ? list[list.length - 1] : list[0];
  if (shift && i === 0) return list[list.length - 1];
  if (!shift && i === list.length - 1) return list[0];
  return null;
}

/** A dialog opens (the action does this; tests too). */
export function enterModal(node) {
  stack.push(node);
}

/** A dialog closes. */
export function leaveModal(node) {
  const i = stack.indexOf(node);
  if (i >= 0) stack.splice(i, 1);
}

function focus(el) {
  el?.focus?.();
  if (el && typeof el.select === 'function' && el.matches?.('input:not([type=checkbox]):not([type=radio])')) el.select();
}

/** Whether Enter on `el` is the dialog's confirm (a field) rather than a button's own press. */
export function confirmsOnEnter(el) {
  return Boolean(el?.matches?.('input:not([type=button]):not([type=submit]):not([type=reset]), select'));
}

/** The Svelte action (see the top of this file). opts: {onclose, onconfirm}. */
export function modal(node, opts = {}) {
  let onclose = opts.onclose;
  let onconfirm = opts.onconfirm;
  const opener = document.activeElement;
  enterModal(node);
  node.setAttribute('data-modal', '');

  // Everything beside the dialog, up to <body>, is inert while it is open.
  const inerted = [];
  for (let el = node; el && el !== document.body; el = el.parentElement) {
    for (const sib of el.parentElement?.children ?? []) {
      if (sib !== el && !sib.hasAttribute('inert') && !sib.hasAttribute('data-modal')) {
        sib.setAttribute('inert', '');
        inerted.push(sib);
      }
    }
  }

  const top = () => stack[stack.length - 1] === node;
  const inside = (el) => el && node.contains(el) && el !== node;
  // A marked element or a field; else the dialog itself (Tab then goes to
  // its first button), so that fields arriving later can still take focus.
  const start = () => {
    const f = firstField(node);
    if (f && (f.matches(FIELD) || f.hasAttribute('data-autofocus'))) focus(f);
    else (node.querySelector('[tabindex="-1"]') ?? node).focus?.();
  };
  start();
  // Fields that arrive later take focus while the user has not moved it.
  const mo = new MutationObserver(() => {
    const a = document.activeElement;
    if (top() && (!inside(a) || a.matches('[role=dialog]')) && firstField(node)?.matches(FIELD)) start();
  });
  mo.observe(node, { childList: true, subtree: true });

  function keydown(ev) {
    if (!top()) return;
    if (ev.key === 'Escape') {
      ev.preventDefault();
      onclose?.();
    } else if (ev.key === 'Enter' && onconfirm && !ev.isComposing && confirmsOnEnter(ev.target) && node.contains(ev.target)) {
      ev.preventDefault();
      ev.stopPropagation();
      if (!ev.repeat) onconfirm();
    } else if (ev.key === 'Tab') {
      const t = tabTarget(node, document.activeElement, ev.shiftKey);
      if (t) {
        ev.preventDefault();
        focus(t);
      }
    }
  }
  // Focus that leaves the dialog (a click on the page, a script) comes back.
  function focusin(ev) {
    if (top() && !node.contains(ev.target)) start();
  }
  // Keys typed while focus is nowhere (on <body>) still reach the dialog.
  function bodyKey(ev) {
    if (top() && !node.contains(ev.target)) keydown(ev);
  }
  node.addEventListener('keydown', keydown);
  document.addEventListener('focusin', focusin, true);
  document.addEventListener('keydown', bodyKey, true);

  return {
    update(o = {}) {
      onclose = o.onclose;
      onconfirm = o.onconfirm;
    },
    destroy() {
      mo.disconnect();
      node.removeEventListener('keydown', keydown);
      document.removeEventListener('focusin', focusin, true);
      document.removeEventListener('keydown', bodyKey, true);
      leaveModal(node);
      for (const el of inerted) el.removeAttribute('inert');
      if (opener?.isConnected && opener !== document.body) opener.focus?.();
    },
  };
}
