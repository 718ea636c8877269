/**
 * /office/history: the bet history, and a second tab with the money transaction history (the wallet's
 * own component, unchanged). The tab follows ?tab=transactions so it can be linked and reloaded.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Tabs } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { TransactionHistory } from '../money/Histories.tsx';
import { BetHistory } from './BetHistory.tsx';

type Tab = 'bets' | 'transactions';
const PREFIX = 'office-bets';

export function BetHistoryPage({ lng }: { lng: string }) {
  const t = useT('office');
  const [tab, setTab] = useState<Tab>('bets');
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('tab') === 'transactions') setTab('transactions');
  }, []);
  const select = (id: string) => {
    const next: Tab = id === 'transactions' ? 'transactions' : 'bets';
    setTab(next);
    const url = new URL(window.location.href);
    if (next === 'transactions') url.searchParams.set('tab', next);
    else url.searchParams.delete('tab');
    window.history.replaceState(window.history.state, '', url);
  };
  return (
    <>
      <Tabs
        idPrefix={PREFIX}
        label={t('bets.tabs')}
        selected={tab}
        onSelect={select}
        items={[
          { id: 'bets', label: t('bets.tab_bets') },
          { id: 'transactions', label: t('bets.tab_transactions') },
        ]}
      />
      <div id={`${PREFIX}-panel`} role="tabpanel" aria-labelledby={`${PREFIX}-tab-${tab}`}>
        {tab === 'bets' ? <BetHistory lng={lng} /> : <TransactionHistory lng={lng} />}
      </div>
    </>
  );
}
