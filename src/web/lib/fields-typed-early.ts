// What a reader types into a form before the page has hydrated is kept. Hydration comes after the
// first paint (decision 060), so a quick reader can type a code or an address into the server's
// form first. Hydration leaves the field's text on screen, but a controlled field's component still
// holds the server's value: what it computes from the field ignores the typing, and its next render
// writes the old value back (CI saw a check-in code emptied before it was sent). So entry.client
// notes every field the reader changed just before hydrating and, right after, puts each value
// back and tells the component with the event a keystroke or a tick would have fired.

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface TypedEarly {
  field: Field;
  value: string;
  checked: boolean;
}

/** Inputs whose value the reader cannot type (or the page cannot set back). */
const NOT_TYPED = new Set(['hidden', 'file', 'submit', 'reset', 'button', 'image']);

function isTickable(field: Field): field is HTMLInputElement {
  return field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
}

/** Whether the reader changed the field from what the server wrote. */
function changedByReader(field: Field): boolean {
  if (field instanceof HTMLSelectElement) return [...field.options].some((option) => option.selected !== option.defaultSelected);
  // A radio button the reader left is told nothing: the one chosen says what the choice is.
  if (isTickable(field)) return field.type === 'radio' ? field.checked && !field.defaultChecked : field.checked !== field.defaultChecked;
  if (field instanceof HTMLInputElement && NOT_TYPED.has(field.type)) return false;
  return field.value !== field.defaultValue;
}

/** Notes the fields the reader has changed; the function returned puts them back after hydration. */
export function rememberFieldsTypedEarly(root: ParentNode = document): () => void {
  const typed: TypedEarly[] = [];
  for (const field of root.querySelectorAll<Field>('input, textarea, select')) {
    if (changedByReader(field)) typed.push({ field, value: field.value, checked: isTickable(field) && field.checked });
  }
  return () => {
    for (const { field, value, checked } of typed) {
      // A field hydration replaced is no longer on screen, and the reader typed into the old one.
      if (!field.isConnected) continue;
      // The events the browser fires for a tick, a choice or a keystroke (Preact's onChange listens
      // to `change` on boxes and lists and to `input` on text).
      if (isTickable(field)) field.checked = checked;
      else field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
      if (field instanceof HTMLSelectElement || isTickable(field)) field.dispatchEvent(new Event('change', { bubbles: true }));
    }
  };
}
