// Stops the server global-setup.ts started (by its pid) and removes this run's data dir
// (kept when E2E_KEEP_DATA=1). The server's output stays in .tmp/e2e-server.log until the next run.
import { rm } from 'node:fs/promises';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function globalTeardown(): Promise<void> {
  const pid = Number(process.env.E2E_SERVER_PID);
  if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
    process.kill(pid, 'SIGTERM');
    const deadline = Date.now() + 10_000;
    while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
  const runDir = process.env.E2E_RUN_DIR;
  if (runDir && process.env.E2E_KEEP_DATA !== '1') await rm(runDir, { recursive: true, force: true });
}
