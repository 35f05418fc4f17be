import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useNetworkMatches } from '../../data/network.ts';
import { formatNumber } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/i18n.ts';
import { Button } from '../../ui/button.tsx';
import { SearchField } from '../../ui/list-controls.tsx';
import { RANK_NAMES } from './network-labels.ts';

/**
 * Finds a member of the whole downline (`GET /users/my-network/search`) and offers the matches; choosing one
 * shows them in the tree with their line opened.
 */
export function GenealogySearch({ onChoose }: { onChoose: (id: number) => void }) {
  const { t, i18n } = useLingui();
  const locale = useLocale();
  const [q, setQ] = useState('');
  const matches = useNetworkMatches(q);
  const items = q === '' ? [] : (matches.data?.items ?? []);
  const total = formatNumber(matches.data?.total ?? 0, locale);
  return (
    <div className="gchart__search">
      <SearchField label={t`Find a distributor in the tree`} value={q} onSearch={setQ} />
      {q === '' ? null : (
        <div className="gchart__matches">
          <p role="status" className="gchart__matches-status">
            {matches.isPending
              ? t`Searching…`
              : matches.isError
                ? t`The search failed. Try again.`
                : items.length === 0
                  ? t`Nobody in your network matches.`
                  : t`Matches: ${total}`}
          </p>
          {items.length === 0 ? null : (
            <ul className="gchart__match-list">
              {items.map((node) => {
                const level = formatNumber(node.level, locale);
                return (
                  <li key={node.id}>
                    <Button
                      variant="ghost"
                      className="gchart__match"
                      onClick={() => {
                        setQ('');
                        onChoose(node.id);
                      }}
                    >
                      <span className="truncate">{node.fullName}</span>
                      <span className="gchart__match-meta">
                        {`${i18n._(RANK_NAMES[node.rank])} · ${t`level ${level}`}`}
                      </span>
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
