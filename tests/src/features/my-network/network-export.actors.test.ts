import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { provideNetworkExport } from '#src/features/my-network/network-export.actors.ts';

/** The network export machine's actors as the app provides them (`provideNetworkExport(deps)`), over fake calls. */

describe('provideNetworkExport', () => {
  it('shows the progress, saves the file, and aborts the download on cancel', async () => {
    const saveFile = vi.fn();
    let signal: AbortSignal | undefined;
    let finish: () => void = () => {};
    const exportFile = vi.fn(
      (onProgress: (progress: { bytes: number; rows: number }) => void, abort?: AbortSignal) => {
        signal = abort;
        onProgress({ bytes: 10, rows: 1 });
        return new Promise<{ blob: Blob; fileName: string; rows: number }>((resolve) => {
          finish = () => resolve({ blob: new Blob(['a']), fileName: 'n.csv', rows: 1 });
        });
      },
    );
    const actor = createActor(
      provideNetworkExport({ api: { exportFile }, saveFile, reportFailure: vi.fn() }),
    ).start();
    actor.send({ type: 'export.start' });
    await waitFor(actor, (snapshot) => snapshot.context.progress?.bytes === 10);
    finish();
    await waitFor(actor, (snapshot) => snapshot.matches('idle'));
    expect(saveFile).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'n.csv' }));
    expect(actor.getSnapshot().context.savedRows).toBe(1);

    actor.send({ type: 'export.start' });
    actor.send({ type: 'export.cancel' });
    expect(signal?.aborted).toBe(true);
    expect(actor.getSnapshot().matches('idle')).toBe(true);
  });
});
