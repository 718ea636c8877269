/** The shared accounts store as React state (empty on the server and before the first load). */
import { type AccountsState, getAccounts, subscribeAccounts } from '@parlay/mf/accounts-store.ts';
import { useEffect, useState } from 'react';

export function useAccounts(): AccountsState {
  const [state, setState] = useState<AccountsState>(() => getAccounts());
  useEffect(() => {
    setState(getAccounts());
    return subscribeAccounts(setState);
  }, []);
  return state;
}
