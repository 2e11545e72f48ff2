// Where a toast may sit without covering a control. Toasts are fixed overlays, and no single
// corner is free on every page and viewport (the chat's composer and Send button sit at the
// bottom, its header buttons at the top, the voice page has controls everywhere), so the toaster
// measures: from the top down, the first place where the toast's box meets no visible control.
// While a dialog is open only its controls count: the page behind it is inert.

const CONTROL_SELECTOR = [
  'a[href]',
  'button',
  'input:not([type="hidden"])',
  'select',
  'textarea',
  'summary',
  // A label is clickable too: the voice page's plan cards are labels around radio inputs.
  'label',
  '[role="button"]',
  '[role="radio"]',
  '[role="option"]',
  '[role="menuitem"]',
  '[role="link"]',
  '[role="tab"]',
  '[role="checkbox"]',
  '[role="switch"]',
  '[role="combobox"]',
  '[role="slider"]',
].join(',');

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const MARGIN_PX = 8;
const STEP_PX = 4;
// Kept clear around each control, so a toast never sits flush against one.
const GAP_PX = 4;

function overlapArea(a: Box, b: Box): number {
  const width = Math.min(a.right, b.right + GAP_PX) - Math.max(a.left, b.left - GAP_PX);
  const height = Math.min(a.bottom, b.bottom + GAP_PX) - Math.max(a.top, b.top - GAP_PX);
  return width > 0 && height > 0 ? width * height : 0;
}

/**
 * The top (px from the viewport's top) for a box of this height spanning `left`..`right` that
 * overlaps no control: the first free place from the top. Where none is free, the place that
 * hides the least of the controls, each counted by the share of it covered: the edge of a big
 * card rather than a whole button.
 */
export function findFreeTop(
  horizontal: { left: number; right: number },
  height: number,
  controls: readonly Box[],
  viewportHeight: number,
): number {
  let best = { top: MARGIN_PX, overlap: Number.POSITIVE_INFINITY };
  const lastTop = Math.max(MARGIN_PX, viewportHeight - MARGIN_PX - height);
  for (let top = MARGIN_PX; top <= lastTop; top += STEP_PX) {
    const box = { ...horizontal, top, bottom: top + height };
    const overlap = controls.reduce((sum, control) => {
      const area = Math.max(1, (control.right - control.left) * (control.bottom - control.top));
      return sum + overlapArea(box, control) / area;
    }, 0);
    if (overlap === 0) return top;
    if (overlap < best.overlap) best = { top, overlap };
  }
  return best.top;
}

/** The boxes of the controls a visitor can use now, in view, outside `toastArea`. */
export function listControlBoxes(toastArea: Element): Box[] {
  const dialogs = document.querySelectorAll('[role="dialog"], [role="alertdialog"]');
  const scope: ParentNode = dialogs[dialogs.length - 1] ?? document;
  const boxes: Box[] = [];
  for (const element of scope.querySelectorAll(CONTROL_SELECTOR)) {
    if (toastArea.contains(element)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.width === 0 || rect.height === 0 || rect.bottom <= 0 || rect.top >= window.innerHeight) continue;
    boxes.push({ left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom });
  }
  return boxes;
}
