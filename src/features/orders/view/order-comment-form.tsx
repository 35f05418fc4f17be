import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef } from 'react';
import type { OrderActionsView } from '#machines/order-actions/order-actions.selectors.ts';
import type { OrderActionsEvent } from '#machines/order-actions/order-actions.types.ts';
import { takeTypedText } from '#src/boot/held-input.ts';
import { Button } from '#src/ui/button.tsx';

/** A comment on the order, in any state (it replaces the order comment and joins the history). */
export function OrderCommentForm({
  view,
  send,
}: {
  view: OrderActionsView;
  send: (event: OrderActionsEvent) => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // Typed on the server-rendered page before the app took it over: hydration puts the field back at the
    // machine's (empty) comment, so the typed text is taken here as if typed now (docs/adr/0069-held-input.md).
    const typed = field.current === null ? null : takeTypedText(field.current);
    if (typed !== null) send({ type: 'comment.change', text: typed });
  }, [send]);
  const blank = view.errorCode === 'COMMENT_REQUIRED';
  return (
    <form
      className="order-card order-form"
      aria-labelledby={`${id}-title`}
      data-form="comment"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'comment.submit' });
      }}
    >
      <h2 id={`${id}-title`} className="order-card__title">{t`Comment`}</h2>
      <label htmlFor={`${id}-text`} className="order-form__label">
        {t`Comment on the order`}
      </label>
      <textarea
        ref={field}
        id={`${id}-text`}
        name="comment"
        className="order-form__textarea"
        rows={2}
        maxLength={1000}
        aria-invalid={blank}
        aria-describedby={blank ? `${id}-error` : undefined}
        value={view.comment}
        onChange={(event) => send({ type: 'comment.change', text: event.target.value })}
      />
      {blank ? (
        <p id={`${id}-error`} className="order-form__error" role="alert">
          {t`Write a comment first.`}
        </p>
      ) : null}
      <div className="order-form__buttons">
        <Button type="submit" variant="secondary" disabled={view.busy}>
          {t`Add comment`}
        </Button>
      </div>
    </form>
  );
}
