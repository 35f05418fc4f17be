/**
 * The payment payload's encoding (spec section 3): file values are appended as they are, arrays as indexed entries
 * (`name[0]`, `name[1]`; objects inside arrays JSON-encoded), other objects JSON-encoded, everything else as text.
 * `undefined` and `null` fields are left out.
 */
export function toPaymentFormData(payload: Record<string, unknown>): FormData {
  const form = new FormData();
  const appendValue = (name: string, value: unknown) => {
    if (value === undefined || value === null) return;
    if (value instanceof Blob) form.append(name, value);
    else if (typeof value === 'string') form.append(name, value);
    else if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
      form.append(name, value.toString());
    else form.append(name, JSON.stringify(value));
  };
  for (const [name, value] of Object.entries(payload)) {
    if (Array.isArray(value)) {
      value.forEach((item: unknown, index) => appendValue(`${name}[${index}]`, item));
    } else {
      appendValue(name, value);
    }
  }
  return form;
}
