/**
 * The automatic period close (docs/adr/0083-the-period-close.md): a periodic job (server/jobs/, run once across
 * processes) that closes, oldest first, every month whose grace days are over, then tells the members of every
 * closed month their statement is ready. Rerunning it is harmless: a closed month is a no-op, a close that died
 * rolled back and is started over, telling goes on from the last member told.
 */
import type { JobDefinition } from '../../jobs/scheduler.ts';
import { closePeriod, dueMonth, PeriodCloseError } from './close.ts';
import { tellClosedMonths } from './statement-messages.ts';

export const PERIOD_CLOSE_JOB = 'period-close';

export function periodCloseJob(options: { zone: string; graceDays: number }): JobDefinition {
  return {
    name: PERIOD_CLOSE_JOB,
    everyMs: 10 * 60_000,
    retryMs: 60_000,
    leaseMs: 5 * 60_000,
    async run({ db, now, signal }) {
      for (let guard = 0; guard < 24 && !signal.aborted; guard++) {
        const month = await dueMonth(db, now, options.zone, options.graceDays);
        if (month === null) break;
        try {
          await closePeriod(db, { month, now, zone: options.zone });
        } catch (error) {
          // An operator's close of the same month holds the lock: it will be done by them.
          if (error instanceof PeriodCloseError && error.problem === 'RUNNING') break;
          throw error;
        }
      }
      // Members of every closed month not fully told yet (this run's closes, or one a crash cut short).
      await tellClosedMonths(db, { signal });
    },
  };
}
