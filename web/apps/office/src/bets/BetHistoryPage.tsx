/**
 * /office/history: the bet history, a tab with the player's lotto tickets and toto coupons, and one
 * with the money transaction history (the wallet's own component, unchanged). The tab follows
 * ?tab=draws / ?tab=transactions so it can be linked and reloaded.
 */
import { useT } from '@parlay/i18n/runtime.tsx';
import { Tabs } from '@parlay/ui/index.ts';
import { useEffect, useState } from 'react';
import { TransactionHistory } from '../money/Histories.tsx';
import { BetHistory } from './BetHistory.tsx';
import { DrawTickets } from './DrawTickets.tsx';

type Tab = 'bets' | 'draws' | 'transactions';
const TABS: readonly Tab[] = ['bets', 'draws', 'transactions'];
const tabOf = (id: string | null): Tab => TABS.find((tab) => tab === id) ?? 'bets';
const PREFIX = 'office-bets';

export function BetHistoryPage({ lng }: { lng: string }) {
  const t = useT('office');
  const [tab, setTab] = useState<Tab>('bets');
  useEffect(() => {
    setTab(tabOf(new URLSearchParams(window.location.search).get('tab')));
  }, []);
  const select = (id: string) => {
    const next = tabOf(id);
    setTab(next);
    const url = new URL(window.location.href);
    if (next !== 'bets') url.searchParams.set('tab', next);
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
          { id: 'draws', label: t('draws.tab') },
          { id: 'transactions', label: t('bets.tab_transactions') },
        ]}
      />
      <div id={`${PREFIX}-panel`} role="tabpanel" aria-labelledby={`${PREFIX}-tab-${tab}`}>
        {tab === 'bets' ? (
          <BetHistory lng={lng} />
        ) : tab === 'draws' ? (
          <DrawTickets lng={lng} />
        ) : (
          <TransactionHistory lng={lng} />
        )}
      </div>
    </>
  );
}
