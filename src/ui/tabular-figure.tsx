/**
 * A figure that never wraps mid-number. When the exact text is longer than `maxLength` characters it shows the
 * compact text instead ("6,99 млн"), with the exact one as the hover title and as the text screen readers and
 * `data-field` read.
 */
export function TabularFigure({
  exact,
  compact,
  field,
  maxLength = 10,
}: {
  exact: string;
  compact: string;
  field?: string;
  maxLength?: number;
}) {
  if (exact.length <= maxLength)
    return (
      <span className="tabular-figure" data-field={field}>
        {exact}
      </span>
    );
  return (
    <span className="tabular-figure" title={exact}>
      <span aria-hidden="true" data-compact>
        {compact}
      </span>
      <span className="visually-hidden" data-field={field}>
        {exact}
      </span>
    </span>
  );
}
