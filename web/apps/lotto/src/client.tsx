/** The lotto micro-app's browser entry: mount/hydrate/unmount for the host. */
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import type { AreaProps } from '@parlay/shell/routing/area-page.ts';
import { LottoApp } from './LottoApp.tsx';

export const { mount, hydrate, unmount } = defineRemoteClient<AreaProps>('lotto', (props) => (
  <LottoApp {...props} />
));
