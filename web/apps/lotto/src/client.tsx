/** The lotto micro-app's browser entry: mount/hydrate/unmount for the host. */
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import { LottoApp } from './LottoApp.tsx';
import type { LottoPageProps } from './page-data.ts';

export const { mount, hydrate, unmount } = defineRemoteClient<LottoPageProps>('lotto', (props) => (
  <LottoApp {...props} />
));
