// fomantic-ui's forms put a field's caption beside its control without tying them together (`<div class="field">
// <label>手机号</label><div class="ui input"><input/></div></div>`, a checkbox's hidden input beside its label, a labeled
// input's label box): a screen reader announces an unnamed box. The shell ties every such caption to its control, in
// every micro-app and dialog, as screens draw them.

const controls = 'input:not([type="hidden"]), textarea, select, [role="listbox"], [role="combobox"]';
let nextId = 0;

const labelFor = (control: Element) =>
  control.id
    ? [...control.ownerDocument.querySelectorAll('label[for]')].find((label) => (label as HTMLLabelElement).htmlFor === control.id)
    : undefined;

const isNamed = (control: Element) =>
  control.hasAttribute('aria-label') ||
  control.hasAttribute('aria-labelledby') ||
  Boolean(labelFor(control)) ||
  Boolean(control.closest('label'));

function tie(caption: Element, control: Element | null | undefined): void {
  if (!control || isNamed(control) || !caption.textContent?.trim()) return;
  caption.id ||= `rc-caption-${++nextId}`;
  control.setAttribute('aria-labelledby', caption.id);
}

/** The control a caption names: the first one in its own field (not in a field nested inside it). */
const controlOfField = (caption: Element) =>
  [...(caption.parentElement?.querySelectorAll(controls) ?? [])].find((control) => control.closest('.field') === caption.parentElement);

/** Ties the captions under `root` to their controls; controls already named keep their names. */
export function nameFieldControls(root: ParentNode): void {
  for (const caption of root.querySelectorAll('.field > label:not([for])')) tie(caption, controlOfField(caption));
  for (const caption of root.querySelectorAll('.ui.checkbox > label')) tie(caption, caption.parentElement?.querySelector('input'));
  for (const caption of root.querySelectorAll('.ui.labeled.input > .ui.label:first-child'))
    tie(caption, caption.parentElement?.querySelector('input'));
  // A searchable dropdown's typing box is named as the dropdown is.
  for (const search of root.querySelectorAll('.ui.search.dropdown > input.search')) {
    const dropdown = search.parentElement!;
    const name = dropdown.getAttribute('aria-label');
    const caption = labelFor(dropdown);
    if (name && !isNamed(search)) search.setAttribute('aria-label', name);
    else if (caption) tie(caption, search);
    else if (dropdown.getAttribute('aria-labelledby') && !isNamed(search))
      search.setAttribute('aria-labelledby', dropdown.getAttribute('aria-labelledby')!);
  }
}

/** Keeps every form field of the page named as screens come and go. */
export function watchFieldLabels(): void {
  let pending = false;
  new MutationObserver(() => {
    if (pending) return;
    pending = true;
    requestAnimationFrame(() => {
      pending = false;
      nameFieldControls(document.body);
    });
  }).observe(document.body, { childList: true, subtree: true });
}
