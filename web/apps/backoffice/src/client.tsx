/** The back office's browser entry: mount/hydrate/unmount for the host. */
import type { AreaProps } from '@parlay/mf/area-page.ts';
import { defineRemoteClient } from '@parlay/mf/remote-client.tsx';
import { BackofficeApp } from './BackofficeApp.tsx';

export const { mount, hydrate, unmount } = defineRemoteClient<AreaProps>('backoffice', (props) => (
  <BackofficeApp {...props} />
));
