import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { useDownlineTotal } from '../../data/network.ts';
import { useNetworkExport } from './network-export.actors.ts';

function formatBytes(bytes: number, locale: string): string {
  if (bytes < 1024) return `${formatNumber(bytes, locale)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(bytes / 1024, locale, { maximumFractionDigits: 0 })} KB`;
  return `${formatNumber(bytes / (1024 * 1024), locale, { maximumFractionDigits: 1 })} MB`;
}

/**
 * Downloads the whole downline as a CSV file (UTF-8 with a byte order mark, so Excel keeps Cyrillic), showing
 * the distributors and bytes received while the server writes it.
 */
export function NetworkExportButton() {
  const { t } = useLingui();
  const locale = useLocale();
  const { start, cancel, isRunning, progress, savedRows } = useNetworkExport();
  const expected = useDownlineTotal(isRunning).data;
  const rows = progress?.rows ?? 0;
  const received = formatBytes(progress?.bytes ?? 0, locale);
  const shown = formatNumber(rows, locale);
  const of = expected === undefined ? null : formatNumber(expected, locale);
  return (
    <div className="network-export">
      {isRunning ? (
        <Button variant="secondary" onClick={cancel}>
          {t`Cancel download`}
        </Button>
      ) : (
        <Button onClick={start}>{t`Download network (CSV)`}</Button>
      )}
      <div className="network-export__status" role="status">
        {isRunning ? (
          <>
            <progress
              className="network-export__bar"
              aria-label={t`Preparing the network file`}
              {...(expected !== undefined && expected > 0
                ? { max: expected, value: Math.min(rows, expected) }
                : {})}
            />
            <span>
              {of === null
                ? t`Preparing the file: ${shown} distributors, ${received}`
                : t`Preparing the file: ${shown} of ${of} distributors, ${received}`}
            </span>
          </>
        ) : savedRows !== null ? (
          t({ message: plural(savedRows, { one: 'Saved: # distributor', other: 'Saved: # distributors' }) })
        ) : null}
      </div>
    </div>
  );
}
