// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError, normaliseThrown } from '#src/api/errors.ts';
import { failureKind } from '#src/data/failure-kind.ts';
import { activateLocale } from '#src/i18n/i18n.ts';
import { QueryFailure } from '#src/ui/query-failure.tsx';
import { renderInRouter } from '../../support/render-routes.tsx';

describe('QueryFailure: the sentence follows the kind of failure', () => {
  beforeEach(() => activateLocale('en'));
  afterEach(cleanup);

  it('no answer: check the connection, and try again', () => {
    const onRetry = vi.fn();
    const error = new ApiRequestError(normaliseThrown(new TypeError('Failed to fetch')));
    renderInRouter(
      <QueryFailure
        title="The clients could not be loaded."
        kind={failureKind(error, true)}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Check your connection and try again.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('403 and 404 never blame the connection, and offer no pointless retry', () => {
    renderInRouter(
      <QueryFailure kind={failureKind(new ApiRequestError({ status: 403 }), true)} onRetry={() => {}} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('You do not have access to this.');
    expect(screen.getByRole('alert').textContent).not.toContain('connection');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    cleanup();
    renderInRouter(
      <QueryFailure kind={failureKind(new ApiRequestError({ status: 404 }), true)} onRetry={() => {}} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('It does not exist or has been removed.');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('a server error says so, in the active language, with a retry', async () => {
    await activateLocale('ru');
    renderInRouter(
      <QueryFailure kind={failureKind(new ApiRequestError({ status: 503 }), true)} onRetry={() => {}} />,
    );
    expect(screen.getByRole('alert').textContent).toContain('Сервер не смог ответить.');
    expect(screen.getByRole('button', { name: 'Попробовать ещё раз' })).toBeTruthy();
  });
});
