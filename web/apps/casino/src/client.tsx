/** The casino micro-app's browser entry: mount/hydrate/unmount for the host. */
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import { CasinoApp } from './CasinoApp.tsx';
import type { CasinoPageProps } from './page-model.ts';

export const { mount, hydrate, unmount } = defineRemoteClient<CasinoPageProps>('casino', (props) => (
  <CasinoApp {...props} />
));
