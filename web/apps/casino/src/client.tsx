/** The casino micro-app's browser entry: mount/hydrate/unmount for the host. */

import type { AreaProps } from '@parlay/mf/area-page.ts';
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import { CasinoApp } from './CasinoApp.tsx';

export const { mount, hydrate, unmount } = defineRemoteClient<AreaProps>('casino', (props) => (
  <CasinoApp {...props} />
));
