/** The lotto micro-app's browser entry: mount/hydrate/unmount for the host. */

import type { AreaProps } from '@parlay/mf/area-page.ts';
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import { LottoApp } from './LottoApp.tsx';

export const { mount, hydrate, unmount } = defineRemoteClient<AreaProps>('lotto', (props) => (
  <LottoApp {...props} />
));
