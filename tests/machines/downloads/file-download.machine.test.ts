import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import {
  fileDownloadMachine,
  type FileOutcome,
  type FileRequest,
} from '#machines/downloads/file-download.machine.ts';
import {
  selectDelivered,
  selectFileError,
  selectOpenedAsDownload,
  selectPendingRequest,
} from '#machines/downloads/file-download.selectors.ts';
import { provideDocumentFile, selectPendingAction } from '#src/features/documents/documents.actors.ts';
import {
  provideStatementFile,
  selectFetchingMonth,
  selectSavedMonth,
} from '#src/features/documents/statements.actors.ts';
import { provideOrderPrint, selectPrinting } from '#src/features/orders/print/print.actors.ts';

/**
 * The one file-download machine, and each use's actors (`provideDocumentFile`, `provideStatementFile`,
 * `provideOrderPrint`) over fakes.
 */

const pdf = (fileName: string) => ({ blob: new Blob(['%PDF']), fileName });

describe('the file-download machine', () => {
  it('ignores a second request while one runs, and asks again after a failure', async () => {
    const requests: FileRequest[] = [];
    let answer: (outcome: FileOutcome) => void = () => {};
    let fail: (error: unknown) => void = () => {};
    const actor = createActor(
      fileDownloadMachine.provide({
        actors: {
          getFile: fromPromise<FileOutcome, FileRequest>(({ input }) => {
            requests.push(input);
            return new Promise<FileOutcome>((resolve, reject) => {
              answer = resolve;
              fail = reject;
            });
          }),
        },
      }),
    ).start();
    actor.send({ type: 'file.get', file: 'a', lang: 'ru', action: 'open' });
    actor.send({ type: 'file.get', file: 'b', lang: 'ru', action: 'download' });
    expect(selectPendingRequest(actor.getSnapshot())).toEqual({ file: 'a', lang: 'ru', action: 'open' });
    fail({ status: 503, code: 'NETWORK_ERROR' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(selectFileError(actor.getSnapshot())).toEqual({ status: 503, code: 'NETWORK_ERROR' });
    expect(selectDelivered(actor.getSnapshot())).toBeNull();

    actor.send({ type: 'file.get', file: 'a', lang: 'en', action: 'open' });
    expect(selectFileError(actor.getSnapshot())).toBeNull();
    answer('open');
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(requests.map((request) => `${request.file}/${request.lang}`)).toEqual(['a/ru', 'a/en']);
    expect(selectDelivered(actor.getSnapshot())).toEqual({
      request: { file: 'a', lang: 'en', action: 'open' },
      outcome: 'open',
    });
    expect(selectOpenedAsDownload(actor.getSnapshot())).toBe(false);
  });
});

describe('provideDocumentFile', () => {
  it('saves the file when the browser blocks the new tab, and says so', async () => {
    const file = pdf('ethics_code-ru.pdf');
    const save = vi.fn();
    const fetchDocumentFile = vi.fn(async () => file);
    const actor = createActor(
      provideDocumentFile({ api: { fetchDocumentFile }, open: () => false, save }),
    ).start();
    actor.send({ type: 'file.get', file: 'ethics_code', lang: 'ru', action: 'open' });
    expect(selectPendingAction(actor.getSnapshot())).toBe('open');
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(fetchDocumentFile).toHaveBeenCalledWith('ethics_code', 'ru');
    expect(save).toHaveBeenCalledWith(file);
    expect(actor.getSnapshot().context.outcome).toBe('download');
    expect(selectOpenedAsDownload(actor.getSnapshot())).toBe(true);
    expect(selectPendingAction(actor.getSnapshot())).toBeNull();
  });

  it('opens the file in a tab without saving it, and refuses a file that is no document', async () => {
    const save = vi.fn();
    const open = vi.fn(() => true);
    const fetchDocumentFile = vi.fn(async () => pdf('marketing_plan-it.pdf'));
    const actor = createActor(provideDocumentFile({ api: { fetchDocumentFile }, open, save })).start();
    actor.send({ type: 'file.get', file: 'marketing_plan', lang: 'it', action: 'open' });
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(open).toHaveBeenCalledTimes(1);
    expect(save).not.toHaveBeenCalled();
    expect(selectOpenedAsDownload(actor.getSnapshot())).toBe(false);

    actor.send({ type: 'file.get', file: 'price_list', lang: 'it', action: 'download' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(fetchDocumentFile).toHaveBeenCalledTimes(1);
    expect(selectFileError(actor.getSnapshot())).toBeInstanceOf(Error);
  });
});

describe('provideStatementFile', () => {
  it("saves the month's statement in the language asked for, and says which month was saved", async () => {
    const file = pdf('statement-2026-10-uk.pdf');
    const save = vi.fn();
    const fetchStatementFile = vi.fn(async () => file);
    const actor = createActor(provideStatementFile({ api: { fetchStatementFile }, save })).start();
    actor.send({ type: 'file.get', file: '2026-10', lang: 'uk', action: 'download' });
    expect(selectFetchingMonth(actor.getSnapshot())).toBe('2026-10');
    expect(selectSavedMonth(actor.getSnapshot())).toBeNull();
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(fetchStatementFile).toHaveBeenCalledWith('2026-10', 'uk');
    expect(save).toHaveBeenCalledWith(file);
    expect(selectFetchingMonth(actor.getSnapshot())).toBeNull();
    expect(selectSavedMonth(actor.getSnapshot())).toBe('2026-10');
  });

  it('fails when the server refuses, and saves nothing', async () => {
    const save = vi.fn();
    const refusal = { status: 404, code: 'NOT_FOUND' };
    const fetchStatementFile = vi.fn(async () => Promise.reject(refusal));
    const actor = createActor(provideStatementFile({ api: { fetchStatementFile }, save })).start();
    actor.send({ type: 'file.get', file: '2020-01', lang: 'ru', action: 'download' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(selectFileError(actor.getSnapshot())).toBe(refusal);
    expect(selectSavedMonth(actor.getSnapshot())).toBeNull();
    expect(save).not.toHaveBeenCalled();
  });
});

describe('provideOrderPrint', () => {
  /** A print button's request: the print of these orders, saved, in Romanian. */
  const printOf = (file: string, ids: readonly number[]) =>
    ({ type: 'file.get', file, lang: 'ro', action: 'download', ids }) as const;

  it('saves the print of the orders asked for, in the language asked for, and ignores a print of no orders', async () => {
    const save = vi.fn();
    const print = vi.fn(async () => pdf('pick-list-20261124-2.pdf'));
    const actor = createActor(provideOrderPrint({ api: { print }, save })).start();
    actor.send(printOf('pick-list', []));
    expect(actor.getSnapshot().value).toBe('idle');

    const selection = [7, 9];
    actor.send(printOf('pick-list', selection));
    selection.push(11);
    expect(selectPrinting(actor.getSnapshot())).toBe('pick-list');
    actor.send(printOf('packing-slips', [7]));
    await waitFor(actor, (snapshot) => snapshot.matches('done'));
    expect(print).toHaveBeenCalledTimes(1);
    expect(print).toHaveBeenCalledWith('pick-list', [7, 9], 'ro');
    expect(save).toHaveBeenCalledWith(pdf('pick-list-20261124-2.pdf'));
    expect(selectPrinting(actor.getSnapshot())).toBeNull();
    expect(selectDelivered(actor.getSnapshot())?.outcome).toBe('download');
  });

  it('fails when the server refuses or the print is unknown, and saves nothing', async () => {
    const refusal = { status: 404, code: 'NOT_FOUND' };
    const print = vi.fn(async () => Promise.reject(refusal));
    const save = vi.fn();
    const actor = createActor(provideOrderPrint({ api: { print }, save })).start();
    actor.send(printOf('packing-slips', [3]));
    expect(selectPrinting(actor.getSnapshot())).toBe('packing-slips');
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    expect(selectFileError(actor.getSnapshot())).toBe(refusal);
    expect(selectPrinting(actor.getSnapshot())).toBeNull();

    actor.send(printOf('invoice', [3]));
    await waitFor(actor, (snapshot) => snapshot.matches('failed') && selectFileError(snapshot) !== refusal);
    expect(print).toHaveBeenCalledTimes(1);
    expect(selectFileError(actor.getSnapshot())).toBeInstanceOf(Error);
    expect(save).not.toHaveBeenCalled();
  });
});
